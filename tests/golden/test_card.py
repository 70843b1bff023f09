"""Every published number of each card, pinned by name; and its per-clip ledger.

A failure names the figure (the test id) and, from the golden ledger, the
clips whose statistics moved. After a deliberate change: `python -m scoring
rebaseline` (docs/contributing.md). The demo and real cards use separate test
functions, so that the real card's skips never shelter a stale demo snapshot.
"""

from __future__ import annotations

import pytest

from scoring.card import card_markdown, load_card_spec

from .conftest import CARD_ROOTS
from .snapshot_format import LedgerSnapshotExtension, ledger_tsv

CARD_SPECS = {card: load_card_spec(root) for card, root in CARD_ROOTS.items()}


def figures(card):
    return pytest.mark.parametrize("figure", CARD_SPECS[card].figure_names())


def sets(card):
    return pytest.mark.parametrize("set_name", CARD_SPECS[card].sets)


def check_figure(card, figure, drift_explainers, snapshot):
    drift = drift_explainers(card)
    assert drift.current_figures[figure] == snapshot, drift.explain(figure)


def check_ledger(card, set_name, card_results, snapshot):
    ledger = ledger_tsv(card_results(card).ledger(set_name))
    assert ledger == snapshot(extension_class=LedgerSnapshotExtension)


@figures("demo")
def test_demo_figure(figure, drift_explainers, snapshot):
    """One published number of the demo card, unrounded."""
    check_figure("demo", figure, drift_explainers, snapshot)


@sets("demo")
def test_demo_ledger(set_name, card_results, snapshot):
    """Edits and reference characters of every demo clip of a set, per system."""
    check_ledger("demo", set_name, card_results, snapshot)


def test_demo_markdown(card_results, snapshot):
    """The demo card as it would be pasted into a model card."""
    assert card_markdown(card_results("demo")) == snapshot


@figures("real")
def test_real_figure(figure, drift_explainers, snapshot):
    """One published number of the real card, unrounded."""
    check_figure("real", figure, drift_explainers, snapshot)


@sets("real")
def test_real_ledger(set_name, card_results, snapshot):
    """Edits and reference characters of every real clip of a set, per system."""
    check_ledger("real", set_name, card_results, snapshot)


def test_real_markdown(card_results, snapshot):
    """The real card as published."""
    assert card_markdown(card_results("real")) == snapshot
