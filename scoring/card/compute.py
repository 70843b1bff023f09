"""Compute every figure a card publishes, from its benchmark folder.

Layout at the card's root: ``card.toml``, ``ids/<set>.jsonl``,
``refs/<set>.jsonl`` and ``hypotheses/<system>_<latency>ms_<set>[_split].jsonl``,
one file per latency a system was decoded at. Text is read and normalised once for the
whole card; after that only per-clip statistics are used.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, partial
from pathlib import Path

from tqdm import tqdm

from ..batch import normalize_texts
from ..bootstrap import PairedDifference, paired_bootstrap
from ..errors import ScoringError, plural
from ..jsonl import read_hypotheses, read_refs
from ..memo import Memo
from ..provenance import signature
from ..report import few_resamples_note
from ..scorer import ClipSet, NormalizeMany, check_coverage, load_clip_set, stats_for
from ..statistics import SetStats, pooled_cer
from .spec import (
    DIFF_PARTS,
    CardSpec,
    Column,
    aggregate_figure,
    cer_figure,
    diff_figure,
)

__all__ = [
    "CardResult",
    "CardTexts",
    "card_from_texts",
    "compute_card",
    "read_card_texts",
    "unmatched_hypothesis_files",
]


@dataclass(frozen=True)
class CardResult:
    spec: CardSpec
    stats: dict[tuple[int, str, str], SetStats]  # (latency, set, column key)
    cers: dict[tuple[int, str, str], float]
    aggregates: dict[tuple[int, str, str], float]  # (latency, aggregate key, system)
    diffs: dict[tuple[int, str, str], PairedDifference]  # (latency, set, comparison key)
    signature: str
    warnings: tuple[str, ...] = field(default=())

    def figures(self) -> dict[str, float | bool]:
        """Every published number by its stable name (see CardSpec.figure_names)."""
        figures: dict[str, float | bool] = {}
        for (latency, set_name, column), value in self.cers.items():
            figures[cer_figure(latency, set_name, column)] = value
        for (latency, aggregate, system), value in self.aggregates.items():
            figures[aggregate_figure(latency, aggregate, system)] = value
        for (latency, set_name, comparison), diff in self.diffs.items():
            for part in DIFF_PARTS:
                figures[diff_figure(latency, set_name, comparison, part)] = getattr(diff, part)
        return {name: figures[name] for name in self.spec.figure_names()}

    @cached_property
    def exact(self) -> dict[str, Fraction | bool]:
        """Every figure as an exact fraction (ties stay booleans), for rounding.

        CERs, aggregates and estimates are ratios of integer counts; the
        interval ends are interpolated percentiles, exact at their binary value.
        """

        def cer_of(key) -> Fraction:
            stats = self.stats[key]
            return Fraction(stats.total_edits, stats.total_ref_chars)

        values: dict[str, Fraction | bool] = {}
        for key in self.cers:
            values[cer_figure(*key)] = cer_of(key)
        spec = self.spec
        for latency, key, system in self.aggregates:
            aggregate = next(a for a in spec.aggregates if a.key == key)
            streams = [(latency, s, Column(system).key) for s in aggregate.sets]
            values[aggregate_figure(latency, key, system)] = (
                sum(cer_of(k) for k in streams) / len(streams)
                if aggregate.method == "mean"
                else Fraction(
                    sum(self.stats[k].total_edits for k in streams),
                    sum(self.stats[k].total_ref_chars for k in streams),
                )
            )
        for (latency, set_name, comparison_key), diff in self.diffs.items():
            comparison = next(c for c in spec.comparisons if c.key == comparison_key)
            a = self.stats[(latency, set_name, Column(comparison.a, comparison.split).key)]
            b = self.stats[(latency, set_name, Column(comparison.b, comparison.split).key)]
            name = partial(diff_figure, latency, set_name, comparison_key)
            values[name("estimate")] = Fraction(a.total_edits - b.total_edits, a.total_ref_chars)
            values[name("low")] = Fraction(diff.low)
            values[name("high")] = Fraction(diff.high)
            values[name("tie")] = diff.tie
        return values

    def ledger(self, set_name: str) -> list[tuple[str, int, str, str, int, int]]:
        """``(set, latency, column, id, edits, ref_chars)`` for every clip scored on a set."""
        rows = []
        for latency in self.spec.latencies:
            for column in self.spec.columns(set_name, latency):
                stats = self.stats[(latency, set_name, column.key)]
                rows.extend(
                    (set_name, latency, column.key, clip_id, int(edits), int(chars))
                    for clip_id, edits, chars in zip(stats.ids, stats.edits, stats.ref_chars)
                )
        return rows


_LATENCY_IN_NAME = re.compile(r"_(\d+)ms_")


def unmatched_hypothesis_files(spec: CardSpec) -> list[Path]:
    """Hypothesis files whose name matches no figure of the card."""
    folder = spec.root / "hypotheses"
    if not folder.is_dir():
        return []
    expected = spec.expected_hypotheses()
    return sorted(p for p in folder.glob("*.jsonl") if p.name not in expected)


def _other_latencies_hint(spec: CardSpec, column: Column, set_name: str, latency: int) -> str:
    """'; hypotheses/ has it at 560 ms: ...' when the file exists at other latencies."""
    pattern = f"{column.system}_*ms_{set_name}{'_split' if column.split else ''}.jsonl"
    found = []
    for path in (spec.root / "hypotheses").glob(pattern):
        match = _LATENCY_IN_NAME.search(path.name[len(column.system) :])
        if match and path.name == spec.hypothesis_name(column, set_name, int(match.group(1))):
            found.append(int(match.group(1)))
    if not found:
        return ""
    shown = ", ".join(f"{L} ms" for L in sorted(found))
    return f"; hypotheses/ has it at {shown}: is the latency in card.toml right?"


def _unmatched_warning(spec: CardSpec, path: Path) -> str:
    found = _LATENCY_IN_NAME.search(path.name)
    why = ""
    if found and int(found.group(1)) not in spec.latencies:
        why = f" ({found.group(1)} ms is not one of its latencies {list(spec.latencies)})"
    return f"{path}: matches no figure of {spec.path.name}{why}; it is not scored"


def _undeclared_latency(spec: CardSpec, path: Path) -> tuple[str, int] | None:
    """(system, latency) when the file is a declared system's at a card latency that system
    is not declared at."""
    for system in sorted(spec.systems, key=len, reverse=True):
        match = re.match(rf"{re.escape(system)}_(\d+)ms_", path.name)
        if (
            match
            and int(match.group(1)) in spec.latencies
            and int(match.group(1)) not in spec.system_latencies[system]
        ):
            return system, int(match.group(1))
    return None


def _interval_warnings(spec: CardSpec) -> list[str]:
    """A card whose intervals are drawn from too few resamples to place their ends."""
    note = few_resamples_note(spec.resamples, spec.level) if spec.comparisons else None
    return [f"{spec.path}: [bootstrap] resamples = {spec.resamples}: {note}"] if note else []


def _unmatched_warnings(spec: CardSpec, paths: list[Path]) -> list[str]:
    """One warning per system whose files sit at latencies it is not declared at; one per
    other file that matches no figure."""
    by_system: dict[str, list[tuple[int, Path]]] = {}
    warnings = []
    for path in paths:
        found = _undeclared_latency(spec, path)
        if found is None:
            warnings.append(_unmatched_warning(spec, path))
        else:
            by_system.setdefault(found[0], []).append((found[1], path))
    for system, files in by_system.items():
        latencies = sorted({latency for latency, _ in files})
        declared = list(spec.system_latencies[system])
        warnings.append(
            f"{spec.root / 'hypotheses'}: {plural(len(files), 'file')} of "
            f"{system!r} at {', '.join(f'{L} ms' for L in latencies)} "
            f"{'are' if len(files) > 1 else 'is'} not scored: card.toml declares it at "
            f"{declared} ms only (add the latency to its latencies_ms to score them)"
        )
    return warnings


@dataclass(frozen=True)
class CardTexts:
    """Every text the card scores, read once: what normalisation variants share."""

    spec: CardSpec
    clip_sets: dict[str, ClipSet]
    refs: dict[str, dict[str, str]]  # set -> id -> text
    hypotheses: dict[tuple[int, str, str], dict[str, str]]  # (latency, set, column) -> id -> text
    warnings: tuple[str, ...] = ()

    def all_texts(self) -> list[str]:
        texts = [t for r in self.refs.values() for t in r.values()]
        texts += [t for h in self.hypotheses.values() for t in h.values()]
        return texts


def _check_ids_file(spec: CardSpec, set_name: str) -> Path:
    """The set's ids file; a missing one is one line, which says where a published card's
    data come from when none of them is here (a fresh checkout of the real card)."""
    ids_path = spec.root / "ids" / f"{set_name}.jsonl"
    if ids_path.is_file():
        return ids_path
    none_here = not any((spec.root / "ids").glob("*.jsonl"))
    raise ScoringError(
        spec.path,
        f"set {set_name!r} has no ids file (expected {ids_path})"
        + (
            "; ids/ holds none: a card published with its data on the hub gets them with "
            "`python -m scoring fetch`, its references with `python -m scoring make-refs "
            "--out refs/` (see docs/data.md)"
            if none_here
            else ""
        ),
    )


def read_card_texts(
    spec: CardSpec,
    *,
    progress: bool | None = None,
    on_warning: Callable[[str], None] | None = None,
) -> CardTexts:
    """Read and check every ids, reference and hypothesis file of the card."""
    root = spec.root
    jobs = spec.streams()
    for set_name in spec.sets:
        _check_ids_file(spec, set_name)
    # A missing file is the root cause of every unmatched-file warning it
    # would bring (a mistyped latency orphans every file): report it first.
    for latency, set_name, column in jobs:
        hyp_path = root / "hypotheses" / spec.hypothesis_name(column, set_name, latency)
        if hyp_path.is_dir():
            raise ScoringError(hyp_path, "is a directory, not a JSON Lines file")
        if not hyp_path.is_file():
            raise ScoringError(
                hyp_path,
                "no such file, needed for figure "
                f"{cer_figure(latency, set_name, column.key)} ({latency} ms)"
                f"{_other_latencies_hint(spec, column, set_name, latency)}",
            )
    warnings = _interval_warnings(spec) + _unmatched_warnings(
        spec, unmatched_hypothesis_files(spec)
    )
    for message in warnings:
        if on_warning:
            on_warning(message)

    disable = None if progress is None else not progress
    clip_sets, refs, hypotheses = {}, {}, {}
    with tqdm(
        total=len(spec.sets) + len(jobs), desc="reading", unit="file", disable=disable, leave=False
    ) as bar:
        for set_name in spec.sets:
            clip_sets[set_name] = load_clip_set(_check_ids_file(spec, set_name))
            ref_path = root / "refs" / f"{set_name}.jsonl"
            if not ref_path.is_file() and not ref_path.is_dir():  # a folder: read says so
                raise ScoringError(
                    ref_path,
                    "no such file: rebuild the references with "
                    "`python -m scoring make-refs` (see docs/data.md)",
                )
            refs[set_name] = read_refs(ref_path)
            check_coverage(clip_sets[set_name], refs[set_name], ref_path, "reference")
            bar.update()
        for latency, set_name, column in jobs:
            hyp_path = root / "hypotheses" / spec.hypothesis_name(column, set_name, latency)
            hyp = read_hypotheses(hyp_path)
            check_coverage(clip_sets[set_name], hyp, hyp_path, "hypothesis")
            hypotheses[(latency, set_name, column.key)] = hyp
            bar.update()
    return CardTexts(spec, clip_sets, refs, hypotheses, tuple(warnings))


# Each pair's interval is drawn once per process for each content of its statistics and
# each recipe (see memo.py); a seed of None draws afresh every time, as it says.
_INTERVALS = Memo(kept=1 << 14)


def _interval(
    a: SetStats, b: SetStats, *, resamples: int, seed: int | None, level: float
) -> PairedDifference:
    def draw() -> PairedDifference:
        return paired_bootstrap(a, b, resamples=resamples, seed=seed, level=level)

    if seed is None:
        return draw()
    key = (
        a.ids,
        a.clusters,
        b.ids,
        b.clusters,
        a.edits.tobytes(),
        a.ref_chars.tobytes(),
        b.edits.tobytes(),
        b.ref_chars.tobytes(),
        resamples,
        seed,
        level,
    )
    return _INTERVALS.get(key, draw)


def card_from_texts(
    texts: CardTexts, normalized: Mapping[str, str], *, progress: bool | None = None
) -> CardResult:
    """Every figure, from the card's texts and their normalised forms."""
    spec = texts.spec
    stats: dict[tuple[int, str, str], SetStats] = {}
    for latency, set_name, column in spec.streams():
        key = (latency, set_name, column.key)
        stats[key] = stats_for(
            texts.clip_sets[set_name], texts.refs[set_name], texts.hypotheses[key], normalized
        )
        if stats[key].total_ref_chars == 0:
            raise ScoringError(
                spec.root / "refs" / f"{set_name}.jsonl",
                "references have no characters after normalisation",
            )

    cers = {key: s.cer for key, s in stats.items()}
    aggregates = {}
    for latency in spec.latencies:
        for aggregate in spec.aggregates:
            for system in spec.aggregate_systems(aggregate, latency):
                per_set = [stats[(latency, s, Column(system).key)] for s in aggregate.sets]
                aggregates[(latency, aggregate.key, system)] = (
                    sum(s.cer for s in per_set) / len(per_set)
                    if aggregate.method == "mean"
                    else pooled_cer(per_set)
                )

    disable = None if progress is None else not progress
    diffs = {}
    pairs = [
        (latency, c, s)
        for latency in spec.latencies
        for c in spec.comparisons
        if latency in c.latencies
        for s in c.sets
    ]
    for latency, comparison, set_name in tqdm(
        pairs, desc="bootstrap", unit="pair", disable=disable, leave=False
    ):
        a = stats[(latency, set_name, Column(comparison.a, comparison.split).key)]
        b = stats[(latency, set_name, Column(comparison.b, comparison.split).key)]
        diffs[(latency, set_name, comparison.key)] = _interval(
            a, b, resamples=spec.resamples, seed=spec.seed, level=spec.level
        )

    return CardResult(
        spec=spec,
        stats=stats,
        cers=cers,
        aggregates=aggregates,
        diffs=diffs,
        signature=signature(resamples=spec.resamples, seed=spec.seed, level=spec.level),
        warnings=texts.warnings,
    )


def compute_card(
    spec: CardSpec,
    *,
    normalize_many: NormalizeMany | None = None,
    progress: bool | None = None,
    cache: bool = True,
    on_warning: Callable[[str], None] | None = None,
) -> CardResult:
    """Read every file of the card, normalise once, and compute every figure.

    Every distinct text of the whole card (all latencies, all systems) is
    normalised once: hypotheses at neighbouring latencies are mostly the same
    strings. ``progress=None`` shows bars only on a terminal; ``cache=False``
    skips the persistent normalisation cache.
    """
    if normalize_many is None:

        def normalize_many(texts):
            return normalize_texts(texts, progress=progress, cache=cache)

    texts = read_card_texts(spec, progress=progress, on_warning=on_warning)
    return card_from_texts(texts, normalize_many(texts.all_texts()), progress=progress)
