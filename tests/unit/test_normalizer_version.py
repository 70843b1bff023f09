"""The signature cannot lie: a change to the rules' source needs a new NORMALIZER_VERSION.

Every score's signature names the normaliser version (``nrm:th-1``). The pair
(version, digest of the rules' source) is pinned here, so a rule edited
without a bump fails this test. After a deliberate change: bump
NORMALIZER_VERSION in scoring/normalizer.py and add its digest below.
"""

from __future__ import annotations

import hashlib
import inspect
import re

import scoring.normalizer as normalizer
import scoring.numbers as numbers

# NORMALIZER_VERSION -> sha256 of the rules' source (normalizer.py without its
# version line, and numbers.py, where the number rule lives).
RULES_SOURCE_PINS = {
    "1": "349cbe36b6f0550bf5b4950e0858b5b4289a55321586a397ee667e8470709720",
}


def rules_source_digest() -> str:
    source = inspect.getsource(normalizer)
    source = re.sub(r'^NORMALIZER_VERSION = .*$', "", source, flags=re.M)
    return hashlib.sha256((source + inspect.getsource(numbers)).encode()).hexdigest()


def test_rules_source_is_pinned_to_the_normalizer_version():
    digest = rules_source_digest()
    assert RULES_SOURCE_PINS.get(normalizer.NORMALIZER_VERSION) == digest, (
        "the rules' source changed but NORMALIZER_VERSION did not: bump NORMALIZER_VERSION "
        "in scoring/normalizer.py, then pin it in tests/unit/test_normalizer_version.py: "
        f"{normalizer.NORMALIZER_VERSION!r}+1 -> {digest!r}")


def test_the_digest_sees_a_change_to_any_rule(monkeypatch):
    """A one-character edit of the number rule's module changes the digest."""
    before = rules_source_digest()
    real = inspect.getsource

    def edited(obj):
        text = real(obj)
        return text.replace("ศูนย์", "ศูนย", 1) if obj is numbers else text

    monkeypatch.setattr(inspect, "getsource", edited)
    assert rules_source_digest() != before
