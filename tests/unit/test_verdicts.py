"""`scoring verdicts`: stability under other seeds, bootstrap p-values, Holm, resolution."""

from __future__ import annotations

import json

import numpy as np
import pytest

import scoring.robustness as robustness
from conftest import REPO_ROOT
from conftest import run_cli as run
from scoring.bootstrap import cluster_sums
from scoring.card import Column, compute_card, load_card_spec
from scoring.card.verdicts import card_verdicts
from scoring.randomisation import min_draws_for_holm
from scoring.robustness import (
    holm_rejections,
    min_resamples_for_holm,
    p_value,
    seed_intervals,
    stability,
    verdict_of,
)
from tests.copies import copy_demo

DEMO = REPO_ROOT / "examples" / "demo"


def counted_family_sizes(spec) -> dict[str, int]:
    """The paired differences the card makes at each latency, counted from its card.toml:
    each comparison's sets at each of its latencies."""
    return {
        f"{latency}ms": sum(len(c.sets) for c in spec.comparisons if latency in c.latencies)
        for latency in spec.latencies
    }


FAMILY_SIZES = counted_family_sizes(load_card_spec(DEMO))  # Holm's families, per latency
COMPARISONS = sum(FAMILY_SIZES.values())  # Holm's family, the whole card
WIDEST = max(FAMILY_SIZES.values())  # the largest latency's family


@pytest.fixture(scope="module")
def demo_result():
    return compute_card(load_card_spec(DEMO), progress=False)


def comparison_sums(result, key):
    latency, set_name, comparison_key = key
    comparison = next(c for c in result.spec.comparisons if c.key == comparison_key)
    a = result.stats[(latency, set_name, Column(comparison.a, comparison.split).key)]
    b = result.stats[(latency, set_name, Column(comparison.b, comparison.split).key)]
    return cluster_sums(a.clusters, a.edits, b.edits, a.ref_chars)


# ------------------------------------------------------------ against independent numpy


def independent_p_value(edits_a, edits_b, ref_chars, resamples, seed):
    """One (resamples, C) matrix, the recipe's three sums, counted: written out here."""
    idx = np.random.default_rng(seed).integers(0, ref_chars.size, size=(resamples, ref_chars.size))
    diffs = (edits_a[idx].sum(1) - edits_b[idx].sum(1)) / ref_chars[idx].sum(1)
    return min(1.0, 2 * min(int((diffs <= 0).sum()), int((diffs >= 0).sum())) / resamples)


@pytest.mark.parametrize("chunk", [10**9, 1000])  # one matrix, or many chunks of rows
def test_p_values_match_an_independent_numpy_computation(demo_result, monkeypatch, chunk):
    monkeypatch.setattr(robustness, "_CHUNK_ELEMENTS", chunk)
    for key in list(demo_result.diffs)[:12]:
        sums = comparison_sums(demo_result, key)
        assert p_value(*sums, resamples=20_000, seed=3) == independent_p_value(
            *sums, resamples=20_000, seed=3
        ), key


def test_a_cluster_without_reference_characters_is_counted_as_the_recipe_counts_it():
    """With a cluster of no characters a resample's N may be 0: its 0 / 0 counts neither
    way, its x / 0 as an infinity. The same p-value as the matrix written out."""
    edits_a, edits_b = np.array([3, 0, 5, 1]), np.array([1, 2, 5, 4])
    for chars in (np.array([30, 0, 50, 20]), np.array([0, 0, 50, 20]), np.array([30, 0, 0, 0])):
        with np.errstate(divide="ignore", invalid="ignore"):
            for seed in range(5):
                assert p_value(
                    edits_a, edits_b, chars, resamples=2000, seed=seed
                ) == independent_p_value(edits_a, edits_b, chars, 2000, seed)


