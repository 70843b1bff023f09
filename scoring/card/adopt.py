"""Adopt a card written by hand: find each figure in its text, and mark it.

``python -m scoring publish ROOT --mark`` reads the card file, which may
have no marker at all, and wraps each number that is one of the card's
figures in the inline figure marker that ``--write`` and ``--check`` read::

    FLEURS: <!-- scoring:figure cer/560ms/fleurs/<system> -->6.26<!-- scoring:end --> % CER

A number is identified by its value at its printed precision (``8.5`` at one
decimal) and by its context: in a table, the text around it in its cell, its
row label, its column header, the table's caption and the headings above; in
prose, the text around it in its sentence, the sentence and the headings.
The context names sets and aggregates, systems (display name, key or an alias
of ``[publish.aliases]``), a latency, recordings decoded in pieces, a
difference, and an interval's low or high end. The other side of a comparison
("Against Typhoon", "OpenThai vs Typhoon") is a difference's system, or that
of a CER quoted after the comparison's word, never that of the CERs it heads.
An unsigned number beside words that say which way ("better by 2.81 pp") may
be the size of a negative difference, and is marked as that
(``magnitude-of-negative``), which ``--check`` gates with its direction.

Only numbers whose context speaks of error rates are candidates at all, and
only numbers with a decimal point: parameter counts, latencies, sample rates,
hours, seeds, versions, dates and list numbers are left alone, and so are
numbers whose nearest context names another metric ("21.37 % WER", a "WER"
column, a real-time factor) or a relative figure ("12 % reduction"), and a
spread after "±". In a table cell holding two numbers, neither drifts (either
may be something else) unless it is one end of the cell's interval or the words
beside it name what it is ("FLEURS 6.26, TVSpeech 8.72"), or its header has the
cell's shape ("OpenThai2.0 (Typhoon 0.6B)" over "12.89 (14.68)"). The same
reading gives ``--check`` its coverage line (how many candidates carry a
marker) and ``--strict`` its list of ungated ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..errors import plural
from .compute import CardResult
from .names import COMPARES, Names, plain_name
from .spec import SPLIT_SUFFIX, CardSpec, Column, cer_figure, parse_figure
from .text import (
    MAGNITUDE_OF_NEGATIVE,
    SENTENCE_END,
    TURNED,
    Block,
    CardFile,
    CardHome,
    blocks,
    format_like,
    latencies_in,
    masked_spans,
    numbers_in,
    printed_as,
    strip_markers,
)

__all__ = ["Candidate", "Marked", "MarkResult", "candidates", "coverage", "format_coverage",
           "format_marked", "mark_card", "mark_report", "strip_markers"]

_SPEAKS_OF_ERRORS = re.compile(r"\bcer\b|\berror|\bdifferen|\bpp\b|%|percentage points?|"
                               r"\bdelta\b|Δ", re.I)
# ("vs" and "versus" are not among them: "8.72 % versus 8.99 %" compares two CERs.)
_DIFFERENCE_WORDS = re.compile(r"\bdifferen|\bdiff\b|\bpp\b|percentage points?|\bdelta\b|Δ|"
                               r"\binterval\b|\bci\b|\bgap\b|ผลต่าง|ความ(?:แตก)?ต่าง", re.I)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_SPLIT_WORDS = re.compile(r"\bsplit\b|\bpieces\b", re.I)
# Words that say which way a difference goes, so that the number beside them is its size.
_DIRECTION_WORDS = re.compile(r"\b(?:better|worse|lower|higher|less|more|fewer|ahead|behind|"
                              r"outperform\w*|beats?|improv\w*|reduc\w*|cuts?|trails?|leads?|"
                              r"favou?r\w*|above|below|drop\w*|falls?|fell|fallen|"
                              r"decreas\w*|increas\w*|gains?|rises?|rose|risen|smaller|"
                              r"larger)\b|ลดลง|เพิ่มขึ้น|(?:ต่ำ|สูง|ดี|แย่|น้อย|มาก)กว่า", re.I)
# An interval's end named in words; "lower than", "higher by", "lower is better" and a
# number's own "2.81 pp lower" compare, and name no end.
_LOW_WORDS = re.compile(r"\blow(?:er)?\b(?!\s+(?:than|is|by)\b)", re.I)
_HIGH_WORDS = re.compile(r"\bhigh(?:er)?\b(?!\s+(?:than|is|by)\b)|\bupper\b", re.I)
_COMPARATIVE_AFTER = re.compile(r"^\s*(?:%|pp\b|(?:percentage\s+)?points?\b)?\s*"
                                r"(?:low|high)er\b", re.I)
_INTERVAL = re.compile(r"[\[(]\s*(?:\d+\s*%\s*)?(?i:ci\b|confidence interval|interval)?\s*:?\s*"
                       r"([-−+]?\d+(?:\.\d+)?)\s*%?\s*(?:,|;|to|–|\.\.)\s*"
                       r"([-−+]?\d+(?:\.\d+)?)\s*%?\s*[\])]")
_SPEAKS_OF_AN_INTERVAL = re.compile(r"\binterval\b|\bci\b", re.I)
_SPAN = re.compile(r"([-−+]?\d+\.\d+)\s*(?:%|pp)?\s*(?:to|–|—)\s*([-−+]?\d+\.\d+)")
# Error rates that are not ours, other quantities (a model's size, hours of audio), and
# figures relative to another (a "12 % reduction"): a number whose nearest metric word is
# one of these is never a candidate.
_OTHER_METRIC = re.compile(r"\b(?:wer|mer|wil|wip|rtfx?|bleu|speed-?up|throughput|"
                           r"real[- ]time factor|word error|param(?:eter)?s?|hours|duration|"
                           r"p-?values?|accuracy|acc|f-?1|precision|recall|mos|snr|ser|"
                           r"sentence error)\b|^\s*p\s*$", re.I)  # (a column headed "p")
# Headings say "accuracy" of error rates too ("Chunk size vs. accuracy"): there, only in a
# metric's own name ("Word accuracy").
_LOOSE_WORDS = re.compile(r"(?<!word )(?<!character )\baccuracy\b", re.I)
_OUR_METRIC = re.compile(r"\bcer\b|\bcharacter error", re.I)
_RELATIVE = re.compile(r"\brelative|\brel\.|\breduction|\bwerr\b|\bcerr\b", re.I)
# What orders a comparison's two systems: "A − B", "A minus B", "A vs B".
_ORDERED = re.compile(r"\s[−–-]\s|\bminus\b|\bvs\b\.?|\bversus\b", re.I)
_POINTS = re.compile(r"\bpp\b|\bpoints?\b", re.I)
_POINTS_AFTER = re.compile(r"\s*(?:(?:percentage\s+)?(?:points?|pts?)\b|จุด)", re.I)
# A parenthesis right after a number, its unit between: "9.50 % (Typhoon)".
_OWN_PARENTHESIS = re.compile(r"\s*(?:%|pp)?\s*\([^()]*\)")
# (Thai runs its words together: its "and", "while" and "compared with" have no \b.)
_CLAUSE = re.compile(r"[,;:(|]|\band\b|\bwhile\b|\bagainst\b|\bversus\b|\bvs\b|"
                     r"และ|ขณะที่|เทียบกับ", re.I)
_SPEAKS_OF_LATENCY = re.compile(r"\bms\b|\bmilliseconds?\b|\bchunk|\blatenc", re.I)


# ---------------------------------------------------------------- reading

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
    # In a table whose rows (or columns) name the card's systems or sets: "system" or
    # "subject" when this one's row or column names none (another model's, another set's).
    foreign: frozenset[str] = frozenset()
    table: int | None = None  # where its table starts, for a number in a table
    # In a table cell: the only candidate there, one end of its one interval, or named by
    # the words beside it. "9.50 / 12.80" holds two numbers, neither of them alone.
    alone: bool = True
    unit: int = 0  # where its cell or sentence starts: the numbers read together
    row: int = 0  # where its table row starts (an HTML row may span lines)
    # What its context names that makes it none of the card's: another recogniser
    # ("Whisper large-v3"; ``foreign`` is then {"model"}) or another version of the card's
    # model ("Changelog", "the previous version"; {"version"}).
    other_model: str = ""


def _names_any(names: "Names", text: str) -> bool:
    """Whether ``text`` names any system, set or aggregate of the card."""
    return bool(names.systems_in(text) or names.subjects_in(text))


def find_kind(names: "Names", kind: str, text: str) -> list[str]:
    return names.systems_in(text) if kind == "system" else names.subjects_in(text)


def _metric_in(text: str) -> str | None:
    """What a piece of context says the number measures: "ours" (CER), "other" (another
    error rate, a speed, or a figure relative to another), or None (nothing, or both)."""
    if _RELATIVE.search(text):
        return "other"
    ours, other = bool(_OUR_METRIC.search(text)), bool(_OTHER_METRIC.search(text))
    return None if ours == other else "ours" if ours else "other"


def _clauses_beside(levels: tuple[str, ...]) -> tuple[str, str]:
    """The clause just before a number and the one just after it (levels: before, after);
    a parenthesis right after the number is its own ("9.50 % (Typhoon)")."""
    own = _OWN_PARENTHESIS.match(levels[1])
    return _CLAUSE.split(levels[0])[-1], own.group() if own else _CLAUSE.split(levels[1])[0]


def _named_beside(levels: tuple[str, ...], names: "Names") -> bool:
    """Whether the clause just before or just after a number names a set or a system."""
    nearest = " ".join(_clauses_beside(levels))
    return bool(names.subjects_in(nearest) or names.systems_in(nearest))


def _measures_another_metric(levels: tuple[str, ...]) -> bool:
    """Whether a number's nearest context names a metric other than ours: "21.37 % WER",
    a "WER (%)" column, a "relative reduction". The clause just before the number, then the
    one just after, then each wider level (cell or sentence, row, column, caption, headings)
    in turn: the first that names one metric decides."""
    own = _clauses_beside(levels)
    metric = next((metric for metric in map(_metric_in, own) if metric), None)
    if metric is None and _POINTS.search(" ".join(own)):
        return False  # "or 2.81 points": a difference of CERs, whatever "relative" says near
    return next((metric for metric in map(_metric_in, (*own, *levels[2:-1],
                                                        _LOOSE_WORDS.sub(" ", levels[-1])))
                 if metric), None) == "other"


def _bounds(text: str, matches: list[re.Match], around: str = "") -> dict[int, str]:
    """Which numbers are the low and high ends of an interval: "[a, b]", or "a to b" where
    the text, or what is ``around`` it (a cell's column header), speaks of an interval."""
    bounds = {}
    intervals = list(_INTERVAL.finditer(text))
    if _SPEAKS_OF_AN_INTERVAL.search(text + " " + around):
        intervals += list(_SPAN.finditer(text))
    for interval in intervals:
        for match in matches:
            if match.start() == interval.start(1) or match.start(2) == interval.start(1):
                bounds[match.start()] = "low"
            elif match.start() == interval.start(2) or match.start(2) == interval.start(2):
                bounds[match.start()] = "high"
    return bounds


def _local(text: str, matches: list[re.Match], i: int) -> tuple[str, str]:
    """The text before a number (since the previous one) and after it (to the next one)."""
    before = text[matches[i - 1].end() if i else 0:matches[i].start()]
    after = text[matches[i].end():matches[i + 1].start() if i + 1 < len(matches) else len(text)]
    return before, after


def _table_numbers(block: Block, headings: str, names: Names, masked):
    """(match, offset, levels, bound, foreign, alone, row: see Candidate) of each number in
    a table's body cells that may be one of ours."""
    header = block.rows[0]
    table_context = " ".join(cell for _, cell in header) + " " + block.caption
    if not _speaks_of_errors(table_context + headings, names):
        return
    # Bare numbers as latencies ("| Chunk size (ms) | 80 | 160 |"), where the table says it
    # counts in ms or chunks.
    in_ms = bool(_SPEAKS_OF_LATENCY.search(table_context + " " + headings))

    def latency_named(text: str) -> str:
        bare = text.strip().strip("*_")
        if in_ms and bare.isdigit() and int(bare) in names.latencies:
            return f"{text} {bare} ms"
        return text

    rows = [cells for cells in block.rows[1:] if cells]
    # A row's label: its first cell, and every other cell of a column that holds no number
    # of ours in any row ("| [70, 1] | 160 ms | 7.72 |": the chunk size names the row too).
    numbers = [[numbers_in(cell, 0, [(s - offset, e - offset) for s, e in masked], True)
                for offset, cell in cells] for cells in rows]
    widest = max((len(cells) for cells in rows), default=0)
    label_columns = [0] + [column for column in range(1, widest)
                           if not any(column < len(found) and found[column]
                                      for found in numbers)]
    # A bare number is a chunk size in the first column of a table that counts in ms, or
    # under a header that says so ("Chunk (ms)"); an "Hours" column's 80 is no 80 ms.
    sized = {column for column in label_columns
             if column == 0 or (column < len(header)
                                and _SPEAKS_OF_LATENCY.search(header[column][1]))}
    labels = [" ".join(latency_named(cells[column][1]) if column in sized
                       else cells[column][1]
                       for column in label_columns if column < len(cells)) for cells in rows]
    columns = [latency_named(cell) for _, cell in header]
    # A difference column beside columns of systems ("| FLEURS | 6.69 | 9.50 | −2.81 |" under
    # "Set | OpenThai | Typhoon | Δ (pp)") is the difference of those systems; so is a
    # difference row under rows of systems.
    columns = _differences_named(columns, names, first=1)
    labels = _differences_named(labels, names, first=0)
    # An axis that names the card's systems (or sets) in some rows or columns: one of its
    # rows or columns that names none is another model's (or dataset's), never the card's
    # default.
    # (A difference's or a comparison's header names the other side of it, "Δ vs Typhoon",
    # "Against Typhoon": no axis of systems.)
    def on_axis(header: str) -> bool:
        return not (_DIFFERENCE_WORDS.search(header) or COMPARES.search(header))

    axes = {kind: (any(find_kind(names, kind, label) for label in labels if on_axis(label)),
                   any(find_kind(names, kind, cell) for cell in columns[1:] if on_axis(cell)))
            for kind in ("system", "subject")}
    for cells, label, in_row in zip(rows, labels, numbers):
        for column, (cell_offset, cell) in enumerate(cells):
            column_header = columns[column] if column < len(columns) else ""
            # Another model's or another set's: on an axis of systems (or sets), a row or
            # column that names none of the card's systems, sets or aggregates. One that
            # names a set but no system ("Avg CER, 11 sets" beside "Typhoon 0.6B avg") is
            # the card's own model's.
            foreign = frozenset(
                kind for kind, (by_row, by_column) in axes.items()
                if (by_row and not _names_any(names, label + " " + cell))
                or (by_column and column and not _names_any(names, column_header + " " + cell)))
            matches = in_row[column]
            bounds = _bounds(cell, matches, column_header)
            by_place = _metrics_by_place(cell, matches, column_header, label if column else "")
            parts = None if bounds else _headers_by_place(cell, matches, column_header)
            ours = []
            for i, match in enumerate(matches):
                before, after = _local(cell, matches, i)
                levels = (before, after, cell, label if column else "",
                          parts[i] if parts else column_header, block.caption, headings)
                if (by_place[i] == "ours" if by_place
                        else not _measures_another_metric(levels)):
                    ours.append((match, levels))
            # An interval's two ends in one cell are each determined by which end they are;
            # "FLEURS 6.26, TVSpeech 8.72" names what each number is.
            one_interval = len(ours) == 2 and all(m.start() in bounds for m, _ in ours)
            for match, levels in ours:
                yield (match, cell_offset, levels, bounds.get(match.start()), foreign,
                       len(ours) == 1 or one_interval or bool(parts)
                       or _named_beside(levels, names), cells[0][0])


_PARENTHESISED_HEADER = re.compile(r"^(.*\S.*?)\(([^()]*)\)[\s%*_]*$", re.S)


def _headers_by_place(cell: str, matches: list[re.Match], header: str) -> list[str] | None:
    """The header of each number of a cell such as "12.90 (14.68)" under a header of the
    same shape, "OpenThai2.0 (Typhoon 0.6B)" or "CER (Δ pp)": the words outside the
    parenthesis head the number outside it, the words inside the number inside. None for
    any other cell."""
    shaped = _PARENTHESISED_HEADER.match(_COMMENT.sub("", header))
    if (shaped is None or len(matches) != 2 or _enclosing_parenthesis(cell, matches[0])
            or not _enclosing_parenthesis(cell, matches[1])):
        return None
    return [shaped.group(1), shaped.group(2)]


def _metrics_by_place(cell: str, matches: list[re.Match], *headers: str) -> list[str] | None:
    """What each number of a cell such as "18.64 / 45.20" measures, by its place, where a
    header (its column's, else its row's) names as many metrics in the same shape:
    "CER / WER" (the first ours, the second not). None for any other cell."""
    if len(matches) < 2 or any(_COMMENT.sub("", _local(cell, matches, i)[1]).strip(" %*_") != "/"
                               for i in range(len(matches) - 1)):  # (a marker is no text)
        return None
    for header in headers:
        metrics = [_metric_in(part) for part in header.split("/")]
        if len(metrics) == len(matches) and all(metrics):
            return metrics
    return None


def _differences_named(headers: list[str], names: Names, first: int) -> list[str]:
    """``headers`` (a table's column headers or row labels), each that speaks of a
    difference but names no system extended by the systems the others name."""
    systems = [names.systems_in(header) for header in headers]
    named = [header for header, found in zip(headers[first:], systems[first:]) if found]
    return [f"{header} ({' / '.join(named)})"
            if index >= first and named and not found and _DIFFERENCE_WORDS.search(header)
            else header for index, (header, found) in enumerate(zip(headers, systems))]


def _prose_numbers(text: str, block: Block, headings: str, names: Names, masked):
    """(match, offset, levels, bound) of each number in a prose block, sentence by sentence."""
    body = text[block.start:block.end]
    position = 0
    for sentence_match in list(SENTENCE_END.finditer(body)) + [None]:
        end = sentence_match.start() if sentence_match else len(body)
        sentence = body[position:end]
        offset = block.start + position
        position = sentence_match.end() if sentence_match else len(body)
        if not _speaks_of_errors(sentence, names):  # CER, %, a set or a system of the card
            continue
        matches = numbers_in(sentence, 0, [(s - offset, e - offset) for s, e in masked], True)
        bounds = _bounds(sentence, matches)
        around = [_local(sentence, matches, i) for i in range(len(matches))]
        # A number's own parenthesis ("from 9.50 % (Typhoon) to 6.69 %") is no other
        # number's context: the next number's text before it starts after it, and the
        # others read the sentence without it.
        owns = [_OWN_PARENTHESIS.match(after) for _, after in around]
        # So is a parenthesis that holds a number ("6.69 % CER (Typhoon: 9.50 %)"), unless
        # it is an interval, whose words are its estimate's too: the number before it reads
        # its own text up to the parenthesis.
        inside = [None if match.start() in bounds else _enclosing_parenthesis(sentence, match)
                  for match in matches]
        owned = [(match.end() + own.start(), match.end() + own.end()) if own else inside[i]
                 for i, (match, own) in enumerate(zip(matches, owns))]
        around = [(before[owns[i - 1].end():] if i and owns[i - 1] else before,
                   after[:inside[i + 1][0] - matches[i].end()]
                   if i + 1 < len(matches) and inside[i + 1]
                   and inside[i + 1][0] >= matches[i].end() else after)
                  for i, (before, after) in enumerate(around)]
        # "10.71 %, or 8.72 % when decoded in pieces": "split" or "pieces" in one number's
        # own clause are that number's; the sentence's other numbers are read without them.
        in_pieces = [bool(_SPLIT_WORDS.search(" ".join(_clauses_beside(pair))))
                     for pair in around]
        for i, match in enumerate(matches):
            before, after = around[i]
            others = [span for j, span in enumerate(owned)
                      if span and j != i and not span[0] <= match.start() < span[1]]
            levels = (before, after, _blanked(sentence, others), headings)
            if any(in_pieces) and not in_pieces[i]:
                levels = tuple(_without_split_words(level) for level in levels[:3]) + levels[3:]
            if not _measures_another_metric(levels):
                yield match, offset, levels, bounds.get(match.start())


def _enclosing_parenthesis(text: str, match: re.Match) -> tuple[int, int] | None:
    """The span of the parenthesis a number stands in, brackets included, if it does."""
    opening = text.rfind("(", 0, match.start())
    closing = text.find(")", match.end())
    if opening < 0 or closing < 0 or ")" in text[opening:match.start()] \
            or "(" in text[match.end():closing]:
        return None
    return opening, closing + 1


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each span's characters made spaces."""
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _without_split_words(text: str) -> str:
    return _blanked(text, [word.span() for word in _SPLIT_WORDS.finditer(text)])


# Another version or state of the card's model: a changelog's section, "the previous
# version", "before fine-tuning".
_OTHER_VERSION_HEADING = re.compile(r"\b(?:change ?log|history|release notes|what's new|"
                                    r"(?:previous|older|earlier) (?:versions?|releases?))\b",
                                    re.I)
_OTHER_VERSION = re.compile(r"\b(?:previous(?:ly)?|(?:earlier|prior|older?|first|last) "
                            r"(?:version|release|model|checkpoint)s?|before (?:fine-?tuning|"
                            r"training|adaptation)|base model|pre-?trained model|zero-shot)\b",
                            re.I)


def _another_version(levels: tuple[str, ...]) -> str | None:
    """The words that say a number is another version's or state's of the card's model:
    in its headings, or in its sentence (or cell, row label or column header)."""
    found = _OTHER_VERSION_HEADING.search(levels[-1]) or next(
        (said for level in levels[2:-1] if (said := _OTHER_VERSION.search(level))), None)
    return found.group() if found else None


def _another_model(levels: tuple[str, ...], names: Names, in_table: bool) -> str | None:
    """The recogniser not the card's ("Whisper large-v3", "openai/whisper-large-v3") that a
    number's nearest context naming any recogniser names: its own clauses, then its
    sentence (or its cell, its row's label, its column's header). None where that context
    names one of the card's systems."""
    for text in (" ".join(_clauses_beside(levels)), levels[2],
                 *((levels[3], levels[4]) if in_table else ())):
        if names.systems_in(text):
            return None
        if other := names.another_model_in(text):
            return other
    return None


def _speaks_of_errors(context: str, names: Names) -> bool:
    return bool(_SPEAKS_OF_ERRORS.search(context) or names.subjects_in(context)
                or names.systems_in(context))


def candidates(card: CardFile, names: Names) -> list[Candidate]:
    """Every number of the card's text that may be a figure, with its context."""
    text = card.text
    masked = masked_spans(text, card)
    found: list[Candidate] = []
    seen: set[int] = set()

    def add(match, offset, levels, in_table, bound, foreign=frozenset(), table=None,
            alone=True, row=None):
        start = offset + match.start()
        if start in seen:  # an HTML cell spanning rows or columns: read once, where it starts
            return
        seen.add(start)
        if "." not in match.group(2) and not names.subjects_in(" ".join(levels)):
            return  # a whole percentage is read only where a set of the card's is named
        # Inside a region the number is gated already: by its figure marker, or by the table.
        region = next((r for r in card.regions if r.start <= start < r.end), None)
        if region is not None and region.kind == "not-a-figure":
            return  # said to be none of the card's figures
        figure = None if region is None else (
            region.args[0] if region.kind == "figure" else f"region {region.label}")
        model = "" if foreign else _another_model(levels, names, in_table)
        version = "" if foreign or model else _another_version(levels)
        other = model or version
        if other:
            foreign = frozenset({"model" if model else "version"})
        found.append(Candidate(start, offset + match.end(), match.group(0),
                               text.count("\n", 0, start) + 1, in_table, levels, bound, figure,
                               foreign, table, alone, offset, offset if row is None else row,
                               other or ""))

    for block in blocks(text, card.body_start):
        headings = " / ".join(block.headings)
        if block.kind == "table":
            for match, offset, levels, bound, foreign, alone, row in _table_numbers(
                    block, headings, names, masked):
                add(match, offset, levels, True, bound, foreign, block.start, alone, row)
        else:
            for match, offset, levels, bound in _prose_numbers(text, block, headings, names,
                                                               masked):
                add(match, offset, levels, False, bound)
    return found


# ----------------------------------------------------------- identifying

@dataclass(frozen=True)
class _Wanted:
    subjects: frozenset[str] | None  # None: not named (any)
    systems: frozenset[str] | None
    latencies: frozenset[int]
    split: bool
    difference: bool | None  # None: either
    bound: str  # "estimate", "low" or "high"


def _constraints(levels: tuple[str, ...], spec: CardSpec, names: Names, default_system: str,
                 bound: str | None, narrow: bool, in_table: bool) -> _Wanted:
    """What the context says, dimension by dimension, from its most specific level that
    names each; ``narrow``: in the text before and after the number, only the nearest name,
    in its own clause first ("6.69 % on FLEURS and 8.72 % on TVSpeech": 8.72 is TVSpeech's,
    though FLEURS stands nearer before it)."""
    def pick(found_in):
        if narrow:
            for beside, nearest in zip(_clauses_beside(levels), (-1, 0)):
                found = found_in(beside)
                if found:
                    return frozenset([found[nearest]])
        for depth, level in enumerate(levels):
            found = found_in(level)
            if not found:
                continue
            if depth == 0 and narrow:
                return frozenset(found[-1:])
            if depth == 1 and narrow:
                return frozenset(found[:1])
            if depth < 3 and not narrow:  # before, after and the cell or sentence, together
                together = set()
                for inner in levels[:3]:
                    together.update(found_in(inner))
                return frozenset(together)
            return frozenset(found)
        return None

    subjects = pick(names.subjects_in)
    latencies = pick(lambda t: [ms for ms in latencies_in(t) if ms in spec.latencies])
    split = bool(pick(_SPLIT_WORDS.findall))
    # Headings say what a section is about ("OpenThai vs Typhoon"), not whether its
    # numbers are differences: the number's own levels decide that.
    difference = True if (bound or _speaks_of_a_difference(levels[:-1])) else None
    # The other side of a comparison ("Against Typhoon", "OpenThai vs Typhoon") is one of a
    # difference's two systems, and the system of a CER quoted after the comparison's word
    # ("FLEURS 6.69 vs 9.50"), never that of a CER before it or of one it only heads.
    other_side = difference or COMPARES.search(levels[0])
    systems = pick(names.systems_in if other_side else names.own_systems_in)
    if bound is None:
        # An interval's end named in words: next to the number, or in its column's header
        # (never "lower is better" in a caption).
        after = _COMPARATIVE_AFTER.sub("", levels[1])
        beside = " ".join((levels[0], after) + (levels[4:5] if in_table else ()))
        if _LOW_WORDS.search(beside) and not _HIGH_WORDS.search(beside):
            bound = "low"
        elif _HIGH_WORDS.search(beside) and not _LOW_WORDS.search(beside):
            bound = "high"
    if not systems:
        systems = frozenset([default_system])
    elif not narrow:  # a sentence naming Typhoon may still quote the card's own system
        systems = systems | {default_system}
    return _Wanted(subjects, systems,
                   latencies or frozenset([spec.headline_latency]), split, difference,
                   bound or "estimate")


def _speaks_of_a_difference(levels: tuple[str, ...]) -> bool:
    """Whether a number is a difference: the nearest context that speaks of a difference or
    of a CER decides, first its own clauses, then the text around it, then each wider
    level in turn; in one, a difference wins ("the CER is higher by 2.81 pp"). So in "the
    CER is 6.69 %, 2.81 pp lower than Typhoon's", 6.69 is a CER and 2.81 a difference, and
    a "CER (%)" column is CERs under a caption that speaks of differences."""
    if _POINTS_AFTER.match(levels[1]):  # "falls 2.81 points": a CER is never in points
        return True
    for level in (" ".join(_clauses_beside(levels)), " ".join(levels[:2]), *levels[2:]):
        if _DIFFERENCE_WORDS.search(level):
            return True
        if _OUR_METRIC.search(level):
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


def _facts(name: str, spec: CardSpec) -> _Facts | None:
    figure = parse_figure(name)
    if figure.kind == "diff":
        if figure.part == "tie":
            return None
        comparison = next(c for c in spec.comparisons if c.key == figure.column)
        return _Facts("diff", figure.latency_ms, figure.subject,
                      frozenset((comparison.a, comparison.b)), comparison.split, figure.part)
    split = figure.column.endswith(SPLIT_SUFFIX) and figure.column not in spec.systems
    system = figure.column[:-len(SPLIT_SUFFIX)] if split else figure.column
    return _Facts(figure.kind, figure.latency_ms, figure.subject, frozenset((system,)), split,
                  "estimate")


def _fits(facts: _Facts, wanted: _Wanted) -> bool:
    if facts.latency not in wanted.latencies:
        return False
    if wanted.subjects is not None and facts.subject not in wanted.subjects:
        return False
    if facts.split != wanted.split or facts.part != wanted.bound:
        return False
    if facts.kind == "diff":
        if wanted.difference is None and len(wanted.systems) < 2:
            return False  # a difference is named as one, or by both its systems
        return (facts.systems <= wanted.systems if len(wanted.systems) > 1
                else bool(facts.systems & wanted.systems))
    if wanted.difference:
        return False
    return bool(facts.systems & wanted.systems)


@dataclass(frozen=True)
class Marked:
    candidate: Candidate
    figure: str | None  # None: unexplained or ambiguous
    verdict: str  # "marked", "drift", "unexplained", "ambiguous", "already"
    gives: str = ""  # what the data give, for a drift
    fits: tuple[str, ...] = ()  # the figures an ambiguous number fits
    # The text states the size of a negative difference, its direction in words ("better
    # by 2.81 pp"): marked so, and gated with its direction.
    magnitude: bool = False
    # The text states the difference turned, B − A where the card's is A − B: marked so.
    turned: bool = False
    # Why an unexplained number is not marked, beyond its value: "no such figure" (its
    # context names a set of the card's but, with what else it says, no figure: ``named``
    # says what it reads as, "TVSpeech, 560 ms, decoded in pieces"), "fraction" (a CER
    # printed as a fraction), "own mean" (the mean of the CERs beside it, ``named``) or
    # "some sets" (a drifted average beside the CERs of only some of its sets, ``named``),
    # "negative" (a signed number where a CER stands), "cer interval" (an end of a CER's
    # interval, ``named`` the CER), "other way round" (a difference
    # stated as B − A, ``named``), "relative" (a
    # difference relative to one of its CERs) or "a sibling's" (the value of the same
    # set's figure of another system, latency or decoding, ``named``).
    why: str = ""
    named: str = ""


def identify(candidate: Candidate, result: CardResult, names: Names,
             facts: dict[str, _Facts]) -> Marked:
    """Which figure a number is, from its context and its value (see the module's docstring)."""
    if candidate.foreign:
        return Marked(candidate, None, "foreign")
    spec = result.spec
    default = spec.publish_system or next(iter(spec.systems))
    narrow = _constraints(candidate.levels, spec, names, default, candidate.bound, True,
                          candidate.in_table)
    if "." not in candidate.text:  # "7 %": a figure only where its context names one alone
        fits = [name for name, fact in facts.items() if _fits(fact, narrow)
                and (narrow.difference or fact.kind != "diff")]  # "3 pp": said to be one
        if len(fits) == 1 and printed_as(result.exact[fits[0]], candidate.text):
            return Marked(candidate, fits[0], "marked")
        return Marked(candidate, None, "unexplained", fits=tuple(fits), why="whole")
    wide = _constraints(candidate.levels, spec, names, default, candidate.bound, False,
                        candidate.in_table)
    exact = result.exact
    narrow_fits = [name for name, fact in facts.items() if _fits(fact, narrow)]
    if len(narrow_fits) == 1 and printed_as(exact[narrow_fits[0]], candidate.text):
        return Marked(candidate, narrow_fits[0], "marked")
    wide_fits = [name for name, fact in facts.items() if _fits(fact, wide)]
    matches = [name for name in wide_fits if printed_as(exact[name], candidate.text)]
    if len(matches) == 1:
        return Marked(candidate, matches[0], "marked")
    if len(matches) > 1:
        if len(narrow_fits) == 1 and narrow_fits[0] in matches:
            return Marked(candidate, narrow_fits[0], "marked")
        return Marked(candidate, None, "ambiguous", fits=tuple(matches))
    # "Better by 2.81 pp": an unsigned number beside words that say which way, the size of a
    # difference that is negative.
    if _states_a_direction(candidate):
        sizes = [name for name in wide_fits if name.startswith("diff/") and exact[name] < 0
                 and printed_as(-exact[name], candidate.text)]
        if len(narrow_fits) == 1 and narrow_fits[0] in sizes:
            sizes = narrow_fits
        if len(sizes) == 1:
            return Marked(candidate, sizes[0], "marked", magnitude=True)
    # A context that names exactly one figure says which number this is: a value that is not
    # the data's is that figure drifted, in a table cell or in prose alike. Not in a cell
    # holding something else: in "9.50 / 12.80" the number that is not the figure may be
    # anything (and see mark_card: nor beside the figure itself).
    if candidate.alone and len(narrow_fits) == 1:
        name = narrow_fits[0]
        if _a_fraction_of_a_percentage(candidate.text, name, exact[name]):
            return Marked(candidate, None, "unexplained", fits=(name,), why="fraction")
        if name.startswith(("cer/", "aggregate/")) and candidate.text[:1] in "-−":
            return Marked(candidate, None, "unexplained", fits=(name,), why="negative")
        if _a_relative_difference(candidate.text, name, spec, exact):
            return Marked(candidate, None, "unexplained", fits=(name,), why="relative")
        if other := _a_sibling_it_prints(candidate.text, name, facts, exact):
            return Marked(candidate, None, "unexplained", fits=(name,), why="a sibling's",
                          named=other)
        if name.startswith("diff/") and exact[name] < 0 and _states_a_direction(candidate):
            # "Better by 2.90 pp", stale: the size drifted; the words beside it stand.
            return Marked(candidate, name, "drift",
                          format_like(name, -exact[name], candidate.text), magnitude=True)
        return Marked(candidate, name, "drift", format_like(name, exact[name], candidate.text))
    # Unexplained: its value is none of the figures its context names (``fits``), or its
    # context names no set or aggregate of the card's at all (it may be none of ours).
    wanted = narrow if narrow.subjects is not None else wide
    if wanted.subjects is None:
        return Marked(candidate, None, "unexplained")
    named = narrow_fits if wanted is narrow else wide_fits
    if named:
        return Marked(candidate, None, "unexplained", fits=tuple(named))
    return Marked(candidate, None, "unexplained", why="no such figure",
                  named=_what_it_names(wanted, spec))


def _a_fraction_of_a_percentage(text: str, name: str, value) -> bool:
    """"0.0669" where a CER of 6.69 % stands: the card's own scale, which --write must not
    change. (A CER under 1 % is printed as itself; a signed number is no CER at all.)"""
    return (name.startswith(("cer/", "aggregate/")) and text[:1] not in "+-−"
            and Fraction(text) < 1 <= value * 100)


def _a_sibling_it_prints(text: str, name: str, facts: dict[str, _Facts], exact) -> str | None:
    """The figure of the same kind and set, of another system, latency or decoding, whose
    value ``text`` prints: "8.72" where the context reads as TVSpeech long decoded whole
    (10.71) and the split decode gives 8.72; "8.73" where it reads as Typhoon's and
    Typhoon with its LM gives 8.73. Its context was misread, or names what the reader
    does not understand; a drift there would write the wrong figure."""
    own = facts[name]
    return next((other for other, fact in facts.items()
                 if other != name and fact.kind == own.kind and fact.subject == own.subject
                 and fact.part == own.part and printed_as(exact[other], text)), None)


def _a_relative_difference(text: str, name: str, spec: CardSpec, exact) -> bool:
    """"−29.6" where a difference of −2.81 pp stands: the difference relative to one of its
    two CERs, (A − B) / B or / A, in percent, as a Δ column may give it unnamed. Not the
    card's figure, which --write must not put in its place."""
    figure = parse_figure(name)
    if figure.kind != "diff" or figure.part != "estimate":
        return False
    comparison = next(c for c in spec.comparisons if c.key == figure.column)
    cers = [exact.get(cer_figure(figure.latency_ms, figure.subject,
                                 Column(system, comparison.split).key))
            for system in (comparison.a, comparison.b)]
    if None in cers or 0 in cers:
        return False
    size = text.replace("−", "-").lstrip("+-")
    return any(printed_as(abs(exact[name] / cer), size) for cer in cers)


def _states_a_direction(candidate: Candidate) -> bool:
    """An unsigned number whose own cell or sentence (with its row and column) says which
    way a difference goes."""
    if candidate.text[:1] in "+-−":
        return False
    own = candidate.levels[:5] if candidate.in_table else candidate.levels[:3]
    return any(_DIRECTION_WORDS.search(level) for level in own)


def _what_it_names(wanted: _Wanted, spec: CardSpec) -> str:
    """A context's reading in the card's own words, for a report."""
    displays = {**spec.set_names, **{a.key: a.display for a in spec.aggregates},
                **spec.systems}
    parts = [" or ".join(sorted(displays.get(k, k) for k in wanted.subjects)),
             " or ".join(sorted(displays.get(k, k) for k in wanted.systems or ())),
             " or ".join(f"{ms} ms" for ms in sorted(wanted.latencies))]
    if wanted.split:
        parts.append("decoded in pieces")
    if wanted.difference:
        parts.append("a difference")
    if wanted.bound != "estimate":
        parts.append(f"an interval's {wanted.bound} end")
    return ", ".join(part for part in parts if part)


# --------------------------------------------------------------- marking

def _own_mean(m: Marked, found: list[Marked], spec: CardSpec) -> Marked | None:
    """An "Avg" the card computed itself: a drifted aggregate of a table whose value is the
    mean of the CERs beside it in its row (or column), as printed there, is that mean and
    not the card's aggregate, which --write must not put in its place. Nor is one beside
    CERs of only some of the sets the aggregate is over, unless its row or column names the
    aggregate ("Average of 11 sets", "11 sets"): it may be an average of what it shows."""
    if m.verdict != "drift" or m.candidate.table is None or not m.figure.startswith(
            "aggregate/"):
        return None
    def beside(other: Marked) -> bool:
        return (other is not m and other.candidate.table == m.candidate.table
                and other.figure is not None and other.figure.startswith("cer/")
                and other.verdict in ("marked", "drift", "already"))
    row = [o for o in found if beside(o) and o.candidate.row == m.candidate.row]
    column = [o for o in found if beside(o) and o.candidate.row != m.candidate.row
              and o.candidate.levels[4] == m.candidate.levels[4]]
    says = Fraction(m.candidate.text.replace("−", "-"))
    decimals = len(m.candidate.text.split(".")[1])
    for along, peers in (("row", row), ("column", column)):
        if len(peers) < 2:
            continue
        mean = sum(Fraction(o.candidate.text.replace("−", "-")) for o in peers) / len(peers)
        if abs(mean - says) <= Fraction(1, 10 ** decimals):  # as its author rounded it
            return Marked(m.candidate, None, "unexplained", fits=(m.figure,), why="own mean",
                          named=f"the mean of the {len(peers)} CERs beside it in its {along}")
    aggregate = next(a for a in spec.aggregates if a.key == parse_figure(m.figure).subject)
    headers = plain_name(f"{m.candidate.levels[3]} {m.candidate.levels[4]}")
    if (plain_name(aggregate.display) in headers
            or f" {len(aggregate.sets)} sets " in headers):
        return None
    for along, peers in (("row", row), ("column", column)):
        shown = {parse_figure(o.figure).subject for o in peers}
        if len(shown) >= 2 and shown < set(aggregate.sets):
            return Marked(m.candidate, None, "unexplained", fits=(m.figure,), why="some sets",
                          named=f"the CERs of {len(shown)} of its {len(aggregate.sets)} "
                                f"sets in its {along}")
    return None


def _the_other_way_round(m: Marked, result: CardResult, names: Names) -> Marked | None:
    """A difference whose nearest context that orders the comparison's two systems states
    it the other way round ("Typhoon 0.6B − OpenThai2.0", "Typhoon vs OpenThai"): its sign
    and its interval are turned (B − A's low end is A − B's high end, negated). At that
    value it is the card's figure turned, and marked so; stale where its context names one
    figure, it drifts so. At the value of the card's A − B, or where its context names
    several, its words and its number disagree, or say too little: it is listed, and
    --write never puts the card's A − B in its place."""
    spec = result.spec
    if m.verdict in ("marked", "drift") and not m.magnitude:
        figures = (m.figure,)
    elif m.verdict == "unexplained" and not m.why:  # of the figures its context names
        figures = m.fits
    else:
        return None
    by_key = {c.key: c for c in spec.comparisons}
    comparisons = {name: by_key[parse_figure(name).column] for name in figures
                   if name.startswith("diff/")}
    for level in m.candidate.levels:
        parts = _ORDERED.split(level, maxsplit=1)
        if len(parts) < 2:
            continue
        before, after = names.systems_in(parts[0]), names.systems_in(parts[1])
        if any(c.a in before and c.b in after for c in comparisons.values()):
            return None
        turned = [name for name, c in comparisons.items() if c.b in before and c.a in after]
        if len(turned) != 1:
            continue
        comparison = comparisons[turned[0]]
        parts = turned[0].rsplit("/", 1)
        name = f"{parts[0]}/{_TURNED_PART[parts[1]]}"
        value = -result.exact[name]
        if printed_as(value, m.candidate.text):
            return Marked(m.candidate, name, "marked", turned=True)
        if m.verdict == "drift" and m.candidate.alone:
            return Marked(m.candidate, name, "drift",
                          format_like(name, value, m.candidate.text), turned=True)
        return Marked(m.candidate, None, "unexplained", fits=(turned[0],),
                      why="other way round",
                      named=f"{spec.systems[comparison.b]} − {spec.systems[comparison.a]}")
    return None


def _an_end_beside_its_estimate(m: Marked, found: list[Marked],
                                result: CardResult) -> Marked | None:
    """An interval's end whose context names several comparisons ("GigaSpeech2 long:
    −4.72 pp [95% CI −6.81, −2.72]", naming no system) takes the comparison of the estimate
    read beside it, in its sentence or cell or its table row: marked at its value, drifted
    where it stands alone."""
    if m.verdict != "unexplained" or m.why or m.candidate.bound is None or len(m.fits) < 2:
        return None
    estimates = {o.figure.rsplit("/", 1)[0] for o in _read_beside(m, found) if not o.turned
                 and o.figure.startswith("diff/") and o.figure.endswith("/estimate")}
    ends = [name for name in m.fits if name.rsplit("/", 1)[0] in estimates]
    if len(ends) != 1:
        return None
    value = result.exact[ends[0]]
    if printed_as(value, m.candidate.text):
        return Marked(m.candidate, ends[0], "marked")
    if m.candidate.alone:
        return Marked(m.candidate, ends[0], "drift", format_like(ends[0], value,
                                                                 m.candidate.text))
    return None


def _read_beside(m: Marked, found: list[Marked]) -> list[Marked]:
    """The numbers read as figures in ``m``'s sentence or cell, or its table row."""
    return [other for other in found
            if other is not m and other.verdict in ("marked", "drift", "already")
            and (other.candidate.unit == m.candidate.unit
                 or (m.candidate.table is not None and other.candidate.table == m.candidate.table
                     and other.candidate.row == m.candidate.row))]


def _an_interval_of_a_cer(m: Marked, found: list[Marked]) -> Marked | None:
    """"6.69 % (95% CI: 5.91–7.52)": an interval beside a CER and no difference is that
    CER's, which the card does not compute (it gives intervals of differences only)."""
    if m.verdict != "unexplained" or m.why or m.candidate.bound is None:
        return None
    read = [o.figure for o in _read_beside(m, found) if o.candidate.bound is None]
    cers = [name for name in read if name.startswith(("cer/", "aggregate/"))]
    if len(cers) != 1 or any(name.startswith("diff/") for name in read):
        return None
    return Marked(m.candidate, None, "unexplained", fits=m.fits, why="cer interval",
                  named=cers[0])


# B − A's interval is A − B's, negated and with its ends swapped.
_TURNED_PART = {"estimate": "estimate", "low": "high", "high": "low"}


@dataclass(frozen=True)
class MarkResult:
    old: str
    new: str
    found: tuple[Marked, ...]

    def count(self, verdict: str) -> int:
        return sum(m.verdict == verdict for m in self.found)

    @property
    def drifted(self) -> bool:
        return self.count("drift") > 0


def mark_card(result: CardResult, card: CardFile, aliases: dict[str, str]) -> MarkResult:
    """The card with every figure its context determines wrapped in a figure marker."""
    names = Names.of(result.spec, aliases)
    facts = {name: fact for name in result.exact
             if (fact := _facts(name, result.spec)) is not None}
    found = [Marked(candidate, candidate.marked, "already") if candidate.marked is not None
             else identify(candidate, result, names, facts)
             for candidate in candidates(card, names)]
    found = [_the_other_way_round(m, result, names) or m for m in found]
    found = [_an_end_beside_its_estimate(m, found, result) or m for m in found]
    found = [_an_interval_of_a_cer(m, found) or m for m in found]
    found = [_own_mean(m, found, result.spec) or m for m in found]
    # One figure read from the rows and columns of two cells of one table: the reading of
    # that table is wrong somewhere (a latency or a system it names in a way not
    # understood), so neither is marked. A cell whose own words name the number ("FLEURS
    # 6.26") says what it is: an at-a-glance table may quote a figure twice.
    # (A cell whose value is another latency's figure reads as this one all the same.)
    def read_as(m: Marked) -> str | None:
        return m.fits[0] if m.why == "a sibling's" else m.figure

    def by_position(m: Marked) -> bool:
        return (m.candidate.table is not None and read_as(m) is not None
                and not _named_beside(m.candidate.levels, names))

    # (A difference and its turned form, B − A, may stand side by side.)
    seen: dict[tuple[int, str, bool], int] = {}
    for m in filter(by_position, found):
        key = (m.candidate.table, read_as(m), m.turned)
        seen[key] = seen.get(key, 0) + 1
    found = [Marked(m.candidate, None, "ambiguous", fits=(m.figure,))
             if m.verdict in ("marked", "drift") and by_position(m)
             and seen[(m.candidate.table, m.figure, m.turned)] > 1 else m for m in found]
    # A number that would be a figure drifted, in the same cell or sentence as that figure
    # at its own value ("6.69 % or 3.21 %"), is not it: it is another number beside it.
    present = {(m.candidate.unit, m.figure) for m in found if m.verdict in ("marked", "already")}
    found = [Marked(m.candidate, None, "unexplained", fits=(m.figure,))
             if m.verdict == "drift" and (m.candidate.unit, m.figure) in present else m
             for m in found]
    pieces, copied = [], 0
    for marked in found:
        candidate = marked.candidate
        if marked.figure is None or marked.verdict == "already":
            continue
        opening = marked.figure + (f" {MAGNITUDE_OF_NEGATIVE}" if marked.magnitude
                                   else f" {TURNED}" if marked.turned else "")
        pieces += [card.text[copied:candidate.start],
                   f"<!-- scoring:figure {opening} -->{candidate.text}<!-- scoring:end -->"]
        copied = candidate.end
    pieces.append(card.text[copied:])
    return MarkResult(card.text, "".join(pieces), tuple(found))


def _counted(card: CardFile, spec: CardSpec,
             aliases: dict[str, str]) -> tuple[list[Candidate], list[Candidate]]:
    """(the candidate numbers coverage counts, those left alone as other models' or sets')."""
    found = candidates(card, Names.of(spec, aliases))
    return [c for c in found if not c.foreign], [c for c in found if c.foreign]


def coverage(card: CardFile, spec: CardSpec, aliases: dict[str, str]) -> tuple[int, list[Candidate]]:
    """(how many candidate numbers, those without a marker) in the card's text."""
    counted, _ = _counted(card, spec, aliases)
    return len(counted), [c for c in counted if c.marked is None]


# ------------------------------------------------------------- presenting

_KIND_WORDS = {"system": "system", "subject": "set"}  # as a report names each kind


def _not_a_figure_hint(text: str, lead: str = "; if it is none of the card's figures") -> str:
    return f"{lead}, write it <!-- scoring:not-a-figure -->{text}<!-- scoring:end -->"


def _far(m: Marked) -> bool:
    """A drifted CER more than twice, or less than half, what the data give: perhaps a stale
    copy scored another way, perhaps another model's or another quantity, which --write
    would overwrite. The review decides; the report says so."""
    if not m.figure.startswith(("cer/", "aggregate/")):
        return False
    says, gives = (Fraction(text.replace("−", "-")) for text in (m.candidate.text, m.gives))
    return gives > 0 and (says > 2 * gives or says < gives / 2)


def _lines(marked: MarkResult, verdict: str) -> list[Marked]:
    return [m for m in marked.found if m.verdict == verdict]


def format_marked(marked: MarkResult, path, stale_index=(), stale_marked=()) -> str:
    """The summary of a --mark, what it found wrong, then the diff of the markers added.
    ``stale_marked``: the numbers marked before this run that the data no longer give."""
    import difflib

    new = marked.count("marked") + marked.count("drift")
    total = new + marked.count("already")
    unplaced = sum(1 for mismatch in stale_index if mismatch.figure is None)
    lines = [f"{path}: {plural(total, 'number')} marked ({new} new); "
             f"{marked.count('drift') + len(stale_marked)} drifted, "
             f"{len(stale_index) - unplaced} stale in the "
             f"model-index; {marked.count('unexplained')} unexplained; "
             f"{marked.count('ambiguous') + unplaced} ambiguous; "
             f"{marked.count('foreign')} left alone as other models' or sets'"]
    for m in _lines(marked, "drift"):
        lines.append(f"drift: line {m.candidate.line}: figure {m.figure}"
                     f"{' turned' if m.turned else ''}"
                     f"{' ' + MAGNITUDE_OF_NEGATIVE if m.magnitude else ''} says "
                     f"{m.candidate.text}, the data give "
                     f"{m.gives}" + (" (over twice or under half of it: is it this figure? "
                                     "review it before --write)" if _far(m) else ""))
    lines += [f"drift: {mismatch.line()} (marked already)" for mismatch in stale_marked]
    for mismatch in stale_index:
        lines.append(f"drift: {mismatch.line()}" if mismatch.figure else
                     f"ambiguous: {mismatch.where} says {mismatch.says}: {mismatch.gives}")
    none_of_ours = []
    for m in _lines(marked, "unexplained"):
        if m.why == "fraction":
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} reads as "
                         f"{m.fits[0]} written as a fraction, where the card prints "
                         "percentages; left unmarked: the gate reads and writes CERs in "
                         "percent (write it so), or mark it not-a-figure")
        elif m.why == "some sets":  # an average beside only some of the aggregate's sets
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} is not "
                         f"{m.fits[0]}, and stands beside {m.named}, whose average it may "
                         "be; left unmarked: if it is that figure, name the aggregate where "
                         "it stands (its name, or the number of its sets); if it is a mean of "
                         "what is shown, write it not-a-figure")
        elif m.why == "negative":  # no error rate is below zero
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} stands "
                         f"where its context reads as {m.fits[0]}, but no CER is negative: is "
                         "it a difference? left unmarked: say so where it stands (Δ, pp), or "
                         "write it not-a-figure")
        elif m.why == "a sibling's":  # another latency's or decoding's figure
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} is "
                         f"{m.named}, though its context reads as {m.fits[0]}; left "
                         "unmarked: name its system, latency or decoding in pieces where it "
                         "stands")
        elif m.why == "relative":  # (A − B) / B, where the card publishes A − B
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} is "
                         f"{m.fits[0]} relative to a CER, in percent, not the difference in "
                         "points; left unmarked: say it is relative where it stands (it is "
                         "then none of the card's figures), or write it not-a-figure")
        elif m.why == "other way round":  # B − A where the card's difference is A − B
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} is "
                         f"stated as {m.named}, the other way round from {m.fits[0]}; left "
                         "unmarked: state it as the card's difference (its sign and its "
                         "interval turned), or write it not-a-figure")
        elif m.why == "whole":  # a whole percentage: never drifted, it may be anything
            named = (f"its context reads as {m.fits[0]}, which is not {m.candidate.text} at "
                     "that precision" if len(m.fits) == 1 else
                     f"its context names {len(m.fits)} figures ({', '.join(m.fits[:3])}"
                     f"{', ...' if len(m.fits) > 3 else ''})" if m.fits else
                     "its context names a set of the card's but no figure")
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} is a whole "
                         f"number in percent, and {named}; left unmarked: if it is a figure, "
                         "write it with the card's decimals; if not, write it not-a-figure")
        elif m.why == "cer interval":  # an interval of a CER: the card computes none
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} is an end "
                         f"of an interval of {m.named}, and the card gives intervals of "
                         "differences only; left unmarked: the gate cannot check it (drop it, "
                         "or write it not-a-figure)")
        elif m.why == "own mean":  # the card's own mean of what it shows
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} is "
                         f"{m.named}, not {m.fits[0]}; left unmarked: no figure of the card's "
                         "is that mean (write it not-a-figure), or put the card's figure there")
        elif m.fits:  # its context names figures of the card: a number of ours, unread
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text} is none of "
                         f"the {len(m.fits)} figures its context names ({', '.join(m.fits[:3])}"
                         f"{', ...' if len(m.fits) > 3 else ''}); left unmarked: name its "
                         "set, system or latency where it stands")
        elif m.why == "no such figure":  # a set of the card's, with it no figure: ours
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text}: its context "
                         f"reads as {m.named}, and the card has no such figure; left "
                         "unmarked: name its set, system or latency where it stands, or "
                         "give the words it uses in [publish.aliases]")
        else:
            none_of_ours.append(m.candidate.line)
            lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text}: its context "
                         "names no figure of the card's; left unmarked")
    if none_of_ours:  # what to do with those, said once
        lines.append("(a number whose context names no figure of the card's may be none of "
                     "ours: if so, write it <!-- scoring:not-a-figure -->N<!-- scoring:end -->)")
    by_line: dict[int, list[Marked]] = {}
    for m in _lines(marked, "foreign"):
        by_line.setdefault(m.candidate.line, []).append(m)
    for line, alone in by_line.items():
        others = list(dict.fromkeys(m.candidate.other_model for m in alone
                                    if m.candidate.other_model))
        if others:  # named in its context: another recogniser's, or another version's
            versions = all("version" in m.candidate.foreign for m in alone
                           if m.candidate.other_model)
            lines.append(f"left alone: line {line}: "
                         f"{', '.join(m.candidate.text for m in alone)} (its context names "
                         f"{' and '.join(others)}: "
                         + ("another version's or state's of the model, not the card's "
                            "results; a result of the card's stands elsewhere)" if versions else
                            "another model's, not the card's; if it is one of the card's "
                            "systems, name it in [publish.aliases])"))
            continue
        kinds = set().union(*(m.candidate.foreign for m in alone))
        what = " or ".join(word for kind, word in _KIND_WORDS.items() if kind in kinds)
        lines.append(f"left alone: line {line}: {', '.join(m.candidate.text for m in alone)} "
                     f"(its row or column names no {what} of the card's; if it does, name it "
                     "in [publish.aliases])")
    for m in _lines(marked, "ambiguous"):
        if len(m.fits) == 1:  # one figure read in two cells of a table
            lines.append(f"ambiguous: line {m.candidate.line}: {m.candidate.text} reads as "
                         f"{m.fits[0]}, and so does another cell of its table (is a latency "
                         "or a system named in a way not understood?); left unmarked")
            continue
        lines.append(f"ambiguous: line {m.candidate.line}: {m.candidate.text} fits "
                     f"{len(m.fits)} figures ({', '.join(m.fits[:3])}"
                     f"{', ...' if len(m.fits) > 3 else ''}); left unmarked")
    text = "\n".join(lines) + "\n"
    name = getattr(path, "name", str(path))
    return text + "".join(difflib.unified_diff(
        marked.old.splitlines(keepends=True), marked.new.splitlines(keepends=True),
        fromfile=f"{name} (as written)", tofile=f"{name} (marked)"))


