"""Shared test settings and helpers for the whole suite."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

# The user's Hugging Face hub is never this suite's: not its cache, not its token, not the
# hub itself. huggingface_hub reads these variables once, when it is first imported, and a
# test that set them later would read (and fill) the user's cache, so they are set here,
# at the suite's first import. The first process of a run makes an empty home; every
# process it starts (xdist workers, the pytest runs of the gate's self-tests) inherits it,
# together with what a test deliberately sets for such a process.
HUB_HOME_ENV = "SCORING_TEST_HF_HOME"
# Every variable through which huggingface_hub finds a cache, a token or an endpoint.
_HUB_VARIABLES = (
    "HF_HOME",
    "HF_HUB_CACHE",
    "HUGGINGFACE_HUB_CACHE",
    "HF_ASSETS_CACHE",
    "HUGGINGFACE_ASSETS_CACHE",
    "HF_XET_CACHE",
    "HF_TOKEN_PATH",
    "HF_STORED_TOKENS_PATH",
    "HF_TOKEN",
    "HUGGING_FACE_HUB_TOKEN",
    "HF_ENDPOINT",
    "HF_HUB_OFFLINE",
)


def _isolate_from_the_users_hub() -> str | None:
    """An empty hub home for this run (its path when this process made it)."""
    if os.environ.get(HUB_HOME_ENV):
        return None
    import tempfile

    home = tempfile.mkdtemp(prefix="scoring-test-hf-home-")
    for name in _HUB_VARIABLES:
        os.environ.pop(name, None)
    os.environ.update(
        {
            HUB_HOME_ENV: home,
            "HF_HOME": home,  # the cache, the token file and the stored tokens live under it
            # A test that forgets the fake hub reaches a closed port here, never a real host.
            "HF_ENDPOINT": "http://127.0.0.1:9",
            "HF_HUB_DISABLE_TELEMETRY": "1",
        }
    )
    return home


_OWN_HUB_HOME = _isolate_from_the_users_hub()

# Nor is the run page of a CI running this suite: the gate appends its summary to the file
# GITHUB_STEP_SUMMARY names, and the suite runs gates of its own (a test that wants one sets
# the variable itself).
os.environ.pop("GITHUB_STEP_SUMMARY", None)

# mutmut runs each mutant in a fork of its own process. There, tqdm's default
# write lock is a semaphore shared by every fork: one mutant killed while
# holding it left every later one waiting forever (a run of "timeouts" with no
# CPU used). A lock of this process's own, and no pool forked inside the fork
# (see tests/MUTANTS.md).
if "MUTANT_UNDER_TEST" in os.environ:
    import threading

    from tqdm import tqdm

    tqdm.set_lock(threading.RLock())
    os.environ.setdefault("SCORING_WORKERS", "1")
    # A mutant keeps the module's source text: cached verdicts would hide it.
    os.environ.setdefault("SCORING_NO_VERDICTS_CACHE", "1")

REPO_ROOT = Path(__file__).resolve().parent


def _this_checkouts_package_first() -> None:
    """Every process a test starts imports this checkout's scoring, whatever is installed.

    This run imports it from here (pytest puts the root first on sys.path), but a
    ``python -m scoring`` or a pytest started in a copy or a temporary folder would import
    the installed one, which may be another checkout's (``pip install -e`` of main, pytest
    run in a branch's worktree): the copy's suite then compared one normaliser's snapshots
    with another's figures. A process that sets PYTHONPATH itself (a copy running its own
    package) keeps its own. mutmut runs each mutant in its own copy and is left as it is.
    """
    if "MUTANT_UNDER_TEST" in os.environ:
        return
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if str(REPO_ROOT) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), *paths])


_this_checkouts_package_first()


def _own_git_work_tree(root: Path) -> bool:
    """The checkout is a git work tree of its own (not, say, mutmut's copy inside one,
    where `git archive HEAD` finds no mutants/scoring)."""
    import subprocess

    top = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--show-toplevel"], capture_output=True, text=True
    )
    return top.returncode == 0 and Path(top.stdout.strip()).resolve() == root.resolve()


needs_git = pytest.mark.skipif(
    not _own_git_work_tree(REPO_ROOT), reason="this checkout is not a git work tree of its own"
)
# Set by a run of this suite for the pytest runs its tests start (the gate's, a copy's).
NESTED_RUN_ENV = "SCORING_NESTED_TEST_RUN"


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` in a pytest that a test of this suite started: no workers of its own.

    The outer run's workers already keep every core busy; a nested run's workers
    would only contend for them, each paying pytest's start-up and the card again.
    (The tests that are about xdist ask for ``-n 2`` by name.)
    """
    return 0 if os.environ.get(NESTED_RUN_ENV) else None


