"""Say which clips moved when a pinned card figure drifts."""

from __future__ import annotations

from pathlib import Path

from scoring.card import CardResult, Column
from scoring.card.spec import parse_figure

from .snapshot_format import LedgerSnapshotExtension, parse_ledger_tsv

SNAPSHOT_DIR = Path(__file__).resolve().parent / "__snapshots__" / "test_card"
CLIPS_SHOWN = 8


def ledger_path(card: str, set_name: str) -> Path:
    """Where test_<card>_ledger[<set>] keeps its golden per-clip ledger."""
    return SNAPSHOT_DIR / f"test_{card}_ledger[{set_name}].{LedgerSnapshotExtension.file_extension}"


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


def explain_drift(card: str, result: CardResult, figure: str) -> str:
    """One paragraph: the figure, its latency, and the clips whose statistics moved most."""
    moved = []
    missing_golden = []
    for set_name, latency, column in clips_behind(result, figure):
        path = ledger_path(card, set_name)
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
    lines = [f"card figure {figure!r} ({latency} ms) of the {card} card drifted."]
    if missing_golden:
        lines.append(f"no golden ledger at {', '.join(missing_golden)}")
    if moved:
        moved.sort(key=lambda m: -abs(m[2][0] - (m[1][0] if m[1] else 0)))
        lines.append(f"{len(moved)} clip(s) moved at {latency} ms; the largest changes "
                     "(set, system, id: golden -> now edits, reference chars):")
        for (set_name, _, system, clip_id), before, now in moved[:CLIPS_SHOWN]:
            was = f"{before[0]} edits/{before[1]} chars" if before else "absent"
            lines.append(f"  {set_name} {system} {clip_id}: {was} -> {now[0]} edits/{now[1]} chars")
        lines.append('to see one clip rule by rule: python -m scoring explain "<reference>" '
                     '"<hypothesis>"; every moved clip: git diff the ledger after --snapshot-update')
    elif not missing_golden:
        lines.append("no clip's edits or reference length moved: the change is in the "
                     f"bootstrap or aggregation settings (now {result.signature})")
    return "\n".join(lines)
