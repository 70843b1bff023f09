"""What a card publishes, read from ``card.toml`` at a benchmark's root.

The spec alone decides every figure's name, so tests can list the card's
numbers before computing any of them.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED
from ..errors import ScoringError

__all__ = [
    "AGGREGATE_METHODS",
    "SPLIT_SUFFIX",
    "Column",
    "Comparison",
    "Aggregate",
    "CardSpec",
    "load_card_spec",
]

AGGREGATE_METHODS = ("mean", "pooled")
SPLIT_SUFFIX = "_split"


@dataclass(frozen=True)
class Column:
    """One hypothesis stream: a system, decoded whole or in pieces (split)."""

    system: str
    split: bool = False

    @property
    def key(self) -> str:
        return self.system + (SPLIT_SUFFIX if self.split else "")


@dataclass(frozen=True)
class Comparison:
    """A paired A − B difference, published on each of ``sets``."""

    a: str
    b: str
    sets: tuple[str, ...]
    split: bool = False

    @property
    def key(self) -> str:
        return f"{Column(self.a, self.split).key}-vs-{Column(self.b, self.split).key}"


@dataclass(frozen=True)
class Aggregate:
    """One row over several sets: the mean of set CERs, or CER pooled over clips."""

    key: str
    display: str
    method: str
    sets: tuple[str, ...]


@dataclass(frozen=True)
class CardSpec:
    path: Path
    title: str
    latency_ms: int
    systems: dict[str, str]  # key -> display name, in card order
    sets: tuple[str, ...]
    set_names: dict[str, str]
    split_systems: tuple[str, ...]
    split_sets: tuple[str, ...]
    comparisons: tuple[Comparison, ...]
    aggregates: tuple[Aggregate, ...]
    resamples: int = DEFAULT_RESAMPLES
    seed: int | None = DEFAULT_SEED
    level: float = DEFAULT_LEVEL

    @property
    def root(self) -> Path:
        return self.path.parent

    def columns(self, set_name: str) -> list[Column]:
        """Every hypothesis stream the card scores on ``set_name``."""
        columns = [Column(system) for system in self.systems]
        if set_name in self.split_sets:
            columns += [Column(system, split=True) for system in self.split_systems]
        return columns

    def hypothesis_name(self, column: Column, set_name: str) -> str:
        return f"{column.system}_{self.latency_ms}ms_{set_name}" + (
            SPLIT_SUFFIX if column.split else ""
        ) + ".jsonl"

    def expected_hypotheses(self) -> dict[str, tuple[str, Column]]:
        """``{file name: (set, column)}`` for every figure of the card."""
        return {
            self.hypothesis_name(column, set_name): (set_name, column)
            for set_name in self.sets
            for column in self.columns(set_name)
        }

    def figure_names(self) -> list[str]:
        """Every number the card publishes, each with a stable name."""
        names = [
            f"cer/{set_name}/{column.key}"
            for set_name in self.sets
            for column in self.columns(set_name)
        ]
        names += [
            f"aggregate/{aggregate.key}/{system}"
            for aggregate in self.aggregates
            for system in self.systems
        ]
        names += [
            f"diff/{set_name}/{comparison.key}/{part}"
            for comparison in self.comparisons
            for set_name in comparison.sets
            for part in ("estimate", "low", "high", "tie")
        ]
        return names


def _fail(path: Path, message: str) -> ScoringError:
    return ScoringError(path, message)


def _string_list(value, path: Path, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(path, f"{what} must be a list of names")
    return tuple(value)


def load_card_spec(root_or_file: str | os.PathLike) -> CardSpec:
    """Read and check ``card.toml``; every problem is one ScoringError line."""
    path = Path(root_or_file)
    if path.is_dir():
        path = path / "card.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise _fail(path, "no card.toml here (see README: The card)") from None
    except UnicodeDecodeError:
        raise _fail(path, "is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise _fail(path, f"is not valid TOML ({error})") from None

    systems_table = data.get("systems", {})
    if not isinstance(systems_table, dict):
        raise _fail(path, "[systems] must be a table of system = display name")
    systems = {}
    for key, value in systems_table.items():
        display = value.get("display", key) if isinstance(value, dict) else value
        if not isinstance(display, str):
            raise _fail(path, f"system {key!r}: display name must be a string")
        if key.endswith(SPLIT_SUFFIX):
            raise _fail(path, f"system {key!r}: names may not end in {SPLIT_SUFFIX!r}")
        systems[key] = display
    sets = _string_list(data.get("sets", []), path, "sets")
    if not systems or not sets:
        raise _fail(path, "the card declares nothing: it needs [systems] and sets = [...]")
    if len(set(sets)) != len(sets):
        raise _fail(path, "a set is listed twice in sets")

    def known(names, declared, kind, where, hint):
        for name in names:
            if name not in declared:
                raise _fail(path, f"{where} names undeclared {kind} {name!r} ({hint})")
        return names

    def known_systems(names, where):
        return known(names, systems, "system", where, "declare it under [systems]")

    def known_sets(names, where):
        return known(names, sets, "set", where, "add it to sets = [...]")

    split = data.get("split", {})
    split_systems = known_systems(
        _string_list(split.get("systems", []), path, "split.systems"), "[split]")
    split_sets = known_sets(_string_list(split.get("sets", []), path, "split.sets"), "[split]")

    comparisons = []
    for number, entry in enumerate(data.get("comparisons", []), start=1):
        where = f"comparison {number}"
        if not isinstance(entry, dict) or not {"a", "b"} <= set(entry):
            raise _fail(path, f"{where} needs a = and b = system names")
        a, b = known_systems((entry["a"], entry["b"]), where)
        if a == b:
            raise _fail(path, f"{where} compares {a!r} with itself")
        is_split = bool(entry.get("split", False))
        default_sets = split_sets if is_split else sets
        on = known_sets(_string_list(entry.get("sets", list(default_sets)), path,
                                     f"{where} sets"), where)
        if is_split:
            if a not in split_systems or b not in split_systems:
                raise _fail(path, f"{where}: split comparisons need both systems in [split]")
            if not set(on) <= set(split_sets):
                raise _fail(path, f"{where}: split comparisons need sets in [split]")
        comparisons.append(Comparison(a, b, on, is_split))

    aggregates = []
    for number, entry in enumerate(data.get("aggregates", []), start=1):
        where = f"aggregate {number}"
        if not isinstance(entry, dict) or "key" not in entry:
            raise _fail(path, f"{where} needs key = ...")
        method = entry.get("method")
        if method not in AGGREGATE_METHODS:
            raise _fail(path, f"{where}: method must be one of {', '.join(AGGREGATE_METHODS)}")
        on = known_sets(_string_list(entry.get("sets", list(sets)), path, f"{where} sets"),
                        where)
        aggregates.append(Aggregate(entry["key"], entry.get("display", entry["key"]),
                                    method, on))

    bootstrap = data.get("bootstrap", {})
    seed = bootstrap.get("seed", DEFAULT_SEED)
    return CardSpec(
        path=path,
        title=str(data.get("title", "Model card")),
        latency_ms=int(data.get("latency_ms", 560)),
        systems=systems,
        sets=sets,
        set_names={s: data.get("set_names", {}).get(s, s) for s in sets},
        split_systems=split_systems,
        split_sets=split_sets,
        comparisons=tuple(comparisons),
        aggregates=tuple(aggregates),
        resamples=int(bootstrap.get("resamples", DEFAULT_RESAMPLES)),
        seed=None if seed == "none" else int(seed),
        level=float(bootstrap.get("level", DEFAULT_LEVEL)),
    )
