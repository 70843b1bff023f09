"""The paired randomisation test over whole clusters, against oracles nobody here wrote:
scipy's permutation test, and a brute force written with itertools; its interval checked
point by point; its size under the null simulated."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from scoring.errors import ScoringError
from scoring.randomisation import (
    EXACT_UP_TO,
    check_draws,
    flipped_sums,
    min_draws_for_holm,
    randomisation_test,
)


def cluster_sums(clusters: int, seed: int, gap: float = 0.0):
    """Per-cluster edits of A and B and reference characters, sizes varying widely."""
    rng = np.random.default_rng(seed)
    chars = np.maximum(1, rng.lognormal(6, 1, clusters)).astype(np.int64)
    difficulty = rng.uniform(0.05, 0.3, clusters)
    return (
        rng.binomial(chars, np.clip(difficulty + gap / 2, 0, 1)),
        rng.binomial(chars, np.clip(difficulty - gap / 2, 0, 1)),
        chars,
    )


def brute_force_p(a, b, chars, delta: float = 0.0) -> float:
    """Every assignment of swaps, one by one: the share at least as extreme as observed."""
    shifted = [int(x) - int(y) - delta * int(n) for x, y, n in zip(a, b, chars)]
    observed = abs(sum(shifted))
    extreme = sum(
        abs(sum(s * d for s, d in zip(signs, shifted))) >= observed - 1e-9
        for signs in itertools.product((1, -1), repeat=len(shifted))
    )
    return extreme / 2 ** len(shifted)


def scipy_p(a, b, chars, resamples: int = 9999, seed: int = 0) -> float:
    from scipy.stats import permutation_test

    total = chars.sum()
    result = permutation_test(
        (a.astype(float), b.astype(float)),
        lambda x, y, axis=-1: (x.sum(axis=axis) - y.sum(axis=axis)) / total,
        permutation_type="samples",
        alternative="two-sided",
        n_resamples=resamples,
        random_state=seed,
        vectorized=True,
    )
    return float(result.pvalue)


@pytest.mark.parametrize("clusters", [2, 4, 6, 9, 13])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_p_value_is_scipys_exactly_where_scipy_enumerates(clusters, seed):
    """scipy enumerates every sign assignment up to 2**13 of them: the same p-value."""
    a, b, chars = cluster_sums(clusters, seed, gap=0.02 * (seed - 1))
    assert randomisation_test(a, b, chars).p_value == pytest.approx(scipy_p(a, b, chars), rel=1e-12)


@pytest.mark.parametrize("clusters", [25, 60])
def test_the_p_value_agrees_with_scipys_random_sample_within_its_error(clusters):
    """Above 20 clusters both draw assignments at random: they agree within the binomial
    error of scipy's 9,999 draws (four standard errors)."""
    a, b, chars = cluster_sums(clusters, 7, gap=0.004)
    ours, theirs = randomisation_test(a, b, chars).p_value, scipy_p(a, b, chars)
    error = math.sqrt(max(theirs * (1 - theirs), 1e-4) / 9999)
    assert abs(ours - theirs) <= 4 * error + 1e-4, (ours, theirs)


@pytest.mark.parametrize("clusters", range(1, 11))
def test_a_brute_force_written_with_itertools_agrees(clusters):
    for seed in range(3):
        a, b, chars = cluster_sums(clusters, 100 * clusters + seed, gap=0.03)
        assert randomisation_test(a, b, chars).p_value == brute_force_p(a, b, chars)


def test_the_flipped_sums_are_every_assignments_in_bit_order():
    """Row i swaps the clusters whose bits i sets; row 0 is the observed assignment."""
    differences, chars = np.array([3, -1, 4]), np.array([10, 20, 40])
    flipped_d, flipped_n, exact = flipped_sums(differences, chars)
    assert exact and flipped_d[0] == 6 and flipped_n[0] == 70
    for row in range(8):
        signs = [-1 if row >> c & 1 else 1 for c in range(3)]
        assert flipped_d[row] == sum(s * d for s, d in zip(signs, differences))
        assert flipped_n[row] == sum(s * n for s, n in zip(signs, chars))


