"""Read a card written by hand: every number that may be one of the card's figures, with
its context (``TABLE_LEVELS`` or ``PROSE_LEVELS``), which ``adopt`` reads as a figure or none.
A number whose nearest context names another measure ("21.37 % WER") is no candidate; one it
says is another model's, version's, set's or latency's is ``foreign``; one that nothing places
for sure ("6.72 % vs 9.57 %") is not ``alone``: it is marked where its value fits, never drifts.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from urllib.parse import unquote

from ..memo import Memo
from ..normalizer import NORMALIZER_VERSION
from . import words
from .markdown import STRUCK_OUT, Block, blocks, masked_spans, unescaped
from .names import COMPARES, WHOLE_WORDS, Names, ways_of_decoding
from .text import (
    A_DURATION,
    COMMENT,
    SENTENCE_END,
    SIGN,
    CardFile,
    Region,
    latency_mentions,
    numbers_in,
    relative_changes,
)

__all__ = [
    "A_BARE_JOIN",
    "Candidate",
    "DIFFERENCE_WORDS",
    "Evidence",
    "DIRECTION_WORDS",
    "IN_POINTS",
    "OUR_METRIC",
    "STATEMENT_END",
    "TABLE_LEVELS",
    "VERSUS",
    "NEXT_SUBJECT",
    "PAIRED_AGAINST",
    "SAID_AFTER_A_QUOTATION",
    "candidates",
    "clauses_beside",
    "named_beside",
    "speaks_of_errors",
]

# ("vs" and "versus" are not among them: "8.72 % versus 8.99 %" compares two CERs.)
DIFFERENCE_WORDS = re.compile(
    words.pattern("difference_words") + r"|percentage[\s-]points?|Δ", re.I
)
# A sentence that says none of these, and names no set or system, is not read.
_SPEAKS_OF_ERRORS = re.compile(f"{words.pattern('error_words')}|{DIFFERENCE_WORDS.pattern}|%", re.I)
DIRECTION_WORDS = words.regex("direction_words")
_RANKS = words.regex("ranks")  # (fullmatched against a direction word)
# What joins the ends of a range: "to", a dash, dots, "ถึง" (Thai "to").
_RANGE_TO = r"\s*+(?:to|–|—|\.{2,3}|…|ถึง)\s*+"
_A_NUMBER_TO = rf"{SIGN}?\d+(?:\.\d+)?\s*+%?{_RANGE_TO}{SIGN}?\d"
_INTERVAL = re.compile(  # (runs of spaces possessive, as in _COMMA_OR_AND below)
    r"[\[(]\s*+(?:\d+\s*+%\s*+)?(?i:ci\b|confidence interval|interval)?\s*+:?\s*+"
    r"(?:ตั้งแต่\s*+)?"  # (Thai "from a to b" in brackets spans a range, as "[a, b]" does)
    # (after its estimate, where a range follows: "(−1.78, −2.76 to −0.75)")
    rf"(?:{SIGN}?\d+(?:\.\d+)?\s*+(?:%|pp)?\s*+,\s*+(?={_A_NUMBER_TO}))?"
    rf"({SIGN}?\d+(?:\.\d+)?)\s*+%?(?:\s*+[,;]\s*+|{_RANGE_TO})({SIGN}?\d+(?:\.\d+)?)\s*+%?\s*+"
    r"(?:[,;][^\d()\[\]]{1,30})?[\])]"  # ("(−0.96 to +0.20, a tie)")
)
_SPEAKS_OF_AN_INTERVAL = words.regex("interval_words")
_FROM_BEFORE = re.compile(r"(?:\bfrom|จาก)\s*[*_]*$", re.I)
# ("the interval (level 0.95, 1000 resamples) runs from": a parenthesis of its settings)
_AN_INTERVAL_FROM = re.compile(
    r"(?:\binterval|\bci|\brang\w*)\s+(?:\([^()]*\)\s*)?(?:\w+\s+)?from\s*[*_]*$", re.I
)
_VERDICT_HEADER = words.regex("verdict_headers")
_SPAN = re.compile(rf"({SIGN}?\d+\.\d+)\s*(?:%|pp)?{_RANGE_TO}({SIGN}?\d+\.\d+)")
# An interval's ends said in words: "with the interval between −2.8 and −0.9 pp" (not "the
# difference between 9.50 and 6.69", two CERs).
_AN_INTERVAL_BETWEEN = re.compile(
    rf"(?:{words.pattern('interval_words')})(?:\s+(?:lies|runs|is|goes))?\s+between\s+"
    rf"({SIGN}?\d+\.\d+)\s*(?:%|pp)?\s+and\s+({SIGN}?\d+\.\d+)",
    re.I,
)
# Other error rates and quantities, and a few shapes of their headers: a number whose nearest
# metric word is one of these is never a candidate.
_OTHER_METRIC = re.compile(
    words.pattern("other_metrics")
    # a column headed "p"
    + r"|^\s*p\s*$"
    # a column of one kind of edit: "Sub", "Del.", "Ins (%)"
    + r"|^\s*(?:sub(?:stitutions?)?|del(?:etions?)?|ins(?:ertions?)?)\.?\s*(?:\(%\))?\s*$"
    # a rate of the data: "Words per utt.", "chars/s"
    + r"|\b(?:words?|chars?|characters?|tokens?|syllables?)\s*(?:per|/)\s*"
    r"(?:utt\w*|sentences?|seconds?|secs?|s)\b"
    # a unit of time, size or distance in parentheses, "Avg. length (s)", "Distance (m)", not
    # a plural's "(s)"
    + r"|(?<![^\W\d_])\((?:s|secs?|mins?|h|hrs?|[gmt]b|c?m|metres?|meters?|db)\)"
    # a column of a decoding setting's values, "LM weight"
    + rf"|^[\s*_]*(?:{words.pattern('decoding_settings')})[\s*_]*$",
    re.I,
)
# A column of a setting's values: "LM weight", "Default".
_A_SETTINGS_COLUMN = re.compile(rf"[\s*_]*(?:{words.pattern('decoding_settings')})[\s*_]*", re.I)
# A number's unit and the metric it names, right after it: "% CER", "points of CER", "pp WER".
_OWN_UNIT = re.compile(
    r"\s*(?:%|pp\b|p\.\s?p\.|(?:percentage[\s-])?points?\b)?\s*(?:of\s+)?([^\W\d_][\w-]*)",
    re.I,
)
_RELATIVE_AFTER_A_PERCENT = words.regex("relative_after_a_percent")
# Headings say "accuracy" of error rates too ("Chunk size vs. accuracy"): there, only in a
# metric's own name ("Word accuracy").
_LOOSE_WORDS = re.compile(r"(?<!word )(?<!character )\baccuracy\b", re.I)
OUR_METRIC = words.regex("our_metric")
# A number so described anywhere in its sentence, cell, row or column is none of the card's.
_SCORED_OUR_WAY = words.regex("scored_our_way")
_SCORED_ANOTHER_WAY = re.compile(
    words.pattern("scored_another_way")
    + r"|\braw (?:cer|character)|\bcer \(raw\)|\bsyllable error",
    re.I,
)
# A normaliser named by its version, or by its part of the signature `--version` prints
# ("nrm:th-2"): another version than the one that scored the card's figures ("normaliser
# v1", "nrm:th-1" where this one is "2") scores another way; this one, the card's way.
_A_NORMALISER_VERSION = re.compile(
    r"(?:\bnormali[sz](?:er|ation)\s+(?:version\s+)?v?\.?\s?|\bnrm:th-)(\d+)(?:\.\d+)*\b", re.I
)


def _scored_another_way(text: str) -> str | None:
    """The words of ``text`` that say a CER is scored another way than the card's."""
    if scored := _SCORED_ANOTHER_WAY.search(text):
        return scored.group(0)
    versions = _A_NORMALISER_VERSION.finditer(text)
    return next((v.group(0) for v in versions if v[1] != NORMALIZER_VERSION), None)


def _names_our_normaliser(text: str) -> bool:
    """Whether ``text`` names the normaliser version that scored the card ("nrm:th-2")."""
    return any(v[1] == NORMALIZER_VERSION for v in _A_NORMALISER_VERSION.finditer(text))


_RELATIVE = words.regex("relative")
_POINTS = re.compile(r"\bpp\b|\bp\.\s?p\.|\bpoints?\b", re.I)
# A number whose unit is points: "2.79 points lower relative to Typhoon" is a difference of
# CERs, "relative to" saying against whom (a relative change is in percent).
IN_POINTS = re.compile(r"(?:\s*|-)(?:(?:pp|(?:percentage[\s-])?points?)\b|p\.\s?p\.|จุด)", re.I)
# A parenthesis right after a number, its unit between: "9.50 % (Typhoon)".
_OWN_PARENTHESIS = re.compile(r"\s*(?:%|pp)?\s*\([^()]*\)")
# ("to" ends a clause, but not in "Speech-to-Text", nor after "relative": "2.79 points lower
# relative to Typhoon" is one clause. Nor does the comma of "1,120 ms".)
_A_GLUED_PARENTHESIS = re.compile(r"(?<=\w)\(([^()\n]*)\)")
# A parenthesis of words alone, a clause's words going on after it, is an aside within the
# clause: "The WER on FLEURS (newmm words) is 6.72 %" is the WER's number.
_AN_ASIDE = re.compile(r"\(([^()\d\n]*)\)(?=[^\S\n]*[^\W\d_])")
# (Thai writes no comma: a line break after a percentage, before Thai, ends a clause.)
_A_THAI_LINE_AFTER_A_PERCENTAGE = r"(?<=%)[ \t]*\n(?=[ \t]*[\u0e01-\u0e7f])"
_CLAUSE = re.compile(
    r"[;:(|·•]|,(?!\d{3}(?!\d))|(?<![\w-])(?<!relative )to(?![\w-])|"
    + _A_THAI_LINE_AFTER_A_PERCENTAGE
    + "|"
    + words.pattern("clause_words"),
    re.I,
)
_IN_SECONDS = re.compile(r"\(\s*(?:s|sec|seconds?|วินาที)\s*\)|\bin (?:s|sec|seconds)\b", re.I)
_IN_MILLISECONDS_ALONE = words.regex("milliseconds")
_BARE = re.compile(r"\d+(?:\.\d+)?")
_SPEAKS_OF_LATENCY = re.compile(
    words.pattern("milliseconds") + "|" + words.pattern("latency_words"), re.I
)


@dataclass(frozen=True)
class Candidate:
    """A number in the card's text that its context says may be a figure."""

    start: int  # the number's text in the file, sign included
    end: int
    text: str
    line: int
    in_table: bool
    levels: tuple[str, ...]  # context, most specific first: before, after, cell or sentence, ...
    bound: str | None  # "low" or "high" inside an interval [a, b]
    marked: str | None = None  # the figure of the marker around it, if it has one
    # What says it is none of the card's: "system" or "subject" for a table row or column
    # that names none where others do; else _not_the_cards's kind ("model", "version", ...).
    foreign: frozenset[str] = frozenset()
    table: int | None = None  # where its table starts, for a number in a table
    alone: bool = True  # placed for sure: "9.50 / 12.80" holds two numbers, neither alone
    unit: int = 0  # where its cell or sentence starts: the numbers read together
    # Where it stands in its cell or sentence (``levels[2]``) as its author wrote it: in a
    # marked card, markers before it there do not move it.
    at: int = 0
    row: int = 0  # where its table row starts (an HTML row may span lines)
    other_model: str = ""  # the words that make it foreign ("Whisper large-v3", "Changelog")
    in_address: bool = False  # in a badge's address: read, never marked
    # The "from" side of a change a variant brings ("the 4-gram LM brings Typhoon from 16.31
    # to 15.89"): its base's, not the variant's.
    before_its_variant: bool = False
    # In prose, the paragraph's sentences before its own, nearest first ("on the same set").
    earlier: tuple[str, ...] = ()
    under: str = ""  # the paragraph under its table ("The average is over all eleven sets")
    in_image: bool = False  # in an image's description: read, never marked
    headings: tuple[str, ...] = ()  # each heading (and list lead-in) over it, outermost first


@lru_cache(maxsize=1024)  # (a row label or column header, asked of each cell)
def _names_any(names: Names, text: str) -> bool:
    """Whether ``text`` names any system, set or aggregate of the card."""
    return bool(names.systems_in(text) or names.subjects_in(text))


@lru_cache(maxsize=4096)  # (a table's caption, headers and headings, read for each cell)
def _metric_in(text: str, in_points: bool = False) -> str | None:
    """What a piece of context says the number measures: "ours" (CER), "other" (another
    measure, or a relative figure unless the number is in points), or None (neither, or both)."""
    if not in_points and _RELATIVE.search(text):
        return "other"
    ours, other = bool(OUR_METRIC.search(text)), bool(_OTHER_METRIC.search(text))
    return None if ours == other else "ours" if ours else "other"


def _clauses(text: str) -> list[str]:
    """``text`` split into clauses, as ``_CLAUSE`` splits it, but not at an aside's "(": the
    aside stays as written, so that "OpenThai2.0 (th-TH) reaches" still names the model."""
    asides = {aside.start() for aside in _AN_ASIDE.finditer(text)} if "(" in text else ()
    pieces, start = [], 0
    for end in _CLAUSE.finditer(text):
        if end.start() not in asides:
            pieces.append(text[start : end.start()])
            start = end.end()
    return [*pieces, text[start:]]


def clauses_beside(levels: tuple[str, ...]) -> tuple[str, str]:
    """The clause just before a number and the one just after it: a parenthesis right after
    it is its own ("9.50 % (Typhoon)"); after "(" or a label's colon, the clause before that:
    "Whisper (11.20 %)" and "Whisper: 11.20 %" are Whisper's."""
    own = _OWN_PARENTHESIS.match(levels[1])
    # (A parenthesis glued to a word and closed before the number qualifies that word, no
    # clause of its own: "gives CER@560(FLEURS) = 9.50".)
    before = _clauses(_A_GLUED_PARENTHESIS.sub(r" \1 ", levels[0]))
    opening = levels[0].rstrip(" *_")[-1:]
    if (
        len(before) > 1
        and opening in ("(", ":")
        and not before[-1].strip(" *_")
        and re.search(r"[^\W\d_]", before[-2])
        and "//" not in before[-2]
        and (opening == "(" or len(before[-2].split()) <= 3)
    ):  # (a label: "Whisper:")
        before[-1] = before[-2]
    return before[-1], own.group() if own else _THE_NEXT_KEY.sub("", _CLAUSE.split(levels[1])[0])


# The key of the next number's key=value, ending the words after a number: "wer=" in
# "mean_cer=14.77 wer=31.2" is 31.2's.
_THE_NEXT_KEY = re.compile(r"(?<=\s)[^\s=]+\s*=\s*$")


def named_beside(levels: tuple[str, ...], names: Names) -> bool:
    """Whether the clause just before or just after a number names a set or a system."""
    return _names_any(names, " ".join(clauses_beside(levels)))


@dataclass(frozen=True)
class Evidence:
    """What decided a reading: the word, and the level of the number's context it stood in."""

    word: str
    level: str

    def __str__(self) -> str:  # (on one line, as it is said: "different⏎normalisation")
        return f'"{" ".join(self.word.split())}" ({self.level})'


# A number's levels, nearest first, as a report names them: in a table, and in prose.
TABLE_LEVELS = (
    "the words before it",
    "the words after it",
    "its cell",
    "its row label",
    "its column header",
    "the table's caption",
    "the headings",
)
PROSE_LEVELS = ("the words before it", "the words after it", "its sentence", "the headings")


def level_name(levels: tuple[str, ...], depth: int) -> str:
    names = TABLE_LEVELS if len(levels) == len(TABLE_LEVELS) else PROSE_LEVELS
    return names[min(depth, len(names) - 1)]


def _another_metric_word(text: str, in_points: bool = False) -> str:
    found = (None if in_points else _RELATIVE.search(text)) or _OTHER_METRIC.search(text)
    return found.group(0).strip() if found else ""


def _measures_another_metric(
    levels: tuple[str, ...], interval_end: bool, names: Names
) -> Evidence | None:
    """What says a number measures another metric than ours ("21.37 % WER", a "WER (%)"
    column, a "relative reduction"): the first of its levels, nearest first, that names one
    metric decides (of the headings, not the card's title). An interval's end is in points
    where its cell or sentence says so."""
    levels = (*levels[:-1], _below_the_title(levels[-1], names))
    if len(levels) == len(TABLE_LEVELS) and _A_SETTINGS_COLUMN.fullmatch(levels[4]):
        return Evidence(levels[4].strip(), level_name(levels, 4))  # (whatever its row says)
    for depth, level in enumerate(levels[:-1]):
        if scored := _scored_another_way(level):
            return Evidence(scored, level_name(levels, depth))
        if _SCORED_OUR_WAY.search(level) or _names_our_normaliser(level):
            break  # ("against 8.72 % once normalised", a column "FLEURS, normalised": the
            # nearer words outrank what a sentence or caption further out says)
    own = clauses_beside(levels)
    in_points = bool(IN_POINTS.match(levels[1]) or interval_end and _POINTS.search(levels[2]))
    if not any(_metric_in(text, in_points) for text in own) and _POINTS.search(" ".join(own)):
        return None  # "or 2.81 points": a difference of CERs, whatever "relative" says near
    # Its own unit, right after it, is nearer than any word before it: "1.8x faster but loses
    # 1.18 points of CER" is a difference of CERs, "6.72 % WER" another measure.
    if unit := _OWN_UNIT.match(_THE_NEXT_KEY.sub("", levels[1])):
        said = unit.group(1)
        if "%" in unit.group() and _RELATIVE_AFTER_A_PERCENT.fullmatch(said):
            return Evidence(said, level_name(levels, 1))  # "29.6 % fewer errors"
        if (metric := _metric_in(said, in_points)) == "ours":
            return None
        if metric == "other":
            return Evidence(_another_metric_word(unit.group(1), in_points), level_name(levels, 1))
    for depth, text in enumerate((*own, *levels[2:])):
        level = level_name(levels, depth)
        text = _since_the_number_before(text, in_points) if depth == 0 else text
        if level == "the headings" and names.subjects_in(levels[2]) and names.systems_in(levels[2]):
            # "## Latency, relative" over "Pooled LOTUSDIS at 80 ms reads 22.96 for us": a
            # sentence naming a set and a system of the card, and no measure, says what it is.
            return None
        # ("Accuracy" said loosely, "smaller chunks cost accuracy", "a streaming model trades
        # look-ahead for accuracy" above a table, names a measure only in the number's own
        # clause, or a table's cell, row or column.)
        if level in ("its sentence", "the table's caption", "the headings"):
            text = _LOOSE_WORDS.sub(" ", text)
        metric = _metric_in(text, in_points)
        if metric is None and level == "its sentence" and ";" in levels[0] + levels[1]:
            # A sentence naming the WER and the CER: the statement holding the number decides
            # ("the word error rate (...) is 23.48 %; we report CER everywhere else").
            text = f"{levels[0].rsplit(';', 1)[-1]} {levels[1].split(';', 1)[0]}"
            metric = _metric_in(_LOOSE_WORDS.sub(" ", text), in_points)
        # A sentence that names the CER and calls another of its numbers relative ("a 29.6 %
        # lower CER (relative)"): its word is that number's, not this one's.
        if metric == "other" and level == "its sentence" and not _OTHER_METRIC.search(text):
            if OUR_METRIC.search(text):
                continue
        if metric == "other":
            return Evidence(_another_metric_word(text, in_points), level)
        if metric == "ours":
            return None
    return None


