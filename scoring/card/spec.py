"""What a card publishes, read from ``card.toml`` at a benchmark's root.

The spec alone decides every figure's name, so tests can list the card's
numbers before computing any of them. Every figure name carries its latency
in one form, ``<kind>/<latency>ms/...``:

    cer/<L>ms/<set>/<system>[_split]
    aggregate/<L>ms/<aggregate key>/<system>
    diff/<L>ms/<set>/<a>[_split]-vs-<b>[_split]/{estimate,low,high,tie}
"""

from __future__ import annotations

import copy
import difflib
import os
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ..bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED
from ..errors import ScoringError
from ..memo import Memo

__all__ = [
    "AGGREGATE_METHODS",
    "DIFF_PARTS",
    "SPLIT_SUFFIX",
    "Column",
    "Comparison",
    "Aggregate",
    "DatasetSource",
    "CardSpec",
    "Figure",
    "aggregate_figure",
    "cer_figure",
    "diff_figure",
    "parse_figure",
    "load_card_spec",
    "require_card_toml",
]

AGGREGATE_METHODS = ("mean", "pooled")
DIFF_PARTS = ("estimate", "low", "high", "tie")
SPLIT_SUFFIX = "_split"


def cer_figure(latency_ms: int, set_name: str, column_key: str) -> str:
    return f"cer/{latency_ms}ms/{set_name}/{column_key}"


def aggregate_figure(latency_ms: int, aggregate_key: str, system: str) -> str:
    return f"aggregate/{latency_ms}ms/{aggregate_key}/{system}"


def diff_figure(latency_ms: int, set_name: str, comparison_key: str, part: str) -> str:
    return f"diff/{latency_ms}ms/{set_name}/{comparison_key}/{part}"


@dataclass(frozen=True)
class Figure:
    """A figure name taken apart: kind, latency and what it is of."""

    name: str
    kind: str  # "cer", "aggregate" or "diff"
    latency_ms: int
    subject: str  # the set, or the aggregate's key
    column: str  # the column key, the system, or the comparison key
    part: str | None = None  # diffs only


def parse_figure(name: str) -> Figure:
    """The inverse of the ``*_figure`` functions; ValueError if not a figure name."""
    parts = name.split("/")
    kinds = {"cer": 4, "aggregate": 4, "diff": 5}
    if (
        not parts
        or parts[0] not in kinds
        or len(parts) != kinds[parts[0]]
        or not parts[1].endswith("ms")
        or not parts[1][:-2].isdigit()
    ):
        raise ValueError(f"not a figure name: {name!r}")
    part = parts[4] if parts[0] == "diff" else None
    if part is not None and part not in DIFF_PARTS:
        raise ValueError(f"not a figure name: {name!r}")
    return Figure(name, parts[0], int(parts[1][:-2]), parts[2], parts[3], part)


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
    """A paired A − B difference, published on each of ``sets`` at each of ``latencies``."""

    a: str
    b: str
    sets: tuple[str, ...]
    split: bool = False
    latencies: tuple[int, ...] = ()

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
    latencies: tuple[int, ...] = ()


@dataclass(frozen=True)
class DatasetSource:
    """Where a set's audio and transcripts come from, for the model-index."""

    id: str
    name: str
    config: str | None = None
    split: str | None = None


