"""Ctrl-C to the process group of a cold `scoring card`: one line, exit 130, no hang, no
worker left behind; a second Ctrl-C changes nothing."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from conftest import REPO_ROOT


@pytest.mark.slow(seconds=4)
@pytest.mark.parametrize(("after", "twice"), [(0.8, False), (1.5, True)])
def test_ctrl_c_ends_a_cold_card_in_one_line(tmp_path, after, twice):
    root = tmp_path / "demo"
    shutil.copytree(REPO_ROOT / "examples" / "demo", root,
                    ignore=shutil.ignore_patterns("*.py", "README.md"))
    # Cold, with the worker pool a user gets (this test's own xdist worker would forbid it).
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    env.update(SCORING_NO_CACHE="1", SCORING_WORKERS="2")
    process = subprocess.Popen([sys.executable, "-m", "scoring", "card", str(root)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, env=env)
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
        pytest.skip(f"the card was done before Ctrl-C at {after} s")
    assert process.returncode == 130 and err == "interrupted\n", (process.returncode, err[-500:])
    time.sleep(0.2)
    with pytest.raises(ProcessLookupError):  # nothing of the run is left
        os.killpg(process.pid, 0)