def pytest_configure(config):
    """Every test run normalises into a cache of its own, never the user's.

    Set on the controller before xdist starts its workers, so they (and the
    gate's subprocess runs) share it; removed when the run ends.
    """
    if not os.environ.get(NESTED_RUN_ENV):
        os.environ[NESTED_RUN_ENV] = "1"
        config._scoring_nested_env = True
    if hasattr(config, "workerinput"):
        # Each xdist worker already has a core; a pool of its own (and the
        # pools of the subprocess runs it starts) would only contend for it.
        os.environ.setdefault("SCORING_WORKERS", "1")
        return
    if os.environ.get("SCORING_TEST_CACHE_DIR"):
        return
    import tempfile

    folder = tempfile.mkdtemp(prefix="scoring-test-cache-")
    os.environ["SCORING_TEST_CACHE_DIR"] = folder
    os.environ["SCORING_CACHE_DIR"] = folder
    config._scoring_test_cache = folder
    # The workers and the many subprocess runs (the gate's self-tests, the
    # CLI) each compile and assertion-rewrite the same plugins; with
    # PYTHONDONTWRITEBYTECODE set, every process paid that again (about 0.7 s
    # each). Their bytecode goes to this run's folder, not beside any source.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = _seeded_pycache(os.path.join(folder, "pycache"))
    # The warm-up below only when xdist starts workers for a whole folder of tests or
    # more: a single process computes what its tests need as they need it, and a
    # contributor running a file or a test waits for nothing (`-n auto` on one file of
    # rules took 20 s by the clock with it, 6 s without).
    if not getattr(config.option, "numprocesses", None) or any(
        os.path.isfile(str(arg).split("::")[0]) for arg in config.args
    ):
        return
    # Meanwhile, a collection-only pytest writes there what pytest itself compiles: the
    # test modules and the plugins' packages (Hypothesis, syrupy, anyio, xdist: some 180
    # modules), assertion-rewritten. Each worker rewrote them all again as it started.
    import subprocess
    import sys

    rewriting = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0"],
        cwd=REPO_ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # Normalise the demo card once, here, with every core (before any worker
    # exists): the workers and the gate's subprocess runs then start warm.
    try:
        from scoring.batch import normalize_texts
        from scoring.card import card_from_texts, load_card_spec, read_card_texts
        from scoring.card.verdicts import card_verdicts

        spec = load_card_spec(REPO_ROOT / "examples" / "demo")
        texts = read_card_texts(spec, progress=False)
        normalized = normalize_texts(texts.all_texts(), progress=False)
        # And the card's verdicts (every latency: the published region and the verdicts
        # tests read them), which the workers would otherwise compute, some twice.
        card_verdicts(card_from_texts(texts, normalized), progress=False)
    except Exception:  # a broken demo is for the tests to report, not for setup
        pass
    finally:
        rewriting.wait()


def _seeded_pycache(prefix: str) -> str:
    """The run's bytecode folder, holding already the installed bytecode of what the
    workers import: Python reads bytecode only from the prefix once one is set, and the
    workers, starting together, would otherwise each compile all of it again."""
    import importlib
    import py_compile
    import sys

    for name in (
        "hypothesis",
        "matplotlib.pyplot",
        "pyarrow.parquet",
        "huggingface_hub",
        "scoring.cli",
        "scoring.card.plot",
        "syrupy",
        "xdist",
    ):
        try:
            importlib.import_module(name)
        except Exception:  # a missing extra is for its tests to report
            pass
    for module in list(sys.modules.values()):
        cached = getattr(module, "__cached__", None)
        if not cached:
            continue
        # <dir>/__pycache__/<name>.pyc is read as <prefix><dir>/<name>.pyc under the prefix
        target = prefix + os.path.abspath(cached.replace(os.sep + "__pycache__", ""))
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.isfile(cached):
                # A link, not a copy: a tenth of the time. Python replaces a stale bytecode
                # file by renaming a new one over it, so the installed one is never written.
                os.symlink(cached, target)
            elif str(module.__file__).endswith(".py") and not os.path.exists(target):
                # Never compiled here (a fresh clone's own package, with bytecode writing
                # off): compiled once now, not by every worker and every subprocess run.
                py_compile.compile(module.__file__, cfile=target, doraise=True)
        except (OSError, py_compile.PyCompileError):  # listed twice, or not ours to write
            pass
    return prefix