@dataclass(frozen=True)
class CardSpec:
    path: Path
    title: str
    latencies: tuple[int, ...]  # as declared
    headline_latency: int
    systems: dict[str, str]  # key -> display name, in card order
    system_latencies: dict[str, tuple[int, ...]]
    sets: tuple[str, ...]
    set_names: dict[str, str]
    split_systems: tuple[str, ...]
    split_sets: tuple[str, ...]
    split_latencies: tuple[int, ...]
    comparisons: tuple[Comparison, ...]
    aggregates: tuple[Aggregate, ...]
    resamples: int = DEFAULT_RESAMPLES
    seed: int | None = DEFAULT_SEED
    level: float = DEFAULT_LEVEL
    # The second look at the verdicts (scoring.robustness): seeds for stability,
    # resamples of the p-values, and the family Holm's correction runs over.
    verdict_seeds: int = 200
    verdict_resamples: int = 100_000
    verdict_draws: int = 100_000  # the randomisation test's random assignments, above 20 clusters
    verdict_family: str = "card"
    publish_file: Path | None = None
    publish_system: str | None = None  # whose CERs the model-index holds
    publish_model_name: str | None = None
    publish_repo: str | None = None  # the model repository `publish --push` commits to
    publish_strict: bool = False  # --check fails on a figure-like number outside a marker
    publish_aliases: dict[str, str] = field(default_factory=dict)  # text -> set/system key
    eval_results: EvalResultsSpec | None = None  # .eval_results/ beside the card, if asked
    datasets: dict[str, DatasetSource] = field(default_factory=dict)

    @property
    def root(self) -> Path:
        return self.path.parent

    @property
    def latency_ms(self) -> int:
        """The headline latency (the only one of a single-latency card)."""
        return self.headline_latency

    def latencies_headline_first(self) -> tuple[int, ...]:
        return (self.headline_latency,) + tuple(
            latency for latency in self.latencies if latency != self.headline_latency
        )

    def systems_at(self, latency: int) -> list[str]:
        return [s for s in self.systems if latency in self.system_latencies[s]]

    def columns(self, set_name: str, latency: int | None = None) -> list[Column]:
        """Every hypothesis stream the card scores on ``set_name`` at ``latency``."""
        latency = self.headline_latency if latency is None else latency
        columns = [Column(system) for system in self.systems_at(latency)]
        if set_name in self.split_sets and latency in self.split_latencies:
            columns += [
                Column(system, split=True)
                for system in self.split_systems
                if latency in self.system_latencies[system]
            ]
        return columns

    def streams(self) -> list[tuple[int, str, Column]]:
        """Every (latency, set, column) the card scores, in card order."""
        return [
            (latency, set_name, column)
            for latency in self.latencies
            for set_name in self.sets
            for column in self.columns(set_name, latency)
        ]

    def hypothesis_name(self, column: Column, set_name: str, latency: int | None = None) -> str:
        latency = self.headline_latency if latency is None else latency
        return (
            f"{column.system}_{latency}ms_{set_name}"
            + (SPLIT_SUFFIX if column.split else "")
            + ".jsonl"
        )

    def expected_hypotheses(self) -> dict[str, tuple[int, str, Column]]:
        """``{file name: (latency, set, column)}`` for every figure of the card."""
        return {
            self.hypothesis_name(column, set_name, latency): (latency, set_name, column)
            for latency, set_name, column in self.streams()
        }

    def aggregate_systems(self, aggregate: Aggregate, latency: int) -> list[str]:
        return self.systems_at(latency) if latency in aggregate.latencies else []

    def figure_names(self) -> list[str]:
        """Every number the card publishes, each with a stable name."""
        return list(self._figure_names)

    def has_figure(self, name: str) -> bool:
        """Whether the card publishes a number of that name."""
        return name in self._figure_name_set

    # Listed once per spec: a card's regions ask for them once per figure marker.
    @cached_property
    def _figure_names(self) -> tuple[str, ...]:
        names = [
            cer_figure(latency, set_name, column.key)
            for latency, set_name, column in self.streams()
        ]
        names += [
            aggregate_figure(latency, aggregate.key, system)
            for latency in self.latencies
            for aggregate in self.aggregates
            for system in self.aggregate_systems(aggregate, latency)
        ]
        names += [
            diff_figure(latency, set_name, comparison.key, part)
            for latency in self.latencies
            for comparison in self.comparisons
            if latency in comparison.latencies
            for set_name in comparison.sets
            for part in DIFF_PARTS
        ]
        return tuple(names)

    @cached_property
    def _figure_name_set(self) -> frozenset[str]:
        return frozenset(self._figure_names)


# ----------------------------------------------------------------- reading

# [sources] is the data side's (make-refs reads each set's source there): the card reads
# nothing of it.
TOP_LEVEL_KEYS = (
    "title",
    "latency_ms",
    "latencies_ms",
    "headline_latency_ms",
    "sets",
    "set_names",
    "systems",
    "split",
    "comparisons",
    "aggregates",
    "bootstrap",
    "verdicts",
    "publish",
    "datasets",
    "sources",
)
SYSTEM_KEYS = ("display", "latencies_ms")
SPLIT_KEYS = ("systems", "sets", "latencies_ms")
COMPARISON_KEYS = ("a", "b", "sets", "split", "latencies_ms")
AGGREGATE_KEYS = ("key", "display", "method", "sets", "latencies_ms")
BOOTSTRAP_KEYS = ("resamples", "seed", "level")
VERDICTS_KEYS = ("seeds", "resamples", "draws", "family")
VERDICT_FAMILIES = ("card", "latency")
PUBLISH_KEYS = ("file", "system", "model_name", "repo", "strict", "aliases", "eval_results")
DATASET_KEYS = ("id", "name", "config", "split")


