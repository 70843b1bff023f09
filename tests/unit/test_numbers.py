"""The number rule's traps, each pinned by a case that fails if it breaks."""

from __future__ import annotations

import pytest
from pythainlp.tokenize import word_tokenize
from pythainlp.util import num_to_thaiword

from scoring import normalize
from scoring.numbers import (
    BOUND_ONLY_NUMERALS,
    NUMBER_MORPHEMES,
    numeral_runs_to_digits,
    numeral_value,
    spoken_numbers_to_digits,
)


def test_whitespace_is_invisible_to_the_number_rule():
    """Spaces inside a numeral do not split it into separate numbers."""
    assert normalize("สอง พัน ห้า ร้อย") == normalize("สองพันห้าร้อย") == "2500"
    assert normalize("หนึ่ง\u00a0ล้าน\tสอง แสน") == "1200000"


@pytest.mark.parametrize(
    ("word", "meaning"),
    [("รำพัน", "to lament"), ("สีเหลืองอำพัน", "amber"), ("ซ้ำสอง", "twice over")],
)
def test_decomposed_sara_am_does_not_create_numbers(word, meaning):
    """Tokenising the decomposed spelling would find numbers that are not there."""
    decomposed = word.replace("ำ", "ํา")
    naive = word_tokenize(decomposed, engine="newmm")
    composed = word_tokenize(word, engine="newmm")
    assert any(numeral_value(w) is not None for w in naive)  # the trap is real
    assert not any(numeral_value(w) is not None for w in composed)
    assert normalize(word) == normalize(decomposed) == decomposed


def test_tham_nathi_keeps_its_dictionary_reading():
    """ทำหน้าที่ decomposed is cut differently by newmm, yet normalises unchanged."""
    decomposed = "ทําหน้าที่"
    assert word_tokenize(decomposed, engine="newmm") != word_tokenize("ทำหน้าที่", engine="newmm")
    assert normalize("ทำหน้าที่") == normalize(decomposed) == decomposed


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("ศูนย์แปดหนึ่งสองสามสี่", "081234", id="phone-digit-by-digit"),
        pytest.param("สองสาม", "23", id="two-or-three"),
        pytest.param("หนึ่งสองสาม", "123", id="counting"),
        pytest.param("สองสามร้อย", "2300", id="two-then-three-hundred"),
        pytest.param("ศูนย์ศูนย์", "00", id="double-zero"),
        pytest.param("ห้าสิบหก", "56", id="valid-numeral-is-one-number"),
    ],
)
def test_runs_that_are_not_one_numeral(text, expected):
    """Invalid runs are read as longest valid prefixes, each written as digits."""
    assert normalize(text) == expected


def test_run_splitting_unit():
    """numeral_runs_to_digits reports word spans and digits."""
    assert numeral_runs_to_digits(["ศูนย์", "แปด", "หนึ่ง"]) == [
        (0, 1, "0"),
        (1, 2, "8"),
        (2, 3, "1"),
    ]
    assert numeral_runs_to_digits(["สอง", "พัน", "ห้า", "ร้อย"]) == [(0, 4, "2500")]


@pytest.mark.parametrize("word", sorted(BOUND_ONLY_NUMERALS))
def test_bound_only_numerals_stay_words_alone(word):
    """ยี่ and เอ็ด are numbers only inside a longer numeral."""
    assert spoken_numbers_to_digits(word) == word


@pytest.mark.parametrize("word", ["ลบ", "ลบสาม", "", "สามารถ", "ห้า ร้อย"])
def test_not_numerals(word):
    """Negative numerals, empty strings and ordinary words have no value."""
    assert numeral_value(word) is None


@pytest.mark.parametrize(
    "number",
    [
        0,
        1,
        2,
        10,
        11,
        12,
        20,
        21,
        99,
        100,
        101,
        111,
        121,
        1000,
        1001,
        2500,
        10_000,
        100_000,
        1_000_000,
        1_000_001,
        1_200_000,
        10_000_000,
        21_000_021,
        999_999_999_999,
    ],
)
def test_pythainlp_spelled_numbers_round_trip(number):
    """PyThaiNLP's num_to_thaiword is the oracle: its words normalise to str(n)."""
    assert normalize(num_to_thaiword(number)) == str(number)


def test_every_morpheme_is_a_numeral():
    """The skip list holds nothing but numeral words, so the skip is exact."""
    assert all(numeral_value(m) is not None for m in NUMBER_MORPHEMES)