# (A number of its own: not the digits of a name, "Typhoon 0.6B", "4-gram", "11-set".)
_SINCE_THE_NUMBER_BEFORE = re.compile(r".*(?<![\w.-])\d+(?:\.\d+)?(?![\w.]|-\w)(\D*)$", re.S)


def _since_the_number_before(words_before: str, in_points: bool) -> str:
    """The words before a number from the number before it on, where they name a measure:
    nearer than those before that number ("relative ... is 2.6 % of the average CER (16.31")."""
    since = _SINCE_THE_NUMBER_BEFORE.search(words_before)
    return since.group(1) if since and _metric_in(since.group(1), in_points) else words_before


def _bounds(text: str, matches: list[re.Match], around: str = "") -> dict[int, str]:
    """Which numbers are the low and high ends of an interval: "[a, b]", "the interval between
    a and b", or "a to b" where the text, or what is ``around`` it (a cell's column header),
    speaks of an interval."""
    bounds = {}
    intervals = [*_INTERVAL.finditer(text), *_AN_INTERVAL_BETWEEN.finditer(text)]
    if _SPEAKS_OF_AN_INTERVAL.search(text + " " + around):
        # (Not a change "from 9.50 % to 6.69 %", but "an interval from −0.96 to +0.20".)
        intervals += [
            span
            for span in _SPAN.finditer(text)
            if not _FROM_BEFORE.search(text, 0, span.start())
            or _AN_INTERVAL_FROM.search(text, 0, span.start())
        ]
    for interval in intervals:
        for match in matches:
            for end, bound in ((1, "low"), (2, "high")):
                if interval.start(end) in (match.start(), match.start(2)):
                    bounds[match.start()] = bound
    return bounds


def _numbers_at(text: str, offset: int, masked, names: Names, none: list) -> list[re.Match]:
    """The numbers of ``text``, which stands at ``offset`` in the card, outside its masks;
    ``none`` hears (match, offset, evidence) of each in percent its words make none of ours."""
    shifted = [(start - offset, end - offset) for start, end in masked]
    dropped = []
    found = numbers_in(text, 0, shifted, True, names.opens_with_a_recogniser, dropped)
    none += [(match, offset, Evidence(what, NONE_IN_PERCENT)) for match, what in dropped]
    return found


def _local(text: str, matches: list[re.Match], i: int) -> tuple[str, str]:
    """The text before a number (since the previous one) and after it (to the next one)."""
    before = text[matches[i - 1].end() if i else 0 : matches[i].start()]
    after = text[matches[i].end() : matches[i + 1].start() if i + 1 < len(matches) else len(text)]
    return before, after


# A number and the measure it counts in, right after it: "2,100 hours", "0.6B params".
_A_NUMBERS_UNIT = re.compile(r"\d[\d,.]*[A-Za-z]?\s*(" + _OTHER_METRIC.pattern + ")", re.I)
# A clause of a caption that speaks of one column ("the last column is the relative change",
# "the v1.5 column is copied from the previous card"): its words are that column's, and its
# header says what it holds, not the whole table's.
_ONE_COLUMNS_CLAUSE = re.compile(
    r"(?:[^.;:]|\.(?=\d))*\b(?:the|its|this|that)\s+(?:[^\s;:,]+\s+){1,3}?column\b"
    r"(?:[^.;:]|\.(?=\d))*",
    re.I,
)
_NOT_A_CHUNK = words.regex("not_a_chunk")  # (a header of another duration: "Overlap")
# A row that only labels the rows under it: its first cell emphasised whole, every other
# cell empty ("| **OpenThai2.0** | | |" over "| CER (%) | 6.69 | 8.72 |").
_SECTION_LABEL = re.compile(
    r"^\s*(?:(\*\*|__|\*|_)(?P<md>[^*_].*?)\1|<(b|strong|em|i)>(?P<html>.+?)</\3>)\s*$", re.S
)
# A caption's sentence saying only some rows are the card's ("Only three rows are the
# systems this card scores: ..."), and a row's label saying it is one ("greedy (as published)").
_ONLY_SOME_ROWS = re.compile(r"\bonly\s+(?:\w+\s+){0,3}?rows?\b", re.I)
_AS_PUBLISHED = words.regex("as_published")
_ITS = re.compile(r"[\s*_]*(?:its|their)\b", re.I)  # (a header's "Its CER", a row's system's)
_PARENTHESISED_HEADER = re.compile(r"^(.*\S.*?)\(([^()]*)\)[\s%*_]*$", re.S)
_IN_PARENTHESES = words.regex("in_parentheses")
_AGAINST_WHAT_IT_SAYS = words.regex("against_what")
_OPENS_AGAINST = re.compile(rf"[\s*_]*(?:{_AGAINST_WHAT_IT_SAYS.pattern})", re.I)
# A header that names a change and nothing else: "Improvement", "Gain (pp)", "Reduction".
_A_CHANGE_ALONE = re.compile(
    r"[\s*_]*(?:improvement|gain|reduction|change)[\s*_]*(?:\((?:pp|points?|%)\))?[\s*_]*", re.I
)


def _header_and_body(block: Block) -> tuple[list, list]:
    """A table's header and body rows, each cell's comments blanked (every place stays)."""
    header, *body = [[(offset, _as_shown(cell)) for offset, cell in cells] for cells in block.rows]
    # Markdown has one header row, so a second one stands first in the body: as many cells,
    # words and no number, under a header that repeats a name ("| | FLEURS | FLEURS |" over
    # "| Model | CER | WER |"), so that the header alone does not tell its columns apart.
    names = [cell.strip() for _, cell in header[1:]]
    if (
        body
        and len(body[0]) == len(header) > 2
        and len(set(names)) < len(names)
        and all(cell.strip() and not numbers_in(cell, 0, (), True) for _, cell in body[0][1:])
    ):
        # (A group's name stands over its first column, the cells after it left empty:
        # "| | Read | | Broadcast | |" spans as a multi-column cell does.)
        groups = list(
            itertools.accumulate(
                (cell for _, cell in header[1:]),
                lambda group, cell: cell if cell.strip() else group,
            )
        )
        header = [
            (offset, f"{group} {below}".strip())
            for (offset, _), group, (_, below) in zip(header, [header[0][1], *groups], body[0])
        ]
        body = body[1:]
    return header, body


def _caption_as_read(block: Block, header: list, headings: str) -> Block:
    """The paragraph above a table, its weakest caption, less its own numbers' units ("2,100
    hours") and clauses of one column; none where it names another measure and the header,
    the paragraph under it or a heading names the CER."""
    caption = _blanked(block.caption, [m.span(1) for m in _A_NUMBERS_UNIT.finditer(block.caption)])
    in_header = " ".join(cell for _, cell in header)
    if _metric_in(caption) == "other" and any(
        OUR_METRIC.search(text) for text in (in_header, block.below, headings)
    ):
        caption = ""  # ("faster partial results")
    if "column" in caption.lower():
        caption = _without(_ONE_COLUMNS_CLAUSE, caption)
    return replace(block, caption=caption)


def _what_the_table_speaks_of(
    block: Block, header: list, body: list, headings: str, names: Names, generated: bool
) -> tuple[Block, str, bool]:
    """(the table with the paragraph under it as its caption, where that says what the
    table holds; its header and caption as one text; whether it speaks of error rates)."""
    table_context = " ".join(cell for _, cell in header) + " " + block.caption
    # A row's label may say so ("| OpenThai2.0 (FLEURS CER) | 8.28 |"), but not by naming a
    # set alone; headings that only name a system (the card's title) leave it open.
    row_labels = " ".join(cells[0][1] for cells in body if cells)
    said = bool(
        speaks_of_errors(table_context, names)
        or _SPEAKS_OF_ERRORS.search(row_labels)
        or _SPEAKS_OF_ERRORS.search(headings)
        or names.subjects_in(headings)
        or any(OUR_METRIC.search(cell) for cells in body for _, cell in cells)
    )
    in_the_table = f"{table_context} {row_labels}"
    # The paragraph under the table says what nothing above or in it says: for a table of
    # systems, what it holds (as "<summary>Results</summary>" does not) or on which set; for
    # one of none, of which systems ("FLEURS CER (%) by chunk size.").
    below = block.below
    if names.systems_in(in_the_table):
        unsaid = not said or not names.subjects_in(f"{in_the_table} {headings}")
        said_below = not said or names.subjects_in(below)
    else:
        unsaid = said and len(set(names.systems_in(headings))) < 2
        said_below = names.systems_in(below)
    if not generated and below and speaks_of_errors(below, names) and unsaid and said_below:
        block = replace(block, caption=f"{block.caption} {below}".strip())
        return block, f"{table_context} {below}", True
    return block, table_context, said


def _latency_reader(table_context: str, headings: str, names: Names) -> Callable[[str], str]:
    """How a table's bare numbers name latencies: a header or label "80" (or "0.08") reads
    "80 80 ms" where the table counts in ms or chunks (or in seconds, its header says so)."""
    in_ms = bool(_SPEAKS_OF_LATENCY.search(table_context + " " + headings))
    in_seconds = _IN_SECONDS.search(table_context) and not _IN_MILLISECONDS_ALONE.search(
        table_context
    )
    scale = 1000 if in_ms and in_seconds else 1

    def named(text: str) -> str:
        # (A header of two rows reads "80 OpenThai2.0": the latency's row above the system's.)
        bare = text.strip().strip("*_").split(" ", 1)[0].strip("*_")
        if in_ms and _BARE.fullmatch(bare) and (scale > 1 or bare.isdigit()):
            ms = Fraction(bare) * scale
            if ms.denominator == 1 and int(ms) in names.latencies:
                return f"{text} {int(ms)} ms"
        return text

    return named


def _row_labels(rows: list, header: list, numbers: list, latency_named) -> list[str]:
    """Each row's label: its first cell, and every other cell of a column that holds no
    number of ours ("| [70, 1] | 160 ms | 7.72 |"), nor verdicts (the winner is not whose
    the row is); after the section row above it, if any."""
    widest = max((len(cells) for cells in rows), default=0)
    label_columns = [0] + [
        column
        for column in range(1, widest)
        if not any(column < len(found) and found[column] for found in numbers)
        and not (column < len(header) and _VERDICT_HEADER.search(header[column][1]))
    ]

    def label_cell(text: str, column: int) -> str:
        # A bare number names a chunk size in the first column, or under a header of latency
        # ("Chunk (ms)"), never under one of another duration ("Overlap").
        above = header[column][1] if column < len(header) else ""
        if _NOT_A_CHUNK.search(above):
            return A_DURATION.sub(" ", text)
        return latency_named(text) if column == 0 or _SPEAKS_OF_LATENCY.search(above) else text

    labels, above, section = [], {}, ""  # (above: each label column's last cell that said so)
    for cells in rows:
        said = {c: cells[c][1] for c in label_columns if c < len(cells)}
        # An empty label cell repeats the one above it ("| | 80 | | 8.28 |" under "| FLEURS |
        # 560 | OT2 | 6.69 |"), as a reader of a table in long form takes it.
        said = {c: text if text.strip() else above.get(c, text) for c, text in said.items()}
        above |= {c: text for c, text in said.items() if text.strip()}
        label = " ".join(label_cell(text, c) for c, text in said.items())
        first = _SECTION_LABEL.match(cells[0][1])
        if first and all(not cell.strip() for _, cell in cells[1:]):
            section = first.group("md") or first.group("html")  # (names the rows under it)
            labels.append(label)
        else:
            labels.append(f"{section} {label}" if section else label)
    return labels


def _on_axis(header: str) -> bool:
    """Whether a row label or column header may name the table's axis of systems or sets:
    not a difference's or a comparison's ("Δ vs Typhoon")."""
    return not (DIFFERENCE_WORDS.search(header) or COMPARES.search(header))


def _rows_picked(block: Block, labels: list[str]) -> tuple[Block, frozenset[int]]:
    """(the table less its caption's sentence saying only some rows are the card's, which says
    which, not whose the numbers are; the rows it leaves out, sweeps beside those published)."""
    sentences = SENTENCE_END.split(block.caption)
    kept = [sentence for sentence in sentences if not _ONLY_SOME_ROWS.search(sentence)]
    picked = {r for r, label in enumerate(labels) if _AS_PUBLISHED.search(label)}
    if len(kept) == len(sentences) or not picked or len(picked) == len(labels):
        return block, frozenset()
    return replace(block, caption=" ".join(kept)), frozenset(range(len(labels))) - picked


def _decoded_by_its_rows(block: Block, labels: list[str], names: Names) -> Block:
    """Where a table's rows (or columns) say how each was decoded ("whole", "in pieces"), they
    say it for theirs: the caption less its sentences on decoding, which define words."""
    decoding = ways_of_decoding(names.in_pieces)
    if not any(map(decoding.search, labels)):
        return block
    sentences = SENTENCE_END.split(block.caption)
    return replace(block, caption=" ".join(s for s in sentences if not decoding.search(s)))


class _Table:
    """A table as its cells read it, built once: the words each level around a cell adds, and
    what its rows and columns are about; no rows where it speaks of nothing of the card's."""

    def __init__(self, block: Block, headings: str, names: Names, masked, generated: bool):
        header, body = _header_and_body(block)
        block = _caption_as_read(block, header, headings)
        block, table_context, self.said = _what_the_table_speaks_of(
            block, header, body, headings, names, generated
        )
        self.headings, self.names, self.rows = headings, names, []
        self.none_in_percent = []  # (see _numbers_at)
        if not self.said and not generated and not names.systems_in(headings):
            return
        latency_named = _latency_reader(table_context, headings, names)
        self.rows = [cells for cells in body if cells]  # each (offset, cell) pairs
        none = self.none_in_percent
        self.numbers = [  # each row's, each cell's candidate numbers
            [_numbers_at(cell, offset, masked, names, none) for offset, cell in cells]
            for cells in self.rows
        ]
        labels = _row_labels(self.rows, header, self.numbers, latency_named)
        columns = _intervals_of_the_one_before([latency_named(c) for _, c in header], names, 1)
        if columns and ways_of_decoding(names.in_pieces).search(columns[0]):
            # The label column's header says it of every row: "| Set, decoded in pieces |".
            labels = [f"{label} ({columns[0].strip()})" for label in labels]
        self.columns = _differences_named(columns, names, first=1)
        self.labels = _differences_named(_intervals_of_the_one_before(labels, names, 0), names, 0)
        block, self.sweeps = _rows_picked(block, labels)
        # "6.69 (−2.81)" where the caption says what the parentheses hold: the number inside
        # reads those words, and no number reads them as its caption.
        self.in_parentheses = _what_the_parentheses_hold(block)
        if self.in_parentheses:
            block = replace(block, caption=block.caption.replace(self.in_parentheses, " "))
        block = self.block = _decoded_by_its_rows(block, [*labels, *columns], names)
        self.column_of_differences = [bool(DIFFERENCE_WORDS.search(h)) for h in self.columns]
        self.row_of_differences = [bool(DIFFERENCE_WORDS.search(h)) for h in self.labels]
        # The caption as the CERs read it: without its sentences that speak of differences,
        # where there are difference columns (or rows), whose those are.
        self.caption_of_cers = block.caption
        if any(self.column_of_differences[1:]) or any(self.row_of_differences):
            sentences = SENTENCE_END.split(block.caption)
            self.caption_of_cers = " ".join(s for s in sentences if not DIFFERENCE_WORDS.search(s))
        # The columns whose header and some cell are shaped "outside (inside)" alike.
        self.shaped_columns = frozenset(
            column
            for cells, in_row in zip(self.rows, self.numbers)
            for column, (_, cell) in enumerate(cells)
            if column < len(self.columns)
            and _headers_by_place(cell, in_row[column], self.columns[column])
        )
        # {kind: (by row, by column)}: whether some rows (columns) name the card's systems (or
        # sets), so that one naming none is another model's (or dataset's).
        self.axes = {
            kind: (
                any(find(label) for label in self.labels if _on_axis(label)),
                any(find(cell) for cell in self.columns[1:] if _on_axis(cell)),
            )
            for kind, find in (("system", names.systems_in), ("subject", names.subjects_in))
        }
        self.verdict_columns = frozenset(
            c for c, (_, text) in enumerate(header) if c and _VERDICT_HEADER.search(text)
        )
        self.header = [text.strip(" *_") for _, text in header]

    @cached_property
    def against_a_version(self) -> str | None:
        """The header of a column of another version its columns of differences are against."""
        return _against_another_version(self, self.names)

    def column_header(self, r: int, column: int) -> str:
        """A column's header as row ``r`` reads it: the words of a column of verdicts in it
        ("Δ vs best baseline" beside "Best baseline"), or "Its" right after that column
        ("Its CER"), stand for the card's system the row's cell there names."""
        header = self.columns[column] if column < len(self.columns) else ""
        for c in (self.verdict_columns - {column}) & set(range(len(self.rows[r]))):
            named = self.rows[r][c][1].strip()
            if not self.names.systems_in(named):
                continue
            if said := re.search(re.escape(self.header[c]), header, re.I):
                header = f"{header[: said.start()]}{named}{header[said.end() :]}"
            elif column == c + 1 and (its := _ITS.match(header)):
                header = f"{named} {header[its.end() :]}"
        return header


