"""Each set's source, as ``card.toml`` declares it under ``[sources.<set>]``.

A set is read from a dataset's transcript files, or joined from another set's clips:

    [sources.fleurs]
    repo = "google/fleurs"
    revision = "main"
    files = "data/th_th/test.tsv"           # a path, a glob, or a list of them
    format = "tsv"                          # tsv, csv, jsonl or parquet
    columns = ["id", "file", "raw", ...]    # tsv/csv without a header row
    id = "file"                             # a field, or a rule: { rule = "row_index" }
    text = "raw"
    cluster = "file"
    filter = { split = "test" }             # optional: rows whose field holds this value
    expect = { mic = ["con123", "jbl"] }    # optional: any other value is an error
    cleaning = "benchmark"                  # or "as published"

    [sources.gs2_long]
    join = "gs2"                            # each cluster's clips, joined into one
    order = "segment_number"                # or "rows"
    exclude = ["0-26"]

Only ``tomllib`` parses the file. Every mistake is one line naming the key and its line in
card.toml; this module finds that line, never the data side's reader of the card.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..errors import ScoringError
from .cleaning import CLEANING_PROFILES

__all__ = [
    "FORMATS",
    "JOIN_ORDERS",
    "RULES",
    "FieldRule",
    "JoinedSource",
    "Sources",
    "TranscriptSource",
    "declarations_digest",
    "did_you_mean",
    "load_sources",
]

FORMATS = ("tsv", "csv", "jsonl", "parquet")
# Each named rule and the options it takes beside ``field`` (row_index reads no field).
RULES = {
    "row_index": (),  # the row's place in the source, from 0, before any filter
    "file_name": (),  # the last part of a path: "chunks/a_b.wav" -> "a_b.wav"
    "recording": (),  # a segment id's recording: "0-685-9" -> "0-685"
    "prefix": ("length",),  # the first `length` characters: a YouTube id's 11
    "part": ("separator", "index"),  # one field of a separated value, from 0
    "pattern": ("pattern",),  # a regular expression's first group (or whole match)
}
JOIN_ORDERS = ("rows", "segment_number")
SOURCE_KEYS = (
    "repo",
    "revision",
    "files",
    "format",
    "columns",
    "id",
    "text",
    "cluster",
    "filter",
    "expect",
    "cleaning",
)
REQUIRED_KEYS = ("repo", "revision", "files", "format", "id", "text", "cluster", "cleaning")
JOIN_KEYS = ("join", "order", "exclude", "separator")


def did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


@dataclass(frozen=True)
class Declared:
    """Where a declaration stands in card.toml, so that each mistake names its line."""

    name: str
    card: Path
    lines: dict[str, int] = field(repr=False, compare=False)  # key -> line; "" the table's
    shown: dict[str, str] = field(repr=False, compare=False)  # key -> its value as written

    def error(self, key: str, message: str) -> ScoringError:
        line = self.lines.get(key) or self.lines.get("")
        where = f"{self.card}:{line}" if line else str(self.card)
        value = f" {key} = {self.shown[key]}" if key in self.shown else ""
        return ScoringError(where, f"[sources.{self.name}]{value}: {message}")


@dataclass(frozen=True)
class FieldRule:
    """A clip's id or cluster (or its text): a field as published, or a named rule over it."""

    key: str  # "id", "text" or "cluster": the declaration's key
    field: str | None  # None for row_index
    rule: str | None = None
    options: tuple[tuple[str, object], ...] = ()

    def value(self, row: dict, index: int) -> str:
        """This rule's value for ``row``, the source's row number ``index``; ValueError
        when the row's field does not fit the rule."""
        if self.rule == "row_index":
            return str(index)
        value = row[self.field]
        if value is None or value == "":
            raise ValueError(f"field {self.field!r} is empty")
        value = str(value)
        options = dict(self.options)
        if self.rule == "file_name":
            return PurePosixPath(value).name
        if self.rule == "recording":
            if "-" not in value:
                raise ValueError(f"{value!r} has no '-' before a segment number")
            return value.rsplit("-", 1)[0]
        if self.rule == "prefix":
            return value[: options["length"]]
        if self.rule == "part":
            parts = value.split(options["separator"])
            if options["index"] >= len(parts):
                raise ValueError(f"{value!r} has no part {options['index']}")
            return parts[options["index"]]
        if self.rule == "pattern":
            found = re.search(options["pattern"], value)
            if found is None:
                raise ValueError(f"{value!r} does not match")
            return found.group(1) if found.groups() else found.group(0)
        return value


