"""How references are cleaned before scoring: a set's source names its cleaning profile.

The benchmark cleans FLEURS' and GigaSpeech2's transcripts (profile ``benchmark``: four
rules, in this order, ``REFERENCE_CLEANING``); the other sets are used as published
(profile ``as published``: no rule).
"""

from __future__ import annotations

import string

from pythainlp.util import normalize as pythainlp_normalize_text

__all__ = [
    "CLEANING_PROFILES",
    "REFERENCE_CLEANING",
    "remove_ascii_punctuation",
    "remove_typographic_marks",
    "lower_case",
    "pythainlp_normalize",
    "clean_reference",
    "clean_with",
]

_REMOVED_ASCII = "".join(c for c in string.punctuation if c not in "?!")
_NO_ASCII_PUNCTUATION = str.maketrans("", "", _REMOVED_ASCII)
_TYPOGRAPHIC_MARKS = "\u2018\u2019\u201c\u201d\u2010\u2011\u2012\u2013\u2014\u2015\u2026"
_NO_TYPOGRAPHIC_MARKS = str.maketrans("", "", _TYPOGRAPHIC_MARKS)


def remove_ascii_punctuation(text: str) -> str:
    """ASCII punctuation except ? and ! is removed, decimal points too: "3.5%" -> "35"."""
    return text.translate(_NO_ASCII_PUNCTUATION)


def remove_typographic_marks(text: str) -> str:
    """Curly quotes, dashes (‐ ‑ ‒ – — ―) and … are removed."""
    return text.translate(_NO_TYPOGRAPHIC_MARKS)


def lower_case(text: str) -> str:
    """Latin letters are lower-cased: "Zoom" -> "zoom"."""
    return text.lower()


def pythainlp_normalize(text: str) -> str:
    """PyThaiNLP's normalize: zero-width characters, duplicate spaces and marks."""
    return pythainlp_normalize_text(text)


REFERENCE_CLEANING = (
    remove_ascii_punctuation,
    remove_typographic_marks,
    lower_case,
    pythainlp_normalize,
)


def clean_reference(text: str) -> str:
    for rule in REFERENCE_CLEANING:
        text = rule(text)
    return text


# A source's `cleaning = "..."` names one of these.
CLEANING_PROFILES = {
    "benchmark": REFERENCE_CLEANING,
    "as published": (),
}


def clean_with(profile: str, text: str) -> str:
    for rule in CLEANING_PROFILES[profile]:
        text = rule(text)
    return text