def _foreign(table: _Table, label: str, column: int, column_header: str, cell: str):
    """Another model's or set's: on an axis of systems (or sets), a row or column that names
    nothing of the card's with the cell (a column of verdicts names the winner, not whose)."""
    names = table.names
    # (another version of the card's models, "Typhoon 1.5B", is said so by _not_the_cards)
    row_names = _names_any(names, label) or _names_any(names, label + " " + cell)
    row_names = row_names or bool(names.another_version_in(label) or _OTHER_VERSION.search(label))
    if row_names and table.axes["subject"][1] and names.subjects_in(column_header):
        # Where the column names the cell's set, a row of a set and no system ("w/o Isan
        # data", beside "OpenThai2.0 (full)") is none of the card's systems' rows.
        row_names = bool(names.systems_in(label + " " + cell))
    column_names = (
        not column
        or column in table.verdict_columns
        or _a_difference_of_the_card(column_header, names)
        or _names_any(names, column_header)
        or _names_any(names, column_header + " " + cell)
        or bool(names.another_version_in(column_header) or _OTHER_VERSION.search(column_header))
    )
    return frozenset(
        kind
        for kind, (by_row, by_column) in table.axes.items()
        if (by_row and not row_names) or (by_column and not column_names)
    )


def _against_another_version(table: _Table, names: Names) -> str | None:
    """The header of a column of another version of the card's model, where the table's other
    columns of values name no second system of the card's ("| Control (v1.9) | Treatment
    (v2.0) | Δ (pp) |"): its columns of differences are the change since that version, which
    the card does not give."""
    values = [h for h, d in zip(table.columns[1:], table.column_of_differences[1:]) if not d]
    versions = [h for h in values if names.another_version_in(h) or _OTHER_VERSION.search(h)]
    systems = {key for header in values for key in names.systems_in(header)}
    return " ".join(versions[0].split()) if versions and len(systems) <= 1 else None


def _a_difference_of_the_card(header: str, names: Names) -> bool:
    """Whether a column's header speaks of a difference and names no other model ("Δ (pp)"
    beside columns of three systems): a comparison's column, whose sides the caption says,
    never another model's."""
    differs = _A_CHANGE_ALONE.fullmatch(header) or DIFFERENCE_WORDS.search(header)
    return bool(differs) and not names.another_model_in(header)


def _cell_headers(table: _Table, cell: str, matches: list, column: int, bounds) -> list | None:
    """Each number's own header in a cell of two ("12.90 (14.68)" under "OpenThai2.0
    (Typhoon 0.6B)", or where the caption says what parentheses hold), or the header's
    words outside its parenthesis for a number alone in a shaped column; None otherwise."""
    header = table.columns[column] if column < len(table.columns) else ""
    if not bounds and (parts := _headers_by_place(cell, matches, header)):
        return parts
    if not bounds and table.in_parentheses and _one_then_one_inside(cell, matches):
        return [header, f"{header} {table.in_parentheses}"]
    if column in table.shaped_columns and len(matches) == 1:
        if not _enclosing_parenthesis(cell, matches[0]):
            return [_PARENTHESISED_HEADER.match(header).group(1)]
    return None


def _cell_numbers(table: _Table, r: int, column: int, set_aside):
    """(match, offset, levels, more of its Candidate's fields) of each number of one body
    cell that may be one of ours; ``set_aside`` hears of the others."""
    cells, label, matches = table.rows[r], table.labels[r], table.numbers[r][column]
    cell_offset, cell = cells[column]
    column_header = table.column_header(r, column)
    differences = table.row_of_differences[r] or (
        column >= len(table.columns) or table.column_of_differences[column]
    )
    caption = table.block.caption if differences else table.caption_of_cers
    foreign = _foreign(table, label, column, column_header, cell)
    swept = r in table.sweeps  # a row the caption leaves out of those the card scores
    foreign |= {"sweep"} if swept else set()
    since = table.against_a_version if differences and column else None
    since = None if table.names.systems_in(column_header) else since
    foreign |= {"version"} if since else set()
    bounds = _bounds(cell, matches, column_header)
    by_place = _metrics_by_place(cell, matches, column_header, label if column else "")
    parts = _cell_headers(table, cell, matches, column, bounds)
    # The parentheses that say how the number in them was decoded, "10.71 (split: 8.72)": they
    # say nothing of the number outside them.
    spans = [] if bounds else [_enclosing_parenthesis(cell, m) for m in matches]
    decoded_inside = [span for span in spans if span and table.names.in_pieces.search(cell, *span)]
    ours, row_label = [], label if column else ""
    for i, match in enumerate(matches):
        # (without the parentheses that say how another number was decoded)
        own = _blanked(cell, [(a, b) for a, b in decoded_inside if not a < match.start() < b])
        header = parts[i] if parts else column_header
        levels = (*_local(own, matches, i), own, row_label, header, caption, table.headings)
        if not by_place:
            why = _measures_another_metric(levels, match.start() in bounds, table.names)
        elif by_place[i] == "ours":
            why = None
        else:
            why = Evidence(column_header.strip() or label.strip(), "its place in the cell's list")
        if why is None:
            ours.append((match, levels))
        else:
            set_aside(match, cell_offset, why)
    alone = _each_alone(table, cell, ours, bounds, parts, len(decoded_inside))
    for (match, levels), by_itself in zip(ours, alone):
        more = dict(bound=bounds.get(match.start()), foreign=foreign, alone=by_itself)
        more["other_model"] = " ".join(label.split()) if swept else since or ""
        more["label"] = _first_cell_of_another(table, r)
        yield match, cell_offset, levels, more


def _first_cell_of_another(table: _Table, r: int) -> str | None:
    """Whose a row is, beside rows of the card's systems: its first cell, where that names
    nothing of the card's though a later label may name a set ("smaller encoder (120M) |
    Average of 11 sets"), as a list item's label is beside items of the card's systems."""
    names, first = table.names, table.rows[r][0][1].strip(" *_")
    if not table.axes["system"][0] or not first or names.systems_in(table.labels[r]):
        return None
    # (Not a row of differences or verdicts: "Δ", "Winner" stand for the card's systems.)
    if _names_any(names, first) or not _on_axis(first) or _VERDICT_HEADER.search(first):
        return None
    return " ".join(first.split())


def _each_alone(table: _Table, cell: str, ours: list, bounds, parts, decoded_inside: int):
    """Whether the cell alone places each of its numbers: the one number; an interval's ends
    and its estimate; numbers each named or headed by place; two, one decoded in pieces; or,
    nothing saying what a parenthesis holds, the number outside it ("**6.69** (−2.81)")."""
    ends = [m.start() in bounds for m, _ in ours]
    one_interval = ends in ([True, True], [False, True, True])
    by_decoding = len(ours) == 2 and decoded_inside == 1
    inside = [bool(_enclosing_parenthesis(cell, m)) for m, _ in ours]
    outside_its_pair = not bounds and inside in ([False, True], [True, False])
    if not table.said:
        return [False] * len(ours)
    by_the_cell = len(ours) == 1 or one_interval or bool(parts) or by_decoding
    return [
        by_the_cell
        or (outside_its_pair and not in_parenthesis)
        or named_beside(levels, table.names)
        for (_, levels), in_parenthesis in zip(ours, inside)
    ]


def _what_the_parentheses_hold(block: Block) -> str:
    """The statement of a table's caption, or of the paragraph under it, that says what its
    cells' parentheses hold ("" if none)."""
    for text in (block.caption, block.below):
        for sentence in SENTENCE_END.split(text):
            for statement in sentence.split(";"):
                if _IN_PARENTHESES.search(statement):
                    return statement
    return ""


def _one_then_one_inside(cell: str, matches: list[re.Match]) -> bool:
    """Whether a cell holds two numbers, the second alone in a parenthesis: "12.90 (14.68)"."""
    return [bool(_enclosing_parenthesis(cell, match)) for match in matches] == [False, True]


def _headers_by_place(cell: str, matches: list[re.Match], header: str) -> list[str] | None:
    """The header of each number of a cell "12.90 (14.68)" under a header of the same shape,
    "OpenThai2.0 (Typhoon 0.6B)": the words outside the parenthesis, then those inside."""
    shaped = _PARENTHESISED_HEADER.match(header)
    return list(shaped.groups()) if shaped and _one_then_one_inside(cell, matches) else None


def _metrics_by_place(cell: str, matches: list[re.Match], *headers: str) -> list[str] | None:
    """What each number of a cell "18.64 / 45.20" measures, by its place, where a header (its
    column's, else its row's) names as many metrics so: "CER / WER" (ours, then not)."""
    if len(matches) < 2 or any(
        _local(cell, matches, i)[1].strip(" %*_") != "/" for i in range(len(matches) - 1)
    ):  # (a marker is blanks here)
        return None
    for header in headers:
        metrics = [_metric_in(part) for part in header.split("/")]
        if len(metrics) == len(matches) and all(metrics):
            return metrics
    return None


def _differences_named(headers: list[str], names: Names, first: int) -> list[str]:
    """A table's column headers (or row labels), each that speaks of a difference but names
    no system extended by the systems the others on the axis name (not another difference's
    or comparison's words: "Relative gain vs Typhoon" is no row's but its own), unless it names
    another recogniser ("Δ vs Whisper large-v3 (pp)")."""
    systems = [names.systems_in(header) for header in headers]
    on_the_axis = [
        (header, found)
        for header, found in zip(headers[first:], systems[first:])
        if found and _on_axis(header)
    ]
    # (Of three systems or more, which two a difference sets apart the axis does not say: a
    # caption may, "Δ is OpenThai2.0 minus Typhoon 0.6B".)
    two = len({key for _, found in on_the_axis for key in found}) == 2
    named = " / ".join(header for header, _ in on_the_axis) if two else ""

    def extended(header: str, found: list) -> str:
        change = _A_CHANGE_ALONE.fullmatch(header)
        if not named or found or not (change or DIFFERENCE_WORDS.search(header)):
            return header
        if names.another_model_in(header):
            return header
        if _AGAINST_WHAT_IT_SAYS.search(header):  # "Δ vs best baseline": theirs comes first
            return f"({named}) {header}"
        # "| Improvement |" alone beside columns of systems is their difference, as "Δ" is.
        return f"{header} ({'Δ ' if change else ''}{named})"

    return headers[:first] + [extended(*each) for each in zip(headers[first:], systems[first:])]


def _intervals_of_the_one_before(headers: list[str], names: Names, first: int) -> list[str]:
    """A table's column headers (or row labels), an interval's ("95 % interval", naming no
    system) right after a difference's ("Δ FLEURS (pp)") read with its words, whose ends are
    that estimate's; beside such an interval, a column "vs Typhoon 0.6B" is a difference's (a
    CER's names its own system)."""
    read = list(headers)
    for i in range(first + 1, len(headers)):
        estimate, interval = read[i - 1], headers[i]
        if _AN_END_ALONE.fullmatch(interval) and _SPEAKS_OF_AN_INTERVAL.search(estimate):
            # "| interval, low | high |": the other end of the interval before it
            ends = list(_AN_END_ALONE.finditer(estimate))
            if ends:
                read[i] = estimate[: ends[-1].start()] + interval.strip(" *_")
            continue
        if (
            not _SPEAKS_OF_AN_INTERVAL.search(interval)
            or names.systems_in(interval)
            or _SPEAKS_OF_AN_INTERVAL.search(headers[i - 1])  # ("CI low | CI high": its own)
        ):
            continue
        if (
            names.systems_in(estimate)
            and _OPENS_AGAINST.match(estimate)
            and not DIFFERENCE_WORDS.search(estimate)
        ):
            read[i - 1] = estimate = f"Δ {estimate}"
        if DIFFERENCE_WORDS.search(estimate):
            read[i] = f"{estimate} {interval}"
    return read


# An interval's end named alone: "| interval, low | high |".
_AN_END_ALONE = re.compile(
    r"[\s*_]*(?:\b(?:low(?:er)?|high(?:er)?|upper)\b|"
    rf"{words.pattern('lower_end_words')}|{words.pattern('upper_end_words')})[\s*_]*",
    re.I,
)
# A sentence that goes on with the subject of the one before, where that one speaks of error
# rates: "... the gap is -2.05. At 80 ms it widens to -4.23".
_GOES_ON = re.compile(r"\W*(?:(?:at|@)\s+[\d,.]+\s*ms\b\W*)?(?:it|this|that)\b", re.I)
_A_LEAD_IN = re.compile(r":[\s*_]*$")
_AN_OPENING_CLAUSE = re.compile(r"[^,:;]*[,:;]")
_A_CONDITION = re.compile(rf"[\s*_]*(?:{words.pattern('conditions')}).*", re.I | re.S)
# Why a number in a sentence that names no set, system or error rate is not read.
NOT_READ = Evidence("no set, system or error rate", "its sentence")
# The level of a number in percent that the words beside it make none of ours: a share, a
# relative change or a bound (``text.numbers_in``), never counted, but named by --strict
# where it prints a figure's value.
NONE_IN_PERCENT = "the words beside it"
_WORDS_OF_A_CHANGE = words.regex("change_words")
_EMPHASIS = re.compile(r"[*_]+|</?(?:b|strong|em|i)>", re.I)
_AN_EMPHASIS = r"(?:[*_]|</?(?:b|strong|em|i)>)"  # one at a time: no run of runs to split
_MARKS_BEFORE = re.compile(rf"(?:{_AN_EMPHASIS}|[~≈]|&asymp;)+\s*$", re.I)
_MARKS_AFTER = re.compile(rf"^{_AN_EMPHASIS}+(?:\s*%{_AN_EMPHASIS}*)?|^\s*%{_AN_EMPHASIS}+", re.I)
_PERCENT_WORD = re.compile(r"^\s*(?:percent|per\s+cent)\b", re.I)
_MADE_FROM = re.compile(f"(?:{words.pattern('made_from')})\\s+(?:the\\s+)?", re.I)
_UP_TO_FOUR_WORDS = re.compile(r"(?:[^\s,;:()]+[ \t]*){1,4}")
_LINK_TARGET = re.compile(r"(?<=\])\([^()\s]*(?:\s+\"[^\"]*\")?\)")
# An underscore joining the words of an identifier, read as the space it stands for.
_SNAKE_CASE_JOIN = re.compile(r"(?<=[A-Za-z0-9])_(?=[A-Za-z0-9])")


def _a_section_number(heading: str, match: re.Match) -> bool:
    """Whether a number opens a heading, one decimal at most, before a word: its section's
    number ("### 3.2 Results", "3.2. ผลต่าง"), not "## 6.7 % on FLEURS"."""
    opens = re.fullmatch(r"\s*#{0,6}\s*\d+(?:\.\d)?", heading[: match.end()])
    return bool(opens) and re.match(r"\.?\s+[^\W\d_]", heading[match.end() :]) is not None


def _prose_numbers(
    text: str, block: Block, headings: str, names: Names, masked, set_aside, lead_in
):
    """(match, offset, levels, more of its Candidate's fields) of each number in a prose block
    that may be one of ours, sentence by sentence (``lead_in``: the paragraph that leads into
    a list item's list); ``set_aside`` hears of the others."""
    body = text[block.start : block.end]
    earlier: list[str] = []
    for start, end in _list_parts(body, 0, len(body), SENTENCE_END, empty=True):
        sentence, offset = body[start:end], block.start + start
        read_before = tuple(earlier)
        earlier.insert(0, _as_shown(sentence))
        none_in_percent = []
        matches = _numbers_at(sentence, offset, masked, names, none_in_percent)
        if block.kind == "heading":  # ("### 3.2 Results": a section's number, no figure)
            matches = [m for m in matches if not _a_section_number(sentence, m)]
        for aside in none_in_percent:
            set_aside(*aside)
        if not speaks_of_errors(f"{sentence} {lead_in}", names) and not (
            read_before and _GOES_ON.match(sentence) and speaks_of_errors(read_before[0], names)
        ):
            for match in matches:
                set_aside(match, offset, NOT_READ)  # (named by --strict where it prints ours)
            continue
        # A list item's marker ("- ", "1. ") and a quote's marks (">"), as the parser found them.
        item = [(block.start, block.item_text)] if block.is_item else []
        marks = [
            (max(start, offset) - offset, min(end, offset + len(sentence)) - offset)
            for start, end in item + [(at, at + 1) for at in block.quote_marks]
            if start < offset + len(sentence) and end > offset
        ]
        # The sentence as its numbers read it, blanked where it holds no words of their
        # context: a relative change, marks around a number ("**9.75**%", "~6.72 %"), list and
        # quote markers, and what a model was made from ("fine-tuned from Typhoon 0.6B").
        words = _blanked(_as_shown(sentence), relative_changes(sentence))
        words = _without(_LINK_TARGET, words)  # ("](docs/cer-vs-latency.png)": no name)
        words = _without_marks(words, matches)
        words = _blanked(words, marks)
        words = _blanked(words, _origins(words, names))
        read = _Sentence(words, matches, names, read_before, lead_in)
        yield from _sentence_numbers(read, offset, headings, read_before, set_aside)


def _own_places(sentence: str, matches: list, bounds, statement_ends: list, names: Names):
    """(each number's own parenthesis, as a place in the sentence, or None; (before, after),
    the places of each number's own text). A number's own parenthesis, "from 9.50 % (Typhoon)
    to 6.69 %", is no other number's."""
    owns = [_OWN_PARENTHESIS.match(_local(sentence, matches, i)[1]) for i in range(len(matches))]
    # Not one that lists names after a list of numbers, "6.72 / 8.75 (FLEURS / TVSpeech)":
    # every number of the list reads it.
    owns = [
        None if own and i and _lists_names(own.group(), names) else own
        for i, own in enumerate(owns)
    ]
    # A parenthesis that holds a number, "6.69 % CER (Typhoon: 9.50 %)", is its own too,
    # unless it is an interval, whose words are its estimate's.
    inside = [
        None if match.start() in bounds else _enclosing_parenthesis(sentence, match)
        for match in matches
    ]
    owned = [
        (match.end() + own.start(), match.end() + own.end()) if own else inside[i]
        for i, (match, own) in enumerate(zip(matches, owns))
    ]
    spans = []
    for i, match in enumerate(matches):
        before = matches[i - 1].end() + (owns[i - 1].end() if owns[i - 1] else 0) if i else 0
        after = matches[i + 1].start() if i + 1 < len(matches) else len(sentence)
        if i + 1 < len(matches) and inside[i + 1] and inside[i + 1][0] >= match.end():
            after = inside[i + 1][0]
        after = min(after, statement_ends[i])
        if inside[i] and inside[i][1] < after:
            # "8.31 % (Typhoon: 12.53 %), and at 1,120 ms ...": not 12.53's.
            after = inside[i][1]
        if i and inside[i] and inside[i - 1] == inside[i]:
            # A later number of a parenthesis after a number reads from that number on:
            # "averages 14.77 over the 11 sets (TY 16.31, TY+LM 15.98)": the 11 sets' too.
            outside = [m.end() for m in matches[:i] if m.end() <= inside[i][0]]
            before = outside[-1] if outside else 0
        spans.append(((before, match.start()), (match.end(), after)))
    return owned, spans