@dataclass(frozen=True)
class TranscriptSource(Declared):
    """A set read from a dataset's transcript files."""

    repo: str = ""
    revision: str = ""
    files: tuple[str, ...] = ()
    format: str = ""
    columns: tuple[str, ...] | None = None  # tsv/csv without a header row
    id: FieldRule | None = None
    text: FieldRule | None = None
    cluster: FieldRule | None = None
    filters: dict[str, tuple[str, ...]] = field(default_factory=dict)
    expect: dict[str, tuple[str, ...]] = field(default_factory=dict)
    cleaning: str = "as published"

    def fields(self) -> dict[str, str]:
        """Every field the files must have -> the key that names it first."""
        named = [
            (rule.field, rule.key)
            for rule in (self.id, self.text, self.cluster)
            if rule.field is not None
        ]
        named += [(name, "filter") for name in self.filters]
        named += [(name, "expect") for name in self.expect]
        found: dict[str, str] = {}
        for name, key in named:
            found.setdefault(name, key)
        return found


@dataclass(frozen=True)
class JoinedSource(Declared):
    """A long set: each cluster's clips of a short set, joined into one clip."""

    short: str = ""
    order: str = "rows"
    exclude: tuple[str, ...] = ()
    separator: str = " "


@dataclass(frozen=True)
class Sources:
    card: Path
    sets: dict[str, TranscriptSource | JoinedSource]  # in declaration order

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.sets)


# ----------------------------------------------------------------- where each key stands

_TABLE = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")
_TABLE_ARRAY = re.compile(r"^\s*\[\[")
_KEY = re.compile(r"""^\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))\s*[.=]""")


def _table_name(header: str) -> tuple[str, ...]:
    parts = re.findall(r'"([^"]*)"|\'([^\']*)\'|([^.\s]+)', header)
    return tuple(next(p for p in part if p) if any(part) else "" for part in parts)


def _key_lines(text: str) -> dict[tuple[str, ...], int]:
    """The line of each table header and of each key's first line (``(*table, key)``), to
    name in a message. Headers and keys only: the values are tomllib's."""
    lines: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), start=1):
        if _TABLE_ARRAY.match(line):
            table = ("[[",)
        elif (header := _TABLE.match(line)) is not None:
            table = _table_name(header.group(1))
            lines.setdefault(table, number)
        elif (key := _KEY.match(line)) is not None:
            lines.setdefault((*table, next(k for k in key.groups() if k)), number)
    return lines


def _value_as_written(value) -> str:
    return (
        json.dumps(value, ensure_ascii=False)
        if not isinstance(value, dict)
        else ("{ " + ", ".join(f"{k} = {_value_as_written(v)}" for k, v in value.items()) + " }")
    )


# ----------------------------------------------------------------- reading the declarations


