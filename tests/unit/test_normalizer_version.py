"""The signature cannot lie: a change to the rules' source needs a new NORMALIZER_VERSION.

Every score's signature names the normaliser version (``nrm:th-<version>``).
The pair (version, digest of the rules' source) is pinned in
``scoring/normalizer_pins.toml``, so a rule edited without a bump fails here.
After a deliberate change: bump NORMALIZER_VERSION, then
``python -m scoring rebaseline`` pins it.
"""

from __future__ import annotations

import inspect

import pytest

import scoring.normalizer as normalizer
import scoring.numbers as numbers
from scoring.errors import ScoringError
from scoring.provenance import pinned_rules_digests, rules_source_digest, write_rules_pin


def test_rules_source_is_pinned_to_the_normalizer_version():
    digest = rules_source_digest()
    assert pinned_rules_digests().get(normalizer.NORMALIZER_VERSION) == digest, (
        "the rules' source changed but NORMALIZER_VERSION did not: bump NORMALIZER_VERSION "
        "in scoring/normalizer.py, then run `python -m scoring rebaseline`")


def test_the_digest_sees_a_change_to_any_rule(monkeypatch):
    """A one-character edit of the number rule's module changes the digest."""
    before = rules_source_digest()
    real = inspect.getsource

    def edited(obj):
        text = real(obj)
        return text.replace("ศูนย์", "ศูนย", 1) if obj is numbers else text

    monkeypatch.setattr(inspect, "getsource", edited)
    assert rules_source_digest() != before


def test_the_digest_ignores_only_the_version_line():
    source = inspect.getsource(normalizer)
    bumped = source.replace(f'NORMALIZER_VERSION = "{normalizer.NORMALIZER_VERSION}"',
                            'NORMALIZER_VERSION = "99"')
    assert bumped != source
    assert rules_source_digest(bumped) == rules_source_digest()
    assert rules_source_digest(source.replace("THAI_CER_PIPELINE", "PIPELINE")) != \
        rules_source_digest()


def test_a_pin_is_added_once_and_never_replaced(tmp_path):
    pins = tmp_path / "pins.toml"
    assert write_rules_pin("1", "a" * 64, pins) is True
    assert write_rules_pin("1", "a" * 64, pins) is False
    assert write_rules_pin("2", "b" * 64, pins) is True
    assert pinned_rules_digests(pins) == {"1": "a" * 64, "2": "b" * 64}
    with pytest.raises(ScoringError, match="'1' is pinned to other rules"):
        write_rules_pin("1", "c" * 64, pins)
    assert pinned_rules_digests(pins) == {"1": "a" * 64, "2": "b" * 64}
