"""The failing gate's verdict and report name the tests that failed, and never say that
nothing moved when tests failed for another reason; a green gate leaves no failed run's
report behind."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

from conftest import REPO_ROOT
from scoring.card import load_card_spec
from scoring.card.impact import impact_against_golden
from scoring.gate import failed_tests, failure_report, format_failed

FAILING_SUITE = """
import pytest

def test_passes():
    pass

def test_fails():
    assert 1 == 2

@pytest.mark.parametrize("n", [1, 2, 3])
def test_some_fail(n):
    assert n != 2

@pytest.fixture
def broken():
    raise RuntimeError("the fixture broke")

def test_errors(broken):
    pass
"""


def test_the_failed_tests_are_the_ones_pytest_itself_reports(tmp_path):
    """Read from pytest's JUnit report, they are exactly the FAILED and ERROR lines of
    pytest's own summary (the oracle), as node ids a user can run again."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_mixed.py").write_text(
        textwrap.dedent(FAILING_SUITE), encoding="utf-8"
    )
    junit = tmp_path / "report.xml"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-q",
            "-rfE",
            f"--junit-xml={junit}",
            "tests",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
    )
    assert done.returncode == 1, done.stdout[-2000:]
    reported = re.findall(r"^(?:FAILED|ERROR) (\S+)", done.stdout, re.M)
    assert len(reported) == 3
    assert sorted(failed_tests(junit, tmp_path)) == sorted(reported)


def test_a_missing_or_broken_report_names_no_test(tmp_path):
    (tmp_path / "broken.xml").write_text("<testsuites><testsuite>", encoding="utf-8")
    assert failed_tests(tmp_path / "missing.xml", tmp_path) == []
    assert failed_tests(tmp_path / "broken.xml", tmp_path) == []


def test_the_verdict_names_the_first_few_and_counts_them_all():
    failed = [f"tests/t.py::test_{n}" for n in range(5)]
    line = format_failed(failed, 1)
    assert line.startswith("5 tests failed (")
    assert all(name in line for name in failed[:3]) and failed[3] not in line
    assert line.endswith(" and 2 more)")
    assert format_failed(failed[:1], 1) == "1 test failed (tests/t.py::test_0)"
    assert format_failed([], 4) == "pytest exit 4, no failing test named"


def test_a_report_where_nothing_moved_says_why_the_gate_failed():
    """The card as pinned (nothing moved) and one failing test: the report names the test,
    and does not say 'Nothing moved'."""
    impact, _ = impact_against_golden(
        load_card_spec(REPO_ROOT / "examples" / "demo"), "demo", clips_per_set=0
    )
    assert impact.nothing_moved
    failed = ["tests/unit/test_workflow.py::test_it_lints"]
    text = failure_report(impact, failed, 1, "owner/model at abc123")
    assert "Nothing moved" not in text
    assert "no figure, conclusion or clip moved. The gate failed for another reason" in text
    assert "## Tests that failed\n\n- `tests/unit/test_workflow.py::test_it_lints`\n" in text
    assert "Data: owner/model at abc123 (as fetched)." in text
    assert "None named (pytest exit 3)." in failure_report(impact, [], 3, None)


def test_a_green_gate_removes_the_report_and_plot_of_a_failed_run(tmp_path, monkeypatch):
    """A failed run's report and forest plot, left beside a green run's, would be taken for
    its own: the green gate removes them (here without the hub: --no-fetch, its references
    from the cache, a card with no published file, and a suite that passes)."""
    from scoring.gate import refs_cache_key, run_gate

    (tmp_path / "ids").mkdir()
    (tmp_path / "ids" / "tiny.jsonl").write_text(
        '{"id": "c1", "cluster": "v1"}\n', encoding="utf-8"
    )
    (tmp_path / "card.toml").write_text(
        'title = "t"\nlatency_ms = 560\nsets = ["tiny"]\n[systems.a]\ndisplay = "A"\n',
        encoding="utf-8",
    )
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_passes.py").write_text(
        "def test_passes():\n    pass\n", encoding="utf-8"
    )
    cache = tmp_path / "refs-cache"
    (cache / refs_cache_key(tmp_path)).mkdir(parents=True)
    (cache / refs_cache_key(tmp_path) / ".complete").touch()
    report, plot = tmp_path / "card-impact.md", tmp_path / "card-forest.png"
    report.write_text("# an old failure\n", encoding="utf-8")
    plot.write_bytes(b"\x89PNG old")
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    said = []
    result = run_gate(
        tmp_path,
        hub=None,
        refs_cache=cache,
        report=report,
        plot=plot,
        pytest_args=("-q", "-p", "no:cacheprovider", "tests"),
        say=said.append,
        fetch=False,
    )
    assert result.passed and result.refs_from_cache, said
    assert said[-1] == "5/5 the card is exactly what the data give, on the hub too"
    assert not report.exists() and not plot.exists()