def test_one_seed_reproduces_every_published_interval_and_verdict(demo_result):
    """The first seed is the published one: `--seeds 1` is the published run itself."""
    verdicts = card_verdicts(demo_result, seeds=1, progress=False)
    assert len(verdicts.rows) == len(demo_result.diffs) == COMPARISONS
    for row in verdicts.rows:
        diff = demo_result.diffs[(row.latency, row.set_name, row.comparison)]
        ((low, high),) = seed_intervals(
            *comparison_sums(demo_result, (row.latency, row.set_name, row.comparison)),
            [demo_result.spec.seed],
            resamples=demo_result.spec.resamples,
            level=demo_result.spec.level,
        )
        assert (low, high) == (diff.low, diff.high)
        assert row.verdict == ("tie" if diff.tie else "A better" if diff.high < 0 else "B better")
        assert row.agree == 1.0 and not row.fragile


def test_an_interval_edge_at_zero_is_fragile():
    """Shift one system's edits until the published lower bound crosses zero: right at the
    crossing, other seeds disagree, and the verdict is reported fragile."""
    rng = np.random.default_rng(11)
    chars = rng.integers(800, 1200, size=40)
    edits_b = rng.binomial(chars, 0.10)
    noise = rng.integers(-12, 13, size=40)
    edges = []
    for shift in range(0, 40):
        edits_a = edits_b + noise + shift
        ((low, high),) = seed_intervals(edits_a, edits_b, chars, [1], resamples=1000, level=0.95)
        edges.append((abs(low), shift, edits_a, verdict_of(low, high)))
    _, shift, edits_a, published = min(edges, key=lambda e: e[0])  # the bound nearest zero
    found = stability(
        published,
        seed_intervals(edits_a, edits_b, chars, range(1, 201), resamples=1000, level=0.95),
    )
    assert found.fragile and found.agree < 0.95
    # Far from the edge the same construction is stable.
    far = edits_b + noise + 40
    ((low, high),) = seed_intervals(far, edits_b, chars, [1], resamples=1000, level=0.95)
    assert not stability(
        verdict_of(low, high),
        seed_intervals(far, edits_b, chars, range(1, 201), resamples=1000, level=0.95),
    ).fragile


@pytest.mark.parametrize(
    ("p_values", "expected"),
    [
        ([0.01, 0.04, 0.03, 0.005], [True, False, False, True]),  # stops at 0.03 > 0.05/2
        ([0.001, 0.001, 0.001], [True, True, True]),
        ([0.2, 0.01], [False, True]),  # 0.01 <= 0.05/2; then 0.2 > 0.05
        ([0.03, 0.02], [True, True]),  # 0.02 <= 0.025, then 0.03 <= 0.05
        ([0.05, 0.025], [True, True]),  # equal to the threshold is rejected: 0.025 <= 0.05/2
        ([], []),
    ],
)
def test_holm_step_down_by_hand(p_values, expected):
    assert holm_rejections(p_values, 0.05) == expected


def test_holm_lies_between_bonferroni_and_no_correction():
    rng = np.random.default_rng(2)
    for _ in range(200):
        p = list(rng.uniform(0, 0.1, size=int(rng.integers(1, 12))))
        holm = holm_rejections(p, 0.05)
        bonferroni = [x <= 0.05 / len(p) for x in p]
        assert all(h or not b for h, b in zip(holm, bonferroni))
        assert all(x <= 0.05 or not h for x, h in zip(p, holm))


