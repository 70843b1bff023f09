"""Each normalisation rule alone, and the same case through the whole pipeline.

One parametrised id per case, so a failure names the case and hides nothing.
"""

from __future__ import annotations

import pytest
from pythainlp.util import thai_digit_to_arabic_digit

from scoring import THAI_CER_PIPELINE, normalize
from scoring.normalizer import (
    decompose_sara_am,
    remove_whitespace,
    spoken_numbers_to_digits,
    straighten_curly_quotes,
    thai_digits_to_arabic,
)

# (id, input, rule output, pipeline output)
THAI_DIGIT_CASES = [
    ("year", "พ.ศ. ๒๕๖๗", "พ.ศ. 2567", "พ.ศ.2567"),
    ("all-digits", "๐๑๒๓๔๕๖๗๘๙", "0123456789", "0123456789"),
    ("mixed", "๑2๓", "123", "123"),
    ("no-digits", "ข่าว", "ข่าว", "ข่าว"),
]
QUOTE_CASES = [
    ("double", "“ข่าว”", '"ข่าว"', '"ข่าว"'),
    ("single", "‘ok’", "'ok'", "'ok'"),
    ("already-straight", "\"a\" 'b'", "\"a\" 'b'", "\"a\"'b'"),
    ("apostrophe", "it’s", "it's", "it's"),
]
SARA_AM_CASES = [
    ("composed", "ทำ", "ทํา", "ทํา"),
    ("already-decomposed", "ทํา", "ทํา", "ทํา"),
    ("two", "น้ำดำ", "น้ําดํา", "น้ําดํา"),
    ("word-with-dictionary-sara-am", "ทำหน้าที่", "ทําหน้าที่", "ทําหน้าที่"),
]
NUMBER_CASES = [
    ("thousands", "สองพันห้าร้อย", "2500", "2500"),
    ("twenty-one", "ยี่สิบเอ็ด", "21", "21"),
    ("hundred-and-one", "หนึ่งร้อยเอ็ด", "101", "101"),
    ("millions", "หนึ่งล้านสองแสน", "1200000", "1200000"),
    ("zero", "ศูนย์", "0", "0"),
    ("whole-word-only", "สามารถ", "สามารถ", "สามารถ"),
    ("in-a-sentence", "ราคาห้าสิบบาท", "ราคา50บาท", "ราคา50บาท"),
    ("spaced-numeral", "สอง พัน ห้า ร้อย บาท", "2500 บาท", "2500บาท"),
    ("digit-by-digit", "ศูนย์แปดหนึ่ง", "081", "081"),
    ("two-three", "สองสาม", "23", "23"),
    ("decomposed-sara-am-nearby", "ทํางานสามวัน", "ทํางาน3วัน", "ทํางาน3วัน"),
    ("lone-bound-numeral", "เอ็ด", "เอ็ด", "เอ็ด"),
    ("minus-is-a-verb", "ลบสาม", "ลบ3", "ลบ3"),
    ("brand-not-two", "ยี่ห้อ", "ยี่ห้อ", "ยี่ห้อ"),
    ("chair-not-nine", "เก้าอี้", "เก้าอี้", "เก้าอี้"),
    ("decimal-not-joined", "สามจุดห้า", "3จุด5", "3จุด5"),
    ("place-name-that-is-a-numeral", "จังหวัดร้อยเอ็ด", "จังหวัด101", "จังหวัด101"),
    ("latin-untouched", "AI สามตัว", "AI 3ตัว", "AI3ตัว"),
    # Arabic digits before a spoken multiplier: the number they stand for, as spoken.
    ("digits-times-a-multiplier", "เงิน 5 ล้านบาท", "เงิน 5000000บาท", "เงิน5000000บาท"),
    ("grouped-digits-times-a-multiplier", "2,500 ล้าน", "2500000000", "2500000000"),
    ("decimal-times-a-multiplier", "ราคา 1.5 ล้านบาท", "ราคา 1500000บาท", "ราคา1500000บาท"),
    # 1.2345 thousand is no whole number; 1.2345 thousand million is.
    ("decimal-times-two-multipliers", "1.2345 พันล้านบาท", "1234500000บาท", "1234500000บาท"),
    ("digits-between-multipliers", "5 ล้าน 2 แสน", "5200000", "5200000"),
    # "สิบห้า" is a numeral and "สิบห้าแสน" is not: 15, then the multiplier alone.
    ("spoken-then-digits-then-multiplier", "สิบ 5 แสน", "15 100000", "15100000"),
    # Where the spoken form would not be one numeral either, the digits stay as written.
    ("digits-no-numeral-takes", "2,566 ร้อย", "2,566 100", "2,566100"),
    ("decimal-not-whole", "1.2345 พัน", "1.2345 1000", "1.23451000"),
    ("leading-zero-not-a-coefficient", "05 ล้าน", "05 1000000", "051000000"),
]
WHITESPACE_CASES = [
    ("space", "ก ข", "กข", "กข"),
    ("tab-newline", "ก\tข\nค\r\n", "กขค", "กขค"),
    ("no-break-space", "ก\u00a0ข", "กข", "กข"),
    ("ideographic-space", "ก\u3000ข", "กข", "กข"),
    ("line-separator", "ก\u2028ข", "กข", "กข"),
    ("only-space", " \t ", "", ""),
]

