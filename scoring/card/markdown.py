"""The card's block structure as the hub renders it, found by markdown-it-py (CommonMark,
GitHub's tables, footnotes) and, for HTML tables and collapsible sections, the standard
library's HTML parser. Code never becomes a block; each block keeps its source's offsets,
so that a number read from it is marked in place."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from html.parser import HTMLParser

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin

from . import words
from .text import (
    CODE_NUMBER,
    COMMENT,
    INLINE_CODE,
    MATH,
    NO_MARKER_IN,
    SENTENCE_END,
    SIGN,
    CardFile,
    inside,
    line_of,
    numbers_in,
)

__all__ = ["Block", "blocks", "code_spans", "table_cells", "unescaped"]


@dataclass
class Block:
    kind: str  # "table", "heading" or "prose"
    start: int
    end: int
    headings: tuple[str, ...]
    caption: str = ""
    # A table's paragraph just under it that reports no numbers: a caption, if none other.
    below: str = ""
    # A table's rows of (offset, text) cells, the header first (empty: an HTML table's none).
    rows: list[list[tuple[int, str]]] = field(default_factory=list)
    # A list item's first paragraph: where its text starts (after "- "), and the first lines
    # of the items it is nested in, outermost first.
    item_text: int | None = None
    items_above: tuple[str, ...] = ()
    # A paragraph in a quote: where each of its quote marks (">") stands.
    quote_marks: tuple[int, ...] = ()
    # In a quote attributed to its writer: the quote's first line ("**@somchai** wrote:").
    quoted_by: str = ""

    @property
    def is_item(self) -> bool:
        return self.item_text is not None


@cache
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable(["table", "strikethrough"]).use(footnote_plugin)


@lru_cache(maxsize=8)
def _tokens(body: str) -> tuple[Token, ...]:
    # (A card is parsed once for its blocks, its code and its claims; tokens are never changed.)
    return tuple(_parser().parse(body))


# A quote's mark, after up to three spaces of indent, and the space after it.
_QUOTE_MARK = re.compile(r" {0,3}(>) ?")
# A bar that ends a table cell ("\\|" is a pipe within the cell).
_CELL_BAR = re.compile(r"(?<!\\)\|")


class _Lines:
    """The lines of ``text`` from ``start`` on, and where each starts in the whole text."""

    def __init__(self, text: str, start: int):
        self.text = text
        self.starts = [start]
        for line in text[start:].splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, line: int) -> int:
        return self.starts[min(line, len(self.starts) - 1)]

    def span(self, first: int, last: int) -> tuple[int, int]:
        return self.offset(first), self.offset(last)

    def quote_marks(self, line: int, quotes: int) -> list[int]:
        """Where a line's first ``quotes`` quote marks (">") stand (fewer on a lazy line)."""
        start = self.offset(line)
        chars = self.text[start : self.offset(line + 1)]
        marks, i = [], 0
        for _ in range(quotes):
            mark = _QUOTE_MARK.match(chars, i)
            if mark is None:
                break  # a lazy line: fewer marks than quotes
            marks.append(start + mark.start(1))
            i = mark.end()
        return marks

    def unquoted(self, line: int, quotes: int) -> str:
        """A line, its first ``quotes`` quote marks as spaces: "> | FLEURS |" is a row."""
        start = self.offset(line)
        chars = list(self.text[start : self.offset(line + 1)])
        for mark in self.quote_marks(line, quotes):
            chars[mark - start] = " "
        return "".join(chars)


# The HTML blocks shown as written (CommonMark's first kind): a <pre> is code, as a fence is.
_RAW_HTML = ("<pre", "<script", "<style", "<textarea")


def _is_code(token: Token) -> bool:
    return token.type in ("fence", "code_block") or (
        token.type == "html_block" and token.content.lstrip().lower().startswith(_RAW_HTML)
    )


def code_spans(text: str, body_start: int) -> list[tuple[int, int]]:
    """Where the body holds code, as CommonMark reads it: fences, indented code, <pre>."""
    lines = _Lines(text, body_start)
    return [
        lines.span(*token.map)
        for token in _tokens(text[body_start:])
        if _is_code(token) and token.map
    ]


