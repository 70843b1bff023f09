"""The card as markdown tables, ready to paste into the model card.

Each table is a function of its own, so the publish step can put any one of
them into a marked region of the published card. A card with several
latencies gets one CER table per latency (headline first), a latency
summary, and the paired differences at each latency.
"""

from __future__ import annotations

from .compute import CardResult
from .spec import Comparison, Column
from ..report import percent, points

__all__ = [
    "card_markdown",
    "card_json",
    "cer_table",
    "latency_summary_table",
    "comparison_table",
    "comparison_title",
    "latency_title",
    "MISSING",
]

MISSING = "–"  # a system not decoded at this latency


def _row(cells) -> str:
    return "| " + " | ".join(cells) + " |"


def latency_title(result: CardResult, latency: int) -> str:
    spec = result.spec
    if len(spec.latencies) == 1:
        return f"{latency} ms"
    return f"{latency} ms chunk" + (" (headline)" if latency == spec.headline_latency else "")


def cer_table(result: CardResult, latency: int) -> str:
    """Sets down, systems across; a system without this latency prints as "–"."""
    spec = result.spec
    systems = list(spec.systems)
    here = set(spec.systems_at(latency))

    def cell(set_name: str, column: Column) -> str:
        key = (latency, set_name, column.key)
        return percent(result.cers[key]) if key in result.cers else MISSING

    lines = [_row(["Set"] + [spec.systems[s] for s in systems]),
             _row(["---"] + ["---:"] * len(systems))]
    for set_name in spec.sets:
        lines.append(_row([spec.set_names[set_name]] + [
            cell(set_name, Column(s)) for s in systems]))
        if set_name in spec.split_sets and latency in spec.split_latencies:
            lines.append(_row([f"{spec.set_names[set_name]} (split)"] + [
                cell(set_name, Column(s, True)) if s in spec.split_systems else MISSING
                for s in systems]))
    for aggregate in spec.aggregates:
        if latency not in aggregate.latencies:
            continue
        how = "mean of sets" if aggregate.method == "mean" else "pooled over clips"
        lines.append(_row([f"**{aggregate.display}** ({how})"] + [
            f"**{percent(result.aggregates[(latency, aggregate.key, s)])}**"
            if s in here else MISSING for s in systems]))
    return "\n".join(lines)


def latency_summary_table(result: CardResult) -> str:
    """Each system's aggregates at each latency: what each step of latency buys."""
    spec = result.spec
    latencies = sorted(spec.latencies)
    header = [f"{latency} ms" + (" (headline)" if latency == spec.headline_latency else "")
              for latency in latencies]
    lines = [_row(["System", "Aggregate"] + header),
             _row(["---", "---"] + ["---:"] * len(latencies))]
    for system, display in spec.systems.items():
        for aggregate in spec.aggregates:
            cells = [percent(result.aggregates[(latency, aggregate.key, system)])
                     if (latency, aggregate.key, system) in result.aggregates else MISSING
                     for latency in latencies]
            lines.append(_row([display, aggregate.display] + cells))
    return "\n".join(lines)


def comparison_title(result: CardResult, comparison: Comparison) -> str:
    spec = result.spec
    suffix = " (split)" if comparison.split else ""
    return f"{spec.systems[comparison.a]}{suffix} − {spec.systems[comparison.b]}{suffix}"


def comparison_table(result: CardResult, comparison: Comparison, latency: int) -> str:
    """A − B on each set of the comparison, with its interval and "tie"."""
    spec = result.spec
    level = f"{spec.level * 100:g} %"
    lines = [_row(["Set", "A − B (pp)", f"{level} interval", ""]),
             _row(["---", "---:", "---:", "---"])]
    for set_name in comparison.sets:
        d = result.diffs[(latency, set_name, comparison.key)]
        lines.append(_row([spec.set_names[set_name], points(d.estimate),
                           f"[{points(d.low)}, {points(d.high)}]",
                           "tie" if d.tie else ""]))
    return "\n".join(lines)


def card_markdown(result: CardResult) -> str:
    spec = result.spec
    several = len(spec.latencies) > 1
    lines = [f"# {spec.title}", ""]
    for latency in spec.latencies_headline_first():
        lines += [f"## Character error rate (%), {latency_title(result, latency)}", "",
                  cer_table(result, latency), ""]
    if several and spec.aggregates:
        lines += ["## Latency summary: CER (%) by chunk latency", "",
                  latency_summary_table(result), ""]

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
            lines += ["", f"### {comparison_title(result, comparison)}", "",
                      comparison_table(result, comparison, latency)]
        lines.append("")
    lines += [f"Negative A − B means A makes fewer errors. "
              f"Signature: `{result.signature}`", ""]
    return "\n".join(lines)


def card_json(result: CardResult) -> dict:
    """Every figure by name, unrounded, with the signature."""
    return {
        "title": result.spec.title,
        "signature": result.signature,
        "figures": result.figures(),
    }