# Keys whose value is a list: a misspelt key holding a list means one of these.
_LIST_KEYS = {"latencies_ms", "sets", "systems", "comparisons", "aggregates"}


def _did_you_mean(word: str, choices, value=None) -> str:
    """'; did you mean ...?' for the closest of ``choices``; among keys, one that takes a
    value like ``value`` where one does ('latencys_ms = [..]' means latencies_ms)."""
    choices = list(choices)
    if isinstance(value, list):
        choices = [c for c in choices if c in _LIST_KEYS] or choices
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


@dataclass(frozen=True)
class EvalResultsSpec:
    """``[publish.eval_results]``: the hub's newer results file, beside the card."""

    name: str  # the file: .eval_results/<name>.yaml
    task_ids: dict[str, str]  # set -> the task within its benchmark dataset
    dataset_ids: dict[str, str]  # set -> the benchmark dataset on the hub
    latencies: tuple[int, ...]  # beyond the headline, which always gets its entries


EVAL_RESULTS_KEYS = ("name", "task_id", "dataset_id", "latencies_ms")


def _eval_results_spec(value, sets, datasets, latencies, read) -> EvalResultsSpec | None:
    if value is None:
        return None
    table = read.only(
        read.table(value, "[publish.eval_results]"), EVAL_RESULTS_KEYS, "[publish.eval_results]"
    )
    name = table.get("name", "cer")
    if not isinstance(name, str) or not name or "/" in name:
        raise read.fail("[publish.eval_results] name must be a file name (no folder)")
    task_ids = read.table(table.get("task_id", {}), "[publish.eval_results.task_id]")
    overrides = read.table(table.get("dataset_id", {}), "[publish.eval_results.dataset_id]")
    for where, given in (("task_id", task_ids), ("dataset_id", overrides)):
        for set_name, text in given.items():
            if set_name not in sets:
                raise read.fail(
                    f"[publish.eval_results.{where}] names {set_name!r}, which is "
                    f"no set of the card{_did_you_mean(set_name, sets)}"
                )
            if not isinstance(text, str) or not text:
                raise read.fail(f"[publish.eval_results.{where}] {set_name} must be a string")
    missing = [s for s in sets if s not in task_ids]
    if missing:
        raise read.fail(
            f"[publish.eval_results.task_id] has no task_id for {missing[0]!r}"
            + (f" (nor {len(missing) - 1} more)" if len(missing) > 1 else "")
            + ": .eval_results needs one per set"
        )
    dataset_ids = {}
    for set_name in sets:
        source = datasets.get(set_name)
        dataset_ids[set_name] = overrides.get(set_name) or (source.id if source else "")
        if not dataset_ids[set_name]:
            raise read.fail(
                f"[publish.eval_results] set {set_name!r} has no dataset id: "
                f"give [datasets.{set_name}] id, or "
                f"[publish.eval_results.dataset_id] {set_name}"
            )
    extra = (
        read.latency_list(table["latencies_ms"], "[publish.eval_results] latencies_ms")
        if "latencies_ms" in table
        else ()
    )
    for latency in extra:
        if latency not in latencies:
            raise read.fail(
                f"[publish.eval_results] latencies_ms: the card has no {latency} ms "
                f"latency (its latencies: {list(latencies)})"
            )
    return EvalResultsSpec(name, dict(task_ids), dataset_ids, tuple(extra))


