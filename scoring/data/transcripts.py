"""A source's transcript files, read into rows of the fields its declaration names.

TSV, CSV and JSON Lines files are small: they are downloaded whole and parsed with the
``csv`` and ``json`` modules. Parquet files carry the audio beside the text, so only the
named columns are read (``Hub.read_columns``), by byte range: the audio is never
transferred. Each file is read once per run, however many sets share it.
"""

from __future__ import annotations

import csv
import fnmatch
import io
import json
from collections.abc import Iterator, Sequence

from tqdm import tqdm

from ..errors import ScoringError
from .hub import Hub
from .sources import TranscriptSource, did_you_mean

__all__ = ["TranscriptReader", "matching_files"]

_GLOB = set("*?[")
Row = dict[str, object]


def matching_files(source: TranscriptSource, listing: Sequence[str]) -> list[str]:
    """The repository's files that ``source.files`` names, in the listing's order (a glob's
    ``*`` matches across folders, as fnmatch's does)."""
    return [
        path
        for path in listing
        if any(fnmatch.fnmatchcase(path, pattern) for pattern in source.files)
    ]


class TranscriptReader:
    """Reads sources' files through one hub client, each file once."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._read: dict[tuple, list[Row]] = {}

    def files(self, source: TranscriptSource) -> list[str]:
        """Plain paths as they are (no listing is asked for); globs against the listing."""
        if not any(_GLOB & set(pattern) for pattern in source.files):
            return list(source.files)
        listing = self.hub.list_files(source.repo, source.revision)
        found = matching_files(source, listing)
        if not found:
            kind = [p for p in listing if p.endswith(f".{source.format}")][:6]
            raise source.error(
                "files",
                f"no file of {source.repo} at {source.revision} "
                f"matches; {source.format} files found: "
                f"{kind or 'none'}",
            )
        return found

    def rows(self, source: TranscriptSource) -> Iterator[Row]:
        """Every row of every file, in order, holding the fields the source names."""
        files = self.files(source)
        fields = source.fields()
        for path in tqdm(
            files,
            desc=source.repo,
            unit="file",
            leave=False,
            disable=None if self.hub.progress is None else not self.hub.progress,
        ):
            key = (
                source.repo,
                source.revision,
                path,
                source.format,
                source.columns,
                tuple(sorted(fields)),
            )
            if key not in self._read:
                self._read[key] = self._read_file(source, path, fields)
            yield from self._read[key]

    def _read_file(self, source: TranscriptSource, path: str, fields: dict[str, str]) -> list[Row]:
        if source.format == "parquet":
            return _parquet_rows(self.hub, source, path, fields)
        data = self.hub.download(source.repo, path, source.revision).read_bytes()
        where = f"{source.repo} {path}"
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ScoringError(where, f"is not UTF-8 (byte {error.start})") from None
        if source.format == "jsonl":
            return _json_lines(source, text, where, fields)
        return _delimited(source, text, where, fields)


def _missing_field(
    source: TranscriptSource, path: str, name: str, key: str, found: Sequence[str]
) -> ScoringError:
    shown = ", ".join(found[:20]) + (", ..." if len(found) > 20 else "")
    return source.error(
        key,
        f"{path} has no field {name!r} (its fields: {shown or 'none'}){did_you_mean(name, found)}",
    )


def _delimited(
    source: TranscriptSource, text: str, where: str, fields: dict[str, str]
) -> list[Row]:
    """A TSV (quotes are text: transcripts hold literal quotation marks) or CSV file."""
    if source.format == "tsv":
        reader = csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE)
    else:
        reader = csv.reader(io.StringIO(text))
    lines = ((number, row) for number, row in enumerate(reader, start=1) if row)
    names = list(source.columns) if source.columns else next((row for _, row in lines), [])
    for name, key in fields.items():
        if name not in names:
            raise _missing_field(source, where.split(" ", 1)[1], name, key, names)
    kind = "tab-separated" if source.format == "tsv" else "comma-separated"
    wanted = [(name, names.index(name)) for name in fields]
    rows = []
    for number, row in lines:
        if len(row) != len(names):
            raise ScoringError(
                f"{where}:{number}",
                f"expected {len(names)} {kind} columns ({', '.join(names)}), found {len(row)}",
            )
        rows.append({name: row[column] for name, column in wanted})
    return rows


def _field_of(record, name: str):
    """A field of a JSON object, a dotted name reaching into nested objects."""
    for part in name.split("."):
        if not isinstance(record, dict) or part not in record:
            raise KeyError(name)
        record = record[part]
    return record


def _json_lines(
    source: TranscriptSource, text: str, where: str, fields: dict[str, str]
) -> list[Row]:
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ScoringError(f"{where}:{number}", f"is not JSON ({error.msg})") from None
        row = {}
        for name, key in fields.items():
            try:
                row[name] = _field_of(record, name)
            except KeyError:
                found = list(record) if isinstance(record, dict) else []
                raise _missing_field(
                    source, f"{where.split(' ', 1)[1]}:{number}", name, key, found
                ) from None
        rows.append(row)
    return rows


def _schema_fields(schema) -> list[str]:
    """Every field name of a parquet schema, a struct's members as ``column.member``."""
    import pyarrow as pa

    names = []
    for column in schema:
        names.append(column.name)
        if pa.types.is_struct(column.type):
            names += [f"{column.name}.{member.name}" for member in column.type]
    return names


def _parquet_rows(
    hub: Hub, source: TranscriptSource, path: str, fields: dict[str, str]
) -> list[Row]:
    found = _schema_fields(hub.parquet_schema(source.repo, path, source.revision))
    for name, key in fields.items():
        if name not in found:
            raise _missing_field(source, path, name, key, found)
    table = hub.read_columns(source.repo, path, list(fields), source.revision)
    columns = {}
    for name in fields:
        column, _, member = name.partition(".")
        values = table.column(column).combine_chunks()
        columns[name] = (values.field(member) if member else values).to_pylist()
    return [dict(zip(columns, values)) for values in zip(*columns.values())]
