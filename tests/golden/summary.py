"""One section at the end of a failing gate run: the whole picture first.

A rule change can fail hundreds of figure tests; this says how many figures
moved, which published conclusions flipped, and the largest moves, and names
the command for the full report.
"""

from __future__ import annotations

from pathlib import Path

from scoring.batch import normalize_texts
from scoring.card import card_from_texts, load_card_spec, read_card_texts
from scoring.card.golden import golden_figures, golden_ledger
from scoring.card.impact import compare, format_impact

LARGEST_SHOWN = 5


def gate_summary(card: str, root: Path, snapshot_dir: Path) -> list[str]:
    """The summary lines for one card whose pinned figures failed."""
    spec = load_card_spec(root)
    texts = read_card_texts(spec, progress=False)
    normalized = normalize_texts(texts.all_texts(), progress=False)
    result = card_from_texts(texts, normalized, progress=False)
    impact = compare(spec, "the golden snapshots", golden_figures(card, snapshot_dir), result,
                     golden_ledger(card, spec.sets, snapshot_dir), texts, normalized,
                     clips_per_set=0)
    report = format_impact(impact, figures_shown=LARGEST_SHOWN).split("3. Clips")[0]
    command = "examples/demo" if card == "demo" else "."
    return report.rstrip("\n").splitlines()[1:] + [
        "", f"full report, with the clips and their texts: python -m scoring impact {command} "
            "(--markdown for a pull request)"]