class _Sentence:
    """A sentence of prose as each of its numbers reads it."""

    def __init__(self, sentence, matches: list, names: Names, read_before: tuple, lead_in: str):
        self.text, self.matches, self.names = sentence, matches, names
        self.in_pieces_words = names.in_pieces
        self.bounds = bounds = _bounds(sentence, matches)
        # "Typhoon 0.6B 12.61; GigaSpeech2 long: 15.77": what follows a semicolon that leads to
        # later numbers is none of an earlier number's.
        ends = [_statement_end(sentence, match.end(), len(sentence)) for match in matches]
        statement_ends = [end if end < matches[-1].start() else len(sentence) for end in ends]
        self.owned, spans = _own_places(sentence, matches, bounds, statement_ends, names)
        # i: (the sentence as a list places it, alone), see _listed_places. An interval's two
        # ends ("95% CI [−3.75, −1.76]") are no list: each may drift.
        self.placed = placed = {
            i: place
            for i, place in _listed_places(sentence, matches, names, read_before, lead_in).items()
            if not (matches[i].start() in bounds and place == (sentence, False))
        }
        # A bare pair whose sides an earlier pair named reads its side's name: placed for sure.
        sides = _sides_named_before(sentence, matches, read_before[:1], names)
        placed |= {i: (f"{sentence} {side}", True) for i, side in sides.items()}
        self.views = views = _views(sentence, matches, placed, statement_ends, names)
        # each number's own text before and after it
        self.around = [(view[slice(*b)], view[slice(*a)]) for (b, a), view in zip(spans, views)]
        self.around = _pairs_with_their_latency(sentence, matches, self.around)
        self.around = _changes_with_their_unit(sentence, matches, self.around)
        self.in_pieces = self._decoded_in_pieces(sentence, matches, names, placed)
        self.before_the_variant = _changed_by_a_variant(sentence, matches, names)

    def _decoded_in_pieces(self, sentence: str, matches: list, names: Names, placed: dict):
        """Whether each number is of a decoding in pieces, as its words, a list or a lead-in
        say it; a "from a to b" that decoding in pieces brings places a and b."""
        in_pieces_words = names.in_pieces
        # "10.71 %, or 8.72 % when decoded in pieces": the words are the number's whose own
        # clause, or statement ("; decoded in pieces, 9.60 %"), holds them.
        in_pieces = []
        for pair in self.around:
            own = " ".join(clauses_beside(pair))
            if STATEMENT_END.search(pair[0]):
                own += " " + STATEMENT_END.split(pair[0])[-1]
            # (and the words leading into it since the last comma or colon: ", and TVSpeech
            # long decoded in pieces happens to print 8.72 %", its "to" breaking no clause)
            own += " " + _A_CLAUSE_MARK.split(pair[0])[-1]
            in_pieces.append(bool(in_pieces_words.search(own)))
        # "; decoded in pieces, it reaches 8.72 % and 12.81 %": a number joined to the one
        # before it by "and" or a comma alone is decoded as that one is.
        self.joined_in_pieces = set()  # (the sentence's words of a whole decoding are others')
        for i in range(1, len(matches)):
            joined = _joined_in_a_list(sentence[matches[i - 1].end() : matches[i].start()], names)
            if joined and in_pieces[i - 1] and not in_pieces[i]:
                in_pieces[i] = True
                self.joined_in_pieces.add(i)
        # "decoded in pieces: 12.81 % for this model, 14.59 % for Typhoon 0.6B": a lead-in
        # ending in a colon says it of every number after it.
        lead = sentence[: matches[0].start()] if matches else ""
        if _A_LEAD_IN.search(lead) and in_pieces_words.search(lead.rsplit(";", 1)[-1]):
            in_pieces = [True] * len(matches)
        # "Decoded in pieces, the gap closes: ... by −0.27 (...), on GigaSpeech2 long by −1.78":
        # so does a sentence's opening clause, where nothing in it says "whole".
        # (So does a condition opening it, in Thai with no comma: "ถ้าตัดเป็นท่อน ๆ เราได้ ...".)
        opening = _AN_OPENING_CLAUSE.match(lead) or _A_CONDITION.match(lead)
        if opening and in_pieces_words.search(opening[0]) and not WHOLE_WORDS.search(sentence):
            in_pieces = [True] * len(matches)
        # "Decoding the pieces brings TVSpeech long from 10.71 to 8.72 %": b is in pieces, a
        # is not; read so, neither is drifted.
        self.decoded_whole = set()  # (said so here: no heading's "in pieces" outranks it)
        for a, b, statement in _changed_by_decoding(sentence, matches, names):
            in_pieces[a], in_pieces[b] = False, True
            self.decoded_whole.add(a)
            self.joined_in_pieces.add(b)  # (the sentence's words of a whole decoding: a's)
            placed.setdefault(a, (statement, False))
            placed.setdefault(b, (statement, False))
        return in_pieces


_A_CLAUSE_MARK = re.compile(r"[,;:]")
# What joins two numbers of one list and says nothing else: "8.72 % and 12.81 %"; or the
# sets of two items of one list ("8.72 % on TVSpeech long, and 12.81 % on ...", "comes down
# to 8.72 % and GigaSpeech2 long to 12.81 %").
A_BARE_JOIN = re.compile(r"[\s*_]*%?[\s*_]*(?:,|,?\s*and)\s*", re.I)
_A_JOIN_OF_SETS = re.compile(
    r"[\s*_]*%?[\s*_]*(?:(?:on|for|in)\s+(?P<before>[^,;:()]+?))?\s*(?:,|,?\s*and)\s*"
    r"(?:(?P<after>[^,;:()]+?)\s+(?:to|at|reaches|is)\s*)?",
    re.I,
)


def _joined_in_a_list(between: str, names: Names, named_by=None) -> bool:
    """Whether the words between two numbers only join them in one list: nothing, or each
    item's set (``named_by``: or what else it names), in at most five words."""
    if A_BARE_JOIN.fullmatch(between):
        return True
    joined = _A_JOIN_OF_SETS.fullmatch(between)
    named = (
        [part for part in (joined.group("before"), joined.group("after")) if part] if joined else []
    )
    named_by = named_by or names.subjects_in
    return bool(named) and all(named_by(part) and len(part.split()) <= 5 for part in named)


def _changes(sentence: str, matches: list, names: Names, down_to: bool = False):
    """(a, b) of each "from a to b" (with ``down_to``, "a down to b" too) where nothing else (a
    latency, a set) goes from one to the other: one thing's change, a before b."""
    for a, b in (run for run in _runs(sentence, matches, _TO) if len(run) == 2):
        said = _FROM_RIGHT_BEFORE.search(sentence, 0, matches[a].start()) or (
            down_to and _DOWN_TO.fullmatch(sentence, matches[a].end(), matches[b].start())
        )
        if said and _from_to_names(sentence, names, matches[a].start(), matches[b].end()) is None:
            yield a, b


def _changed_by_decoding(sentence: str, matches: list, names: Names) -> list[tuple]:
    """(a, b, the sentence but that statement blanked) of each change (see ``_changes``) in a
    statement that opens on decoding in pieces and says nothing of decoding whole: a is the
    whole decoding's, b not. (A Thai line after a percentage is a statement of its own: "...
    ได้ 8.72%⏎สำหรับ GigaSpeech2 long การตัดเป็นท่อนทำให้ CER ของเราลดจาก 15.77% เหลือ 12.81%".)"""
    found = []
    for a, b in _changes(sentence, matches, names):
        ends = [end.end() for end in STATEMENT_END.finditer(sentence, 0, matches[a].start())]
        start = ends[-1] if ends else 0
        after = STATEMENT_END.search(sentence, matches[b].end())
        first = next(m for m in matches if m.start() >= start)
        end = after.start() if after else len(sentence)
        if names.in_pieces.search(sentence, start, first.start()) and not WHOLE_WORDS.search(
            sentence, start, end
        ):
            found.append((a, b, _blanked(sentence, [(0, start), (end, len(sentence))])))
    return found


def _changed_by_a_variant(sentence: str, matches: list, names: Names) -> set[int]:
    """a of each change (see ``_changes``; "a down to b" too) where the one system named up to
    b is a variant: "The 4-gram LM brings Typhoon 0.6B from 16.31 % to 15.89 %" says what the
    variant changes, so a is its base's."""

    def a_variant_alone(named: list[str]) -> bool:
        return len(set(named)) == 1 and "_" in named[0]

    return {
        a
        for a, b in _changes(sentence, matches, names, down_to=True)
        if a_variant_alone(names.systems_in(sentence[: matches[b].end()]))
    }


def _views(sentence: str, matches: list, placed: dict, statement_ends: list, names: Names):
    """Each number's view of its sentence: what a list places, less another number's change in
    points and the clauses that are a later number's or open on another subject."""
    changes_words = [_words_of_a_change_in_points(sentence, match) for match in matches]
    views = []
    for i, match in enumerate(matches):
        others = [span for j, spans in enumerate(changes_words) if j != i for span in spans]
        view = _blanked(placed.get(i, (sentence,))[0] or sentence, others)
        view = _without_the_next_clause(view, matches, i, i in placed, names)
        view = _blanked(view, _the_neighbours_way_of_decoding(view, matches, i, names))
        view = _blanked(view, [(statement_ends[i], len(sentence))])
        # "6.69 % on FLEURS, as for the dialect set, Typhoon 0.6B gets 17.39 %": a clause
        # that opens on another set reads no set said before it.
        contrasts = list(_CONTRAST.finditer(view, matches[i - 1].end(), match.start())) if i else []
        opening = contrasts[-1].start() if contrasts else None
        if opening and _A_SET_WORD.search(view, opening, match.start()):
            view = _blanked(view, [(0, opening)])
        views.append(view)
    return views


def _the_neighbours_way_of_decoding(view: str, matches: list, i: int, names: Names) -> list:
    """The words of a number's view that are a neighbour's way of decoding: where the words
    between two numbers say one way, then the other ("ได้ 20.49% เมื่อถอดความทั้งไฟล์
    เมื่อตัดเป็นท่อน ... −1.78"), the first is the number's before them, the rest the next's."""
    spans = []
    for a, b in ((i - 1, i), (i, i + 1)):
        if a < 0 or b >= len(matches):
            continue
        ways = list(
            ways_of_decoding(names.in_pieces).finditer(view, matches[a].end(), matches[b].start())
        )
        kinds = [bool(way.group("whole")) for way in ways]
        turns = [k for k in range(1, len(kinds)) if kinds[k] != kinds[k - 1]]
        if len(turns) == 1:  # one way, then the other
            turn = ways[turns[0] - 1].end()
            spans.append((matches[a].end(), turn) if b == i else (turn, len(view)))
    return spans


def _without_the_next_clause(view: str, matches: list, i: int, listed: bool, names: Names):
    """A number's view without a later clause that is the next number's: after "while", or
    one that opens on a system ("..., and Typhoon 0.6B reaches 9.53 %"), unless in a list;
    and after "as for" (ส่วน) with no number after it, whose words are of its new subject."""
    match, later = matches[i], matches[i + 1 :]
    contrast = _CONTRAST.search(view, match.end())
    if contrast and (
        any(m.start() >= contrast.end() for m in later) or _NEW_SUBJECT.fullmatch(contrast[0])
    ):
        return _blanked(view, [(contrast.start(), len(view))])
    # Inside an interval's (or a pair's) parenthesis, the words after it are the next
    # number's: "(95 % CI −2.76 to −0.75) บน TVSpeech แบบยาว ... 10.71 %". (Not one number's
    # own: "Our model (6.79 %) and Whisper (11.20 %) on FLEURS".)
    if inside := _enclosing_parenthesis(view, match):
        opened, close = inside[0], inside[1] - 1
        a_pair = sum(opened < m.start() < close for m in matches) > 1
        if a_pair and any(m.start() > close for m in later):
            return _blanked(view, [(close, len(view))])
    subject = None if listed else NEXT_SUBJECT.search(view, match.end())
    if subject and names.system_opening(view[subject.end() :]):
        if any(m.start() >= subject.end() for m in later):
            return _blanked(view, [(subject.start(), len(view))])
    return view


def _sentence_numbers(read: _Sentence, offset: int, headings: str, read_before, set_aside):
    """The candidates of a read sentence, in turn (see ``_prose_numbers``)."""
    matches, bounds = read.matches, read.bounds
    estimate_read = False  # whether the last number outside an interval was read
    aside_on = None  # the evidence that set aside the number before, as another measure's
    colon = read.text.rfind(":")
    after_colon = [j for j, match in enumerate(matches) if match.start() > colon]
    for i, match in enumerate(matches):
        an_end = match.start() in bounds
        estimate_read = estimate_read and an_end
        listed, alone = read.placed.get(i, (read.text, True))
        if listed is None:  # another metric's place: "CER/WER 6.69/21.37"
            word = _another_metric_word(read.text)
            set_aside(match, offset, Evidence(word, "its place in the sentence's list"))
            aside_on = None
            continue
        others = [
            span
            for j, span in enumerate(read.owned)
            if span and j != i and not span[0] <= match.start() < span[1]
        ]
        levels = (*read.around[i], _blanked(read.views[i], others), headings)
        if any(read.in_pieces) and not read.in_pieces[i]:
            whole = i in read.decoded_whole  # (then its headings' words are none of its either)
            levels = tuple(
                _without(read.in_pieces_words, lv) if depth < 3 or whole else lv
                for depth, lv in enumerate(levels)
            )
        elif i in read.joined_in_pieces:
            levels = tuple(_without(WHOLE_WORDS, lv) for lv in levels[:3]) + levels[3:]
        # Less the sentence's last clause after a colon where it holds one other number: its
        # words of another measure are that one's ("... 15.89 % for Typhoon with its 4-gram LM:
        # 9.4 % fewer errors than the released baseline, relatively").
        own = levels
        if colon >= 0 and after_colon != [i] and len(after_colon) == 1:
            own = (*levels[:2], _blanked(levels[2], [(colon, len(read.text))]), *levels[3:])
        why = _measures_another_metric(own, an_end, read.names)
        if why is None and aside_on and _an_aside_on_the_number_before(levels, read.names):
            why = Evidence(aside_on.word, "the number its parenthesis is an aside on")
        between = read.text[matches[i - 1].end() : match.start()] if i else ""
        in_a_list = aside_on and _joined_in_a_list(
            between,
            read.names,
            lambda part: _names_any(read.names, part),  # (a set or system)
        )
        if why is None and in_a_list:
            why = Evidence(aside_on.word, "the number before it in its list")
        aside_on = None
        # (An interval's end is what its estimate is: "2.14 pp (CI a to b)".)
        if why is not None and not (an_end and estimate_read):
            set_aside(match, offset, why)
            aside_on = why
            continue
        estimate_read = estimate_read or not an_end
        more = dict(bound=bounds.get(match.start()), alone=alone, earlier=read_before)
        more["this_side"] = _this_side(levels, match, matches[:i])
        more["decoded_whole"] = i in read.decoded_whole
        more["before_its_variant"] = i in read.before_the_variant
        yield match, offset, levels, more


_OPENS_AN_ASIDE = re.compile(r"\s*(?:%|pp)?\s*\(\s*$")


def _an_aside_on_the_number_before(levels: tuple[str, ...], names: Names) -> bool:
    """Whether a number opens a parenthesis right after the number before it, and the
    parenthesis names no set, system or measure of its own: an aside on that number ("1,000
    hours: 12.34 % (2.81 points behind the release)"), whose measure it shares."""
    inside = levels[1].split(")", 1)[0]
    return bool(
        _OPENS_AN_ASIDE.match(levels[0])
        and not _metric_in(inside)
        and not _names_any(names, inside)
    )


def _words_of_a_change_in_points(sentence: str, match: re.Match) -> list[tuple[int, int]]:
    """For a number in points, the spans of "relative" and "reduction" in its own clauses
    ("an absolute reduction of 2.81 points"): its words, which make no other number relative."""
    if not IN_POINTS.match(sentence, match.end()):
        return []
    start = max((c.end() for c in _CLAUSE.finditer(sentence, 0, match.start())), default=0)
    after = _CLAUSE.search(sentence, match.end())
    end = after.start() if after else len(sentence)
    return [word.span() for word in _WORDS_OF_A_CHANGE.finditer(sentence, start, end)]


def _without_marks(sentence: str, matches: list[re.Match]) -> str:
    """``sentence`` less the emphasis around each number and "~" or "≈" before it, its "%" left
    ("**9.75**%", "<b>9.75%</b>", "~6.72 %"), and "percent" after one written "%" (padded), so
    that "6.72 percent and 8.75 percent" is a list as "6.72 % and 8.75 %" is."""
    spans = []
    for match in matches:
        if before := _MARKS_BEFORE.search(sentence, 0, match.start()):
            spans.append(before.span())
        if after := _MARKS_AFTER.search(sentence[match.end() :]):
            end = match.end() + after.end()
            spans += [m.span() for m in _EMPHASIS.finditer(sentence, match.end(), end)]
    sentence = _blanked(sentence, spans)
    for match in matches:
        if word := _PERCENT_WORD.match(sentence[match.end() :]):
            start, end = match.end(), match.end() + word.end()
            sentence = sentence[:start] + "%".ljust(end - start) + sentence[end:]
    return sentence


