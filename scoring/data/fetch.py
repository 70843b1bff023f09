"""The real card's data, from the model's repository on the hub.

The benchmark folder of the model repository holds ``ids/`` and
``hypotheses/``; the card itself is the repository's ``README.md``. They are
downloaded through the hub cache (``snapshot_download`` with allow patterns,
retried, with a progress bar) and mirrored into the project: each file is
written through a temporary file and a rename, a file gone upstream is
removed, and what was mirrored (the commit, each file's digest) is recorded in
``FETCHED``. A file there that fetch did not write (or that was edited since)
is never overwritten or removed silently: fetch refuses unless forced.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ScoringError
from ..files import open_mode
from .hub import Hub

__all__ = [
    "DEFAULT_REPO",
    "DEFAULT_FOLDER",
    "CARD_FILE",
    "FETCHED",
    "Fetched",
    "LocalEdits",
    "fetch_card_data",
    "fetched_card",
    "fetched_original",
    "fetched_revision",
    "fetched_state",
]

DEFAULT_REPO = "iapp/OpenThai2.0-ASR-Streaming"
DEFAULT_FOLDER = "benchmark"
CARD_FILE = Path("model_card") / "README.md"  # where the root card.toml's [publish] looks
FETCHED = Path(".fetched.json")  # what the last fetch mirrored: repository, commit, digests
MIRRORED_KINDS = ("ids", "hypotheses")
# The hub's newer results files, beside the card in the repository and here.
CARD_EVAL_RESULTS = CARD_FILE.parent / ".eval_results"


class LocalEdits(ScoringError):
    """The project holds files that fetch did not write, or that were edited since: fetch
    would overwrite or remove them, and does not unless forced."""

    def __init__(self, out: Path, names: list[str], what_to_do: str) -> None:
        self.names = tuple(names)
        shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        card = (
            "; a card adopted or written here goes to the hub first: `python -m scoring "
            f"publish {project_argument(out) or '.'} --push` opens its pull request (or "
            "finds it open), and once that is merged, fetch brings the card back"
            if CARD_FILE.as_posix() in names
            else ""
        )
        super().__init__(
            out,
            f"holds {len(names)} file(s) that fetch did not write or that "
            f"were edited since ({shown}); fetch would overwrite or remove "
            f"them{card}; {what_to_do}",
        )


def project_argument(out: Path) -> str:
    """The project folder as the user types it here: '' for the working folder, else its
    path relative to it where it is inside it, else its full path (quoted for a shell)."""
    import shlex

    out, here = Path(out).resolve(), Path.cwd().resolve()
    if out == here:
        return ""
    try:
        return shlex.quote(out.relative_to(here).as_posix())
    except ValueError:
        return shlex.quote(str(out))


@dataclass(frozen=True)
class Fetched:
    """What one fetch mirrored."""

    repo_id: str
    commit: str
    counts: dict[str, int]
    removed: tuple[str, ...] = field(default=())


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_fetched(out: Path) -> dict:
    try:
        return json.loads((out / FETCHED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def fetched_revision(out: Path) -> str | None:
    """'<repo> at <commit>' as the last fetch recorded it, or None."""
    record = _read_fetched(out)
    return f"{record['repo']} at {record['commit']}" if record.get("commit") else None


def fetched_state(card_file: Path) -> tuple[str, bool] | None:
    """``('<repo> at <commit>', edited)`` when ``card_file`` is the card that a fetch mirrored
    from the hub (``model_card/README.md`` of a fetched project), ``edited`` when it no
    longer holds what was fetched (adopted or written here); else None."""
    card_file = Path(card_file).resolve()
    for root in card_file.parents:
        if (root / FETCHED).is_file():
            record = _read_fetched(root)
            name = card_file.relative_to(root).as_posix()
            digest = record.get("files", {}).get(name)
            if not (digest and name == CARD_FILE.as_posix() and card_file.is_file()):
                return None
            return fetched_revision(root), digest != _digest(card_file)
    return None


def fetched_card(card_file: Path) -> str | None:
    """'<repo> at <commit>' when ``card_file`` is exactly the card a fetch mirrored from the
    hub (the card as published there), else None.

    Such a file is the hub's, not the project's: the card the data give goes to the hub
    (``publish --push``), never over the mirror, which the next fetch would refuse to replace.
    """
    state = fetched_state(card_file)
    return state[0] if state is not None and not state[1] else None


def fetched_original(card_file: Path, hub: Hub) -> str | None:
    """The hub's card as the last fetch mirrored it (from the hub cache, at the commit that
    was fetched), when ``card_file`` is fetch's mirror of it; else None."""
    card_file = Path(card_file).resolve()
    root = next((folder for folder in card_file.parents if (folder / FETCHED).is_file()), None)
    if root is None or card_file.relative_to(root).as_posix() != CARD_FILE.as_posix():
        return None
    record = _read_fetched(root)
    if not record.get("commit") or CARD_FILE.as_posix() not in record.get("files", {}):
        return None
    snapshot = hub.snapshot(record["repo"], ["README.md"], revision=record["commit"])
    return (snapshot / "README.md").read_bytes().decode("utf-8")


