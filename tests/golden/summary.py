"""One section at the end of a failing gate run: the whole picture first.

A rule change can fail hundreds of figure tests; this says how many figures
moved, which published conclusions flipped, and the largest moves, and names
the command for the full report.
"""

from __future__ import annotations

from pathlib import Path

from scoring.card import load_card_spec
from scoring.card.impact import format_impact, impact_against_golden

LARGEST_SHOWN = 5


def gate_summary(card: str, root: Path, snapshot_dir: Path) -> list[str]:
    """The summary lines for one card whose pinned figures failed."""
    impact, _ = impact_against_golden(load_card_spec(root), card, snapshot_dir, clips_per_set=0)
    report = format_impact(impact, figures_shown=LARGEST_SHOWN).split("3. Clips")[0]
    command = "examples/demo" if card == "demo" else "."
    return report.rstrip("\n").splitlines()[1:] + [
        "",
        f"full report, with the clips and their texts: python -m scoring impact {command} "
        "(--markdown for a pull request)",
    ]
