"""The speed benchmark marks every target met or NOT MET, in the right direction."""

from __future__ import annotations

import pytest

from benchmarks.run import AT_LEAST, TARGETS, targets_summary, verdict


@pytest.mark.parametrize("target", sorted(set(TARGETS) - AT_LEAST))
def test_a_ceiling_is_met_up_to_its_limit_and_not_beyond(target):
    unmet: list[str] = []
    limit = TARGETS[target]
    assert verdict(target, limit, unmet).endswith("   met")
    assert verdict(target, limit * 0.5, unmet).endswith("   met")
    assert verdict(target, limit * 1.01, unmet).endswith("NOT MET")
    assert unmet == [target]


def test_the_speed_up_is_a_floor():
    """Below 15x the baseline is the failure (a bare ratio once printed with no mark)."""
    unmet: list[str] = []
    assert verdict("speedup", 14.9, unmet) == "target >= 15x   NOT MET"
    assert verdict("speedup", 24.3, unmet) == "target >= 15x   met"
    assert unmet == ["speedup"]


def test_the_summary_names_what_was_not_met():
    judged = ["cold_over_floor", "warm_over_read_edit", "rss_mb"]
    assert targets_summary(judged, []) == "all 3 targets met"
    assert targets_summary(judged, ["cold_over_floor"]) == (
        "2 of 3 targets met; NOT MET: cold_over_floor"
    )