def numbers_in_code_blocks(card: CardFile) -> list[tuple[int, str]]:
    """(line, text) of each number with decimals in the body's code blocks, which are never
    read nor rewritten: a notebook's printed results may stand there."""
    text = card.text
    return [
        (line_of(text, number.start()), number.group())
        for start, end in code_spans(text, card.body_start)
        for number in _A_NUMBER_IN_CODE.finditer(text, start, end)
    ]


def tables_with_longer_rows(card: CardFile) -> list[tuple[int, int, int]]:
    """(line, header cells, most cells of a row) of each table whose rows hold more cells
    than its header: the hub shows the header's columns alone and drops the rest of each
    row, so a header a cell short reads every column one place off."""
    lines, found = _Lines(card.text, card.body_start), []
    for token in _tokens(card.text[card.body_start :]):
        if token.type == "table_open" and token.map:
            first, end = token.map
            header, *rows = (_cells_in(lines, n) for n in (first, *range(first + 2, end)))
            if max(rows, default=0) > header:
                found.append((line_of(card.text, lines.offset(first)), header, max(rows)))
    return found


def _cells_in(lines: _Lines, line: int) -> int:
    """How many cells a table's line holds as written, its quote marks and outer bars aside."""
    row = lines.text[lines.offset(line) : lines.offset(line + 1)]
    row = re.sub(r"^[\s>]*", "", row).strip()
    return len(_CELL_BAR.split(row.removeprefix("|").removesuffix("|")))


# Text struck out, as the hub shows it: "~~19.10~~ 18.64", "<del>19.10</del>".
STRUCK_OUT = re.compile(r"~~[^~\n]+~~|<(s|del|strike)>.*?</\1>", re.S | re.I)


def masked_spans(text: str, card: CardFile) -> list[tuple[int, int]]:
    """Where numbers are never read: front matter, code (but a number alone in inline code),
    math, comments, link targets, and text struck out ("~~19.10~~ 18.64")."""
    spans = [(0, card.body_start), *code_spans(text, card.body_start)]
    spans += [m.span() for m in INLINE_CODE.finditer(text) if not CODE_NUMBER.fullmatch(m.group())]
    for pattern in (COMMENT.pattern, MATH.pattern, r"\]\([^)]*\)", r"https?://\S+"):
        spans += [(m.start(), m.end()) for m in re.finditer(pattern, text, re.S | re.M)]
    spans += _link_definitions(text, card.body_start)
    return spans + [m.span() for m in STRUCK_OUT.finditer(text)]


# A line shaped like a link's definition (a footnote's, "[^avg]: The mean ...", is read).
_LINK_DEFINITION = re.compile(r"^[ \t]*\[(?!\^)[^\]\n]+\]:[ \t]*\S+[^\n]*$", re.M)
# The blocks whose source lines the parser keeps: a definition is in none of them.
_LEAF_BLOCKS = ("paragraph_open", "heading_open", "fence", "code_block", "html_block", "hr")


def _link_definitions(text: str, body_start: int) -> list[tuple[int, int]]:
    """Where the body defines links, as CommonMark reads it: such a line inside a paragraph
    or an HTML block ("<p>... [+0.18, +5.50]: the th-mix prompt ...") is their text."""
    lines = _Lines(text, body_start)
    kept = [
        lines.span(*token.map)
        for token in _tokens(text[body_start:])
        if token.map and (token.type in _LEAF_BLOCKS or token.type == "table_open")
    ]
    return [
        found.span()
        for found in _LINK_DEFINITION.finditer(text, body_start)
        if not any(start <= found.start() < end for start, end in kept)
    ]


# A backslash escaping punctuation ("7.7\\%", "\\*"): the hub shows the punctuation alone.
_ESCAPE = re.compile(r"\\(?=[!-/:-@\[-`{-~])")


def unescaped(text: str) -> str:
    """``text`` as the hub shows it, in place: an escaping backslash is a space."""
    return _ESCAPE.sub(" ", text)