class _Reader:
    """Checks one card.toml; every problem is one ScoringError naming the key. It learns the
    card's latencies, sets and systems as they are read, for the tables that name them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.latencies: tuple[int, ...] = ()
        self.sets: tuple[str, ...] = ()
        self.systems: dict[str, str] = {}

    def fail(self, message: str) -> ScoringError:
        return ScoringError(self.path, message)

    def table(self, value, where: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(f"{where} must be a table")
        return value

    def only(self, table: dict, allowed, where: str) -> dict:
        for key, value in table.items():
            if key not in allowed:
                raise self.fail(
                    f"unknown key {key!r} in {where}{_did_you_mean(key, allowed, value)}"
                )
        return table

    def names(self, value, where: str) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(f"{where} must be a list of names")
        return tuple(value)

    def integer(self, value, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{where} must be a whole number, not {value!r}")
        return value

    def latency_list(self, value, where: str) -> tuple[int, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail(f"{where} must be a non-empty list of milliseconds")
        latencies = tuple(self.integer(v, where) for v in value)
        if any(v <= 0 for v in latencies):
            raise self.fail(f"{where}: latencies must be positive milliseconds")
        if len(set(latencies)) != len(latencies):
            raise self.fail(f"{where} lists a latency twice")
        return latencies

    def declared(self, names, declared, kind: str, where: str, hint: str):
        for name in names:
            if name not in declared:
                raise self.fail(
                    f"{where} names undeclared {kind} {name!r}"
                    f"{_did_you_mean(name, declared) or f' ({hint})'}"
                )
        return names

    def known_systems(self, names, where: str):
        return self.declared(names, self.systems, "system", where, "declare it under [systems]")

    def known_sets(self, names, where: str):
        return self.declared(names, self.sets, "set", where, "add it to sets = [...]")

    def latencies_in_card(self, value, where: str) -> tuple[int, ...]:
        """A list of latencies, each one the card declares."""
        chosen = self.latency_list(value, where)
        for latency in chosen:
            if latency not in self.latencies:
                raise self.fail(
                    f"{where} lists {latency} ms, which the card does not "
                    f"declare (latencies: {list(self.latencies)})"
                )
        return chosen


def load_card_spec(root_or_file: str | os.PathLike) -> CardSpec:
    """Read and check ``card.toml``; every problem is one ScoringError line naming the key.
    Each table is read by a function of its own, in an order where each refers only to
    what was read before it (the latencies first)."""
    path, data = _read_toml(root_or_file)
    read = _Reader(path)
    read.only(data, TOP_LEVEL_KEYS, "card.toml")
    latencies, headline = _read_latencies(data, read)
    read.latencies = latencies
    sets = read.names(data.get("sets", []), "sets")
    twice = sorted({name for name in sets if sets.count(name) > 1})
    if twice:
        raise read.fail(f"{', '.join(map(repr, twice))} listed twice in sets")
    systems, system_latencies = _read_systems(data, read)
    if not systems or not sets:
        raise read.fail("the card declares nothing: it needs [systems] and sets = [...]")
    read.sets, read.systems = sets, systems
    set_names = _read_set_names(data, read)
    split_systems, split_sets, split_latencies = _read_split(data, read, headline)
    comparisons = _read_comparisons(
        data, read, system_latencies, (split_systems, split_sets, split_latencies)
    )
    aggregates = _read_aggregates(data, read, headline)
    resamples, seed, level = _read_bootstrap(data, read)
    verdict_seeds, verdict_resamples, verdict_draws, verdict_family = _read_verdicts(data, read)
    datasets = _read_datasets(data, read)
    publish = _read_publish(data, read, aggregates, datasets)
    return CardSpec(
        path=path,
        title=str(data.get("title", "Model card")),
        latencies=latencies,
        headline_latency=headline,
        systems=systems,
        system_latencies=system_latencies,
        sets=sets,
        set_names=set_names,
        split_systems=split_systems,
        split_sets=split_sets,
        split_latencies=split_latencies,
        comparisons=comparisons,
        aggregates=aggregates,
        resamples=resamples,
        seed=seed,
        level=level,
        verdict_seeds=verdict_seeds,
        verdict_resamples=verdict_resamples,
        verdict_draws=verdict_draws,
        verdict_family=verdict_family,
        datasets=datasets,
        **publish,
    )


_PARSED_TOML = Memo(kept=64)

NO_CARD_TOML = "no card.toml here (see docs/card.md)"


def require_card_toml(root: str | os.PathLike) -> Path:
    """``root``'s card.toml, or the one-line error every command gives where there is none
    (before a command that downloads or writes does anything there)."""
    path = Path(root) / "card.toml"
    if not path.is_file():  # named as `card` names it: the folder when there is none
        raise ScoringError(path if Path(root).is_dir() else root, NO_CARD_TOML)
    return path


def _read_toml(root_or_file: str | os.PathLike) -> tuple[Path, dict]:
    path = Path(root_or_file)
    if path.is_dir():
        path = path / "card.toml"
    try:
        text = path.read_text(encoding="utf-8")
        # A process that loads one card many times (the gate's tests, --mark) parses it once;
        # each caller gets a copy of its own.
        return path, copy.deepcopy(_PARSED_TOML.get(text, lambda: tomllib.loads(text)))
    except FileNotFoundError:
        raise ScoringError(path, NO_CARD_TOML) from None
    except IsADirectoryError:
        raise ScoringError(path, "is a directory, not a card.toml file") from None
    except UnicodeDecodeError:
        raise ScoringError(path, "is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ScoringError(path, f"is not valid TOML ({error})") from None


def _read_latencies(data: dict, read: _Reader) -> tuple[tuple[int, ...], int]:
    """``latency_ms`` (one latency), or ``latencies_ms`` with ``headline_latency_ms``."""
    if "latency_ms" in data and ("latencies_ms" in data or "headline_latency_ms" in data):
        raise read.fail(
            "give either latency_ms (one latency) or latencies_ms with "
            "headline_latency_ms, not both"
        )
    if "latencies_ms" not in data:
        headline = read.integer(data.get("latency_ms", 560), "latency_ms")
        return (headline,), headline
    latencies = read.latency_list(data["latencies_ms"], "latencies_ms")
    if "headline_latency_ms" not in data and len(latencies) > 1:
        raise read.fail(
            "latencies_ms lists several latencies: say which one the "
            "card headlines with headline_latency_ms = ..."
        )
    headline = read.integer(data.get("headline_latency_ms", latencies[0]), "headline_latency_ms")
    if headline not in latencies:
        raise read.fail(
            f"headline_latency_ms = {headline} is not in latencies_ms {list(latencies)}"
        )
    return latencies, headline


def _read_systems(data: dict, read: _Reader) -> tuple[dict[str, str], dict[str, tuple[int, ...]]]:
    """``[systems]``: each key's display name, and the latencies it was decoded at."""
    systems: dict[str, str] = {}
    system_latencies: dict[str, tuple[int, ...]] = {}
    for key, value in read.table(data.get("systems", {}), "[systems]").items():
        if key.endswith(SPLIT_SUFFIX):
            raise read.fail(f"system {key!r}: names may not end in {SPLIT_SUFFIX!r}")
        display = value
        system_latencies[key] = read.latencies
        if isinstance(value, dict):
            read.only(value, SYSTEM_KEYS, f"[systems.{key!r}]")
            display = value.get("display", key)
            if "latencies_ms" in value:
                system_latencies[key] = read.latencies_in_card(
                    value["latencies_ms"], f"system {key!r} latencies_ms"
                )
        if not isinstance(display, str):
            raise read.fail(f"system {key!r}: display name must be a string")
        systems[key] = display
    return systems, system_latencies


