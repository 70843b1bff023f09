"""The real card's data, from the model's repository on the hub.

The benchmark folder of the model repository holds ``ids/`` and
``hypotheses/``; the card itself is the repository's ``README.md``. They are
downloaded through the hub cache (``snapshot_download`` with allow patterns,
retried, with a progress bar) and copied into the project, each file written
through a temporary file and a rename.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from .errors import ScoringError
from .files import open_mode
from .hub import Hub

__all__ = ["DEFAULT_REPO", "DEFAULT_FOLDER", "CARD_FILE", "fetch_card_data"]

DEFAULT_REPO = "iapp/OpenThai2.0-ASR-Streaming"
DEFAULT_FOLDER = "benchmark"
CARD_FILE = Path("model_card") / "README.md"  # where the root card.toml's [publish] looks


def _copy_atomically(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".tmp")
    os.close(handle)
    try:
        shutil.copyfile(source, temporary)
        os.chmod(temporary, open_mode())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def fetch_card_data(hub: Hub, out: Path, *, repo_id: str = DEFAULT_REPO,
                    revision: str | None = None, folder: str = DEFAULT_FOLDER) -> dict[str, int]:
    """Download ids/, hypotheses/ and the card into ``out``; files counted per kind."""
    folder = folder.strip("/")
    prefix = f"{folder}/" if folder else ""
    patterns = [f"{prefix}ids/*.jsonl", f"{prefix}hypotheses/*.jsonl", "README.md"]
    snapshot = hub.snapshot(repo_id, patterns, revision=revision)
    found = {kind: sorted((snapshot / prefix / kind).glob("*.jsonl"))
             for kind in ("ids", "hypotheses")}
    if not found["ids"] or not found["hypotheses"]:
        missing = " and ".join(f"{prefix}{kind}/" for kind in found if not found[kind])
        raise ScoringError(repo_id, f"has no {missing} at revision {revision or 'main'} "
                                    "(the benchmark folder is another? pass --path FOLDER)")
    # Everything is downloaded before anything is copied: a failed fetch leaves
    # the project's files as they were.
    counts = {}
    for kind, paths in found.items():
        for path in paths:
            _copy_atomically(path, out / kind / path.name)
        counts[kind] = len(paths)
    card = snapshot / "README.md"
    counts["card"] = 0
    if card.is_file():
        _copy_atomically(card, out / CARD_FILE)
        counts["card"] = 1
    return counts
