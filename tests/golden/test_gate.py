"""The gate itself, proven by running pytest on a copy of the golden suite.

Each test copies the golden tests, their snapshots and the demo benchmark to
a temporary folder, changes one thing, and runs pytest there. The snapshot
bookkeeping (stale, unused, update) is shown under xdist, the way CI runs;
the drift messages, which do not depend on xdist, on the figures alone and in
this process (see _run_pytest_here), to keep the suite quick.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from scoring.batch import normalize_texts
from scoring.card import load_card_spec, read_card_texts
from scoring.card.golden import golden_figures
from scoring.card.render import format_value
from tests.copies import copy_golden_suite, fill_real_layout

from .conftest import REPO_ROOT

pytestmark = pytest.mark.slow  # each test runs pytest on a copy of the golden suite

SNAPSHOTS = Path("tests/golden/__snapshots__")
AMBER = SNAPSHOTS / "test_card.ambr"


def copy_suite(destination: Path) -> Path:
    """The golden suite with what it reads, without its self-tests (this file among them), in
    a world of its own (tests/copies.py)."""
    return copy_golden_suite(REPO_ROOT, destination)


CARD_TESTS, PUBLISHED_TESTS = "tests/golden/test_card.py", "tests/golden/test_published_card.py"


def run_pytest(
    root: Path, *args: str, workers: str = "2", tests: str = "tests/golden"
) -> subprocess.CompletedProcess:
    """pytest in ``root``: with xdist workers in a process of its own; without, in this one."""
    if workers == "0":
        return _run_pytest_here(root, tests, *args)
    # Drop the outer run's xdist variables: syrupy reads PYTEST_XDIST_WORKER
    # and would take the inner controller for a worker.
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT_TEST"))
    }
    # Only the plugins the gate uses: whatever else this machine has installed
    # stays out of the copy's runs (and each of them starts quicker).
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "xdist.plugin",
            "-p",
            "syrupy",
            tests,
            "-q",
            "-n",
            workers,
            *args,
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def _copys_module(name: str) -> bool:
    """Modules the copy has under the same names as this checkout: its conftest, its tests."""
    return name in ("conftest", "tests") or name.startswith("tests.")


def _run_pytest_here(root: Path, *args: str) -> subprocess.CompletedProcess:
    """pytest on the copy in this process, as pytester's in-process runs do.

    The copy's tests run this checkout's scoring either way; here they also
    reuse what this process has already read and computed of the demo (a
    fresh process spent about a second on it, and on starting). Everything the
    run touches is put back: the copy's modules out, ours in, the working
    folder, the environment, sys.path, and the live pipeline, which a copy's
    conftest may replace (drop_a_rule).
    """
    import contextlib
    import io

    import scoring.normalizer as normalizer

    ours = {name: module for name, module in sys.modules.items() if _copys_module(name)}
    path = list(sys.path)
    output = io.StringIO()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(root)
            for name in [
                n for n in os.environ if n.startswith(("PYTEST_XDIST", "PYTEST_CURRENT_TEST"))
            ]:
                patch.delenv(name)
            patch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
            patch.setattr(normalizer, "THAI_CER_PIPELINE", normalizer.THAI_CER_PIPELINE)
            for name in ours:
                del sys.modules[name]
            with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
                code = pytest.main(
                    [
                        "-p",
                        "xdist.plugin",
                        "-p",
                        "syrupy",
                        "-p",
                        "no:cacheprovider",
                        "--capture=sys",
                        "-q",
                        "-n",
                        "0",
                        *args,
                    ]
                )
    finally:
        for name in [n for n in sys.modules if _copys_module(n)]:
            del sys.modules[name]
        sys.modules.update(ours)
        sys.path[:] = path
    return subprocess.CompletedProcess(["pytest", *args], int(code), output.getvalue(), "")


def snapshot_files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted((root / SNAPSHOTS).rglob("*"))
        if p.is_file()
    }


def _shared_folder(tmp_path_factory) -> Path:
    """A folder every xdist worker of this run sees (the run's temporary cache)."""
    shared = os.environ.get("SCORING_TEST_CACHE_DIR")
    return Path(shared) if shared else tmp_path_factory.getbasetemp()


@pytest.fixture(scope="session")
def pristine_suite(tmp_path_factory) -> Path:
    """The golden suite copied once per run, its snapshots rewritten for this code.

    The self-tests must not depend on the live snapshots: after a deliberate
    rule change, `pytest -n auto --snapshot-update` rewrites them while these
    tests run, and a copy of the old ones would fail here. Built once, under a
    lock, and shared by the workers.
    """
    import fcntl

    # One per checkout: a copy of the project running these tests builds its own.
    checkout = hashlib.sha256(str(REPO_ROOT).encode()).hexdigest()[:12]
    root = _shared_folder(tmp_path_factory) / f"pristine-golden-suite-{checkout}"
    with open(root.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / ".ready").exists():
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir(parents=True)
            copy_suite(root)
            result = run_pytest(root, "--snapshot-update", workers="0")
            assert result.returncode == 0, result.stdout[-3000:]
            (root / ".ready").touch()
    return root


@pytest.fixture
def suite(tmp_path, pristine_suite):
    """A private copy of the pristine suite, for one test to change."""
    target = tmp_path / "suite"
    shutil.copytree(pristine_suite, target, ignore=shutil.ignore_patterns(".ready"))
    return target


@pytest.fixture
def unrefreshed_suite(tmp_path):
    """A copy of the golden suite as this checkout has it, for a test that never reaches a
    demo snapshot (it selects only the real card's, or stops before any test runs): the
    pristine suite's refresh, one card computed in full, would buy it nothing."""
    return copy_suite(tmp_path / "suite")


def test_changed_80ms_hypothesis_line_names_the_80ms_number_and_the_clip(suite):
    """One edited 80 ms hypothesis line fails the gate, naming the 80 ms figure and the clip."""
    path = suite / "examples/demo/hypotheses/typhoon-asr-streaming-0.6b_80ms_isan.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[4] = lines[4].replace('"pred_text": "', '"pred_text": "ผิดพลาด', 1)
    path.write_text("".join(lines), encoding="utf-8")
    clip_id = lines[4].split('"id": "')[1].split('"')[0]

    result = run_pytest(suite, "-k", "test_demo_figure", workers="0", tests=CARD_TESTS)
    assert result.returncode == 1, result.stdout[-2000:]
    # The values come from this suite's own snapshots, not from figures typed
    # here: a deliberate rule change moves them, and must not fail this test.
    figure = "cer/80ms/isan/typhoon-asr-streaming-0.6b"
    pinned = format_value(figure, golden_figures("demo", suite / SNAPSHOTS)[figure])
    drifted = re.search(
        re.escape(f"card figure '{figure}' (80 ms) of the demo card drifted, from {pinned} to ")
        + r"(\d+\.\d\d) \(\+(\d+\.\d\d) pp\)",
        result.stdout,
    )
    assert drifted, result.stdout[-3000:]
    now, change = Fraction(drifted[1]), Fraction(drifted[2])
    # One inserted word adds edits: the figure rises, by the difference it prints.
    assert now > Fraction(pinned) and abs(now - Fraction(pinned) - change) <= Fraction(1, 100)
    assert "1 clip(s) moved at 80 ms" in result.stdout
    assert (
        "hypothesis now: ผิดพลาด" in result.stdout and "edits now:      {+ผิดพลาด+}" in result.stdout
    )
    # One summary section at the end: the whole picture first.
    summary = result.stdout.split("card gate: what moved on the demo card")[1]
    figures = len(load_card_spec(suite / "examples/demo").figure_names())
    assert f"5 of {figures} figures moved; 0 conclusions flipped; 1 clip scores moved" in summary
    assert f"{figure}" in summary and f"+{drifted[2]} pp" in summary
    assert "python -m scoring impact examples/demo" in summary
    assert f"isan typhoon-asr-streaming-0.6b {clip_id}:" in result.stdout
    assert "aggregate/80ms/average/typhoon-asr-streaming-0.6b" in result.stdout
    # The same system at the headline latency did not move.
    assert "test_demo_figure[cer/560ms/isan/typhoon-asr-streaming-0.6b]" not in result.stdout


def drop_a_rule(root: Path) -> str:
    """Drop one rule of the live pipeline in a copy, through its conftest; its name."""
    from scoring.normalizer import THAI_CER_PIPELINE

    names = [rule.__name__ for rule in THAI_CER_PIPELINE]
    # The curly-quote rule while it exists (its moves are known); else the first rule.
    dropped = "straighten_curly_quotes" if "straighten_curly_quotes" in names else names[0]
    with open(root / "conftest.py", "a", encoding="utf-8") as handle:
        handle.write(
            "\nimport scoring.normalizer as _normalizer\n"
            "_normalizer.THAI_CER_PIPELINE = tuple(rule for rule in "
            f"_normalizer.THAI_CER_PIPELINE if rule.__name__ != {dropped!r})\n"
        )
    # Normalised once, here, into the run's cache (the same rules have the same
    # fingerprint): the processes the copy starts then all read it.
    kept = [rule for rule in THAI_CER_PIPELINE if rule.__name__ != dropped]
    texts = read_card_texts(load_card_spec(root / "examples" / "demo"), progress=False)
    normalize_texts(texts.all_texts(), rules=kept, progress=False)
    return dropped


def test_changed_normalisation_rule_names_numbers_and_clips(suite):
    """Dropping one rule of the live pipeline fails the gate, naming figures and clips."""
    dropped = drop_a_rule(suite)
    result = run_pytest(suite, "-k", "test_demo_figure", workers="0", tests=CARD_TESTS)
    assert result.returncode == 1, result.stdout[-2000:]
    assert "of the demo card drifted, from " in result.stdout
    assert "clip(s) moved" in result.stdout and "edits now:" in result.stdout
    assert "card gate: what moved on the demo card" in result.stdout
    if dropped == "straighten_curly_quotes":
        assert (
            "card figure 'cer/560ms/tvspeech/typhoon-asr-streaming-0.6b' (560 ms) "
            "of the demo card drifted"
        ) in result.stdout
        assert "tvspeech typhoon-asr-streaming-0.6b " in result.stdout
        assert "conclusions flipped" in result.stdout


def test_changed_bootstrap_seed_names_the_intervals(suite):
    """A new seed moves interval ends only, and the message says no clip moved."""
    card = suite / "examples/demo/card.toml"
    card.write_text(
        card.read_text(encoding="utf-8").replace("seed = 1", "seed = 2"), encoding="utf-8"
    )
    result = run_pytest(suite, "-k", "test_demo_figure", workers="0", tests=CARD_TESTS)
    assert result.returncode == 1
    assert "/low' (80 ms) of the demo card drifted" in result.stdout
    assert "/low' (560 ms) of the demo card drifted" in result.stdout
    assert "no clip's edits or reference length moved" in result.stdout
    assert "FAILED tests/golden/test_card.py::test_demo_figure[cer/" not in result.stdout
    assert "FAILED tests/golden/test_card.py::test_demo_figure[aggregate/" not in result.stdout


def test_stale_and_unused_snapshots_fail_under_xdist(suite):
    """A pinned number that no longer matches, and an entry no test uses, fail `pytest -n 2`."""
    amber = suite / AMBER
    text = amber.read_text(encoding="utf-8")
    marker = "# name: test_demo_figure[cer/560ms/fleurs/openthai2.0-asr-streaming]\n  "
    start = text.index(marker) + len(marker)
    end = text.index("\n", start)
    amber.write_text(
        text[:start]
        + "0.5"
        + text[end:]
        + "# name: test_demo_figure[cer/retired/set]\n  0.1\n# ---\n",
        encoding="utf-8",
    )
    result = run_pytest(suite, "--snapshot-details", tests=CARD_TESTS)
    assert result.returncode == 1
    assert (
        "FAILED tests/golden/test_card.py::test_demo_figure"
        "[cer/560ms/fleurs/openthai2.0-asr-streaming]"
    ) in result.stdout
    assert "1 snapshot unused" in result.stdout
    assert "test_demo_figure[cer/retired/set]" in result.stdout
    # Quiet, as the gate runs it: xdist's status line once, not once more after collection.
    assert result.stdout.count("bringing up nodes...") == 1, result.stdout[:500]


def test_snapshot_update_under_xdist_keeps_every_snapshot(suite):
    """`--snapshot-update -n 2` rewrites a stale number, drops only the orphan, corrupts nothing.

    One snapshot is made stale and its true text is left under an orphan name;
    after the update the snapshot folder must be byte for byte the original.
    """
    before = snapshot_files(suite)
    amber = suite / AMBER
    amber.write_text(
        amber.read_text(encoding="utf-8").replace(
            "# name: test_demo_markdown\n",
            "# name: test_demo_markdown\n  'stale'\n# ---\n# name: test_demo_markdown_old\n",
            1,
        ),
        encoding="utf-8",
    )
    result = run_pytest(suite, "--snapshot-update", tests=CARD_TESTS)
    assert result.returncode == 0, result.stdout[-2000:]
    assert "1 snapshot updated. 1 unused snapshot deleted." in result.stdout
    assert snapshot_files(suite) == before


def test_require_real_card_turns_the_skip_into_a_failure(unrefreshed_suite):
    """Without refs/ and hypotheses/, --require-real-card fails and says how to fetch them."""
    suite = unrefreshed_suite
    skipped = run_pytest(suite, "-k", "test_real_markdown", "-rs", workers="0", tests=CARD_TESTS)
    assert skipped.returncode == 0
    for command in (
        "python -m scoring fetch",
        "python -m scoring make-refs --out refs/",
        "pytest -n auto --require-real-card",
    ):
        assert command in skipped.stdout
    required = run_pytest(
        suite, "-k", "test_real_markdown", "--require-real-card", workers="0", tests=CARD_TESTS
    )
    assert required.returncode == 1
    assert "the real card's refs/ and hypotheses/ are not here" in required.stdout


def test_hand_edited_published_card_fails_naming_the_figure(suite):
    """A number typed into the demo's published README fails the gate, with both values."""
    card = suite / "examples/demo/README.md"
    text = card.read_text(encoding="utf-8")
    figure = "aggregate/560ms/average/openthai2.0-asr-streaming"
    marker = f"<!-- scoring:figure {figure} -->"
    start = text.index(marker) + len(marker)
    end = text.index("<!--", start)
    card.write_text(text[:start] + "13.99" + text[end:], encoding="utf-8")

    result = run_pytest(suite, workers="0", tests=PUBLISHED_TESTS)
    assert result.returncode == 1, result.stdout[-2000:]
    assert f"figure {figure}: inline region" in result.stdout
    assert f"says 13.99, the data give {text[start:end]}" in result.stdout
    assert "python -m scoring publish" in result.stdout


def test_the_real_cards_first_run_is_one_line_and_the_command(unrefreshed_suite):
    """The real card's data in place but nothing pinned yet: pytest stops at once, saying how
    to create its snapshots, instead of failing each of its figures as drifted."""
    suite = unrefreshed_suite
    fill_real_layout(suite)
    result = run_pytest(suite, "--require-real-card", workers="2")
    assert result.returncode == 1
    assert (
        "no golden snapshot pins it yet: create them with `python -m scoring rebaseline`"
        in result.stdout
    )
    assert "FAILED" not in result.stdout and "drifted" not in result.stdout
    assert len(result.stdout.strip().splitlines()) <= 2, result.stdout[-2000:]