def mark_report(result: CardResult, card_file: CardFile, card,
                home: CardHome | None = None) -> tuple[str, int]:
    """Mark the card file (written atomically if anything was marked); what --mark prints,
    ending with the next steps, and 1 when a number drifted here or in the model-index."""
    from ..files import write_text_atomically

    marked = mark_card(result, card_file, result.spec.publish_aliases)
    stale_index = [m for m in card.mismatches
                   if m.where.startswith("model-index") and m.says != "nothing"]
    # A second --mark (before --write) still finds what the first found stale.
    stale_marked = [m for m in card.mismatches if m.figure and m.where.startswith(
        "inline region")]
    if marked.new != marked.old:
        write_text_atomically(card_file.path, marked.new)
    text = format_marked(marked, card_file.path, stale_index, stale_marked)
    if home is not None:
        write = f"`python -m scoring publish {home.root_argument} --write`"
        text += (f"next: review the card with {home.review(card_file.path)}; {write} puts "
                 "right what drifted and writes the model-index in the gate's form"
                 + (f"; then {home.push()} proposes it on the hub" if home.on_hub else "")
                 + "\n")
    return text, 1 if marked.drifted or stale_marked or any(m.figure for m in stale_index) else 0


def format_coverage(card: CardFile, spec: CardSpec) -> tuple[str, str]:
    """The --check coverage line, and a line per figure-like number outside any marker."""
    counted, alone = _counted(card, spec, spec.publish_aliases)
    ungated = [c for c in counted if c.marked is None]
    line = f"{len(counted) - len(ungated)} of {len(counted)} numbers in the card's text are gated"
    if alone:  # not counted, so said: a row of the card's own model misnamed would be there
        where = sorted({c.line for c in alone})
        line += (f"; {plural(len(alone), 'number')} of other models or sets left alone "
                 f"(line{'s' if len(where) > 1 else ''} {', '.join(map(str, where))})")
    line += "\n"
    listed = "".join(f"ungated: line {c.line}: {c.text}\n" for c in ungated)
    if ungated:  # what to do, said once
        listed += ("(each is a figure-like number outside any marker: `publish --mark` marks "
                   "it if it is one of the card's figures"
                   f"{_not_a_figure_hint('N', '; if not')})\n")
    return line, listed
