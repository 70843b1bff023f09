"""The code's habits, as pyproject.toml sets them: ruff's lint and its format."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO_ROOT


def ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "args",
    [("check", "--no-cache", "."), ("format", "--check", "--no-cache", ".")],
    ids=["ruff check", "ruff format --check"],
)
def test_ruff_finds_nothing_to_change(args):
    done = ruff(*args)
    assert done.returncode == 0, done.stdout + done.stderr