def _read_set_names(data: dict, read: _Reader) -> dict[str, str]:
    """``[set_names]``: every set's display name (its key where none is given)."""
    table = read.table(data.get("set_names", {}), "[set_names]")
    # A typo in sets = [...] shows up here first; the ids/ files tell which name is right.
    ids = read.path.parent / "ids"
    for named in table:
        close = difflib.get_close_matches(
            named, [s for s in read.sets if s not in table], n=1, cutoff=0.6
        )
        if (
            named not in read.sets
            and close
            and (ids / f"{named}.jsonl").is_file()
            and not (ids / f"{close[0]}.jsonl").is_file()
        ):
            raise read.fail(
                f"sets = [...] lists {close[0]!r}, which has no ids file and no "
                f"[set_names] entry; did you mean {named!r}?"
            )
    read.declared(table, read.sets, "set", "[set_names]", "add it to sets = [...]")
    return {s: table.get(s, s) for s in read.sets}


def _read_split(data: dict, read: _Reader, headline: int):
    """``[split]``: the systems and sets decoded in pieces too, and at which latencies."""
    split = read.only(read.table(data.get("split", {}), "[split]"), SPLIT_KEYS, "[split]")
    systems = read.known_systems(read.names(split.get("systems", []), "split.systems"), "[split]")
    sets = read.known_sets(read.names(split.get("sets", []), "split.sets"), "[split]")
    latencies = (
        read.latencies_in_card(split["latencies_ms"], "[split] latencies_ms")
        if "latencies_ms" in split
        else (headline,)
    )
    return systems, sets, latencies


