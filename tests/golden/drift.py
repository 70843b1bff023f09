"""Say which clips moved when a pinned card figure drifts."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from scoring.alignment import align
from scoring.card import CardResult, CardTexts, Column
from scoring.card.golden import golden_figures, ledger_path, parse_ledger_tsv
from scoring.card.spec import parse_figure
from scoring.errors import ScoringError
from scoring.report import percent, points

# This suite's own snapshots (a copy of the suite reads the copy's).
SNAPSHOT_DIR = Path(__file__).resolve().parent / "__snapshots__"

CLIPS_SHOWN = 8


def clips_behind(result: CardResult, figure: str) -> list[tuple[str, int, str]]:
    """The (set, latency, column) streams whose clips make up a figure."""
    parsed = parse_figure(figure)
    spec = result.spec
    latency = parsed.latency_ms
    if parsed.kind == "cer":
        return [(parsed.subject, latency, parsed.column)]
    if parsed.kind == "aggregate":
        aggregate = next(a for a in spec.aggregates if a.key == parsed.subject)
        return [(s, latency, Column(parsed.column).key) for s in aggregate.sets]
    comparison = next(c for c in spec.comparisons if c.key == parsed.column)
    return [(parsed.subject, latency, Column(comparison.a, comparison.split).key),
            (parsed.subject, latency, Column(comparison.b, comparison.split).key)]


def explain_drift(card: str, result: CardResult, figure: str,
                  texts: CardTexts | None = None,
                  normalized: Mapping[str, str] | None = None) -> str:
    """One paragraph: the figure, its latency and change, and the clips that moved most."""
    moved = []
    missing_golden = []
    for set_name, latency, column in clips_behind(result, figure):
        path = ledger_path(card, set_name, SNAPSHOT_DIR)
        if not path.is_file():
            missing_golden.append(str(path))
            continue
        golden = parse_ledger_tsv(path.read_text(encoding="utf-8"))
        for row in result.ledger(set_name):
            if row[1] != latency or row[2] != column:
                continue
            before = golden.get(row[:4])
            now = (row[4], row[5])
            if before != now:
                moved.append((row[:4], before, now))
    latency = parse_figure(figure).latency_ms
    lines = [f"card figure {figure!r} ({latency} ms) of the {card} card drifted{_change(card, result, figure)}."]
    if missing_golden:
        lines.append(f"no golden ledger at {', '.join(missing_golden)}")
    if moved:
        moved.sort(key=lambda m: -abs(m[2][0] - (m[1][0] if m[1] else 0)))
        lines.append(f"{len(moved)} clip(s) moved at {latency} ms; the largest changes "
                     "(set, system, id: golden -> now edits, reference chars):")
        for (set_name, _, system, clip_id), before, now in moved[:CLIPS_SHOWN]:
            was = f"{before[0]} edits/{before[1]} chars" if before else "absent"
            lines.append(f"  {set_name} {system} {clip_id}: {was} -> {now[0]} edits/{now[1]} chars")
            if texts is not None and normalized is not None:
                ref = normalized[texts.refs[set_name][clip_id]]
                hyp = normalized[texts.hypotheses[(latency, set_name, system)][clip_id]]
                lines += [f"      reference now:  {ref}", f"      hypothesis now: {hyp}",
                          f"      edits now:      {align(ref, hyp).inline()}"]
        lines.append('to see one clip rule by rule: python -m scoring explain "<reference>" '
                     '"<hypothesis>"; every moved figure and clip: python -m scoring impact '
                     f"{_root_argument(card)}")
    elif not missing_golden:
        lines.append("no clip's edits or reference length moved: the change is in the "
                     f"bootstrap or aggregation settings (now {result.signature})")
    return "\n".join(lines)


def _root_argument(card: str) -> str:
    return "examples/demo" if card == "demo" else "."


def _change(card: str, result: CardResult, figure: str) -> str:
    """", from X to Y (+Z pp)" against the pinned value, when it can be read."""
    try:
        was = golden_figures(card, SNAPSHOT_DIR).get(figure)
    except ScoringError:
        return ""
    now = result.figures()[figure]
    if was is None or isinstance(was, bool) or isinstance(now, bool):
        return f", from {was} to {now}" if was is not None else ""
    return (f", from {percent(was)} to {percent(now)} "
            f"({points(Fraction(now) - Fraction(was))} pp)")
