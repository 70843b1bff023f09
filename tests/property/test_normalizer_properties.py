"""Invariances the Thai CER normaliser promises, checked on generated text."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st
from pythainlp.util import num_to_thaiword, thaiword_to_num

from scoring import normalize
from scoring.numbers import (
    MULTIPLIERS,
    NUMBER_MORPHEMES,
    spoken_numbers_to_digits,
    spoken_numbers_to_digits_full,
)

from .strategies import THAI_DIGITS, text_with_whitespace_moved, thai_text


@settings(max_examples=300)
@given(text_with_whitespace_moved())
def test_whitespace_anywhere_changes_nothing(pair):
    """Inserting whitespace at any position leaves the normalised form alone."""
    text, spaced = pair
    assert normalize(spaced) == normalize(text)


@settings(max_examples=200)
@given(thai_text)
def test_removing_all_whitespace_changes_nothing(text):
    """Deleting every whitespace character leaves the normalised form alone."""
    assert normalize("".join(text.split())) == normalize(text)


@settings(max_examples=200)
@given(thai_text)
def test_thai_digits_equal_arabic_digits(text):
    """Writing digits as ๐–๙ or 0–9 makes no difference."""
    thai = text.translate(str.maketrans("0123456789", THAI_DIGITS))
    assert normalize(thai) == normalize(text)


@settings(max_examples=200)
@given(thai_text)
def test_sara_am_equals_nikhahit_sara_aa(text):
    """ำ and ํา are the same after normalisation, in both directions."""
    decomposed = text.replace("\u0e33", "\u0e4d\u0e32")
    composed = decomposed.replace("\u0e4d\u0e32", "\u0e33")
    assert normalize(decomposed) == normalize(text) == normalize(composed)


@settings(max_examples=200)
@given(thai_text)
def test_curly_quotes_equal_straight_quotes(text):
    """Curly quotes score exactly like straight ones."""
    straight = text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\""))
    assert normalize(straight) == normalize(text)


@settings(max_examples=300)
@given(thai_text)
def test_idempotent(text):
    """Normalising twice equals normalising once."""
    once = normalize(text)
    assert normalize(once) == once


@settings(max_examples=300)
@given(st.integers(0, 10**12 - 1))
def test_pythainlp_spelled_integers_become_their_digits(number):
    """PyThaiNLP's own num_to_thaiword output normalises to str(n)."""
    assert normalize(num_to_thaiword(number)) == str(number)


# What each multiplier scales a digit by, as a Thai dictionary gives it.
SCALES = {"สิบ": 10, "ร้อย": 100, "พัน": 1_000, "หมื่น": 10_000, "แสน": 100_000, "ล้าน": 1_000_000}


def _written(number: int, grouped: bool) -> str:
    return f"{number:,}" if grouped else str(number)


def test_the_scales_are_the_rules_multipliers():
    assert set(SCALES) == MULTIPLIERS


@settings(max_examples=300)
@given(
    st.integers(1, 10**7),
    st.sampled_from(sorted(SCALES)),
    st.booleans(),
    st.sampled_from(["", " ", "  "]),
)
def test_digits_before_a_multiplier_read_as_the_spoken_number(number, multiplier, grouped, space):
    """ "5 ล้าน" is "ห้าล้าน": where PyThaiNLP reads its own spelling of the digits, then the
    multiplier, as one numeral, the digits and the multiplier normalise to its value, grouped
    by commas or not. Where it does not ("2566 ร้อย"), the digits stay as written."""
    written = normalize(_written(number, grouped) + space + multiplier)
    try:
        value = thaiword_to_num(num_to_thaiword(number) + multiplier)
    except ValueError:
        assert written == _written(number, grouped) + normalize(multiplier)
    else:
        assert written == str(value) == normalize(num_to_thaiword(number) + multiplier)


@settings(max_examples=200)
@given(st.integers(1, 10**6), st.integers(1, 9), st.sampled_from(sorted(SCALES)), st.booleans())
def test_digits_times_a_multiplier_is_their_product(millions, digit, multiplier, grouped):
    """Any number of millions, and a single digit of every other multiplier, is the product
    (arithmetic, not PyThaiNLP)."""
    assert normalize(_written(millions, grouped) + " ล้าน") == str(millions * 10**6)
    assert normalize(f"{digit} {multiplier}") == str(digit * SCALES[multiplier])


@settings(max_examples=200)
@given(st.integers(0, 10**6), st.integers(1, 3), st.sampled_from(["ล้าน", "พันล้าน"]))
def test_a_decimal_times_a_multiplier_is_their_product_when_whole(units, places, multiplier):
    """ "1.5 ล้าน" is 1500000; a product with a fraction left ("1.2345 พัน") is not joined."""
    decimal = Decimal(units).scaleb(-places)
    written = f"{decimal:.{places}f}"
    scale = 10**6 if multiplier == "ล้าน" else 10**9
    product = Decimal(written) * scale
    assert normalize(f"{written} {multiplier}") == str(int(product))


@settings(max_examples=300)
@given(thai_text, st.booleans())
def test_skipping_the_tokeniser_is_exact(text, strip_morphemes):
    """The no-morpheme shortcut gives exactly what the full tokeniser path gives."""
    if strip_morphemes:  # half the cases take the shortcut
        for morpheme in NUMBER_MORPHEMES:
            text = text.replace(morpheme, "")
    assert spoken_numbers_to_digits(text) == spoken_numbers_to_digits_full(text)


@settings(max_examples=300)
@given(
    text_with_whitespace_moved(), st.sampled_from(["", "\u0e4d\u0e32", "\u0e4d \u0e32", "\u0e33"])
)
def test_compact_positions_map_back_to_the_original(pair, extra):
    """Every compact character comes from exactly the original slice the map names."""
    from scoring.numbers import _compact, _CompactMap

    text = pair[1] + extra + pair[1]
    compact = _compact(text)
    positions = _CompactMap(text)
    previous_end = 0
    for index, char in enumerate(compact):
        start, end = positions.start(index), positions.end(index)
        assert _compact(text[start:end]) == char
        assert text[previous_end:start].strip() == ""  # only whitespace skipped
        previous_end = end
    assert text[previous_end:].strip() == ""
