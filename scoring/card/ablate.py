"""What each normalisation rule is worth: the card recomputed without it.

Each rule of ``THAI_CER_PIPELINE`` is left out in turn; the headline CERs
(every system, every set and aggregate at the headline latency) are compared
with the full pipeline's, in percentage points, and the conclusions each
removal would flip are listed. Each variant's normalisations are cached under
their own fingerprint, so a second run reads them back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .. import normalizer
from ..batch import normalize_texts
from ..normalizer import Rule
from ..report import points
from .compute import CardResult, CardTexts, card_from_texts
from .impact import conclusions
from .spec import Column, aggregate_figure, cer_figure

__all__ = ["Ablation", "ablate", "format_ablation"]


@dataclass(frozen=True)
class Ablation:
    full: CardResult
    without: dict[str, CardResult]  # rule name -> card computed without it

    def change(self, rule: str, figure: str) -> Fraction:
        """Figure without the rule minus figure with every rule."""
        return self.without[rule].exact[figure] - self.full.exact[figure]

    def flips(self, rule: str) -> list[tuple[str, str, str]]:
        spec = self.full.spec
        before = conclusions(spec, self.full.figures())
        after = conclusions(spec, self.without[rule].figures())
        return [(key, before[key], after[key]) for key in before if before[key] != after.get(key)]


def ablate(
    texts: CardTexts,
    *,
    rules: Sequence[Rule] | None = None,
    progress: bool | None = None,
    cache: bool = True,
    on_variant: Callable[[str], None] | None = None,
) -> Ablation:
    """The card with every rule, and with each rule left out in turn."""
    pipeline = tuple(normalizer.THAI_CER_PIPELINE if rules is None else rules)
    every_text = texts.all_texts()

    def card(variant: tuple[Rule, ...]) -> CardResult:
        normalized = normalize_texts(every_text, progress=progress, cache=cache, rules=variant)
        return card_from_texts(texts, normalized, progress=False)

    full = card(pipeline)
    without = {}
    for rule in pipeline:
        if on_variant:
            on_variant(rule.__name__)
        without[rule.__name__] = card(tuple(r for r in pipeline if r is not rule))
    return Ablation(full, without)


def _headline_columns(result: CardResult) -> list[tuple[str, str]]:
    """(label, figure for a system) makers for the headline row of each set and aggregate."""
    spec = result.spec
    latency = spec.headline_latency
    columns = [
        (spec.set_names[s], lambda system, s=s: cer_figure(latency, s, Column(system).key))
        for s in spec.sets
    ]
    columns += [
        (a.display, lambda system, a=a: aggregate_figure(latency, a.key, system))
        for a in spec.aggregates
        if latency in a.latencies
    ]
    return columns


def format_ablation(ablation: Ablation, *, markdown: bool = False) -> str:
    """Rules down, headline figures across, one table per system, then the flips."""
    spec = ablation.full.spec
    latency = spec.headline_latency
    columns = _headline_columns(ablation.full)
    lines = [
        f"{'## ' if markdown else ''}What each rule does to the card "
        f"(CER without the rule minus CER with every rule, percentage points, "
        f"{latency} ms)",
        "",
    ]
    for system in spec.systems_at(latency):
        lines += _system_table(ablation, system, columns, markdown)
        lines.append("")
    lines.append(f"{'## ' if markdown else ''}Conclusions each removal would flip")
    lines.append("")
    for rule in ablation.without:
        lines += _flip_lines(ablation, rule, markdown)
    return "\n".join(lines).rstrip("\n") + "\n"


def _system_table(
    ablation: Ablation, system: str, columns: list[tuple[str, Callable]], markdown: bool
) -> list[str]:
    """One system's table: its CERs with every rule, then a row per rule left out with what
    that does to each headline figure."""
    spec = ablation.full.spec
    title = f"{spec.systems[system]}: CER with every rule"
    full_row = [points(ablation.full.exact[make(system)])[1:] for _, make in columns]
    rows = [
        [rule] + [points(ablation.change(rule, make(system))) for _, make in columns]
        for rule in ablation.without
    ]
    header = ["rule left out"] + [label for label, _ in columns]
    if markdown:
        return [
            f"### {spec.systems[system]}",
            "",
            "| " + " | ".join(header) + " |",
            "|---" + "|---:" * len(columns) + "|",
            "| *(CER with every rule, %)* | " + " | ".join(full_row) + " |",
            *["| `" + row[0] + "` | " + " | ".join(row[1:]) + " |" for row in rows],
        ]
    widths = [max(len(h), 7) for h in header]
    widths[0] = max(len(title), *(len(r[0]) for r in rows))
    return [_aligned(cells, widths) for cells in (header, [title] + full_row, *rows)]


def _aligned(cells: list[str], widths: list[int]) -> str:
    """A plain-text table row: the first cell to the left, the figures to the right."""
    return "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))


def _flip_lines(ablation: Ablation, rule: str, markdown: bool) -> list[str]:
    """How many conclusions leaving ``rule`` out would flip, and each of them."""
    flips = ablation.flips(rule)
    bullet = "- " if markdown else "  "
    name = f"`{rule}`" if markdown else rule
    if not flips:
        return [f"{bullet}{name}: none"]
    lines = [f"{bullet}{name}: {len(flips)}"]
    lines += [f"{'  - ' if markdown else '      '}{key}: {was} -> {now}" for key, was, now in flips]
    return lines