def _local_files(out: Path) -> dict[str, Path]:
    """The files fetch owns in the project: ids/*.jsonl, hypotheses/*.jsonl, the card."""
    found = {
        f"{kind}/{p.name}": p
        for kind in MIRRORED_KINDS
        for p in sorted((out / kind).glob("*.jsonl"))
        if p.is_file()
    }
    if (out / CARD_FILE).is_file():
        found[CARD_FILE.as_posix()] = out / CARD_FILE
    for path in sorted((out / CARD_EVAL_RESULTS).glob("*.yaml")):
        found[f"{CARD_EVAL_RESULTS.as_posix()}/{path.name}"] = path
    return found


def _copy_atomically(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    os.close(handle)
    try:
        shutil.copyfile(source, temporary)
        os.chmod(temporary, open_mode())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def fetch_card_data(
    hub: Hub,
    out: Path,
    *,
    repo_id: str = DEFAULT_REPO,
    revision: str | None = None,
    folder: str = DEFAULT_FOLDER,
    force: bool = False,
) -> Fetched:
    """Mirror ids/, hypotheses/ and the card of the repository's revision into ``out``."""
    folder = folder.strip("/")
    prefix = f"{folder}/" if folder else ""
    patterns = [
        f"{prefix}ids/*.jsonl",
        f"{prefix}hypotheses/*.jsonl",
        "README.md",
        ".eval_results/*.yaml",
    ]
    snapshot = hub.snapshot(repo_id, patterns, revision=revision)
    found = {kind: sorted((snapshot / prefix / kind).glob("*.jsonl")) for kind in MIRRORED_KINDS}
    if not found["ids"] or not found["hypotheses"]:
        missing = " and ".join(f"{prefix}{kind}/" for kind in found if not found[kind])
        raise ScoringError(
            repo_id,
            f"has no {missing} at revision {revision or 'main'} "
            "(the benchmark folder is another? pass --path FOLDER)",
        )
    upstream = {f"{kind}/{path.name}": path for kind, paths in found.items() for path in paths}
    if (snapshot / "README.md").is_file():
        upstream[CARD_FILE.as_posix()] = snapshot / "README.md"
    for path in sorted((snapshot / ".eval_results").glob("*.yaml")):
        upstream[f"{CARD_EVAL_RESULTS.as_posix()}/{path.name}"] = path

    # Files fetch did not write, or that changed since it did, are the user's.
    written = _read_fetched(out).get("files", {})
    local = _local_files(out)
    theirs = [
        name
        for name, path in local.items()
        if written.get(name) != _digest(path)
        and not (name in upstream and _digest(upstream[name]) == _digest(path))
    ]
    if theirs and not force:
        out_option = f" --out {project_argument(out)}" if project_argument(out) else ""
        raise LocalEdits(
            out,
            theirs,
            "to drop the local edits, move them away or run "
            f"`python -m scoring fetch{out_option} --force`",
        )
    # Everything is downloaded before anything is copied: a failed fetch leaves
    # the project's files as they were.
    for name, path in upstream.items():
        _copy_atomically(path, out / name)
    removed = tuple(sorted(name for name in local if name not in upstream))
    for name in removed:
        (out / name).unlink(missing_ok=True)
    commit = snapshot.name  # the hub cache keeps each snapshot under its commit id
    record = {
        "repo": repo_id,
        "commit": commit,
        "path": folder,
        "files": {name: _digest(out / name) for name in sorted(upstream)},
    }
    _write_text(out / FETCHED, json.dumps(record, indent=1) + "\n")
    counts = {kind: len(paths) for kind, paths in found.items()}
    counts["card"] = int(CARD_FILE.as_posix() in upstream)
    return Fetched(repo_id, commit, counts, removed)


def _write_text(path: Path, text: str) -> None:
    from ..files import write_text_atomically

    write_text_atomically(path, text)
