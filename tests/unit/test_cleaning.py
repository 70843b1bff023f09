"""Reference cleaning (FLEURS' and GigaSpeech2's: the "benchmark" profile), one table per
rule."""

from __future__ import annotations

import string

import pytest
from pythainlp.util import normalize as pythainlp_normalize_oracle

from scoring.data.cleaning import (
    CLEANING_PROFILES,
    REFERENCE_CLEANING,
    clean_reference,
    clean_with,
    lower_case,
    pythainlp_normalize,
    remove_ascii_punctuation,
    remove_typographic_marks,
)

CASES = {
    remove_ascii_punctuation: [
        ("decimal-point", "32.50 บาท", "3250 บาท"),
        ("percent-comma", "1,500 (3%)", "1500 3"),
        ("keeps-question-and-bang", "จริงเหรอ?! ok.", "จริงเหรอ?! ok"),
        ("straight-quotes-hyphen", '"COVID-19" it\'s', "COVID19 its"),
        ("thai-untouched", "นายกฯ ๆ", "นายกฯ ๆ"),
    ],
    remove_typographic_marks: [
        ("curly-quotes", "“ข่าว” ‘ด่วน’", "ข่าว ด่วน"),
        ("dashes", "ก–ข—ค‐ง", "กขคง"),
        ("ellipsis", "เอ่อ…", "เอ่อ"),
    ],
    lower_case: [
        ("latin", "Zoom AI", "zoom ai"),
        ("thai-unchanged", "ภาษาไทย", "ภาษาไทย"),
    ],
    pythainlp_normalize: [
        ("duplicate-spaces", "ก  ข", "ก ข"),
        ("repeated-vowel", "นานาาา", "นานา"),
        ("zero-width-space", "ก\u200bข", "กข"),
    ],
}


@pytest.mark.parametrize(
    ("rule", "text", "expected"),
    [
        pytest.param(rule, text, expected, id=f"{rule.__name__}-{case}")
        for rule, table in CASES.items()
        for case, text, expected in table
    ],
)
def test_rule(rule, text, expected):
    """Each cleaning rule alone."""
    assert rule(text) == expected


def test_rules_run_in_the_documented_order():
    """ASCII punctuation, typographic marks, lower case, then PyThaiNLP."""
    assert REFERENCE_CLEANING == (
        remove_ascii_punctuation,
        remove_typographic_marks,
        lower_case,
        pythainlp_normalize,
    )


def test_every_ascii_punctuation_but_question_and_bang_goes():
    """The removed set is exactly string.punctuation minus ? and !."""
    assert remove_ascii_punctuation(string.punctuation) == "!?"


def test_last_rule_is_pythainlps_own_normalize():
    """Oracle: PyThaiNLP's normalize on the text the first three rules leave."""
    text = "“ราคา”  น้ำมัน 32.50 บาท… Zoom!"
    partial = lower_case(remove_typographic_marks(remove_ascii_punctuation(text)))
    assert (
        clean_reference(text) == pythainlp_normalize_oracle(partial) == "ราคา น้ำมัน 3250 บาท zoom!"
    )


@pytest.mark.parametrize(
    "text",
    [
        " ราคา 5 บาท ",
        "\tจบ.\t",
        "\u00a0เริ่ม…\u00a0",
        "ข่าว \r",
        " \u200b ก ",
        "“ข่าว” ",
        " . ",
        "\n ไม่\n",
    ],
)
def test_the_benchmark_profile_strips_as_gigaspeech2s_reader_did(text):
    """GigaSpeech2's reader stripped each text before cleaning it; the declared source reads
    the field as published, and its references stay the same: the profile strips too."""
    assert clean_with("benchmark", text) == clean_reference(text.strip()) == clean_reference(text)


def test_the_profiles_a_source_may_name():
    assert clean_with("as published", " “A” ") == " “A” "
    assert clean_with("benchmark", " “A” ") == "a"
    assert set(CLEANING_PROFILES) == {"benchmark", "as published"}
