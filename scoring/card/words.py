"""The words the card reader knows, as data: ``words.toml`` holds each list, with what it
is for; this module turns a list into the pattern the reader searches with."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from functools import cache
from pathlib import Path

__all__ = ["WORDS_FILE", "endings", "pattern", "regex", "thai_names", "words"]

WORDS_FILE = Path(__file__).with_name("words.toml")


@cache
def _file() -> dict:
    return tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))


def words() -> dict[str, list[str]]:
    """Every list of words, by its name."""
    return {name: entries for name, entries in _file().items() if isinstance(entries, list)}


def thai_names() -> dict[str, str]:
    """{an English word of a set's name, lower case: its Thai spelling}."""
    return _file()["thai_names"]


def _thai(entry: str) -> bool:
    """Whether ``entry`` stands as it is, no word boundary around it: Thai, or a symbol
    such as a flag ("🇱🇦")."""
    # (after a lookbehind or a group that opens it: "(?<!ตั้ง)แต่" and "(?:ชังก์|chunk)..."
    # are Thai, and Thai marks such as the tone mark ending "แต่" are no word characters, so
    # no "\b" may close it)
    first = re.sub(r"^(?:\(\?<[!=][^)]*\)|\(\?:|\()+", "", entry)[:1]
    return "\u0e00" <= first <= "\u0e7f" or unicodedata.category(first or " ") == "So"


# Where a word starts: after no letter or digit, or after a "Δ", which prefixes a measure
# ("ΔCER", "ΔWER") as a sign would.
_STARTS_A_WORD = r"(?<![^\WΔδ])"


def _spaces_as_breaks(entry: str) -> str:
    """``entry`` with each space matching any run of white space, a line break included
    ("word\\nerror rate" is a WER, its phrase broken across lines); one white-space
    character inside a lookbehind or a character class, which must keep their width, or
    before a quantifier."""
    out, depth, fixed = [], 0, []  # fixed: for each open group, whether it must keep its width
    for i, char in enumerate(entry):
        escaped = i and entry[i - 1] == "\\"
        if char == "[" and not escaped:
            depth += 1
        elif char == "]" and not escaped and depth:
            depth -= 1
        elif char == "(" and not escaped and not depth:
            fixed.append(entry.startswith(("(?<!", "(?<="), i))
        elif char == ")" and not escaped and not depth and fixed:
            fixed.pop()
        if char == " " and not escaped:
            quantified = entry[i + 1 : i + 2] in ("?", "*", "+", "{")  # ("change ?log")
            char = r"\s" if depth or any(fixed) or quantified else r"\s+"
        out.append(char)
    return "".join(out)


def pattern(name: str) -> str:
    """One list as alternatives: its English entries as whole words (or phrases), in one
    group that the regular expression engine can search at once; its Thai ones as they
    stand. A space in an entry matches a line break too."""
    entries = [_spaces_as_breaks(entry) for entry in words()[name]]
    # (An abbreviation's point, "rel.", ends its word: no word need end there.)
    whole = [entry for entry in entries if not _thai(entry) and not entry.endswith(".")]
    dotted = [entry for entry in entries if not _thai(entry) and entry.endswith(".")]
    parts = [rf"{_STARTS_A_WORD}(?:{'|'.join(whole)})\b"] if whole else []
    parts += [rf"{_STARTS_A_WORD}(?:{'|'.join(dotted)})"] if dotted else []
    return "|".join(parts + [entry for entry in entries if _thai(entry)])


def endings(name: str) -> str:
    """One list as alternatives that end a word but may start inside one ("0.56s", a unit
    touching its number), its words not in ASCII as they stand."""
    entries = words()[name]
    english = "|".join(entry for entry in entries if entry.isascii())
    return "|".join([rf"(?:{english})\b", *(entry for entry in entries if not entry.isascii())])


@cache
def regex(name: str) -> re.Pattern:
    """One list's pattern compiled, ignoring case: one object wherever it is searched."""
    return re.compile(pattern(name), re.I)
