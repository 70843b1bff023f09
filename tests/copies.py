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

import os
import re
import shutil
import subprocess
from pathlib import Path

__all__ = [
    "REAL_PIN",
    "SELF_TESTS",
    "copy_checkout",
    "copy_demo",
    "copy_golden_suite",
    "copy_project",
    "drop_real_pins",
    "fill_real_layout",
    "git_commit_all",
    "holds_the_demos_data",
    "linked_demo_changes",
    "replace_file",
]

# The golden suite's tests that copy the whole checkout (or read it, as the demo's realism
# checks do, or copy the demo with this module, as the reader corpus's does): a copy of the
# golden suite runs without them.
SELF_TESTS = (
    "test_gate.py",
    "test_rebaseline.py",
    "test_copies.py",
    "test_demo_realism.py",
    "test_reader_corpus.py",
)
# What only a self-test reads: the reader corpus's cards, keys and their helper.
SELF_TESTS_DATA = ("reader_corpus", "reader_corpus_key.py")
REAL_PIN = "test_real_"  # every snapshot of the real card: figures, markdown, ledgers
SNAPSHOTS = Path("tests/golden/__snapshots__")
# The real card's data, at the project's root (see .gitignore).
REAL_DATA = ("ids", "refs", "hypotheses", "model_card", ".fetched.json")
_AMBER_ENTRY = re.compile(r"^# name: (\S+).*?^# ---\n", re.M | re.S)


def drop_real_pins(snapshots: Path) -> None:
    """Take every snapshot of the real card out of a copied snapshot folder."""
    for amber in snapshots.glob("*.ambr"):
        text = amber.read_text(encoding="utf-8")
        kept = _AMBER_ENTRY.sub(
            lambda m: "" if m.group(1).startswith(REAL_PIN) else m.group(0), text
        )
        if kept != text:
            amber.write_text(kept, encoding="utf-8")
    for ledger in snapshots.glob(f"*/{REAL_PIN}*"):
        ledger.unlink()


def _copy_tree(source: Path, target: Path, *left_out: str) -> None:
    shutil.copytree(
        source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", *left_out)
    )


def copy_golden_suite(source: Path, destination: Path) -> Path:
    """The golden suite with what it reads (the root files, the demo), without its
    self-tests; the package itself is the running one."""
    destination.mkdir(parents=True, exist_ok=True)
    for name in ("pyproject.toml", "conftest.py", "card.toml"):
        shutil.copy2(source / name, destination / name)
    (destination / "tests").mkdir()
    shutil.copy2(source / "tests" / "__init__.py", destination / "tests" / "__init__.py")
    _copy_tree(
        source / "tests" / "golden", destination / "tests" / "golden", *SELF_TESTS, *SELF_TESTS_DATA
    )
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
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=source,
        capture_output=True,
        check=True,
    ).stdout
    for name in filter(None, listed.decode().split("\0")):
        if name.split("/")[0] in REAL_DATA and name not in (
            "ids/README.md",
            "hypotheses/README.md",
        ):
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


# ------------------------------------------------------------ copies of the demo to edit

DEMO = Path(__file__).resolve().parents[1] / "examples" / "demo"
# One untouched copy of the demo per process, whose data files every copy_demo links to.
_linked = {"root": None, "state": None}


def _state_of(root: Path, names) -> dict:
    state = {}
    for name in names:
        try:
            stat = os.stat(os.path.join(root, name))
            state[name] = (stat.st_size, stat.st_mtime_ns, stat.st_mode)
        except OSError:
            state[name] = None
    return state


def _untouched_demo() -> Path:
    if _linked["root"] is None:
        import atexit
        import tempfile

        root = Path(tempfile.mkdtemp(prefix="scoring-test-demo-")) / "demo"
        shutil.copytree(DEMO, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
        owner = os.getpid()  # a process forked from this one (mutmut's) leaves it be
        atexit.register(lambda: os.getpid() == owner and shutil.rmtree(root.parent, True))
        names = [str(path.relative_to(root)) for path in root.rglob("*.jsonl")]
        _linked.update(root=root, state=_state_of(root, names))
    return _linked["root"]


def copy_demo(target: Path, *left_out: str) -> Path:
    """The demo at ``target``, to edit, without its generator (``*.py``) and ``left_out``.

    Its data files (``*.jsonl``: ids, references, hypotheses) are hard links to one
    untouched copy of this process: some 130 files of 7 MB, copied for each of hundreds
    of tests, were a tenth of the suite's time. Every other file is copied. A test that
    changes a data file replaces it (``replace_file``), never rewrites it in place, which
    would change it in every copy; ``linked_demo_changes`` finds one that did.
    """
    source = _untouched_demo()

    def link_data(path, copy):
        if path.endswith(".jsonl"):
            try:
                return os.link(path, copy)
            except OSError:  # another file system: a copy, as before
                pass
        return shutil.copy2(path, copy)

    shutil.copytree(
        source,
        target,
        copy_function=link_data,
        ignore=shutil.ignore_patterns("*.py", "__pycache__", *left_out),
    )
    return target


def replace_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as a new file: a linked data file stays the others'."""
    path.unlink(missing_ok=True)
    path.write_text(text, encoding="utf-8")


def holds_the_demos_data(root: Path) -> bool:
    """``root`` (a copy_demo) holds exactly the demo's data files, each still a link to the
    untouched copy, which is as it was: its data are the demo's, byte for byte."""
    source, state = _linked["root"], _linked["state"]
    if source is None or _state_of(source, state) != state:  # the guard will say which
        return False
    names = {str(path.relative_to(root)) for path in root.rglob("*.jsonl")}
    if names != set(state):
        return False
    return all(
        os.path.samestat(os.stat(os.path.join(root, name)), os.stat(os.path.join(source, name)))
        for name in names
    )


def linked_demo_changes() -> list[str]:
    """The untouched copy's data files that a test changed in place (the copy is then made
    again); nothing if no copy of this process linked to it yet."""
    root, before = _linked["root"], _linked["state"]
    if root is None:
        return []
    now = _state_of(root, before)
    changed = sorted(name for name in before if before[name] != now[name])
    if changed:
        shutil.rmtree(root.parent, ignore_errors=True)
        _linked.update(root=None, state=None)
    return changed