def _origins(sentence: str, names: Names) -> list[tuple[int, int]]:
    """The spans of "fine-tuned from X" (or "based on X", ...) where X, in up to four words,
    is one of the card's systems: the words and the name."""
    spans = []
    for made in _MADE_FROM.finditer(sentence):
        words = _UP_TO_FOUR_WORDS.match(sentence, made.end())
        if words and names.systems_in(words.group()):
            end = _least_naming(sentence, words.span(), names.systems_in, False)[1]
            spans.append((made.start(), end))
    return spans


# A list written with slashes: "FLEURS/TVSpeech/GigaSpeech2", "CER / WER".
_SLASHED = re.compile(r"[^\s/,;:()]+(?:\s*/\s*[^\s/,;:()]+)+")
_SLASHED_PART = re.compile(r"[^/\s](?:[^/]*[^/\s])?")
# The unit after a list of chunk sizes: "80/160/560 ms", "0.08/0.16/0.56 s".
_UNIT_AFTER = re.compile(rf"[\s-]*({words.endings('latency_units')})", re.I)
_SLASH = re.compile(r"\s*%?\s*/\s*")
# What joins a pair set against each other: "6.72 % vs 9.53 %"; Thai "ต่อ" (to), "กับ" (with).
VERSUS = re.compile(r"[*_]*+\s*+%?\s*+[*_]*+\s*+(?:vs\.?|versus|ต่อ|กับ)\s*+[*_]*+", re.I)
# (Possessive runs of spaces: where markers were blanked to spaces, a run of them that no
# separator ends would otherwise be tried split every way.)
_COMMA_OR_AND = re.compile(r"\s*+%?\s*+(?:,\s*+(?:and\s+)?|และ\s*+)|(?:\s*+%\s++|\s++)and\s+")
# What starts a statement of its own within a sentence: "..., while Typhoon gets 9.50 %".
_NEW_SUBJECT = words.regex("subject_changes")
_CONTRAST = re.compile(f"{_NEW_SUBJECT.pattern}|{words.pattern('contrasts')}", re.I)
_A_SET_WORD = words.regex("set_words")
_RESPECTIVELY = words.regex("respectively")
NEXT_SUBJECT = re.compile(r",\s*and\s+(?:the\s+)?", re.I)
# "respectively" right after a run of numbers, before the list of names it places.
_RESPECTIVELY_FIRST = re.compile(r"(?:[\s%*_]*,?\s*(?:respectively|ตามลำดับ)\s*,?)?", re.I)
# What may stand between a run of numbers and the list of names that places them.
_BEFORE_A_LIST_OF_NAMES = re.compile(
    r"[\s%*_]*(?:(?:cer|pp|points?|the|on|for|in|of|with|by|at|บน|ใน|สำหรับ|ของ|ที่)[\s*_]+)*", re.I
)
# A list of numbers that says it is on the sets listed before it: "9.53 %, 9.02 % and
# 14.71 % on the same sets", "... respectively on these datasets".
_ON_THE_SAME_SETS = re.compile(
    r"\s*+%?\s*+(?:cer\s+)?(?:respectively\s+)?(?:on|for|across|in)\s+"
    r"(?:the\s+same|th(?:ese|ose))\s+(?:\w+\s+)?"
    r"(?:test\s+)?(?:sets|datasets|benchmarks)\b",
    re.I,
)
# Or "respectively" alone, after the list, where the sets were listed before it.
_RESPECTIVELY_ALONE = re.compile(r"\s*+%?\s*+(?:cer\s*+)?,?\s*+(?:respectively|ตามลำดับ)", re.I)
_A_DECIMAL = re.compile(r"\d\.\d")  # (a decimal point between digits, "OpenThai2.0"'s too)
# A latency right after a number, or after its own parenthesis: "... 17.63 at 160 ms".
_LATENCY_RIGHT_AFTER = re.compile(r"\s*+%?\s*+(?:\([^()]*\)\s*)?(?:at|@|ที่)\s*[\d,]+\s*ms\b", re.I)
# A pair whose sides name themselves in parentheses: "18.84 (ours) vs 21.20 (Typhoon)".
_A_PAIR_NAMING_ITS_SIDES = re.compile(
    rf"\d+(?:\.\d+)?\s*+%?\s*+(\([^()]*\)){VERSUS.pattern}"
    rf"{SIGN}?\d+(?:\.\d+)?\s*+%?\s*+(\([^()]*\))",
    re.I,
)
_PARENTHESIS_AFTER = re.compile(r"\s*%?\s*\(([^()]*)\)")
# "from 15.8 down to 12.8", "ลดจาก 15.8% เหลือ 12.8%" (down from ... to ...)
_TO = re.compile(r"\s*+%?\s*+(?:(?:down\s+)?to|เหลือ)\s*+", re.I)
_DOWN_TO = re.compile(r"\s*+%?\s*+down\s+to\s*+", re.I)
# What joins a pair set against each other in words: "18.64 % against 17.39 %".
PAIRED_AGAINST = re.compile(r"[*_]*+\s*+%?\s*+[*_]*+\s*+against\s*+[*_]*+", re.I)
_OPENS_A_PARENTHESIS = re.compile(r"\(\s*[*_]*$")
_FROM_RIGHT_BEFORE = re.compile(r"(?:\bfrom|จาก)\s*$", re.I)
_FROM_TO = re.compile(
    r"\bfrom\s+((?:[^\s,;:()]+\s+){0,3}?[^\s,;:()]+)\s+to\s+"
    r"((?:[^\s,;:()]+\s+){0,3}[^\s,;:()]+)",
    re.I,
)


def _runs(sentence: str, matches: list[re.Match], separator: re.Pattern) -> list[list[int]]:
    """The runs of two numbers or more that ``separator`` alone joins (indexes)."""
    runs = [[0]]
    for i in range(1, len(matches)):
        if separator.fullmatch(sentence[matches[i - 1].end() : matches[i].start()]):
            runs[-1].append(i)
        else:
            runs.append([i])
    return [run for run in runs if len(run) > 1]


def _list_parts(sentence: str, start: int, end: int, separators=_COMMA_OR_AND, empty=False):
    """The spans of the parts that ``separators`` (commas and "and") part between ``start``
    and ``end`` (empty parts left out, unless ``empty``)."""
    parts = []
    for separator in list(separators.finditer(sentence, start, end)) + [None]:
        stop = separator.start() if separator else end
        if empty or sentence[start:stop].strip():
            parts.append((start, stop))
        start = separator.end() if separator else stop
    return parts


def _slashed_lists(sentence: str, names: Names):
    """(the spans of its parts, its metrics or None) of each list of names (sets, systems or
    chunk sizes) or of metrics written with slashes."""
    for found in _SLASHED.finditer(sentence):
        parts = [part.span() for part in _SLASHED_PART.finditer(sentence, *found.span())]
        said = [sentence[a:b] for a, b in parts]
        metrics = [_metric_in(part) for part in said]
        if all(metrics):
            yield parts, metrics
            continue
        unit = _UNIT_AFTER.match(sentence, parts[-1][1])
        if (
            unit
            and all(_BARE.fullmatch(part) for part in said)
            and all(names.latencies_in(f"{part} {unit.group(1)}") for part in said)
        ):
            # "at 80/160/560 ms": each later part takes the slash before it, so that with the
            # others blanked it reads as one chunk size with the unit ("80        ms").
            yield [parts[0]] + [(a[1], b[1]) for a, b in zip(parts, parts[1:])], None
            continue
        for find in (names.subjects_in, names.systems_in):
            if all(find(part) for part in said) and _whole_names(sentence, parts, find):
                yield parts, None
                break


def _respective_list(sentence: str, matches: list, run: list, names: Names):
    """The parts of the list of names that "respectively" after a run of numbers places: between
    the two ("12.07 and 9.72 on con123 and lav123 respectively"), or else before the run."""
    start, after, count = matches[run[0]].start(), matches[run[-1]].end(), len(run)
    said = _RESPECTIVELY.search(sentence, after)
    if said is None:
        return None
    between = _list_parts(sentence, after, said.start())
    for find in (names.subjects_in, names.systems_in):
        if len(between) == count and all(len(find(sentence[a:b])) == 1 for a, b in between):
            return between
    before = _list_parts(sentence, 0, start)[-count:]
    return _each_naming_one(sentence, before, count, names, nothing_before=True)


def _each_naming_one(sentence: str, listed: list, count: int, names: Names, nothing_before=False):
    """The ``count`` parts of a list without the words before its first name and after its
    last, where each names one set (or one system), all different, and (``nothing_before``)
    no name of their kind stands before the list; None otherwise."""
    if len(listed) != count:
        return None
    for find in (names.subjects_in, names.systems_in):
        named = [find(sentence[a:b]) for a, b in listed]
        if all(len(each) == 1 for each in named) and len({each[0] for each in named}) == count:
            if nothing_before and find(sentence[: listed[0][0]]):
                return None
            return _names_alone(sentence, listed, find)
    return None


def _names_alone(sentence: str, listed: list[tuple[int, int]], find) -> list[tuple[int, int]]:
    """A list's parts without the words before its first name and after its last: "On
    FLEURS OpenThai2.0" is FLEURS's too."""
    return [
        _least_naming(sentence, listed[0], find, from_the_end=True),
        *listed[1:-1],
        _least_naming(sentence, listed[-1], find, from_the_end=False),
    ]


def _least_naming(sentence: str, span: tuple[int, int], find, from_the_end: bool):
    """The fewest words of ``span``, its last ones (``from_the_end``) or its first ones,
    that still name what the whole span names."""
    start, end = span
    named = find(sentence[start:end])
    words = list(re.finditer(r"\S+", sentence[start:end]))
    for count in range(1, len(words)):
        if from_the_end:
            least = (start + words[-count].start(), end)
        else:
            least = (start, start + words[count - 1].end())
        if find(sentence[least[0] : least[1]]) == named:
            return least
    return span


def _list_right_after(sentence: str, after: int, names: Names):
    """The parts of a list of two names or more (sets, systems or latencies), each naming
    one, that opens the words after a run of numbers ("% CER on FLEURS, TVSpeech and
    GigaSpeech2"); no parts where other words stand before it; None where none follows."""
    after = _RESPECTIVELY_FIRST.match(sentence, after).end()
    parts = _list_parts(sentence, after, len(sentence))
    for find in (names.subjects_in, names.systems_in, names.latencies_in):
        named = [find(sentence[a:b]) for a, b in parts]
        count = next((j for j, each in enumerate(named) if len(each) != 1), len(parts))
        if count > 1 and len({each[0] for each in named[:count]}) == count:
            alone = _names_alone(sentence, parts[:count], find)
            if not _BEFORE_A_LIST_OF_NAMES.fullmatch(sentence[parts[0][0] : alone[0][0]]):
                # "... after fine-tuning on FLEURS and TVSpeech": not said to be theirs.
                return []
            return alone
    return None


def _the_same_sets(sentence: str, matches: list, run: list, names: Names, earlier: tuple):
    """(spans to blank, set keys) of the sets listed before a list of numbers "on the same
    sets" (or "respectively" alone): before a semicolon, before the list, or in the nearest
    earlier sentence naming sets; None where their count is not the list's."""
    said_sets = _ON_THE_SAME_SETS.match(sentence, matches[run[-1]].end())
    if not (said_sets or _RESPECTIVELY_ALONE.match(sentence, matches[run[-1]].end())):
        return None
    start = matches[run[0]].start()
    statement = max(sentence.rfind(";", 0, start), 0)  # (the last semicolon before the list)
    blanks, keys = [], None
    if statement:
        listed, blanks = sentence[:statement], [(0, statement)]
    elif names.subjects_in(sentence[:start]):
        listed = sentence[:start]
        parts = [
            (a, b)
            for a, b in _list_parts(sentence, 0, start)
            if len(set(names.subjects_in(sentence[a:b]))) == 1
        ]
        keys = [names.subjects_in(sentence[a:b])[0] for a, b in parts]
        if not parts or len(set(names.subjects_in(listed))) != len(parts):
            return None
        blanks = _names_alone(sentence, parts, names.subjects_in)
    else:
        listed = next((before for before in earlier if names.subjects_in(before)), "")
        # (what its own "respectively" places: from its last number before the word on)
        said = _RESPECTIVELY.search(listed)
        numbers = list(_A_DECIMAL.finditer(listed, 0, said.start())) if said else []
        placed = listed[numbers[-1].end() : said.start()] if numbers else ""
        if len(set(names.subjects_in(listed))) != len(run) == len(set(names.subjects_in(placed))):
            # "... on TVSpeech long and GigaSpeech2 long, respectively. B gets 8.99 % and
            # 14.62 %, respectively": the list the sentence before placed, not all it names.
            listed = placed
    if keys is None:
        keys = list(dict.fromkeys(names.subjects_in(listed)))
    if not said_sets and len(set(names.systems_in(listed))) > 1:
        return None  # "respectively" may be of the systems listed there
    if len(keys) != len(run) or len(set(keys)) != len(keys):
        return None
    return blanks, keys


def _from_to_names(sentence: str, names: Names, start: int, end: int):
    """The spans of X and Y in the one "from X to Y" of ``sentence`` outside ``start:end``
    (the numbers' own) where each names one latency, set or system, the same kind; None
    where there is no such pair, or more than one."""
    pairs = []
    for found in _FROM_TO.finditer(sentence):
        if found.start() < end and found.end() > start:
            continue
        for find in (names.latencies_in, names.subjects_in, names.systems_in):
            first = set(find(found.group(1)))
            # The fewest words of Y that name it: "to 560 ms when ..." is 560 ms.
            second = _least_naming(sentence, found.span(2), find, False)
            named = set(find(sentence[slice(*second)]))
            if len(first) == 1 and len(named) == 1 and named != first:
                pairs.append([found.span(1), second])
                break
    return pairs[0] if len(pairs) == 1 else None


def _latencies_respectively(sentence: str, matches: list, run: list, names: Names) -> dict:
    """{i: (the sentence naming number i's chunk size, True)} for a run of numbers that
    "respectively" places over the card's chunk sizes listed in one unit ("24.55, 20.46 and
    19.15 % at 80, 160 and 560 ms respectively")."""
    after = matches[run[-1]].end()
    said = _RESPECTIVELY.search(sentence, after)
    listed = _LATENCIES_LISTED.search(sentence, after, said.start()) if said else None
    latencies = [int(ms) for ms in re.findall(r"\d+", listed.group())] if listed else []
    if not len(latencies) == len(set(latencies)) == len(run) or set(latencies) - names.latencies:
        return {}
    blanked = _blanked(sentence, [listed.span()])
    return {i: (f"{blanked} ({ms} ms)", True) for i, ms in zip(run, latencies, strict=True)}


def _lists_names(text: str, names: Names) -> bool:
    """Whether ``text`` names two sets, systems or latencies or more, and no number."""
    return not re.search(r"\d+\.\d+", text) and any(
        len(set(find(text))) > 1
        for find in (names.subjects_in, names.systems_in, names.latencies_in)
    )


def _listed_places(sentence: str, matches: list, names: Names, earlier: tuple, lead_in="") -> dict:
    """{i: (what number i of a list, "6.69/8.72/12.95", reads, whether it may drift)}: the
    sentence with the other parts of a list of as many names blanked, True; (None, False)
    at another metric's place; the sentence as it is, False, where nothing places it."""
    placed = {}
    slashed = list(_slashed_lists(sentence, names))
    runs = [
        (run, [lists for lists in slashed if len(lists[0]) == len(run)])
        for run in _runs(sentence, matches, _SLASH)
    ]
    for run in _runs(sentence, matches, _COMMA_OR_AND):
        if by_latency := _latencies_respectively(sentence, matches, run, names):
            placed |= by_latency
            continue
        how, found = _a_run_joined_by_commas(sentence, matches, run, names, earlier)
        if how == "the same sets":
            # Each number reads its own set, named after the sentence, the list blanked.
            blanks, keys = found
            for i, key in zip(run, keys):
                placed[i] = (_blanked(sentence, blanks) + f" ({key})", True)
        elif how == "listed":
            runs.append((run, found))
    runs += _runs_of_pairs(sentence, matches, names)
    for run, lists in runs:
        parts, metrics = lists[0] if len(lists) == 1 else (None, None)
        for place, i in enumerate(run):
            if parts is None:
                placed[i] = (sentence, False)
            elif metrics and metrics[place] != "ours":
                placed[i] = (None, False)
            else:
                others = [span for j, span in enumerate(parts) if j != place]
                placed[i] = (_blanked(sentence, others), True)
    # (A list its lead-in gives places what the item's own words leave unplaced; so does a
    # list before a colon in the sentence: "at 80, 160, 560 and 1120 ms: 18.84, 16.09, ...".)
    colon = sentence.rfind(":", 0, matches[0].start()) if matches else -1
    leads = [(lead_in, sentence)] + ([(sentence[:colon], sentence[colon:])] if colon > 0 else [])
    for lead, own in leads:
        for i, place in _placed_by_the_lead_in(sentence, matches, names, lead, own).items():
            if placed.get(i, (sentence, False)) == (sentence, False):
                placed[i] = place
    return placed


# A list's lead-in listing chunk sizes in one unit: "as the chunk grows, 80 → 160 → 560 ms:".
_LATENCIES_LISTED = re.compile(
    r"\b\d+(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*(?:→|->|/)\s*)\d+)+\s*ms\b", re.I
)
_ARROW = re.compile(r"[\s*_†‡]*%?[\s*_†‡]*(?:→|->|⟶)\s*")


def _placed_by_the_lead_in(sentence: str, matches: list, names: Names, lead_in: str, own: str):
    """{i: (the sentence naming what number i is of, True)} for a run of numbers in a list item
    (joined by commas, slashes or arrows) as long as a list its lead-in gives, of the card's
    chunk sizes in one unit ("80, 160, 560 and 1120 ms:", or with arrows) or of its systems
    or sets with slashes ("(OpenThai2.0 / Typhoon 0.6B):"), where the item (``own``: its
    words after the lead-in) names none of them: in order."""
    lists = []  # (the names in order, where the lead-in lists them)
    if listed := _LATENCIES_LISTED.search(lead_in):
        latencies = [int(ms) for ms in re.findall(r"\d+", listed.group())]
        ours = len(set(latencies)) == len(latencies) > 1 and set(latencies) <= names.latencies
        if ours and not names.latencies_in(own):
            lists.append(([f"{ms} ms" for ms in latencies], listed.span()))
    for parts, metrics in _slashed_lists(lead_in, names):
        said = [lead_in[a:b] for a, b in parts]
        kinds = [find for find in (names.systems_in, names.subjects_in) if all(map(find, said))]
        if metrics is None and kinds and not any(find(own) for find in kinds):
            lists.append((said, (parts[0][0], parts[-1][1])))
    runs = [
        run
        for joined in (_COMMA_OR_AND, _SLASH, _ARROW)
        for run in _runs(sentence, matches, joined)
    ]
    # (A lead-in inside the sentence, before its colon, has its list blanked: each number
    # reads its own name, not all of them.)
    inside = bool(lead_in) and sentence.startswith(lead_in)
    placed: dict[int, list[str]] = {}
    for listed, _ in lists:
        for run in (run for run in runs if len(run) == len(listed)):
            for i, name in zip(run, listed):
                placed.setdefault(i, []).append(name)
    blanks = [span for _, span in lists] if inside else []
    shown = _blanked(sentence, blanks)
    return {i: (f"{shown} ({', '.join(said)})", True) for i, said in placed.items()}


