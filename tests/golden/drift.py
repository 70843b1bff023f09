"""Say which clips moved when a pinned card figure drifts."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path

from scoring.alignment import align
from scoring.card import CardResult, CardTexts, Column
from scoring.card.golden import golden_figures, ledger_path, parse_ledger_tsv
from scoring.card.render import exact_value, format_value
from scoring.card.spec import parse_figure
from scoring.errors import ScoringError
from scoring.report import points

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
    return [
        (parsed.subject, latency, Column(comparison.a, comparison.split).key),
        (parsed.subject, latency, Column(comparison.b, comparison.split).key),
    ]


class DriftExplainer:
    """Explains drifted figures of one card.

    A rule change can fail hundreds of figures at once; each golden ledger,
    the pinned figures and the card's own ledgers are read once per run, not
    once per failure.
    """

    def __init__(
        self,
        card: str,
        result: CardResult,
        texts: CardTexts | None = None,
        normalized: Mapping[str, str] | None = None,
    ):
        self.card, self.result, self.texts, self.normalized = card, result, texts, normalized
        self._golden_rows: dict[str, dict | None] = {}
        self._current_rows: dict[str, list] = {}

    def golden_rows(self, set_name: str) -> dict | None:
        """The pinned ledger of a set, or None when there is none."""
        if set_name not in self._golden_rows:
            path = ledger_path(self.card, set_name, SNAPSHOT_DIR)
            self._golden_rows[set_name] = (
                parse_ledger_tsv(path.read_text(encoding="utf-8")) if path.is_file() else None
            )
        return self._golden_rows[set_name]

    def current_rows(self, set_name: str) -> list:
        if set_name not in self._current_rows:
            self._current_rows[set_name] = self.result.ledger(set_name)
        return self._current_rows[set_name]

    @cached_property
    def pinned_figures(self) -> dict[str, float | bool] | None:
        try:
            return golden_figures(self.card, SNAPSHOT_DIR)
        except ScoringError:
            return None

    @cached_property
    def current_figures(self) -> dict[str, float | bool]:
        return self.result.figures()

    def explain(self, figure: str) -> str:
        """One paragraph: the figure, its latency and change, and the clips that moved most."""
        card, result = self.card, self.result
        moved = []
        missing_golden = []
        for set_name, latency, column in clips_behind(result, figure):
            golden = self.golden_rows(set_name)
            if golden is None:
                missing_golden.append(str(ledger_path(card, set_name, SNAPSHOT_DIR)))
                continue
            for row in self.current_rows(set_name):
                if row[1] != latency or row[2] != column:
                    continue
                before = golden.get(row[:4])
                now = (row[4], row[5])
                if before != now:
                    moved.append((row[:4], before, now))
        latency = parse_figure(figure).latency_ms
        lines = [
            f"card figure {figure!r} ({latency} ms) of the {card} card "
            f"drifted{self._change(figure)}."
        ]
        if missing_golden:  # a comparison reads two streams of one set: name it once
            lines.append(f"no golden ledger at {', '.join(dict.fromkeys(missing_golden))}")
        if moved:
            moved.sort(key=lambda m: -abs(m[2][0] - (m[1][0] if m[1] else 0)))
            lines.append(
                f"{len(moved)} clip(s) moved at {latency} ms; the largest changes "
                "(set, system, id: golden -> now edits, reference chars):"
            )
            for (set_name, _, system, clip_id), before, now in moved[:CLIPS_SHOWN]:
                was = f"{before[0]} edits/{before[1]} chars" if before else "absent"
                lines.append(
                    f"  {set_name} {system} {clip_id}: {was} -> {now[0]} edits/{now[1]} chars"
                )
                if self.texts is not None and self.normalized is not None:
                    ref = self.normalized[self.texts.refs[set_name][clip_id]]
                    hyp = self.normalized[
                        self.texts.hypotheses[(latency, set_name, system)][clip_id]
                    ]
                    lines += [
                        f"      reference now:  {ref}",
                        f"      hypothesis now: {hyp}",
                        f"      edits now:      {align(ref, hyp).inline()}",
                    ]
            lines.append(
                'to see one clip rule by rule: python -m scoring explain "<reference>" '
                '"<hypothesis>"; every moved figure and clip: python -m scoring impact '
                f"{_root_argument(card)}"
            )
        elif not missing_golden:
            lines.append(
                "no clip's edits or reference length moved: the change is in the "
                f"bootstrap or aggregation settings (now {result.signature})"
            )
        return "\n".join(lines)

    def _change(self, figure: str) -> str:
        """ ", from X to Y (+Z pp)" against the pinned value, when it can be read."""
        if self.pinned_figures is None:
            return ""
        was = self.pinned_figures.get(figure)
        now = self.current_figures[figure]
        if was is None or isinstance(was, bool) or isinstance(now, bool):
            return f", from {was} to {now}" if was is not None else ""
        change = exact_value(figure, now) - exact_value(figure, was)
        return (
            f", from {format_value(figure, was)} to {format_value(figure, now)} "
            f"({points(change)} pp)"
        )


def _root_argument(card: str) -> str:
    return "examples/demo" if card == "demo" else "."
