"""The paired cluster bootstrap against a from-the-description numpy oracle."""

from __future__ import annotations

import numpy as np
import pytest

from scoring import cluster_sums, paired_bootstrap, set_stats
from scoring.bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, fewest_resamples, interval_tails
from scoring.statistics import ClipStats


def textbook_interval(ea, eb, n, clusters, seed=1, resamples=1000, percentiles=(2.5, 97.5)):
    """The published recipe, written out plainly with Python dicts."""
    order, sums = [], {}
    for c, a, b, k in zip(clusters, ea, eb, n):
        if c not in sums:
            order.append(c)
            sums[c] = [0, 0, 0]
        sums[c][0] += a
        sums[c][1] += b
        sums[c][2] += k
    A = np.array([sums[c][0] for c in order])
    B = np.array([sums[c][1] for c in order])
    N = np.array([sums[c][2] for c in order])
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(order), size=(resamples, len(order)))
    diffs = [(A[row].sum() - B[row].sum()) / N[row].sum() for row in idx]
    low, high = np.percentile(diffs, list(percentiles))
    return (sum(ea) - sum(eb)) / sum(n), low, high


def make_pair(ea, eb, n, clusters):
    ids = [f"c{i}" for i in range(len(n))]
    a = set_stats(ids, clusters, [ClipStats(e, k) for e, k in zip(ea, n)])
    b = set_stats(ids, clusters, [ClipStats(e, k) for e, k in zip(eb, n)])
    return a, b


@pytest.fixture
def example():
    rng = np.random.default_rng(7)
    n = rng.integers(20, 300, size=60).tolist()
    ea = [int(rng.binomial(k, 0.10)) for k in n]
    eb = [int(rng.binomial(k, 0.12)) for k in n]
    clusters = [f"video{(i * 7) % 13}" for i in range(60)]
    return ea, eb, n, clusters


def test_matches_the_textbook_recipe(example):
    """Estimate and both ends equal the plain recipe's, to the last bit."""
    ea, eb, n, clusters = example
    diff = paired_bootstrap(*make_pair(ea, eb, n, clusters))
    estimate, low, high = textbook_interval(ea, eb, n, clusters)
    assert (diff.estimate, diff.low, diff.high) == (estimate, low, high)


def test_clusters_are_in_first_appearance_order():
    """Cluster sums follow the ids file, not alphabetical order."""
    (sums,) = cluster_sums(["z", "a", "z", "m"], np.array([1, 2, 3, 4]))
    assert sums.tolist() == [4, 2, 4]


def test_seed_zero_is_a_seed_not_none(example):
    """Seed 0 is deterministic; only None means fresh entropy."""
    a, b = make_pair(*example)
    first = paired_bootstrap(a, b, seed=0)
    assert first == paired_bootstrap(a, b, seed=0)
    assert first != paired_bootstrap(a, b, seed=1)
    assert paired_bootstrap(a, b, seed=None).seed is None


def test_tie_when_interval_holds_zero():
    """Identical systems tie; a system with no errors beats one with many."""
    n = [100] * 30
    clusters = [str(i) for i in range(30)]
    assert paired_bootstrap(*make_pair([5] * 30, [5] * 30, n, clusters)).tie
    better = paired_bootstrap(*make_pair([0] * 30, [20] * 30, n, clusters))
    assert not better.tie and better.high < 0


def test_level_sets_the_percentiles(example):
    """A 90 % interval sits inside the 95 % one."""
    a, b = make_pair(*example)
    wide, narrow = paired_bootstrap(a, b), paired_bootstrap(a, b, level=0.90)
    assert wide.low <= narrow.low <= narrow.high <= wide.high


def test_refuses_unpaired_systems(example):
    """A and B must be scored on the same clips."""
    ea, eb, n, clusters = example
    a, _ = make_pair(ea, eb, n, clusters)
    _, b = make_pair(ea[:-1], eb[:-1], n[:-1], clusters[:-1])
    with pytest.raises(ValueError, match="^paired bootstrap needs both systems on the same clips$"):
        paired_bootstrap(a, b)


def test_level_090_is_the_recipe_at_5_and_95_percent(example):
    """A 90 % interval is the recipe's [5, 95] percentiles, to the last bit (not [2.5, 97.5])."""
    ea, eb, n, clusters = example
    diff = paired_bootstrap(*make_pair(ea, eb, n, clusters), level=0.90)
    _, low, high = textbook_interval(ea, eb, n, clusters, percentiles=(5, 95))
    assert (diff.low, diff.high) == (low, high)
    _, wide_low, wide_high = textbook_interval(ea, eb, n, clusters)
    assert (diff.low, diff.high) != (wide_low, wide_high)