@pytest.mark.parametrize("clusters", [6, 8, 11])
def test_the_interval_is_the_set_of_shifts_the_test_does_not_reject(clusters):
    """At every delta inside it, brute force does not reject; one printed unit (0.01 pp)
    outside either end, it does."""
    a, b, chars = cluster_sums(clusters, clusters, gap=0.02)
    test = randomisation_test(a, b, chars, level=0.95)
    assert test.bounded and test.low < test.estimate < test.high
    for share in np.linspace(0, 1, 9):
        inside = test.low + share * (test.high - test.low)
        assert brute_force_p(a, b, chars, inside) > 0.05, inside
    for outside in (test.low - 1e-4, test.high + 1e-4):
        assert brute_force_p(a, b, chars, outside) <= 0.05, outside


@pytest.mark.parametrize("clusters", [1, 2, 3, 4, 5])
def test_five_clusters_or_fewer_can_never_reject_at_five_percent(clusters):
    """The smallest p-value is 2 / 2**C, above 0.05 up to five clusters: the interval is
    unbounded, and said to be."""
    a, b, chars = cluster_sums(clusters, 3, gap=0.2)  # however large the difference
    test = randomisation_test(a, b, chars, level=0.95)
    assert test.smallest_p == 2 / 2**clusters > 0.05
    assert test.low == -math.inf and test.high == math.inf and not test.bounded
    assert not test.rejects


def test_six_clusters_bound_the_interval():
    a, b, chars = cluster_sums(6, 3, gap=0.2)
    test = randomisation_test(a, b, chars, level=0.95)
    assert test.bounded and test.smallest_p == 2 / 64 and test.p_value == 2 / 64


def test_the_test_holds_its_size_under_the_null_at_six_clusters():
    """A and B identical in distribution, 2,000 sets of six clusters of widely varying size:
    'no difference' is rejected at 5 % in at most 5 % of sets, plus three standard errors."""
    sets = 2000
    rejected = sum(randomisation_test(*cluster_sums(6, seed)).rejects for seed in range(sets))
    assert rejected / sets <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / sets), rejected


def test_enumeration_and_monte_carlo_agree_near_the_bound():
    """Twenty clusters, every assignment against 100,000 random ones: the p-values within
    four binomial errors, the interval's ends within a hundredth of a point."""
    a, b, chars = cluster_sums(EXACT_UP_TO, 11, gap=0.003)
    exact = randomisation_test(a, b, chars)
    sampled = randomisation_test(a, b, chars, exact_up_to=0, draws=100_000, seed=5)
    assert exact.exact and not sampled.exact and sampled.assignments == 100_001
    error = math.sqrt(max(exact.p_value * (1 - exact.p_value), 1e-4) / 100_000)
    assert abs(exact.p_value - sampled.p_value) <= 4 * error
    assert abs(exact.low - sampled.low) < 1e-4 and abs(exact.high - sampled.high) < 1e-4


def test_a_monte_carlo_p_value_is_never_zero():
    a, b, chars = cluster_sums(40, 2, gap=0.3)
    test = randomisation_test(a, b, chars, draws=1000)
    assert test.p_value == 1 / 1001  # the observed assignment is counted


def test_too_few_draws_for_holms_family_name_what_is_needed():
    needed = min_draws_for_holm(68, 0.05)
    check_draws(needed, family_size=68, alpha=0.05)
    with pytest.raises(ScoringError) as error:
        check_draws(needed - 1, family_size=68, alpha=0.05)
    assert str(error.value).startswith("--draws: ") and f"use at least {needed}" in str(error.value)


@pytest.mark.parametrize("seed", range(6))
def test_the_ends_are_exact_where_assignments_tie(seed):
    """Equal clusters and small edit counts make assignments tie with the observed one at
    the end itself: the end is that point exactly (not rejected there, rejected a hair
    beyond), so an interval closed at 0 never prints as -0.00."""
    rng = np.random.default_rng(seed)
    chars = np.full(8, 100)
    a, b = rng.integers(0, 6, 8), rng.integers(0, 6, 8)
    test = randomisation_test(a, b, chars, level=0.95)
    if not test.bounded:
        pytest.skip("no end to check")
    for end, beyond in ((test.low, test.low - 1e-9), (test.high, test.high + 1e-9)):
        assert brute_force_p(a, b, chars, end) > 0.05
        assert brute_force_p(a, b, chars, beyond) <= 0.05


