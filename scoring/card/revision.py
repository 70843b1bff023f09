"""Another git revision's normaliser, loaded beside the working tree's.

The revision's ``scoring/`` folder is read from git's object store
(``git archive``) into a temporary folder and imported under a name of its
own, so nothing in the user's working tree, index or worktree list changes,
even when the run is interrupted.
"""

from __future__ import annotations

import importlib
import io
import subprocess
import sys
import tarfile
import types
from pathlib import Path

from ..errors import ScoringError
from ..normalizer import Rule

__all__ = ["PACKAGE_DIR", "rules_at_revision"]

PACKAGE_DIR = Path(__file__).resolve().parents[1]  # the imported scoring/ (where, in git)


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, timeout=120)
    except FileNotFoundError:
        raise ScoringError("--against", "needs git, which is not installed") from None


def rules_at_revision(revision: str, workdir: Path) -> tuple[tuple[Rule, ...], str]:
    """``(THAI_CER_PIPELINE of that revision, its commit id)``; files go to ``workdir``."""
    # The checkout is found from where the user stands, not from where this package
    # is installed (an installed wheel lives in site-packages, outside any git).
    repo = Path.cwd()
    top = _git(repo, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise ScoringError(
            repo,
            "is not inside a git repository: --against REV reads the "
            "revision from the checkout you run it in (without "
            "--against, the golden snapshots are the reference)",
        )
    toplevel = Path(top.stdout.decode().strip()).resolve()
    commit = _git(repo, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    if commit.returncode != 0:
        raise ScoringError("--against", f"unknown git revision {revision!r}")
    sha = commit.stdout.decode().strip()
    relative = (
        PACKAGE_DIR.relative_to(toplevel).as_posix()
        if PACKAGE_DIR.is_relative_to(toplevel)
        else "scoring"
    )
    archive = _git(repo, "archive", "--format=tar", sha, "--", relative)
    if archive.returncode != 0:
        raise ScoringError(
            "--against", f"revision {revision!r} has no {relative}/ to take the normaliser from"
        )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(workdir, filter="data")

    # A package object without running the revision's __init__: only the
    # normaliser and what it imports are loaded.
    # Numbered, so a second load in one process reads its own files; the same
    # name in every fresh process keeps the normalisation cache warm.
    number = sum(
        1
        for key in sys.modules
        if key.startswith(f"scoring_at_{sha[:12]}_") and key.count(".") == 0
    )
    name = f"scoring_at_{sha[:12]}_{number}"
    package = types.ModuleType(name)
    package.__path__ = [str(workdir / relative)]
    sys.modules[name] = package
    try:
        module = importlib.import_module(f"{name}.normalizer")
        rules = tuple(module.THAI_CER_PIPELINE)
    except Exception as error:  # any failure of foreign code is the revision's
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]
        raise ScoringError(
            "--against",
            f"the normaliser of revision {revision!r} cannot be "
            f"imported ({type(error).__name__}: {error})",
        ) from None
    return rules, sha