def _read_comparisons(data: dict, read: _Reader, system_latencies, split) -> tuple:
    """``[[comparisons]]``: A − B on the sets and latencies both systems have."""
    split_systems, split_sets, split_latencies = split
    comparisons = []
    for number, entry in enumerate(data.get("comparisons", []), start=1):
        where = f"comparison {number}"
        entry = read.only(read.table(entry, where), COMPARISON_KEYS, where)
        if not {"a", "b"} <= set(entry):
            raise read.fail(f"{where} needs a = and b = system names")
        a, b = read.known_systems((entry["a"], entry["b"]), where)
        if a == b:
            raise read.fail(f"{where} compares {a!r} with itself")
        is_split = entry.get("split", False)
        if not isinstance(is_split, bool):
            raise read.fail(f"{where}: split must be true or false")
        default_sets = split_sets if is_split else read.sets
        on = read.known_sets(
            read.names(entry.get("sets", list(default_sets)), f"{where} sets"), where
        )
        if is_split:
            if a not in split_systems or b not in split_systems:
                raise read.fail(f"{where}: split comparisons need both systems in [split]")
            if not set(on) <= set(split_sets):
                raise read.fail(f"{where}: split comparisons need sets in [split]")
        if "latencies_ms" in entry:
            at = read.latencies_in_card(entry["latencies_ms"], f"{where} latencies_ms")
            for latency in at:
                for system in (a, b):
                    if latency not in system_latencies[system]:
                        raise read.fail(
                            f"{where} is at {latency} ms, but system {system!r} "
                            f"has no {latency} ms decodes "
                            f"(its latencies: {list(system_latencies[system])})"
                        )
                if is_split and latency not in split_latencies:
                    raise read.fail(
                        f"{where} is at {latency} ms, but [split] decodes are "
                        f"only at {list(split_latencies)}"
                    )
        else:
            at = tuple(
                latency
                for latency in read.latencies
                if latency in system_latencies[a]
                and latency in system_latencies[b]
                and (not is_split or latency in split_latencies)
            )
        comparisons.append(Comparison(a, b, on, is_split, at))
    return tuple(comparisons)


def _read_aggregates(data: dict, read: _Reader, headline: int) -> tuple:
    """``[[aggregates]]``: a mean or pooled CER over sets, at the latencies given."""
    aggregates = []
    for number, entry in enumerate(data.get("aggregates", []), start=1):
        where = f"aggregate {number}"
        entry = read.only(read.table(entry, where), AGGREGATE_KEYS, where)
        if "key" not in entry:
            raise read.fail(f"{where} needs key = ...")
        method = entry.get("method")
        if method not in AGGREGATE_METHODS:
            raise read.fail(f"{where}: method must be one of {', '.join(AGGREGATE_METHODS)}")
        on = read.known_sets(read.names(entry.get("sets", list(read.sets)), f"{where} sets"), where)
        at = (
            read.latencies_in_card(entry["latencies_ms"], f"{where} latencies_ms")
            if "latencies_ms" in entry
            else (headline,)
        )
        aggregates.append(
            Aggregate(entry["key"], entry.get("display", entry["key"]), method, on, at)
        )
    return tuple(aggregates)


def _read_bootstrap(data: dict, read: _Reader) -> tuple[int, int | None, float]:
    """``[bootstrap]``: resamples (1 or more), seed (0 or more, or "none"), level (a
    fraction: 0.95 for a 95 % interval)."""
    bootstrap = read.only(
        read.table(data.get("bootstrap", {}), "[bootstrap]"), BOOTSTRAP_KEYS, "[bootstrap]"
    )
    resamples = read.integer(bootstrap.get("resamples", DEFAULT_RESAMPLES), "[bootstrap] resamples")
    if resamples < 1:
        raise read.fail(f"[bootstrap] resamples must be 1 or more, not {resamples}")
    seed = bootstrap.get("seed", DEFAULT_SEED)
    if seed != "none" and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise read.fail(
            f'[bootstrap] seed must be a whole number, 0 or more (or "none"), not {seed!r}'
        )
    level = bootstrap.get("level", DEFAULT_LEVEL)
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        raise read.fail(
            f"[bootstrap] level must be a fraction between 0 and 1 (0.95 for a "
            f"95 % interval), not {level!r}"
        )
    return resamples, None if seed == "none" else int(seed), float(level)


