"""The few-clusters mark is what the calibration measured, and the calibration measures
what `verdicts` computes."""

from __future__ import annotations

import math
import tomllib

import numpy as np
import pytest

from benchmarks.calibration import (
    Assignments,
    Row,
    bootstrap_readings,
    calibrate,
    few_below,
    multiplicities,
    simulate,
)
from scoring.randomisation import randomisation_test
from scoring.robustness import CALIBRATION_FILE, FEW_CLUSTERS, p_value, seed_intervals


@pytest.fixture(scope="module")
def measured():
    data = tomllib.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    return data, [Row(**row) for row in data["rows"]]


def test_the_mark_is_the_calibrations_rule_on_its_stored_rows(measured):
    data, rows = measured
    assert {6, 15, 30, 300} <= {row.clusters for row in rows}
    assert few_below(rows) == data["few_below"] == FEW_CLUSTERS


def test_the_stored_measurement_meets_the_exact_tests_goals(measured):
    """As measured: the randomisation test's family-wise error at most 5 % within its
    Monte Carlo error at every count, and its coverage at least 94 % from 6 clusters up."""
    _, rows = measured
    for row in rows:
        assert row.exact_fwer <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / row.cards), row
        assert row.exact_coverage >= 0.94, row


@pytest.mark.parametrize("clusters", [6, 40])
def test_the_simulation_reads_each_comparison_as_verdicts_does(clusters):
    """The calibration's shared computations give each comparison what `verdicts` gives it
    alone: the randomisation p-value and interval, the bootstrap's p-value and interval."""
    rng = np.random.default_rng(clusters)
    edits_a, edits_b, chars = simulate(rng, 5, clusters, 0.01)
    assignments = Assignments(clusters)
    p_values = assignments.p_values(edits_a, edits_b)
    intervals = assignments.intervals(edits_a, edits_b, chars)
    low, high, p_boot = bootstrap_readings(
        multiplicities(clusters, 1000, 1),
        multiplicities(clusters, 20_000, 1),
        edits_a,
        edits_b,
        chars,
    )
    for k in range(5):
        test = randomisation_test(
            edits_a[k], edits_b[k], chars[k], level=0.95, draws=20_000, seed=1
        )
        assert p_values[k] == test.p_value and intervals[k] == (test.low, test.high)
        (published,) = seed_intervals(
            edits_a[k], edits_b[k], chars[k], [1], resamples=1000, level=0.95
        )
        assert (low[k], high[k]) == pytest.approx(tuple(published), abs=1e-12)
        assert p_boot[k] == p_value(edits_a[k], edits_b[k], chars[k], resamples=20_000, seed=1)


def test_a_small_run_measures_every_column():
    row = calibrate(6, cards=3, coverage=20, seed=1)
    assert (row.cards, row.comparisons, row.covered) == (3, 3 * 68, 20)
    for rate in (
        row.bootstrap_type_i,
        row.exact_type_i,
        row.bootstrap_fwer,
        row.exact_fwer,
        row.bootstrap_coverage,
        row.exact_coverage,
    ):
        assert 0.0 <= rate <= 1.0
