"""A card's text, read in one place: its regions, its front matter and model-index, the
numbers and latencies in its text, and how it prints a figure. It knows nothing of the
card's figures: ``publish`` and ``adopt`` decide, each for itself, what the numbers are."""

from __future__ import annotations

import copy
import dataclasses
import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import yaml
from huggingface_hub.repocard_data import EvalResult, ModelCardData
from huggingface_hub.utils import logging as hf_logging
from yaml.constructor import SafeConstructor

from ..errors import ScoringError
from ..memo import Memo
from ..report import round_half_up
from . import words

# "not-a-figure" wraps a number that reads like a figure but is none of the card's (a CER
# on another model's set): left as written, and not counted by --check's coverage.
REGION_KINDS = ("cer-table", "latency-summary", "differences", "verdicts", "figure", "not-a-figure")

_MARKER = re.compile(r"<!--\s*scoring:(?P<word>[^\s>]*)(?P<args>[^>]*?)\s*-->")


@dataclass(frozen=True)
class Region:
    """One marked region: its kind and arguments, and where its content lies."""

    kind: str
    args: tuple[str, ...]
    line: int  # of the opening marker, from 1
    start: int  # content starts here (just after the opening marker)
    end: int  # content ends here (at the closing marker)

    @property
    def label(self) -> str:
        return " ".join((self.kind,) + self.args)


def line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def find_regions(text: str, where: str) -> list[Region]:
    """Every region of the card, in order; a malformed one is one ScoringError line."""
    regions, opened = [], None
    for match in _MARKER.finditer(text):
        word, args = match.group("word"), tuple(match.group("args").split())
        line = line_of(text, match.start())
        at = f"{where}:{line}"
        if word == "end":
            if opened is None:
                raise ScoringError(at, "region end without a region to close")
            regions.append(dataclasses.replace(opened, end=match.start()))
            opened = None
            continue
        if opened is not None:
            raise ScoringError(
                at,
                f"region 'scoring:{word}' opens inside the region opened at line {opened.line} "
                "(is that one closed?); regions do not nest",
            )
        if word not in REGION_KINDS:
            close = difflib.get_close_matches(word, REGION_KINDS + ("end",), n=1)
            hint = f" (kinds: {', '.join(REGION_KINDS)})"
            hint = f"; did you mean 'scoring:{close[0]}'?" if close else hint
            raise ScoringError(at, f"unknown region kind 'scoring:{word}'{hint}")
        opened = Region(word, args, line, match.end(), match.end())  # (its end still to come)
    if opened is not None:
        raise ScoringError(
            f"{where}:{opened.line}",
            f"region 'scoring:{opened.kind}' is never closed (end it with <!-- scoring:end -->)",
        )
    return regions


# libyaml's safe loader and dumper where PyYAML has them: five to ten times faster.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
YAML_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

FRONT_MATTER = re.compile(r"\A---\r?\n(.*?)\r?\n---\r?\n", re.S)
# Each card text is parsed once a process.
_CARD_DATA = Memo(kept=64)
_MODEL_INDEXES = Memo(kept=64)


def yaml_error_mark(error: yaml.YAMLError):
    """Where a YAML error is: the start of its construct where YAML says (an unclosed
    bracket is found at the text's end, but it is where it opens)."""
    return getattr(error, "context_mark", None) or getattr(error, "problem_mark", None)


def load_card_data(text: str, where: Path) -> ModelCardData:
    """The card's metadata as huggingface_hub reads it, but for its model-index, read here
    entry by entry: its ``eval_results`` are the entries that can be read."""
    match, data = FRONT_MATTER.match(text), None
    if match:
        try:
            data = yaml.load(match.group(1), Loader=YAML_LOADER)
        except yaml.YAMLError as error:
            mark = yaml_error_mark(error)
            line = f":{mark.line + 2}" if mark is not None else ""  # after the opening ---
            problem = getattr(error, "problem", None) or "cannot be parsed"
            raise ScoringError(
                f"{where}{line}", f"front matter is not valid YAML ({problem})"
            ) from None
        if data is not None and not isinstance(data, dict):
            raise ScoringError(f"{where}:2", "front matter must be a YAML mapping")
        models = (data or {}).get("model-index")
        if isinstance(models, list) and len(models) > 1:
            # huggingface_hub reads them as one model's results, under the last one's name;
            # writing that back would give this card another model's name and results.
            names = ", ".join(str(m.get("name")) if isinstance(m, dict) else "?" for m in models)
            raise ScoringError(
                where,
                f"the model-index holds {len(models)} models ({names}); "
                "a card's model-index is its own model's results: move "
                "the others' into the card's text, then run this again",
            )
    try:
        # (each caller gets a copy of its own to change)
        return copy.deepcopy(_CARD_DATA.get(text, lambda: _parse_card_data(text, data)))
    except ValueError as error:
        raise ScoringError(where, f"front matter: {error}") from None


