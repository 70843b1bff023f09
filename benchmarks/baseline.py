"""The straightforward card: each figure computed on its own, from text.

This is the baseline the benchmark measures the real implementation against.
It follows the card's description literally: for every figure it reads the
files, normalises every text with the same five rules (tokenising every text
with newmm, without the no-morpheme shortcut), scores with jiwer, and
resamples clusters in a Python loop. Its figures must equal the real ones;
only the time differs.
"""

from __future__ import annotations

import jiwer
import numpy as np

from scoring.card import CardSpec, Column
from scoring.card.spec import aggregate_figure, cer_figure, diff_figure
from scoring.jsonl import read_hypotheses, read_ids, read_refs
from scoring.normalizer import THAI_CER_PIPELINE, apply_rules, spoken_numbers_to_digits
from scoring.numbers import spoken_numbers_to_digits_full

STRAIGHTFORWARD_RULES = tuple(
    spoken_numbers_to_digits_full if rule is spoken_numbers_to_digits else rule
    for rule in THAI_CER_PIPELINE
)


def normalize(text: str) -> str:
    """The same rules, with newmm run on every text."""
    return apply_rules(text, STRAIGHTFORWARD_RULES)


def _load(spec: CardSpec, set_name: str, column: Column, latency: int):
    ids, clusters = read_ids(spec.root / "ids" / f"{set_name}.jsonl")
    refs = read_refs(spec.root / "refs" / f"{set_name}.jsonl")
    hyps = read_hypotheses(
        spec.root / "hypotheses" / spec.hypothesis_name(column, set_name, latency)
    )
    return ids, clusters, refs, hyps


def _clip_edits(spec, set_name, column, latency):
    """Per-clip (cluster, edits, reference chars), normalising everything again."""
    ids, clusters, refs, hyps = _load(spec, set_name, column, latency)
    rows = []
    for clip_id, cluster in zip(ids, clusters):
        ref, hyp = normalize(refs[clip_id]), normalize(hyps[clip_id])
        if ref:
            out = jiwer.process_characters(ref, hyp)
            edits = out.substitutions + out.deletions + out.insertions
        else:
            edits = len(hyp)
        rows.append((cluster, edits, len(ref)))
    return rows


def _cer(spec, set_name, column, latency) -> float:
    ids, _, refs, hyps = _load(spec, set_name, column, latency)
    pairs = [(normalize(refs[i]), normalize(hyps[i])) for i in ids]
    kept = [(r, h) for r, h in pairs if r]
    extra = sum(len(h) for r, h in pairs if not r)  # jiwer refuses empty references
    out = jiwer.process_characters([r for r, _ in kept], [h for _, h in kept])
    edits = out.substitutions + out.deletions + out.insertions
    return (edits + extra) / sum(len(r) for r, _ in kept)


def _bootstrap(rows_a, rows_b, resamples, seed, level):
    order, sums = [], {}
    for (cluster, ea, n), (_, eb, _) in zip(rows_a, rows_b):
        if cluster not in sums:
            order.append(cluster)
            sums[cluster] = [0, 0, 0]
        sums[cluster][0] += ea
        sums[cluster][1] += eb
        sums[cluster][2] += n
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(order), size=(resamples, len(order)))
    diffs = []
    for row in idx:
        a = b = n = 0
        for k in row:
            s = sums[order[k]]
            a += s[0]
            b += s[1]
            n += s[2]
        diffs.append((a - b) / n)
    tail = round(50.0 * (1.0 - level), 10)
    low, high = np.percentile(diffs, [tail, 100 - tail])
    total_a = sum(r[1] for r in rows_a)
    total_b = sum(r[1] for r in rows_b)
    total_n = sum(r[2] for r in rows_a)
    return (total_a - total_b) / total_n, float(low), float(high)


def baseline_card(spec: CardSpec) -> dict[str, float | bool]:
    """Every figure of the card, each computed independently."""
    figures: dict[str, float | bool] = {}
    for latency, set_name, column in spec.streams():
        figures[cer_figure(latency, set_name, column.key)] = _cer(spec, set_name, column, latency)
    for latency in spec.latencies:
        for aggregate in spec.aggregates:
            for system in spec.aggregate_systems(aggregate, latency):
                name = aggregate_figure(latency, aggregate.key, system)
                if aggregate.method == "mean":
                    cers = [_cer(spec, s, Column(system), latency) for s in aggregate.sets]
                    figures[name] = sum(cers) / len(cers)
                else:
                    rows = [
                        r
                        for s in aggregate.sets
                        for r in _clip_edits(spec, s, Column(system), latency)
                    ]
                    figures[name] = sum(r[1] for r in rows) / sum(r[2] for r in rows)
        for comparison in spec.comparisons:
            if latency not in comparison.latencies:
                continue
            for set_name in comparison.sets:
                a = _clip_edits(spec, set_name, Column(comparison.a, comparison.split), latency)
                b = _clip_edits(spec, set_name, Column(comparison.b, comparison.split), latency)
                estimate, low, high = _bootstrap(a, b, spec.resamples, spec.seed, spec.level)
                for part, value in (
                    ("estimate", estimate),
                    ("low", low),
                    ("high", high),
                    ("tie", low <= 0 <= high),
                ):
                    figures[diff_figure(latency, set_name, comparison.key, part)] = value
    return {name: figures[name] for name in spec.figure_names()}
