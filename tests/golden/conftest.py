"""Golden-card fixtures: the demo card always, the real card where its data is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scoring.batch import normalize_texts
from scoring.card import card_from_texts, load_card_spec, read_card_texts

from .drift import SNAPSHOT_DIR, DriftExplainer
from .snapshot_format import CardSnapshotExtension

REPO_ROOT = Path(__file__).resolve().parents[2]
CARD_ROOTS = {"demo": REPO_ROOT / "examples" / "demo", "real": REPO_ROOT}
REQUIRE_REAL_ENV = "CARD_REQUIRE_REAL"
FETCH_HINT = (
    "the real card's refs/ and hypotheses/ are not here: run `python -m scoring fetch`, "
    "then `python -m scoring make-refs --out refs/`, then "
    "`pytest -n auto --require-real-card` (see docs/data.md)"
)


FIRST_RUN_HINT = (
    "the real card's data is here but no golden snapshot pins it yet: create them with "
    "`python -m scoring rebaseline`, review `git diff tests/golden/__snapshots__`, and "
    "commit them (see docs/gate.md)"
)


def real_card_pinned(snapshot_dir: Path | None = None) -> bool:
    """Whether any figure of the real card is pinned in this suite's golden snapshots (a
    copy of the suite reads its own, never those of the checkout whose package runs it)."""
    amber = (snapshot_dir or SNAPSHOT_DIR) / "test_card.ambr"
    return amber.is_file() and "# name: test_real_figure[" in amber.read_text(encoding="utf-8")


def real_card_available() -> bool:
    return (
        (REPO_ROOT / "refs").is_dir()
        and (REPO_ROOT / "hypotheses").is_dir()
        and any((REPO_ROOT / "hypotheses").glob("*.jsonl"))
    )


@pytest.fixture(scope="session")
def computed_cards(request):
    """Each card's texts, their normalised forms and its figures, once per test process."""
    cache = {}

    def get(card: str):
        if card == "real" and not real_card_available():
            if request.config.getoption("--require-real-card") or os.environ.get(REQUIRE_REAL_ENV):
                pytest.fail(FETCH_HINT)
            pytest.skip(FETCH_HINT)
        if card not in cache:
            texts = read_card_texts(load_card_spec(CARD_ROOTS[card]), progress=False)
            normalized = normalize_texts(texts.all_texts(), progress=False)
            cache[card] = (card_from_texts(texts, normalized, progress=False), texts, normalized)
        return cache[card]

    return get


@pytest.fixture(scope="session")
def drift_explainers(computed_cards):
    """Each card's figures and drift explanations, built once per test process."""
    explainers = {}

    def get(card: str) -> DriftExplainer:
        if card not in explainers:
            explainers[card] = DriftExplainer(card, *computed_cards(card))
        return explainers[card]

    return get


@pytest.fixture(scope="session")
def card_results(computed_cards):
    """Each card's figures, computed at most once per test process."""
    return lambda card: computed_cards(card)[0]


@pytest.fixture
def snapshot(snapshot):
    return snapshot.use_extension(CardSnapshotExtension)