def _parse_card_data(text: str, data: dict | None) -> ModelCardData:
    # huggingface_hub reads a model-index whole and refuses the card over one entry it
    # cannot read (a metric with no value or no type): it is given the rest without it.
    # (Its ModelCardData alone, not its ModelCard: that brings the hub's client with it.)
    fields = {key: value for key, value in (data or {}).items() if key != "model-index"}
    card_data = ModelCardData(**fields)
    if isinstance(data, dict) and "model-index" in data:
        index = read_model_index(text)
        card_data.model_name = index.model_name
        card_data.eval_results = [e.result for e in index.entries() if e.result and not e.why]
    return card_data


def with_front_matter_written_whole(
    text: str, body: str, model_name: str, eval_results: list, where: Path
) -> str:
    """``body`` under a front matter holding ``eval_results``, written as huggingface_hub's
    ModelCard writes a card that had none (``text``, the card as it was)."""
    from huggingface_hub import ModelCard  # (with the hub's client: only where one is written)
    from huggingface_hub.repocard import REGEX_YAML_BLOCK

    def front_matter() -> str:
        # (A card without front matter is fine: we write one. The hub's logger would warn.)
        verbosity = hf_logging.get_verbosity()
        hf_logging.set_verbosity_error()
        try:
            card = ModelCard(text)
        except ValueError as error:
            raise ScoringError(where, f"front matter: {error}") from None
        finally:
            hf_logging.set_verbosity(verbosity)
        card.data.eval_results, card.data.model_name, card.text = eval_results, model_name, ""
        return card.content

    # The front matter ModelCard writes is that of the old one, the results and the line
    # break, which it reads from the counts of each break in the whole card; PyYAML's
    # emitter takes tens of milliseconds over a card's results, and --check, --write and a
    # test's many cards write the same again.
    old = REGEX_YAML_BLOCK.search(text)  # (where ModelCard finds the front matter)
    breaks = tuple(text.count(each) for each in ("\r\n", "\r", "\n"))
    key = (old and old.group(), breaks, model_name, repr(eval_results))
    return _WRITTEN_WHOLE.get(key, front_matter) + body


_WRITTEN_WHOLE = Memo(kept=16)


# ------------------------------------------------------------------ the model-index

NO_DATASET = "a result with no dataset"
# A metric of a result with no dataset, read but placed by its name alone.
UNNAMED_SET = "a result with no dataset, and its metric's name names no one set of the card's"


@dataclass(frozen=True)
class IndexEntry:
    """One metric of the model-index, read (``result``) or not (``why``), or a whole result
    none of whose metrics can be read. A metric of a result with no dataset has both."""

    line: int  # in the card file, from 1
    span: tuple[int, int]  # its text in the card: from the line of its "-" to its end
    result: EvalResult | None = None
    why: str | None = None


@dataclass(frozen=True)
class IndexResult:
    """One result of the model-index (a task on a dataset): its text and its entries."""

    span: tuple[int, int]  # to cut it out (in brackets, with its comma)
    entries: tuple[IndexEntry, ...]
    own: tuple[int, int]  # its own text


# Where --write puts the card's own results (``IndexPlace.how``): before a block list's
# first result, in place of a ``results`` that is no block list, in place of a model-index
# without one, after the front matter's last key.
BEFORE, VALUE, WHOLE, AFTER = "before", "value", "whole", "after"


@dataclass(frozen=True)
class IndexPlace:
    how: str
    span: tuple[int, int]  # what the card's results replace (empty: where they go)
    indent: int  # the column of the results' "-"
    line_break: str
    name_at: int | None = None  # where the model's name goes, in a model without one


@dataclass(frozen=True)
class ModelIndex:
    """The front matter's model-index, read from its YAML nodes, entry by entry.
    ``problems``: (line, what) of a model-index with no list of results; ``place``: None
    where there is no block YAML front matter to write into."""

    model_name: str | None = None
    results: tuple[IndexResult, ...] = ()
    place: IndexPlace | None = None
    problems: tuple[tuple[int, str], ...] = ()

    def entries(self) -> list[IndexEntry]:
        return [entry for result in self.results for entry in result.entries]


def read_model_index(text: str) -> ModelIndex:
    """The model-index of a card's text (one that ``load_card_data`` has read)."""
    return _MODEL_INDEXES.get(text, lambda: _read_model_index(text))


