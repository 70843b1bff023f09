"""The paired randomisation test over whole clusters, and the interval it gives.

The card's bootstrap resamples clusters, and with a handful of them (six
meetings, fifteen videos) its tails are too thin: its intervals too narrow,
its p-values too small. This test stays exact at any number of clusters.

For one comparison, each cluster ``c`` gives ``D_c = E_A,c - E_B,c`` (the
edits of A minus those of B) and ``N_c`` (its reference characters). The
statistic is the card's own estimate, ``sum(D) / sum(N)``. If A and B are
exchangeable within each cluster, swapping their outputs in a cluster flips
the sign of ``D_c`` and leaves ``N_c`` alone, so every assignment of signs is
as likely as the one observed. The two-sided p-value is the share of sign
assignments whose ``|sum(s * D)|`` is at least the observed ``|sum(D)|``, the
observed assignment included. Up to ``EXACT_UP_TO`` clusters every one of the
``2**C`` assignments is enumerated; above, ``draws`` random assignments from a
seeded generator, with the observed one counted among them (so the p-value is
never 0). This is the cluster sign-change test shown valid with few, large
clusters by Canay, Romano and Shaikh (Econometrica, 2017).

The interval inverts the test: a difference ``delta`` is inside it when the
test on ``D_c - delta * N_c`` does not reject at the card's level. On each
side of the estimate the p-value can only fall as ``delta`` moves away: each
assignment stays as extreme as the observed one up to a crossing point of its
own, found from ``F @ D`` and ``F @ N`` (``F`` the assignments, computed once),
and each end is one of those points, exactly. With ``C`` clusters the
smallest p-value is ``2 / 2**C``: five clusters or fewer can never reject at
5 %, and the interval is then unbounded.

Only per-cluster sums reach the test; ``paired_randomisation_test`` sums two
systems' per-clip statistics per cluster, as ``paired_bootstrap`` does. The
module knows nothing of cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .bootstrap import check_paired, cluster_sums
from .errors import ScoringError
from .statistics import SetStats

__all__ = [
    "DEFAULT_DRAWS",
    "EXACT_UP_TO",
    "RandomisationTest",
    "check_draws",
    "min_draws_for_holm",
    "flipped_sums",
    "paired_randomisation_test",
    "randomisation_test",
    "test_from_flips",
]

EXACT_UP_TO = 20  # clusters whose 2**C sign assignments (a million at 20) are enumerated
DEFAULT_DRAWS = 100_000  # random assignments above that
_BLOCK_ROWS = 8192  # random assignments drawn and summed at once


def flipped_sums(
    differences: np.ndarray,
    chars: np.ndarray,
    *,
    draws: int = DEFAULT_DRAWS,
    seed: int | None = 1,
    exact_up_to: int = EXACT_UP_TO,
) -> tuple[np.ndarray, np.ndarray, bool]:
    """``(F @ D, F @ N, exact)`` for the sign assignments ``F`` (a row each; +1 keeps a
    cluster, -1 swaps A and B in it), the observed one (all kept) first; in int64.

    Up to ``exact_up_to`` clusters, all ``2**C`` of them, row ``i`` swapping the clusters
    whose bits ``i`` sets: built as the sums over every subset of swapped clusters, one
    doubling per cluster, never as a matrix of signs. Above, the observed one and
    ``draws`` random ones from ``numpy.random.default_rng(seed)``, each cluster swapped
    with probability 1/2, drawn in fixed blocks of rows.
    """
    differences = np.asarray(differences, dtype=np.int64)
    chars = np.asarray(chars, dtype=np.int64)
    total_d, total_n = differences.sum(), chars.sum()
    if differences.size <= exact_up_to:
        swapped_d, swapped_n = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
        for d, n in zip(differences, chars):
            swapped_d = np.concatenate([swapped_d, swapped_d + d])
            swapped_n = np.concatenate([swapped_n, swapped_n + n])
        return total_d - 2 * swapped_d, total_n - 2 * swapped_n, True
    rng = np.random.default_rng(seed)
    both = np.stack([differences, chars], axis=1).astype(np.float64)  # exact: far below 2**53
    swapped = [np.zeros((1, 2))]
    for start in range(0, draws, _BLOCK_ROWS):
        rows = min(_BLOCK_ROWS, draws - start)
        swaps = rng.integers(0, 2, size=(rows, differences.size), dtype=np.int8)
        swapped.append(swaps.astype(np.float64) @ both)
    swapped_both = np.rint(np.concatenate(swapped)).astype(np.int64)
    return total_d - 2 * swapped_both[:, 0], total_n - 2 * swapped_both[:, 1], False


@dataclass(frozen=True)
class RandomisationTest:
    """One comparison's randomisation test: its p-value and its interval (fractions)."""

    estimate: float  # sum(D) / sum(N): the card's own estimate
    p_value: float
    low: float  # -inf when unbounded
    high: float  # +inf when unbounded
    clusters: int
    assignments: int  # the sign assignments counted, the observed one included
    exact: bool  # every assignment enumerated (else a Monte Carlo sample of them)
    level: float

    @property
    def smallest_p(self) -> float:
        """The smallest p-value this many clusters allow (2 / 2**C when enumerated)."""
        return (2 if self.exact else 1) / self.assignments

    @property
    def bounded(self) -> bool:
        return math.isfinite(self.low) and math.isfinite(self.high)

    @property
    def rejects(self) -> bool:
        """'No difference' is rejected at the card's level."""
        return self.p_value <= 1.0 - self.level