def test_seed_and_resamples_reach_the_recipe_and_the_result(example):
    """Seed 3 and 400 resamples are the recipe's seed 3 and 400 rows, and are reported."""
    ea, eb, n, clusters = example
    diff = paired_bootstrap(*make_pair(ea, eb, n, clusters), seed=3, resamples=400)
    _, low, high = textbook_interval(ea, eb, n, clusters, seed=3, resamples=400)
    assert (diff.low, diff.high, diff.seed, diff.resamples) == (low, high, 3, 400)
    assert diff.level == 0.95


def test_one_resample_is_allowed(example):
    """resamples = 1: both ends are that single resample's difference."""
    ea, eb, n, clusters = example
    diff = paired_bootstrap(*make_pair(ea, eb, n, clusters), resamples=1)
    _, low, high = textbook_interval(ea, eb, n, clusters, resamples=1)
    assert diff.low == diff.high == low == high


@pytest.mark.parametrize("level", [0.0, 1.0, -0.5, 1.5])
def test_levels_outside_the_open_interval_are_refused(example, level):
    with pytest.raises(ValueError, match="level must be between 0 and 1"):
        paired_bootstrap(*make_pair(*example), level=level)


@pytest.mark.parametrize("resamples", [0, -1])
def test_no_resamples_is_refused(example, resamples):
    with pytest.raises(ValueError, match="resamples must be at least 1"):
        paired_bootstrap(*make_pair(*example), resamples=resamples)


def test_same_ids_with_other_clusters_are_not_paired(example):
    """The pairing check compares clusters too, not only ids."""
    ea, eb, n, clusters = example
    a, _ = make_pair(ea, eb, n, clusters)
    _, b = make_pair(ea, eb, n, ["elsewhere"] + clusters[1:])
    with pytest.raises(ValueError, match="^paired bootstrap needs both systems on the same clips$"):
        paired_bootstrap(a, b)


def test_same_clusters_with_other_ids_are_not_paired(example):
    ea, eb, n, clusters = example
    a, _ = make_pair(ea, eb, n, clusters)
    ids = [f"x{i}" for i in range(len(n))]
    b = set_stats(ids, clusters, [ClipStats(e, k) for e, k in zip(eb, n)])
    with pytest.raises(ValueError, match="^paired bootstrap needs both systems on the same clips$"):
        paired_bootstrap(a, b)


def test_other_references_are_refused(example):
    """Same clips, other reference lengths: not the same references."""
    ea, eb, n, clusters = example
    a, _ = make_pair(ea, eb, n, clusters)
    _, b = make_pair(ea, eb, [k + 1 for k in n], clusters)
    with pytest.raises(
        ValueError, match="^paired bootstrap needs the same references for A and B$"
    ):
        paired_bootstrap(a, b)


@pytest.mark.parametrize("worse", ["a", "b"])
def test_an_interval_ending_exactly_at_zero_is_a_tie_for_the_card_and_the_verdicts(worse):
    """A and B differ in one cluster of ten: a third of the resamples leave it out and give
    exactly 0, so one bound is exactly 0.0. Zero is inside the interval: a tie, both in the
    card's figure and in the verdicts' reading of it."""
    from scoring.robustness import verdict_of

    clusters = [f"r{i}" for i in range(10)]
    same = [3] * 10
    other = [3] * 9 + [7]
    ea, eb = (other, same) if worse == "a" else (same, other)
    a, b = make_pair(ea, eb, [50] * 10, clusters)
    diff = paired_bootstrap(a, b, resamples=1000, seed=1)
    _, low, high = textbook_interval(ea, eb, [50] * 10, clusters)
    assert (diff.low, diff.high) == (low, high)
    assert (low == 0.0 < high) if worse == "a" else (low < 0.0 == high)
    assert diff.tie and verdict_of(diff.low, diff.high) == "tie"


def numpys_fewest_resamples(level: float) -> int:
    """The oracle, by search: the fewest draws 0, 1, ..., B-1 whose ``level`` interval by
    ``numpy.percentile`` (the published recipe) ends at the second draw or within it."""
    b = 2
    while True:
        low, high = np.percentile(np.arange(b, dtype=float), interval_tails(level))
        if low >= 1 - 1e-9 and high <= b - 2 + 1e-9:
            return b
        b += 1


@pytest.mark.parametrize("level", [0.5, 0.8, 0.9, 0.93, 0.95, 0.97, 0.975, 0.99, 0.998])
def test_fewest_resamples_is_where_numpys_ends_leave_the_two_most_extreme_draws(level):
    """Fewer resamples, and each end of the interval lies between the two most extreme draws,
    wherever the level puts it; so many, and it no longer does."""
    assert fewest_resamples(level) == numpys_fewest_resamples(level)


def test_the_default_resamples_place_the_ends_of_the_default_interval():
    assert DEFAULT_RESAMPLES >= fewest_resamples(DEFAULT_LEVEL)