def table_cells(line: str, offset: int) -> list[tuple[int, str]]:
    """(offset, text) of each cell of a table row's line."""
    cells, body = [], line.rstrip("\n")
    position = body.index("|") + 1 if body.lstrip().startswith("|") else 0
    for bar in _CELL_BAR.finditer(body, position):
        cells.append((offset + position, body[position : bar.start()]))
        position = bar.end()
    if body[position:].strip():
        cells.append((offset + position, body[position:]))
    return cells


class _Details(HTMLParser):
    """The summaries of the collapsible sections open at a point: their blocks' headings."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self._summary: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "details":
            self.open.append("")
        elif tag == "summary":
            self._summary = []

    def handle_endtag(self, tag):
        if tag == "details" and self.open:
            self.open.pop()
        elif tag == "summary" and self._summary is not None:
            if self.open:
                self.open[-1] = " ".join("".join(self._summary).split())
            self._summary = None

    def handle_data(self, data):
        if self._summary is not None:
            self._summary.append(data)


# Tags inside a cell that only lay out its text ("6.69<br><small>(−2.81)</small>"): read as
# the blanks they take, so that the cell reads "6.69 (−2.81)" in its own places.
_LAYOUT_TAGS = re.compile(r"</?(?:br|small|big|span|font|p|div|center)\b[^>]*>", re.I)


class _HtmlTable(HTMLParser):
    """An HTML table's cells, each the source text from its tag to the next that ends it."""

    _ENDS_A_CELL = {"td", "th", "tr", "table", "thead", "tbody", "tfoot"}

    def __init__(self, text: str, start: int):
        super().__init__(convert_charrefs=False)
        self.source, self.base, self.lines = text, start, _Lines(text, 0)
        # Each row's cells: [kind, attributes, content start, content (once the cell ends)].
        self.rows: list[list[list]] = []
        self._open = False  # the last cell's content runs on

    def _here(self) -> int:
        line, column = self.getpos()
        return self.lines.starts[line - 1] + column

    def _close_cell(self) -> None:
        if self._open:
            cell = self.rows[-1][-1]
            cell.append(self.source[cell[2] : self._here()])
            self._open = False

    def handle_starttag(self, tag, attrs):
        if tag in self._ENDS_A_CELL:
            self._close_cell()
        if tag == "tr" or (tag in ("td", "th") and not self.rows):  # (a row, or a cell alone)
            self.rows.append([])
        if tag in ("td", "th"):
            content = self._here() + len(self.get_starttag_text() or "")
            self.rows[-1].append([tag, dict(attrs), content])
            self._open = True

    def handle_endtag(self, tag):
        if tag in self._ENDS_A_CELL:
            self._close_cell()

    def grid(self) -> tuple[list[list[tuple[int, str]]], list[bool]]:
        self.close()
        self._close_cell()
        below: dict[int, tuple[int, tuple[int, str]]] = {}  # column: (rows left, cell)
        grid, headers = [], []
        for found in self.rows:
            cells, column = [], 0
            for _, attrs, start, content in found:
                column = _spanned_down(below, cells, column)
                blanked = _LAYOUT_TAGS.sub(lambda tag: " " * len(tag[0]), content)
                entry = (self.base + start, blanked)
                rows, columns = _span(attrs, "rowspan"), _span(attrs, "colspan")
                for _ in range(columns):
                    cells.append(entry)
                    if rows > 1:
                        below[column] = (rows - 1, entry)
                    column += 1
            _spanned_down(below, cells, column)
            grid.append(cells)
            headers.append(bool(found) and all(cell[0] == "th" for cell in found))
        return grid, headers


def _span(attrs: dict, name: str) -> int:
    try:
        return max(1, int(str(attrs.get(name) or 1).strip()))
    except ValueError:
        return 1


def _spanned_down(below: dict, cells: list, column: int) -> int:
    """Adds the cells spanning down into this row from ``column`` on; the next free column."""
    while column in below:
        left, entry = below[column]
        cells.append(entry)
        if left > 1:
            below[column] = (left - 1, entry)
        else:
            del below[column]
        column += 1
    return column


