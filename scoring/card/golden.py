"""What the gate pins: the golden figures and per-clip ledgers of a card.

The snapshots live in ``tests/golden/__snapshots__`` (written by syrupy): one
amber file with every figure of every card, and one ledger TSV per card and
set. The impact report and the gate's summary read them from here, so the
format is parsed in one place.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ..errors import ScoringError

__all__ = [
    "LEDGER_FORMAT_VERSION",
    "LEDGER_HEADER",
    "REPO_ROOT",
    "SNAPSHOT_DIR",
    "card_name",
    "golden_figures",
    "golden_ledger",
    "ledger_path",
    "parse_ledger_tsv",
]

REPO_ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT_DIR = REPO_ROOT / "tests" / "golden" / "__snapshots__"
LEDGER_FORMAT_VERSION = "2"  # 2: a latency_ms column
LEDGER_HEADER = ("set", "latency_ms", "system", "id", "edits", "ref_chars")
CARDS = {"demo": REPO_ROOT / "examples" / "demo", "real": REPO_ROOT}


def card_name(root: Path) -> str | None:
    """Which pinned card a benchmark folder is ('demo' or 'real'), if any."""
    resolved = Path(root).resolve()
    return next((name for name, path in CARDS.items() if path == resolved), None)


def ledger_path(card: str, set_name: str, snapshot_dir: Path | None = None) -> Path:
    return (
        (snapshot_dir or SNAPSHOT_DIR)
        / "test_card"
        / (f"test_{card}_ledger[{set_name}].ledger-v{LEDGER_FORMAT_VERSION}.tsv")
    )


def parse_ledger_tsv(text: str) -> dict[tuple[str, int, str, str], tuple[int, int]]:
    """``{(set, latency, system, id): (edits, ref_chars)}`` from a ledger snapshot."""
    rows = {}
    for line in text.splitlines()[1:]:
        set_name, latency, system, clip_id, edits, ref_chars = line.split("\t")
        rows[(set_name, int(latency), system, clip_id)] = (int(edits), int(ref_chars))
    return rows


def golden_figures(card: str, snapshot_dir: Path | None = None) -> dict[str, float | bool]:
    """Every pinned figure of a card, by name, exactly as pinned."""
    amber = (snapshot_dir or SNAPSHOT_DIR) / "test_card.ambr"
    if not amber.is_file():
        raise ScoringError(
            amber,
            "golden snapshots missing: run `pytest -n auto --snapshot-update` once to create them",
        )
    pattern = re.compile(rf"^# name: test_{card}_figure\[(.+)\]\n  (.+)$", re.M)
    figures = {
        name: ast.literal_eval(value)
        for name, value in pattern.findall(amber.read_text(encoding="utf-8"))
    }
    if not figures:
        raise ScoringError(
            amber,
            f"golden snapshots missing: no figure of the {card} card "
            "is pinned (run `pytest -n auto --snapshot-update`)",
        )
    return figures


def golden_ledger(
    card: str, sets, snapshot_dir: Path | None = None
) -> dict[tuple[str, int, str, str], tuple[int, int]]:
    """Every pinned clip of the given sets of a card."""
    rows = {}
    for set_name in sets:
        path = ledger_path(card, set_name, snapshot_dir)
        if not path.is_file():
            raise ScoringError(
                path,
                "golden ledger missing: run `pytest -n auto --snapshot-update` once to create it",
            )
        rows.update(parse_ledger_tsv(path.read_text(encoding="utf-8")))
    return rows