def _read_model_index(text: str) -> ModelIndex:
    match = FRONT_MATTER.match(text)
    root = yaml.compose(match.group(1), Loader=YAML_LOADER) if match else None
    if root is not None and not isinstance(root, yaml.MappingNode):
        return ModelIndex()  # (load_card_data refuses it)
    nodes = _Nodes(text, match.start(1)) if match else None
    key, models = _key_and_value(root, "model-index") if root is not None else (None, None)
    model = _items(models)[0] if _items(models) else None
    place = _place(nodes, match, root, key, models, model)
    if not isinstance(model, yaml.MappingNode):
        if key is None or nodes.value(models) in (None, []):
            return ModelIndex(place=place)
        what = "the model-index is not a list of models (name, results)"
        return ModelIndex(place=place, problems=((nodes.line(models), what),))
    _, name = _key_and_value(model, "name")
    _, results = _key_and_value(model, "results")
    read = tuple(_read_result(nodes, results, i) for i in range(len(_items(results))))
    name = _as_text(nodes.value(name))
    if results is None or isinstance(results, yaml.SequenceNode):
        return ModelIndex(name, read, place)
    value = nodes.value(results)  # (none: the card's results go there)
    what = f"the model's results are not a list ({_shown(value)})"
    return ModelIndex(name, read, place, () if value is None else ((nodes.line(results), what),))


def _place(nodes: _Nodes | None, match: re.Match | None, root, key, models, model):
    """Where --write puts the card's own results (an IndexPlace); None where there is no
    front matter, or one in braces."""
    if match is None or (root is not None and root.flow_style):
        return None
    line_break = "\r\n" if match.group(0).endswith("\r\n") else "\n"
    if key is None:
        return IndexPlace(AFTER, (match.end(1),) * 2, 0, line_break)
    whole = IndexPlace(WHOLE, (nodes.at(key), nodes.line_end(models)), 0, line_break)
    if not isinstance(model, yaml.MappingNode) or model.flow_style:
        return whole
    name_key, _ = _key_and_value(model, "name")
    results_key, results = _key_and_value(model, "results")
    if results_key is None:
        return whole
    first_key = model.value[0][0]
    name_at = None if name_key is not None else nodes.at(first_key)
    if isinstance(results, yaml.SequenceNode) and not results.flow_style and results.value:
        start = nodes.comments_before(nodes.item_span(results, 0)[0])
        return IndexPlace(
            BEFORE, (start, start), nodes.column(nodes.dash(results.value[0])), line_break, name_at
        )
    # (no list, or one in brackets: the card's results, then those kept, as a block list)
    colon = nodes.text.index(":", nodes.at(results_key, end=True)) + 1
    return IndexPlace(
        VALUE, (colon, nodes.line_end(results)), first_key.start_mark.column, line_break, name_at
    )


def _read_result(nodes: _Nodes, results: yaml.SequenceNode, i: int) -> IndexResult:
    node, span = results.value[i], nodes.item_span(results, i)
    own = span if not results.flow_style else (nodes.at(node), nodes.end(node))
    fields = nodes.value(node)
    line, why, unnamed = nodes.line(node), None, False
    _, metrics = _key_and_value(node, "metrics") if isinstance(fields, dict) else (None, None)
    if not isinstance(fields, dict):
        why = "a result that is not a mapping (task, dataset, metrics)"
    elif fields.get("dataset") is None and isinstance(metrics, yaml.SequenceNode) and metrics.value:
        unnamed = True  # read, but placed by its metrics' names alone ("Isan CER (560 ms)")
    elif not isinstance(fields.get("dataset"), dict):
        why = NO_DATASET
    elif fields["dataset"].get("type") is None:
        why = "a result whose dataset has no type"
    elif not isinstance(fields["dataset"]["type"], str):
        why = f"a result whose dataset type is not text ({_shown(fields['dataset']['type'])})"
    elif metrics is None or nodes.value(metrics) in (None, []):
        why = "a result with no metrics"
    elif not isinstance(metrics, yaml.SequenceNode):
        why = f"a result whose metrics are not a list ({_shown(nodes.value(metrics))})"
        line = nodes.line(metrics)
    if why:
        return IndexResult(span, (IndexEntry(line, span, why=why),), own)
    entries = [_read_metric(nodes, metrics, j, fields) for j in range(len(metrics.value))]
    if unnamed:
        entries = [dataclasses.replace(entry, why=entry.why or UNNAMED_SET) for entry in entries]
    return IndexResult(span, tuple(entries), own)


def _read_metric(nodes: _Nodes, metrics: yaml.SequenceNode, j: int, fields: dict) -> IndexEntry:
    node, span = metrics.value[j], nodes.item_span(metrics, j)
    metric = nodes.value(node)
    why = None
    if not isinstance(metric, dict):
        why = "a metric that is not a mapping (type, value, name)"
    elif metric.get("type") is None:
        why = "a metric with no type"
    elif not isinstance(metric["type"], str):
        why = f"a metric whose type is not text ({_shown(metric['type'])})"
    elif metric.get("value") is None:
        why = "a metric with no value"
    elif isinstance(metric["value"], (list, dict)):
        why = "a metric whose value is not a number"
    return IndexEntry(nodes.line(node), span, None if why else _eval_result(fields, metric), why)