def _html_table_rows(text: str, start: int, end: int) -> list[list[tuple[int, str]]]:
    """The rows of the HTML table in ``text[start:end]`` as a markdown table's: a spanning
    cell stands in each column and row it spans; the leading rows of <th> cells are the
    header, joined per column ("OpenThai2.0" over "80 ms": "OpenThai2.0 80 ms")."""
    parser = _HtmlTable(text[start:end], start)
    parser.feed(text[start:end])
    grid, headers = parser.grid()
    head = next((i for i, header in enumerate(headers) if not header), len(headers))
    if not head:
        return [[]] + grid
    width = max(len(cells) for cells in grid[:head])
    header = [
        (
            next(cells[i][0] for cells in grid[:head] if i < len(cells)),
            " ".join(dict.fromkeys(cells[i][1] for cells in grid[:head] if i < len(cells))),
        )
        for i in range(width)
    ]
    return [header] + grid[head:]


def _with_its_second_header_row(rows: list[list[tuple[int, str]]]) -> list[list[tuple[int, str]]]:
    """A markdown table's rows, a header written on two rows joined: where the header leaves
    cells empty, as a merged cell would, and the first body row holds no number but names
    two or more columns, that row heads them too, under the header cell at their left."""
    if len(rows) < 3:
        return rows
    header, second = rows[0], rows[1]
    empty = [i for i, (_, text) in enumerate(header) if i and not text.strip()]
    named = [i for i, (_, text) in enumerate(second) if i and text.strip()]
    if (
        not empty
        or len(named) < 2
        or not header[0:1]
        or not header[1][1].strip()
        or any(numbers_in(text, 0, (), True) for _, text in second)
    ):
        return rows
    spanning, joined = header[0][1], []
    for i, (offset, text) in enumerate(header):
        spanning = text if text.strip() or not i else spanning
        below = second[i][1] if i < len(second) else ""
        joined.append(
            (offset, " ".join(part for part in (spanning.strip(), below.strip()) if part))
        )
    return [joined] + rows[2:]


@dataclass
class _Walk:
    """What the walk through the tokens knows at one: headings, quotes, items, sections."""

    lines: _Lines
    headings: list[str] = field(default_factory=list)
    quotes: int = 0
    # Each open quote's attribution, outermost first ("" where its first line names no writer).
    attributions: list[str] = field(default_factory=list)
    items: list[str | None] = field(default_factory=list)  # each open item's first line
    details: _Details = field(default_factory=_Details)
    found: list[Block] = field(default_factory=list)
    # A paragraph all in bold, holding no number ("**And on LOTUSDIS?**"), heads what follows
    # it as a heading would, until the next heading or such paragraph.
    bold: str = ""
    # The headings over each footnote's first citation, by its label: a footnote is read
    # under them (the hub shows it at the page's end, under none of its own).
    cited: dict[str, list[str]] = field(default_factory=dict)

    def add(self, kind: str, start: int, end: int, under: list[str] | None = None) -> Block:
        """A new block, under the headings ``under`` (by default those open here)."""
        headings = self.headings + [self.bold] if under is None else under
        block = Block(kind, start, end, tuple(h for h in headings + self.details.open if h))
        block.quoted_by = next(filter(None, self.attributions), "")
        self.found.append(block)
        return block


def _heading(walk: _Walk, token: Token, inline: Token) -> None:
    level = int(token.tag[1])  # (under its parents; a level skipped is an empty heading)
    walk.headings = (walk.headings + [""] * level)[: level - 1] + [inline.content.strip()]
    walk.bold = ""
    start, end = walk.lines.offset(token.map[0]), walk.lines.offset(inline.map[1])
    # A heading is read too ("# OpenThai2.0: 6.69 % CER on FLEURS"), under its parents.
    walk.add("heading", start, end, walk.headings[:-1])


def _table(walk: _Walk, tokens: Sequence[Token], at: int) -> None:
    start, end = walk.lines.span(*tokens[at].map)
    table = walk.add("table", start, end)
    for token in tokens[at:]:
        if token.type == "table_close":  # (a table holds none: its cells are inline)
            break
        if token.type == "tr_open":
            row = walk.lines.unquoted(token.map[0], walk.quotes)
            cells = table_cells(row, walk.lines.offset(token.map[0]))
            table.rows.append([(offset, unescaped(cell)) for offset, cell in cells])
    table.rows = _with_its_second_header_row(table.rows)


