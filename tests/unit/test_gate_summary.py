"""With GITHUB_STEP_SUMMARY set, the gate appends its run's summary to that file in markdown,
green, red or stopped: each step's result; the figures that moved and the verdicts that
flipped; the numbers of the published card that differ; and the fragile or few-cluster
verdicts among those that moved. Each test runs the gate on a small card of its own
(--no-fetch, its references from the cache, no hub) and reads what was written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_cli, write_jsonl
from scoring.card import compute_card, load_card_spec
from scoring.card.golden import LEDGER_HEADER, ledger_path
from scoring.errors import ScoringError
from scoring.gate import refs_cache_key, run_gate
from scoring.gate_summary import STEP_SUMMARY_ENV
from scoring.jsonl import read_hypotheses, read_ids
from scoring.robustness import FEW_CLUSTERS

REFERENCE = "สวัสดีครับวันนี้อากาศดี"
COMPARISON = "diff/560ms/tiny/a-vs-b"
EARLIER_RUN = "## an earlier step's summary\n"
CARD_TOML = """title = "Tiny"
latency_ms = 560
sets = ["tiny"]
[set_names]
tiny = "Tiny"
[systems]
a = "A"
b = "B"
[[comparisons]]
a = "a"
b = "b"
[publish]
file = "README.md"
"""
PUBLISHED = """# A

Tiny: <!-- scoring:figure cer/560ms/tiny/a -->?<!-- scoring:end --> % CER.

<!-- scoring:differences a-vs-b 560ms -->
<!-- scoring:end -->
"""


@pytest.fixture
def project(tmp_path, capsys, monkeypatch):
    """A card of one set (12 clips in 6 clusters) and two systems that make the same
    errors, its published card up to date, its figures and ledger pinned as the golden
    snapshots, a suite of one passing test, and its references in the gate's cache."""
    root = tmp_path / "project"
    clips = [(f"c{n}", f"v{n // 2}") for n in range(12)]
    write_jsonl(root / "ids/tiny.jsonl", [{"id": c, "cluster": k} for c, k in clips])
    write_jsonl(root / "refs/tiny.jsonl", [{"id": c, "text": REFERENCE} for c, _ in clips])
    for system in "ab":
        write_jsonl(
            root / f"hypotheses/{system}_560ms_tiny.jsonl",
            [{"id": c, "pred_text": REFERENCE[:-2]} for c, _ in clips],
        )
    (root / "card.toml").write_text(CARD_TOML, encoding="utf-8")
    (root / "README.md").write_text(PUBLISHED, encoding="utf-8")
    code, _, err = run_cli(capsys, "publish", str(root), "--write")
    assert code == 0, err
    pin_golden_snapshots(root)
    (root / "tests/test_suite.py").write_text("def test_passes():\n    pass\n", encoding="utf-8")
    cache = tmp_path / "refs-cache" / refs_cache_key(root)
    cache.mkdir(parents=True)
    (cache / "tiny.jsonl").write_bytes((root / "refs/tiny.jsonl").read_bytes())
    (cache / ".complete").touch()
    summary = tmp_path / "step-summary.md"
    summary.write_text(EARLIER_RUN, encoding="utf-8")
    monkeypatch.setenv(STEP_SUMMARY_ENV, str(summary))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    return root


def pin_golden_snapshots(root: Path) -> None:
    """The card's figures and ledger where the gate reads what it pins, as syrupy writes
    them (tests/golden/snapshot_format.py)."""
    result = compute_card(load_card_spec(root), progress=False)
    snapshots = root / "tests/golden/__snapshots__"
    (snapshots / "test_card").mkdir(parents=True)
    (snapshots / "test_card.ambr").write_text(
        "".join(
            f"# name: test_real_figure[{name}]\n  {value!r}\n# ---\n"
            for name, value in result.figures().items()
        ),
        encoding="utf-8",
    )
    rows = ["\t".join(LEDGER_HEADER)] + ["\t".join(map(str, row)) for row in result.ledger("tiny")]
    ledger_path("real", "tiny", snapshots).write_text("\n".join(rows) + "\n", encoding="utf-8")


def gate(root: Path) -> tuple[object, list[str], str]:
    """The gate's result, the lines it said, and what it appended to the summary file."""
    said: list[str] = []
    result = run_gate(
        root,
        hub=None,
        refs_cache=root.parent / "refs-cache",
        report=root / "card-impact.md",
        plot=None,
        say=said.append,
        pytest_args=("-q", "-p", "no:cacheprovider", "tests"),
        fetch=False,
    )
    written = Path(root.parent / "step-summary.md").read_text(encoding="utf-8")
    assert written.startswith(EARLIER_RUN)  # appended, never replacing another step's
    return result, said, written[len(EARLIER_RUN) :]


def step_rows(summary: str) -> dict[int, tuple[str, str]]:
    """``{step: (mark, result)}`` from the summary's table of steps."""
    return {
        int(step): (mark, text)
        for mark, step, text in re.findall(r"^\| (\S+) \| (\d)/5 \| (.*) \|$", summary, re.M)
    }