def _eval_result(fields: dict, metric: dict) -> EvalResult:
    """One metric as huggingface_hub reads it, its names as text; a task or a source that is
    no mapping is none."""
    task, dataset = fields.get("task"), fields.get("dataset", {})
    task = task if isinstance(task, dict) else {}
    source = fields.get("source") if isinstance(fields.get("source"), dict) else {}
    url = _as_text(source.get("url"))  # (a source's name alone, huggingface_hub refuses)
    names = {f"task_{key}": task.get(key) for key in ("type", "name")}
    names |= {f"dataset_{key}": dataset.get(key) for key in ("name", "config", "split", "revision")}
    names |= {f"metric_{key}": metric.get(key) for key in ("name", "config")}
    return EvalResult(
        **{field: _as_text(value) for field, value in names.items()},
        dataset_type=dataset.get("type"),
        dataset_args=dataset.get("args"),
        metric_type=metric["type"],
        metric_value=metric["value"],
        metric_args=metric.get("args"),
        verified=metric.get("verified"),
        verify_token=_as_text(metric.get("verifyToken")),
        source_name=_as_text(source.get("name")) if url else None,
        source_url=url,
    )


def _as_text(value) -> str | None:
    """A name as text: ``config: 2024`` is "2024"; a list or a mapping is no name."""
    if value is None or isinstance(value, str):
        return value
    return None if isinstance(value, (list, dict)) else str(value)


def _shown(value) -> str:
    if isinstance(value, dict):
        return "a mapping"
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _key_and_value(mapping: yaml.MappingNode, key: str):
    """(key node, value node) of ``key`` in a mapping, the last if given twice, or (None, None)."""
    found = [(k, v) for k, v in mapping.value if isinstance(k, yaml.ScalarNode) and k.value == key]
    return found[-1] if found else (None, None)


def _items(node) -> list:
    return node.value if isinstance(node, yaml.SequenceNode) else []


class _Nodes:
    """Where the front matter's YAML nodes are in the card's text, and their values."""

    def __init__(self, text: str, offset: int):
        self.text, self.offset = text, offset

    def at(self, node, end: bool = False) -> int:
        return self.offset + (node.end_mark if end else node.start_mark).index

    def line(self, node) -> int:
        return node.start_mark.line + 2  # the front matter opens on line 2, after its ---

    def column(self, index: int) -> int:
        return index - (self.text.rfind("\n", 0, index) + 1)

    @staticmethod
    def value(node):
        return None if node is None else SafeConstructor().construct_document(node)

    def end(self, node) -> int:
        """Where a node's own text ends (a block collection's end mark is past its comments)."""
        if isinstance(node, yaml.ScalarNode) or node.flow_style:
            return self.at(node, end=True)
        children = (
            node.value
            if isinstance(node, yaml.SequenceNode)
            else [child for pair in node.value for child in pair]
        )
        return max((self.end(child) for child in children), default=self.at(node))

    def line_end(self, node) -> int:
        """After the line break of the line a node's text ends on (a comment after it too)."""
        end = self.end(node)
        if self.text[end - 1] == "\n":  # (a block scalar ends with its line break)
            return end
        found = self.text.find("\n", end)
        return len(self.text) if found < 0 else found + 1

    def comments_before(self, line_start: int) -> int:
        """The start of the comment lines right above a line (they go with it)."""
        while line_start > 0:
            above = self.text.rfind("\n", 0, line_start - 1) + 1
            if not self.text[above:line_start].lstrip().startswith("#"):
                break
            line_start = above
        return line_start

    def dash(self, item) -> int:
        """The "-" of an item of a block list (the item starts after it)."""
        dash = self.at(item) - 1
        while dash >= 0 and self.text[dash] in " \t\r\n":
            dash -= 1
        return dash if dash >= 0 and self.text[dash] == "-" else self.at(item)

    def item_span(self, sequence: yaml.SequenceNode, i: int) -> tuple[int, int]:
        """The text that cuts item ``i`` out of a list: its lines from its "-", or in brackets
        the item and a comma."""
        items = sequence.value
        if sequence.flow_style:
            if i + 1 < len(items):
                return self.at(items[i]), self.at(items[i + 1])
            return (self.end(items[i - 1]) if i else self.at(items[i])), self.end(items[i])
        dash = self.dash(items[i])
        start = self.text.rfind("\n", 0, dash) + 1
        return (start if not self.text[start:dash].strip() else dash), self.line_end(items[i])


@dataclass(frozen=True)
class CardFile:
    """The published card file, read and parsed."""

    path: Path
    text: str
    card_data: ModelCardData
    body_start: int  # where the markdown body starts, after the front matter
    regions: tuple[Region, ...]


