"""Hypothesis strategies that build Thai transcripts worth normalising.

Fragments are drawn so that the number rule, the ำ rule, the quote rule and
the whitespace rule all fire often, next to each other and across word
boundaries.
"""

from __future__ import annotations

from hypothesis import strategies as st
from pythainlp.util import num_to_thaiword

NUMBER_WORDS = [
    "ศูนย์",
    "หนึ่ง",
    "เอ็ด",
    "สอง",
    "ยี่",
    "สาม",
    "สี่",
    "ห้า",
    "หก",
    "เจ็ด",
    "แปด",
    "เก้า",
    "สิบ",
    "ร้อย",
    "พัน",
    "หมื่น",
    "แสน",
    "ล้าน",
]
THAI_WORDS = [
    "ทำ",
    "ทํา",
    "หน้าที่",
    "สามารถ",
    "น้ำ",
    "ข่าว",
    "ประชุม",
    "บาท",
    "วันที่",
    "คน",
    "ราคา",
    "จังหวัด",
    "ร้อยเอ็ด",
    "ยี่ห้อ",
    "กำลัง",
    "ทำงาน",
    "ลบ",
    "ๆ",
    "ครับ",
    "ค่ะ",
    "เดือน",
    "สิบล้อ",
    "ห้าง",
    "สองแถว",
    "พันธุ์",
    "แสนดี",
    "ล้านนา",
    "เก้าอี้",
    "หกล้ม",
    "ศูนย์การค้า",
    "จุด",
    "ปี",
    "กิโลเมตร",
]
LATIN_WORDS = ["AI", "ok", "Zoom", "TikTok", "COVID-19", "iPhone", "5G", "Hello"]
PUNCTUATION = [
    ".",
    ",",
    "?",
    "!",
    "-",
    "(",
    ")",
    "%",
    "/",
    ":",
    "'",
    '"',
    "\u2018",
    "\u2019",
    "\u201c",
    "\u201d",
    "…",
]
WHITESPACE = [
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\u00a0",
    "\u2009",
    "\u3000",
    "\u2028",
    "\x0b",
    "\x0c",
    "\u1680",
    "\u202f",
    "\x1c",
    "\x85",
]
THAI_DIGITS = "๐๑๒๓๔๕๖๗๘๙"

whitespace = st.sampled_from(WHITESPACE)

spelled_number = st.integers(0, 10**9).map(num_to_thaiword)
digits = st.integers(0, 10**6).map(str)
thai_digits = digits.map(lambda s: s.translate(str.maketrans("0123456789", THAI_DIGITS)))

fragment = st.one_of(
    st.sampled_from(NUMBER_WORDS),
    st.sampled_from(THAI_WORDS),
    st.sampled_from(LATIN_WORDS),
    st.sampled_from(PUNCTUATION),
    spelled_number,
    digits,
    thai_digits,
    whitespace,
)

thai_text = st.lists(fragment, max_size=12).map("".join)


@st.composite
def text_with_whitespace_moved(draw):
    """A text and the same text with whitespace added at arbitrary positions."""
    text = draw(thai_text)
    chars = list(text)
    for _ in range(draw(st.integers(0, 5))):
        position = draw(st.integers(0, len(chars)))
        chars.insert(position, draw(whitespace))
    return text, "".join(chars)
