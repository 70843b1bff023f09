"""How FLEURS and GigaSpeech2 references are cleaned before scoring.

The benchmark cleans these two sets' transcripts; the others are used as
published. Four rules, in this order (``REFERENCE_CLEANING``).
"""

from __future__ import annotations

import string

from pythainlp.util import normalize as pythainlp_normalize_text

__all__ = [
    "CLEANED_SETS",
    "REFERENCE_CLEANING",
    "remove_ascii_punctuation",
    "remove_typographic_marks",
    "lower_case",
    "pythainlp_normalize",
    "clean_reference",
]

# The sets whose references are cleaned (make-refs, and the demo's generator alike).
CLEANED_SETS = ("fleurs", "gs2")

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
