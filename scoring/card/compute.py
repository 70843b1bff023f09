"""Compute every figure a card publishes, from its benchmark folder.

Layout at the card's root: ``card.toml``, ``ids/<set>.jsonl``,
``refs/<set>.jsonl`` and ``hypotheses/<system>_<latency>ms_<set>[_split].jsonl``.
Text is read and normalised once for the whole card; after that only
per-clip statistics are used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm

from ..batch import normalize_texts
from ..bootstrap import PairedDifference, paired_bootstrap
from .spec import CardSpec, Column
from ..errors import ScoringError
from ..jsonl import read_hypotheses, read_refs
from ..scorer import NormalizeMany, check_coverage, load_clip_set, stats_for
from ..provenance import signature
from ..statistics import SetStats, pooled_cer

__all__ = ["CardResult", "compute_card", "unmatched_hypothesis_files"]


@dataclass(frozen=True)
class CardResult:
    spec: CardSpec
    stats: dict[tuple[str, str], SetStats]  # (set, column key) -> statistics
    cers: dict[tuple[str, str], float]
    aggregates: dict[tuple[str, str], float]  # (aggregate key, system)
    diffs: dict[tuple[str, str], PairedDifference]  # (set, comparison key)
    signature: str
    warnings: tuple[str, ...] = field(default=())

    def figures(self) -> dict[str, float | bool]:
        """Every published number by its stable name (see CardSpec.figure_names)."""
        figures: dict[str, float | bool] = {}
        for (set_name, column), value in self.cers.items():
            figures[f"cer/{set_name}/{column}"] = value
        for (aggregate, system), value in self.aggregates.items():
            figures[f"aggregate/{aggregate}/{system}"] = value
        for (set_name, comparison), diff in self.diffs.items():
            prefix = f"diff/{set_name}/{comparison}"
            figures[f"{prefix}/estimate"] = diff.estimate
            figures[f"{prefix}/low"] = diff.low
            figures[f"{prefix}/high"] = diff.high
            figures[f"{prefix}/tie"] = diff.tie
        return {name: figures[name] for name in self.spec.figure_names()}

    def ledger(self, set_name: str) -> list[tuple[str, str, str, int, int]]:
        """``(set, column, id, edits, ref_chars)`` for every clip scored on a set."""
        rows = []
        for column in self.spec.columns(set_name):
            stats = self.stats[(set_name, column.key)]
            rows.extend(
                (set_name, column.key, clip_id, int(edits), int(chars))
                for clip_id, edits, chars in zip(stats.ids, stats.edits, stats.ref_chars)
            )
        return rows


def unmatched_hypothesis_files(spec: CardSpec) -> list[Path]:
    """Hypothesis files whose name matches no figure of the card."""
    folder = spec.root / "hypotheses"
    if not folder.is_dir():
        return []
    expected = spec.expected_hypotheses()
    return sorted(p for p in folder.glob("*.jsonl") if p.name not in expected)


def compute_card(
    spec: CardSpec,
    *,
    normalize_many: NormalizeMany | None = None,
    progress: bool | None = None,
    cache: bool = True,
    on_warning: Callable[[str], None] | None = None,
) -> CardResult:
    """Read every file of the card, normalise once, and compute every figure.

    ``progress=None`` shows bars only on a terminal; ``cache=False`` skips the
    persistent normalisation cache.
    """
    if normalize_many is None:
        def normalize_many(texts):
            return normalize_texts(texts, progress=progress, cache=cache)
    root = spec.root
    warnings = [
        f"{path}: matches no figure of {spec.path.name}; it is not scored"
        for path in unmatched_hypothesis_files(spec)
    ]
    for message in warnings:
        if on_warning:
            on_warning(message)

    disable = None if progress is None else not progress
    clip_sets, refs, hypotheses = {}, {}, {}
    jobs = [(s, c) for s in spec.sets for c in spec.columns(s)]
    with tqdm(total=len(spec.sets) + len(jobs), desc="reading", unit="file",
              disable=disable, leave=False) as bar:
        for set_name in spec.sets:
            ids_path = root / "ids" / f"{set_name}.jsonl"
            if not ids_path.is_file():
                raise ScoringError(
                    spec.path, f"set {set_name!r} has no ids file (expected {ids_path})")
            clip_sets[set_name] = load_clip_set(ids_path)
            ref_path = root / "refs" / f"{set_name}.jsonl"
            if not ref_path.is_file():
                raise ScoringError(
                    ref_path, "no such file: rebuild the references with "
                    "`python -m scoring make-refs` (see README)")
            refs[set_name] = read_refs(ref_path)
            check_coverage(clip_sets[set_name], refs[set_name], ref_path, "reference")
            bar.update()
        for set_name, column in jobs:
            hyp_path = root / "hypotheses" / spec.hypothesis_name(column, set_name)
            if not hyp_path.is_file():
                raise ScoringError(
                    hyp_path, f"no such file, needed for figure cer/{set_name}/{column.key}")
            hyp = read_hypotheses(hyp_path)
            check_coverage(clip_sets[set_name], hyp, hyp_path, "hypothesis")
            hypotheses[(set_name, column.key)] = hyp
            bar.update()

    texts = [t for r in refs.values() for t in r.values()]
    texts += [t for h in hypotheses.values() for t in h.values()]
    normalized = normalize_many(texts)

    stats: dict[tuple[str, str], SetStats] = {}
    for set_name, column in jobs:
        key = (set_name, column.key)
        stats[key] = stats_for(clip_sets[set_name], refs[set_name], hypotheses[key], normalized)
        if stats[key].total_ref_chars == 0:
            raise ScoringError(root / "refs" / f"{set_name}.jsonl",
                               "references have no characters after normalisation")
    del refs, hypotheses, normalized

    cers = {key: s.cer for key, s in stats.items()}
    aggregates = {}
    for aggregate in spec.aggregates:
        for system in spec.systems:
            per_set = [stats[(s, Column(system).key)] for s in aggregate.sets]
            aggregates[(aggregate.key, system)] = (
                sum(s.cer for s in per_set) / len(per_set)
                if aggregate.method == "mean" else pooled_cer(per_set)
            )

    diffs = {}
    pairs = [(c, s) for c in spec.comparisons for s in c.sets]
    for comparison, set_name in tqdm(pairs, desc="bootstrap", unit="pair",
                                     disable=disable, leave=False):
        a = stats[(set_name, Column(comparison.a, comparison.split).key)]
        b = stats[(set_name, Column(comparison.b, comparison.split).key)]
        diffs[(set_name, comparison.key)] = paired_bootstrap(
            a, b, resamples=spec.resamples, seed=spec.seed, level=spec.level)

    return CardResult(
        spec=spec,
        stats=stats,
        cers=cers,
        aggregates=aggregates,
        diffs=diffs,
        signature=signature(resamples=spec.resamples, seed=spec.seed, level=spec.level),
        warnings=tuple(warnings),
    )