def pytest_unconfigure(config):
    if getattr(config, "_scoring_nested_env", False):
        os.environ.pop(NESTED_RUN_ENV, None)
    import shutil

    folder = getattr(config, "_scoring_test_cache", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("SCORING_TEST_CACHE_DIR", None)
    if _OWN_HUB_HOME and not hasattr(config, "workerinput"):
        shutil.rmtree(_OWN_HUB_HOME, ignore_errors=True)


def _xdist_status_said_once(config) -> None:
    """xdist, quiet (``-q``, as the gate runs pytest) and not on a terminal, writes its
    status line when it starts the workers and again when they have collected; quiet, both
    are "bringing up nodes...". The same line is written once."""
    reporter = config.pluginmanager.getplugin("terminaldistreporter")
    if reporter is None or not hasattr(reporter, "ensure_show_status"):
        return
    show, said = reporter.ensure_show_status, []

    def show_unless_said() -> None:
        line = reporter.getstatus()
        if said[-1:] != [line]:
            said.append(line)
            show()

    reporter.ensure_show_status = show_unless_said


def pytest_sessionstart(session):
    """The real card's first run, before any snapshot pins it: one line and the command
    that creates them, not a drift failure for each of its figures."""
    _xdist_status_said_once(session.config)
    if "MUTANT_UNDER_TEST" in os.environ:
        # mutmut forks this process for each mutant: what the memos (scoring/memo.py)
        # kept before the fork was computed by unmutated code.
        from scoring.memo import forget_all

        forget_all()
    config = session.config
    if hasattr(config, "workerinput") or config.getoption("update_snapshots", default=False):
        return
    from tests.golden.conftest import FIRST_RUN_HINT, real_card_available, real_card_pinned

    if real_card_available() and not real_card_pinned():
        pytest.exit(FIRST_RUN_HINT, returncode=1)


def pytest_collection_modifyitems(items):
    """The slow tests first, longest first (``slow(seconds=N)``): under xdist a worker
    then never starts one near the end while the other waits for it."""

    def longest_first(item):
        slow = item.get_closest_marker("slow")
        return (slow is None, -(slow.kwargs.get("seconds", 5) if slow else 0))

    items.sort(key=longest_first)


def pytest_addoption(parser):
    parser.addoption(
        "--require-real-card",
        action="store_true",
        help="fail, instead of skip, when the real card's refs/ and hypotheses/ "
        "are absent (also: CARD_REQUIRE_REAL=1)",
    )


def run_cli(capsys, *argv):
    """``(exit code, stdout, stderr)`` of ``python -m scoring ARGV``, run in this process."""
    from scoring.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def interrupt(args, after: float, twice: bool = False, cwd=None, **env_extra) -> None:
    """Run ``python -m scoring ARGS`` cold, Ctrl-C its process group after ``after`` s (and
    again 0.3 s later if ``twice``): it ends in one line, exit 130, with nothing left."""
    import signal
    import subprocess
    import sys
    import time

    # Cold, with the worker pool a user gets (this test's own xdist worker would forbid it).
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    env.update(
        SCORING_NO_CACHE="1", SCORING_WORKERS="2", SCORING_NO_VERDICTS_CACHE="1", **env_extra
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "scoring", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
        cwd=cwd,
    )
    time.sleep(after)
    os.killpg(process.pid, signal.SIGINT)
    if twice:
        time.sleep(0.3)
        try:
            os.killpg(process.pid, signal.SIGINT)
        except ProcessLookupError:
            pass
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail(f"still running 20 s after Ctrl-C at {after} s")
    if process.returncode == 0:
        pytest.skip(f"{args[0]} was done before Ctrl-C at {after} s")
    assert process.returncode == 130 and err == "interrupted\n", (process.returncode, err[-500:])
    time.sleep(0.2)
    with pytest.raises(ProcessLookupError):  # nothing of the run is left
        os.killpg(process.pid, 0)


@pytest.fixture(autouse=True)
def _linked_demo_data_left_as_it_was():
    """A test that rewrote a linked data file of its demo copy in place (tests/copies.py:
    copy_demo) fails, rather than the tests after it that read that file."""
    yield
    import sys

    copies = sys.modules.get("tests.copies")  # not imported: no copy linked to anything
    changed = copies.linked_demo_changes() if copies else []
    if changed:
        pytest.fail(
            f"changed in place the demo data that every copy links to: "
            f"{', '.join(changed)}; replace such a file (tests/copies.py: replace_file)"
        )


def write_jsonl(path: Path, records) -> Path:
    """Write records as JSON Lines, creating parent folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
        encoding="utf-8",
    )
    return path


@pytest.fixture
def tiny_benchmark(tmp_path: Path) -> Path:
    """A three-clip set in the benchmark layout, with two hypothesis files."""
    write_jsonl(
        tmp_path / "ids" / "tiny.jsonl",
        [
            {"id": "c1", "cluster": "v1"},
            {"id": "c2", "cluster": "v1"},
            {"id": "c3", "cluster": "v2"},
        ],
    )
    write_jsonl(
        tmp_path / "refs" / "tiny.jsonl",
        [
            {"id": "c1", "text": "ราคาสองพันห้าร้อยบาท"},
            {"id": "c2", "text": "เขาทำหน้าที่ได้ดี"},
            {"id": "c3", "text": "ประชุม “ด่วน” วันที่ ๑๒"},
        ],
    )
    write_jsonl(
        tmp_path / "hypotheses" / "a.jsonl",
        [
            {"id": "c1", "pred_text": "ราคา 2500 บาท"},
            {"id": "c2", "pred_text": "เขาทําหน้าที่ได้ดี"},
            {"id": "c3", "pred_text": 'ประชุม "ด่วน" วันที่ 12'},
        ],
    )
    write_jsonl(
        tmp_path / "hypotheses" / "b.jsonl",
        [
            {"id": "c1", "pred_text": "ราคาสองพันบาท"},
            {"id": "c2", "pred_text": "เขาทำหน้าที"},
            {"id": "c3", "pred_text": "ประชุมด่วนวันที่สิบสอง"},
        ],
    )
    return tmp_path


# The card gate's summary: collected from every figure failure (on the xdist
# controller too), printed once at the end of the run.
_DRIFTED_CARDS: set[str] = set()


def pytest_runtest_logreport(report):
    if (
        report.when == "call"
        and report.failed
        and "tests/golden/test_card.py::test_" in report.nodeid
        and "_figure[" in report.nodeid
    ):
        _DRIFTED_CARDS.add("demo" if "::test_demo_" in report.nodeid else "real")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not _DRIFTED_CARDS or hasattr(config, "workerinput"):
        return
    from tests.golden.conftest import CARD_ROOTS
    from tests.golden.drift import SNAPSHOT_DIR
    from tests.golden.summary import gate_summary

    for card in sorted(_DRIFTED_CARDS):
        terminalreporter.write_sep("=", f"card gate: what moved on the {card} card")
        try:
            lines = gate_summary(card, CARD_ROOTS[card], SNAPSHOT_DIR)
        except Exception as error:  # the summary must never hide the failures above it
            lines = [f"(no summary: {type(error).__name__}: {error})"]
        for line in lines:
            terminalreporter.write_line(line)


def pytest_collection_finish(session):
    """What is alive once collection ends (the imported modules, the test items) lives
    until the run ends: frozen out of the garbage collector, whose full passes otherwise
    walk all of it again and again (an eighth of the suite's CPU, with newmm's dictionary,
    which scoring.batch freezes itself)."""
    import gc

    gc.freeze()