def test_a_p_value_equal_to_the_level_rejects():
    """As Holm's thresholds do: at alpha = 2/64 six clusters all one way give p = 2/64, which
    rejects, and the interval is bounded (the smallest p-value is not above alpha)."""
    a, b, chars = cluster_sums(6, 3, gap=0.2)
    test = randomisation_test(a, b, chars, level=1 - 2 / 64)
    assert test.p_value == 2 / 64 == 1 - test.level
    assert test.rejects and test.bounded


def test_the_draws_holm_needs_step_a_tenth_of_its_smallest_threshold():
    """The p-value moves in steps of 1/(R + 1): at the count asked for, a tenth of
    alpha/m or finer, and not needlessly many more."""
    for family, alpha in ((68, 0.05), (11, 0.05), (35, 0.2)):
        needed = min_draws_for_holm(family, alpha)
        assert 1 / (needed + 1) <= alpha / family / 10 <= (1 + 1e-12) / needed


def _clips_of(clusters: int, seed: int):
    """Two systems' per-clip statistics on one set: two to four clips a cluster, clusters
    interleaved in the file (as a set's ids may list them)."""
    from scoring import set_stats
    from scoring.statistics import ClipStats

    rng = np.random.default_rng(seed)
    names = [f"k{c}" for c in range(clusters) for _ in range(rng.integers(2, 5))]
    rng.shuffle(names)
    chars = rng.integers(5, 200, len(names))
    edits_a = rng.binomial(chars, 0.15)
    edits_b = rng.binomial(chars, 0.12)
    ids = [f"c{i}" for i in range(len(names))]
    return (
        set_stats(ids, names, [ClipStats(int(e), int(n)) for e, n in zip(edits_a, chars)]),
        set_stats(ids, names, [ClipStats(int(e), int(n)) for e, n in zip(edits_b, chars)]),
        names,
        edits_a,
        edits_b,
        chars,
    )


@pytest.mark.parametrize(
    ("clusters", "level", "seed"),
    [(7, 0.95, 1), (7, 0.8, 1), (EXACT_UP_TO + 5, 0.95, 1), (EXACT_UP_TO + 5, 0.9, 11)],
)
def test_the_paired_test_is_the_test_of_the_sets_cluster_sums(clusters, level, seed):
    """From two systems' per-clip statistics: the test of their sums per cluster, summed
    here with a plain dict, at the level and (where assignments are drawn) the seed asked;
    the seed by default is the card's, 1."""
    from scoring.randomisation import paired_randomisation_test

    a, b, names, edits_a, edits_b, chars = _clips_of(clusters, seed=clusters)
    sums: dict[str, list[int]] = {}
    for name, ea, eb, n in zip(names, edits_a, edits_b, chars):
        total = sums.setdefault(name, [0, 0, 0])
        total[0] += int(ea)
        total[1] += int(eb)
        total[2] += int(n)
    by_cluster = np.array(list(sums.values())).T
    expected = randomisation_test(*by_cluster, level=level, seed=seed)
    assert paired_randomisation_test(a, b, level=level, seed=seed) == expected
    if seed == 1:
        assert paired_randomisation_test(a, b, level=level) == expected
    if (seed, level) == (1, 0.95):  # the defaults are the card's
        assert paired_randomisation_test(a, b) == expected
    if clusters > EXACT_UP_TO:  # drawn: another seed draws other assignments
        assert paired_randomisation_test(a, b, level=level, seed=seed + 1) != expected


@pytest.mark.parametrize(
    ("spoil", "needs"),
    [
        ("ids", "both systems on the same clips"),
        ("clusters", "both systems on the same clips"),
        ("references", "the same references for A and B"),
    ],
)
def test_the_paired_test_refuses_systems_on_other_clips(spoil, needs):
    from scoring import set_stats
    from scoring.randomisation import paired_randomisation_test
    from scoring.statistics import ClipStats

    a, b, names, _, edits_b, chars = _clips_of(7, seed=7)
    ids = [f"c{i}" for i in range(len(names))]
    if spoil == "ids":
        ids[0] = "elsewhere"
    elif spoil == "clusters":
        names = ["another cluster"] + names[1:]
    else:
        chars = chars + 1
    other = set_stats(ids, names, [ClipStats(int(e), int(n)) for e, n in zip(edits_b, chars)])
    with pytest.raises(ValueError, match=f"^a paired randomisation test needs {needs}$"):
        paired_randomisation_test(a, other)
