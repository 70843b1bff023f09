"""Normalise many texts at once: each distinct text exactly once."""

from __future__ import annotations

from collections.abc import Iterable

from .normalizer import normalize

__all__ = ["normalize_texts"]


def normalize_texts(texts: Iterable[str]) -> dict[str, str]:
    """``{text: normalize(text)}`` for every distinct text."""
    return {text: normalize(text) for text in dict.fromkeys(texts)}
