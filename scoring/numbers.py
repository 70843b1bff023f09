"""Spoken Thai numbers to Arabic digits, on whole newmm words.

The rule works on a *compact* view of the text: whitespace removed and
``ํ`` + ``า`` composed back to ``ำ``. Whitespace removal makes the result
independent of where a speaker or transcriber put spaces; composition is
needed because newmm's dictionary spells ``ำ`` composed, and a decomposed
"ทํา" would be cut into pieces that look like numbers.

Words found in the compact view are mapped back onto the original text, so
everything that is not a number is left byte for byte as it was.

Arabic digits written before a spoken multiplier ("5 ล้าน", "2,500 ล้าน",
"1.5 ล้าน") are read as the spoken number they stand for, so a transcript
that writes "5 ล้าน" and one that writes "ห้าล้าน" agree on 5000000.
"""

from __future__ import annotations

import bisect
import re
from decimal import Decimal
from functools import lru_cache

from pythainlp.tokenize import word_tokenize
from pythainlp.util import num_to_thaiword, thaiword_to_num

__all__ = [
    "NUMBER_MORPHEMES",
    "BOUND_ONLY_NUMERALS",
    "MULTIPLIERS",
    "numeral_value",
    "numeral_runs_to_digits",
    "spoken_numbers_to_digits",
    "spoken_numbers_to_digits_full",
    "needs_tokeniser",
]

SARA_AM = "\u0e33"
NIKHAHIT = "\u0e4d"
SARA_AA = "\u0e32"

# Every Thai numeral word contains at least one of these, so a text without
# any of them cannot hold a number and skips the tokeniser.
NUMBER_MORPHEMES = (
    "ศูนย์", "หนึ่ง", "เอ็ด", "สอง", "ยี่", "สาม", "สี่", "ห้า", "หก",
    "เจ็ด", "แปด", "เก้า", "สิบ", "ร้อย", "พัน", "หมื่น", "แสน", "ล้าน",
)

# Read as numbers only inside a longer numeral ("ยี่สิบ", "สิบเอ็ด"); alone
# they are ordinary words or fragments, and stay as text.
BOUND_ONLY_NUMERALS = frozenset({"เอ็ด", "ยี่"})

# The spoken multipliers: after Arabic digits ("5 ล้าน") each scales them, as it
# scales a spoken digit ("ห้าล้าน").
MULTIPLIERS = frozenset({"สิบ", "ร้อย", "พัน", "หมื่น", "แสน", "ล้าน"})
# Arabic numbers as newmm cuts them out: an integer without a leading zero, its
# thousands grouped by commas or not, and a decimal.
_INTEGER = re.compile(r"[1-9][0-9]{0,2}(?:,[0-9]{3})+|[1-9][0-9]*")
_DECIMAL = re.compile(r"(?:[1-9][0-9]{0,2}(?:,[0-9]{3})+|[0-9]+)\.[0-9]+")


@lru_cache(maxsize=65536)
def numeral_value(word: str) -> int | None:
    """The integer a whole Thai numeral spells, or None if it is not one.

    Negative numerals ("ลบ...") are not read: "ลบ" is mostly the verb
    "delete/subtract", and a lone "ลบ" would otherwise parse as zero.
    """
    if word == "ศูนย์":
        return 0
    if not word or word.startswith("ลบ"):
        return None
    try:
        return thaiword_to_num(word)
    except ValueError:
        return None


def numeral_runs_to_digits(run: list[str]) -> list[tuple[int, int, str]]:
    """Split a run of numeral words into numbers, longest valid prefix first.

    Returns ``(first_word, end_word, digits)`` for each number found. A run
    that is one valid numeral gives one number ("สอง|พัน|ห้า|ร้อย" -> 2500);
    a run that is not ("ศูนย์|แปด|หนึ่ง", "สอง|สาม") is read piece by piece,
    each piece the longest prefix that is a valid numeral (0, 8, 1 -> "081";
    2, 3 -> "23").
    """
    numbers = []
    start = 0
    while start < len(run):
        for end in range(len(run), start, -1):
            piece = "".join(run[start:end])
            value = numeral_value(piece)
            if value is not None:
                break
        if piece not in BOUND_ONLY_NUMERALS:
            numbers.append((start, end, str(value)))
        start = end
    return numbers


_MORPHEME = re.compile("|".join(NUMBER_MORPHEMES))
# What the compact view drops: whitespace runs, and the characters that ํ
# (plus any whitespace) and า merge into when composed to ำ.
_REMOVED = re.compile(rf"{NIKHAHIT}\s*{SARA_AA}|\s+")


def _compact(text: str) -> str:
    """Text without whitespace, with ํา (even with whitespace between) composed to ำ."""
    return "".join(text.split()).replace(NIKHAHIT + SARA_AA, SARA_AM)