def min_draws_for_holm(family: int, alpha: float) -> int:
    """Random assignments whose p-value steps (1/(R + 1)) are a tenth of Holm's smallest
    threshold, alpha/m."""
    return int(np.ceil(10 * family / alpha))


def check_draws(draws: int, *, family_size: int, alpha: float) -> None:
    """One line naming the option when the Monte Carlo count cannot serve Holm's family."""
    needed = min_draws_for_holm(max(family_size, 1), alpha)
    if draws < needed:
        raise ScoringError(
            "--draws",
            f"{draws} random sign assignments are too few for Holm over "
            f"{family_size} comparisons: the smallest threshold is {alpha:g}/"
            f"{family_size} = {alpha / family_size:.2g}, and a p-value moves in "
            f"steps of 1/{draws + 1}; use at least {needed}",
        )


def randomisation_test(
    edits_a,
    edits_b,
    ref_chars,
    *,
    level: float = 0.95,
    draws: int = DEFAULT_DRAWS,
    seed: int | None = 1,
    exact_up_to: int = EXACT_UP_TO,
) -> RandomisationTest:
    """The randomisation test of one comparison from its per-cluster sums (see the module's
    docstring): the p-value of 'no difference', and the interval at ``level``."""
    differences = np.asarray(edits_a, dtype=np.int64) - np.asarray(edits_b, dtype=np.int64)
    chars = np.asarray(ref_chars, dtype=np.int64)
    if differences.size == 0 or chars.sum() <= 0:
        raise ValueError("a randomisation test needs clusters with reference characters")
    flipped_d, flipped_n, exact = flipped_sums(
        differences, chars, draws=draws, seed=seed, exact_up_to=exact_up_to
    )
    return test_from_flips(flipped_d, flipped_n, exact, level, clusters=differences.size)


def paired_randomisation_test(
    a: SetStats, b: SetStats, *, level: float = 0.95, seed: int | None = 1
) -> RandomisationTest:
    """The randomisation test of A against B over the whole clusters of their set."""
    check_paired(a, b, "a paired randomisation test")
    edits_a, edits_b, ref_chars = cluster_sums(a.clusters, a.edits, b.edits, a.ref_chars)
    return randomisation_test(edits_a, edits_b, ref_chars, level=level, seed=seed)


def test_from_flips(
    flipped_d: np.ndarray, flipped_n: np.ndarray, exact: bool, level: float, *, clusters: int
) -> RandomisationTest:
    """The test from the flipped sums of ``flipped_sums`` (row 0 the observed assignment):
    many comparisons may share one set of assignments and compute their sums at once."""
    observed_d, observed_n = int(flipped_d[0]), int(flipped_n[0])
    # Integers: the p-value of 'no difference' is counted exactly.
    p = float(np.count_nonzero(np.abs(flipped_d) >= abs(observed_d))) / flipped_d.size
    low, high = _interval(
        flipped_d.astype(float),
        flipped_n.astype(float),
        float(observed_d),
        float(observed_n),
        1.0 - level,
    )
    return RandomisationTest(
        observed_d / observed_n, p, low, high, int(clusters), int(flipped_d.size), exact, level
    )


def _interval(
    flipped_d, flipped_n, observed_d: float, observed_n: float, alpha: float
) -> tuple[float, float]:
    """Every delta the test does not reject at ``alpha``, as its two ends (an infinite end
    where no shift that way, however far, is rejected).

    With ``a``, ``b`` an assignment's ``F @ D`` and ``F @ N`` (``a0``, ``b0`` the observed
    ones), the assignment is as extreme as the observed one at a shift ``delta`` above
    the estimate exactly when ``|a - delta * b| >= delta * b0 - a0``, that is when
    ``delta <= t``, its own crossing point; below the estimate, when ``delta >= s``. Not
    rejecting needs more than ``alpha * M`` of the ``M`` assignments as extreme: each end
    is the K-th largest ``t`` (smallest ``s``), ``K = floor(alpha * M) + 1``. Exact, where
    a bisection would only approach it.
    """
    count = flipped_d.size
    needed = math.floor(alpha * count) + 1
    # Both pieces of |x| >= y, each a bound on delta (or none, where its divisor is 0: an
    # assignment that moves N as the observed one does, or exactly against it).
    upper_one = _crossing(observed_d + flipped_d, observed_n + flipped_n, above=True)
    upper_two = _crossing(observed_d - flipped_d, observed_n - flipped_n, above=True)
    lower_one = _crossing(observed_d - flipped_d, observed_n - flipped_n, above=False)
    lower_two = _crossing(observed_d + flipped_d, observed_n + flipped_n, above=False)
    tops = np.maximum(upper_one, upper_two)
    bottoms = np.minimum(lower_one, lower_two)
    high = -np.partition(-tops, needed - 1)[needed - 1]
    low = np.partition(bottoms, needed - 1)[needed - 1]
    return float(low), float(high)


def _crossing(numerator: np.ndarray, divisor: np.ndarray, *, above: bool) -> np.ndarray:
    """``numerator / divisor`` where the divisor is positive; where it is 0, the piece
    holds for every shift (``numerator >= 0`` above the estimate, ``<= 0`` below, as the
    inequalities reduce) or for none."""
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = numerator / divisor
    always = numerator >= 0 if above else numerator <= 0
    edge = np.where(always, np.inf if above else -np.inf, -np.inf if above else np.inf)
    return np.where(divisor > 0, ratio, edge)
