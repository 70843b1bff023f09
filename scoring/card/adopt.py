"""Adopt a card written by hand: find each figure in its text, and mark it.

``publish ROOT --mark`` wraps each number of the card's text that is one of its figures in
the figure marker that ``--write`` and ``--check`` read::

    FLEURS: <!-- scoring:figure cer/560ms/fleurs/<system> -->6.26<!-- scoring:end --> % CER

A number is identified by its value at its printed precision and by what its context
(``reading``: its sentence or cell, row label, column header, caption and headings) names:
sets and aggregates, systems, a latency, decoding in pieces, a difference, an interval's end.
An unsigned number beside words that say which way ("better by 2.81 pp") may be the size of
a negative difference, marked ``magnitude-of-negative``. The same reading gives ``--check``
its coverage line and ``--strict`` its list of ungated numbers.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from operator import attrgetter
from types import MappingProxyType
from typing import NamedTuple

from ..memo import Memo
from . import words
from .compute import CardResult
from .markdown import blocks, decimal_commas, numbers_no_marker_can_gate
from .names import (
    COMPARES,
    COUNT_WORDS,
    LONG_WORDS,
    SEVERAL_RUNS,
    Names,
    plain_name,
    ways_of_decoding,
)
from .reading import (
    A_BARE_JOIN,
    DIFFERENCE_WORDS,
    DIRECTION_WORDS,
    IN_POINTS,
    NEXT_SUBJECT,
    OUR_METRIC,
    PAIRED_AGAINST,
    SAID_AFTER_A_QUOTATION,
    STATEMENT_END,
    TABLE_LEVELS,
    VERSUS,
    Candidate,
    Evidence,
    a_new_subject_unknown,
    candidates,
    clauses_beside,
    level_name,
    named_beside,
    speaks_of_errors,
)
from .render import format_value
from .spec import SPLIT_SUFFIX, CardSpec, cer_figure, parse_figure
from .text import (
    MAGNITUDE_OF_NEGATIVE,
    NO_MARKER_IN,
    SIGN,
    TURNED,
    CardFile,
    ascii_signed,
    code_numbers,
    figures_printed_as,
    format_like,
    latencies_in,
    printed_as,
    strip_markers,
)

__all__ = [
    "Candidate",
    "Marked",
    "MarkResult",
    "Ungated",
    "candidates",
    "counted_numbers",
    "coverage",
    "mark_card",
    "strip_markers",
    "words_the_data_deny",
]

# The reader's words (words.toml: each list says what it is for).
_LOWER_WORDS = words.regex("lower_words")
_HIGHER_WORDS = words.regex("higher_words")
_A_LEGEND = words.regex("legend")

# An interval's end named in words. Not a comparison ("lower than", "higher by", "lower is
# better", "2.81 pp lower"), nor what is low of something else ("lower latency", "a lower
# CER", "its error rate lower"), nor negated ("at 6.69 % and not lower?").
_OF_A_RATE = r"(?<!cer )(?<!wer )(?<!rate )(?<!error )(?<!errors )(?<!not )"
_NOT_AN_END_AFTER = rf"(?!\s+(?:{words.pattern('not_an_interval_end')}))"
_LOW_WORDS = re.compile(
    _OF_A_RATE + r"\blow(?:er)?\b" + _NOT_AN_END_AFTER + f"|{words.pattern('lower_end_words')}",
    re.I,
)
_HIGH_WORDS = re.compile(
    _OF_A_RATE
    + r"\bhigh(?:er)?\b"
    + _NOT_AN_END_AFTER
    + rf"|\bupper\b|{words.pattern('upper_end_words')}",
    re.I,
)
_PERCENT_OR_POINTS = r"(?:%|pp\b|(?:percentage\s+)?points?\b)"
_COMPARATIVE_AFTER = re.compile(rf"^\s*{_PERCENT_OR_POINTS}?\s*(?:low|high)er\b", re.I)
# The words that set one side against the other inside the comparisons below: those of
# words.toml's "against" as they stand ("compared with", "เทียบกับ"), and "vs".
_AGAINST_WORDS = "|".join(words.words()["against"])
_VS = r"vs\.?|versus"
# A comparison that opens a sentence: "Compared with Typhoon 0.6B ...", "เมื่อเทียบกับ".
_OPENING_COMPARISON = re.compile(rf"^[\s*_]*(?:when\s+)?(?:{_AGAINST_WORDS}|เมื่อเทียบกับ)\s*", re.I)
# One that names its baseline first: "Compared with OpenThai2.0 on FLEURS, Typhoon 0.6B
# changes CER by 2.81 pp" (Typhoon − OpenThai2.0).
_LEADING_COMPARISON = re.compile(
    _OPENING_COMPARISON.pattern + r"(?P<baseline>[^,;:]+)[,;:](?P<rest>.*)$", re.I | re.S
)
# What orders a comparison's two systems: "A − B", "A minus B", "A vs B", Thai "A ลบ B", and
# a minus sign between two names ("Δ(OT2−TY)"; not a hyphen, which joins a name's words).
_ORDERED = re.compile(r"\s[−–-]\s|(?<=\w)−(?=[^\W\d])|\bminus\b|\bvs\b\.?|\bversus\b|\sลบ\s", re.I)
# A comparison right after a number in points and a few words of its own: "2.78 pp
# (absolute) against Typhoon 0.6B", "2.78 points better than Typhoon 0.6B".
_COMPARED_RIGHT_AFTER = re.compile(
    r"\s*(?:pp\b|p\.\s?p\.|(?:percentage[\s-]+)?points?\b|จุด)[^,;:()\d]{0,30}\)?\s*"
    rf"(?:{_AGAINST_WORDS}|{_VS}|than|over)\s+(?P<other>[^,;:()]+)",
    re.I,
)
# A comparative of errors right after a number: "29.6 % fewer errors", "less error".
_FEWER_ERRORS_AFTER = re.compile(
    rf"[*_]*+\s*+{_PERCENT_OR_POINTS}?[*_]*+\s*+(?:fewer|less|more)\s+(?:errors?|mistakes?)\b", re.I
)
_BY_BEFORE = re.compile(r"\bby\s*(?:about|around|roughly|some|nearly|almost|over)?\s*$", re.I)
# Thai says by how much with no "by": after its verb ("ลดลง 29.6 %", fell 29.6 %) or after a
# comparative and whom it compares with ("ต่ำกว่า Typhoon 0.6B 29.6 %"). Not the value a
# change goes to or from ("ลดลงเหลือ 6.69 %"), nor one right after "กว่า" (than Typhoon's).
_THAI_DIRECTION = re.compile(
    rf"{words.pattern('thai_changes')}|(?P<than>{words.pattern('thai_comparatives')})"
    rf"|(?P<split>{words.pattern('thai_split_verbs')})"
)
# ("ได้" closes the verb too: "ลด CER ได้ 29.6 %", reduces the CER by 29.6 %.)
_THAI_HEDGE = r"\s*+(?:ได้)?\s*+(?:ประมาณ|ราว|เกือบ|อยู่)?\s*+(?:ร้อยละ)?\s*+$"  # (ร้อยละ: percent)
_THAI_SPLIT_VERB_END = re.compile(r"(?:(?!เหลือ|เป็น|จาก|ทำ)[^%]){0,60}?(?:ลง|ขึ้น|ได้)" + _THAI_HEDGE)
# (Not "ที่ได้" or "ซึ่งได้", which gets: the number is then the CER of whom it names.)
_THAI_WHOM_ALONE = re.compile(
    r"(?:(?!เหลือ|เป็น|จาก|ที่|ซึ่ง|คือ|ได้|ด้วย|โดย|cer\b|wer\b)[^%\n]){1,40}?" + _THAI_HEDGE, re.I
)
# The first of a pair: "ต่ำกว่า Typhoon 0.6B 6.69% ต่อ 9.50%" (6.69 % to 9.50 %) is a CER.
_PAIRED_AFTER = re.compile(
    rf"[*_]*+\s*+%?\s*+(?:ต่อ|/|{_VS}|เทียบกับ|กับ|และ)\s*+[*_]*+(?:[-+−]?\d|$)", re.I
)
# A colon, comma or dash that a number follows at once: "... Typhoon 0.6B: 18.64 %".
_A_COLON_AT_THE_END = re.compile(r"[:,—]\s*[*_]*$")
# What follows the first number of a pair, up to the second: "18.64 % against 17.39 %".
_FIRST_OF_A_PAIR = re.compile(
    rf"[*_]*+\s*+%?\s*+[*_]*+\s*+(?P<word>against|{_VS}|to|ต่อ|กับ|เทียบกับ)\s*+[*_]*+", re.I
)
# "at" after a comparison's other side: "A's CER is higher than B's at 14.68 %" (either's).
_AT_RIGHT_BEFORE = re.compile(r"(?:\bat|อยู่ที่|ที่)\s*$", re.I)


def _a_pair_opens_after_a_comparison(
    comparison: re.Match, before: str, after: str, names: Names
) -> bool | None:
    """Where a colon after a comparison (its subject named before it) leads to the number:
    whether it opens a pair ("A trails B: 18.64 % against 17.39 %", the subject's) or stands alone
    (either side's). None elsewhere."""
    subject = names.systems_in(before[: comparison.start()])
    if not subject or not _A_COLON_AT_THE_END.search(before, comparison.end()):
        return None
    return bool(_FIRST_OF_A_PAIR.fullmatch(after))


def _compares_up_to_it(before: str, names: Names, after: str) -> bool:
    """Whether the text before a number sets up a comparison that reaches it: not where "with
    a CER of" after the other side gives the subject (named before the comparison) its own."""
    if VERSUS.fullmatch(before):  # the second of a pair: "6.69% กับ 9.50%", as after "vs"
        return True  # (the text before a number runs back to the last number)
    comparison = COMPARES.search(before)
    if comparison is None or _a_pair_opens_after_a_comparison(comparison, before, after, names):
        return False  # (a colon opens the subject's numbers)
    own = words.regex("subjects_own").search(before, comparison.end())
    return not (
        own
        and names.systems_in(before[comparison.end() : own.start()])
        and names.systems_in(before[: comparison.start()])
    )


def _either_side_at(before: str, names: Names, after: str) -> frozenset[str] | None:
    """Both systems of a comparison where "at" after the second, or a colon to a number
    alone, leads to the number: the words do not say whose it is."""
    comparison = COMPARES.search(before)
    if comparison is None or not (
        _AT_RIGHT_BEFORE.search(before, comparison.end())
        or _a_pair_opens_after_a_comparison(comparison, before, after, names) is False
    ):
        return None
    subject = set(names.systems_in(before[: comparison.start()]))
    compared = set(names.systems_in(before[comparison.end() :]))
    if len(subject) != 1 or len(compared) != 1 or subject == compared:
        return None
    return frozenset(subject | compared)


def _a_thai_amount(before: str, after: str) -> bool:
    """Whether the Thai words around a number say it is by how much a CER moved."""
    if (last := next(reversed(list(_THAI_DIRECTION.finditer(before))), None)) is None:
        return False
    rest = before[last.end() :]
    if last.group("split"):
        return bool(_THAI_SPLIT_VERB_END.match(rest))
    if last.group("than") and not re.search(r"ผิดพลาด\s*$", before[: last.start()]):
        # (After "ผิดพลาดน้อยกว่า", errs less, it is by how much, as in "29.6 % fewer errors".)
        whom_alone = rest.strip() and _THAI_WHOM_ALONE.match(rest)
        return bool(whom_alone) and not _PAIRED_AFTER.match(after)
    return bool(re.match(_THAI_HEDGE, rest))


# A number's system named right after it: "9.53 % for Typhoon 0.6B", "9.50% ของ Typhoon",
# "<b>9.50%</b> (Typhoon)".
_SYSTEM_RIGHT_AFTER = re.compile(
    r"(?:[*_]|</?\w+>)*+\s*+%?(?:[*_]|</?\w+>)*+\s*+(?:cer\s+)?"
    r"(?:for|of|with|from|by|ของ|\()\s*(?:the\s+)?",
    re.I,
)
# A difference of CERs: "2.81 points", "**−2.81** CER points", "1.79 จุด", "a 1.79-point gap".
_POINTS_AFTER = re.compile(
    r"[*_]*(?:\s*|-(?=\w))(?:cer\s+)?(?:(?:percentage[\s-]+)?(?:points?|pts?)\b|\bp\.\s?p\.|จุด)",
    re.I,
)


# ----------------------------------------------------------- identifying


@dataclass(frozen=True)
class _Wanted:
    subjects: frozenset[str] | None  # None: not named (any)
    systems: frozenset[str] | None
    latencies: frozenset[int]
    split: bool
    difference: bool | None  # None: either
    bound: str  # "estimate", "low" or "high"


def _the_variant_it_qualifies(system: str, in_the_sentence: list[str]) -> str:
    """The one variant of ``system`` its sentence names where it names the bare model
    nowhere (else ``system``): "With the th-mix prompt, OpenThai2.0 reaches 18.44 %"."""
    variants = {key for key in in_the_sentence if key.startswith(f"{system}_")}
    return variants.pop() if len(variants) == 1 and system not in in_the_sentence else system


_LATENCIES_BY_ROLE = tuple(
    words.regex(name) for name in ("headline_latency", "shortest_latency", "longest_latency")
)
# "at the shortest", "at the longest", ending a clause: a latency's end by its role alone.
_AT_THE_END_ALONE = tuple(
    re.compile(rf"\bat\s+the\s+(?:{words})\b(?!\s*\w)", re.I)
    for words in ("shortest|smallest", "longest|largest")
)


@dataclass(frozen=True)
class _Levels:
    """A number's levels, nearest first; ``narrow``: in the text before and after the
    number, only the nearest name, in its own clause first."""

    levels: tuple[str, ...]
    spec: CardSpec
    names: Names
    narrow: bool
    headings: tuple[str, ...] = ()  # the last level's headings, one by one, outermost first

    def pick(self, found_in, innermost: bool = False) -> frozenset | None:
        """What the most specific level naming any of one dimension (``found_in``) says;
        ``innermost``: of the headings, the innermost naming any ("## LOTUSDIS" over "### LOTUSDIS
        jbl": jbl's section)."""
        levels, narrow = self.levels, self.narrow
        nearest = (-1, 0)  # the nearest name before a number is the last, after it the first
        if narrow:
            for beside, at in zip(clauses_beside(levels), nearest):
                if found := found_in(beside):
                    return frozenset([found[at]])
        for depth, level in enumerate(levels):
            if depth == len(levels) - 1 and self.headings:
                # Heading by heading: the "against" of "## Against Typhoon 0.6B + 4-gram" sets
                # aside what that heading names, not what a heading inside it names.
                found = [key for heading in self.headings for key in found_in(heading)]
            else:
                found = found_in(level)
            if not found:
                continue
            if depth < 2 and narrow:
                return frozenset([found[nearest[depth]]])
            if depth < 3 and not narrow:  # before, after and the cell or sentence, together
                return frozenset(key for inner in levels[:3] for key in found_in(inner))
            if innermost and depth == len(levels) - 1:
                found = next(filter(None, map(found_in, reversed(self.headings))), found)
            return frozenset(found)
        return None

    def latencies_in(self, text: str) -> list[int]:
        """The card's latencies ``text`` names, in order ("the headline chunk": the headline;
        "the shortest chunk", "the longest": its least and greatest)."""
        latencies = self.spec.latencies
        by_role = (self.spec.headline_latency, min(latencies), max(latencies))
        for words_of, ms in zip(_LATENCIES_BY_ROLE, by_role):
            text = words_of.sub(f" {ms} ms ", text)
        # "from 8.28 % at the shortest chunk to 6.80 % at the longest", "better at the
        # headline chunk than at the longest": an end alone, where the number's sentence names
        # a chunk by its role in full.
        if any(words_of.search(self.levels[2]) for words_of in _LATENCIES_BY_ROLE):
            for alone, ms in zip(_AT_THE_END_ALONE, by_role[1:]):
                text = alone.sub(f" {ms} ms ", text)
        return [ms for ms in latencies_in(text) if ms in latencies]

    def own_names(self, found_in) -> bool:
        """Whether the number's own text, clause or cell names any of a dimension."""
        return any(found_in(level) for level in self.levels[:3])

    def decodings(self, text: str) -> list[str]:
        """ "whole" or "split" for each word of ``text`` that says how a recording was decoded;
        none where it says both ("whole vs. decoded in pieces" heads both kinds)."""
        ways = ways_of_decoding(self.names.in_pieces).finditer(text)
        found = ["whole" if way.group("whole") else "split" for way in ways]
        return [] if len(set(found)) > 1 else found


def _constraints(candidate: Candidate, spec: CardSpec, names: Names, narrow: bool) -> _Wanted:
    """What a number's context says, dimension by dimension, from its most specific level
    naming each; ``narrow``: the nearest name, in its own clause first ("6.69 % on FLEURS
    and 8.72 % on TVSpeech": 8.72 is TVSpeech's, though FLEURS stands nearer before it)."""
    levels, in_table = candidate.levels, candidate.in_table
    read = _Levels(levels, spec, names, narrow, candidate.headings)
    subjects, latencies = _subjects_and_latencies(read, candidate.earlier)
    # The nearest level that says how a long recording was decoded decides.
    split = "split" in (read.pick(read.decodings) or ())
    # Headings say what a section is about, not whether its numbers are differences.
    says_so = _speaks_of_a_difference(levels[:-1]) and not _a_cer_in_percent(candidate)
    own_clauses = clauses_beside(levels)
    named_there = set(names.subjects_in(" ".join(own_clauses)))
    if says_so and not in_table and named_there and named_there <= names.aggregates:
        # The card's aggregates are CERs alone: where a number's own clauses name one, a
        # difference its sentence speaks of is another number's, unless they say it is one.
        says_so = _speaks_of_a_difference(own_clauses, _opens(levels[0]))
    difference = True if candidate.bound or says_so else None
    systems = _systems_named(read, difference, _listed_after_a_comparison(candidate))
    if difference and narrow and not in_table:
        said_to_be_a_change = _signed(candidate.text) or _states_a_size(candidate)
        if said_to_be_a_change and not read.own_names(names.systems_in):
            systems, subjects, latencies = _the_comparison_before(
                read, candidate.earlier, systems, subjects, latencies
            )
        systems = _both_sides(read, systems)
    if difference and in_table and systems is not None and len(systems) == 1:
        # A cell's difference whose nearest context names one system: the one other system
        # named further out (a heading "Paired comparison with Typhoon 0.6B") is the other
        # side. (Not in prose, where "cuts the CER by 31.4 %" may be a relative change.)
        further = {key for level in levels[3:] for key in names.systems_in(level)} - systems
        if len(further) == 1:
            systems = systems | further
    if candidate.before_its_variant and systems:  # its base's: "typhoon..." of "..._4gram"
        systems = frozenset(key.rsplit("_", 1)[0] for key in systems)
    if not systems or not narrow:  # a sentence naming Typhoon may still quote the card's own
        systems = (systems or frozenset()) | {_own_system(spec)}
    latencies = latencies or frozenset([spec.headline_latency])
    bound = candidate.bound or _bound_in_words(levels, in_table) or "estimate"
    return _Wanted(subjects, systems, latencies, split, difference, bound)


def _sets_over_their_aggregate(read: _Levels, subjects_in):
    """``subjects_in``, but in a table, where one level names an aggregate and one set it
    pools, that set alone: a header "LOTUSDIS microphones" spanning "bt3m" groups its
    columns, and names no figure of their cells. (Several of its sets define the aggregate:
    "Average of 11 sets (FLEURS, TVSpeech, ...)"; in prose both stand: "LOTUSDIS pooled
    17.81, bt3m 21.20".)"""
    if len(read.levels) != len(TABLE_LEVELS):
        return subjects_in
    pools = {aggregate.key: set(aggregate.sets) for aggregate in read.spec.aggregates}

    def the_one_set_first(text: str) -> list[str]:
        found = subjects_in(text)
        grouping = {key for key in found if len(pools.get(key, set()) & set(found)) == 1}
        return [key for key in found if key not in grouping]

    return the_one_set_first


def _subjects_and_latencies(read: _Levels, earlier: tuple[str, ...]):
    """The sets (or aggregates) and latencies a number's context names; read narrowly, a
    sentence saying "on the same set" takes those of the nearest earlier one naming a set."""
    names = read.names
    subjects = read.pick(_sets_over_their_aggregate(read, names.subjects_in), innermost=True)
    latencies = read.pick(read.latencies_in)
    if (
        read.narrow
        and words.regex("same_set").search(read.levels[2])
        and not read.own_names(names.subjects_in)
    ):
        if before := next((sentence for sentence in earlier if names.subjects_in(sentence)), ""):
            subjects = frozenset(names.subjects_in(before))
            if not read.own_names(read.latencies_in):
                latencies = frozenset(read.latencies_in(before)) or latencies
    return subjects, latencies


def _systems_named(read: _Levels, difference: bool | None, compared: bool):
    """The systems a number's context names: both sides where it is a difference or a CER
    quoted after a comparison's word ("FLEURS 6.69 vs 9.50"), else its own side."""
    levels, names, narrow = read.levels, read.names, read.narrow
    if narrow and (the_last_ones := _named_right_after_the_last_number(read)):
        read = replace(read, levels=(the_last_ones, *levels[1:]))
    other_side = difference or compared or _compares_up_to_it(levels[0], names, levels[1])
    systems = read.pick(names.systems_in if other_side else names.own_systems_in)
    if released := _the_release_of_a_variant(read):  # (read wide, among the others)
        systems = released if narrow else released | (systems or frozenset())
    if narrow and not difference and (either := _either_side_at(levels[0], names, levels[1])):
        systems = either
    if (
        narrow
        and (whose := _SYSTEM_RIGHT_AFTER.match(levels[1]))
        and (system := names.system_opening(levels[1][whose.end() :]))
    ):
        # "we measure 9.53 % for Typhoon 0.6B": the system right after is nearer than "we".
        return frozenset([system])
    if narrow and not difference and not released and systems is not None and len(systems) == 1:
        [system] = systems
        return frozenset([_the_variant_it_qualifies(system, names.systems_in(levels[2]))])
    return systems


def _the_release_of_a_variant(read: _Levels) -> frozenset[str] | None:
    """The model "as released" in a number's clause before it that names no system, where its
    sentence names one variant of a model: that model, without the variant ("ดีกว่า Typhoon
    0.6B ร่วมกับ 4-gram อยู่ 2.05 จุด และดีกว่ารุ่นตามที่เผยแพร่อยู่ 2.81 จุด": Typhoon 0.6B's)."""
    before, names = clauses_beside(read.levels)[0], read.names
    if not words.regex("as_published").search(before) or names.systems_in(before):
        return None
    variants = {key for key in names.systems_in(read.levels[2]) if "_" in key}
    models = {key.rsplit("_", 1)[0] for key in variants} & set(read.spec.systems)
    return frozenset(models) if len(variants) == 1 and len(models) == 1 else None


_A_WORD = re.compile(r"\S+")


def _named_right_after_the_last_number(read: _Levels) -> str | None:
    """The words before a number without the system the number before it opens them with,
    which is that number's ("14.77% เทียบกับ 16.31% ของ Typhoon 0.6B และบน LOTUSDIS ... ได้
    17.86%": 16.31 is Typhoon's, 17.86 not); None where they open with none."""
    before, sentence = read.levels[0], read.levels[2]
    opening = sentence.find(before) if before else -1
    if opening <= 0 or not sentence[:opening].rstrip(" *_").endswith(tuple("0123456789")):
        return None
    if not (whose := _SYSTEM_RIGHT_AFTER.match(before)):
        return None
    if not (system := read.names.system_opening(before[whose.end() :])):
        return None
    ends = [word.end() for word in itertools.islice(_A_WORD.finditer(before, whose.end()), 6)]
    named = [end for end in ends if read.names.systems_in(before[whose.end() : end]) == [system]]
    return " " * named[-1] + before[named[-1] :] if named else None


def _the_comparison_before(read: _Levels, earlier, systems, subjects, latencies):
    """(systems, subjects, latencies) of a difference said to be one in a sentence naming no
    system: the nearest earlier sentence's naming two ("Compared with B, ... On Isan: +1.28")."""
    names = read.names
    before = next((sentence for sentence in earlier if names.systems_in(sentence)), "")
    if len(set(names.systems_in(before))) != 2:
        return systems, subjects, latencies
    carried = [subjects, latencies]
    for i, found_in in enumerate((names.subjects_in, read.latencies_in)):
        if not read.own_names(found_in) and len(set(found_in(before))) == 1:
            carried[i] = frozenset(found_in(before))
    return frozenset(names.systems_in(before)), *carried


def _both_sides(read: _Levels, systems):
    """A difference in prose is of two systems: those both sides of its own clause name
    ("A is 2.81 pp lower than B"), or its one and the other a comparison names."""
    levels, names = read.levels, read.names
    if len(systems or ()) < 2:
        if len(both := _systems_beside(levels, names)) > 1:
            systems = both
        elif len(systems or ()) == 1:
            others = _the_other_side_compared(read, systems)
            if len(others) == 1:
                systems = systems | others
    if systems is not None and len(systems) == 2:
        systems = frozenset(
            _the_variant_it_qualifies(system, names.systems_in(levels[2])) for system in systems
        )
    return systems


def _systems_beside(levels: tuple[str, ...], names: Names) -> frozenset[str]:
    """The systems a number's own clauses name, before and after it."""
    return frozenset(key for clause in clauses_beside(levels) for key in names.systems_in(clause))


def _the_other_side_compared(read: _Levels, systems) -> set[str]:
    """The systems a comparison names besides a difference's one: before a number in points
    ("Compared with Typhoon 0.6B, OpenThai2.0 changes CER by −2.81 pp"), or right after its
    unit ("29.6 % relative (2.78 pp absolute) against Typhoon 0.6B")."""
    levels, names = read.levels, read.names
    if IN_POINTS.match(levels[1]) and (compared_with := COMPARES.search(levels[0])):
        clause = re.split(r"[,;:]", levels[0][compared_with.end() :], maxsplit=1)[0]
        others = set(names.systems_in(clause)) - set(systems)
        if not others:
            # The comparison that opens the sentence, up to its first mark or parenthesis:
            # "เมื่อเทียบกับ Typhoon 0.6B (9.53%) OpenThai2.0 มีค่า CER ต่ำกว่า 2.78 จุด".
            others = set(_set_against_at_its_opening(levels[2], names)) - set(systems)
        return others
    after_it = levels[2].find(levels[1], len(levels[0]))  # (to the sentence's end)
    after = levels[2][after_it:] if after_it >= 0 else levels[1]
    if compared_after := _COMPARED_RIGHT_AFTER.match(after):
        return set(names.systems_in(compared_after.group("other"))) - set(systems)
    return set()


# A column header that is an end's abbreviation alone: "| Δ | lo | hi |".
_AN_END_ABBREVIATED = re.compile(r"[\s*_]*(lo|hi)\.?[\s*_]*", re.I)


def _bound_in_words(levels: tuple[str, ...], in_table: bool) -> str | None:
    """An interval's end named next to the number or in its column's header (never in a
    caption: "lower is better")."""
    if in_table and (alone := _AN_END_ABBREVIATED.fullmatch(levels[4])):
        return "low" if alone.group(1).lower() == "lo" else "high"
    after = _COMPARATIVE_AFTER.sub("", levels[1])
    beside = " ".join((levels[0], after) + (levels[4:5] if in_table else ()))
    low, high = _LOW_WORDS.search(beside), _HIGH_WORDS.search(beside)
    return None if bool(low) == bool(high) else "low" if low else "high"


# The numbers of a list before this one, back to its first: "9.50 %, 8.99 % and ".
_LIST_BEFORE = re.compile(
    rf"(?:{SIGN}?\d+(?:\.\d+)?[*_]*\s*%?[*_]*\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*และ\s*)[*_]*)+$",
    re.I,
)
_STATEMENT_OR_COLON = re.compile(f"{STATEMENT_END.pattern}|:(?!\\d)", re.I)


def _listed_after_a_comparison(candidate: Candidate) -> bool:
    """Whether a number in prose is in a list a comparison leads to: in "compared with 9.50
    %, 8.99 % and 14.68 % for Typhoon", 8.99 is the other side's as 9.50 is."""
    if candidate.in_table:
        return False
    before = candidate.levels[2][: candidate.at]
    listed = _LIST_BEFORE.search(before)
    return bool(listed and COMPARES.search(clauses_beside((before[: listed.start()], ""))[0]))


def _own_statement(candidate: Candidate, ends_at=STATEMENT_END) -> str | None:
    """The statement a number in prose stands in, between semicolons or contrasting words ("while",
    "but"), or what else ``ends_at``; None in a table, or where the sentence is one statement."""
    if candidate.in_table:
        return None
    sentence, at = candidate.levels[2], candidate.at
    if not (ends := [end.span() for end in ends_at.finditer(sentence)]):
        return None
    start = max((end for _, end in ends if end <= at), default=0)
    after = at + len(candidate.text)
    stop = min((begin for begin, _ in ends if begin >= after), default=len(sentence))
    return sentence[start:stop]


def _statement(candidate: Candidate) -> str:
    """A number's own statement, or else its sentence (or cell)."""
    return _own_statement(candidate) or candidate.levels[2]


# A number the words before it say is a difference: "a difference of 1.25", "gap: 2.8".
_DIFFERENCE_BEFORE = re.compile(
    r"(?:\bdifferen\w*|\bgap\b|\bdelta\b|Δ|ผลต่าง|ส่วนต่าง)\s*(?:of|is|was|=|:|คือ)?\s*"
    r"(?:about|around|roughly|some|only|just)?\s*[*_$]*$",
    re.I,
)
_IN_POINTS_AFTER = re.compile(rf"{_POINTS_AFTER.pattern}|[*_$]*\s*pp\b", re.I)
_SIGNED_OR_NOT = re.compile(rf"{SIGN}?\d+(?:\.\d+)?")
# The pair right after a difference in points, in a parenthesis ("by 1.25 pp (18.64 vs
# 17.39)") or after a colon ("by 1.25 pp on Isan: 18.64 % against 17.39 %").
_POINTS = rf"{SIGN}?\d+(?:\.\d+)?(?:{_IN_POINTS_AFTER.pattern})"
_A_PAIR_AFTER_POINTS = re.compile(rf"{_POINTS}[*_]*\s*\(\s*[*_]*$", re.I)
_A_COLON_AFTER_POINTS = re.compile(rf"{_POINTS}[^\d,;:()]*:\s*[*_]*$", re.I)
# (A third number makes it a list, whose each nothing says; "0.6B" is no number.)
_A_FURTHER_NUMBER = re.compile(rf"(?<![\w.]){SIGN}?\d+(?:\.\d+)?(?![\w.])")
_A_PAIR = re.compile(  # (two words at most after the comparison: "17.39 % against our 18.64 %")
    rf"\s*[*_]*(\d+\.\d+)(?:{VERSUS.pattern}|{PAIRED_AGAINST.pattern})(?:\s*[^\W\d_]+){{0,2}}"
    r"\s*(\d+\.\d+)[*_]*\s*%?\s*",
    re.I,
)
# One of two numbers set against each other: "9.61 against our 9.72", "18.64 vs 17.39".
_SET_AGAINST = re.compile(
    rf"[*_$]*+\s*+%?\s*+[*_$]*+\s*+(?:against|{_VS})(?:\s+[^\W\d_]+){{0,2}}\s*[*_$]*", re.I
)
# What states a result, right before its number: "gets", Thai "ได้" (a CER so stated, its
# percent sign left out as casual Thai does).
_STATES_A_RESULT_BEFORE = re.compile(rf"(?:{words.pattern('states_a_result')})\s*[*_]*\s*$")


def _where_a_pair_after_a_difference_opens(candidate: Candidate) -> int | None:
    """Where the pair after a difference in points that an unsigned number stands in opens
    (its parenthesis or colon): the two CERs the difference is of."""
    sentence, at = candidate.levels[2], candidate.at
    if candidate.in_table or _signed(candidate.text):
        return None
    opening = _where_its_lone_pair_opens(candidate)
    if opening is not None and _A_PAIR_AFTER_POINTS.search(sentence, 0, opening + 1):
        return opening
    colon = sentence.rfind(":", 0, at)
    pair = _A_PAIR.match(sentence, colon + 1) if colon >= 0 else None
    if (
        pair
        and pair.start(1) <= at < pair.end()
        and not _A_FURTHER_NUMBER.search(sentence, pair.end())
        and _A_COLON_AFTER_POINTS.search(sentence, 0, colon + 1)
    ):
        return colon
    return None


def _beside_a_difference_stated_by_another(candidate: Candidate) -> bool:
    """An unsigned number in percent, or set against another, whose own clauses say nothing of
    a difference, beside a number that is one: in "lower than B (9.50 %) by 2.81 points", 9.50
    is a CER; so are both of a pair right after a difference in points."""
    if _where_a_pair_after_a_difference_opens(candidate) is not None:
        return True
    levels = candidate.levels
    before, after = clauses_beside(levels)
    # Thai writes no comma between clauses: the words leading to the next number are its
    # ("17.39% ของ Typhoon 0.6B ส่วนต่าง -0.34 จุด").
    if after == levels[1] and (lead := _DIFFERENCE_BEFORE.search(after)):
        after = after[: lead.start()]
    paired = any(map(_SET_AGAINST.fullmatch, levels[:2]))  # "9.61 against our 9.72"
    stated = _STATES_A_RESULT_BEFORE.search(levels[0])  # "เราได้ 8.72 Typhoon 0.6B ได้ 8.99"
    if (
        candidate.in_table
        or _signed(candidate.text)
        or not (re.match(r"[*_]*\s*%", levels[1]) or paired or stated)
        or _speaks_of_a_difference((before, after), _opens(levels[0]))
    ):
        return False
    sentence, at = levels[2], candidate.at
    return any(
        _IN_POINTS_AFTER.match(sentence, number.end())
        or _DIFFERENCE_BEFORE.search(sentence, 0, number.start())
        for number in _SIGNED_OR_NOT.finditer(sentence)
        if not number.start() <= at < number.end()
    )


def _a_cer_in_percent(candidate: Candidate) -> bool:
    """Whether a number is a CER though its sentence speaks of a difference: in percent in its
    own statement that speaks of none ("6.85 % on FLEURS; the difference is 0.16 pp"), unsigned
    between middle dots ("A 6.69 · B 9.50 · Δ −2.81"), or beside another's difference. (A
    colon ends a statement here: "... does not close the gap: there it reaches 17.09 %".)"""
    statement, after = _own_statement(candidate, _STATEMENT_OR_COLON), candidate.levels[1]
    if statement is not None and not DIFFERENCE_WORDS.search(statement):
        if re.match(r"[*_]*\s*%", after) and not _POINTS_AFTER.match(after):
            return True
        dotted = re.search(r"[·•]", candidate.levels[2])
        if dotted and not _signed(candidate.text) and not _IN_POINTS_AFTER.match(after):
            return True
    lone_pair = _where_its_lone_pair_opens(candidate) is not None
    return lone_pair or _beside_a_difference_stated_by_another(candidate)


def _where_its_lone_pair_opens(candidate: Candidate) -> int | None:
    """Where the parenthesis opens that a number in prose and one set against it alone fill ("TY
    wins Isan (17.09 vs 19.23)"): two CERs, whatever the sentence says of a difference (a
    difference is no side of a comparison, unless in points: "(2.81 vs 2.05 pp)")."""
    sentence, at = candidate.levels[2], candidate.at
    opening, closing = sentence.rfind("(", 0, at), sentence.find(")", at)
    lone = not candidate.in_table and 0 <= opening < closing
    return opening if lone and _A_PAIR.fullmatch(sentence, opening + 1, closing) else None


def _opens(before: str) -> bool:
    """Whether a number opens a parenthesis, or follows a colon (its text before it)."""
    return before.rstrip(" *_").endswith(("(", ":"))


def _speaks_of_a_difference(
    levels: tuple[str, ...], opens_a_parenthesis: bool | None = None
) -> bool:
    """Whether a number is a difference: the nearest level that speaks of a difference or of
    a CER decides, and in one a difference wins ("the CER is higher by 2.81 pp").
    ``opens_a_parenthesis``: given where the levels are a number's two clauses already."""
    before = clauses_beside(levels)[0]
    opens = opens_a_parenthesis if opens_a_parenthesis is not None else _opens(levels[0])
    if (
        _POINTS_AFTER.match(levels[1])  # "falls 2.81 points": a CER is never in points
        or _FEWER_ERRORS_AFTER.match(levels[1])  # "29.6 % fewer errors"
        or (_BY_BEFORE.search(before) and DIRECTION_WORDS.search(before))  # "lower by 29.6 %"
        or (_a_thai_amount(before, levels[1]) and not opens)  # (not "ต่ำกว่า B (9.50%)": B's)
    ):
        return True  # a change, never a CER
    # (A table's caption naming both, "CERs ... or paired differences in pp", is of a table
    # of both: it decides neither, and its cells, rows and columns say which each is.)
    caption = levels[-1] if len(levels) == len(TABLE_LEVELS) - 1 else None
    for level in (" ".join(clauses_beside(levels)), " ".join(levels[:2]), *levels[2:]):
        differs, ours = DIFFERENCE_WORDS.search(level), OUR_METRIC.search(level)
        if differs and ours and level is caption:
            continue
        if differs:
            return True
        if ours:
            return False
    return False


@dataclass(frozen=True)
class _Facts:
    """What a figure is of, as a context can name it."""

    kind: str  # "cer", "aggregate" or "diff"
    latency: int
    subject: str
    systems: frozenset[str]  # its system, or a comparison's two
    split: bool
    part: str  # "estimate", "low", "high" ("estimate" for a CER)


def _facts_of(result: CardResult) -> Mapping[str, _Facts]:
    """Each figure's facts, kept by the figures and what they depend on: a test process marks
    hundreds of small cards against one card's figures. Read-only: every caller shares it."""
    spec = result.spec
    return _FACTS.get(
        (tuple(result.exact), tuple(spec.systems), spec.comparisons),
        lambda: MappingProxyType(
            {name: fact for name in result.exact if (fact := _facts(name, spec)) is not None}
        ),
    )


_FACTS = Memo(kept=8)


def _facts(name: str, spec: CardSpec) -> _Facts | None:
    figure = parse_figure(name)
    if figure.kind != "diff":
        system, split = _system_and_decoding(figure.column, spec)
        systems = frozenset((system,))
        return _Facts(figure.kind, figure.latency_ms, figure.subject, systems, split, "estimate")
    if figure.part == "tie":
        return None
    comparison = _comparison_of(name, spec)
    systems = frozenset((comparison.a, comparison.b))
    return _Facts("diff", figure.latency_ms, figure.subject, systems, comparison.split, figure.part)


def _fits(facts: _Facts, wanted: _Wanted) -> bool:
    if facts.latency not in wanted.latencies:
        return False
    if facts.split != wanted.split or facts.part != wanted.bound:
        return False
    if wanted.subjects is not None and facts.subject not in wanted.subjects:
        return False
    if facts.kind != "diff":
        return not wanted.difference and bool(facts.systems & wanted.systems)
    if len(wanted.systems) > 1:
        return facts.systems <= wanted.systems
    # A difference is named as one, or by both its systems.
    return wanted.difference is not None and bool(facts.systems & wanted.systems)


@dataclass(frozen=True)
class Marked:
    candidate: Candidate
    figure: str | None  # None: unexplained or ambiguous
    verdict: str  # "marked", "drift", "unexplained", "ambiguous", "already"
    gives: str = ""  # what the data give, for a drift
    fits: tuple[str, ...] = ()  # the figures an ambiguous number fits
    # What the data give for each of those figures, as the card prints it: a person choosing
    # between them sees the values (a listed or ambiguous number's).
    fit_values: tuple[str, ...] = ()
    magnitude: bool = False  # a negative difference's size, its way in words ("better by")
    turned: bool = False  # the difference stated B − A, where the card's is A − B
    # Why a number is listed, not marked, beyond its value (``mark_report.UNEXPLAINED``
    # says each in words), and ``named``: what it reads as instead.
    why: str = ""
    named: str = ""
    evidence: tuple[Evidence, ...] = ()  # a drift's: where its context names its figure's parts
    # A drift's other readings, each further from it than any drift ("name = value"): why
    # it was read as its figure and not as one of them.
    rather_than: tuple[str, ...] = ()

    @property
    def read(self) -> bool:
        """Whether the number was read as a figure: to mark, drifted, or marked already."""
        return self.verdict in ("marked", "drift", "already")

    def listed_as(self, why: str) -> str | None:
        """The one figure a number listed for ``why`` fits (a sibling's value, signed)."""
        return self.fits[0] if self.why == why and len(self.fits) == 1 else None


def _listed(candidate: Candidate, fits=(), why: str = "", named: str = "", gives="") -> Marked:
    """A number listed, not marked: the figures it may be, and why (see ``Marked``)."""
    return Marked(candidate, None, "unexplained", gives, tuple(fits), why=why, named=named)


def _drifted(candidate: Candidate, name: str, value, magnitude=False, turned=False) -> Marked:
    """``candidate`` read as ``name``, stale: to be written at ``value`` (or its size)."""
    gives = format_like(name, value, candidate.text)
    return Marked(candidate, name, "drift", gives, magnitude=magnitude, turned=turned)


@dataclass(frozen=True)
class _Known:
    """What the rules know besides a number: the card's figures and names, each figure's facts,
    and every number as the rules before have read it."""

    result: CardResult
    names: Names
    facts: Mapping[str, _Facts]
    found: list[Marked] = field(default_factory=list)

    @property
    def spec(self) -> CardSpec:
        return self.result.spec

    @property
    def exact(self) -> dict:
        return self.result.exact

    @cached_property
    def _by_kind(self) -> dict[tuple, list[tuple[int, str, _Facts]]]:
        """The figures by what every reading asks first (latency, decoding, part): a card's
        numbers are each asked of all of its figures."""
        by_kind = {}
        for at, (name, fact) in enumerate(self.facts.items()):
            by_kind.setdefault((fact.latency, fact.split, fact.part), []).append((at, name, fact))
        return by_kind

    def fitting(self, candidate: Candidate, wanted: _Wanted, splits: tuple = ()) -> list[str]:
        """The figures a reading fits (decoded any of ``splits`` ways, else its own way); for a
        signed number, only differences where any fit: no CER is written signed."""
        readings = [replace(wanted, split=way) for way in splits] or [wanted]
        fits = {}  # by the figure's place among the card's, so in the card's order
        for reading in readings:
            for latency in reading.latencies:
                kind = (latency, reading.split, reading.bound)
                for at, name, fact in self._by_kind.get(kind, ()):
                    if at not in fits and _fits(fact, reading):
                        fits[at] = name
        fits = [fits[at] for at in sorted(fits)]
        differences = [name for name in fits if name.startswith("diff/")]
        return (differences or fits) if _signed(candidate.text) else fits


def identify(candidate: Candidate, known: _Known) -> Marked:
    """Which figure a number is, from its context and its value (see the module's docstring)."""
    if candidate.foreign:
        return Marked(candidate, None, "foreign")
    spec, exact, names = known.spec, known.exact, known.names
    narrow = _constraints(candidate, spec, names, narrow=True)
    if "." not in candidate.text:
        return _a_whole_number(candidate, narrow, known)
    if subject := a_new_subject_unknown(candidate, names):  # (never read by its value)
        return _listed(candidate, why="new subject", named=subject)
    wide = _constraints(candidate, spec, names, narrow=False)
    narrow_fits, wide_fits = known.fitting(candidate, narrow), known.fitting(candidate, wide)
    found = _by_its_value(candidate, narrow_fits, wide_fits, exact)
    if found is None or found.verdict == "ambiguous" or wide.subjects is None:
        # (A value some set prints, where no level names one, yields to the set named before.)
        before = _read_with_the_sentence_before(candidate, (narrow, wide), known)
        if before and (found is None or found.verdict == "ambiguous" or before.verdict == "marked"):
            found = before
    if found is None:
        found = _the_other_side_of_a_pair(candidate, narrow, known)
    if found is None and candidate.alone and len(narrow_fits) == 1:
        # A context that names exactly one figure says which: a value not the data's is it
        # drifted. Not in a cell holding something else ("9.50 / 12.80").
        found = _the_one_figure_named(candidate, narrow_fits[0], known)
    if found is not None:
        return found
    # Unexplained: its value is none of the figures its context names, or its context names
    # no set or aggregate of the card's at all (it may be none of ours).
    wanted = narrow if narrow.subjects is not None else wide
    if wanted.subjects is None:
        return _listed(candidate)
    named = narrow_fits if wanted is narrow else wide_fits
    if not named and (against := _against_each(candidate, wanted, known)):
        if near := _the_one_within_a_drift(candidate, wanted, against, known):
            others = [f"{n} = {format_value(n, known.exact[n])}" for n in against if n != near]
            found = _the_one_figure_named(candidate, near, known)
            return replace(found, rather_than=tuple(others)) if found.read else found
        named = against
    if named:
        return _listed(candidate, named)
    return _listed(candidate, why="no such figure", named=_what_it_names(wanted, spec))


def _the_other_side_of_a_pair(candidate: Candidate, narrow: _Wanted, known: _Known):
    """The second number of a pair in a sentence naming no system ("Pooled over the LOTUSDIS
    devices: 17.81 against 19.15"): the figure of the one system the card compares its own
    with whose value it is, at the set and latency its context names. By its value alone:
    a value no such figure prints stays unexplained, never drift."""
    levels, names, spec = candidate.levels, known.names, known.spec
    if candidate.in_table or narrow.subjects is None or narrow.difference:
        return None
    pair = _FIRST_OF_A_PAIR.fullmatch(levels[0])  # ("17.81 against 19.15"; not "from a to b")
    if pair is None or pair["word"].lower() == "to":
        return None
    if any(names.systems_in(level) for level in levels[:3]):
        return None
    own = _own_system(spec)
    partners = {c.b for c in spec.comparisons if c.a == own}
    partners |= {c.a for c in spec.comparisons if c.b == own}
    fits = known.fitting(candidate, replace(narrow, systems=frozenset(partners)))
    matches = [name for name in fits if printed_as(known.exact[name], candidate.text)]
    return Marked(candidate, matches[0], "marked") if len(matches) == 1 else None


def _against_each(candidate: Candidate, wanted: _Wanted, known: _Known) -> list[str]:
    """A difference whose context names only systems other than the card's own ("against 16.31 %
    for Typhoon 0.6B and 15.89 % with its LM ... ΔCER = −4.69"): the figures of the card's own
    model against each, which a person must choose between (listed, never read)."""
    own = _own_system(known.spec)
    if not wanted.difference or own in wanted.systems or len(wanted.systems) < 2:
        return []
    return known.fitting(candidate, replace(wanted, systems=wanted.systems | {own}))


def _the_one_within_a_drift(
    candidate: Candidate, wanted: _Wanted, against: list[str], known: _Known
) -> str | None:
    """Of the card's own model against each baseline its context names, the one figure within a
    drift of the number, every other being further (``_far_from``): only where the sentence
    before states the own model's figure, and the context names no variant of that model."""
    own = _own_system(known.spec)
    if not candidate.alone or any(key.split("_")[0] == own for key in wanted.systems):
        return None
    if known.names.systems_in(_statement(candidate)) or not _states_its_own_before(
        candidate, known
    ):
        return None  # ("The LM's largest gain ...": the baselines' own difference)
    near = [name for name in against if not _far_from(candidate.text, name, known.exact)]
    return near[0] if len(near) == 1 else None


def _states_its_own_before(candidate: Candidate, known: _Known) -> bool:
    """Whether the sentence right before ``candidate``'s states, at its value, a figure of the
    card's own model ("it reaches 14.77 % ..., against 16.31 % for Typhoon 0.6B and 15.89 %
    with its LM"): the baselines it names are set against the card's own model."""
    own = _own_system(known.spec)
    said = [n.group() for s in candidate.earlier[:1] for n in _A_FURTHER_NUMBER.finditer(s)]
    said = [number for number in said if "." in number]  # ("11 test sets" states nothing)
    return any(
        printed_as(known.exact[name], number)
        for name, fact in known.facts.items()
        if fact.kind != "diff" and fact.systems == {own}
        for number in said
    )


def _read_with_the_sentence_before(
    candidate: Candidate, read_as: tuple[_Wanted, _Wanted], known: _Known
) -> Marked | None:
    """A prose number read with what the sentence before it names of a dimension its own names
    nothing of ("Is 1.12 s worth it? ... The average improves to 14.56 %"): where it then prints
    one figure, or is within a drift of the one its narrow reading names, and nearest to it."""
    if candidate.in_table:
        return None
    (narrow, wide), exact, names = read_as, known.exact, known.names
    read = _Levels(candidate.levels, known.spec, names, narrow=False)
    carried = {}
    for part, found_in in (("subjects", names.subjects_in), ("latencies", read.latencies_in)):
        if not read.own_names(found_in) and (before := _named_before(candidate, found_in)):
            carried[part] = before
    if not any(names.systems_in(clause) for clause in clauses_beside(candidate.levels)):
        if (before := _named_before(candidate, names.systems_in)) - wide.systems:
            carried["systems"] = wide.systems | before  # ("it", "its": either, by its value)
    splits = _decodings_before(candidate, read)
    if not carried and splits == (wide.split,):
        return None
    wide_fits = known.fitting(candidate, wide)
    wide_carried = known.fitting(candidate, replace(wide, **carried), splits)
    narrow_carried = known.fitting(candidate, replace(narrow, **carried), splits)
    if len(matches := [n for n in wide_carried if printed_as(exact[n], candidate.text)]) == 1:
        return Marked(candidate, matches[0], "marked")
    readings = {*wide_fits, *wide_carried, *narrow_carried}
    # (Of the readings a drift's distance away, one of a signed number's own sign comes first:
    # only words setting the sides the other way round make it another's. "+1.22" is Isan's
    # +1.25, not another set's −1.23.)
    gaps = {name: _points_from(candidate.text, name, exact) for name in readings}

    def nearness(name: str) -> tuple:
        given = format_value(name, exact[name])
        far = gaps[name] > UNUSUAL_POINTS
        return far, not far and _turns_the_sign(candidate.text, given, Fraction(0)), gaps[name]

    nearest = sorted(gaps, key=nearness)[:2]
    # A drift's figure is the one the words name, never picked by its value among several.
    if matches or len(narrow_carried) != 1 or narrow_carried != nearest[:1]:
        return None
    if gaps[nearest[0]] > UNUSUAL_POINTS:
        return None
    if len(nearest) > 1 and nearness(nearest[1]) <= nearness(nearest[0]):
        return None  # another reading as near
    return _the_one_figure_named(candidate, nearest[0], known)


def _decodings_before(candidate: Candidate, read: _Levels) -> tuple[bool, ...]:
    """How a number whose own sentence names no decoding was decoded, as the nearest sentence
    before it naming one says (either, where it names both: "decoded whole or cut ... and
    decoded in pieces. Cut this way, it goes from 10.71 % to 8.72 %"); else its own reading."""
    decoding = ways_of_decoding(read.names.in_pieces)
    if not read.own_names(decoding.findall):
        before = next((s for s in candidate.earlier if decoding.search(s)), "")
        if found := {"split" in read.decodings(m.group()) for m in decoding.finditer(before)}:
            return tuple(sorted(found))
    return ("split" in (read.pick(read.decodings) or ()),)


def _named_before(candidate: Candidate, found_in) -> frozenset:
    """What the nearest sentence before ``candidate`` in its paragraph naming any of one
    dimension (``found_in``) names of it."""
    return frozenset(next(filter(None, map(found_in, candidate.earlier)), ()))


def _a_whole_number(candidate: Candidate, narrow: _Wanted, known: _Known) -> Marked:
    """ "7 %": a figure only where its context names one alone ("3 pp": said to be one)."""
    fits = [
        name
        for name, fact in known.facts.items()
        if _fits(fact, narrow) and (narrow.difference or fact.kind != "diff")
    ]
    if len(fits) == 1 and printed_as(known.exact[fits[0]], candidate.text):
        return Marked(candidate, fits[0], "marked")
    return _listed(candidate, fits, why="whole")


def _by_its_value(candidate: Candidate, narrow_fits, wide_fits, exact) -> Marked | None:
    """The figure a number's value is, of those its nearest or wider reading fits (the nearest
    deciding between several), or a difference's size said to be one; None where none."""
    if len(narrow_fits) == 1 and printed_as(exact[narrow_fits[0]], candidate.text):
        return Marked(candidate, narrow_fits[0], "marked")
    matches = [name for name in wide_fits if printed_as(exact[name], candidate.text)]
    if len(matches) == 1:
        return Marked(candidate, matches[0], "marked")
    if len(matches) > 1:
        # In Typhoon's column, 15.82 is Typhoon's average, not the card's own model's CER.
        nearest = [name for name in matches if name in narrow_fits]
        if len(nearest) == 1:
            return Marked(candidate, nearest[0], "marked")
        return Marked(candidate, None, "ambiguous", fits=tuple(matches))
    if _states_a_size(candidate):
        sizes = [
            size
            for name in wide_fits
            if name.startswith("diff/")
            and exact[name] < 0
            and printed_as(-exact[size := _end_of_a_size(name, candidate)], candidate.text)
        ]
        if len(narrow_fits) == 1 and _end_of_a_size(narrow_fits[0], candidate) in sizes:
            sizes = [_end_of_a_size(narrow_fits[0], candidate)]
        if len(sizes) == 1:
            return Marked(candidate, sizes[0], "marked", magnitude=True)
    return None


def _the_one_figure_named(candidate: Candidate, name: str, known: _Known) -> Marked:
    """A number whose context names one figure alone, at another value: that figure
    drifted, unless its words say it is something else of that figure's (listed)."""
    spec, exact, text = known.spec, known.exact, candidate.text

    def unexplained(why: str, named: str = "") -> Marked:
        return _listed(candidate, (name,), why, named)

    if not candidate.in_table and (quoted := _quoted_in(_statement(candidate))):
        # "reported by its authors": theirs, whatever figure of ours its value is near
        return unexplained("quoted", quoted)
    if name.startswith(("cer/", "aggregate/")):
        if _signed(text):
            return unexplained("signed")
        # "0.0669" where 6.69 % stands: its scale (not "0.27" where 14.50 % stands).
        as_percent = str(Fraction(text) * 100)
        if Fraction(text) < 1 <= exact[name] * 100 and not _far_from(as_percent, name, exact):
            return unexplained("fraction")
    if _a_relative_difference(text, name, exact):
        return unexplained("relative")
    if other := _a_sibling_it_prints(text, name, known):
        return unexplained("a sibling's", other)
    if kin := _a_kin_set_spoken_of(candidate, name, spec):
        return unexplained("kin", spec.set_names[kin])
    if before := _another_subject_before_it(candidate, name, known):
        return unexplained("an aggregate's", before)
    if name.startswith("diff/") and exact[name] < 0 and _states_a_size(candidate):
        # "Better by 2.90 pp", stale: the size drifted; the words beside it stand.
        size = _end_of_a_size(name, candidate)
        return _drifted(candidate, size, -exact[size], magnitude=True)
    return _drifted(candidate, name, exact[name])


def _a_sibling_it_prints(text: str, name: str, known: _Known) -> str | None:
    """The figure of the same kind and set (another system, latency or decoding), or of a kin
    set otherwise the same, that ``text`` prints: a drift would write the wrong figure."""
    own, facts = known.facts[name], known.facts
    related = _related_sets(known.spec).get(own.subject, frozenset())
    where = attrgetter("systems", "latency", "split")

    def sibling(own: _Facts, fact: _Facts) -> bool:
        kin = fact.subject in related and where(fact) == where(own)
        return (fact.kind, fact.part) == (own.kind, own.part) and (
            fact.subject == own.subject or kin
        )

    prints = _others_printed(text, name, known, sibling)
    # (Its own set's first: the context named that set.)
    return min(prints, key=lambda other: facts[other].subject != own.subject, default=None)


def _never_on_a_guess(m: Marked, known: _Known) -> Marked | None:
    """A drift that may be a misreading, listed rather than rewritten: at another figure's value,
    nearer another's in a part its context does not name, or further than drifts go."""
    if m.verdict == "marked":
        return _by_value_in_an_unnamed_set(m, known)
    if m.verdict != "drift":
        return None
    text, exact = m.candidate.text, known.exact
    if several := SEVERAL_RUNS.search(m.candidate.levels[2]):
        # "14.78 ± 0.05 over 3 seeds" off the card's 14.77: several runs' mean, not stale.
        return _listed(m.candidate, (m.figure,), "several runs", named=several.group())
    if worked_out := _a_subtraction_of_printed_cers(m, known):
        # "Typhoon's 31.95 minus our 30.00 is 1.95 points": the sentence's own arithmetic,
        # which rounding keeps a unit off the paired estimate (−1.96), not a stale number.
        return _listed(m.candidate, (m.figure,), "subtraction", named=worked_out)
    if _turns_the_sign(text, m.gives):
        # "+2.09 points for ours" read as −2.14: a re-run moves a difference by a fraction of
        # a point, never across zero; the reading has the sides the wrong way round.
        return _listed(m.candidate, (m.figure,), "sign", gives=m.gives)
    # "17.39" read as Typhoon's FLEURS CER is Typhoon's Isan CER.
    others = _others_printed(text, m.figure, known, _one_part_apart)
    gap = _points_from(text, m.figure, exact)
    if not others and gap is not None and gap > UNUSUAL_POINTS and "." in text:
        # Unusually far: "17.09" read as the 1120 ms average (14.50) is any figure of its kind
        # it prints (Typhoon's Isan CER at 1120 ms).
        others = _others_printed(text, m.figure, known, _of_one_kind)
    if others:
        return _ambiguous(m, others)
    unnamed = {part for part, _, depth, _ in _parts_named(m, known) if depth is None}
    # A latency that the sentences before it in its paragraph name ("Is 1.12 s worth it? The
    # average improves to 14.56 %") leaves the headline's standing in for it in doubt.
    named_before = "latency" in unnamed and any(
        ms != known.facts[m.figure].latency
        for sentence in m.candidate.earlier
        for ms in known.names.latencies_in(sentence)
    )
    bound = Fraction(0) if named_before else UNUSUAL_POINTS
    nearer, why = _nearer_in_what_is_unnamed(text, m.figure, known, unnamed, bound), "nearer"
    if not nearer and (nearer := _nearer_one_its_context_names_too(m, known)):
        why = "also named"
    far = _far_from(text, m.figure, exact)
    # (Far from its own, it is listed as far, unless as near another as a drift goes.)
    if nearer and (not far or _points_from(text, nearer[0], exact) <= UNUSUAL_POINTS):
        return _ambiguous(m, nearer, why=why)
    if far:
        far_off = _listed(m.candidate, (m.figure,), why="far", named=m.gives)
        return replace(far_off, turned=m.turned, magnitude=m.magnitude)  # (as the data give)
    return None


def _a_subtraction_of_printed_cers(m: Marked, known: _Known) -> str | None:
    """ "a − b" where a difference's sentence prints before it the CERs of its two sides, as
    the data give them, and the number is a minus b, within a unit of its last digit of the
    paired estimate: the subtraction of two rounded CERs, which rounding may put a unit off."""
    facts, candidate = known.facts[m.figure], m.candidate
    gap = _points_from(candidate.text, m.figure, known.exact)
    unit = Fraction(1, 10 ** len(candidate.text.rpartition(".")[2].strip("`%* ")))
    if facts.kind != "diff" or facts.part != "estimate" or gap is None or gap >= unit:
        return None
    sides = [
        format_value(name, known.exact[name])
        for name, fact in known.facts.items()
        if fact.kind == "cer"
        and fact.part == "estimate"
        and fact.systems <= facts.systems
        and (fact.latency, fact.subject, fact.split) == (facts.latency, facts.subject, facts.split)
    ]
    before = candidate.levels[2][: candidate.at]
    printed = [p for p in re.findall(r"(?<![\d.])\d+\.\d+", before) if p in sides]
    size = abs(Fraction(ascii_signed(candidate.text.strip().strip("`%* "))))
    for a, b in itertools.combinations(dict.fromkeys(printed), 2):
        if abs(Fraction(a) - Fraction(b)) == size:
            return f"{max(a, b, key=Fraction)} − {min(a, b, key=Fraction)}"
    return None


def _turns_the_sign(text: str, gives: str, near_zero: Fraction | None = None) -> bool:
    """Whether writing ``gives`` over a signed ``text`` turns its sign, both more than ``near_zero``
    (else half a point) from zero: a difference near zero may cross it when stale."""
    if not _signed(text) or not gives:
        return False
    written, given = (Fraction(ascii_signed(n.strip("`%* "))) for n in (text, gives))
    near_zero = UNUSUAL_POINTS if near_zero is None else near_zero
    return written * given < 0 and min(abs(written), abs(given)) > near_zero


def _others_printed(text: str, name: str, known: _Known, related) -> list[str]:
    """The figures besides ``name`` whose value ``text`` prints, of those ``related(name's
    facts, theirs)`` says are kin to it."""
    own = known.facts[name]
    return [
        other
        for other, fact in known.facts.items()
        if other != name and related(own, fact) and printed_as(known.exact[other], text)
    ]


def _ambiguous(m: Marked, others=(), why: str = "another figure's value") -> Marked:
    """``m`` listed as ambiguous: the figure it was read as, or any of ``others``."""
    return Marked(m.candidate, None, "ambiguous", fits=(m.figure, *others), why=why)


def _by_value_in_an_unnamed_set(m: Marked, known: _Known) -> Marked | None:
    """A number read by its value where no level names its set: ambiguous where the figure of
    another set or decoding (same systems and latency) prints it ("goes from 12.61 % to 8.99 %")."""
    facts = known.facts
    if m.turned or m.figure not in facts:
        return None
    parts = _parts_named(m, known)
    if any(part == "subject" and depth is not None for part, _, depth, _ in parts):
        return None
    named_before = _named_before(m.candidate, known.names.subjects_in)
    if m.magnitude:  # a size by its value alone, its set named nowhere near, is any set's:
        # "the gap shrinks to about 1.4 points" after two averages
        unnamed = facts[m.figure].subject not in named_before
        return _listed(m.candidate, (m.figure,), why="unnamed size") if unnamed else None
    same = attrgetter("kind", "systems", "latency", "part")  # (all but set and decoding)
    # (Where its own sentence says it was decoded in pieces, only a figure so decoded.)
    said_split = facts[m.figure].split and known.names.in_pieces.search(m.candidate.levels[2])
    others = _others_printed(
        m.candidate.text,
        m.figure,
        known,
        lambda own, fact: same(own) == same(fact) and (fact.split or not said_split),
    )
    # Of the sets the sentence before names, where it names its own ("... on TVSpeech long.
    # Typhoon 0.6B ... goes from 12.61 % to 8.99 %": not TVSpeech's 8.99).
    if facts[m.figure].subject in named_before:
        others = [other for other in others if facts[other].subject in named_before]
    return _ambiguous(m, others) if others else None


def _of_one_kind(own: _Facts, fact: _Facts) -> bool:
    """Whether two figures are both differences, or neither (CERs and aggregates)."""
    return (own.kind == "diff") == (fact.kind == "diff")


def _one_part_apart(own: _Facts, fact: _Facts) -> str | None:
    """The one part (set, systems, latency or decoding) in which two figures of one kind
    and part differ; None where they differ in none, or in more."""
    if not _of_one_kind(own, fact) or fact.part != own.part:
        return None
    parts = ("subject", "systems", "latency", "split")
    differ = [part for part in parts if getattr(fact, part) != getattr(own, part)]
    return differ[0] if len(differ) == 1 else None


def _nearer_in_what_is_unnamed(
    text: str, name: str, known: _Known, unnamed: set[str], bound: Fraction
) -> list[str]:
    """The figures one part apart from ``name``, in a part its context does not name, nearer
    ``text`` where ``name`` is more than ``bound`` off ("17.42 % on Isan": Typhoon's 17.39)."""
    own = _points_from(text, name, known.exact)
    if own is None or own <= bound:
        return []  # as near as drifts go: the default reading stands
    gaps = {
        other: _points_from(text, other, known.exact)
        for other, fact in known.facts.items()
        if other != name and _one_part_apart(known.facts[name], fact) in unnamed
    }
    return sorted((other for other, gap in gaps.items() if gap < own), key=gaps.get)


def _nearer_one_its_context_names_too(m: Marked, known: _Known) -> list[str]:
    """The figures one part apart from ``m``'s whose part its context names too (a heading
    "vs Typhoon + 4-gram" over "... of Typhoon drops to 15.92 %"), nearer the number than
    ``m``'s: the nearest words chose among readings the value does not favour."""
    text, exact, names, facts = m.candidate.text, known.exact, known.names, known.facts
    own = _points_from(text, m.figure, exact)
    if own is None:
        return []
    context = " ".join(m.candidate.levels)
    said = {
        "subject": set(names.subjects_in(context)),
        "systems": set(names.systems_in(context)),
        "latency": set(names.latencies_in(context)),
    }

    def named(fact: _Facts, part: str) -> bool:
        value = getattr(fact, part)
        return value <= said["systems"] if part == "systems" else value in said.get(part, ())

    gaps = {
        other: _points_from(text, other, exact)
        for other, fact in facts.items()
        if (part := _one_part_apart(facts[m.figure], fact)) and named(fact, part)
    }
    return sorted((other for other, gap in gaps.items() if gap < own), key=gaps.get)


# A re-run or a normaliser change moves a figure by a fraction of a point: a number further
# than this from its figure is more likely misread than stale.
FAR_POINTS = Fraction(1)
# Half a point is already more than drifts move one: that far, with a default standing for
# its system or latency, and nearer another figure, it is that one's as likely.
UNUSUAL_POINTS = Fraction(1, 2)


def _points_from(text: str, name: str, exact) -> Fraction | None:
    """How many points ``text`` is from ``name``'s value (a difference's by its size: a size
    in words is unsigned); None where ``text`` is no number."""
    try:
        written = Fraction(ascii_signed(text.strip().strip("`%* ")))
    except ValueError:
        return None
    data = exact[name] * 100
    return abs(abs(written) - abs(data)) if name.startswith("diff/") else abs(written - data)


def _far_from(text: str, name: str, exact) -> bool:
    """Whether ``text`` is further from ``name``'s value than any drift is: more than a
    point (half a point for a difference)."""
    gap = _points_from(text, name, exact)
    # (A difference is a few points at most: half a point off is as far for it.)
    return gap is not None and gap > (UNUSUAL_POINTS if name.startswith("diff/") else FAR_POINTS)


def _another_subject_before_it(candidate: Candidate, name: str, known: _Known) -> str | None:
    """The aggregate a difference's statement names before it, not its set ("the average CER
    is 14.77 %, lower than B by 1.54 points"): the card gives no average's difference."""
    if candidate.in_table or not name.startswith("diff/"):
        return None
    sentence, at = candidate.levels[2], candidate.at
    named = known.names.subjects_in(STATEMENT_END.split(sentence[:at])[-1])  # (its statement's)
    aggregates = {aggregate.key: aggregate.display for aggregate in known.spec.aggregates}
    if parse_figure(name).subject in named or not named or named[-1] not in aggregates:
        return None
    return aggregates[named[-1]]


def _a_kin_set_spoken_of(candidate: Candidate, name: str, spec: CardSpec) -> str | None:
    """The kin set ("TVSpeech long": this set plus a word) whose word, or for a long set a word
    of long recordings, its sentence or headings say ("Joined recordings of TVSpeech: 10.74")."""
    subject = parse_figure(name).subject
    base = spec.set_names.get(subject, "")
    # (Of its sentence, up to where a clause after it opens another subject: "12.92 % on GS2,
    # and GS2 long is harder" speaks of GS2 long after the number's own words.)
    sentence, at = candidate.levels[2], candidate.at
    other = NEXT_SUBJECT.search(sentence, at)
    around = " ".join((sentence[: other.start()] if other else sentence, *candidate.levels[3:]))
    for kin in sorted(_related_sets(spec).get(subject, ())):
        display = spec.set_names[kin]
        if not display.startswith(base + " "):
            continue  # (this figure's set is the kin's longer name, not its base)
        word = display[len(base) + 1 :]
        said = LONG_WORDS if word.lower() == "long" else (word,)
        if any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", around, re.I) for w in said):
            return kin
    return None


def _related_sets(spec: CardSpec) -> dict[str, frozenset[str]]:
    """Each set's kin: the sets named as it plus a word, or less its last word."""
    base_of = {key: display.rpartition(" ")[0] for key, display in spec.set_names.items()}
    by_display = {display: key for key, display in spec.set_names.items()}
    kin: dict[str, set[str]] = {}
    for key, base in base_of.items():
        if base in by_display:
            kin.setdefault(key, set()).add(by_display[base])
            kin.setdefault(by_display[base], set()).add(key)
    return {key: frozenset(keys) for key, keys in kin.items()}


def _a_relative_difference(text: str, name: str, exact) -> bool:
    """ "−29.6" where a difference of −2.81 pp stands: relative to one of its two CERs, in
    percent, as a Δ column may give it unnamed (or nearer that than the difference)."""
    figure = parse_figure(name)
    if figure.kind != "diff" or figure.part != "estimate":
        return False
    columns = figure.column.split("-vs-")  # (A's and B's)
    cers = [exact.get(cer_figure(figure.latency_ms, figure.subject, column)) for column in columns]
    if None in cers or 0 in cers:
        return False
    size = ascii_signed(text).lstrip("+-")
    relatives = [abs(exact[name] / cer) for cer in cers]
    if any(printed_as(relative, size) for relative in relatives):
        return True
    # (Or near one, a tenth of it at most, and nearer than the difference: not any number in
    # percent, which would make "17.39 % against 18.64 %" a relative change of +1.25.)
    stated = Fraction(size) / 100
    return any(
        abs(stated - relative) <= relative / 10
        and abs(stated - relative) < abs(stated - abs(exact[name]))
        for relative in relatives
    )


def _end_of_a_size(name: str, candidate: Candidate) -> str:
    """The figure whose size an unsigned end of an interval states: a negative difference's
    size has the high end's size first ("2.81 points better (95% CI 1.76 to 3.75)")."""
    return name if candidate.bound is None else _turned_end(name)


def _turned_end(name: str) -> str:
    """A difference's figure with its interval's end swapped (the same for its estimate): B − A's
    interval is A − B's, negated and with its ends swapped."""
    stem, part = name.rsplit("/", 1)
    swapped = {"low": "high", "high": "low"}.get(part, part)
    return f"{stem}/{swapped}"


def _states_a_size(candidate: Candidate) -> bool:
    """An unsigned number whose own cell or sentence (with its row and column) says it is a
    difference's size: which way it goes ("better by 2.81 pp"), or a size ("the gap is")."""
    if _signed(candidate.text):
        return False
    own = candidate.levels[:5] if candidate.in_table else candidate.levels[:3]
    return any(
        DIRECTION_WORDS.search(level) or words.regex("size_words").search(level) for level in own
    )


def _signed(text: str) -> bool:
    return text[:1] in "+-−–"


def _what_it_names(wanted: _Wanted, spec: CardSpec) -> str:
    """A context's reading in the card's own words, for a report."""
    displays = {**spec.set_names, **{a.key: a.display for a in spec.aggregates}, **spec.systems}
    parts = [
        " or ".join(sorted(displays.get(k, k) for k in wanted.subjects)),
        " or ".join(sorted(displays.get(k, k) for k in wanted.systems or ())),
        " or ".join(f"{ms} ms" for ms in sorted(wanted.latencies)),
        "decoded in pieces" if wanted.split else "",
        "a difference" if wanted.difference else "",
        f"an interval's {wanted.bound} end" if wanted.bound != "estimate" else "",
    ]
    return ", ".join(part for part in parts if part)


# --------------------------------------------------------------- marking


def _own_mean(m: Marked, known: _Known) -> Marked | None:
    """An "Avg" the card computed itself: a drifted table aggregate at the printed mean of the
    CERs beside it (unless the data's), or beside only some of its sets (unless named)."""
    if m.verdict != "drift" or m.candidate.table is None or not m.figure.startswith("aggregate/"):
        return None
    peers_along = _cers_beside_in_the_table(m, known.found).items()
    aggregate = next(a for a in known.spec.aggregates if a.key == parse_figure(m.figure).subject)
    named = _names_the_aggregate(m.candidate, aggregate)
    headers = plain_name(f"{m.candidate.levels[3]} {m.candidate.levels[4]}")
    pooled = aggregate.method == "pooled" and " pooled " in headers
    says = Fraction(ascii_signed(m.candidate.text))
    decimals = len(m.candidate.text.split(".")[1])
    for along, peers in peers_along:
        if len(peers) < 2:
            continue
        every_set = {parse_figure(o.figure).subject for o in peers} == set(aggregate.sets)
        if every_set and (
            named
            or pooled
            or known.exact[m.figure] == sum(known.exact[o.figure] for o in peers) / len(peers)
        ):
            # The card's aggregate, stale or not: named, "pooled" over sets as long as each
            # other (LOTUSDIS: five microphones of one meeting), or their mean in the data.
            return None
        mean = sum(Fraction(ascii_signed(o.candidate.text)) for o in peers) / len(peers)
        if abs(mean - says) <= Fraction(1, 10**decimals):  # as its author rounded it
            named_as = f"the mean of the {len(peers)} CERs beside it in its {along}"
            return _listed(m.candidate, (m.figure,), why="own mean", named=named_as)
    if named:
        return None
    for along, peers in peers_along:
        shown = {parse_figure(o.figure).subject for o in peers}
        if len(shown) >= 2 and shown < set(aggregate.sets):
            named_as = f"the CERs of {len(shown)} of its {len(aggregate.sets)} sets in its {along}"
            return _listed(m.candidate, (m.figure,), why="some sets", named=named_as)
    return None


def _cers_beside_in_the_table(m: Marked, found: list[Marked]) -> dict[str, list[Marked]]:
    """{"row": the CERs read in a number's table row, "column": those in its column}."""
    same_table = [o for o in found if o is not m and o.candidate.table == m.candidate.table]
    cers = [o for o in same_table if o.read and o.figure.startswith("cer/")]
    row, column = m.candidate.row, m.candidate.levels[4]
    return {
        "row": [o for o in cers if o.candidate.row == row],
        "column": [o for o in cers if o.candidate.row != row and o.candidate.levels[4] == column],
    }


def _names_the_aggregate(candidate: Candidate, aggregate) -> bool:
    """Whether a table number's row or column names an aggregate, by its name or by how many sets
    it spans ("11 sets", "11 ชุด"), or the paragraph under the table does ("all eleven sets")."""
    around = f"{candidate.levels[3]} {candidate.levels[4]}"
    count = len(aggregate.sets)
    counted = "|".join([str(count)] + ([COUNT_WORDS[count]] if count < len(COUNT_WORDS) else []))
    spans = re.compile(rf"(?<![\w.])(?:{counted})\s*(?:(?:test\s+)?(?:sets|datasets)\b|ชุด)", re.I)
    return bool(
        plain_name(aggregate.display) in plain_name(around)
        or spans.search(around)
        or spans.search(candidate.under)
    )


def _orders(candidate: Candidate, names: Names):
    """(systems first, systems second) of each level that orders two systems, nearest first:
    "Compared with OpenThai2.0, Typhoon 0.6B changes CER by 2.81 pp" is Typhoon − OpenThai2.0."""
    if leading := _LEADING_COMPARISON.match(candidate.levels[0]):
        yield names.systems_in(leading.group("rest")), names.systems_in(leading.group("baseline"))
    sentence, at = candidate.levels[2], candidate.at
    against = words.regex("against").search(sentence, at + len(candidate.text))
    if not candidate.in_table and against and _one_clause(sentence[at : against.start()]):
        # (Its statement up to the number: in "17.39 % against 18.64 %, a gap of +1.25
        # points", "against" orders nothing of the gap.)
        statement = STATEMENT_END.split(sentence[:at])[-1]
        yield names.systems_in(statement), names.systems_in(sentence[against.end() :])
    # (Its own statement before its sentence: after "TY 17.39 vs OT2 18.64;", "Δ(OT2−TY) IS
    # +1.25 [−0.17, +2.76]" is OT2 − TY, ends too.)
    own = () if candidate.in_table else (STATEMENT_END.split(sentence[:at])[-1],)
    for level in (*candidate.levels[:2], *own, *candidate.levels[2:], candidate.under):
        parts = _ORDERED.split(level, maxsplit=1)
        if len(parts) == 2:
            yield names.systems_in(parts[0]), names.systems_in(parts[1])


def _one_clause(text: str) -> bool:
    """Whether ``text`` holds no break of a clause outside brackets: in "+2.09 points for ours (95 %
    interval +0.66 to +3.47), the one interval against us", "against" orders nothing of +2.09."""
    return not re.search(r"[,;:](?!\d)", re.sub(r"\([^()]*\)", "", text))  # (not "1,120")


def _as_ordered(comparison, before, after) -> str | None:
    """How an order of systems (named before its word, after it) states A − B: "as is",
    "turned" or None. With nothing before, the one after is the second ("Δ vs B": as is)."""
    a, b = comparison.a, comparison.b
    if a in before and b in after:
        return "as is"
    if b in before and a in after:
        return "turned"
    if not before:
        named = set(after) & {a, b}
        return "as is" if named == {b} else "turned" if named == {a} else None
    return None


def _the_other_way_round(m: Marked, known: _Known) -> Marked | None:
    """A difference whose nearest ordering context states it B − A: marked or drifted as the
    card's figure turned where its value or context allows, else listed."""
    spec = known.spec
    if m.verdict in ("marked", "drift") and not m.magnitude:
        figures = (m.figure,)
    elif m.verdict == "unexplained" and not m.why:  # of the figures its context names
        figures = m.fits
    else:
        return None
    comparisons = {name: _comparison_of(name, spec) for name in figures if name.startswith("diff/")}
    for before, after in _orders(m.candidate, known.names):
        readings = {name: _as_ordered(c, before, after) for name, c in comparisons.items()}
        if "as is" in readings.values():
            return None
        turned = [name for name, reading in readings.items() if reading == "turned"]
        if len(turned) != 1:
            continue
        comparison = comparisons[turned[0]]
        name = _turned_end(turned[0])
        value = -known.exact[name]
        if printed_as(value, m.candidate.text):
            return Marked(m.candidate, name, "marked", turned=True)
        if m.verdict == "drift" and m.candidate.alone:
            return _drifted(m.candidate, name, value, turned=True)
        named = f"{spec.systems[comparison.b]} − {spec.systems[comparison.a]}"
        return _listed(m.candidate, (turned[0],), why="other way round", named=named)
    return None


def _an_estimate(name: str | None) -> bool:
    return name is not None and name.startswith("diff/") and name.endswith("/estimate")


def _drifted_as_read(m: Marked) -> bool:
    """A difference drifted as the card gives it (not turned, nor a size)."""
    return (
        m.verdict == "drift" and not m.turned and not m.magnitude and m.figure.startswith("diff/")
    )


def _an_end_beside_a_way_unsaid(m: Marked, known: _Known) -> Marked | None:
    """An interval's end drifted beside its estimate listed as "which way" (_which_way_unsaid):
    listed too, never drifted."""
    if not _drifted_as_read(m) or m.figure.endswith("/estimate"):
        return None
    estimate = f"{_stem(m.figure)}/estimate"
    for other in known.found:
        if _beside(m, other) and other.why == "which way" and other.fits == (estimate,):
            return _listed(m.candidate, (m.figure,), "which way", other.named, m.gives)
    return None


def _which_way_unsaid(m: Marked, known: _Known) -> Marked | None:
    """A difference drifted across zero, nearer the card's figure turned, whose words order its
    two systems nowhere: stale or B − A, the words do not say which. Listed, never drifted."""
    if not _drifted_as_read(m) or not m.figure.endswith("/estimate"):
        return None
    value, says = known.exact[m.figure], Fraction(ascii_signed(m.candidate.text)) / 100
    if (value < 0) == (says < 0) or abs(says + value) >= abs(says - value):
        return None
    comparison, orders = _comparison_of(m.figure, known.spec), _orders(m.candidate, known.names)
    if any(_as_ordered(comparison, before, after) == "as is" for before, after in orders):
        return None
    systems = known.spec.systems
    named = f"{systems[comparison.a]} − {systems[comparison.b]}"
    return _listed(m.candidate, (m.figure,), "which way", named, m.gives)


def _an_opening_comparison(statement: str, names: Names) -> tuple[set[str], str] | None:
    """The systems a comparison opening a statement compares with, and the rest of the statement:
    after its mark, or (Thai writes none) after its first name."""
    if leading := _LEADING_COMPARISON.match(statement):
        return set(names.systems_in(leading.group("baseline"))), leading.group("rest")
    opening = _OPENING_COMPARISON.match(statement)
    if opening is None or (first := names.system_opening(statement[opening.end() :])) is None:
        return None
    name_end = None  # the longest run of words naming that system alone ("Typhoon 0.6B")
    for word_end in re.finditer(r"(?=\s|$)", statement[opening.end() :]):
        end = opening.end() + word_end.start()
        if names.systems_in(statement[opening.end() : end]) == [first]:
            name_end = end
        elif name_end is not None:
            break
    return None if name_end is None else ({first}, statement[name_end:])


def _the_wrong_way(m: Marked, known: _Known) -> Marked | None:
    """A difference, or a CER in prose, whose words say which way one system goes against another
    ("2.81 pp higher than B") where the data give the other way: listed, as a marker keeps the
    number right, not the claim."""
    if m.verdict not in ("marked", "drift"):
        return None
    claim = _a_difference_claims(m, known) if _an_estimate(m.figure) else _a_cer_claims(m, known)
    if claim is None:
        return None
    who, whom, lower, gap = claim
    if gap == 0 or (gap < 0) == lower:
        return None  # the way the data give
    systems = known.spec.systems
    said = f"{systems[who]} {'lower' if lower else 'higher'} than {systems[whom]}"
    return _listed(m.candidate, (m.figure,), why="direction", named=said)


def _a_difference_claims(m: Marked, known: _Known) -> tuple | None:
    """(who, whom, whether its CER is said to be lower, who's CER less whom's in the data) where
    a difference's words say which way one system goes ("2.81 pp higher than B")."""
    candidate, names = m.candidate, known.names
    own, statement = " ".join(clauses_beside(candidate.levels)), _statement(candidate)
    says_nothing = not any(w.search(own) for w in (_LOWER_WORDS, _HIGHER_WORDS, _A_LEGEND))
    if says_nothing and not candidate.in_table and _of_one_set_and_latency(statement, names):
        # Its clause says no way: its statement's comparison may ("A makes more errors than B,
        # by 2.81 pp").
        own = _the_sides_of_its_comparison(statement, names)[2]
    if (lower := _the_way_said(own, own)) is None:
        return None
    comparison = _comparison_of(m.figure, known.spec)
    pair = {comparison.a, comparison.b}
    subject, other = _the_sides_set_against(m, pair, known)
    if len(subject) != 1 or len(other) != 1 or subject | other != pair:
        return None
    [who], [whom] = subject, other
    value = known.exact[m.figure]
    return who, whom, lower, value if who == comparison.a else -value


def _a_cer_claims(m: Marked, known: _Known) -> tuple | None:
    """The same, of a CER in prose whose statement (of one set and latency at most) says which
    way its system goes against another ("A is worse than B (6.69 % vs 9.50 %)")."""
    if not m.figure.startswith("cer/") or m.candidate.in_table:
        return None
    statement, figure = _statement(m.candidate), parse_figure(m.figure)
    subject, other, words = _the_sides_of_its_comparison(statement, known.names)
    lower = _the_way_said(words, statement)
    if (
        lower is None
        or not _of_one_set_and_latency(statement, known.names)
        or len(subject) != 1
        or len(other) != 1
        or subject == other
        or figure.column not in subject | other
    ):
        return None
    [who], [whom] = subject, other
    cers = [
        known.exact.get(cer_figure(figure.latency_ms, figure.subject, system))
        for system in (who, whom)
    ]
    return None if None in cers else (who, whom, lower, cers[0] - cers[1])


def _of_one_set_and_latency(statement: str, names: Names) -> bool:
    """Whether a statement names one set and one latency at most (its claim is of those)."""
    return len(set(names.subjects_in(statement))) <= 1 and len(set(latencies_in(statement))) <= 1


def _the_way_said(words: str, around: str) -> bool | None:
    """Whether ``words`` say a CER is lower (True) or higher (False); None where they say
    neither or both, or ``around`` them is a legend ("lower is better")."""
    lower, higher = _LOWER_WORDS.search(words), _HIGHER_WORDS.search(words)
    return None if bool(lower) == bool(higher) or _A_LEGEND.search(around) else bool(lower)


def _the_sides_set_against(m: Marked, pair: set, known: _Known):
    """(the subject, the other side) a difference's words set against each other: in a table,
    the order its column, row or caption gives; in prose, its statement's comparison."""
    candidate, names = m.candidate, known.names
    if candidate.in_table:
        orders = [(set(first), set(second)) for first, second in _orders(candidate, names)]
        one_each = ((first, second) for first, second in orders if len(first) == len(second) == 1)
        return next(one_each, (set(), set()))
    statement = _statement(candidate)
    subject, other, _ = _the_sides_of_its_comparison(statement, names)
    named = set(names.systems_in(statement))
    if (
        not other
        and len(named) == 1
        and named < pair
        and set(names.own_systems_in(statement)) == named
        and _a_variants_own_change(m, known) is None
    ):
        # "Typhoon 0.6B is ahead by 4.23 pp": the one system named, against the other side
        # of the difference it was read as. Where the change starts is the other side: the
        # one named after "from" ("ดีขึ้น 2.81 จุด จาก Typhoon", better by 2.81 points from
        # Typhoon), or before an arrow ("Typhoon 9.50% → 6.69% ดีขึ้น 2.81 จุด").
        # (Named in the clause "from" opens: "its difference from the th-TH prompt ..., where
        # th-mix is worse" names th-mix elsewhere, the subject.)
        origin = words.regex("differs_from").search(statement)
        after_origin = (
            re.split(r"[,;:(]", statement[origin.end() :], maxsplit=1)[0] if origin else ""
        )
        arrow = _ARROW.search(statement)
        if (
            names.systems_in(after_origin) and not names.systems_in(statement[: origin.start()])
        ) or (arrow and not names.systems_in(statement[arrow.end() :])):
            return pair - named, named
        return named, pair - named
    return subject, other


def _the_sides_of_its_comparison(statement: str, names: Names):
    """(the systems before a statement's comparison, those of its clause after it, the words
    that say which way): "Typhoon 0.6B reaches 14.68 %, lower than OpenThai2.0's 12.89 %"."""
    if opening := _an_opening_comparison(statement, names):
        other, rest = opening
        way = re.split(r"\(|(?<![\w.])\d", rest, maxsplit=1)[0]  # (not "OpenThai2.0")
        return set(names.systems_in(rest)), other, way
    # (Its first word that sets a system against another: a comparison, or "improves on".)
    found = filter(None, (COMPARES.search(statement), words.regex("improves_on").search(statement)))
    if (comparison := min(found, key=re.Match.start, default=None)) is None:
        return set(), set(), ""
    before, after = statement[: comparison.start()], statement[comparison.end() :]
    after = re.split(r"[,;:(]", after, maxsplit=1)[0]
    way = re.split(r"[,;:(]", statement[: comparison.end()])[-1]
    return set(names.systems_in(before)), set(names.systems_in(after)), way


def words_the_data_deny(result: CardResult, card: CardFile) -> list[tuple[str, int, str]]:
    """For --check and the gate: (figure, line, what the words say) of each number in prose
    its marker gates whose statement says the way the data do not (a marker keeps the number
    right, not the claim). A marked size has its own check; a table's, its caption."""
    figures = [region for region in card.regions if region.kind == "figure"]
    regions = [region for region in figures if MAGNITUDE_OF_NEGATIVE not in region.args[1:]]
    if not regions:
        return []
    # (Of the card's reading, which a command makes once: the paragraphs holding a marker
    # that compare.)
    comparing = [
        (block.start, block.end)
        for block in blocks(card.text, card.body_start)
        if block.kind == "prose"
        and any(block.start <= region.start < block.end for region in regions)
        and COMPARES.search(card.text, block.start, block.end)
    ]
    names = Names.of(result.spec, result.spec.publish_aliases, card.text)
    known, claims = _Known(result, names, _facts_of(result)), []
    for candidate in candidates(card, names):
        if (
            candidate.marked not in result.exact
            or not any(start <= candidate.start < end for start, end in comparing)
            or not any(region.start <= candidate.start < region.end for region in regions)
        ):
            continue
        as_marked = Marked(candidate, candidate.marked, "marked")
        if denied := _the_wrong_way(as_marked, known):
            claims.append((candidate.marked, candidate.line, denied.named))
    return claims


def _a_variants_own_change(m: Marked, known: _Known) -> Marked | None:
    """A drifted difference whose statement names one system, a variant, as its own ("The
    4-gram LM lowers Typhoon 0.6B's CER by 0.80 pp"): a change the card does not compute."""
    candidate = m.candidate
    if m.verdict != "drift" or not m.figure.startswith("diff/") or candidate.in_table:
        return None
    # (An interval follows its estimate: "narrows the gap to −2.05 pp (95 % CI: −3.03 to −1.04)".)
    estimate = _the_estimate_before(m, known) if candidate.bound is not None else None
    if estimate and not estimate.turned and _stem(estimate.figure) == _stem(m.figure):
        return None
    statement, names, spec = _statement(candidate), known.names, known.spec
    named = set(names.systems_in(statement))
    # (Not "Against Typhoon 0.6B + 4-gram, the gap is −2.05 pp": the card's other side.)
    if len(named) != 1 or not named <= set(names.own_systems_in(statement)):
        return None
    [variant] = named
    if variant in _set_against_at_its_opening(candidate.levels[2], names):
        return None  # ("Against TY+LM the gap is ..., but ... TY+LM break down, Δ −4.21 pp")
    base = variant.split("_", 1)[0]
    comparison = _comparison_of(m.figure, spec)
    sides = (comparison.a, comparison.b)
    if variant == base or base not in spec.systems or variant not in sides or base in sides:
        return None  # (the card's own: th-mix − th-TH)
    figure = parse_figure(m.figure)
    return _no_such_difference(m, base, variant, figure.subject, figure.latency_ms, spec)


def _set_against_at_its_opening(sentence: str, names: Names) -> list[str]:
    """The systems a sentence opening with a comparison sets the card's own against, up to
    its first mark: "Against Typhoon 0.6B + 4-gram the gap is smaller, ..."."""
    if (opening := _OPENING_COMPARISON.match(sentence)) is None:
        return []
    return names.systems_in(re.split(r"[,;:(]", sentence[opening.end() :], maxsplit=1)[0])


def _no_such_difference(m: Marked, x: str, y: str, subject: str, latency, spec) -> Marked:
    """``m`` listed: the change between two columns' CERs, which the card does not compare."""
    x, y = _decoded_display(x, spec), _decoded_display(y, spec)
    named = f"the change between {x} and {y}, {spec.set_names[subject]}, {latency} ms"
    return _listed(m.candidate, why="no such difference", named=named)


def _the_change_between_the_cers_beside(m: Marked, known: _Known) -> Marked | None:
    """A difference beside two CERs of two systems on one set and latency, its clause naming
    fewer ("from 9.53 % (B) to 6.72 %, a drop of 2.78 points"): the card's difference, or none."""
    found, names = known.found, known.names
    drifted = m.verdict == "drift" and m.figure.startswith("diff/") and not m.turned
    several = m.verdict == "unexplained" and not m.why and len(m.fits) >= 2
    if m.candidate.bound is not None or not (
        (several and all(name.startswith("diff/") for name in m.fits))
        or drifted
        or _restates_a_cer_beside(m, found, known.exact)
        or _signed_after_a_cer(m, found)
    ):
        return None
    read_as = m.figure if drifted else None
    named = _systems_beside(m.candidate.levels, names)
    if len(named) >= 2:
        return None  # its own clause says which two systems it compares
    cers = [parse_figure(o.figure) for o in _cers_beside(m, found)]
    if len(cers) > 2 and len(named) == 1:
        return _a_change_from_one_of_several(m, cers, named, known)
    if len(cers) == 1 and _signed_after_a_cer(m, found):
        # "OpenThai2.0 scores 8.72 (−0.27) against Typhoon 0.6B": the change of the CER it
        # follows against the one other system its sentence names.
        own = cers[0]
        others = set(names.systems_in(m.candidate.levels[2])) - {own.column}
        if len(others) != 1:
            return None
        cers.append(replace(own, column=others.pop()))
        named = {own.column}
    if (
        len(cers) != 2
        or len({(f.subject, f.latency_ms) for f in cers}) != 1
        or cers[0].column == cers[1].column
    ):
        return None
    return _as_the_change_between(m, cers, named, read_as, known)


def _as_the_change_between(
    m: Marked, cers: list, named: set[str], read_as: str | None, known: _Known
) -> Marked | None:
    """A number read as the change between two systems' CERs on one set at one latency:
    the card's difference of them there, or no figure where the card has none."""
    x, y, subject, latency = cers[0].column, cers[1].column, cers[0].subject, cers[0].latency_ms
    if not (ends := _differences_of(x, y, subject, latency, known.exact)):
        return _no_such_difference(m, x, y, subject, latency, known.spec)
    [end] = ends
    if read_as is not None and _stem(read_as) == _stem(end):
        return None  # read as that difference already
    if stated := _stated_as(m, end, named, known):
        return stated
    text, turned = m.candidate.text, _turned_beside(m, end, named, known.spec)
    if _a_relative_difference(text, end, known.exact):
        return _listed(m.candidate, (end,), why="relative")
    value, signed = -known.exact[end] if turned else known.exact[end], _signed(text)
    size = value < 0 and not signed and _states_a_size(m.candidate)
    agrees = (text[:1] != "+") == (value < 0) if signed else (size or value > 0)
    if m.candidate.alone and agrees:
        return _drifted(m.candidate, end, -value if size else value, size, turned)
    return _listed(m.candidate, (end,))


def _differences_of(x: str, y: str, subject: str, latency, exact) -> list[str]:
    """The card's estimates of the difference between columns ``x`` and ``y`` (either way)."""
    names = [f"diff/{latency}ms/{subject}/{key}/estimate" for key in (f"{x}-vs-{y}", f"{y}-vs-{x}")]
    return [name for name in names if name in exact]


def _system_and_decoding(column: str, spec: CardSpec) -> tuple[str, bool]:
    """A CER figure's column as (its system, whether decoded in pieces)."""
    split = column.endswith(SPLIT_SUFFIX) and column not in spec.systems
    return (column[: -len(SPLIT_SUFFIX)] if split else column), split


def _decoded_display(column: str, spec: CardSpec) -> str:
    """A figure's column as the card names it: its system, and "decoded in pieces"."""
    system, split = _system_and_decoding(column, spec)
    return spec.systems.get(system, system) + (" decoded in pieces" if split else "")


# What stands between a CER and a number that opens a parenthesis right after it: "8.72 (".
_PARENTHESIS_OPENED_AFTER = re.compile(r"[*_]*+\s*+%?[*_]*+\s*+\(\s*+[*_]*+")


def _signed_after_a_cer(m: Marked, found: list[Marked]) -> bool:
    """A signed number in prose, read where a CER stands, opening a parenthesis right after a
    CER of its sentence ("8.72 (−0.27)"): no CER (none is signed) but a change."""
    signed = m.listed_as("signed")
    if (
        m.candidate.in_table
        or signed is None
        or not signed.startswith("cer/")
        or not _PARENTHESIS_OPENED_AFTER.fullmatch(m.candidate.levels[0])
    ):
        return False
    before = _nearest(m, _in_its_unit(m, found))
    return before is not None and before.read and before.figure.startswith("cer/")


def _turned_beside(m: Marked, end: str, named: set[str], spec: CardSpec) -> bool:
    """A signed change beside the name of the difference's second system alone ("Typhoon
    0.6B (−1.25)" under "Winner") is that system's: the card's A − B turned."""
    return _signed(m.candidate.text) and named == {_comparison_of(end, spec).b}


def _stated_as(m: Marked, end: str, named: set[str], known: _Known) -> Marked | None:
    """``m`` marked as the difference ``end`` where it prints as it: as given, turned
    (_turned_beside), or, unsigned beside words of direction or size, as a negative one's size."""
    value, text = known.exact[end], m.candidate.text
    turned = _turned_beside(m, end, named, known.spec)
    if printed_as(-value if turned else value, text):
        return Marked(m.candidate, end, "marked", turned=turned)
    if value < 0 and not _signed(text) and _states_a_size(m.candidate) and printed_as(-value, text):
        return Marked(m.candidate, end, "marked", magnitude=True)
    return None


def _a_change_from_one_of_several(
    m: Marked, cers: list, named: set[str], known: _Known
) -> Marked | None:
    """A change beside one system's name among three CERs or more of one set and latency
    ("| 6.69 | 9.50 | 8.73 | A (−2.04) |"): marked where exactly one difference is stated so."""
    [system], columns = named, {f.column for f in cers}
    if len({(f.subject, f.latency_ms) for f in cers}) != 1 or system not in columns:
        return None
    subject, latency = cers[0].subject, cers[0].latency_ms
    ends = [
        end
        for other in columns - {system}
        for end in _differences_of(system, other, subject, latency, known.exact)
    ]
    found = [stated for end in ends if (stated := _stated_as(m, end, named, known))]
    return found[0] if len(found) == 1 else None


def _own_system(spec: CardSpec) -> str:
    """The card's own system, which stands in where no level names one: its [publish] system,
    else its first."""
    return spec.publish_system or next(iter(spec.systems))


def _comparison_of(name: str, spec: CardSpec):
    column = parse_figure(name).column
    return next(c for c in spec.comparisons if c.key == column)


def _restates_a_cer_beside(m: Marked, found: list[Marked], exact) -> bool:
    """A cell of words and a number read as a CER (drifted, or signed) whose row or column gives
    that CER elsewhere, and whose number is nearer a change between CERs there than that CER:
    in "| 6.69 | 9.50 | OpenThai2.0 (−2.81) |" under "Winner", the last is the change."""
    cer = m.figure if m.verdict == "drift" else m.listed_as("signed")
    if (
        m.candidate.table is None
        or cer is None
        or not cer.startswith("cer/")
        or not _words_in_its_cell(m.candidate)
    ):
        return False
    beside = _cers_beside(m, found)
    if not any(
        other.figure == cer
        and other.candidate.unit != m.candidate.unit
        and (other.verdict != "drift" or not _words_in_its_cell(other.candidate))  # (all read)
        for other in beside
    ):
        return False
    if m.verdict != "drift":
        return True  # signed: no CER at all
    says = abs(Fraction(ascii_signed(m.candidate.text))) / 100
    changes = [abs(exact[cer] - exact[other.figure]) for other in beside if other.figure != cer]
    return any(abs(says - change) < abs(says - exact[cer]) for change in changes)


def _cers_beside(m: Marked, found: list[Marked]) -> list[Marked]:
    """The numbers read as CERs in ``m``'s sentence or cell, or its table row; in a row holding
    none (a "Winner" row), its column's."""
    beside = [o for o in _read_beside(m, found) if o.figure.startswith("cer/")]
    if beside or m.candidate.table is None:
        return beside
    return _cers_beside_in_the_table(m, found)["column"]  # (its row holds none)


def _words_in_its_cell(candidate: Candidate) -> bool:
    """Whether a number's cell (or sentence) holds a word beside it, not only marks."""
    return bool(_A_LETTER.search(candidate.levels[0] + candidate.levels[1]))


_A_LETTER = re.compile(r"[^\W\d_]")
# Between the two CERs of a change: "9.50 % → 6.69 %", "from 9.50 % to 6.69 %".
_ARROW = re.compile(r"→|->|⟶|➔|⇒")
_ARROW_BETWEEN = re.compile(
    rf"[*_]*+\s*+%?[*_]*+\s*+(?:{_ARROW.pattern}|\bto\b)\s*+[*_]*+\s*+", re.I
)
_FROM_BEFORE = re.compile(r"\bfrom\s*[*_]*\s*$", re.I)


def _changes_between_two_systems(found: list[Marked], known: _Known) -> list[Marked]:
    """Two CERs joined by an arrow (or "from ... to") both read as the subject's, where it is
    set against one other system ("(9.50 % → 6.69 %)"): the first is the other's."""
    found, names, exact = list(found), known.names, known.exact
    for i in range(len(found) - 1):
        first, second = found[i], found[i + 1]
        before, between = first.candidate.levels[:2]
        if (
            first.candidate.unit != second.candidate.unit
            or first.candidate.in_table
            or not _ARROW_BETWEEN.fullmatch(between)
        ):
            continue
        if not _ARROW.search(between) and not _FROM_BEFORE.search(before):
            continue  # "to" without "from": "6.69 % to 9.50 %" may be a range
        read = [
            m.figure if m.verdict in ("marked", "drift") else m.listed_as("a sibling's")
            for m in (first, second)
        ]
        if read[0] is None or read[0] != read[1] or not read[0].startswith("cer/"):
            continue
        sentence = first.candidate.levels[2]
        if leading := _LEADING_COMPARISON.match(sentence):
            other = set(names.systems_in(leading.group("baseline")))
            subject = set(names.systems_in(leading.group("rest"))) - other
        else:
            subject = set(names.own_systems_in(sentence))
            other = set(names.systems_in(sentence)) - subject
        figure = parse_figure(read[0])
        if subject != {figure.column} or len(other) != 1:
            continue
        [baseline] = other
        name = f"cer/{figure.latency_ms}ms/{figure.subject}/{baseline}"
        if name in exact:
            found[i], found[i + 1] = (
                _at_its_value(m, each, exact[each]) or _listed(m.candidate, (each,))
                for m, each in ((first, name), (second, read[1]))
            )
    return found


def _at_its_value(m: Marked, name: str, value, magnitude: bool = False) -> Marked | None:
    """``m`` read as ``name`` at ``value`` (the figure, or its size): marked at that value,
    drifted where it stands alone; None where neither."""
    if printed_as(value, m.candidate.text):
        return Marked(m.candidate, name, "marked", magnitude=magnitude)
    if m.candidate.alone:
        return _drifted(m.candidate, name, value, magnitude)
    return None


def _an_end_beside_its_estimate(m: Marked, known: _Known) -> Marked | None:
    """An interval's end whose context names several comparisons takes the one of the
    estimate beside it ("−4.72 pp [95% CI −6.81, −2.72]"), the nearest before it of two."""
    if m.verdict != "unexplained" or m.why or m.candidate.bound is None or len(m.fits) < 2:
        return None
    beside = [o for o in _read_beside(m, known.found) if not o.turned and _an_estimate(o.figure)]
    ends = [name for name in m.fits if any(_stem(o.figure) == _stem(name) for o in beside)]
    if len(ends) > 1 and (nearest := _nearest(m, beside)):
        # Two estimates in its sentence: the interval is the one just before it's.
        ends = [name for name in ends if _stem(name) == _stem(nearest.figure)]
    if len(ends) != 1:
        return None
    [end] = ends
    estimate = next(o for o in beside if _stem(o.figure) == _stem(end))
    if estimate.magnitude and not _signed(m.candidate.text):
        # "2.78 points worse than OpenThai2.0 (95% CI 1.73–3.72)": the interval of the size.
        size = _end_of_a_size(end, m.candidate)
        return _at_its_value(m, size, -known.exact[size], magnitude=True)
    return _at_its_value(m, end, known.exact[end])


def _the_end_of_the_estimate_before(m: Marked, known: _Known) -> Marked | None:
    """An interval's end read in another way (decoding, system, latency) than the estimate
    just before it, whose end its value is exactly ("−1.78 จุด (ช่วงความเชื่อมั่น 95% ตั้งแต่
    −2.76 ถึง −0.75)", the estimate decoded in pieces; "In pieces the gap is −0.27 pp (−0.96
    to +0.20)", its ends read whole; columns "estimate_pp | low | high", the ends' headers
    naming no difference): that estimate's end."""
    why = m.why in ("", "no such figure") or m.listed_as("a sibling's")
    listed = m.verdict == "unexplained" and why
    c = m.candidate
    bound = c.bound or (m.why == "no such figure" and _bound_in_words(c.levels, c.in_table))
    if not bound or not listed:
        return None
    estimate = _the_estimate_before(m, known)
    if estimate is None or estimate.turned or estimate.magnitude:
        return None
    end = f"{_stem(estimate.figure)}/{bound}"
    if end not in known.exact or not printed_as(known.exact[end], m.candidate.text):
        return None
    return Marked(m.candidate, end, "marked")


def _an_end_its_interval_does_not_bear_out(m: Marked, known: _Known) -> Marked | None:
    """An interval's end read as a difference's, where the other end of its interval is read
    as no end of that difference ("−1.34 points [−2.05, −0.66]", −0.66 another set's end by
    its value alone): one end alone says nothing of whose the interval is, so it is listed."""
    bound = m.candidate.bound
    if m.verdict not in ("marked", "drift") or bound is None:
        return None
    ends = [o for o in _in_its_unit(m, known.found) if o.candidate.bound not in (None, bound)]
    # (The other end: the nearest after a low end, before a high one.)
    other = _nearest(m, ends, after=bound == "low")
    if other is None or (other.read and other.figure and _stem(other.figure) == _stem(m.figure)):
        return None
    return _listed(m.candidate, (m.figure,), why="one end")


def _the_estimate_of_the_interval_after(m: Marked, known: _Known) -> Marked | None:
    """A number right before an interval whose ends are read as a difference's, which its own
    context left unplaced: a signed number it reads as a CER ("no CER is negative": "FLEURS
    −2.81 [−3.75, −1.76]" under "Δ vs TY (OT2 − TY, points)"), or one it reads as any of
    several comparisons, where both ends are one's ("difference: −1.93 pp [−4.66, −0.15]"
    where the card compares with two baselines; or at the value of two of them, "-0.69
    points, interval -1.44 to -0.22"): that difference's estimate."""
    if m.verdict not in ("unexplained", "ambiguous") or m.candidate.bound is not None:
        return None
    low = _nearest(m, known.found, after=True)
    if low is None or not _beside(m, low) or low.candidate.bound != "low":
        return None
    if not (low.read and low.figure.startswith("diff/")) or low.turned:
        return None
    estimate = f"{_stem(low.figure)}/estimate"
    # (A signed number that only CERs fit, however far from them: "12.89 (−1.79, [−2.76,
    # −0.88])", a cell giving a CER, then its difference and interval.)
    cers = m.fits and all(name.startswith(("cer/", "aggregate/")) for name in m.fits)
    signed = m.why == "signed" or (not m.why and _signed(m.candidate.text) and cers)
    if not signed:
        high = _nearest(low, known.found, after=True)
        both = high is not None and high.read and high.figure == f"{_stem(low.figure)}/high"
        if m.why or estimate not in m.fits or len(m.fits) < 2 or not both:
            return None
        if printed_as(known.exact[estimate], m.candidate.text):
            return Marked(m.candidate, estimate, "marked")
        ends = Evidence(f"{low.candidate.text}, {high.candidate.text}", "its interval's ends")
        return replace(_drifted(m.candidate, estimate, known.exact[estimate]), evidence=(ends,))
    return _at_its_value(m, estimate, known.exact[estimate]) if m.verdict == "unexplained" else None


def _nearest(m: Marked, others: list[Marked], after: bool = False) -> Marked | None:
    """Of ``others``, the number nearest before ``m`` (``after``: nearest after it)."""
    at = m.candidate.start
    side = [o for o in others if (o.candidate.start > at if after else o.candidate.start < at)]
    return (min if after else max)(side, key=lambda o: o.candidate.start, default=None)


def _the_estimate_before(m: Marked, known: _Known) -> Marked | None:
    """The difference's estimate read nearest before ``m`` in its sentence, cell or row."""
    return _nearest(m, [o for o in _read_beside(m, known.found) if _an_estimate(o.figure)])


def _in_its_unit(m: Marked, found: list[Marked]) -> list[Marked]:
    """The numbers of ``m``'s sentence or cell, ``m`` among them."""
    return [o for o in found if o.candidate.unit == m.candidate.unit]


def _stem(name: str) -> str:
    """A difference's figure name without its part (estimate, low or high end)."""
    return name.rsplit("/", 1)[0]


def _a_pair_after_its_difference(m: Marked, known: _Known) -> Marked | None:
    """A stale number of a pair right after a difference in points ("by 1.25 pp (18.64 vs
    17.39)"): the CER of the system its statement puts first, or second. One system named
    after a comparison's word is the second ("trails Typhoon 0.6B"), else the first."""
    candidate, names, exact = m.candidate, known.names, known.exact
    opening = _where_a_pair_after_a_difference_opens(candidate)
    if m.verdict != "unexplained" or opening is None:
        return None
    sentence, at = candidate.levels[2], candidate.at
    before_it = [o for o in _in_its_unit(m, known.found) if o.candidate.at < opening]
    differences = [o.figure for o in before_it if _an_estimate(o.figure)]
    if not differences:
        return None
    _, latency, subject, pair, _ = differences[-1].split("/")  # (the nearest before it)
    systems = pair.split("-vs-")
    before = sentence[:opening]
    named = dict.fromkeys(names.systems_in(before))  # (each once, in order)
    ordered = [system for system in named if system in systems]
    if len(ordered) == 1:
        comparison = COMPARES.search(before) or words.regex("differs_from").search(before)
        compared = comparison and ordered[0] in names.systems_in(before[comparison.end() :])
        unnamed = [system for system in systems if system not in ordered]
        ordered = unnamed + ordered if compared else ordered + unnamed
    if len(ordered) != 2:
        return None
    first = not re.search(r"\d", sentence[opening + 1 : at])  # (no number before it there)
    name = f"cer/{latency}/{subject}/{ordered[0 if first else 1]}"
    if name not in exact:
        return None
    return _at_its_value(_listed(replace(candidate, alone=True)), name, exact[name])


def _quoted_from_another_source(m: Marked, known: _Known) -> Marked | None:
    """A number in prose read as a figure at its value, whose own clauses say another source
    gives it ("The Typhoon report [1] gives 9.50 %"; not "..., we measure 8.99 %"): theirs,
    though ours too today. Listed: a marker would have --write put our next value there."""
    if m.verdict not in ("marked", "drift") or m.candidate.in_table:
        return None
    levels = m.candidate.levels
    quoted = _quoted_in(" ".join(clauses_beside(levels))) if m.verdict == "marked" else None
    if quoted := quoted or _in_a_quotation(levels) or _in_a_citation(m.candidate, known):
        return _listed(m.candidate, (m.figure,), "quoted", quoted)
    return None


_OPENING_A_CITATION = re.compile(r"\(\s*")
_CITATION = words.regex("citation")
_OURS_CITED = re.compile(r"\b(?:our|we|this)\b", re.I)


def _in_a_citation(candidate: Candidate, known: _Known) -> str | None:
    """The author and year of a citation that opens the parenthesis a number stands in
    ("checkpoint (Typhoon Team, 2025, Table 2: 9.50)"): the cited work's number."""
    before = candidate.levels[2][: candidate.at]
    opened = before.rfind("(")
    if opened < 0 or ")" in before[opened:]:
        return None
    cited = _CITATION.match(before, _OPENING_A_CITATION.match(before, opened).end())
    if cited is None or _OURS_CITED.search(cited.group()):
        return None
    if _own_system(known.spec) in known.names.systems_in(cited.group()):
        return None
    return f"{cited.group()} (a citation)"


def _listed_with_a_quoted_number(found: list[Marked], known: _Known) -> list[Marked]:
    """A number read as a figure, in one list with a quoted number right before it ("The
    leaderboard returned 6.9, 12.9 and 8.7"): quoted too, whatever its own clause says."""
    out: list[Marked] = []
    for m in found:
        before = out[-1] if out else None
        if (
            m.verdict in ("marked", "drift")
            and before is not None
            and before.why == "quoted"
            and before.candidate.unit == m.candidate.unit
            and A_BARE_JOIN.fullmatch(m.candidate.levels[0])
        ):
            m = _listed(m.candidate, (m.figure,), "quoted", before.named)
        out.append(m)
    return out


# A double quote opening a quotation (after a space or the start), and one closing it.
_OPENING_QUOTE = re.compile(r'(?:^|(?<=\s))["“]')
_CLOSING_QUOTE = re.compile(r'["”](?=[\s.,;:)]|$)')
_SAYS = words.regex("quotation_verbs")


def _in_a_quotation(levels: tuple[str, ...]) -> str | None:
    """The words before a quotation in double quotes that a number stands in, or right after
    it closes, where they say whose words it holds ('The first revision said "Typhoon 0.6B
    reaches 9.53 % ..."', 'and FLEURS as "6.74 %"', '"... 14.8 percent ...," said Anan'):
    another's words, or the card's earlier ones, never its figure."""
    before, sentence = levels[0], levels[2]
    openings = list(_OPENING_QUOTE.finditer(before))
    if not openings or '"' in before[openings[-1].end() :] or "”" in before[openings[-1].end() :]:
        return None
    opened = max(sentence.find(before[: openings[-1].end()]), 0) + openings[-1].end()
    closing = _CLOSING_QUOTE.search(sentence, opened)
    if closing is None:
        return None
    said = _SAYS.search(sentence[:opened]) or SAID_AFTER_A_QUOTATION.match(
        sentence, closing.start()
    )
    return " ".join(said.group().split()) + " (a quotation)" if said else None


def _quoted_in(text: str) -> str | None:
    """The words of ``text`` that say another source gives its numbers, on one line."""
    quoted = words.regex("quoted").search(text)
    return " ".join(quoted.group().split()) if quoted else None


def _in_an_address(m: Marked, known: _Known) -> Marked | None:
    """A figure read in a badge's address or an image's description: no marker can stand there,
    so it is listed (``named``: what the data give, where it drifted)."""
    if not (m.candidate.in_address or m.candidate.in_image) or m.verdict not in ("marked", "drift"):
        return None
    why = "address" if m.candidate.in_address else "image"
    return _listed(m.candidate, (m.figure,), why, named=m.gives)


def _beside(m: Marked, other: Marked) -> bool:
    """Whether ``other`` stands in ``m``'s sentence or cell, or its table row."""
    return other.candidate.unit == m.candidate.unit or (
        m.candidate.table is not None
        and other.candidate.table == m.candidate.table
        and other.candidate.row == m.candidate.row
    )


def _read_beside(m: Marked, found: list[Marked]) -> list[Marked]:
    """The numbers read as figures in ``m``'s sentence or cell, or its table row."""
    return [other for other in found if other is not m and other.read and _beside(m, other)]


def _an_interval_of_a_cer(m: Marked, known: _Known) -> Marked | None:
    """ "6.69 % (95% CI: 5.91–7.52)": an interval beside a CER and no difference is the CER's,
    which the card does not compute."""
    if m.verdict != "unexplained" or m.why or m.candidate.bound is None:
        return None
    read = [o.figure for o in _read_beside(m, known.found) if o.candidate.bound is None]
    cers = [name for name in read if name.startswith(("cer/", "aggregate/"))]
    if len(cers) != 1 or any(name.startswith("diff/") for name in read):
        return None
    return _listed(m.candidate, m.fits, why="cer interval", named=cers[0])


def _parts_named(m: Marked, known: _Known) -> list[tuple]:
    """(part, as the card shows it, the depth of the nearest level naming it or None, what
    stands for it where none does) for each part of the figure ``m`` was read as."""
    spec, names, levels = known.spec, known.names, m.candidate.levels
    figure = parse_figure(m.figure)
    if figure.kind == "diff":
        comparison = _comparison_of(m.figure, spec)
        systems = (comparison.a, comparison.b)
    else:
        systems = (_system_and_decoding(figure.column, spec)[0],)

    def part(part: str, key, shown: str, found_in, default: str = "") -> tuple:
        depth = next((d for d, level in enumerate(levels) if key in found_in(level)), None)
        # (Where no level names it: a default, what a sentence before it names, or nothing.)
        before = any(key in found_in(sentence) for sentence in m.candidate.earlier)
        if default and before:  # ("none named" would deny what the sentence before says)
            default = f"{default.removeprefix('none named: ')}, named in a sentence before it"
        otherwise = default or ("a sentence before it" if before else "no level names it")
        return part, shown, depth, otherwise

    own = {_own_system(spec): "none named: the card's own"}
    latency = figure.latency_ms
    headline = "none named: the headline" if latency == spec.headline_latency else ""
    aggregates = {a.key: a.display for a in spec.aggregates}
    subject = spec.set_names.get(figure.subject) or aggregates[figure.subject]
    return [
        part("subject", figure.subject, subject, names.subjects_in),
        *(
            part("systems", key, spec.systems[key], names.systems_in, own.get(key, ""))
            for key in systems
        ),
        part("latency", latency, f"{latency} ms", latencies_in, headline),
    ]


def _where_named(m: Marked, known: _Known) -> Marked | None:
    """A drift with its evidence: the nearest level naming each part of its figure, or what stood
    for a part no level names (the card's default system, its headline latency)."""
    if m.verdict != "drift":
        return None
    levels = m.candidate.levels
    evidence = tuple(
        Evidence(shown, otherwise if depth is None else level_name(levels, depth))
        for _, shown, depth, otherwise in _parts_named(m, known)
    )
    return replace(m, evidence=m.evidence + evidence)  # (after what a step found)


def _read_twice_in_one_table(found: list[Marked], known: _Known) -> list[Marked]:
    """One figure read by position in two cells of one table: the table is misread somewhere,
    so neither is marked (a cell naming it, "FLEURS 6.26", says what it is)."""

    def by_position(m: Marked) -> tuple | None:
        read_as = m.listed_as("a sibling's") or m.figure
        if m.candidate.table is None or read_as is None:
            return None
        if named_beside(m.candidate.levels, known.names):
            return None
        return (m.candidate.table, read_as, m.turned)

    positions = [by_position(m) for m in found]
    seen = Counter(filter(None, positions))

    def others_read_so(i: int) -> str:  # (the cells a person looks at beside this one)
        return ", ".join(
            f"line {o.candidate.line}'s {o.candidate.text}"
            for j, o in enumerate(found)
            if j != i and positions[j] == positions[i]
        )

    return [
        replace(_ambiguous(m, why=""), named=others_read_so(i))
        if m.verdict in ("marked", "drift") and seen[positions[i]] > 1
        else m
        for i, m in enumerate(found)
    ]


def _beside_itself(m: Marked, known: _Known) -> Marked | None:
    """A drift in the same cell or sentence as its figure at its own value ("6.69 % or 3.21 %")
    is another number beside it."""
    beside = _in_its_unit(m, known.found)
    at_its_value = (o.verdict in ("marked", "already") for o in beside if o.figure == m.figure)
    return _listed(m.candidate, (m.figure,)) if m.verdict == "drift" and any(at_its_value) else None


def _a_latency_its_neighbours_deny(m: Marked, known: _Known) -> Marked | None:
    """A drift in prose whose sentence holds a number its context reads at the same latency but
    whose value is another latency's figure ("ที่ chunk สั้นสุด 22.90 % ... ยาวสุด 17.56 %", each
    read at the headline where the chunk words went unread): the sentence speaks of latencies its
    reading missed, so the drift's latency is in doubt. Listed, never rewritten."""
    if m.verdict != "drift" or m.candidate.in_table:
        return None
    facts, latency = known.facts, known.facts[m.figure].latency
    for other in _in_its_unit(m, known.found):
        read_as = other.listed_as("a sibling's")
        if read_as is None or other.named not in facts or read_as not in facts:
            continue
        if facts[read_as].latency == latency != facts[other.named].latency:
            return _listed(m.candidate, (m.figure,), "latency in doubt", other.candidate.text)
    return None


def _several_drifted_onto_one(m: Marked, known: _Known) -> Marked | None:
    """Numbers of one sentence or cell drifted onto one figure ("from 9.60 % to 6.70 %"): at
    most one is it, and the words do not say which, so none is."""
    drifted = [o for o in _in_its_unit(m, known.found) if o.verdict == "drift"]
    together = [o for o in drifted if (o.figure, o.turned) == (m.figure, m.turned)]
    if m.verdict != "drift" or len(together) < 2:
        return None
    named = " and ".join(other.candidate.text for other in together if other is not m)
    return _listed(m.candidate, (m.figure,), why="several", named=named)


def _each(rule):
    """A step that reads each number again with ``rule`` (where it gives nothing, as it was),
    which sees every number as the steps before left them."""

    def step(found: list[Marked], known: _Known) -> list[Marked]:
        known = replace(known, found=found)
        return [rule(m, known) or m for m in found]

    return step


# What ``mark_card`` does after reading each number alone, in order: each step reads them all
# again, as the steps before it left them.
_STEPS = (
    _each(_quoted_from_another_source),
    _listed_with_a_quoted_number,
    _each(_the_other_way_round),
    _each(_the_change_between_the_cers_beside),
    _each(_which_way_unsaid),
    _each(_the_wrong_way),
    _each(_a_variants_own_change),
    _each(_an_end_beside_a_way_unsaid),
    _each(_an_end_beside_its_estimate),
    _each(_the_end_of_the_estimate_before),
    _each(_an_interval_of_a_cer),
    _each(_an_end_its_interval_does_not_bear_out),
    _each(_the_estimate_of_the_interval_after),
    _each(_a_pair_after_its_difference),
    _each(_own_mean),
    _each(_in_an_address),
    _changes_between_two_systems,
    _read_twice_in_one_table,
    _each(_beside_itself),
    _each(_several_drifted_onto_one),
    _each(_never_on_a_guess),
    _each(_a_latency_its_neighbours_deny),
    _each(_where_named),
)


@dataclass(frozen=True)
class MarkResult:
    old: str
    new: str
    found: tuple[Marked, ...]
    # (line, text, evidence) of each number read as another measure than the CER, outside
    # regions (reading.candidates)
    another_measure: tuple[tuple[int, str, Evidence], ...] = ()
    # each number not read (its sentence names nothing of the card's; a share) whose value, as
    # printed, is a figure's: --check --strict counts it ungated, and --mark says so first
    unread: tuple[Ungated, ...] = ()

    def count(self, verdict: str) -> int:
        return sum(m.verdict == verdict for m in self.found)

    @property
    def drifted(self) -> bool:
        return self.count("drift") > 0


def mark_card(result: CardResult, card: CardFile, aliases: dict[str, str]) -> MarkResult:
    """The card with every figure its context determines wrapped in a figure marker."""
    names = Names.of(result.spec, aliases, card.text)
    known = _Known(result, names, _facts_of(result))
    another_measure, unread, none_in_percent = [], [], []
    found = [
        Marked(candidate, candidate.marked, "already")
        if candidate.marked is not None
        else identify(candidate, known)
        for candidate in candidates(card, names, another_measure, unread, none_in_percent)
    ]
    for step in _STEPS:
        found = step(found, known)
    denied = {_as_compared(said) for said in _SAID_NOT_TO_BE.findall(card.text)}
    found = [_said_not_to_be(m, denied) or m for m in found]
    found = [_with_the_datas_values(m, result) for m in found]
    not_read = Counted([], [], [], unread, none_in_percent, [], [])
    look_alikes = tuple(_look_alikes(not_read, result.exact))
    new = _with_markers(card.text, found)
    return MarkResult(card.text, new, tuple(found), tuple(another_measure), look_alikes)


# A number the card itself says is wrong: "No, it's 6.69, not 6.96" (an interviewer's misquote
# earlier in the card), "It's 18.84, not 18.48".
_SAID_NOT_TO_BE = re.compile(rf"\bnot\s+(?:the\s+)?({SIGN}?\d+\.\d+)(?!\.?\d)", re.I)


def _as_compared(number: str) -> str:
    return number.replace("−", "-").replace("–", "-")


def _said_not_to_be(m: Marked, denied: set[str]) -> Marked | None:
    """A number read as a figure, marked or drifted, whose text the card writes after "not"
    elsewhere: the card says it is not so, whatever its context reads (listed, never rewritten)."""
    if m.verdict in ("marked", "drift") and _as_compared(m.candidate.text) in denied:
        return _listed(m.candidate, (m.figure,), "said not to be", m.candidate.text)
    return None


def _with_the_datas_values(m: Marked, result: CardResult) -> Marked:
    """A listed or ambiguous number with the data's value of each figure it may be."""
    values = [result.exact.get(name) for name in m.fits]
    if m.verdict not in ("unexplained", "ambiguous") or not values:
        return m
    if any(value is None or isinstance(value, bool) for value in values):
        return m
    printed = tuple(format_value(name, value) for name, value in zip(m.fits, values, strict=True))
    return replace(m, fit_values=printed)


def _with_markers(text: str, found: list[Marked]) -> str:
    """The card's text with a figure marker around each number read as a new figure (around
    inline code holding one, never inside it)."""
    pieces, copied = [], 0
    in_code = code_numbers(text)
    for marked in found:
        candidate = marked.candidate
        if marked.figure is None or marked.verdict == "already":
            continue
        how = MAGNITUDE_OF_NEGATIVE if marked.magnitude else TURNED if marked.turned else ""
        opening = f"{marked.figure} {how}" if how else marked.figure
        start, end = next(
            ((s, e) for s, e in in_code if s < candidate.start < e),
            (candidate.start, candidate.end),
        )
        pieces.append(text[copied:start])
        pieces.append(f"<!-- scoring:figure {opening} -->{text[start:end]}<!-- scoring:end -->")
        copied = end
    pieces.append(text[copied:])
    return "".join(pieces)


class Counted(NamedTuple):
    ours: list[Candidate]  # those it counts: in a marker, or read as possibly ours
    alone: list[Candidate]  # left alone as other models', versions', sets' or settings'
    # (line, text, evidence) of those read as another measure than the CER, of those in a
    # sentence not read, and of those in percent its words make none of ours (a share, a
    # relative change, a bound); (line, text, where) of those in inline code or math
    another_measure: list[tuple[int, str, Evidence]]
    unread: list[tuple[int, str, Evidence]]
    none_in_percent: list[tuple[int, str, Evidence]]
    in_code: list[tuple[int, str, str]]
    # (line, as written, with a point) of those written with a decimal comma ("6,69 %")
    decimal_commas: list[tuple[int, str, str]]


def counted_numbers(card: CardFile, spec: CardSpec, aliases: dict[str, str]) -> Counted:
    """The card's numbers as coverage counts them, each in one list (see ``Counted``)."""
    another_measure, unread, none_in_percent = [], [], []
    names = Names.of(spec, aliases, card.text)
    found = candidates(card, names, another_measure, unread, none_in_percent)
    # (A number in a figure's marker is gated by it, whatever its context reads as.)
    ours = [c for c in found if not c.foreign or c.marked is not None]
    alone = [c for c in found if c.foreign and c.marked is None]
    # Inline code or math that names a set, a system or the CER ("`"cer": 14.77`",
    # "$\text{CER} = 6.69\%$"), not a version's.
    in_code = [
        (line, text, where)
        for line, text, code, where in numbers_no_marker_can_gate(card)
        if speaks_of_errors(code, names)
    ]
    commas = decimal_commas(card)
    return Counted(ours, alone, another_measure, unread, none_in_percent, in_code, commas)


@dataclass(frozen=True)
class Ungated:
    """A number outside any marker that may be one of ours: its line, as printed, and why it
    counts (empty for a figure-like number; else what it was read as)."""

    line: int
    text: str
    why: str = ""
    figures: tuple[str, ...] = ()  # the figures it prints the value of, where that counts
    start: int | None = None  # where it stands in the file, where two on a line print alike


def coverage(
    card: CardFile,
    spec: CardSpec,
    aliases: dict[str, str],
    exact: dict | None = None,
    counted_as: Counted | None = None,
) -> tuple[int, list[Ungated]]:
    """(how many numbers count, those outside a marker). Given the figures, a number set aside as
    another measure's or model's counts too where it prints a figure's value. (``counted_as``:
    what ``counted_numbers`` gave for the card, where the caller has it: the text read once.)"""
    read = counted_as or counted_numbers(card, spec, aliases)
    # (In the card's order: an image's description and its address are read after the text.)
    unmarked = sorted((c for c in read.ours if c.marked is None), key=lambda c: c.start)
    ungated = [Ungated(c.line, c.text, start=c.start) for c in unmarked]
    look_alikes = _look_alikes(read, exact or {})
    in_order = sorted(ungated + look_alikes, key=attrgetter("line"))  # (stable: by start within)
    return len(read.ours) + len(look_alikes), in_order


IN_INLINE_CODE, IN_MATH = (f"in {where}, where no marker can stand" for where in NO_MARKER_IN)


def _look_alikes(read: Counted, exact: dict):
    """The numbers set aside (another model's, another measure, in a sentence not read, in percent
    yet none of ours, in inline code) whose value, as printed, is one of the card's figures."""
    figures_printed = figures_printed_as(exact)

    def figures(text: str) -> list[str]:
        # (At two decimals or more: at one, many numbers would print as a figure by chance.)
        text = text.replace(",", ".")  # (a decimal comma's: "6,69")
        decimals = text.split(".")[1] if "." in text else ""
        return figures_printed(text) if len(decimals.rstrip("%")) >= 2 else []

    found = [
        Ungated(c.line, c.text, "read as another model's or set's", start=c.start)
        for c in read.alone
    ]
    for listed, why in (
        (read.another_measure, lambda evidence: f"read as another measure: {evidence}"),
        (read.unread, lambda evidence: f"not read: its sentence names {evidence.word}"),
        (read.none_in_percent, lambda evidence: f"never read as a figure: {evidence.word}"),
        (read.in_code, lambda where: f"in {where}, where no marker can stand"),
        (
            read.decimal_commas,
            lambda _: "written with a decimal comma, which no figure's marker holds",
        ),
    ):
        found += [Ungated(line, text, why(said)) for line, text, said in listed]
    return sorted(
        (replace(u, figures=tuple(named)) for u in found if (named := figures(u.text))),
        key=lambda u: u.line,
    )
