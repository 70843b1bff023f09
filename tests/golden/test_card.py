"""Every published number of each card, pinned by name; and its per-clip ledger.

A failure names the figure (the test id) and, from the golden ledger, the
clips whose statistics moved. After a deliberate change: see README, "When a
number moves on purpose".
"""

from __future__ import annotations

import pytest

from scoring.card_spec import load_card_spec
from scoring.render import card_markdown

from .conftest import CARD_ROOTS
from .drift import explain_drift
from .snapshot_format import LedgerSnapshotExtension, ledger_tsv

CARD_SPECS = {card: load_card_spec(root) for card, root in CARD_ROOTS.items()}

FIGURES = [
    pytest.param(card, figure, id=f"{card}-{figure}")
    for card, spec in CARD_SPECS.items()
    for figure in spec.figure_names()
]
SETS = [
    pytest.param(card, set_name, id=f"{card}-{set_name}")
    for card, spec in CARD_SPECS.items()
    for set_name in spec.sets
]


@pytest.mark.parametrize(("card", "figure"), FIGURES)
def test_figure(card, figure, card_results, snapshot):
    """One published number, unrounded."""
    result = card_results(card)
    assert result.figures()[figure] == snapshot, explain_drift(card, result, figure)


@pytest.mark.parametrize(("card", "set_name"), SETS)
def test_ledger(card, set_name, card_results, snapshot):
    """Edits and reference characters of every clip of a set, per system."""
    ledger = ledger_tsv(card_results(card).ledger(set_name))
    assert ledger == snapshot(extension_class=LedgerSnapshotExtension)


@pytest.mark.parametrize("card", list(CARD_SPECS))
def test_markdown(card, card_results, snapshot):
    """The card as pasted into the model card."""
    assert card_markdown(card_results(card)) == snapshot