RULE_TABLES = [
    (thai_digits_to_arabic, THAI_DIGIT_CASES),
    (straighten_curly_quotes, QUOTE_CASES),
    (decompose_sara_am, SARA_AM_CASES),
    (spoken_numbers_to_digits, NUMBER_CASES),
    (remove_whitespace, WHITESPACE_CASES),
]
ALL_CASES = [
    pytest.param(rule, text, alone, piped, id=f"{rule.__name__}-{case_id}")
    for rule, table in RULE_TABLES
    for case_id, text, alone, piped in table
]


@pytest.mark.parametrize(("rule", "text", "alone", "piped"), ALL_CASES)
def test_rule_alone(rule, text, alone, piped):
    """The rule by itself gives the tabled output."""
    assert rule(text) == alone


@pytest.mark.parametrize(("rule", "text", "alone", "piped"), ALL_CASES)
def test_rule_in_pipeline(rule, text, alone, piped):
    """The same case survives composition with every other rule."""
    assert normalize(text) == piped


def test_every_rule_is_documented():
    """Each rule says what it does in its docstring."""
    assert all(rule.__doc__ and rule.__doc__.strip() for rule in THAI_CER_PIPELINE)


@pytest.mark.parametrize("text", ["๐๑๒๓๔๕๖๗๘๙", "ปี ๒๕๖๗ เดือน ๑๒", "ไม่มีเลข", "๙9"])
def test_thai_digits_match_pythainlp(text):
    """PyThaiNLP's own digit conversion is the oracle for rule 1."""
    assert thai_digits_to_arabic(text) == thai_digit_to_arabic_digit(text)


def test_every_isspace_character_is_removed():
    """Rule 5 removes exactly the characters str.isspace() calls whitespace."""
    spaces = "".join(chr(c) for c in range(0x110000) if chr(c).isspace())
    assert len(spaces) > 20
    assert remove_whitespace(f"ก{spaces}ข") == "กข"
    assert normalize(f"ก{spaces}ข") == "กข"


def test_the_docs_list_the_pipelines_rules_in_order():
    """The rule table of docs/normaliser.md is the pipeline: every rule, numbered, in the
    order applied."""
    import re

    from conftest import REPO_ROOT

    page = (REPO_ROOT / "docs" / "normaliser.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| `(\w+)` \|", page, re.M)
    assert [int(number) for number, _ in rows] == list(range(1, len(rows) + 1))
    assert [name for _, name in rows] == [rule.__name__ for rule in THAI_CER_PIPELINE]