class _CompactMap:
    """Maps positions in the compact view back to slices of the original text.

    Built from the few places where characters were dropped, not character by
    character, because long recordings run to thousands of characters.
    """

    def __init__(self, text: str) -> None:
        self.starts: list[int] = []  # compact index from which the shift applies
        self.shifts: list[int] = []  # original minus compact index from there on
        self.merged: dict[int, int] = {}  # compact index of a composed ำ -> its length
        removed = 0
        for match in _REMOVED.finditer(text):
            start, end = match.span()
            if text[start] == NIKHAHIT:
                composed_at = start - removed
                self.merged[composed_at] = end - start
                removed += end - start - 1
                self.starts.append(composed_at + 1)
            else:
                removed += end - start
                self.starts.append(start - (removed - (end - start)))
            self.shifts.append(removed)

    def start(self, index: int) -> int:
        """Original position of compact character ``index``."""
        k = bisect.bisect_right(self.starts, index)
        return index + (self.shifts[k - 1] if k else 0)

    def end(self, index: int) -> int:
        """Original position just after compact character ``index``."""
        return self.start(index) + self.merged.get(index, 1)


def needs_tokeniser(text: str) -> bool:
    """Whether the number rule must run newmm on ``text`` (it holds a numeral morpheme)."""
    return _MORPHEME.search(_compact(text)) is not None


def spoken_numbers_to_digits(text: str) -> str:
    """Replace spoken Thai numbers, found as whole newmm words, with digits."""
    compact = _compact(text)
    # Exact shortcut: no morpheme, no numeral word, nothing for newmm to find.
    if _MORPHEME.search(compact) is None:
        return text
    return _numbers_in_compact_view(text, compact)


def spoken_numbers_to_digits_full(text: str) -> str:
    """The number rule without the no-morpheme shortcut: always tokenises."""
    return _numbers_in_compact_view(text, _compact(text))


def _readings(words: list[str]) -> list[tuple[int, int, str, bool]]:
    """The words as the number rule reads them: ``(first word, end word, reading, stands
    for digits)``, one per word, except where Arabic digits come before a multiplier.

    An integer before a multiplier reads as its Thai words ("5" -> "ห้า"), so that it
    joins the spoken numeral after it exactly as a spoken digit would. A decimal and
    the multipliers right after it ("1.5", "ล้าน") read as one spoken number, their
    product, when that is a whole number (1500000).
    """
    readings = []
    index = 0
    while index < len(words):
        word = words[index]
        after = words[index + 1] if index + 1 < len(words) else ""
        if after in MULTIPLIERS and _INTEGER.fullmatch(word):
            readings.append((index, index + 1, num_to_thaiword(int(word.replace(",", ""))),
                             True))
        elif after in MULTIPLIERS and _DECIMAL.fullmatch(word):
            end = index + 2  # the multiplier after it, and each next one that still
            while end < len(words) and words[end] in MULTIPLIERS and numeral_value(
                    "".join(words[index + 1:end + 1])) is not None:  # makes one numeral
                end += 1
            scale = numeral_value("".join(words[index + 1:end]))
            product = Decimal(word.replace(",", "")) * scale
            if product == product.to_integral_value():
                readings.append((index, end, num_to_thaiword(int(product)), False))
                index = end
                continue
            readings.append((index, index + 1, word, False))
        else:
            readings.append((index, index + 1, word, False))
        index += 1
    return readings


def _numbers_in_compact_view(text: str, compact: str) -> str:
    positions = None  # built only when a number is found: most texts hold none
    words = word_tokenize(compact, engine="newmm", keep_whitespace=False)
    offsets = [0]
    for word in words:
        offsets.append(offsets[-1] + len(word))
    readings = _readings(words)

    pieces: list[str] = []
    copied_up_to = 0  # position in the original text

    def emit_run(first: int, last: int) -> None:
        nonlocal copied_up_to, positions
        if positions is None:
            positions = _CompactMap(text)
        run = [reading for _, _, reading, _ in readings[first:last]]
        for run_start, run_end, digits in numeral_runs_to_digits(run):
            first_word = readings[first + run_start][0]
            end_word = readings[first + run_end - 1][1]
            if run_end - run_start == 1 and readings[first + run_start][3]:
                continue  # digits no multiplier joined: left as they were written
            begin = positions.start(offsets[first_word])
            end = positions.end(offsets[end_word] - 1)
            pieces.append(text[copied_up_to:begin])
            pieces.append(digits)
            copied_up_to = end

    run_first = None
    for index, (_, _, reading, _) in enumerate(readings):
        if numeral_value(reading) is not None:
            if run_first is None:
                run_first = index
        elif run_first is not None:
            emit_run(run_first, index)
            run_first = None
    if run_first is not None:
        emit_run(run_first, len(readings))

    pieces.append(text[copied_up_to:])
    return "".join(pieces)
