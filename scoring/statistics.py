"""Per-clip sufficient statistics: the only thing downstream code sees.

Text is normalised and compared exactly once, here. CER, the card and the
bootstrap read only edit counts and reference lengths.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from rapidfuzz.distance import Levenshtein

__all__ = ["ClipStats", "SetStats", "clip_stats", "set_stats", "cer", "pooled_cer"]


@dataclass(frozen=True)
class ClipStats:
    """Edits (Levenshtein distance) and reference characters of one clip."""

    edits: int
    ref_chars: int


def clip_stats(normalized_ref: str, normalized_hyp: str) -> ClipStats:
    """Compare one normalised reference with its normalised hypothesis."""
    return ClipStats(
        edits=Levenshtein.distance(normalized_ref, normalized_hyp),
        ref_chars=len(normalized_ref),
    )


@dataclass(frozen=True, eq=False)
class SetStats:
    """One system's statistics on one set, clip by clip in ids-file order."""

    ids: tuple[str, ...]
    clusters: tuple[str, ...]
    edits: np.ndarray  # int64, one per clip
    ref_chars: np.ndarray  # int64, one per clip

    @property
    def total_edits(self) -> int:
        return int(self.edits.sum())

    @property
    def total_ref_chars(self) -> int:
        return int(self.ref_chars.sum())

    @property
    def cer(self) -> float:
        return cer(self)


def set_stats(ids: Sequence[str], clusters: Sequence[str], clips: Sequence[ClipStats]) -> SetStats:
    """Gather per-clip statistics into arrays."""
    return SetStats(
        ids=tuple(ids),
        clusters=tuple(clusters),
        edits=np.fromiter((c.edits for c in clips), dtype=np.int64, count=len(clips)),
        ref_chars=np.fromiter((c.ref_chars for c in clips), dtype=np.int64, count=len(clips)),
    )


def cer(stats: SetStats) -> float:
    """Character error rate: total edits over total reference characters."""
    return stats.total_edits / stats.total_ref_chars


def pooled_cer(many: Sequence[SetStats]) -> float:
    """CER over the union of several sets' clips (sums, not a mean of rates)."""
    return sum(s.total_edits for s in many) / sum(s.total_ref_chars for s in many)
