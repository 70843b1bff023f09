"""How much a paired verdict rests on the bootstrap's luck, and on the number of comparisons.

The published recipe draws one seed's resamples (see ``bootstrap``). Two
second looks, on the same per-cluster sums and the same recipe:

- **stability**: the same interval under K seeds (the published one and the
  K - 1 after it). The share of seeds that give the published verdict, and
  each bound's Monte Carlo spread. A verdict fewer than 95 % of seeds agree
  with is *fragile*.
- **family-wise**: the bootstrap p-value of "no difference",
  ``2 * min(P(d <= 0), P(d >= 0))`` over one larger run, and Holm's step-down
  correction over a family of comparisons: which "better" verdicts survive
  the number of comparisons made.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .bootstrap import interval_tails
from .errors import ScoringError

__all__ = [
    "CALIBRATION_FILE",
    "FEW_CLUSTERS",
    "FRAGILE_BELOW",
    "Stability",
    "holm_rejections",
    "min_resamples_for_holm",
    "p_value",
    "seed_intervals",
    "stability",
    "verdict_of",
]

FRAGILE_BELOW = 0.95  # a verdict fewer seeds than this share agree with is fragile
# Below this many clusters the published bootstrap was measured too optimistic: its type-I
# error above 7 % or its 95 % interval covering under 93 % (`benchmarks/calibration.py`, a
# seeded simulation, writes what it measured and this count to the file; docs/verdicts.md).
CALIBRATION_FILE = Path(__file__).with_name("cluster_calibration.toml")
FEW_CLUSTERS = int(tomllib.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))["few_below"])
_CHUNK_ELEMENTS = 4_000_000  # drawn indices held at once (32 MB)


def verdict_of(low: float, high: float) -> str:
    """'tie' when the interval holds zero, else which system is better (lower CER)."""
    if low <= 0.0 <= high:
        return "tie"
    return "A better" if high < 0.0 else "B better"


def _resampled_differences(
    edits_diff: np.ndarray, ref_chars: np.ndarray, rng: np.random.Generator, resamples: int
):
    """Each resample's (E_A - E_B) / N, drawn as the recipe draws, in chunks of rows.

    Drawing rows in chunks continues the generator's stream, so the values are
    those of one (resamples, C) matrix; the sum of E_A - E_B per resample is
    exactly the recipe's difference of sums (integers).
    """
    for idx in _drawn_clusters(ref_chars.size, rng, resamples):
        # np.take gathers the same values as edits_diff[idx], about twice as fast.
        yield np.take(edits_diff, idx).sum(axis=1) / np.take(ref_chars, idx).sum(axis=1)


def _drawn_clusters(clusters: int, rng: np.random.Generator, resamples: int):
    """The recipe's (resamples, C) matrix of drawn cluster indices, in chunks of rows."""
    rows = max(1, _CHUNK_ELEMENTS // max(clusters, 1))
    for start in range(0, resamples, rows):
        yield rng.integers(0, clusters, size=(min(rows, resamples - start), clusters))


def seed_intervals(
    edits_a: np.ndarray,
    edits_b: np.ndarray,
    ref_chars: np.ndarray,
    seeds: Sequence[int],
    *,
    resamples: int,
    level: float,
) -> np.ndarray:
    """``(len(seeds), 2)`` intervals (low, high), one per seed, by the published recipe."""
    edits_diff = np.asarray(edits_a, dtype=np.int64) - np.asarray(edits_b, dtype=np.int64)
    ref_chars = np.asarray(ref_chars, dtype=np.int64)
    diffs = np.empty((len(seeds), resamples))
    for row, seed in enumerate(seeds):
        rng = np.random.default_rng(seed)
        diffs[row] = np.concatenate(
            list(_resampled_differences(edits_diff, ref_chars, rng, resamples))
        )
    if not len(seeds):
        return np.empty((0, 2))
    # Row by row, exactly as one seed's np.percentile would give them.
    return np.percentile(diffs, interval_tails(level), axis=1).T


@dataclass(frozen=True)
class Stability:
    """A verdict under K seeds: how many agree with the published one, and the bounds' spread."""

    seeds: int
    agree: float  # share of the seeds whose verdict is the published verdict
    low_sd: float  # standard deviation of the lower bound across seeds (fraction)
    high_sd: float

    @property
    def fragile(self) -> bool:
        return self.agree < FRAGILE_BELOW


def stability(published_verdict: str, intervals: np.ndarray) -> Stability:
    verdicts = [verdict_of(low, high) for low, high in intervals]
    agree = sum(v == published_verdict for v in verdicts) / len(verdicts)
    spread = intervals.std(axis=0, ddof=1) if len(intervals) > 1 else np.zeros(2)
    return Stability(len(verdicts), agree, float(spread[0]), float(spread[1]))


def p_value(
    edits_a: np.ndarray,
    edits_b: np.ndarray,
    ref_chars: np.ndarray,
    *,
    resamples: int,
    seed: int | None,
) -> float:
    """The bootstrap p-value of "no difference": 2 * min(P(d <= 0), P(d >= 0)), at most 1."""
    edits_diff = np.asarray(edits_a, dtype=np.int64) - np.asarray(edits_b, dtype=np.int64)
    ref_chars = np.asarray(ref_chars, dtype=np.int64)
    rng = np.random.default_rng(seed)
    if ref_chars.size and ref_chars.min() > 0:
        # Every resample's N is then positive: (E_A - E_B) / N has the sign of E_A - E_B,
        # and the references' sums need not be drawn (half the gathering).
        signed = (
            np.take(edits_diff, idx).sum(axis=1)
            for idx in _drawn_clusters(ref_chars.size, rng, resamples)
        )
    else:  # a cluster with no reference characters: N may be 0, and 0 / 0 counts neither way
        signed = _resampled_differences(edits_diff, ref_chars, rng, resamples)
    at_most, at_least = 0, 0
    for values in signed:
        at_most += int(np.count_nonzero(values <= 0))
        at_least += int(np.count_nonzero(values >= 0))
    return min(1.0, 2.0 * min(at_most, at_least) / resamples)


def holm_rejections(p_values: Sequence[float], alpha: float) -> list[bool]:
    """Holm's step-down: which null hypotheses are rejected at family-wise level ``alpha``."""
    order = sorted(range(len(p_values)), key=lambda i: (p_values[i], i))
    rejected = [False] * len(p_values)
    family = len(p_values)
    for rank, index in enumerate(order):
        if p_values[index] > alpha / (family - rank):
            break  # every larger p-value is kept too
        rejected[index] = True
    return rejected


def min_resamples_for_holm(family: int, alpha: float) -> int:
    """Resamples whose p-value steps (2/R) are a tenth of Holm's smallest threshold, alpha/m."""
    return int(np.ceil(20 * family / alpha))


def check_settings(*, seeds: int, resamples: int, family_size: int, alpha: float) -> None:
    """One line naming the option when the settings cannot give an honest answer."""
    if seeds < 1:
        raise ScoringError("--seeds", f"must be 1 or more, not {seeds}")
    needed = min_resamples_for_holm(max(family_size, 1), alpha)
    if resamples < needed:
        raise ScoringError(
            "--resamples",
            f"{resamples} is too coarse for Holm over {family_size} comparisons: "
            f"the smallest threshold is {alpha:g}/{family_size} = {alpha / family_size:.2g}, and "
            f"a p-value moves in steps of 2/{resamples}; use at least {needed}",
        )