def _paragraph(walk: _Walk, token: Token, inline: Token, first_in_item: bool) -> None:
    start, end = walk.lines.span(*token.map)
    block = walk.add("prose", start, end)
    if walk.quotes:
        block.quote_marks = tuple(
            mark for line in range(*token.map) for mark in walk.lines.quote_marks(line, walk.quotes)
        )
    if not walk.quotes and not walk.items and _all_bold(inline):
        walk.bold = inline.content.strip("*_ \n")
    # A paragraph or list item opened by a speaker ("- **@napat**: 6.71 on FLEURS ..."): that
    # speaker's words, as a quote so opened is; not a reply nested under it.
    if not block.quoted_by and (speaker := _SPOKEN_BY.match(inline.content)):
        block.quoted_by = speaker.group()
    if first_in_item:
        first_line = inline.content.split("\n", 1)[0]
        written = walk.lines.text[start : walk.lines.offset(token.map[0] + 1)]
        block.item_text = start + max(0, written.find(first_line))
        block.items_above = tuple(item for item in walk.items[:-1] if item)
        walk.items[-1] = first_line.strip()


def _all_bold(inline: Token) -> bool:
    """Whether a paragraph is one run of bold text, holding no number: a heading in all but
    its markup ("**What is the CER at 80 ms?**")."""
    children = [child for child in inline.children or () if child.content.strip() or child.nesting]
    return (
        len(children) > 2
        and (children[0].type, children[-1].type) == ("strong_open", "strong_close")
        and sum(child.type == "strong_open" for child in children) == 1
        and not numbers_in(inline.content, 0, (), True)
    )


def _html(walk: _Walk, tokens: Sequence[Token], at: int) -> int:
    """An HTML block, a table or prose; the index of the last token it took."""
    token = tokens[at]
    start, end = walk.lines.span(*token.map)
    walk.details.feed(token.content)
    if "<table" not in token.content.lower():
        walk.add("prose", start, end)
        return at
    # (A blank line ends an HTML block: a table with blank lines runs on to its </table>.)
    closing = (
        later
        for later in range(at, len(tokens))
        if tokens[later].type == "html_block" and "</table" in tokens[later].content.lower()
    )
    last = next(closing, at)
    end = walk.lines.offset(tokens[last].map[1])
    table = walk.add("table", start, end)
    table.rows = _html_table_rows(walk.lines.text, start, end)
    return last


def _caption_and_below(text: str, found: list[Block]) -> None:
    """A table's caption is the paragraph just above it, unless that reports numbers; a
    paragraph just under it that reports none is kept as ``below``."""
    for above, table in zip(found, found[1:]):
        gap = text[above.end : table.start]
        if (above.kind, table.kind) == ("prose", "table") and gap.count("\n") <= 2:
            said = text[above.start : above.end]
            table.caption = said if not numbers_in(said, 0, (), True) else _heading_sentence(said)
    for table, under, after in zip(found, found[1:], found[2:] + [None]):
        gap, said = text[table.end : under.start], text[under.start : under.end]
        if (table.kind, under.kind) != ("table", "prose") or gap.count("\n") > 1:
            continue
        if after is not None and after.kind == "table" and after.caption == said:
            continue  # the caption of the table after it
        if not under.is_item and not numbers_in(said, 0, (), True):
            table.below = said


def _heading_sentence(paragraph: str) -> str:
    """The first sentence of a paragraph that reports numbers, where it reports none and
    names the CER ("CER (%) by chunk length. ..."); "" otherwise."""
    first = SENTENCE_END.split(paragraph, maxsplit=1)[0]
    if (
        first == paragraph
        or numbers_in(first, 0, (), True)
        or not words.regex("our_metric").search(first)
    ):
        return ""
    return first