# A chunk size as cards write it: "560-ms", "0.56 s", "1,120 ms", "560 มิลลิวินาที".
_LATENCY = re.compile(
    r"(?<![\d.,])((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)[\s-]*"
    rf"({words.endings('latency_units')})",
    re.I,
)


def latencies_in(text: str) -> list[int]:
    """The chunk sizes ``text`` names, in ms."""
    return [ms for ms, _ in latency_mentions(text)]


# A chunk size in a notation of results, in ms: "CER@560", "TY@1120 FLEURS", a header "@80"
# (not an address: "ops@560.example").
_AT_A_LATENCY = re.compile(r"@(\d{2,5})\b(?![.,]\w|\s*%)")


def latency_mentions(text: str) -> list[tuple[int, str]]:
    """(ms, as written) of each chunk size ``text`` names: (560, "0.56 s"), (560, "@560")."""
    found = []
    for said in _LATENCY.finditer(text):
        number, unit = said.groups()
        in_seconds = not unit.lower().startswith(("m", "มิลลิ"))
        ms = Fraction(number.replace(",", "")) * (1000 if in_seconds else 1)
        if ms.denominator == 1:
            found.append((int(ms), said.group()))
    found += [(int(said[1]), said.group()) for said in _AT_A_LATENCY.finditer(text)]
    return found


# A number's sign: "-", "−", "+", or an en dash before a digit ("–2.81", not "6.69–9.50").
SIGN = r"(?:[-−+]|–(?=\d))"
# A number as a card prints it, not inside a name ("OpenThai2.0-ASR", "0.6B"), a date or a
# time; but "2.81pp", "6.69¹" and "a 2.81-point gain" are numbers.
# Thai writes no space between words: a Thai letter beside a number does not make it part
# of a name ("ลดจาก9.50%เหลือ8.73%", "ดีขึ้น0.77จุด").
_LETTER_OR_DIGIT = r"[^\W_\u0e01-\u0e4f]"
# (Not after a point, "2.0.1", unless two end a range: "CI -3.75..-1.76".)
_NUMBER = re.compile(
    rf"(?<!{_LETTER_OR_DIGIT}|[,\-−+:])(?<!(?<!\.)\.)({SIGN}?)(\d+(?:\.\d+)?)"
    rf"(?!(?!pp\b|pct\b|[¹²³⁰⁴-⁹]){_LETTER_OR_DIGIT}|\.\d|-(?!pp\b|(?:percentage-)?points?\b)\w)"
)
# A duration: "560 ms", "0.56 s", "560 มิลลิวินาที".
A_DURATION = re.compile(
    r"\d+(?:[.,]\d+)?\s*(?:(?:ms|milliseconds?|s|secs?|seconds?)\b|มิลลิวินาที|วินาที)", re.I
)
# An HTML comment (a marker's two ends are comments too): no text of the card's.
COMMENT = re.compile(r"<!--.*?-->", re.S)
# (Not after an abbreviation: "6.69 % vs. Typhoon's 9.50 %", though "p.p." may end one
# before a capital; nor before a signed number or an interval: "−2.81 p.p. [−3.75, −1.76]".)
SENTENCE_END = re.compile(
    r"(?<=[.!?])(?<!\b[Vv]s\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bcf\.)"
    r"(?<!\bapprox\.)(?<!\bal\.)(?<!\bincl\.)(?<!\bFig\.)(?<!\bEq\.)"
    r"(?:(?<!\bp\.p\.)(?<!\bpts\.)(?<!\bpt\.)|(?=\s+[A-Z]))"
    r"\s+(?=[^\s\d])(?![\[(]?\s*[-−–+]?\d)|\n\s*\n"
    # A bold lead-in's own full stop: "**First example (the differences).** Find ...".
    r"|(?<=[.!?])(?:\*\*|__)\s+(?=[^\s\d])"
    # A line break written as one ("<br>", two spaces or a backslash before it), or one
    # after a number before a line that opens with a label ("**Isan:**", "*Isan* —").
    r"|<br\s*/?>|(?<=  )\n|(?<=\\)\n"
    r"|(?:(?<=[\d%*_)>])|(?<=percent)|(?<=per cent))[ \t]*\n"
    r"(?=[ \t]*(?:>[ \t]*)*(?:\*\*|__|[*_])?[A-Z\u0e01-\u0e7f]"
    r"(?:[^\n.!?:*_]|(?<=\d)\.(?=\d)){0,40}(?:\*\*|__|[*_])?\s*(?::|[—–]\s))"
)
# A figure marker names its figure, and may say the text states a negative difference's
# magnitude ("better by 2.81 pp") or the difference turned (B − A where the card's is A − B).
MAGNITUDE_OF_NEGATIVE, TURNED = "magnitude-of-negative", "turned"
FIGURE_MARKER = re.compile(
    rf"<!--\s*scoring:figure\s+(\S+)(?:\s+(?:{MAGNITUDE_OF_NEGATIVE}|{TURNED}))?\s*-->"
    r"(.*?)<!--\s*scoring:end\s*-->",
    re.S,
)
# Inline code that holds one number alone ("`6.69%`") styles a value: it is read, and its
# marker holds the whole span (a comment inside backticks would show).
CODE_NUMBER = re.compile(r"`(\s*)([-+−–]?\d+(?:\.\d+)?)(\s*%?\s*)`")
INLINE_CODE = re.compile(r"`[^`\n]*`")


