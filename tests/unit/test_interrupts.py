"""Ctrl-C to the process group of a cold command: one line, exit 130, no hang, no worker
left behind, nothing half-written; a second Ctrl-C changes nothing.

`card` is interrupted at two moments (once twice); `ablate`, `impact`, `verdicts` and
`publish --write` once each, while their normalisation pool or bootstrap runs."""

from __future__ import annotations

import shutil
import signal
from pathlib import Path

import pytest

from conftest import REPO_ROOT, interrupt, needs_git


def demo_copy(tmp_path, keep_card: bool = False):
    root = tmp_path / "demo"
    left_out = ("*.py",) if keep_card else ("*.py", "README.md")
    shutil.copytree(REPO_ROOT / "examples" / "demo", root,
                    ignore=shutil.ignore_patterns(*left_out))
    return root


@pytest.mark.slow(seconds=4)
@pytest.mark.parametrize(("after", "twice"), [(0.8, False), (1.5, True)])
def test_ctrl_c_ends_a_cold_card_in_one_line(tmp_path, after, twice):
    interrupt(["card", str(demo_copy(tmp_path))], after, twice)


@pytest.mark.slow(seconds=3)
@pytest.mark.parametrize("command", ["ablate", "verdicts",
                                     pytest.param("impact", marks=needs_git)])
def test_ctrl_c_ends_ablate_verdicts_and_impact_in_one_line(tmp_path, command):
    if command == "impact":  # against HEAD: its rules from git, its texts normalised cold
        interrupt(["impact", "--against", "HEAD"], 1.2, cwd=REPO_ROOT)
    else:
        interrupt([command, str(demo_copy(tmp_path))], 1.2)


@pytest.mark.slow(seconds=2)
def test_ctrl_c_during_publish_write_leaves_the_card_whole(tmp_path):
    root = demo_copy(tmp_path, keep_card=True)
    card = root / "README.md"
    original = card.read_text(encoding="utf-8")
    card.write_text(original.replace("value: ", "value: 1", 1), encoding="utf-8")
    edited = card.read_text(encoding="utf-8")
    interrupt(["publish", str(root), "--write"], 1.0)
    assert card.read_text(encoding="utf-8") in (edited, original)  # before or after, never half
    assert sorted(p.name for p in root.iterdir()) == [".eval_results", "README.md", "card.toml",
                                                       "hypotheses", "ids", "refs"]
    assert [p.name for p in (root / ".eval_results").iterdir()] == ["cer.yaml"]


def test_a_ctrl_c_swallowed_on_its_way_still_ends_the_run(monkeypatch, capsys):
    """A KeyboardInterrupt raised inside a finaliser (or a callback at fork) is only reported
    by Python, and the run goes on: it still ends as interrupted, with no traceback."""
    from scoring import cli

    class SwallowsTheCtrlC:
        def __del__(self):
            signal.raise_signal(signal.SIGINT)  # the handler raises here; Python reports it

    def run_card(args):
        SwallowsTheCtrlC()
        return 0

    monkeypatch.setattr(cli, "run_card", run_card)
    assert cli.main(["card"]) == 130
    out, err = capsys.readouterr()
    assert err == "interrupted\n" and "Traceback" not in err


def test_a_swallowed_ctrl_c_is_delivered_again_and_stops_the_work_at_once(monkeypatch, capsys):
    """Swallowed by a callback at fork (logging's, as a pool worker starts), the Ctrl-C is
    raised again in the main thread: the work after it stops, without waiting for the
    watchdog (held off here, so only the redelivery can stop it)."""
    import time

    from scoring import cli, interrupts

    class SwallowsTheCtrlC:
        def __del__(self):
            signal.raise_signal(signal.SIGINT)

    steps = []

    def run_card(args):
        SwallowsTheCtrlC()
        for step in range(300):  # three seconds of work, unless the Ctrl-C stops it
            steps.append(step)
            time.sleep(0.01)
        return 0

    monkeypatch.setattr(cli, "run_card", run_card)
    monkeypatch.setattr(interrupts.Interrupts, "GRACE_SECONDS", 600.0)
    assert cli.main(["card"]) == 130
    assert len(steps) < 300, "the run went on to its end after the Ctrl-C"
    assert capsys.readouterr().err == "interrupted\n"


def test_an_interrupted_worker_pool_is_killed_not_waited_for():
    """A pool left by an exception kills its workers and returns at once: a worker killed
    while sending its result would otherwise keep `shutdown(wait=True)` waiting for ever."""
    import multiprocessing
    import time

    from scoring.children import worker_pool

    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("the pools fork")
    def running(pid: int) -> bool:
        # From the kernel, not from multiprocessing's bookkeeping: the pool's own manager
        # thread may reap a killed worker first, and Process.is_alive() then never learns it.
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return False
        return state not in ("Z", "X")

    if not Path("/proc/self/stat").exists():
        pytest.skip("reads process states from /proc")
    with pytest.raises(KeyboardInterrupt):
        with worker_pool(2, multiprocessing.get_context("fork")) as pool:
            pool.submit(time.sleep, 60)
            pids = [process.pid for process in pool._processes.values()]
            raise KeyboardInterrupt
    deadline = time.monotonic() + 5
    while any(running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pids and not any(running(pid) for pid in pids)
