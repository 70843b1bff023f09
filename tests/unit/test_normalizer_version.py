"""The signature cannot lie: a change to the rules' source needs a new NORMALIZER_VERSION.

Every score's signature names the normaliser version (``nrm:th-<version>``).
The pair (version, digest of the rules' source) is pinned in
``scoring/normalizer_pins.toml``, so a rule edited without a bump fails here.
After a deliberate change: bump NORMALIZER_VERSION, then
``python -m scoring rebaseline`` pins it. The failure says which of the two is missing.
"""

from __future__ import annotations

import inspect

import pytest

import scoring.normalizer as normalizer
import scoring.numbers as numbers
import scoring.provenance as provenance
from conftest import REPO_ROOT
from scoring.card.rebaseline import check_version_bump
from scoring.errors import ScoringError
from scoring.provenance import pinned_rules_digests, rules_source_digest, write_rules_pin


def what_the_pin_needs() -> str | None:
    """What stands between the rules as they are and their version's pin, as rebaseline
    judges it: a version bump (the version's pin is committed, so it names other rules), or
    `rebaseline` itself (the version has no pin yet, or one never committed); else None."""
    try:
        version, _, pinned = check_version_bump(REPO_ROOT)
    except ScoringError:
        return (
            "the rules' source changed but NORMALIZER_VERSION did not: bump "
            "NORMALIZER_VERSION in scoring/normalizer.py (its pin is committed), then run "
            "`python -m scoring rebaseline`"
        )
    if pinned:
        return None
    return (
        f"NORMALIZER_VERSION {version!r} is not pinned to the rules as they are: run "
        "`python -m scoring rebaseline`, which writes its pin with the snapshots the rules "
        "move"
    )


def test_rules_source_is_pinned_to_the_normalizer_version():
    needed = what_the_pin_needs()
    assert needed is None, needed


def test_a_bumped_version_without_its_pin_asks_for_rebaseline_not_a_bump(tmp_path, monkeypatch):
    """Right after the bump the contributor's path asks for, the version has no pin: the
    failure says to run rebaseline (which writes it), never to bump again."""
    pins = tmp_path / "normalizer_pins.toml"
    pins.write_text(
        f'"{normalizer.NORMALIZER_VERSION}" = "{rules_source_digest()}"\n', encoding="utf-8"
    )
    monkeypatch.setattr(provenance, "RULES_PINS_FILE", pins)
    assert what_the_pin_needs() is None
    bumped = str(int(normalizer.NORMALIZER_VERSION) + 1)
    monkeypatch.setattr(normalizer, "NORMALIZER_VERSION", bumped)
    needed = what_the_pin_needs()
    assert needed is not None and "bump" not in needed, needed
    assert f"NORMALIZER_VERSION '{bumped}' is not pinned" in needed
    assert "`python -m scoring rebaseline`" in needed


def test_rules_changed_under_a_committed_pin_ask_for_a_bump(tmp_path, monkeypatch):
    """The same version, pinned (and committed, as a pin outside any checkout counts) to
    other rules: the failure says to bump NORMALIZER_VERSION."""
    pins = tmp_path / "normalizer_pins.toml"
    pins.write_text(f'"{normalizer.NORMALIZER_VERSION}" = "{"0" * 64}"\n', encoding="utf-8")
    monkeypatch.setattr(provenance, "RULES_PINS_FILE", pins)
    needed = what_the_pin_needs()
    assert needed is not None and "bump NORMALIZER_VERSION" in needed, needed


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
    bumped = source.replace(
        f'NORMALIZER_VERSION = "{normalizer.NORMALIZER_VERSION}"', 'NORMALIZER_VERSION = "99"'
    )
    assert bumped != source
    assert rules_source_digest(bumped) == rules_source_digest()
    assert (
        rules_source_digest(source.replace("THAI_CER_PIPELINE", "PIPELINE"))
        != rules_source_digest()
    )


def test_a_pin_is_added_once_and_never_replaced(tmp_path):
    pins = tmp_path / "pins.toml"
    assert write_rules_pin("1", "a" * 64, pins) is True
    assert write_rules_pin("1", "a" * 64, pins) is False
    assert write_rules_pin("2", "b" * 64, pins) is True
    assert pinned_rules_digests(pins) == {"1": "a" * 64, "2": "b" * 64}
    with pytest.raises(ScoringError, match="'1' is pinned to other rules"):
        write_rules_pin("1", "c" * 64, pins)
    assert pinned_rules_digests(pins) == {"1": "a" * 64, "2": "b" * 64}
