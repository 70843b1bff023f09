"""Reading and writing the JSON Lines files: refs, hypotheses and ids.

Every problem is raised as a ScoringError naming the file and line. Files may
start with a UTF-8 BOM, use CRLF endings and hold blank lines; line order
never matters.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from .errors import ScoringError

__all__ = [
    "iter_records",
    "read_text_by_id",
    "read_refs",
    "read_hypotheses",
    "read_ids",
    "write_jsonl_atomic",
]

_BOM = b"\xef\xbb\xbf"


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise ScoringError(path, "no such file") from None
    except IsADirectoryError:
        raise ScoringError(path, "is a directory, not a JSON Lines file") from None
    except OSError as error:
        raise ScoringError(path, f"cannot be read ({error.strerror})") from None


def iter_records(path: str | os.PathLike) -> Iterator[tuple[int, dict]]:
    """Yield ``(line number, object)`` for every non-blank line."""
    path = Path(path)
    data = _read_bytes(path)
    if data.startswith(_BOM):
        data = data[len(_BOM):]
    # Split on \n only: U+2028 and friends may legally sit inside JSON strings.
    for line_number, raw in enumerate(data.split(b"\n"), start=1):
        where = f"{path}:{line_number}"
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ScoringError(
                where, f"is not UTF-8 (bad byte at column {error.start + 1})"
            ) from None
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ScoringError(
                where, f"malformed JSON ({error.msg} at column {error.colno})"
            ) from None
        if not isinstance(record, dict):
            raise ScoringError(where, "expected a JSON object on each line")
        yield line_number, record


def _string_field(record: dict, field: str, where: str) -> str:
    if field not in record:
        raise ScoringError(where, f'missing "{field}"')
    value = record[field]
    if not isinstance(value, str):
        raise ScoringError(
            where, f'"{field}" must be a string, not {type(value).__name__}'
        )
    return value


def read_text_by_id(path: str | os.PathLike, field: str) -> dict[str, str]:
    """``{id: record[field]}``, refusing duplicate ids."""
    texts: dict[str, str] = {}
    first_line: dict[str, int] = {}
    for line_number, record in iter_records(path):
        where = f"{path}:{line_number}"
        clip_id = _string_field(record, "id", where)
        text = _string_field(record, field, where)
        if clip_id in texts:
            raise ScoringError(
                where, f"id {clip_id!r} appears twice (first on line {first_line[clip_id]})"
            )
        texts[clip_id] = text
        first_line[clip_id] = line_number
    return texts


def read_refs(path: str | os.PathLike) -> dict[str, str]:
    """``refs/<set>.jsonl``: ``{"id", "text"}`` per line."""
    return read_text_by_id(path, "text")


def read_hypotheses(path: str | os.PathLike) -> dict[str, str]:
    """``hypotheses/<name>.jsonl``: ``{"id", "pred_text"}`` per line."""
    return read_text_by_id(path, "pred_text")


def read_ids(path: str | os.PathLike) -> tuple[list[str], list[str]]:
    """``ids/<set>.jsonl``: the clips of a set and the cluster of each, in file order."""
    clusters_by_id = read_text_by_id(path, "cluster")
    return list(clusters_by_id), list(clusters_by_id.values())


def write_jsonl_atomic(path: str | os.PathLike, records: Iterable[dict]) -> None:
    """Write JSON Lines through a temporary file and a rename: never half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", suffix=".tmp",
        delete=False,
    )
    try:
        with handle:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        os.replace(handle.name, path)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise
