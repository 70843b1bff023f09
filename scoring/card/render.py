"""The card as markdown tables, ready to paste into the model card."""

from __future__ import annotations

from .compute import CardResult
from .spec import Column
from ..report import percent, points

__all__ = ["card_markdown", "card_json"]


def _row(cells) -> str:
    return "| " + " | ".join(cells) + " |"


def card_markdown(result: CardResult) -> str:
    spec = result.spec
    systems = list(spec.systems)
    lines = [f"# {spec.title}", "",
             f"## Character error rate (%), {spec.latency_ms} ms", ""]
    lines.append(_row(["Set"] + [spec.systems[s] for s in systems]))
    lines.append(_row(["---"] + ["---:"] * len(systems)))
    for set_name in spec.sets:
        lines.append(_row([spec.set_names[set_name]] + [
            percent(result.cers[(set_name, Column(s).key)]) for s in systems]))
        if set_name in spec.split_sets:
            lines.append(_row([f"{spec.set_names[set_name]} (split)"] + [
                percent(result.cers[(set_name, Column(s, True).key)])
                if s in spec.split_systems else "–" for s in systems]))
    for aggregate in spec.aggregates:
        how = "mean of sets" if aggregate.method == "mean" else "pooled over clips"
        lines.append(_row([f"**{aggregate.display}** ({how})"] + [
            f"**{percent(result.aggregates[(aggregate.key, s)])}**" for s in systems]))

    level = f"{spec.level * 100:g} %"
    lines += ["", f"## Paired differences (percentage points, {level} cluster-bootstrap interval)"]
    for comparison in spec.comparisons:
        a = spec.systems[comparison.a] + (" (split)" if comparison.split else "")
        b = spec.systems[comparison.b] + (" (split)" if comparison.split else "")
        lines += ["", f"### {a} − {b}", "",
                  _row(["Set", "A − B (pp)", f"{level} interval", ""]),
                  _row(["---", "---:", "---:", "---"])]
        for set_name in comparison.sets:
            d = result.diffs[(set_name, comparison.key)]
            lines.append(_row([spec.set_names[set_name], points(d.estimate),
                               f"[{points(d.low)}, {points(d.high)}]",
                               "tie" if d.tie else ""]))
    lines += ["", f"Negative A − B means A makes fewer errors. "
                  f"Signature: `{result.signature}`", ""]
    return "\n".join(lines)


def card_json(result: CardResult) -> dict:
    """Every figure by name, unrounded, with the signature."""
    return {
        "title": result.spec.title,
        "signature": result.signature,
        "figures": result.figures(),
    }
