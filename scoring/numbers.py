"""Spoken Thai numbers to Arabic digits, on whole newmm words.

The rule works on a *compact* view of the text: whitespace removed and
``ํ`` + ``า`` composed back to ``ำ``. Whitespace removal makes the result
independent of where a speaker or transcriber put spaces; composition is
needed because newmm's dictionary spells ``ำ`` composed, and a decomposed
"ทํา" would be cut into pieces that look like numbers.

Words found in the compact view are mapped back onto the original text, so
everything that is not a number is left byte for byte as it was.
"""

from __future__ import annotations

from functools import lru_cache

from pythainlp.tokenize import word_tokenize
from pythainlp.util import thaiword_to_num

__all__ = [
    "NUMBER_MORPHEMES",
    "BOUND_ONLY_NUMERALS",
    "numeral_value",
    "numeral_runs_to_digits",
    "spoken_numbers_to_digits",
    "spoken_numbers_to_digits_full",
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


def _compact_view(text: str) -> tuple[str, list[int], list[int]]:
    """Text without whitespace and with ํา composed, plus each character's span.

    ``starts[k]``/``ends[k]`` give the slice of ``text`` that compact
    character k came from.
    """
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for position, char in enumerate(text):
        if char.isspace():
            continue
        if char == SARA_AA and chars and chars[-1] == NIKHAHIT:
            chars[-1] = SARA_AM
            ends[-1] = position + 1
            continue
        chars.append(char)
        starts.append(position)
        ends.append(position + 1)
    return "".join(chars), starts, ends


def spoken_numbers_to_digits(text: str) -> str:
    """Replace spoken Thai numbers, found as whole newmm words, with digits."""
    # The same compact view as _compact_view, built at C speed for the check.
    compact = "".join(text.split()).replace(NIKHAHIT + SARA_AA, SARA_AM)
    # Exact shortcut: no morpheme, no numeral word, nothing for newmm to find.
    if not any(morpheme in compact for morpheme in NUMBER_MORPHEMES):
        return text
    return spoken_numbers_to_digits_full(text)


def spoken_numbers_to_digits_full(text: str) -> str:
    """The number rule without the no-morpheme shortcut: always tokenises."""
    compact, starts, ends = _compact_view(text)
    words = word_tokenize(compact, engine="newmm", keep_whitespace=False)
    offsets = [0]
    for word in words:
        offsets.append(offsets[-1] + len(word))

    pieces: list[str] = []
    copied_up_to = 0  # position in the original text

    def emit_run(first: int, last: int) -> None:
        nonlocal copied_up_to
        for run_start, run_end, digits in numeral_runs_to_digits(words[first:last]):
            begin = starts[offsets[first + run_start]]
            end = ends[offsets[first + run_end] - 1]
            pieces.append(text[copied_up_to:begin])
            pieces.append(digits)
            copied_up_to = end

    run_first = None
    for index, word in enumerate(words):
        if numeral_value(word) is not None:
            if run_first is None:
                run_first = index
        elif run_first is not None:
            emit_run(run_first, index)
            run_first = None
    if run_first is not None:
        emit_run(run_first, len(words))

    pieces.append(text[copied_up_to:])
    return "".join(pieces)
