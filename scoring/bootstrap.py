"""Paired difference of two systems' CER with a cluster-bootstrap interval.

The procedure is fixed so that anyone can recompute a published interval
in a few lines of numpy:

    E_A, E_B, N = per-cluster sums, clusters in order of first appearance
    rng = numpy.random.default_rng(1)
    idx = rng.integers(0, C, size=(1000, C))       # shared by A and B
    diffs = (E_A[idx].sum(1) - E_B[idx].sum(1)) / N[idx].sum(1)
    low, high = numpy.percentile(diffs, [2.5, 97.5])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .statistics import SetStats

__all__ = [
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "DEFAULT_LEVEL",
    "PairedDifference",
    "check_paired",
    "cluster_sums",
    "fewest_resamples",
    "interval_tails",
    "resample_indices",
    "paired_bootstrap",
]

DEFAULT_RESAMPLES = 1000
DEFAULT_SEED = 1
DEFAULT_LEVEL = 0.95


@dataclass(frozen=True)
class PairedDifference:
    """CER_A − CER_B (fractions) with its percentile bootstrap interval."""

    estimate: float
    low: float
    high: float
    resamples: int
    seed: int | None
    level: float

    @property
    def tie(self) -> bool:
        """The interval holds zero: the data do not separate A from B."""
        return self.low <= 0.0 <= self.high


def cluster_sums(clusters: Sequence[str], *values: np.ndarray) -> tuple[np.ndarray, ...]:
    """Sum each per-clip array per cluster, clusters in first-appearance order."""
    _, first_index, inverse = np.unique(
        np.asarray(clusters, dtype=object), return_index=True, return_inverse=True
    )
    # np.unique sorts; renumber so cluster 0 is the first one met in the file.
    order = np.argsort(first_index, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    codes = rank[inverse.ravel()]
    # Sums of int64 counts stay exact in float64 far beyond any real set.
    return tuple(
        np.bincount(codes, weights=v, minlength=order.size).astype(np.int64) for v in values
    )


def resample_indices(n_clusters: int, resamples: int, seed: int | None) -> np.ndarray:
    """One (resamples, n_clusters) matrix of drawn cluster indices."""
    rng = np.random.default_rng(seed)
    return rng.integers(0, n_clusters, size=(resamples, n_clusters))


def interval_tails(level: float) -> tuple[float, float]:
    """The percentiles of a ``level`` interval: (2.5, 97.5) for 0.95, exactly as published."""
    # Rounded: 1 - 0.95 is 0.05000000000000004 in binary floating point.
    tail = round(50.0 * (1.0 - level), 10)
    return tail, 100.0 - tail


def fewest_resamples(level: float) -> int:
    """The fewest resamples whose ``level`` interval has each end beyond the two most
    extreme draws.

    ``numpy.percentile`` puts the low end at position ``tail * (resamples - 1)`` of the
    sorted draws (``tail`` = 0.025 for 0.95). Below 1, the end is interpolated between
    the smallest draw and the next: it says where the extremes fell, not where the level
    puts it, and so does the high end. 41 for 0.95, 201 for 0.99.
    """
    tail = Fraction(str(interval_tails(level)[0])) / 100  # exact: 0.025 is not a binary float
    return math.ceil(1 + 1 / tail)


def check_paired(a: SetStats, b: SetStats, test: str) -> None:
    """What pairing two systems needs: the same clips, clusters and references."""
    if a.ids != b.ids or a.clusters != b.clusters:
        raise ValueError(f"{test} needs both systems on the same clips")
    if not np.array_equal(a.ref_chars, b.ref_chars):
        raise ValueError(f"{test} needs the same references for A and B")


def paired_bootstrap(
    a: SetStats,
    b: SetStats,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int | None = DEFAULT_SEED,
    level: float = DEFAULT_LEVEL,
) -> PairedDifference:
    """CER_A − CER_B with a paired cluster-bootstrap percentile interval.

    Both systems must be scored on the same clips in the same order; the
    same index matrix resamples both, which is what makes the test paired.
    """
    check_paired(a, b, "paired bootstrap")
    if not 0.0 < level < 1.0:
        raise ValueError(f"level must be between 0 and 1, not {level}")
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, not {resamples}")

    edits_a, edits_b, ref_chars = cluster_sums(a.clusters, a.edits, b.edits, a.ref_chars)
    idx = resample_indices(ref_chars.size, resamples, seed)
    diffs = (edits_a[idx].sum(axis=1) - edits_b[idx].sum(axis=1)) / ref_chars[idx].sum(axis=1)
    low, high = np.percentile(diffs, interval_tails(level))
    estimate = (a.total_edits - b.total_edits) / a.total_ref_chars
    return PairedDifference(
        estimate=float(estimate),
        low=float(low),
        high=float(high),
        resamples=resamples,
        seed=seed,
        level=level,
    )
