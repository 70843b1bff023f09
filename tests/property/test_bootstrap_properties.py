"""Properties of the paired cluster bootstrap, and its coverage."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import paired_bootstrap, set_stats
from scoring.statistics import ClipStats


@st.composite
def paired_sets(draw):
    """Two systems on the same clips, grouped into 1–20 clusters."""
    n_clips = draw(st.integers(2, 40))
    n_clusters = draw(st.integers(1, min(20, n_clips)))
    clusters = [f"k{draw(st.integers(0, n_clusters - 1))}" for _ in range(n_clips)]
    ref_chars = [draw(st.integers(1, 400)) for _ in range(n_clips)]
    edits_a = [draw(st.integers(0, 2 * n)) for n in ref_chars]
    edits_b = [draw(st.integers(0, 2 * n)) for n in ref_chars]
    ids = [f"c{i}" for i in range(n_clips)]
    a = set_stats(ids, clusters, [ClipStats(e, n) for e, n in zip(edits_a, ref_chars)])
    b = set_stats(ids, clusters, [ClipStats(e, n) for e, n in zip(edits_b, ref_chars)])
    return a, b


@settings(max_examples=50)
@given(paired_sets(), st.integers(0, 2**32 - 1))
def test_deterministic_for_a_seed(pair, seed):
    """The same data and seed give the same interval, bit for bit."""
    a, b = pair
    assert paired_bootstrap(a, b, seed=seed) == paired_bootstrap(a, b, seed=seed)


@settings(max_examples=50)
@given(paired_sets())
def test_a_minus_b_mirrors_b_minus_a(pair):
    """Swapping the systems negates the estimate and swaps the ends."""
    a, b = pair
    ab, ba = paired_bootstrap(a, b), paired_bootstrap(b, a)
    assert ab.estimate == -ba.estimate
    assert ab.low == pytest.approx(-ba.high, abs=1e-12)
    assert ab.high == pytest.approx(-ba.low, abs=1e-12)


@settings(max_examples=50)
@given(paired_sets(), st.data())
def test_invariant_to_renaming_clusters(pair, data):
    """Cluster names are labels: any one-to-one renaming changes nothing."""
    a, b = pair
    names = sorted(set(a.clusters))
    new_names = data.draw(st.permutations([f"renamed-{n}" for n in names]))
    rename = dict(zip(names, new_names))

    def renamed(s):
        return type(s)(s.ids, tuple(rename[c] for c in s.clusters), s.edits, s.ref_chars)

    assert paired_bootstrap(a, b) == paired_bootstrap(renamed(a), renamed(b))


def test_interval_covers_a_known_difference_about_95_percent():
    """On 1,000 simulated sets with a known true difference, coverage is 92.5–97.5 %."""
    rng = np.random.default_rng(20261129)
    true_difference = 0.02
    covered = 0
    simulations = 1000
    for _ in range(simulations):
        n_clusters = int(rng.integers(50, 201))
        ref_chars = rng.integers(50, 400, size=n_clusters)
        base_rate = rng.uniform(0.05, 0.30, size=n_clusters)
        # Clusters differ in how much A and B differ; the mean difference is known.
        spread = rng.uniform(-0.03, 0.03, size=n_clusters)
        edits_b = rng.binomial(ref_chars, base_rate)
        edits_a = rng.binomial(ref_chars, base_rate + true_difference + spread)
        ids = [str(i) for i in range(n_clusters)]
        a = set_stats(ids, ids, [ClipStats(int(e), int(n)) for e, n in zip(edits_a, ref_chars)])
        b = set_stats(ids, ids, [ClipStats(int(e), int(n)) for e, n in zip(edits_b, ref_chars)])
        diff = paired_bootstrap(a, b)
        covered += diff.low <= true_difference <= diff.high
    print(f"coverage {covered / simulations:.3f}")
    assert 0.925 <= covered / simulations <= 0.975, covered


def simulated_family_wise_error(
    cards: int, comparisons: int, clusters: tuple[int, int], seed: int
) -> float:
    """The share of simulated cards in which Holm declares any "better" although A and B are
    one system in distribution (the same per-cluster error rate, drawn twice)."""
    from scoring.robustness import holm_rejections, min_resamples_for_holm, p_value

    rng = np.random.default_rng(seed)
    resamples = min_resamples_for_holm(comparisons, 0.05)
    any_rejected = 0
    for card in range(cards):
        p = []
        for _ in range(comparisons):
            n_clusters = int(rng.integers(*clusters))
            ref_chars = rng.integers(200, 800, size=n_clusters)
            rate = rng.uniform(0.05, 0.25, size=n_clusters)
            edits_a, edits_b = rng.binomial(ref_chars, rate), rng.binomial(ref_chars, rate)
            p.append(p_value(edits_a, edits_b, ref_chars, resamples=resamples, seed=card))
        any_rejected += any(holm_rejections(p, 0.05))
    return any_rejected / cards


@pytest.mark.slow(seconds=4)
def test_holm_keeps_the_family_wise_error_at_its_level_when_nothing_differs():
    """400 simulated cards of 4 comparisons on 150 to 300 clusters, A and B identical in
    distribution: Holm's family-wise error stays within 5 % (at most three standard errors
    above it, as a seeded simulation can show)."""
    cards = 400
    rate = simulated_family_wise_error(cards, 4, (150, 301), seed=20261130)
    print(f"family-wise error {rate:.3f}")
    assert rate <= 0.05 + 3 * (0.05 * 0.95 / cards) ** 0.5, rate


def test_with_few_clusters_the_bootstrap_p_value_is_optimistic():
    """What the verdicts table warns of: on 6 clusters (the demo's LOTUSDIS meetings) the same
    simulation rejects far more often than 5 %: the percentile bootstrap's tails are too thin."""
    rate = simulated_family_wise_error(200, 4, (6, 7), seed=20261130)
    print(f"family-wise error on 6 clusters {rate:.3f}")
    assert rate > 0.10, rate
