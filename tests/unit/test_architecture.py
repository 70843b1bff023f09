"""The three concerns stay apart: the metric knows no card and no data, the data side knows
no card, the card knows no hub; and the card's text is read in one place (no circle
between publish and adopt)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import REPO_ROOT

PACKAGE = REPO_ROOT / "scoring"
METRIC = (
    "normalizer.py",
    "numbers.py",
    "statistics.py",
    "bootstrap.py",
    "batch.py",
    "randomisation.py",
    "robustness.py",
)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (inside functions too), as absolute
    dotted names."""
    package = ".".join(path.relative_to(REPO_ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
            else:
                base = []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def touches(path: Path, prefix: str) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for name in imported(path))


@pytest.mark.parametrize("path", sorted((PACKAGE / "data").glob("*.py")), ids=lambda p: p.name)
def test_the_data_side_imports_nothing_of_the_card(path):
    assert not touches(path, "scoring.card")


@pytest.mark.parametrize("path", sorted((PACKAGE / "card").glob("*.py")), ids=lambda p: p.name)
def test_the_card_imports_nothing_of_the_data_side(path):
    assert not touches(path, "scoring.data")


@pytest.mark.parametrize("name", METRIC)
def test_the_metric_knows_no_card_and_no_data(name):
    path = PACKAGE / name
    assert not touches(path, "scoring.card") and not touches(path, "scoring.data")


def test_publish_and_adopt_read_the_card_through_text_and_not_each_other():
    """Adopting reads a hand-written card's numbers through reading.py; that, like publish,
    reads the card's text through text.py, and neither reading nor text knows adopting or
    publishing."""
    card = PACKAGE / "card"
    adopt, publish, reading = card / "adopt.py", card / "publish.py", card / "reading.py"
    assert not touches(adopt, "scoring.card.publish")
    assert not touches(publish, "scoring.card.adopt")
    assert not touches(publish, "scoring.card.reading")
    assert touches(adopt, "scoring.card.reading") and touches(reading, "scoring.card.text")
    assert touches(adopt, "scoring.card.text") and touches(publish, "scoring.card.text")
    for shared in ("text.py", "names.py", "reading.py"):
        assert not touches(card / shared, "scoring.card.publish")
        assert not touches(card / shared, "scoring.card.adopt")
    assert touches(adopt, "scoring.card.names") and touches(publish, "scoring.card.names")


def test_the_import_reader_sees_a_relative_import_inside_a_function(tmp_path):
    """The reader itself: a relative import in a function body is found, resolved."""
    module = REPO_ROOT / "scoring" / "data" / "push.py"
    assert "scoring.errors" in imported(module) and "scoring.data.hub" in imported(module)