def _read_verdicts(data: dict, read: _Reader) -> tuple[int, int, int, str]:
    """``[verdicts]``: the second look's seeds, p-value resamples, the randomisation test's
    random assignments and Holm's family."""
    verdicts = read.only(
        read.table(data.get("verdicts", {}), "[verdicts]"), VERDICTS_KEYS, "[verdicts]"
    )
    family = verdicts.get("family", "card")
    if family not in VERDICT_FAMILIES:
        raise read.fail(
            f"[verdicts] family must be one of {', '.join(VERDICT_FAMILIES)}"
            f"{_did_you_mean(str(family), VERDICT_FAMILIES)}"
        )
    return (
        read.integer(verdicts.get("seeds", 200), "[verdicts] seeds"),
        read.integer(verdicts.get("resamples", 100_000), "[verdicts] resamples"),
        read.integer(verdicts.get("draws", 100_000), "[verdicts] draws"),
        family,
    )


def _read_publish(data: dict, read: _Reader, aggregates, datasets) -> dict:
    """``[publish]``: the published card file and what it gates, as CardSpec's fields."""
    publish = read.only(read.table(data.get("publish", {}), "[publish]"), PUBLISH_KEYS, "[publish]")
    publish_file = None
    if "file" in publish:
        if not isinstance(publish["file"], str):
            raise read.fail("[publish] file must be a path (relative to card.toml)")
        publish_file = (read.path.parent / publish["file"]).resolve()
    system = publish.get("system")
    if system is not None:
        read.known_systems((system,), "[publish] system")
    strict = publish.get("strict", False)
    if not isinstance(strict, bool):
        raise read.fail("[publish] strict must be true or false")
    aliases = read.table(publish.get("aliases", {}), "[publish.aliases]")
    keys = [*read.systems, *read.sets, *(a.key for a in aggregates)]
    for text, key in aliases.items():
        if not isinstance(key, str) or key not in keys:
            raise read.fail(
                f"[publish.aliases] {text!r} names {key!r}, which is no set, "
                f"aggregate or system of the card{_did_you_mean(str(key), keys)}"
            )
    repo = publish.get("repo")
    if repo is not None and (not isinstance(repo, str) or repo.count("/") != 1):
        raise read.fail('[publish] repo must name a model repository as "owner/name"')
    model_name = publish.get("model_name")
    if model_name is not None and not isinstance(model_name, str):
        raise read.fail("[publish] model_name must be a string")
    return dict(
        publish_file=publish_file,
        publish_system=system,
        publish_model_name=model_name,
        publish_repo=repo,
        publish_strict=strict,
        publish_aliases=dict(aliases),
        eval_results=_eval_results_spec(
            publish.get("eval_results"), read.sets, datasets, read.latencies, read
        ),
    )


def _read_datasets(data: dict, read: _Reader) -> dict[str, DatasetSource]:
    """``[datasets.<set>]``: where each set comes from, for the model-index; no two sets
    alike in id, config and split (the hub's model-index would merge them)."""
    datasets = {}
    for set_name, entry in read.table(data.get("datasets", {}), "[datasets]").items():
        where = f"[datasets.{set_name}]"
        read.known_sets((set_name,), "[datasets]")
        entry = read.only(read.table(entry, where), DATASET_KEYS, where)
        if not isinstance(entry.get("id"), str):
            raise read.fail(f"{where} needs id = the dataset's hub id")
        datasets[set_name] = DatasetSource(
            entry["id"], str(entry.get("name", set_name)), entry.get("config"), entry.get("split")
        )
    seen: dict[tuple, str] = {}
    for set_name, source in datasets.items():
        identity = (source.id, source.config, source.split)
        if identity in seen:
            raise read.fail(
                f"[datasets.{set_name}] has the same id, config and split as "
                f"[datasets.{seen[identity]}]; give the derived set a config "
                "of its own so the model-index keeps them apart"
            )
        seen[identity] = set_name
    return datasets