def code_numbers(text: str) -> list[tuple[int, int]]:
    """Where inline code holds one number alone (backticks included)."""
    return [m.span() for m in INLINE_CODE.finditer(text) if CODE_NUMBER.fullmatch(m.group())]


# Math, which the hub typesets (KaTeX) before it reads the Markdown, so that a marker in it
# would break the formula: "$$…$$", and "\\(…\\)" inline. (A single "$" is no math there.)
MATH = re.compile(r"\$\$.+?\$\$|\\\\?\([^\n]+?\\\\?\)", re.S)
NO_MARKER_IN = ("inline code", "math")


def inside(position: int, spans: Iterable[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


# A relative change ("29.6 % lower (relative)", "a relative improvement of 29.60 %",
# "ลดลงสัมพัทธ์ 29.6%") is no error rate: the card's differences are in points.
_RELATIVE_AFTER = re.compile(
    rf"\s*%\s*(?:(?:{words.pattern('comparatives')})\s+)?(?:\(\s*)?"
    r"(?:relative|rel\.|(?:แบบ|เชิง)?\s*สัมพัทธ์)"  # (แบบ, เชิง: "in a ... way")
    r"|\s*%\s*more\b",  # ("... from 16.31 to 21.20, 30.0 % more": more errors, relatively)
    re.I,
)
_RELATIVE_BEFORE = re.compile(
    r"\brelative\s+(?:[a-z]+\s+){0,2}(?:of|by)\s*$|"
    r"(?:สัมพัทธ์|\brelative)\s*(?:ก็)?\s*(?:ได้|ประมาณ|ราว|เกือบ|อยู่)?\s*$",  # (ก็: then)
    re.I,
)
# What a relative change's words go on to say of it: "a 29.6 % relative CER reduction".
_RELATIVE_TAIL = re.compile(
    r"(?:\s*\))?(?:\s+(?:cer|wer|error(?:\s+rate)?))?"
    r"(?:\s+(?:reduction|improvement|decrease|gain))?",
    re.I,
)


def relative_changes(text: str) -> list[tuple[int, int]]:
    """The span of each relative change in ``text``, number and words ("29.6 % relative
    reduction"): its words say nothing of the numbers beside it."""
    spans = []
    for match in _NUMBER.finditer(text):
        if after := _RELATIVE_AFTER.match(text, match.end()):
            spans.append((match.start(), _RELATIVE_TAIL.match(text, after.end()).end()))
        elif before := _RELATIVE_BEFORE.search(text[: match.start()]):
            spans.append((before.start(), match.end()))
    return spans


# What stands beside a number that is no error rate. After a slash, a number is one only in
# a list of numbers ("6.69/8.72"), never in a path or a date.
_NUMBER_AND_SLASH_BEFORE = re.compile(rf"(?<![^\W_]|[.,\-−+:]){SIGN}?\d+\.\d+\s*%?/$")
# A unit after it ("6.69 so far" is no seconds), or after the list it ends.
_UNIT_AFTER = re.compile(rf"\s*(?:{words.endings('units')}|×)", re.I)
_MORE_NUMBERS_AFTER_SLASHES = re.compile(r"(?:\s*/\s*\d+(?:\.\d+)?)+")
# A setting's word before it: "a weight of 0.5", "Apache 2.0".
# (A word of its own, not the end of another: "v" of a version is no "cv" set's last letter.)
_WORD_BEFORE = re.compile(  # (the number in inline code too: "LM weight `0.5`")
    rf"(?<![A-Za-z])(?:{words.endings('settings_before')})"
    r"(?:\s+(?:of|is|was|set to))?\s*[:=]?\s*`?$",
    re.I,
)
# (But not a setting's every value, "at every chunk size: 18.64 against 17.39", nor "a margin
# of 2.81 points", or pp, or %, a difference's size.)
_EVERY_BEFORE = re.compile(r"\b(?:every|each|all|any)\s+(?:[\w-]+\s+)?$", re.I)
_A_MARGIN_IN_POINTS = re.compile(
    r"margin(?:\s+(?:of|is|was))?\s*[:=]?\s*"
    r"(?:%|pp\b|p\.\s?p\.|(?:percentage[\s-]+)?points?\b|จุด)",
    re.I,
)
# A p-value ("(p = 0.012)", "p < 0.05"), or a spread ("6.26 ± 0.31").
_STATISTIC_BEFORE = re.compile(r"(?:\bp\s*[=<>≤≈]|±|\+/-|\+-)\s*$", re.I)
_IN_PERCENT_AFTER = re.compile(r"\s*%")  # (a setting's value in percent is counted)
# A share ("10.50 % of the training audio", "10.50% ของข้อมูล"; "18.64% ของเรา" is ours).
_SHARE_AFTER = re.compile(r"\s*%\s*(?:of\b|ของ(?!เรา))\s*(?:the\s+)?", re.I)
# So in Thai, percent written before it: "ร้อยละ 8.72 ของข้อมูลฝึก" (8.72 % of the training data).
_THAI_PERCENT_BEFORE = re.compile(r"ร้อยละ\s*$")
_THAI_OF_AFTER = re.compile(r"\s*ของ(?!เรา)\s*")
# A whole number in percent ("7 % CER") may be a CER printed without decimals.
_WHOLE_PERCENT_AFTER = re.compile(
    r"\s*%"
    rf"(?![-\s]*(?:{words.pattern('not_a_whole_percent')}))",
    re.I,
)
# Nor the level of an interval named before it: "CI 95%", ช่วงความเชื่อมั่น 95%.
_LEVEL_BEFORE = re.compile(rf"(?:{words.pattern('interval_levels')})\s*:?\s*$", re.I)
# Nor a bound: "over 30 %", "< 7 %" (not a tag's or a marker's end, "<b>7", "-->7").
_BOUND_BEFORE = re.compile(rf"(?:{words.pattern('bounds')}|(?<![-\w\"'/])[<>])\s*[*_]*$", re.I)
# A threshold before any number: "at most 15.00 %", "≤ 15.00 %" (not ">": a quote's mark).
_ALWAYS_A_BOUND_BEFORE = re.compile(rf"(?:{words.pattern('bounds_always')}|[≤≥])\s*[*_]*$", re.I)
# A bound after a number: "13.50 % or better" (a target).
_BOUND_AFTER = re.compile(rf"\s*+%?\s*+[*_]*+\s*+(?:{words.pattern('bounds_after')})", re.I)


def numbers_in(
    text: str, offset: int, masked, whole_percent: bool = False, a_recognisers=None, dropped=None
) -> list[re.Match]:
    """The numbers with a decimal point in ``text`` that may be figures (with
    ``whole_percent``, whole percentages too). ``a_recognisers(words)``: whether ``words``
    open with a recogniser's name ("9.50 % of Typhoon 0.6B" is no share). ``dropped`` hears
    (match, what it is) of each number in percent that its words say is none: a share, a
    relative change or a bound may still print a figure's value, which --strict names."""
    found, dropped = [], [] if dropped is None else dropped
    for match in _NUMBER.finditer(text):
        if inside(offset + match.start(), masked):
            continue
        before, end = text[: match.start()], match.end()
        if "." not in match.group(2) and not (  # (signed, "+42%" is relative: no CER)
            whole_percent
            and not match.group(1)
            and _WHOLE_PERCENT_AFTER.match(text, end)
            and not _LEVEL_BEFORE.search(before)
            and not _BOUND_BEFORE.search(before)
        ):
            continue
        if before.endswith("/") and not _NUMBER_AND_SLASH_BEFORE.search(before):
            continue
        share = _SHARE_AFTER.match(text, end) or (
            _THAI_PERCENT_BEFORE.search(before) and _THAI_OF_AFTER.match(text, end)
        )
        if share and not (a_recognisers and a_recognisers(text[share.end() :])):
            dropped.append((match, "a share"))
            continue
        # (A list's unit is written once, after its last number: "at 0.08/0.16/0.56 s".)
        listed = _MORE_NUMBERS_AFTER_SLASHES.match(text, end)
        word = _WORD_BEFORE.search(before)
        if _UNIT_AFTER.match(text, listed.end() if listed else end):
            continue
        # (Words that make a number in percent, as a CER is, none of the card's.)
        none_in_percent = (
            "a relative change"
            if _RELATIVE_AFTER.match(text, end) or _RELATIVE_BEFORE.search(before)
            else "a bound"
            if _BOUND_AFTER.match(text, end) or _ALWAYS_A_BOUND_BEFORE.search(before)
            else None
        )
        if none_in_percent:
            dropped.append((match, none_in_percent))
        setting = (
            word
            and not _A_MARGIN_IN_POINTS.match(word.group() + text[end:])
            and not _EVERY_BEFORE.search(before, 0, word.start())
        )
        if setting and not none_in_percent and _IN_PERCENT_AFTER.match(text, end):
            said = " ".join(word.group().split()).strip(" :=`")
            dropped.append((match, f'a setting ("{said}")'))
        if none_in_percent or _STATISTIC_BEFORE.search(before) or setting:
            continue
        found.append(match)
    return found


def _decimals(number: str) -> int:
    return len(number.split(".")[1]) if "." in number else 0


def ascii_signed(text: str) -> str:
    """A number as the card prints it, its minus sign (−, or an en dash) made ASCII."""
    return text.replace("−", "-").replace("–", "-")


def printed_as(value: Fraction, text: str) -> bool:
    """Whether ``value`` (a fraction) prints as ``text`` (a percentage, at its decimals),
    ignoring the sign's character and a plus."""
    decimals, printed = _as_printed(text)
    return _in_last_places(value, decimals) == printed


def _as_printed(text: str) -> tuple[int, int]:
    """(decimals, the number in whole last places) of a number as printed, its sign's
    character and a plus aside: compared in whole numbers ("-0.00" is "0.00"), and fast."""
    number = ascii_signed(text).lstrip("+")
    return _decimals(number), int(number.replace(".", ""))


def figures_printed_as(exact: dict) -> Callable[[str], list[str]]:
    """The figures of ``exact`` (name: value) a number prints as (``printed_as``), asked of
    many numbers: the values at each count of decimals are worked out once."""
    values = [(name, value) for name, value in exact.items() if not isinstance(value, bool)]
    at: dict[int, dict[int, list[str]]] = {}

    def figures(text: str) -> list[str]:
        decimals, printed = _as_printed(text)
        if decimals not in at:
            at[decimals] = {}
            for name, value in values:
                at[decimals].setdefault(_in_last_places(value, decimals), []).append(name)
        return at[decimals].get(printed, [])

    return figures


@lru_cache(maxsize=1 << 16)  # each figure is asked of every number with its decimals
def _in_last_places(value: Fraction, decimals: int) -> int:
    """``value`` as a percentage, rounded half up at ``decimals``, in whole last places."""
    return int(round_half_up(value * 100, decimals).replace(".", ""))


def format_like(name: str, value: Fraction, text: str) -> str:
    """``value`` printed as ``text`` is: its decimals, digits and signs, in inline code if it is."""
    if code := CODE_NUMBER.fullmatch(text):
        return f"`{code.group(1)}{format_like(name, value, code.group(2))}{code.group(3)}`"
    number = ascii_signed(text.strip())
    if not re.fullmatch(r"[-+]?\d+(?:\.\d+)?", number):
        from .render import format_value

        return format_value(name, value)
    # (in the digits ``number`` is written in: "๖.๖๙")
    digit = next(character for character in number if character.isdigit())
    zero = ord(digit) - unicodedata.digit(digit)
    in_its_digits = {ord("0") + i: chr(zero + i) for i in range(10)}
    printed = round_half_up(value * 100, _decimals(number)).translate(in_its_digits)
    for minus in "−–":  # the card's own minus sign
        if minus in text:
            printed = printed.replace("-", minus)
    if text.strip().startswith("+") and not printed.startswith(("-", "−")):
        printed = "+" + printed
    return printed


def strip_markers(text: str) -> str:
    """The card without its inline figure markers (what --mark added comes off exactly)."""
    return FIGURE_MARKER.sub(lambda m: m.group(2), text)


@dataclass(frozen=True)
class CardHome:
    """Where the card file lives: a file of this checkout, or the hub's card as ``fetch``
    mirrored it (``on_hub``)."""

    root_argument: str  # the card's ROOT as the user typed it ('' for the demo's default)
    on_hub: str | None = None  # '<repo> at <commit>' of the card fetch mirrored
    edited: bool = False  # the mirror no longer holds what was fetched
    in_git: bool = True  # the file is in a git work tree, where `git diff` shows its changes

    def command(self, option: str) -> str:
        said = filter(None, ("python -m scoring publish", self.root_argument, option))
        return f"`{' '.join(said)}`"

    def review(self, path: Path) -> str:
        """How the user sees what a --mark changed in the card."""
        if self.on_hub:
            return f"review the card with {self.command('--diff')}"
        if self.in_git:
            return f"review the card with `git diff {path}`"
        return (
            "review the markers in the diff above (the card is in no git work tree, "
            "where `git diff` would show them again)"
        )

    def push(self) -> str:
        return self.command("--push")

    def not_on_the_hub_yet(self, path: Path) -> str:
        """The line saying that the hub does not show this card yet, and what puts it there."""
        return (
            f"{path}: the card on the hub ({self.on_hub}) does not show this yet: "
            f"{self.push()} opens the pull request that puts it there (merge it, and the "
            "gate's fetch brings it back)"
        )