def _a_run_joined_by_commas(sentence: str, matches: list, run: list, names: Names, earlier):
    """How a run of numbers joined by commas or "and" is placed: ("listed", [(parts,
    None)]) by a list of as many names, ("listed", []) where which is whose is left open,
    ("the same sets", (blanks, keys)), or (None, None): each number reads its own words."""
    parts = _respective_list(sentence, matches, run, names)
    if parts is None:
        if (same := _the_same_sets(sentence, matches, run, names, earlier)) is not None:
            return "the same sets", same
        before = sentence[: matches[run[0]].start()]
        if any(
            len(set(find(before))) > 1
            for find in (names.systems_in, names.subjects_in, names.latencies_in)
        ) or (names.systems_in(before) and names.another_model_in(before)):
            # "Typhoon 0.6B and OpenThai2.0 reach 9.55 % and 6.70 %": whose is whose, unsaid.
            return "listed", []
        # "6.72 % and 8.75 % CER on FLEURS and TVSpeech": as "respectively" would.
        parts = _list_right_after(sentence, matches[run[-1]].end(), names)
    if parts is None:
        return None, None
    return "listed", [(parts, None)] if len(parts) == len(run) else []


def _runs_of_pairs(sentence: str, matches: list, names: Names) -> list:
    """(run, lists) of the numbers set against each other in pairs: "from a to b", "a vs
    b", "(a against b)"."""
    runs = []
    # "from 8.31 % to 6.72 % when the chunk grows from 80 ms to 560 ms", in order.
    for run in _runs(sentence, matches, _TO):
        if len(run) == 2 and _FROM_RIGHT_BEFORE.search(sentence, 0, matches[run[0]].start()):
            parts = _from_to_names(sentence, names, matches[run[0]].start(), matches[run[1]].end())
            if parts is not None:
                runs.append((run, [(parts, None)]))
    # "A outperforms B (6.72 % vs 9.57 %)" leaves whose is whose open; "A vs. B on FLEURS:
    # 6.72 vs. 9.53" or "6.72 % vs. 9.53 % (A vs. B)" says it.
    for run in _runs(sentence, matches, VERSUS):
        before = _list_parts(sentence, 0, matches[run[0]].start(), VERSUS)[-len(run) :]
        parts = _each_naming_one(sentence, before, len(run), names, nothing_before=True)
        parenthesis = _PARENTHESIS_AFTER.match(sentence, matches[run[-1]].end())
        if parts is None and parenthesis:
            inside = _list_parts(sentence, *parenthesis.span(1), VERSUS)
            parts = _each_naming_one(sentence, inside, len(run), names)
        runs.append((run, [] if parts is None else [(parts, None)]))
    # "(12.89 % against 14.68 %)", as "vs".
    for run in _runs(sentence, matches, PAIRED_AGAINST):
        if len(run) == 2 and _OPENS_A_PARENTHESIS.search(sentence, 0, matches[run[0]].start()):
            runs.append((run, []))
    return runs


# A unit, and the measure it is of, right after a number: "% CER", "pp".
_UNIT_RIGHT_AFTER = re.compile(r"[\s*_†‡]*(?:%|pp\b|points?\b)(?:\s*(?:CER|WER)\b)?", re.I)


def _changes_with_their_unit(sentence: str, matches: list, around: list) -> list:
    """Each number's own words, where a change from one number to the next ("9.50 → 6.69 %
    CER", "from 15.77 to 12.81 %") writes its unit once, after the last: the first reads it."""
    around = list(around)
    for a in range(len(matches) - 2, -1, -1):
        between = sentence[matches[a].end() : matches[a + 1].start()]
        unit = _UNIT_RIGHT_AFTER.match(sentence, matches[a + 1].end())
        if unit and (_ARROW.fullmatch(between) or _TO.fullmatch(between)):
            if not _UNIT_RIGHT_AFTER.match(between):
                before, own = around[a]
                around[a] = (before, own + unit.group())
    return around


def _pairs_with_their_latency(sentence: str, matches: list, around: list) -> list:
    """Each number's own words, where pairs each end in their latency ("16.09 vs 17.63 at 160
    ms and 14.56 vs 15.82 at 1120 ms"): a pair's first number reads its pair's, not the last."""
    around = list(around)
    for a in range(len(matches) - 1):
        b = a + 1
        after = _LATENCY_RIGHT_AFTER.match(sentence, matches[b].end())
        if not (after and VERSUS.fullmatch(sentence[matches[a].end() : matches[b].start()])):
            continue
        before, own = around[a]
        ended = _LATENCY_RIGHT_AFTER.match(sentence, matches[a - 1].end()) if a else None
        if ended and ended.end() <= matches[a].start():  # (blanked where it stands)
            cut = max(0, ended.end() - (matches[a].start() - len(before)))
            before = " " * cut + before[cut:]
        around[a] = (before, own + after.group())
    return around


def _sides_named_before(sentence: str, matches: list, earlier: tuple, names: Names) -> dict:
    """{i: the parenthesis naming its side} of each number of a bare pair ("16.09 vs 17.63")
    after a pair that named its sides, one system each, in the sentence ("18.84 (ours) vs 21.20
    (Typhoon) at 80 ms, 16.09 vs 17.63 at 160 ms") or, where it names none, in ``earlier``."""
    found = {}
    for a, b in (run for run in _runs(sentence, matches, VERSUS) if len(run) == 2):
        if _OWN_PARENTHESIS.match(sentence, matches[b].end()):
            continue  # (its own parenthesis says whose it is)
        before = list(_A_PAIR_NAMING_ITS_SIDES.finditer(sentence, 0, matches[a].start()))
        if not before and not names.systems_in(sentence):
            before = [pair for text in earlier for pair in _A_PAIR_NAMING_ITS_SIDES.finditer(text)]
        sides = [before[-1][1], before[-1][2]] if before else []
        named = [names.systems_in(side) for side in sides]
        if sides and all(len(n) == 1 for n in named) and named[0] != named[1]:
            found |= {a: sides[0], b: sides[1]}
    return found


def _whole_names(sentence: str, parts: list[tuple[int, int]], find) -> bool:
    """Whether a list's first and last parts are whole names, not the ends of longer ones: "jbl
    / LOTUSDIS" in "LOTUSDIS jbl / LOTUSDIS bt3m" is not."""
    first, last = (sentence[start:end] for start, end in (parts[0], parts[-1]))
    before = re.search(r"(?:[^\s,;:()/]+\s+){1,3}$", sentence[: parts[0][0]])
    after = re.match(r"(?:\s+[^\s,;:()/]+){1,3}", sentence[parts[-1][1] :])
    return (before is None or find(before.group() + first) == find(first)) and (
        after is None or find(last + after.group()) == find(last)
    )


def _enclosing_parenthesis(text: str, match: re.Match) -> tuple[int, int] | None:
    """The span of the parenthesis a number stands in, brackets included, if it does."""
    start, end = match.span()
    opening, closing = text.rfind("(", 0, start), text.find(")", end)
    if opening < 0 or closing < 0 or ")" in text[opening:start] or "(" in text[end:closing]:
        return None
    return opening, closing + 1


def _statement_end(text: str, start: int, end: int) -> int:
    """Where the first semicolon outside parentheses in ``text[start:end]`` stands (``end``
    if none): "6.69 % (FLEURS; 560 ms)" is one statement."""
    depth = 0
    for at in range(start, end):
        depth += {"(": 1, ")": -1}.get(text[at], 0)
        if text[at] == ";" and depth <= 0:
            return at
    return end


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _without(pattern: re.Pattern, text: str) -> str:
    """``text`` with what ``pattern`` finds in it made spaces: comments, split words."""
    return _blanked(text, [found.span() for found in pattern.finditer(text)])


def _as_shown(text: str) -> str:
    """``text`` less what the hub never shows as words of it: comments, and text struck out
    ("[~~-0.99~~ -0.96, +0.20]" is an interval's two ends); an identifier's words apart
    ("ci_low" is a low end, "fleurs_cer_560ms" a set, a measure and a latency)."""
    return _SNAKE_CASE_JOIN.sub(" ", _without(STRUCK_OUT, _without(COMMENT, text)))


def _up_to(words: re.Pattern, text: str) -> str:
    found = words.search(text)
    return text[: found.start()] if found else text


def _states_a_change(text: str) -> bool:
    """Whether ``text`` says by how much one thing differs from another ("2.81 points
    better"), not only which is ahead ("beats")."""
    return bool(
        DIFFERENCE_WORDS.search(text)
        or _POINTS.search(text)
        or any(not _RANKS.fullmatch(word.group()) for word in DIRECTION_WORDS.finditer(text))
    )


def _this_side(levels: tuple[str, ...], match, earlier: list) -> tuple[str, str] | None:
    """A number's own clauses and sentence without the other side of a comparison after it
    ("6.70 %, vs 11.20 % for Whisper") or an earlier number's statement: a recogniser named
    only there is not its. None where it states a change between the two, or nothing is cut."""
    sentence = levels[2]
    before, after = clauses_beside(levels)
    if _states_a_change(before + " " + after):
        return None
    cuts = []
    if compares := _OTHER_SIDE.search(sentence, match.end()):
        after = _up_to(_OTHER_SIDE, after)
        cuts.append((compares.start(), len(sentence)))
    if earlier:
        ends = list(STATEMENT_END.finditer(sentence, earlier[0].end(), match.start()))
        if ends:
            cuts.append((0, ends[-1].end()))
    if not cuts:
        return None
    return before + " " + after, _blanked(sentence, cuts)


def _nearest_first(levels: tuple[str, ...], in_table: bool) -> tuple[str, ...]:
    """A number's context from the nearest out: its own clauses, then in prose the
    parenthesis it stands in and its sentence, in a table its cell, row label and header."""
    own = " ".join(clauses_beside(levels))
    if in_table:
        return own, levels[2], levels[3], levels[4]
    # (The parenthesis, after the number only up to a comparison: "(CER 6.70 %, against the
    # baseline)" is ours.)
    opening, closing = levels[0].rfind("("), levels[1].find(")")
    if opening < 0 or ")" in levels[0][opening:] or closing < 0 or "(" in levels[1][:closing]:
        return own, "", levels[2]
    return own, levels[0][opening + 1 :] + " " + _up_to(COMPARES, levels[1][:closing]), levels[2]


# What puts what follows on the other side: a comparison, or where a number came from.
_OTHER_SIDE = re.compile(COMPARES.pattern + "|" + words.pattern("came_from"), re.I)
# What ends one statement of a sentence and starts the next: a contrast ("while", ส่วน), a
# semicolon, or a middle dot or bullet between figures ("OpenThai2.0 6.69 · Typhoon 9.50"); in
# Thai, which writes neither, a line break after a percentage before a Thai line; a
# consequence after a comma (", so").
STATEMENT_END = re.compile(
    "|".join(
        (_CONTRAST.pattern, "[;·•]", _A_THAI_LINE_AFTER_A_PERCENTAGE, words.pattern("consequences"))
    ),
    re.I,
)
# What says a number is none of the card's (``_not_the_cards``): the words of its rules.
_OTHER_MODELS_HEADING = words.regex("other_models_headings")
_OTHER_VERSION_HEADING = words.regex("other_version_headings")
_OWN_MODEL_WORDS = words.regex("own_model_words")
_OTHER_VERSION = words.regex("other_versions")
# "Our" or "ours" just before a number: the card's own, whatever else its sentence names
# ("well behind our 6.69 %"); not "our" further off ("Whisper fine-tuned on our data").
_OURS_RIGHT_BEFORE = re.compile(
    r"(?:\bour\s+(?:own\s+)?(?:(?:CER|character error rate)\s+(?:of|is|was)\s+)?|"
    r"\bours\s+(?:is|was|gets|reaches)\s+|\bours:\s*)[*_]*$",
    re.I,
)
_IN_MILLISECONDS = re.compile(r"ms|millisec|มิลลิ", re.I)
_NOT_STREAMED = words.regex("not_streamed")
# A comparison whose other side is a latency: "Δ vs 560 ms", "change relative to 560 ms".
_AGAINST_A_LATENCY = re.compile(
    r"(?:\bvs\b\.?|\bversus\b|\bagainst\b|\brelative\s+to\b|\bcompared\s+(?:with|to)\b|"
    r"\bthan\b|เทียบกับ)\s*(?:(?:the|a|at|ที่)\s+)*"
    r"\d+(?:\.\d+)?(?:\s*|-)(?:ms|milliseconds?|s|sec|seconds?|มิลลิวินาที|วินาที)(?![\w])",
    re.I,
)
# Two latencies, from one to the other: "going from 560 ms to 80 ms chunks", "จาก 80 ms ไปเป็น
# 1120 ms" (from 80 ms to 1120 ms).
_FROM_A_LATENCY_TO_ANOTHER = re.compile(
    r"(?:\bfrom\s+(?:the\s+)?|จาก\s*)\d+\s*(?:ms\b|มิลลิวินาที)[^,;:\d]*"
    r"(?:\bto\s+(?:the\s+)?|(?:ไป|เป็น|ถึง)\s*)\d+\s*(?:ms\b|มิลลิวินาที)",
    re.I,
)
_A_CHUNK_CHANGED = words.regex("latency_changes")
# A part of a set, which the card scores only whole: "a 500-clip sample of FLEURS".
_PART_OF_A_SET = re.compile(
    r"\b(?:part|portion|fraction|half|sample|slice|selection)\s+of\s+(?:the\s+)?"
    r"(?P<set>[^\s,.;:()]+(?:\s+[^\s,.;:()]+)?)|" + words.pattern("parts_of_sets"),
    re.I,
)
# A recording condition the card does not score: it scores each set's audio at 16 kHz as
# released ("resampled to 16 kHz" is its own; a "compressed model" is no audio).
_ANOTHER_CONDITION = re.compile(
    r"\b(?!16(?:\.0+)?\s*k)\d+(?:\.\d+)?\s*khz\b|"
    + words.pattern("recording_conditions")
    + r"|-compressed\b",
    re.I,
)
_OWN_CONDITION = words.regex("own_conditions")
_DISCLAIMS = words.regex("disclaimers")
_A_WHOLE_ROW = re.compile(words.pattern("whole_set_rows"), re.I)
_SOME_ROWS = re.compile(r"\b(?:rows?|columns?|cells?|italics?|starred|marked)\b", re.I)
_SPEAKER_GROUPS = words.regex("speaker_groups")
_FINE_TUNED = words.regex("fine_tuned")
# Beam search where no language model is named: the card's LM variant uses both.
_BEAM_SEARCH = re.compile(r"\bbeam(?:[- ]?search|\s+(?:size|width)|\s*=)", re.I)
_LANGUAGE_MODEL = words.regex("language_models")
_RESAMPLES = re.compile(rf"(\d[\d,]*)\s+(?:{words.pattern('resamples_words')})\b", re.I)
_TRAINING_RUNS = words.regex("training_runs")  # (where a seed is a training run's)
_RERUNS_HEADING = words.regex("rerun_headings")
# (its number may follow it at once, as in an identifier: "openthai_seed2")
_SEED = re.compile(rf"\b(?:{'|'.join(words.words()['seed_words'])})\s*(?:=|of)?\s*(\d+)\b", re.I)
QUOTED = words.regex("quoted")


def _first_said(texts, rule, names: Names) -> str | None:
    """What ``rule`` says of the first of ``texts`` (a number's context, nearest first) it
    speaks of: the words that make the number none of the card's; "" where that text names the
    card's own, which ends the search (None: nothing said)."""
    for text in texts:
        said = _said(rule, text, names)
        if said is not None:
            return said or None
    return None


@lru_cache(maxsize=1 << 14)  # (a sentence, caption or heading, asked of each of its numbers)
def _said(rule, text: str, names: Names) -> str | None:
    return rule(text, names)


def _another_version(text: str, names: Names) -> str | None:
    """ "OpenThai1.5" in the nearest level naming a model."""
    other = names.another_version_in(text)
    if other and not names.systems_in(text.replace(other, " ")):
        return other
    # Before a comparison whose other side alone names the card's: "Typhoon2-Audio ได้ 9.52 %
    # ... ใกล้กับ Typhoon 0.6B" (close to Typhoon 0.6B) is Typhoon2-Audio's.
    against = COMPARES.search(text)
    if other and against and other in text[: against.start()]:
        if not names.systems_in(text[: against.start()]):
            return other
    return "" if names.systems_in(text) else None


def _another_split(text: str, names: Names) -> str | None:
    """The dataset split, none of the card's sets', that the nearest level naming a split
    names ("On the GigaSpeech2 dev set, ...", a "CER (validation)" column)."""
    return names.another_split_in(text) or ("" if names.names_a_split_of_ours(text) else None)


def _a_part_of_a_set(text: str, names: Names) -> str | None:
    """A part of a set named ("the clean subset of GigaSpeech2"); "part of" only before one
    of the card's sets, not an aggregate ("as part of our work", "not part of the average
    below"), a speaker group only if no set's name."""
    for said in _PART_OF_A_SET.finditer(text):
        of = said.group("set")
        if of is None or set(names.subjects_in(of)) - names.aggregates:
            return said.group().strip()
    for said in _SPEAKER_GROUPS.finditer(text):
        if not names.subjects_in(said.group()):  # not a set of the card's own ("Elderly")
            return said.group().strip()
    return None