def section(summary: str, heading: str) -> str:
    """The text under a ``###`` heading, up to the next one."""
    start = summary.index(f"### {heading}")
    end = summary.find("\n### ", start + 1)
    return summary[start : end if end > 0 else None]


def test_a_green_gate_says_each_step_passed_and_that_nothing_moved(project):
    result, said, summary = gate(project)
    assert result.passed
    assert summary.startswith("## ✅ Card gate passed")
    rows = step_rows(summary)
    assert sorted(rows) == [1, 2, 3, 4, 5]
    assert rows[1][0] == "⏭️" and all(rows[step][0] == "✅" for step in (2, 3, 4, 5))
    for line in said:  # each step's result, as the gate said it
        if re.match(r"\d/5 ", line):
            assert rows[int(line[0])][1] == line[4:]
    assert "Nothing: every test passed" in section(summary, "What moved")
    assert "Fragile" not in summary and "differs from the data" not in summary


def test_a_red_gate_shows_what_moved_what_flipped_the_hub_cards_numbers_and_shaky_verdicts(project):
    """B now drops three more characters of every clip, and a test fails: the figures that
    moved are those the card computes differently now, the verdict flips from a tie, the
    published card's differences are named, and the comparison rests on few clusters."""
    before = compute_card(load_card_spec(project), progress=False).figures()
    path = project / "hypotheses/b_560ms_tiny.jsonl"
    write_jsonl(
        path, [{"id": c, "pred_text": text[:-3]} for c, text in read_hypotheses(path).items()]
    )
    (project / "tests/test_suite.py").write_text(
        "def test_fails():\n    assert False\n", encoding="utf-8"
    )
    after = compute_card(load_card_spec(project), progress=False).figures()
    moved = {name for name in after if after[name] != before[name]}
    assert before[f"{COMPARISON}/tie"] and not after[f"{COMPARISON}/tie"]

    result, _, summary = gate(project)
    assert not result.passed and summary.startswith("## ❌ Card gate failed")
    rows = step_rows(summary)
    assert rows[3][0] == rows[4][0] == rows[5][0] == "❌" and rows[2][0] == "✅"
    assert "tests/test_suite.py::test_fails" in rows[5][1]

    what_moved = section(summary, "What moved")
    assert (
        set(re.findall(r"^\| `([^`]+)` \| [^|]+ \| [^|]+ \| [^|]*\|$", what_moved, re.M)) == moved
    )
    verdict = "A better" if after[f"{COMPARISON}/estimate"] < 0 else "B better"
    assert f"| `verdict of {COMPARISON}` | tie | **{verdict}** |" in what_moved

    hub = section(summary, "The card file README.md")
    published = {name for name in moved if name.startswith(COMPARISON)}
    assert all(name in hub for name in published), hub
    assert "cer/560ms/tiny/a" not in hub  # unmoved: the card still prints it right

    shaky = section(summary, "Fragile or few-cluster verdicts among those that moved")
    clusters = len(set(read_ids(project / "ids/tiny.jsonl")[1]))
    assert clusters < FEW_CLUSTERS
    [row] = [line for line in shaky.splitlines() if line.startswith(f"| `{COMPARISON}`")]
    assert f"| {verdict} |" in row and f"| {clusters} † |" in row
    assert "card-impact.md" in summary


def test_a_gate_that_stops_at_a_step_says_which_and_why(project):
    """Step 1 without the hub and without ids: the gate stops in one line, exit 2 on the
    command line; the summary names the step and says why."""
    (project / "ids/tiny.jsonl").unlink()
    with pytest.raises(ScoringError) as stopped:
        gate(project)
    summary = (project.parent / "step-summary.md").read_text(encoding="utf-8")
    summary = summary[len(EARLIER_RUN) :]
    assert summary.startswith(f"## ❌ Card gate stopped: {stopped.value}")
    assert step_rows(summary)[1][0] == "❌" and "What moved" not in summary


def test_a_summary_that_cannot_be_written_is_one_line_and_the_verdict_stands(project, monkeypatch):
    monkeypatch.setenv(STEP_SUMMARY_ENV, str(project))  # a folder: no file can be appended
    said: list[str] = []
    result = run_gate(
        project,
        hub=None,
        refs_cache=project.parent / "refs-cache",
        report=project / "card-impact.md",
        plot=None,
        say=said.append,
        pytest_args=("-q", "-p", "no:cacheprovider", "tests"),
        fetch=False,
    )
    assert result.passed
    [warning] = [line for line in said if "summary could not be written" in line]
    assert str(project) in warning


def test_the_suites_own_gates_never_write_to_the_run_page_of_the_ci_running_it():
    """The suite runs gates of its own (here, and the gate's end-to-end tests); run by a gate
    on GitHub Actions, their summaries would land on that gate's run page. The suite's
    conftest drops the variable as it is first imported."""
    import os
    import subprocess
    import sys

    from conftest import REPO_ROOT

    done = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import os, conftest; print(os.environ.get({STEP_SUMMARY_ENV!r}, 'unset'))",
        ],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, STEP_SUMMARY_ENV: "/the/ci/run/page.md"},
    )
    assert done.returncode == 0 and done.stdout == "unset\n", done.stdout + done.stderr
