"""Copies of this project for the tests that run it whole: each builds its own world.

The gate's self-tests, the contributor's story (rebaseline) and the maintainer's story
(the gate against the fake hub) each run the project in a copy. What a copy holds
depends only on this checkout's code, its golden suite and its demo, never on what
else the checkout holds:

- the real card's data (``ids/*.jsonl``, ``refs/``, ``hypotheses/*.jsonl``,
  ``model_card/``, ``.fetched.json``) is never copied;
- the real card's pins are taken out of the copied snapshots, whether they are only
  in the working tree or pinned and committed, as a maintainer's checkout holds them.

A test that wants the real card in its copy puts it there itself (``fill_real_layout``).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

__all__ = ["REAL_PIN", "SELF_TESTS", "copy_checkout", "copy_golden_suite", "copy_project",
           "drop_real_pins", "fill_real_layout", "git_commit_all"]

# The golden suite's tests that copy the whole checkout (or read it, as the demo's realism
# checks do): a copy of the golden suite runs without them.
SELF_TESTS = ("test_gate.py", "test_rebaseline.py", "test_copies.py", "test_demo_realism.py")
REAL_PIN = "test_real_"  # every snapshot of the real card: figures, markdown, ledgers
SNAPSHOTS = Path("tests/golden/__snapshots__")
# The real card's data, at the project's root (see .gitignore).
REAL_DATA = ("ids", "refs", "hypotheses", "model_card", ".fetched.json")
_AMBER_ENTRY = re.compile(r"^# name: (\S+).*?^# ---\n", re.M | re.S)


def drop_real_pins(snapshots: Path) -> None:
    """Take every snapshot of the real card out of a copied snapshot folder."""
    for amber in snapshots.glob("*.ambr"):
        text = amber.read_text(encoding="utf-8")
        kept = _AMBER_ENTRY.sub(lambda m: "" if m.group(1).startswith(REAL_PIN) else m.group(0),
                                text)
        if kept != text:
            amber.write_text(kept, encoding="utf-8")
    for ledger in snapshots.glob(f"*/{REAL_PIN}*"):
        ledger.unlink()


def _copy_tree(source: Path, target: Path, *left_out: str) -> None:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc",
                                                                  *left_out))


def copy_golden_suite(source: Path, destination: Path) -> Path:
    """The golden suite with what it reads (the root files, the demo), without its
    self-tests; the package itself is the running one."""
    destination.mkdir(parents=True, exist_ok=True)
    for name in ("pyproject.toml", "conftest.py", "card.toml"):
        shutil.copy2(source / name, destination / name)
    (destination / "tests").mkdir()
    shutil.copy2(source / "tests" / "__init__.py", destination / "tests" / "__init__.py")
    _copy_tree(source / "tests" / "golden", destination / "tests" / "golden", *SELF_TESTS)
    drop_real_pins(destination / SNAPSHOTS)
    _copy_tree(source / "examples" / "demo", destination / "examples" / "demo", "*.py")
    return destination


def copy_project(source: Path, destination: Path) -> Path:
    """The golden suite, and the package beside it (a copy that runs its own code)."""
    copy_golden_suite(source, destination)
    _copy_tree(source / "scoring", destination / "scoring")
    return destination


def git_commit_all(root: Path, message: str) -> None:
    git = ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t"]
    if not (root / ".git").exists():
        subprocess.run(git + ["init", "-q"], cwd=root, check=True, capture_output=True)
    for command in (["add", "-A"], ["commit", "-qm", message]):
        subprocess.run(git + command, cwd=root, check=True, capture_output=True)


def copy_checkout(source: Path, destination: Path) -> Path:
    """The checkout's files as they are now (committed or not, git's ignored files left
    out), committed in a new repository: HEAD there is this working tree."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=source, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        if name.split("/")[0] in REAL_DATA and name not in ("ids/README.md",
                                                            "hypotheses/README.md"):
            continue  # the real card's data, had it been committed: never the copy's
        path = source / name
        if path.is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, destination / name)
    drop_real_pins(destination / SNAPSHOTS)
    git_commit_all(destination, "before")
    return destination


def fill_real_layout(root: Path) -> None:
    """The real card's data in a copy, as fetch and make-refs leave it: the demo's ids,
    references and hypotheses at the root."""
    for folder in ("ids", "refs", "hypotheses"):
        (root / folder).mkdir(exist_ok=True)
        for path in sorted((root / "examples" / "demo" / folder).glob("*.jsonl")):
            shutil.copy2(path, root / folder / path.name)