def _a_part_named(levels: tuple[str, ...], nearest, names: Names, in_table: bool) -> str | None:
    """A part of a set its nearest levels name, or in a table its caption ("The TVSpeech and
    GigaSpeech2 clips regrouped by domain"); none in a breakdown's row of the whole ("| **All**
    |", "Overall"), which is the set."""
    if in_table and _A_WHOLE_ROW.fullmatch(_EMPHASIS.sub("", levels[3]).strip()):
        return None
    if said := _first_said(nearest, _a_part_of_a_set, names):
        return said
    return _a_part_of_a_set(levels[5], names) if in_table else None


def a_new_subject_unknown(candidate: Candidate, names: Names) -> str | None:
    """The words of a clause before a prose number that opens on a new subject ("as for", ส่วน)
    naming no set of the card's, nor, up to its end after the number, a system outright or a
    latency ("ส่วนคำเมืองของเราเอง", as for our own Kham Mueang; "as for the dialect set"): it
    inherits no set, and whose number it is, nothing says."""
    levels = candidate.levels
    openings = [] if candidate.in_table else list(_NEW_SUBJECT.finditer(levels[0]))
    clause = levels[0][openings[-1].end() :].strip(" ,*_") if openings else ""
    if not re.search(r"[^\W\d_]{2,}", clause):
        return None
    for text in (clause, clauses_beside(levels)[1]):
        if names.subjects_in(text) or names.systems_named_outright(text):
            return None
        if _SPEAKS_OF_LATENCY.search(text) or latency_mentions(text):
            return None
    return " ".join(f"{openings[-1][0]} {clause}".split())


def _another_condition(text: str, names: Names) -> str | None:
    """A recording condition the card does not score ("8 kHz", "telephone", "MP3"); "" where
    ``text`` says the card's own ("clean"), which ends the search."""
    if said := _ANOTHER_CONDITION.search(text):
        return said.group()
    return "" if _OWN_CONDITION.search(text) else None


_OTHER_LANGUAGE = words.regex("other_languages")
_OTHER_LANGUAGE_HEADING = words.regex("other_language_headings")
_OWN_LANGUAGE = words.regex("own_language")


def _row_or_column_says(levels: tuple[str, ...], words_of: re.Pattern) -> bool:
    """Whether a table cell's row label or column header says ``words_of`` ("This card",
    "TH 🇹🇭"): nearer than any caption or heading over the table."""
    return any(map(words_of.search, levels[3:5]))


def _another_language(levels: tuple[str, ...], nearest, in_table: bool) -> str | None:
    """Another language than the card's Thai, in the nearest levels ("On FLEURS Lao it
    reaches"), or a heading over results in others ("Beyond Thai"), unless a table's row or
    column names Thai ("TH 🇹🇭" beside "LA 🇱🇦")."""
    if said := next(filter(None, map(_OTHER_LANGUAGE.search, nearest)), None):
        return said.group()
    if in_table and _row_or_column_says(levels, _OWN_LANGUAGE):
        return None
    heading = _OTHER_LANGUAGE_HEADING.search(levels[-1])
    return heading.group() if heading else None


_COMBINATION = words.regex("combinations")
_COMBINATION_HEADING = words.regex("combination_headings")


def _a_combination(levels: tuple[str, ...], nearest) -> str | None:
    """A combination of systems the card does not release, in the nearest levels ("ROVER of
    OpenThai2.0 and Typhoon 0.6B") or a heading over them ("## System combination")."""
    said = next(filter(None, map(_COMBINATION.search, nearest)), None)
    said = said or _COMBINATION_HEADING.search(levels[-1])
    return said.group() if said else None


_EVERY_SYSTEM = words.regex("every_system")


def _said_of_every_system(levels: tuple[str, ...]) -> str | None:
    """Words saying a number is of every system at once, in its own clause, or in its own
    parenthesis where it stands in one: "stays near 30 % for every system we tried"."""
    before, after = levels[0], levels[1]
    opened = before.rfind("(")
    if opened >= 0 and ")" not in before[opened:]:
        before, after = before[opened + 1 :], after.split(")", 1)[0]
    said = _EVERY_SYSTEM.search(" ".join(clauses_beside((before, after))))
    return said.group() if said else None


def _another_run(text: str, names: Names) -> str | None:
    """A run whose bootstrap settings are stated and are not the card's: "also re-run with
    2000 resamples (seed 7) ...: that run gave [−10.12, −6.66]"."""
    resamples, seed = names.bootstrap
    said = [(m, int(m[1].replace(",", "")), resamples) for m in _RESAMPLES.finditer(text)]
    said += [(m, int(m[1]), seed) for m in _SEED.finditer(text) if seed is not None]
    other = next((m.group() for m, value, ours in said if value != ours), None)
    return other if other is not None else ("" if said else None)


def _another_training_run(levels: tuple[str, ...], nearest: tuple[str, ...], names: Names):
    """Another run than the card's: a seed named in a number's own clauses where its sentence
    speaks of several training runs, whatever its number (the card's bootstrap seed may be
    the same), or a heading over re-runs ("### Re-runs with other seeds") naming no system."""
    said = _SEED.search(nearest[0]) if _TRAINING_RUNS.search(levels[2]) else None
    if said:
        return said.group()
    return _innermost_heading(levels[-1], _RERUNS_HEADING, names.systems_in)


def _another_latency(text: str, names: Names) -> str | None:
    """A latency or a way of decoding none of the card's: "at 320 ms", "a 2 s chunk"
    (seconds count where the words speak of chunks or latency), "offline"."""
    if not_streamed := _NOT_STREAMED.search(text):
        return not_streamed.group()
    said = [
        (ms, written)
        for ms, written in latency_mentions(text)
        if _IN_MILLISECONDS.search(written) or written[0] == "@" or _SPEAKS_OF_LATENCY.search(text)
    ]
    if any(ms in names.latencies for ms, _ in said):
        return ""
    return said[0][1] if said else None


def _another_release(
    levels: tuple[str, ...], names: Names, nearest, goes_on=(), in_table=False
) -> str | None:
    """A heading over releases ("Changelog"), unless the card's own release is named by its
    version ("v2.0") nearer, in the number's own context or a heading inside that one, or in
    a table its row or column by the card's own words ("This card" beside "Group A"); or
    "previous" (or "int8") in its sentence, cell, row or column, or in the sentences its
    sentence goes on from (``goes_on``)."""
    if not in_table and _THE_CARDS_OWN_BEFORE.search(levels[0]):
        return None  # ("against the card's 17.81 %", "(card: 30.00 %)": its own words)
    ours = names.names_own_release
    own_words = in_table and _row_or_column_says(levels, _OWN_MODEL_WORDS)
    if not own_words and not any(ours(text) for text in nearest):
        headings = _below_the_title(levels[-1], names)
        if heading := _innermost_heading(headings, _OTHER_VERSION_HEADING, ours):
            return heading
    said = next(filter(None, map(_OTHER_VERSION.search, (*levels[2:-1], *goes_on))), None)
    return said.group() if said else None


# The card's own figure, said so right before it, in a log's, an incident's or a roadmap's
# words: "the card's 17.81 %", "(card: 30.00 %)", "(today 6.69 %)".
_THE_CARDS_OWN_BEFORE = re.compile(
    r"(?:\b(?:the|this)\s+card['’]s|\bcard\s*:|\b(?:today|currently|at\s+present)[\s:,]*)"
    r"\s*[*_]*$",
    re.I,
)
# A column of the values others replaced, all its header says: "| Was | Is |".
_OLD_VALUES = re.compile(rf"\s*(?:{words.pattern('replaced_values')})\s*", re.I)


# An old value said beside its new one: "(was 14.81, now 14.77 %)", "เดิม 14.81 ตอนนี้ 14.77".
_WAS_BEFORE = re.compile(rf"(?:{words.pattern('was_words')})[\s*_]*$", re.I)
_NOW_AFTER = re.compile(rf"^[\s%*_]*[,;]?[\s*_]*(?:{words.pattern('now_words')})", re.I)


def _an_old_value(levels: tuple[str, ...]) -> str | None:
    """The word that says a number is the value a newer one right after it replaced."""
    if (was := _WAS_BEFORE.search(levels[0])) and (now := _NOW_AFTER.match(levels[1])):
        return f"{was.group().strip(' *_')} … {now.group().strip(' %*_,;')}"
    return None


def _a_column_of_old_values(levels: tuple[str, ...]) -> str | None:
    header = _EMPHASIS.sub("", levels[4])  # ("| **Was** |")
    return header.strip() if _OLD_VALUES.fullmatch(header) else None


def _below_the_title(headings: str, names: Names) -> str:
    """A number's headings (joined by " / ", outermost first) less the card's title where it
    names the card's own model: it heads the whole card, whatever it says ("# OpenThai2.0 ·
    release notes v2.0.1", "...: the gains, in relative terms"), not a section's numbers."""
    title, *inside = headings.split(" / ")
    return " / ".join(inside) if set(names.systems_in(title)) & names.own else headings


def _innermost_heading(headings: str, words: re.Pattern, ours) -> str | None:
    """The word of ``words`` in a number's headings (joined by " / ", outermost first), from
    the innermost out, unless that heading or one inside it names ours (``ours``): "Where is
    the 4-gram baseline level with us?" names two systems of the card's."""
    for heading in reversed(headings.split(" / ")):
        if ours(heading):
            return None
        if found := words.search(heading):
            return found.group()
    return None


def _a_heading_of_another(levels: tuple[str, ...], names: Names) -> str | None:
    """What the innermost heading below the title that names a model says, for prose whose
    sentence names none: another version, product or model ("### OpenThai1.5-ASR-Streaming",
    "### OpenThai2.0-ASR-Streaming-Small"), or a model of the card's decoded offline ("###
    OpenThai2.0-ASR (offline)"); None where it names the card's own, or both."""
    for heading in reversed(levels[-1].split(" / ")[1:]):
        ours = names.systems_in(heading)
        other = names.another_version_in(heading, bare=False) or names.another_product_in(heading)
        other = other or names.another_model_in(heading)
        if other and not ours:
            return other
        if ours and (offline := _NOT_STREAMED.search(heading)):
            return offline.group()
        if ours or other:
            return None
    return None


_THE_FULL_MODEL = words.regex("full_model")


def _a_siblings_card(levels: tuple[str, ...], names: Names, earlier: tuple) -> str | None:
    """The product a card's title names, where it names another product of the card's model
    and not the model ("# OpenThai2.0-ASR-Streaming-Lite"): in such a card, prose naming no
    system of the card's by name is the sibling's, "this model" and "ours" too; not where it
    (or the sentence before it) names one, or speaks of "the full model", the card's own, but
    not after a comparison's word ("this model reaches 6.74 %, close to the full model")."""
    if any(
        names.systems_in(_OWN_MODEL_WORDS.sub(" ", sentence))
        or _THE_FULL_MODEL.search(_up_to(COMPARES, sentence))
        for sentence in (levels[2], *earlier[:1])
    ):
        return None
    title = levels[-1].split(" / ")[0]
    return None if names.systems_in(title) else names.another_product_in(title)


def _a_changed_baseline(levels: tuple[str, ...], names: Names, in_table: bool) -> str | None:
    """Another state of a baseline than the card scores, in the nearest level naming a system
    (in prose, the sentence; for beam search, its statement first): "A fine-tuned Typhoon
    0.6B", "with beam search" where no language model is; never the card's own, by name."""
    nearest = _nearest_first(levels, in_table)
    # (the statement: not what a ";" or "while" cuts off)
    statement = STATEMENT_END.split(levels[0])[-1] + " " + _up_to(STATEMENT_END, levels[1])
    fine_tuned_in = nearest if in_table else levels[2:3]
    beam_search_in = nearest if in_table else (statement, levels[2])
    for texts, named_in, change, unless in (
        (fine_tuned_in, names.systems_in, _FINE_TUNED, None),
        (beam_search_in, names.systems_named_outright, _BEAM_SEARCH, _LANGUAGE_MODEL),
    ):
        text = next((text for text in texts if named_in(text)), "")
        said = change.search(text)
        if said and not (unless and unless.search(text)) and not set(named_in(text)) & names.own:
            return said.group()
    return None


def _against_a_latency(levels: tuple[str, ...], in_table: bool) -> str | None:
    """The words that make a number a change between two latencies, which the card never
    gives: a table's header or row label ("Δ vs 560 ms"), or the own clause of a number in
    points ("1.03 pp worse than at 560 ms", "going from 560 ms to 80 ms costs 1.59 pp")."""
    if in_table:
        said = _AGAINST_A_LATENCY.search(levels[4]) or _AGAINST_A_LATENCY.search(levels[3])
    elif IN_POINTS.match(levels[1]):
        after = re.split(r"[,;:(]", levels[1], maxsplit=1)[0]
        before = re.split(r"[;:]", levels[0])[-1]  # (its statement: "From 80 ms to 1120 ms, ...")
        said = (
            _AGAINST_A_LATENCY.search(after)
            or _FROM_A_LATENCY_TO_ANOTHER.search(before)
            or _A_CHUNK_CHANGED.search(before)
        )
    else:
        return None
    return " ".join(said.group().split()) if said else None  # (on one line, as it is said)


def _another_model(
    levels: tuple[str, ...], names: Names, in_table: bool, this_side: tuple[str, str] | None = None
) -> str | None:
    """The recogniser not the card's ("Whisper large-v3") that a number's nearest context
    naming any recogniser names; "" where that says it is the card's own; None for none."""
    if not in_table:
        if _OURS_RIGHT_BEFORE.search(levels[0]):
            return ""  # "behind our 6.69 %", "above our CER of 6.69 %", "ours is 8.72 %"
        if label := names.unknown_label(levels[0]):
            return label  # "- Foo-Large: 11.20 %"
        if label := names.unknown_name_before_its_parenthesis(levels[0]):
            return label  # "Compared to Foo (11.50 %)"
        if other := _a_change_against_an_unknown_name(levels, names):
            return other  # "Compared with Foo, OpenThai2.0 is 2.94 pp lower on FLEURS"
    nearest_first = _nearest_first(levels, in_table)
    if this_side is not None:  # (prose only)
        nearest_first = (this_side[0], nearest_first[1], this_side[1])
    elif not in_table:  # its words so far and its clause, before the rest of its sentence:
        # "The report scores Whisper on FLEURS, at 9.50 % CER, and gives Typhoon's WER as ..."
        so_far = f"{levels[0]} {_CLAUSE.split(levels[1])[0]}"
        nearest_first = (*nearest_first[:2], so_far, *nearest_first[2:])
    for nearest, text in enumerate(nearest_first):
        nearby = nearest == 0 or (nearest == 1 and not in_table)  # (its clauses, parenthesis)
        ours = names.systems_in(text)
        against = COMPARES.search(text) if ours else None
        if against and nearby and _states_a_change(text):
            # "3.10 points better than Whisper": none of the card's differences.
            other_side = text[against.end() :]
            other = names.another_model_in(other_side, nearby=True)
            if other and not names.systems_in(other_side):
                return other
        # "Whisper gets 9.11 %, the same as Typhoon": Whisper's, the other side alone ours.
        if against and not names.systems_in(subject := text[: against.start()]):
            if other := names.another_model_in(subject):
                return other
        if ours and names.systems_named_outright(text):
            return ""
        # Ours named only as "we", "us" or "4-gram", which may be who fine-tuned or tried
        # another ("Whisper (fine-tuned by us)"): another named here, or further out, is
        # whose number it is.
        if other := names.another_model_in(text, nearby=nearby):
            return other
        if ours and not nearby:
            return ""
        # A sentence whose subject is a name the reader does not know ("Sonic-ASR v2, a
        # production system, reports 15.00 %"): that one's.
        if not ours and not in_table and (other := names.unknown_name(text)):
            return other
    return None


def _a_change_since_another_version(levels: tuple[str, ...], names: Names) -> str | None:
    """Another version of the card's model that a change in a number's own clauses is against:
    "the v2.0 gain over v1.9 (−1.96 pp)" is a change between releases, none of the card's
    comparisons, though its size may be one of them."""
    own = " ".join(clauses_beside(levels))
    against = COMPARES.search(own) if _states_a_change(own) else None
    other_side = own[against.end() :] if against else ""
    if other_side and not names.systems_in(other_side):
        return names.another_version_in(other_side)
    return None


def _a_change_against_an_unknown_name(levels: tuple[str, ...], names: Names) -> str | None:
    """The name none of the card's that a change in a number's own clauses, or else in a
    clause of its sentence, is against: "Foo" in "2.90 pp better than Foo", "Against Foo,
    the CER drops by 2.92 pp". None where it is against one of the card's systems."""
    own = " ".join(clauses_beside(levels))
    if not _states_a_change(own):
        return None
    stretch = re.split(r"[,;:]", levels[0])[-1] + re.split(r"[,;:]", levels[1])[0]
    for near in (own, stretch):
        if against := COMPARES.search(near):
            other_side = near[against.end() :]
            if names.systems_in(other_side) or names.another_model_in(other_side, nearby=True):
                return None  # the card's, or a recogniser known by name (found further on)
            return names.unknown_name_compared(near[against.start() :])
    for clause in re.split(r"[,;:]", levels[2]):
        if (
            COMPARES.search(clause)
            and not _A_DECIMAL.search(clause)
            and not names.systems_in(clause)
            and (other := names.unknown_name_compared(clause))
        ):
            return other
    return None


