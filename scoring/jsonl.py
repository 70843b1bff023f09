"""Reading and writing the JSON Lines files: refs, hypotheses and ids.

Every problem is raised as a ScoringError naming the file and line. Files may
start with a UTF-8 BOM, use CRLF endings and hold blank lines; line order
never matters.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from .errors import ScoringError
from .files import open_mode

__all__ = [
    "iter_records",
    "read_text_by_id",
    "read_refs",
    "read_hypotheses",
    "read_ids",
    "write_jsonl_atomic",
    "check_text_length",
    "max_text_chars",
]

_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
MAX_TEXT_ENV = "SCORING_MAX_TEXT_CHARS"
# newmm's time grows faster than a text's length (about 1.4 µs a character at
# 7,000 characters, 3.4 µs at 240,000): far beyond the longest joined
# recordings, one text would hold the run for minutes with no sign of life.
DEFAULT_MAX_TEXT_CHARS = 500_000


def max_text_chars() -> int:
    value = os.environ.get(MAX_TEXT_ENV, "")
    try:
        return int(value) if value else DEFAULT_MAX_TEXT_CHARS
    except ValueError:
        raise ScoringError(
            MAX_TEXT_ENV, f"must be a whole number of characters, not {value!r}"
        ) from None


def check_text_length(text: str, where: str, limit: int | None = None) -> str:
    """Refuse, early and by name, a text far longer than any recording."""
    if limit is None:
        limit = max_text_chars()
    if len(text) > limit:
        raise ScoringError(
            where,
            f"text is {len(text):,} characters long, beyond the limit of "
            f"{limit:,} (normalising grows faster than the length; the "
            f"longest joined recordings are tens of thousands); to score "
            f"it anyway, raise the limit with {MAX_TEXT_ENV}=...",
        )
    return text


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise ScoringError(path, "no such file") from None
    except IsADirectoryError:
        raise ScoringError(path, "is a directory, not a JSON Lines file") from None
    except OSError as error:
        raise ScoringError(path, f"cannot be read ({error.strerror})") from None


def iter_records(path: str | os.PathLike, data: bytes | None = None) -> Iterator[tuple[int, dict]]:
    """Yield ``(line number, object)`` for every non-blank line (of ``data``, the file's
    bytes, when they were read already)."""
    path = Path(path)
    if data is None:
        data = _read_bytes(path)
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    if data.startswith(_UTF16_BOMS) or _looks_like_utf16(data):
        raise ScoringError(path, "is UTF-16 text; save it as UTF-8 (one JSON object a line)")
    if not data.strip():
        raise ScoringError(path, "is empty: it holds no JSON lines")
    try:
        # The whole file at once (0x0A never sits inside a UTF-8 character, so its lines
        # are the lines of the bytes); line by line only to name the bad one.
        lines = data.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        lines = data.split(b"\n")
    # Split on \n only: U+2028 and friends may legally sit inside JSON strings.
    for line_number, line in enumerate(lines, start=1):
        if type(line) is not str:
            line = _decode_line(
                line, f"{path}:{line_number}", lambda: _legacy_thai_hint(path, data)
            )
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ScoringError(
                f"{path}:{line_number}",
                f"malformed JSON ({error.msg.removesuffix(' at')} at column {error.colno})",
            ) from None
        if not isinstance(record, dict):
            raise ScoringError(f"{path}:{line_number}", "expected a JSON object on each line")
        yield line_number, record


def _decode_line(raw: bytes, where: str, hint: Callable[[], str] = str) -> str:
    """One line's bytes as text, or the error naming the bad byte (or a cut-off file), and
    what ``hint()`` says of the whole file."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data" and error.end >= len(raw.rstrip(b"\r")):
            raise ScoringError(
                where,
                "ends in the middle of a character: the file looks "
                "truncated (copied or downloaded only in part?)",
            ) from None
        raise ScoringError(
            where, f"is not UTF-8 (bad byte at column {error.start + 1}){hint()}"
        ) from None
    return line