def declarations_digest(card: str | os.PathLike) -> str:
    """A digest of card.toml's [sources] (nothing else of the card): what decides the
    references, for the gate's cache of them."""
    try:
        table = tomllib.loads(Path(card).read_text(encoding="utf-8")).get("sources", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        table = None
    return hashlib.sha256(
        json.dumps(table, sort_keys=True, ensure_ascii=False).encode()
    ).hexdigest()


def load_sources(card: str | os.PathLike) -> Sources:
    """Every ``[sources.<set>]`` of ``card`` (a card.toml, or its folder), checked."""
    path = Path(card)
    if path.is_dir():
        path = path / "card.toml"
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except FileNotFoundError:
        raise ScoringError(
            path,
            "no card.toml here: make-refs reads each set's source from "
            "its [sources] (see docs/data.md)",
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ScoringError(path, f"cannot be read ({error})") from None
    except tomllib.TOMLDecodeError as error:
        raise ScoringError(path, f"is not valid TOML ({error})") from None
    declared = data.get("sources")
    if not isinstance(declared, dict) or not declared:
        raise ScoringError(
            path,
            "declares no [sources.<set>]: make-refs reads each set's "
            "source from them (see docs/data.md)",
        )
    lines = _key_lines(text)
    sets = {}
    for name, table in declared.items():
        where = {
            key[-1] if len(key) == 3 else "": line
            for key, line in lines.items()
            if key[:2] == ("sources", name) and len(key) <= 3
        }
        if not isinstance(table, dict):
            raise Declared(name, path, where, {}).error("", "must be a table of keys")
        shown = {key: _value_as_written(value) for key, value in table.items()}
        declaration = Declared(name, path, where, shown)
        sets[name] = (
            _joined(declaration, table) if "join" in table else _transcripts(declaration, table)
        )
    for source in sets.values():
        if isinstance(source, JoinedSource) and not isinstance(
            sets.get(source.short), TranscriptSource
        ):
            raise source.error(
                "join",
                f"{source.short!r} is no set read from a dataset here"
                f"{did_you_mean(source.short, sets)}",
            )
    return Sources(path, sets)


def _only(declaration: Declared, table: dict, allowed) -> None:
    for key in table:
        if key not in allowed:
            raise declaration.error(key, f"unknown key {key!r}{did_you_mean(key, allowed)}")


def _text(declaration: Declared, table: dict, key: str, default=None) -> str:
    value = table.get(key, default)
    if not isinstance(value, str) or not value:
        raise declaration.error(key, f"{key} must be a non-empty string")
    return value


def _texts(declaration: Declared, value, key: str) -> tuple[str, ...]:
    values = [value] if isinstance(value, str) else value
    if (
        not isinstance(values, list)
        or not values
        or not all(isinstance(v, str) and v for v in values)
    ):
        raise declaration.error(key, f"{key} must be a string or a list of strings")
    return tuple(values)


def _transcripts(declaration: Declared, table: dict) -> TranscriptSource:
    _only(declaration, table, SOURCE_KEYS)
    missing = [key for key in REQUIRED_KEYS if key not in table]
    if missing:
        raise declaration.error(
            "",
            f"needs {', '.join(missing)} (a source names "
            f"{', '.join(REQUIRED_KEYS)}; or join = a set)",
        )
    data_format = table["format"]
    if data_format not in FORMATS:
        raise declaration.error(
            "format",
            f"unknown format; formats are {', '.join(FORMATS)}"
            f"{did_you_mean(str(data_format), FORMATS)}",
        )
    columns = None
    if "columns" in table:
        if data_format not in ("tsv", "csv"):
            raise declaration.error(
                "columns", "columns name a tsv or csv file's columns (one without a header row)"
            )
        columns = _texts(declaration, table["columns"], "columns")
    cleaning = table["cleaning"]
    if cleaning not in CLEANING_PROFILES:
        raise declaration.error(
            "cleaning", f"unknown cleaning; cleanings are {', '.join(map(repr, CLEANING_PROFILES))}"
        )
    return TranscriptSource(
        declaration.name,
        declaration.card,
        declaration.lines,
        declaration.shown,
        repo=_text(declaration, table, "repo"),
        revision=_text(declaration, table, "revision"),
        files=_texts(declaration, table["files"], "files"),
        format=data_format,
        columns=columns,
        id=_field_rule(declaration, table, "id"),
        text=_field_rule(declaration, table, "text"),
        cluster=_field_rule(declaration, table, "cluster"),
        filters=_value_lists(declaration, table, "filter", single=True),
        expect=_value_lists(declaration, table, "expect", single=False),
        cleaning=cleaning,
    )


def _field_rule(declaration: Declared, table: dict, key: str) -> FieldRule:
    value = table[key]
    if isinstance(value, str) and value:
        return FieldRule(key, value)
    if key == "text" or not isinstance(value, dict):
        kind = "a field's name" if key == "text" else "a field's name or { rule = ... }"
        raise declaration.error(key, f"{key} must be {kind}")
    rule = value.get("rule")
    if rule not in RULES:
        raise declaration.error(
            key,
            f"unknown rule {rule!r}; rules are {', '.join(RULES)}{did_you_mean(str(rule), RULES)}",
        )
    wanted = RULES[rule] + (() if rule == "row_index" else ("field",))
    _only(declaration, {k: v for k, v in value.items() if k != "rule"}, wanted)
    for option in wanted:
        if option not in value:
            raise declaration.error(key, f"rule {rule!r} needs {option} = ...")
    options = tuple((option, value[option]) for option in RULES[rule])
    _check_options(declaration, key, dict(options))
    return FieldRule(key, value.get("field"), rule, options)


def _check_options(declaration: Declared, key: str, options: dict) -> None:
    for option in ("length", "index"):
        if option in options and (
            isinstance(options[option], bool)
            or not isinstance(options[option], int)
            or options[option] < (1 if option == "length" else 0)
        ):
            raise declaration.error(key, f"{option} must be a whole number")
    if "separator" in options and (
        not isinstance(options["separator"], str) or not options["separator"]
    ):
        raise declaration.error(key, "separator must be a non-empty string")
    if "pattern" in options:
        try:
            re.compile(options["pattern"])
        except (re.error, TypeError) as error:
            raise declaration.error(key, f"pattern is no regular expression ({error})") from None


def _value_lists(declaration: Declared, table: dict, key: str, single: bool) -> dict:
    """``filter = { field = value or [values] }``, ``expect = { field = [values] }``."""
    given = table.get(key, {})
    if not isinstance(given, dict):
        raise declaration.error(key, f"{key} must be a table: {{ field = ... }}")
    found = {}
    for name, values in given.items():
        if not single and isinstance(values, str):
            raise declaration.error(key, f"{key} {name} must be a list of values")
        found[name] = _texts(declaration, values, key)
    return found


def _joined(declaration: Declared, table: dict) -> JoinedSource:
    _only(declaration, table, JOIN_KEYS)
    order = table.get("order", "rows")
    if order not in JOIN_ORDERS:
        raise declaration.error("order", f"unknown order; orders are {', '.join(JOIN_ORDERS)}")
    exclude = _texts(declaration, table["exclude"], "exclude") if "exclude" in table else ()
    separator = table.get("separator", " ")
    if not isinstance(separator, str):
        raise declaration.error("separator", "separator must be a string")
    return JoinedSource(
        declaration.name,
        declaration.card,
        declaration.lines,
        declaration.shown,
        short=_text(declaration, table, "join"),
        order=order,
        exclude=exclude,
        separator=separator,
    )
