"""docs/reader.md's table of examples is what `publish --mark` does: every row, read.

Each row is a text and how --mark reads it. Its figures are placeholders filled from the
demo's computed card, never typed in, so the page holds whatever the data give. A row's
readings go in the order of the numbers --mark considers (candidates and numbers read
as another measure); for "another measure", the word named is the one that decided:
without it, the number is no longer set aside.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from conftest import REPO_ROOT
from scoring.card.text import printed_as
from scoring.report import round_half_up
from tests.unit.test_adopt import (  # noqa: F401
    O,
    T,
    demo_result,
    drop_aliases,
    mark_one,
    printed,
    project,
)

PAGE = REPO_ROOT / "docs" / "reader.md"
PLACEHOLDER = re.compile(r"\{((?:cer|aggregate|diff)/[^{}|]+)(?:\|(\w+))?\}")
NAME = r"`([^`]+)`"


def table_rows() -> list[tuple[str, str, str]]:
    """(number, text, readings) of every row of the page's table of examples."""
    text = PAGE.read_text(encoding="utf-8")
    table = text.split("| # | the card says |", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]]
        number, said, readings = cells[0], cells[1], cells[2]
        rows.append((number, said.replace("\\|", "|").replace("<br>", "\n"), readings))
    return rows


def _prints_as_a_figure(exact: dict, text: str) -> bool:
    return any(printed_as(value, text) for value in exact.values() if not isinstance(value, bool))


def _unlike_any_figure(exact: dict, start: Fraction, step: Fraction) -> str:
    """The first of start, start + step, ... that prints as no figure of the card."""
    return next(
        text
        for text in (printed(start + k * step) for k in range(40))
        if not _prints_as_a_figure(exact, text)
    )


def fill(text: str, exact: dict) -> str:
    """The row's text with each placeholder printed from the data (see the page)."""

    def value(match: re.Match) -> str:
        name, option = match.group(1), match.group(2)
        figure = exact[name]
        if option == "stale":  # a tenth of a point off, and no figure's value
            return _unlike_any_figure(exact, figure + Fraction(1, 1000), Fraction(1, 10000))
        if option == "far":  # about twice the value: over a point away
            return _unlike_any_figure(exact, figure * 2, Fraction(1, 10000))
        if option == "size":
            return printed(-figure)
        if option == "turned":
            return printed(-figure, signed=True)
        if option == "fraction":
            return round_half_up(figure, 4)
        if option == "0":
            return printed(figure, 0)
        assert option is None, f"unknown placeholder option {option!r} in {PAGE.name}"
        return printed(figure, signed=name.startswith("diff/"))

    return PLACEHOLDER.sub(value, text)


def considered(marked, card: str) -> list[tuple[int, str, object]]:
    """(offset, number, what --mark made of it), in the card's order: each candidate, and
    each number set aside as another measure (found by its line and text)."""
    lines = card.splitlines(keepends=True)
    starts = [sum(len(line) for line in lines[:index]) for index in range(len(lines))]
    numbers = [(m.candidate.start, m.candidate.text, m) for m in marked.found]
    for line, number, why in marked.another_measure:
        offset = card.index(number, starts[line - 1])
        numbers.append((offset, number, ("another measure", why.word)))
    return sorted(numbers, key=lambda entry: entry[0])


def check_reading(reading: str, found, context: str) -> None:
    """One reading of the page against what --mark made of one number."""
    if reading.startswith("another measure"):
        assert isinstance(found, tuple) and found[0] == "another measure", context
        if said := re.fullmatch(r'another measure \("(.+)"\)', reading):  # the deciding word
            assert said.group(1).lower() == found[1].lower(), f"{context}\nread: {found}"
        return
    assert found != "another measure", context
    names = re.findall(NAME, reading)
    if reading.startswith("figure "):
        assert (found.verdict, found.figure) == ("marked", names[0]), context
        assert found.turned == reading.endswith(", turned"), context
        assert found.magnitude == reading.endswith(", its size"), context
    elif reading.startswith("drift of "):
        assert (found.verdict, found.figure) == ("drift", names[0]), context
    elif reading.startswith("left alone"):
        assert found.verdict == "foreign", context
    elif reading.startswith("ambiguous"):
        assert found.verdict == "ambiguous" and set(found.fits) == set(names), context
    elif reading.startswith("left for a person"):
        assert found.verdict == "unexplained" and found.figure is None, context
        if "far from" in reading:
            assert found.why == "far" and found.fits == (names[0],), context
        elif "(quoted)" in reading:
            assert found.why == "quoted", context
        elif "a fraction of" in reading:
            assert found.why == "fraction" and found.fits == (names[0],), context
        elif "'s value, read as" in reading:
            assert (found.why, found.named, found.fits) == ("a sibling's", names[0], (names[1],)), (
                context
            )
        elif "(no set)" in reading:
            assert found.why == "" and found.fits == (), context
        elif "(new subject)" in reading:
            assert found.why == "new subject" and found.fits == (), context
    else:
        pytest.fail(f"{PAGE.name}: a reading this test does not know: {reading!r}")


ROWS = table_rows()


def test_the_page_has_a_row_for_each_kind_of_reading():
    """About thirty rows, the main rules: a figure with its name, a drift, another measure,
    another model's, ambiguous, left for a person, not read."""
    assert 20 <= len(ROWS) <= 40
    kinds = {
        re.split(r"[ :]", reading)[0] for _, _, readings in ROWS for reading in readings.split("; ")
    }
    assert {"figure", "drift", "another", "left", "ambiguous", "not"} <= kinds, kinds


@pytest.mark.parametrize(("number", "said", "readings"), ROWS, ids=[row[0] for row in ROWS])
def test_mark_reads_each_row_as_the_page_says(number, said, readings, project, demo_result):
    drop_aliases(project)  # the demo's card.toml as it is
    card = f"# Card\n\n{fill(said, demo_result.exact)}\n"
    code, report, marked = mark_one(project, demo_result, card)
    numbers = considered(marked, card)
    wanted = [] if readings == "not read" else readings.split("; ")
    context = f"row {number}: {card!r}\n{report}"
    assert len(numbers) == len(wanted), context
    for (_, _, found), reading in zip(numbers, wanted):
        check_reading(reading, found, context)
    for reading in wanted:  # the word that decided: without it, no other measure
        if word := re.fullmatch(r'another measure \("(.+)"\)', reading):
            assert word.group(1) in card, context
            _, _, without = mark_one(project, demo_result, card.replace(word.group(1), "", 1))
            assert not without.another_measure, f"{context}\nwithout {word.group(1)!r}"
    assert code == (1 if any(reading.startswith("drift") for reading in wanted) else 0), context