def _thai_letters(text: str) -> int:
    return sum("\u0e01" <= character <= "\u0e5b" for character in text)


def _legacy_thai_hint(path: Path, data: bytes) -> str:
    """'; it reads as Thai in TIS-620: ...' where bytes that are not UTF-8 are probably Thai
    in TIS-620 (or Windows-874, its superset), with the command that converts them; else ''.

    Those encodings give almost every byte a character, so decoding alone proves little: a
    UTF-8 Thai file with one damaged byte often decodes too. Read as UTF-8, though, Thai in
    TIS-620 is mostly invalid and holds hardly any Thai; a damaged UTF-8 file is the reverse.
    """
    try:
        as_legacy = data.decode("cp874")
    except UnicodeDecodeError:
        return ""
    as_utf8 = data.decode("utf-8", errors="replace")
    if not _thai_letters(as_legacy) or as_utf8.count("\ufffd") <= _thai_letters(as_utf8):
        return ""
    # Bytes 0x80-0xA0 are Windows-874's own (curly quotes, dashes, no-break space): iconv's
    # TIS-620 refuses them.
    name = "CP874" if any(0x80 <= byte <= 0xA0 for byte in data) else "TIS-620"
    quoted, converted = shlex.quote(str(path)), shlex.quote(f"{path}.utf8")
    return (
        f"; it reads as Thai in {name}, so it is probably {name}: convert it with "
        f"`iconv -f {name} -t UTF-8 {quoted} > {converted} && mv {converted} {quoted}`"
    )


def _looks_like_utf16(data: bytes) -> bool:
    """UTF-16 without a byte-order mark: every other byte of ASCII text is zero."""
    head = data[:400]
    return (
        len(head) >= 4
        and head.count(0) >= len(head) // 4
        and (head[1::2].count(0) > len(head) // 3 or head[0::2].count(0) > len(head) // 3)
    )


def _string_field(record: dict, field: str, where: str) -> str:
    if field not in record:
        raise ScoringError(where, f'missing "{field}"')
    value = record[field]
    if not isinstance(value, str):
        raise ScoringError(where, f'"{field}" must be a string, not {type(value).__name__}')
    return value


# Files already parsed in this process, by content: a process that reads the same files
# again (impact and ablate compute several cards, a test suite many) parses each once.
# Keyed by the bytes' digest, never by path or time: an edited file is parsed anew.
_PARSED: dict[tuple[bytes, str, int], dict[str, str]] = {}
_PARSED_KEPT = 512


def read_text_by_id(path: str | os.PathLike, field: str) -> dict[str, str]:
    """``{id: record[field]}``, refusing duplicate ids."""
    limit = max_text_chars()  # once a file: the environment is read per call
    data = _read_bytes(Path(path))
    key = (hashlib.blake2b(data, digest_size=16).digest(), field, limit)
    if key in _PARSED:
        return dict(_PARSED[key])
    texts: dict[str, str] = {}
    first_line: dict[str, int] = {}
    for line_number, record in iter_records(path, data):
        clip_id, text = record.get("id"), record.get(field)
        if not (
            type(clip_id) is str
            and type(text) is str
            and len(text) <= limit
            and clip_id not in texts
        ):  # the checks again, naming what is wrong
            where = f"{path}:{line_number}"
            clip_id = _string_field(record, "id", where)
            text = check_text_length(_string_field(record, field, where), where, limit)
            if clip_id in texts:
                raise ScoringError(
                    where, f"id {clip_id!r} appears twice (first on line {first_line[clip_id]})"
                )
        texts[clip_id] = text
        first_line[clip_id] = line_number
    if len(_PARSED) >= _PARSED_KEPT:
        _PARSED.pop(next(iter(_PARSED)))
    _PARSED[key] = texts
    return dict(texts)


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
        "w",
        encoding="utf-8",
        dir=path.parent,
        prefix=f".{path.name}.",
        suffix=".tmp",
        delete=False,
    )
    try:
        with handle:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        os.chmod(handle.name, open_mode())  # not the temporary file's 0600
        os.replace(handle.name, path)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise
