"""The published model card says exactly what the data give: every marked
region and every model-index result. A hand edit fails here, naming the figure
and both values; `python -m scoring publish ROOT --write` puts it right."""

from __future__ import annotations

import pytest

from scoring.card.publish import published_card

from .conftest import CARD_ROOTS


def check_published(card_results, card: str) -> None:
    result = card_results(card)
    path = result.spec.publish_file
    if card == "real" and (path is None or not path.is_file()):
        pytest.skip(f"the real card's published markdown ({path}) is not here; "
                    "see README: The published card")
    published = published_card(result)
    assert published.up_to_date, "\n".join(
        [f"the {card} card's published markdown {path} differs from the data:"]
        + [m.line() for m in published.mismatches]
        + [f"rewrite it with: python -m scoring publish {CARD_ROOTS[card]} --write"])


def test_demo_published_card(card_results):
    """examples/demo/README.md: tables, inline numbers and model-index match the data."""
    check_published(card_results, "demo")


def test_real_published_card(card_results):
    """The real card's README: tables, inline numbers and model-index match the data."""
    check_published(card_results, "real")
