"""The card as markdown tables, ready to paste into the model card.

Each table is built as a ``Table``: its cells, and beside them the figure
each cell shows, so the publish check can name the figure behind any cell
that differs. A card with several latencies gets one CER table per latency
(headline first), a latency summary, and the paired differences at each
latency. Every number is rounded by one rule (``report.round_half_up``):
half away from zero, from the exact value.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from ..report import percent, points
from .compute import CardResult
from .spec import Column, Comparison, aggregate_figure, cer_figure, diff_figure

__all__ = [
    "MISSING",
    "Table",
    "card_json",
    "card_markdown",
    "cer_table",
    "comparison_table",
    "comparison_title",
    "exact_value",
    "format_figure",
    "format_value",
    "latency_summary_table",
    "latency_title",
]

MISSING = "–"  # a system not decoded at this latency


@dataclass(frozen=True)
class Table:
    """A markdown table and, cell by cell, the figure it prints (or None)."""

    header: tuple[str, ...]
    align: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    figures: tuple[tuple[str | None, ...], ...]

    def markdown(self) -> str:
        lines = [_row(self.header), _row(self.align)]
        lines += [_row(row) for row in self.rows]
        return "\n".join(lines)


def _row(cells) -> str:
    return "| " + " | ".join(cells) + " |"


def format_figure(result: CardResult, name: str) -> str:
    """One figure as the card prints it: CERs in percent, differences signed."""
    return format_value(name, result.exact[name])


def exact_value(name: str, value: float | Fraction) -> Fraction:
    """The exact value the card rounds, from a figure kept as a float (a pinned snapshot).

    CERs, aggregates and estimates are ratios of counts. One that sits exactly on a
    rounding boundary (k/20000) is a short decimal, which its float's shortest repr
    gives back, while the float's binary value lies just beside it: 0.07475 is
    stored as 0.0747499999... Interval ends are floats by nature, and the card
    rounds them at their binary value.
    """
    if isinstance(value, Fraction) or name.endswith(("/low", "/high")):
        return Fraction(value)
    return Fraction(repr(float(value)))


def format_value(name: str, value: float | Fraction | bool) -> str:
    """A figure's value as the card prints it, whether exact or pinned as a float."""
    if isinstance(value, bool):
        return "tie" if value else "significant"
    exact = exact_value(name, value)
    return points(exact) if name.startswith("diff/") else percent(exact)


def latency_title(result: CardResult, latency: int) -> str:
    spec = result.spec
    if len(spec.latencies) == 1:
        return f"{latency} ms"
    return f"{latency} ms chunk" + (" (headline)" if latency == spec.headline_latency else "")


class _Builder:
    def __init__(self, result: CardResult) -> None:
        self.result = result
        self.rows: list[tuple[str, ...]] = []
        self.figures: list[tuple[str | None, ...]] = []

    def add(
        self, label: str | tuple[str, ...], names: list[str | None], bold: bool = False
    ) -> None:
        labels = (label,) if isinstance(label, str) else label
        cells, shown = list(labels), [None] * len(labels)
        for name in names:
            if name is None or name not in self.result.exact:
                cells.append(MISSING)
                shown.append(None)
            else:
                text = format_figure(self.result, name)
                cells.append(f"**{text}**" if bold else text)
                shown.append(name)
        self.rows.append(tuple(cells))
        self.figures.append(tuple(shown))

    def table(self, header, align) -> Table:
        return Table(tuple(header), tuple(align), tuple(self.rows), tuple(self.figures))


