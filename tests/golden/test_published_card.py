"""The published model card says exactly what the data give: every marked
region and every model-index result. A hand edit fails here, naming the figure
and both values; `python -m scoring publish ROOT --write` puts it right, and
so does `pytest --snapshot-update`, which rewrites what the gate pins."""

from __future__ import annotations

import pytest

from scoring.card.publish import published_card, write_atomically

from .conftest import CARD_ROOTS


def check_published(card_results, card: str, request) -> None:
    result = card_results(card)
    path = result.spec.publish_file
    if card == "real" and (path is None or not path.is_file()):
        pytest.skip(f"the real card's published markdown ({path}) is not here; "
                    "see README: The published card")
    published = published_card(result)
    if request.config.getoption("update_snapshots", default=False) and not published.up_to_date:
        write_atomically(published.path, published.new)  # accepted, like a snapshot
        return
    assert published.up_to_date, "\n".join(
        [f"the {card} card's published markdown {path} differs from the data:"]
        + [m.line() for m in published.mismatches]
        + [f"rewrite it with: python -m scoring publish {CARD_ROOTS[card]} --write"])


def test_demo_published_card(card_results, request):
    """examples/demo/README.md: tables, inline numbers and model-index match the data."""
    check_published(card_results, "demo", request)


def test_real_published_card(card_results, request):
    """The real card's README: tables, inline numbers and model-index match the data."""
    check_published(card_results, "real", request)