def test_every_bootstrap_setting_reaches_the_second_look(demo_result, monkeypatch, tmp_path):
    """Two seeds and the p-values, checked against the recipe's own functions, for
    [bootstrap] level 0.8, then through the same cache (each setting in its key) level 0.7,
    then 1,500 resamples and p-values of another resolution too. Holm's family-wise level
    is 1 - level."""
    import dataclasses

    # Wide families' levels keep the p-values' resamples few (Holm asks for 20 steps below
    # alpha / WIDEST, the largest latency's family); one setting changed at a time: a cache
    # key that left it out would serve the previous run's results.
    needed = min_resamples_for_holm(WIDEST, 1 - 0.8)
    first = dataclasses.replace(demo_result.spec, level=0.8)
    level = dataclasses.replace(first, level=0.7)
    resamples = dataclasses.replace(level, resamples=1500)
    runs = [
        (compute_card(first, progress=False), needed),
        (compute_card(level, progress=False), needed),
        (compute_card(resamples, progress=False), needed + 1000),
    ]
    # The cards from the run's normalisation cache; the verdicts into one of their own.
    monkeypatch.setenv("SCORING_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("SCORING_NO_VERDICTS_CACHE", raising=False)
    for result, p_resamples in runs:
        spec = result.spec
        # (The exact reading's own settings are tested apart: its fewest draws here.)
        verdicts = card_verdicts(
            result,
            seeds=2,
            resamples=p_resamples,
            family="latency",
            draws=min_draws_for_holm(WIDEST, 1 - spec.level),
            progress=False,
        )
        assert verdicts.alpha == pytest.approx(1 - spec.level)
        for row in verdicts.rows[::5]:
            sums = comparison_sums(result, (row.latency, row.set_name, row.comparison))
            intervals = seed_intervals(
                *sums, [spec.seed, spec.seed + 1], resamples=spec.resamples, level=spec.level
            )
            assert (row.low_sd, row.high_sd) == tuple(intervals.std(axis=0, ddof=1))
            assert row.p_value == p_value(*sums, resamples=p_resamples, seed=spec.seed)
        for latency in spec.latencies:
            rows = [row for row in verdicts.rows if row.latency == latency]
            assert [row.holm for row in rows] == holm_rejections(
                [row.p_value for row in rows], 1 - spec.level
            )


def test_the_verdicts_table_of_card_toml_sets_the_defaults(demo_result, tmp_path):
    """[verdicts] seeds, resamples and family are read, and are what `verdicts` uses when no
    option overrides them."""
    import dataclasses

    resamples = min_resamples_for_holm(WIDEST, 0.05) + 1  # enough, and no default
    (tmp_path / "card.toml").write_text(
        (DEMO / "card.toml").read_text(encoding="utf-8")
        + f'\n[verdicts]\nseeds = 2\nresamples = {resamples}\nfamily = "latency"\n',
        encoding="utf-8",
    )
    read = load_card_spec(tmp_path)
    assert (read.verdict_seeds, read.verdict_resamples, read.verdict_family) == (
        2,
        resamples,
        "latency",
    )
    spec = dataclasses.replace(
        demo_result.spec,
        verdict_seeds=read.verdict_seeds,
        verdict_resamples=read.verdict_resamples,
        verdict_family=read.verdict_family,
    )
    verdicts = card_verdicts(dataclasses.replace(demo_result, spec=spec), progress=False)
    assert (verdicts.seeds, verdicts.resamples, verdicts.family) == (2, resamples, "latency")
    assert verdicts.family_sizes == FAMILY_SIZES


# ------------------------------------------------------------ the command


def test_verdicts_prints_every_comparison_with_its_second_look(capsys):
    code, out, _ = run(capsys, "verdicts", str(DEMO))
    assert code == 0
    header = next(line for line in out.splitlines() if line.startswith("Set "))
    for column in ("verdict", "seeds agreeing", "bound spread (pp)", "p", "Holm", "± (pp)"):
        assert column in header
    rows = [line for line in out.splitlines() if " ms " in line and " − " in line]
    assert len(rows) == COMPARISONS
    assert f"{COMPARISONS} comparisons;" in out and "fragile" in out and "survive" in out


def test_json_agrees_with_the_card(capsys, demo_result):
    code, out, _ = run(capsys, "verdicts", str(DEMO), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["seeds"] == 200 and report["resamples"] == 100_000
    assert report["family_sizes"] == {"card": COMPARISONS}
    figures = demo_result.figures()
    for row in report["comparisons"]:
        assert row["low"] == figures[row["figure"] + "/low"]
        assert row["fragile"] == (row["seeds_agreeing"] < 0.95)
        assert row["half_width"] == pytest.approx((row["high"] - row["low"]) / 2)
    p = [row["p_value"] for row in report["comparisons"]]
    assert [row["holm_rejects"] for row in report["comparisons"]] == holm_rejections(p, 0.05)


def test_family_per_latency_holds_each_latency_apart(capsys):
    code, out, _ = run(capsys, "verdicts", str(DEMO), "--json", "--family", "latency")
    assert code == 0
    assert json.loads(out)["family_sizes"] == FAMILY_SIZES


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--seeds", "0"], "--seeds: must be 1 or more, not 0"),
        (["--resamples", "1000"], f"use at least {min_resamples_for_holm(COMPARISONS, 0.05)}"),
        (["--family", "set"], "--family: must be one of card, latency, not 'set'"),
    ],
)
def test_bad_options_are_one_line(capsys, argv, said):
    code, out, err = run(capsys, "verdicts", str(DEMO), *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err


def test_the_verdicts_region_is_gated_by_check(tmp_path, capsys):
    """An edited cell of the demo card's verdicts region fails --check; --write restores it."""
    root = tmp_path / "demo"
    copy_demo(root)
    card = root / "README.md"
    original = card.read_text(encoding="utf-8")
    start = original.index("<!-- scoring:verdicts 560ms -->")
    row = original.index("| FLEURS, 560 ms |", start)
    edited = original[:row] + original[row:].replace(" survives |", " holds |", 1)
    card.write_text(edited, encoding="utf-8")
    code, out, _ = run(capsys, "publish", str(root), "--check")
    assert code == 1 and "table region 'verdicts 560ms'" in out and "says 'holds'" in out
    assert run(capsys, "publish", str(root), "--write")[0] == 0
    assert card.read_text(encoding="utf-8") == original


def test_the_forest_plot_marks_fragile_verdicts_by_shape(demo_result, monkeypatch, tmp_path):
    """Hollow diamonds, a dashed interval and a label: not colour alone."""
    import scoring.card.plot as plot  # here: matplotlib is half a second of every worker's start

    drawn = {}
    monkeypatch.setattr(plot, "_save", lambda figure, path: drawn.setdefault("figure", figure))
    key = next(k for k in demo_result.diffs if k[0] == 560)
    plot.forest_plot(demo_result, tmp_path / "forest.png", fragile=frozenset({key}))
    axes = drawn["figure"].axes
    hollow = [
        line
        for axis in axes
        for line in axis.lines
        if line.get_marker() == "D" and line.get_markerfacecolor() == "white"
    ]
    labels = [text.get_text() for axis in axes for text in axis.texts]
    assert len(hollow) == 1 and labels.count("fragile") == 1
    legend = [text.get_text() for legend in drawn["figure"].legends for text in legend.texts]
    assert any("fragile" in text for text in legend)


def test_the_verdicts_cache_follows_the_code_and_can_be_turned_off(monkeypatch, tmp_path):
    """An edit to the statistics is never served old results; mutation runs turn it off."""
    import scoring.card.verdicts as verdicts

    monkeypatch.setenv("SCORING_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("SCORING_NO_VERDICTS_CACHE", raising=False)  # as mutation runs set it
    arrays = (np.array([1, 2]), np.array([2, 2]), np.array([10, 10]))
    before = verdicts._cache_path(arrays, "settings")
    monkeypatch.setattr(verdicts, "_code_digest", lambda: "edited statistics")
    assert verdicts._cache_path(arrays, "settings") not in (None, before)
    monkeypatch.setenv("SCORING_NO_VERDICTS_CACHE", "1")
    assert verdicts._cache_path(arrays, "settings") is None


def test_what_the_cache_holds_is_read_without_a_pool_of_workers(demo_result, monkeypatch, tmp_path):
    """A command whose verdicts are all cached forks no workers (each would only read a
    file); a part the cache lacks is computed again, and every look is what it was."""
    import threading

    from scoring import children
    from scoring.memo import forget_all

    monkeypatch.setenv("SCORING_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("SCORING_NO_VERDICTS_CACHE", raising=False)  # as mutation runs set it
    settings = dict(
        seeds=2,
        resamples=min_resamples_for_holm(COMPARISONS, 0.05),
        draws=min_draws_for_holm(COMPARISONS, 0.05),
        progress=False,
    )
    first = card_verdicts(demo_result, **settings)
    # Where a pool would be forked (a command's own process, two cores), it must not be.
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    monkeypatch.setenv("SCORING_WORKERS", "2")
    monkeypatch.setattr(threading, "active_count", lambda: 1)

    def no_pool(*args, **kwargs):
        raise AssertionError("a pool of workers was forked to read the cache")

    monkeypatch.setattr(children, "worker_pool", no_pool)
    forget_all()  # as a new process: the cache on disk only
    assert card_verdicts(demo_result, **settings) == first
    entries = sorted((tmp_path / "verdicts").iterdir())
    assert len(entries) == 3 * len(first.rows)  # stability, p-value, exact reading
    entries[0].unlink()
    forget_all()
    assert card_verdicts(demo_result, **settings) == first
    assert len(list((tmp_path / "verdicts").iterdir())) == len(entries)


def test_identical_systems_have_p_value_one():
    """Every resampled difference is 0, so both tails hold everything: p is 1, not 2."""
    edits = np.array([3, 5, 8, 2]), np.array([100, 120, 90, 80])
    assert p_value(edits[0], edits[0], edits[1], resamples=1000, seed=1) == 1.0


def test_stability_is_the_share_agreeing_and_the_sample_spread():
    """The bounds' spread is the sample standard deviation across seeds; 95 % agreeing is not
    fragile, fewer is."""
    intervals = np.array([[-0.02, -0.01], [-0.03, 0.001], [-0.025, -0.004], [-0.021, -0.002]])
    found = stability("A better", intervals)
    assert found.agree == 0.75 and found.seeds == 4
    assert found.low_sd == float(np.std(intervals[:, 0], ddof=1))
    assert found.high_sd == float(np.std(intervals[:, 1], ddof=1))
    assert not robustness.Stability(200, 0.95, 0.0, 0.0).fragile
    assert robustness.Stability(200, 0.945, 0.0, 0.0).fragile


# ------------------------------------------------------------ the exact reading


def test_each_rows_exact_reading_is_the_randomisation_test_of_its_sums(demo_result):
    """The row's exact p-value and interval are the randomisation test's on the comparison's
    per-cluster sums, and Holm's exact readings are Holm over those p-values."""
    from scoring.randomisation import randomisation_test

    verdicts = card_verdicts(demo_result, seeds=1, progress=False)
    for row in verdicts.rows[::4]:
        test = randomisation_test(
            *comparison_sums(demo_result, (row.latency, row.set_name, row.comparison)),
            level=demo_result.spec.level,
            draws=verdicts.draws,
            seed=demo_result.spec.seed,
        )
        assert (row.exact_p, row.assignments, row.enumerated) == (
            test.p_value,
            test.assignments,
            test.exact,
        )
        assert (row.exact_low, row.exact_high) == (test.low, test.high)
    assert [row.exact_holm for row in verdicts.rows] == holm_rejections(
        [row.exact_p for row in verdicts.rows], 0.05
    )


def test_the_exact_columns_the_marks_and_the_counts(capsys):
    """Both readings side by side: the exact columns, ≠ where the verdicts differ, and the
    summary's counts, each recounted here from the JSON rows."""
    code, out, _ = run(capsys, "verdicts", str(DEMO), "--json")
    rows = json.loads(out)["comparisons"]
    for row in rows:
        assert row["exact_verdict"] in ("tie", "A better", "B better")
        assert row["readings_differ"] == (row["verdict"] != row["exact_verdict"])
        assert (row["disagreement"] is None) == (not row["readings_differ"])
        if row["clusters"] <= 5:
            assert row["exact_low"] is None and row["exact_high"] is None
        if row["exact_low"] is not None:
            inside = row["exact_low"] <= 0 <= row["exact_high"]
            assert inside == (row["exact_verdict"] == "tie")
    better = [row for row in rows if row["verdict"] != "tie"]
    holding = sum(row["exact_verdict"] != "tie" for row in better)
    surviving = sum(row["exact_holm_rejects"] for row in better)
    differing = sum(row["readings_differ"] for row in rows)
    code, out, _ = run(capsys, "verdicts", str(DEMO))
    assert code == 0
    assert (
        f"Of {len(better)} published 'better' verdicts, {holding} hold under the exact "
        f"test, and {surviving} survive Holm over its p-values. The two readings differ "
        f"on {differing} rows (≠)."
    ) in out
    header = next(line for line in out.splitlines() if line.startswith("Set "))
    for column in ("exact interval (pp)", "exact p", "exact verdict", "exact Holm"):
        assert column in header
    marked = [
        line for line in out.splitlines() if " ms " in line and " − " in line and " ≠ " in line
    ]
    assert len(marked) == differing > 0


def test_a_comparison_on_one_cluster_says_no_test_and_the_run_goes_on(tmp_path, capsys):
    from conftest import write_jsonl

    write_jsonl(tmp_path / "ids/one.jsonl", [{"id": f"c{i}", "cluster": "only"} for i in range(4)])
    write_jsonl(tmp_path / "refs/one.jsonl", [{"id": f"c{i}", "text": "สวัสดีครับ"} for i in range(4)])
    for system, text in (("a", "สวัสดีค่ะ"), ("b", "สวัสดีครับ")):
        write_jsonl(
            tmp_path / f"hypotheses/{system}_560ms_one.jsonl",
            [{"id": f"c{i}", "pred_text": text} for i in range(4)],
        )
    (tmp_path / "card.toml").write_text(
        'latency_ms = 560\nsets = ["one"]\n[systems]\na = "A"\nb = "B"\n'
        '[[comparisons]]\na = "a"\nb = "b"\n[verdicts]\nseeds = 2\nresamples = 1000\n',
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "verdicts", str(tmp_path))
    assert code == 0 and "no test: one cluster" in out


def test_too_few_random_assignments_for_holm_are_one_line(capsys):
    from scoring.randomisation import min_draws_for_holm

    code, out, err = run(capsys, "verdicts", str(DEMO), "--draws", "100")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"use at least {min_draws_for_holm(COMPARISONS, 0.05)}" in err and err.startswith(
        "error: --draws: "
    )


def test_the_forest_plot_draws_the_exact_interval_thin_and_capped(
    demo_result, monkeypatch, tmp_path
):
    """Beside each bootstrap bar, the randomisation interval: a thin black bar with caps, and
    an arrow at the panel's edge for an end that is beyond it or none at all."""
    import math

    import scoring.card.plot as plot

    drawn = {}
    monkeypatch.setattr(plot, "_save", lambda figure, path: drawn.setdefault("figure", figure))
    keys = [k for k in demo_result.diffs if k[0] == 560][:2]
    exact = {keys[0]: (-0.01, 0.02), keys[1]: (-math.inf, math.inf)}
    plot.forest_plot(demo_result, tmp_path / "forest.png", exact=exact)
    lines = [line for axis in drawn["figure"].axes for line in axis.lines]
    thin = [
        line
        for line in lines
        if line.get_color() == "black"
        and line.get_linewidth() < 1
        and len(line.get_xdata()) == 2
        and line.get_xdata()[0] != line.get_xdata()[1]
    ]
    assert len(thin) == 2
    markers = [
        line.get_marker()
        for line in lines
        if line.get_color() == "black" and len(line.get_xdata()) == 1
    ]
    assert markers.count("|") == 2 and markers.count("<") == 1 and markers.count(">") == 1
    legend = [text.get_text() for legend in drawn["figure"].legends for text in legend.texts]
    assert "exact (randomisation) interval" in legend