def cer_table(result: CardResult, latency: int) -> Table:
    """Sets down, systems across; a system without this latency prints as "–"."""
    spec = result.spec
    systems = list(spec.systems)
    build = _Builder(result)
    for set_name in spec.sets:
        build.add(
            spec.set_names[set_name],
            [cer_figure(latency, set_name, Column(s).key) for s in systems],
        )
        if set_name in spec.split_sets and latency in spec.split_latencies:
            build.add(
                f"{spec.set_names[set_name]} (split)",
                [
                    cer_figure(latency, set_name, Column(s, True).key)
                    if s in spec.split_systems
                    else None
                    for s in systems
                ],
            )
    for aggregate in spec.aggregates:
        if latency not in aggregate.latencies:
            continue
        how = "mean of sets" if aggregate.method == "mean" else "pooled over clips"
        build.add(
            f"**{aggregate.display}** ({how})",
            [aggregate_figure(latency, aggregate.key, s) for s in systems],
            bold=True,
        )
    return build.table(
        ["Set"] + [spec.systems[s] for s in systems], ["---"] + ["---:"] * len(systems)
    )


def latency_summary_table(result: CardResult) -> Table:
    """Each system's aggregates at each latency: what each step of latency buys."""
    spec = result.spec
    latencies = sorted(spec.latencies)
    build = _Builder(result)
    for system, display in spec.systems.items():
        for aggregate in spec.aggregates:
            build.add(
                (display, aggregate.display),
                [aggregate_figure(latency, aggregate.key, system) for latency in latencies],
            )
    header = [
        f"{latency} ms" + (" (headline)" if latency == spec.headline_latency else "")
        for latency in latencies
    ]
    return build.table(["System", "Aggregate"] + header, ["---", "---"] + ["---:"] * len(latencies))


def comparison_title(result: CardResult, comparison: Comparison) -> str:
    spec = result.spec
    suffix = " (split)" if comparison.split else ""
    return f"{spec.systems[comparison.a]}{suffix} − {spec.systems[comparison.b]}{suffix}"


def comparison_table(result: CardResult, comparison: Comparison, latency: int) -> Table:
    """A − B on each set of the comparison, with its interval and "tie"."""
    spec = result.spec
    level = f"{spec.level * 100:g} %"
    rows, figures = [], []
    for set_name in comparison.sets:
        name = partial(diff_figure, latency, set_name, comparison.key)
        tie = result.exact[name("tie")]
        rows.append(
            (
                spec.set_names[set_name],
                format_figure(result, name("estimate")),
                f"[{format_figure(result, name('low'))}, {format_figure(result, name('high'))}]",
                "tie" if tie else "",
            )
        )
        figures.append((None, name("estimate"), name("low") + "|" + name("high"), name("tie")))
    return Table(
        ("Set", "A − B (pp)", f"{level} interval", ""),
        ("---", "---:", "---:", "---"),
        tuple(rows),
        tuple(figures),
    )


def card_markdown(result: CardResult) -> str:
    spec = result.spec
    several = len(spec.latencies) > 1
    lines = [f"# {spec.title}", ""]
    for latency in spec.latencies_headline_first():
        lines += [
            f"## Character error rate (%), {latency_title(result, latency)}",
            "",
            cer_table(result, latency).markdown(),
            "",
        ]
    if several and spec.aggregates:
        lines += [
            "## Latency summary: CER (%) by chunk latency",
            "",
            latency_summary_table(result).markdown(),
            "",
        ]

    level = f"{spec.level * 100:g} %"
    for latency in spec.latencies_headline_first():
        here = [c for c in spec.comparisons if latency in c.latencies]
        if not here:
            continue
        heading = f"## Paired differences (percentage points, {level} cluster-bootstrap interval)"
        if several:
            heading += f", {latency_title(result, latency)}"
        lines.append(heading)
        for comparison in here:
            lines += [
                "",
                f"### {comparison_title(result, comparison)}",
                "",
                comparison_table(result, comparison, latency).markdown(),
            ]
        lines.append("")
    lines += [f"Negative A − B means A makes fewer errors. Signature: `{result.signature}`", ""]
    return "\n".join(lines)


def card_json(result: CardResult) -> dict:
    """Every figure by name, unrounded, with the signature."""
    return {
        "title": result.spec.title,
        "signature": result.signature,
        "figures": result.figures(),
    }