def blocks(text: str, body_start: int) -> list[Block]:
    """The body's tables, headings and prose blocks, in the order of the source."""
    tokens = _tokens(text[body_start:])
    walk = _Walk(_Lines(text, body_start))
    taken: set[int] = set()  # the HTML blocks a table written with blank lines ran on into
    in_footnote = _footnote_labels(tokens)
    for i in _in_source_order(tokens):
        if i in taken:
            continue
        outside = walk.headings, walk.bold
        if i in in_footnote:
            walk.headings, walk.bold = list(walk.cited.get(in_footnote[i], [])), ""
        taken |= _visit(walk, tokens, i)
        if i in in_footnote:
            walk.headings, walk.bold = outside
    _caption_and_below(text, walk.found)
    return walk.found


def _visit(walk: _Walk, tokens: Sequence[Token], i: int) -> set[int]:
    """One token's part in the walk; the indexes of the tokens it read with it."""
    token = tokens[i]
    if token.type == "blockquote_open":
        walk.quotes += 1
        walk.attributions.append(_attribution(tokens, i))
    elif token.type == "blockquote_close":
        walk.quotes -= 1
        walk.attributions.pop()
    elif token.type == "list_item_open":
        walk.items.append(None)
    elif token.type == "list_item_close":
        walk.items.pop()
    elif token.type == "heading_open":
        _heading(walk, token, tokens[i + 1])
    elif token.type == "table_open":
        _table(walk, tokens, i)
    elif token.type == "paragraph_open":
        _paragraph(walk, token, tokens[i + 1], tokens[i - 1].type == "list_item_open")
    elif token.type == "html_block" and not _is_code(token):
        return set(range(i + 1, _html(walk, tokens, i) + 1))
    elif token.type == "inline":
        for child in token.children or ():
            if child.type == "html_inline":
                walk.details.feed(child.content)
            elif child.type == "footnote_ref":
                walk.cited.setdefault(child.meta["label"], walk.headings + [walk.bold])
    return set()


def _footnote_labels(tokens: Sequence[Token]) -> dict[int, str]:
    """The label of the footnote each token of a footnote's text is in, by the token's index
    (the parser puts footnotes last, whatever their place in the source)."""
    labels, label = {}, None
    for i, token in enumerate(tokens):
        if token.type == "footnote_open":
            label = token.meta["label"]
        elif token.type == "footnote_close":
            label = None
        elif label is not None:
            labels[i] = label
    return labels


_ATTRIBUTED = re.compile(rf"(?:{words.pattern('attributions')})\s*[*_]*\s*:[\s*_]*$", re.I)
# (its role may follow a speaker's name in parentheses: "**@kanokwan** (reviewer):")
_SPOKEN_BY = re.compile(
    rf"^[*_]*(?:{words.pattern('speakers')})[*_]*(?:\s*\([^()\n]*\))?[*_]*\s*:[*_]*", re.I
)


# What opens a paragraph that answers the quote right before it: "**Response.**", "Answer:".
_AN_ANSWER = re.compile(rf"[*_]*(?:{words.pattern('answers')})(?:[*_]*\s*[.:—]|[*_]+)", re.I)
# A paragraph's last line right before a quote, naming where the quote comes from.
_FROM_A_SOURCE = re.compile(rf"(?:{words.pattern('quote_sources')})\s*[*_]*\s*:[\s*_]*$", re.I)


def _attribution(tokens: Sequence[Token], opening: int) -> str:
    """The quote's first line where it names its writer ("**@somchai** wrote:"), or the
    speaker that opens it ("**@kanokwan** (reviewer):"), or the line right before the quote
    that does or names its source ("From Group B's report:"), or its last line signing it,
    or the paragraph after it answering it; else ""."""
    inline = next((t for t in tokens[opening + 1 :] if t.type == "inline"), None)
    first = inline.content.split("\n", 1)[0].strip() if inline is not None else ""
    if speaker := _SPOKEN_BY.match(first):
        return speaker.group()
    if _ATTRIBUTED.search(first):
        return first
    before = tokens[opening - 2 : opening]
    if [t.type for t in before] == ["inline", "paragraph_close"]:
        lead = before[0].content.rsplit("\n", 1)[-1].strip()
        if _ATTRIBUTED.search(lead) or _FROM_A_SOURCE.search(lead):
            return lead
    return _signed_below(tokens, opening) or _answered(tokens, opening)


