"""Say which clips moved when a pinned card figure drifts."""

from __future__ import annotations

from pathlib import Path

from scoring.card import CardResult
from scoring.card import Column

from .snapshot_format import LedgerSnapshotExtension, parse_ledger_tsv

SNAPSHOT_DIR = Path(__file__).resolve().parent / "__snapshots__" / "test_card"
CLIPS_SHOWN = 8


def ledger_path(card: str, set_name: str) -> Path:
    """Where test_<card>_ledger[<set>] keeps its golden per-clip ledger."""
    return SNAPSHOT_DIR / f"test_{card}_ledger[{set_name}].{LedgerSnapshotExtension.file_extension}"


def clips_behind(result: CardResult, figure: str) -> list[tuple[str, str]]:
    """The (set, column) streams whose clips make up a figure."""
    kind, *rest = figure.split("/")
    spec = result.spec
    if kind == "cer":
        return [(rest[0], rest[1])]
    if kind == "aggregate":
        aggregate = next(a for a in spec.aggregates if a.key == rest[0])
        return [(s, Column(rest[1]).key) for s in aggregate.sets]
    set_name, comparison_key = rest[0], rest[1]
    comparison = next(c for c in spec.comparisons if c.key == comparison_key)
    return [(set_name, Column(comparison.a, comparison.split).key),
            (set_name, Column(comparison.b, comparison.split).key)]


def explain_drift(card: str, result: CardResult, figure: str) -> str:
    """One paragraph: the figure, and the clips whose statistics moved most."""
    moved = []
    missing_golden = []
    for set_name, column in clips_behind(result, figure):
        path = ledger_path(card, set_name)
        if not path.is_file():
            missing_golden.append(str(path))
            continue
        golden = parse_ledger_tsv(path.read_text(encoding="utf-8"))
        for row in result.ledger(set_name):
            if row[1] != column:
                continue
            before = golden.get(row[:3])
            now = (row[3], row[4])
            if before != now:
                moved.append((row[:3], before, now))
    lines = [f"card figure {figure!r} of the {card} card drifted."]
    if missing_golden:
        lines.append(f"no golden ledger at {', '.join(missing_golden)}")
    if moved:
        moved.sort(key=lambda m: -abs(m[2][0] - (m[1][0] if m[1] else 0)))
        lines.append(f"{len(moved)} clip(s) moved; the largest changes "
                     "(set, system, id: golden -> now edits, reference chars):")
        for (set_name, system, clip_id), before, now in moved[:CLIPS_SHOWN]:
            was = f"{before[0]} edits/{before[1]} chars" if before else "absent"
            lines.append(f"  {set_name} {system} {clip_id}: {was} -> {now[0]} edits/{now[1]} chars")
        lines.append('to see one clip rule by rule: python -m scoring explain "<reference>" '
                     '"<hypothesis>"; every moved clip: git diff the ledger after --snapshot-update')
    elif not missing_golden:
        lines.append("no clip's edits or reference length moved: the change is in the "
                     f"bootstrap or aggregation settings (now {result.signature})")
    return "\n".join(lines)
