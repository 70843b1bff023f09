"""The published model card says exactly what the data give: every marked
region and every model-index result. A hand edit fails here, naming the figure
and both values; `python -m scoring publish ROOT --write` puts it right, and
so does `pytest --snapshot-update`, which rewrites what the gate pins.

The real card's file, once fetched, is the card as published on the hub: it is
put right there (`publish --push`, a pull request), never over the mirror."""

from __future__ import annotations

import pytest

from scoring.card.adopt import words_the_data_deny
from scoring.card.publish import published_card
from scoring.data.fetch import fetched_card

from .conftest import CARD_ROOTS


def check_published(card_results, card: str, request) -> None:
    result = card_results(card)
    path = result.spec.publish_file
    if card == "real" and (path is None or not path.is_file()):
        pytest.skip(
            f"the real card's published markdown ({path}) is not here; see docs/publishing.md"
        )
    published = published_card(result, read_words=words_the_data_deny)
    on_hub = fetched_card(path) if card == "real" else None
    if request.config.getoption("update_snapshots", default=False) and not published.up_to_date:
        if on_hub is None:
            published.write()  # accepted, like a snapshot
        return  # the hub's card: `publish --push`, which the gate names
    if on_hub is not None:
        count = len(published.mismatches)
        said = []
        if count or not published.claims:
            said.append(
                f"the real card as published on the hub ({on_hub}) differs from the "
                f"data ({count} number{'s' if count != 1 else ''}); open the pull "
                f"request that puts it right: python -m scoring publish "
                f"{CARD_ROOTS[card]} --push"
            )
        if published.claims:  # no pull request of ours rewords them
            said.append(
                f"the real card as published on the hub ({on_hub}) claims in its words "
                f"what the data do not give: reword them in {path}, then `python -m "
                f"scoring publish {CARD_ROOTS[card]} --push` proposes it"
            )
        if not published.up_to_date:
            fail(said + published.changes())
    if result.spec.publish_strict:  # no figure-like number may sit outside a marker
        from scoring.card.adopt import coverage
        from scoring.card.publish import read_card_file

        _, ungated = coverage(
            read_card_file(path), result.spec, result.spec.publish_aliases, result.exact
        )
        if ungated:
            fail(
                [
                    f"[publish] strict: the {card} card has numbers outside any marker "
                    f"(`python -m scoring publish {CARD_ROOTS[card]} --mark` marks them):"
                ]
                + [f"line {c.line}: {c.text}" for c in ungated]
            )
    if not published.up_to_date:
        fail(
            [f"the {card} card's published markdown {path} differs from the data:"]
            + published.changes()
            + [
                f"rewrite it with: python -m scoring publish {CARD_ROOTS[card]} --write "
                "(after a change of the normaliser's rules: python -m scoring rebaseline, "
                "which rewrites it with the snapshots)"
            ]
        )


def fail(lines: list[str]) -> None:
    """Fail with these lines alone: an assert statement would add the objects it tested
    (every ungated Candidate, the whole PublishedCard), as pytest's rewriting shows them."""
    raise AssertionError("\n".join(lines))


def test_demo_published_card(card_results, request):
    """examples/demo/README.md: tables, inline numbers and model-index match the data."""
    check_published(card_results, "demo", request)


def test_real_published_card(card_results, request):
    """The real card's README: tables, inline numbers and model-index match the data."""
    check_published(card_results, "real", request)