# A quote's last line naming who said it: "> — Pimchanok Rattanakul, Operations Lead".
_SIGNED = re.compile(r"^[*_]*(?:—|―|–|--)\s*[*_]*[^\W\d_]")


def _signed_below(tokens: Sequence[Token], opening: int) -> str:
    """The quote's last line where it signs the quote with its writer's name after a dash,
    as a testimonial does ("> — Pimchanok Rattanakul, ..."): another's words; else ""."""
    closing = _closing(tokens, opening)
    inline = next((t for t in reversed(tokens[opening:closing]) if t.type == "inline"), None)
    last = inline.content.rsplit("\n", 1)[-1].strip() if inline is not None else ""
    return last if _SIGNED.match(last) else ""


def _closing(tokens: Sequence[Token], opening: int) -> int:
    """Where the quote opened at ``opening`` closes."""
    level = tokens[opening].level
    return next(
        i
        for i in range(opening + 1, len(tokens))
        if tokens[i].type == "blockquote_close" and tokens[i].level == level
    )


def _answered(tokens: Sequence[Token], opening: int) -> str:
    """The paragraph right after the quote where it opens as an answer to it ("**Response.**
    We agree ..."): the quote is the words the card answers, another's; else ""."""
    closing = _closing(tokens, opening)
    after = tokens[closing + 1 : closing + 3]
    if [t.type for t in after] != ["paragraph_open", "inline"]:
        return ""
    answer = _AN_ANSWER.match(after[1].content)
    return f"a quote that {answer.group().strip(' *_')!r} answers" if answer else ""


def _in_source_order(tokens: Sequence[Token]) -> list[int]:
    """The tokens' indexes in source order (the parser puts footnotes last)."""
    lines, line = [], 0
    for token in tokens:
        line = token.map[0] if token.map else line
        lines.append(line)
    return sorted(range(len(tokens)), key=lambda i: (lines[i], i))


# A number inside inline code that holds more than it ("`"cer": 14.77`"): never read.
_A_NUMBER_IN_CODE = re.compile(r"(?<![\w.])[-+−]?\d+\.\d+(?![\w.])")


def numbers_no_marker_can_gate(card: CardFile) -> list[tuple[int, str, str, str]]:
    """(line, text, its code or formula, "inline code" or "math") of each number in the
    body's inline code (but a number alone, which is read) and math, outside code blocks:
    these are kept as written, so no marker can gate them. (Code or math a not-a-figure
    marker holds whole is said to hold none of the card's figures.)"""
    text = card.text
    told = [(r.start, r.end) for r in card.regions if r.kind == "not-a-figure"]
    blocks = [*code_spans(text, card.body_start), *told]
    spans = [
        (span, where)
        for pattern, where in zip((INLINE_CODE, MATH), NO_MARKER_IN)
        for span in pattern.finditer(text, card.body_start)
        if not CODE_NUMBER.fullmatch(span.group()) and not inside(span.start(), blocks)
    ]
    return [
        (line_of(text, span.start() + number.start()), number.group(), span.group(), where)
        for span, where in sorted(spans, key=lambda found: found[0].start())
        for number in _A_NUMBER_IN_CODE.finditer(span.group())
    ]


# A number written with a decimal comma ("6,69 %", "−2,81"): never read, as no marker's
# value is written so (a comma before three digits groups thousands: "1,120 ms").
_DECIMAL_COMMA = re.compile(rf"(?<![\w.,]){SIGN}?\d+,\d{{1,2}}(?![\w,])")


def decimal_commas(card: CardFile) -> list[tuple[int, str, str]]:
    """(line, as written, with a point) of each number of the body written with a decimal
    comma, outside code, comments and regions: --strict names those at a figure's value."""
    masked = masked_spans(card.text, card) + [(r.start, r.end) for r in card.regions]
    return [
        (line_of(card.text, m.start()), m.group(), m.group().replace(",", "."))
        for m in _DECIMAL_COMMA.finditer(card.text, card.body_start)
        if not inside(m.start(), masked)
    ]
