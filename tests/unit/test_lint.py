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


def test_no_function_of_the_card_is_over_sixty_lines():
    """Each step of the card's code fits on a screen: no function in scoring/card/ is over 60
    lines as written, which ``ruff format --check`` above keeps as ruff writes them."""
    import ast

    longer = [
        f"{path.name}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines"
        for path in sorted((REPO_ROOT / "scoring" / "card").glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > 60
    ]
    assert not longer, "split these by what they do:\n" + "\n".join(longer)