def _not_the_cards(
    levels: tuple[str, ...],
    names: Names,
    in_table: bool,
    this_side: tuple[str, str] | None,
    earlier: tuple[str, ...] | None = None,
) -> tuple[str, str] | None:
    """(what it is, what says so) where a number's context says it is none of the card's: the
    first of these rules that says so. (A sentence opening on "it" goes on with those before
    it in its paragraph: "int8 loses 0.04 points: ... It still beats Typhoon 0.6B by 2.77".)"""
    # (A language's name is no model's: "FLEURS Vietnamese lands at 6.69 %"; a combination
    # of the card's systems is neither's, though it names them.)
    near = _nearest_first(levels, in_table)
    if language := _another_language(levels, near, in_table):
        return "language", language
    if combined := _a_combination(levels, near):
        return "combination", combined
    # ("This contrast is not one of the card's comparisons": in the table's caption too, and
    # in a heading: "## Other systems (not scored by this suite)", whatever it holds)
    caption = _of_the_whole_table(levels) if in_table else []
    if said := next(filter(None, map(_DISCLAIMS.search, (*near, *caption, levels[-1]))), None):
        return "disclaimed", " ".join(said.group().split())
    if said := _a_quotation_going_on(levels[2], earlier):
        return "quoted", said
    if not in_table and (sibling := _a_siblings_card(levels, names, earlier or ())):
        return "heading", sibling
    model = _another_model(levels, names, in_table, this_side)
    if model:
        return "model", model
    # "CER (%), as reported by the Typhoon team": whatever our run gives.
    if in_table and (quoted := _quoted_in_a_table(levels, names)):
        return "quoted", quoted
    # A heading of other models ("Baselines"), unless a heading inside it, or the lead-in
    # above a list item, names a system of the card's ("OpenThai2.0 minus Typhoon 0.6B:").
    if model is None and not in_table:
        if others := _innermost_heading(levels[-1], _OTHER_MODELS_HEADING, names.systems_in):
            return "heading", others
        if not names.systems_in(levels[2]) and (other := _a_heading_of_another(levels, names)):
            return "heading", other
    goes_on = tuple(earlier) if earlier and _GOES_ON.match(levels[2]) else ()
    nearest = (*near, *goes_on)  # (the first naming one decides)
    for kind, find in (
        ("every system", lambda: _said_of_every_system(levels)),
        ("version", lambda: _first_said(nearest, _another_version, names)),
        ("version", lambda: _another_release(levels, names, nearest, goes_on, in_table)),
        ("version", lambda: _a_column_of_old_values(levels) if in_table else None),
        ("version", lambda: _an_old_value(levels)),
        ("version", lambda: _a_changed_baseline(levels, names, in_table)),
        ("version", lambda: None if in_table else _a_change_since_another_version(levels, names)),
        ("split", lambda: _first_said(nearest, _another_split, names)),
        ("subset", lambda: _a_part_named(levels, nearest, names, in_table)),
        ("condition", lambda: _first_said(nearest, _another_condition, names)),
        ("latency", lambda: _first_said(nearest, _another_latency, names)),
        ("run", lambda: _first_said(nearest, _another_run, names)),
        ("run", lambda: _another_training_run(levels, nearest, names)),
        ("between latencies", lambda: _against_a_latency(levels, in_table)),
    ):
        if said := find():
            return kind, said
    return None


def _of_the_whole_table(levels: tuple[str, ...]) -> list[str]:
    """The sentences of a table's caption that speak of the whole table, not of some rows
    ("Rows in italics are not scored by ...")."""
    return [s for s in SENTENCE_END.split(levels[5]) if not _SOME_ROWS.search(s)]


def _a_quotation_going_on(sentence: str, earlier: tuple[str, ...] | None) -> str | None:
    """The words saying who spoke, where ``sentence`` is a quotation going on from one its
    speaker was said after: '"...," said Dr. Naree Srisuk. "At half a second ... roughly 6.7
    percent ..."' (the sentence before, or the one before it: a title's point ends one)."""
    if not earlier or not _A_QUOTATION_OPENS.match(sentence):
        return None
    said = next(filter(None, map(SAID_AFTER_A_QUOTATION.search, earlier[:2])), None)
    return " ".join(said.group().lstrip('"”, ').split()) if said else None


_A_QUOTATION_OPENS = re.compile(r'^[\s*_]*["“]')
# A quotation's closing quote and who said it right after: '," said Anan', '", she said'.
SAID_AFTER_A_QUOTATION = re.compile(
    rf"[\"”][\s,]*(?:\w+\s+)?(?:{words.pattern('quotation_verbs')})", re.I
)


# ("Our four systems stream ...", a row "Typhoon 0.6B (ours)", "(this card)", "ผลของเรา")
_OURS_SAID = re.compile(r"\b(?:ours?|we|this\s+card)\b|ของเรา", re.I)


def _quoted_in_a_table(levels: tuple[str, ...], names: Names) -> str | None:
    """The words of a cell's column header or caption that say its number is another source's,
    quoted; not the caption's where its row or column says it is ours ("Typhoon 0.6B
    (ours)"). A caption's statement saying so that names none of the card's systems, where
    another names them, speaks of the other rows: "Our four systems stream ...; the
    look-alikes are ... copied from their authors" quotes no row of the card's systems."""
    if quoted := QUOTED.search(levels[4]):
        return quoted.group()
    if _OURS_SAID.search(f"{levels[3]} {levels[4]}"):
        return None  # (its row or column says it is ours: nearer than the caption)
    statements = re.split(rf"{STATEMENT_END.pattern}|{SENTENCE_END.pattern}", levels[5], flags=re.I)
    saying = [s for s in statements if s and QUOTED.search(s)]
    if not saying:
        return None
    if names.systems_in(levels[3]) and not any(names.systems_in(s) for s in saying):
        others = [s for s in statements if s and s not in saying]
        if any(names.systems_in(s) or _OURS_SAID.search(s) for s in others):
            return None
    return QUOTED.search(saying[0]).group()


def speaks_of_errors(context: str, names: Names) -> bool:
    return bool(_SPEAKS_OF_ERRORS.search(context)) or _names_any(names, context)


class _Found:
    """The candidates of a card, as its blocks are read, each number once, and the numbers
    set aside as another measure's, with what decided."""

    def __init__(self, card: CardFile, names: Names):
        self.card, self.names = card, names
        self.masked = masked_spans(card.text, card)
        self.candidates: list[Candidate] = []
        self.seen: set[int] = set()
        self.descriptions = [
            image.span(1 if image.group(1) is not None else 2)
            for image in _IMAGE_DESCRIPTION.finditer(card.text)
        ]
        self.aside: dict[int, tuple[str, Evidence]] = {}  # where: the number, what decided
        self.headings: tuple[str, ...] = ()  # the block's being read
        self.quoted_by = ""  # the block's quote's attribution, if it is in one

    def set_aside(self, match, offset, why):
        if "." in match.group(2):
            self.aside.setdefault(offset + match.start(), (match.group(0), why))

    def read_table(self, block: Block, headings: str, generated: bool):
        table = _Table(block, headings, self.names, self.masked, generated)
        for r, cells in enumerate(table.rows):
            for column in range(len(cells)):
                for match, offset, levels, more in _cell_numbers(table, r, column, self.set_aside):
                    more |= {"table": block.start, "under": block.below, "row": cells[0][0]}
                    self.add(match, offset, levels, True, **more)
        for aside in table.none_in_percent:
            self.set_aside(*aside)

    def read_prose(self, shown: str, block: Block, headings: str, label: str | None):
        """A prose block's numbers (``label``: the list item's, where it names another
        model: "- Pathumma: 11.20 %")."""
        lead_in = self.headings[-1] if block.is_item and self.headings else ""
        lead_in = lead_in if _A_LEAD_IN_END.search(lead_in) else ""  # (not a heading)
        for match, offset, levels, more in _prose_numbers(
            shown, block, headings, self.names, self.masked, self.set_aside, lead_in
        ):
            own = None if self.names.systems_in(levels[2]) else label
            self.add(match, offset, levels, False, label=own, **more)

    def _whose(self, levels, in_table, this_side, earlier, label) -> tuple[str, frozenset] | None:
        """(whose the number is, what kind of other it is), where its context says it is not
        the card's: another's quoted words, another model, set or setting, or a list item
        labelled with another model."""
        if self.quoted_by:  # another's words: "> **@somchai** wrote: ..."
            return self.quoted_by, frozenset({"quoted"})
        if whose := _not_the_cards(levels, self.names, in_table, this_side, earlier):
            kind, other = whose
            return other, frozenset({kind})
        if label:  # "- Pathumma: 11.20 %" beside "- OpenThai2.0: 6.69 %"
            return label, frozenset({"model"})
        return None

    def add(self, match, offset, levels, in_table, foreign=frozenset(), label=None, **more):
        """One number, with its context (``more``: the rest of Candidate's fields)."""
        start = offset + match.start()
        if start in self.seen:  # an HTML cell spanning rows or columns: read where it starts
            return
        self.seen.add(start)
        if "." not in match.group(2) and not self.names.subjects_in(" ".join(levels)):
            return  # a whole percentage is read only where a set of the card's is named
        # In a table the card generates, every number is one of its figures. (The card is
        # read without its figures' markers: see _read_as_written.)
        region = next((r for r in self.card.regions if r.start <= start < r.end), None)
        figure = None if region is None else f"region {region.label}"
        other, this_side = more.pop("other_model", ""), more.pop("this_side", None)
        headings = self.headings
        if more.pop("decoded_whole", False):  # "Decoded in pieces, it goes from 10.71 to 8.72"
            headings = tuple(_without(self.names.in_pieces, heading) for heading in headings)
        if region is None and not foreign:  # (whose it is: not yet said)
            whose = self._whose(levels, in_table, this_side, more.get("earlier"), label)
            other, foreign = whose or (other, foreign)
        in_image = any(s <= start < e for s, e in self.descriptions)
        more = {"row": offset, **more, "unit": offset, "marked": figure, "foreign": foreign}
        more["at"] = match.start()
        more |= {"other_model": other, "in_image": in_image, "headings": headings}
        line = self.card.text.count("\n", 0, start) + 1
        self.candidates.append(
            Candidate(start, offset + match.end(), match.group(0), line, in_table, levels, **more)
        )


def candidates(
    card: CardFile,
    names: Names,
    another_measure: list[tuple[int, str, Evidence]] | None = None,
    unread: list[tuple[int, str, Evidence]] | None = None,
    none_in_percent: list[tuple[int, str, Evidence]] | None = None,
) -> list[Candidate]:
    """Every number of the card's text that may be a figure, with its context; each set aside
    outside regions goes to ``another_measure``, or ``unread`` where its sentence is not read,
    or ``none_in_percent`` (see NONE_IN_PERCENT)."""
    found, set_aside = _read_as_written(card, names)
    for kept, belongs in (
        (another_measure, lambda why: why is not NOT_READ and why.level != NONE_IN_PERCENT),
        (unread, lambda why: why is NOT_READ),
        (none_in_percent, lambda why: why.level == NONE_IN_PERCENT),
    ):
        if kept is not None:
            kept += [aside for aside in set_aside if belongs(aside[2])]
    return list(found)


# The reading of a card's text as its author wrote it, by that text and the names: one
# command reads a card more than once (claims, then marks), and a card marked since reads as
# it did before its markers (--check after --mark reads nothing again).
_READ = Memo(kept=32)
_MARKER_END = re.compile(r"<!--\s*scoring:end\s*-->")
_MARKERS = ("figure", "not-a-figure")


def _read_as_written(card: CardFile, names: Names):
    """``_read`` of the card's body as its author wrote it, its front matter and its figures'
    markers taken off, then each number in a marker taken as gated by it (or, in a
    not-a-figure marker, dropped), each place put back. (A card --write gave the model-index
    reads as it did before.)"""
    taken = [(0, card.body_start)] if card.body_start else []  # the spans taken, in order
    for region in card.regions:
        if region.kind in _MARKERS:
            taken.append((card.text.rfind("<!--", 0, region.start), region.start))
            taken.append((region.end, _MARKER_END.match(card.text, region.end).end()))
    # (the length taken before each span, and where each span stands in the plain text)
    before = [0, *itertools.accumulate(end - start for start, end in taken)]
    at = [start - length for (start, _), length in zip(taken, before)]

    starts, ends = zip(*taken) if taken else ((), ())

    def plain(place: int) -> int:
        return place - before[bisect_right(ends, place)]

    def marked(place: int, is_an_end: bool = False) -> int:
        """A place of the plain text in the whole: an end stays before a span taken there."""
        return place + before[bisect_right(at, place - 1 if is_an_end else place)]

    kept = zip((0, *ends), (*starts, len(card.text)))
    plain_card = replace(
        card,
        text="".join(card.text[a:b] for a, b in kept),
        body_start=plain(card.body_start),
        regions=tuple(
            replace(r, start=plain(r.start), end=plain(r.end))
            for r in card.regions
            if r.kind not in _MARKERS
        ),
    )
    key = (plain_card.text, plain_card.body_start, names)
    found, set_aside = _READ.get(key, lambda: _read(plain_card, names))
    markers = [(plain(r.start), plain(r.end), r) for r in card.regions if r.kind in _MARKERS]
    marker_starts = [start for start, _, _ in markers]

    def marker_of(place: int) -> Region | None:
        at = bisect_right(marker_starts, place) - 1
        return markers[at][2] if at >= 0 and place < markers[at][1] else None

    def put_back(c: Candidate) -> Candidate:
        start = marked(c.start)
        table = None if c.table is None else marked(c.table)
        unit, row, end = marked(c.unit), marked(c.row), marked(c.end, True)
        line = card.text.count("\n", 0, start) + 1
        gated = c.marked if (region := marker_of(c.start)) is None else region.args[0]
        return replace(
            c, start=start, end=end, line=line, table=table, unit=unit, row=row, marked=gated
        )

    in_markers = [c for c in found if (r := marker_of(c.start)) is None or r.kind == "figure"]
    aside = tuple(
        (card.text.count("\n", 0, marked(place)) + 1, number, why)
        for place, number, why in set_aside
        if marker_of(place) is None
    )
    return tuple(put_back(c) for c in in_markers), aside


def _read(
    card: CardFile, names: Names
) -> tuple[tuple[Candidate, ...], tuple[tuple[int, str, Evidence], ...]]:
    """``candidates`` of a card with no figure markers, and the numbers set aside outside
    regions (where each stands, not its line)."""
    text = card.text
    found = _Found(card, names)
    every_block = blocks(text, card.body_start)
    shown = unescaped(text)  # (each place kept: markers go where the numbers are)
    above_items, labels_of_others = _list_items(text, every_block, names)
    generated = card.regions
    for block in every_block:
        found.headings = block.headings + above_items.get(block.start, ())
        found.quoted_by = block.quoted_by
        headings = " / ".join(found.headings)
        if block.kind == "table":
            in_generated = any(r.start <= block.start < r.end for r in generated)
            found.read_table(block, headings, in_generated)
        else:
            found.read_prose(shown, block, headings, labels_of_others.get(block.start))
    found.headings = ()  # a badge's address stands under no heading
    for match, offset, levels in _badge_numbers(text, names):
        found.add(match, offset, levels, False, bound=None, in_address=True)
    # (place, number, evidence) of each number set aside that no region gates and no other
    # reading took
    aside = [
        (start, number, why)
        for start, (number, why) in sorted(found.aside.items())
        if start not in found.seen and not any(r.start <= start < r.end for r in card.regions)
    ]
    return tuple(found.candidates), tuple(aside)


_A_PARENTHESIS_WITH_A_NUMBER = re.compile(r"\([^()]*\d[^()]*\)")  # ("(mean SNR 9.72 dB)")
# An image's description: "![FLEURS CER 6.72 %](plot.png)", or a whole `<img alt="...">`.
_IMAGE_DESCRIPTION = re.compile(r"!\[([^\]\n]*)\]\(|(<img\b[^>]*>)", re.I)
# A badge's address: its label, message and colour, dash-separated ("--" is a dash, "_" a
# space, "%25" a percent sign).
_BADGE = re.compile(r"img\.shields\.io/badge/([^\s)\"'<>?#]+)")
_BADGE_PART = re.compile(r"(?<!-)-(?!-)")
# A paragraph that leads into a list: "Results on GigaSpeech2:", "... as follows".
_A_LEAD_IN_END = re.compile(rf"(?::|(?:{words.pattern('lead_in_endings')})[\s*_]*)$", re.I)
_A_LEGEND = words.regex("list_legends")
_THE_SAME_LEGEND = words.regex("the_same_legend")


def _list_items(text: str, every_block: list[Block], names: Names) -> tuple[dict, dict]:
    """Of each list item, by where it starts: what stands above it, read like headings (its
    list's lead-in, "Results on GigaSpeech2:", and the items it is nested in); its label where
    that names no system of a list that names some, or of two such labels ("- Pathumma:")."""
    above: dict[int, tuple[str, ...]] = {}
    others: dict[int, str] = {}
    lead_in: str | None = None
    run: list[tuple[int, str, bool]] = []  # the list's labels so far: (start, label, ours)

    def close() -> None:
        if any(ours for _, _, ours in run) or len(run) > 1:
            others.update((start, label) for start, label, ours in run if not ours)
        run.clear()

    legend = None  # the section's legend for its lists' values, once one gives it
    for block in every_block:
        if block.kind != "prose" or not block.is_item:
            close()
            body = text[block.start : block.end].strip()
            legend = None if block.kind == "heading" else legend
            lead_in = None
            if block.kind == "prose" and (_A_LEAD_IN_END.search(body) or _A_LEGEND.search(body)):
                # "Legend for every list in this section: ours / Typhoon / Typhoon+LM, where
                # ..." leads into the list below it, and "same legend" into a later one.
                lead_in = f"{body} {legend}" if legend and _THE_SAME_LEGEND.search(body) else body
                legend = body if _A_LEGEND.search(body) else legend
            continue
        # (Less a parenthesis holding a number of the item's own, "(mean SNR 9.72 dB)": its
        # words are that number's, not those of the items below.)
        items_above = (_A_PARENTHESIS_WITH_A_NUMBER.sub(" ", item) for item in block.items_above)
        if over := tuple(filter(None, (lead_in, *items_above))):
            above[block.start] = over
        if said := names.item_label(text[block.item_text : block.end]):
            run.append((block.start, *said))
    close()
    return above, others


def _badge_numbers(text: str, names: Names):
    """(match, offset, levels) of each number of the message of a badge that speaks of error
    rates ("FLEURS CER | 6.70 %"): its label before it, as prose's clause."""

    def shown(raw: str) -> str:
        return unquote(
            raw.replace("--", "-").replace("__", "\0").replace("_", " ").replace("\0", "_")
        )

    for badge in _BADGE.finditer(text):
        parts = _BADGE_PART.split(badge.group(1))
        if len(parts) < 2:
            continue
        label, message = (parts[0], parts[1]) if len(parts) > 2 else ("", parts[0])
        offset = badge.start(1) + (len(label) + 1 if len(parts) > 2 else 0)
        label, spaced = shown(label), message.replace("_", " ")  # (each place kept)
        if not speaks_of_errors(f"{label} {shown(message)}", names):
            continue
        for match in numbers_in(spaced, 0, [], True):
            before, after = shown(spaced[: match.start()]), shown(spaced[match.end() :])
            yield match, offset, (f"{label} {before}", after, f"{label} {shown(message)}", "")
