"""The published model card, gated: its marked regions and its model-index.

A maintainer marks, once, where generated text goes in the card's markdown,
between HTML comments (invisible on the hub), in the style of ``cog``::

    <!-- scoring:cer-table 560ms -->
    ...the CER table at 560 ms...
    <!-- scoring:end -->

    FLEURS: <!-- scoring:figure cer/560ms/fleurs/openthai2.0-asr-streaming -->8.47<!--
    scoring:end --> % CER (one line in the card)

Region kinds: ``cer-table <L>ms``, ``latency-summary``,
``differences <comparison key> <L>ms``, ``verdicts [<L>ms]`` and ``figure <figure name>``. Text
outside the regions is never touched. The model-index in the YAML front
matter is read entry by entry (``text.read_model_index``), and its own
entries written as huggingface_hub writes them: one ``EvalResult`` per
published CER of the card's own model. Entries that are not ours, and those
that cannot be read (listed with their line), are kept as written, byte for
byte.
"""

from __future__ import annotations

import difflib
import io
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import yaml
from huggingface_hub import EvalResult, EvalResultEntry
from huggingface_hub.repocard_data import eval_results_to_model_index, model_index_to_eval_results
from huggingface_hub.utils import yaml_dump

from ..errors import ScoringError, plural
from ..files import write_text_atomically
from ..memo import Memo
from ..report import round_half_up
from .compute import CardResult
from .markdown import STRUCK_OUT, blocks, table_cells
from .names import Names
from .render import (
    Table,
    cer_table,
    comparison_table,
    format_figure,
    format_value,
    latency_summary_table,
)
from .spec import CardSpec, Column, cer_figure, parse_figure
from .text import (
    BEFORE,
    FIGURE_MARKER,
    FRONT_MATTER,
    MAGNITUDE_OF_NEGATIVE,
    REGION_KINDS,
    TURNED,
    VALUE,
    WHOLE,
    YAML_DUMPER,
    YAML_LOADER,
    CardFile,
    CardHome,
    IndexEntry,
    IndexPlace,
    ModelIndex,
    Region,
    find_regions,
    format_like,
    latencies_in,
    load_card_data,
    read_model_index,
    with_front_matter_written_whole,
    yaml_error_mark,
)

__all__ = [
    "REGION_KINDS",
    "Region",
    "Mismatch",
    "CardFile",
    "PublishedCard",
    "find_regions",
    "published_card",
    "read_card_file",
    "expected_eval_results",
    "metric_name",
    "write_atomically",
    "write_report",
    "check_report",
    "format_card_diff",
]

EVAL_RESULTS_FOLDER = ".eval_results"  # the hub's newer results files, beside the card
CARD_IN_REPO = "README.md"  # the model repository's card
TASK_TYPE = "automatic-speech-recognition"
TASK_NAME = "Automatic Speech Recognition"


@dataclass(frozen=True)
class Mismatch:
    """A number the published card prints differently from the data."""

    figure: str | None  # None: a change in the region's shape, not one number
    where: str
    says: str
    gives: str

    def line(self) -> str:
        subject = f"figure {self.figure}" if self.figure else "text"
        return f"{subject}: {self.where} says {self.says}, the data give {self.gives}"


# --------------------------------------------------------------- regions


def _latency_arg(spec: CardSpec, value: str, where: str) -> int:
    if not (value.endswith("ms") and value[:-2].isdigit()):
        raise ScoringError(where, f"{value!r} is not a latency such as 560ms")
    latency = int(value[:-2])
    if latency not in spec.latencies:
        raise ScoringError(
            where, f"the card has no {latency} ms latency (its latencies: {list(spec.latencies)})"
        )
    return latency


def _region_subject(spec: CardSpec, region: Region, where: str):
    """What a region asks for, checked against the card's spec alone (no numbers needed):
    a latency, a (comparison, latency) pair, a figure name, or None."""
    args = region.args
    if region.kind == "cer-table":
        if len(args) != 1:
            raise ScoringError(where, "cer-table takes one latency, e.g. scoring:cer-table 560ms")
        return _latency_arg(spec, args[0], where)
    if region.kind in ("latency-summary", "not-a-figure"):
        if args:
            raise ScoringError(where, f"{region.kind} takes no arguments")
        return None
    if region.kind == "verdicts":
        if len(args) > 1:
            raise ScoringError(
                where,
                "verdicts takes at most a latency, e.g. "
                "scoring:verdicts 560ms (none: every latency)",
            )
        return _latency_arg(spec, args[0], where) if args else None
    if region.kind == "differences":
        return _differences_subject(spec, args, where)
    return _figure_subject(spec, args, where)


def _differences_subject(spec: CardSpec, args: tuple[str, ...], where: str):
    """A differences region's (comparison, latency): a comparison the card declares (else
    the nearest name is suggested), at a latency it is published at."""
    if len(args) != 2:
        raise ScoringError(
            where,
            "differences takes a comparison and a latency, e.g. scoring:differences a-vs-b 560ms",
        )
    comparison = next((c for c in spec.comparisons if c.key == args[0]), None)
    if comparison is None:
        keys = [c.key for c in spec.comparisons]
        close = difflib.get_close_matches(args[0], keys, n=1)
        raise ScoringError(
            where,
            f"the card has no comparison {args[0]!r}"
            + (f"; did you mean {close[0]!r}?" if close else f" (comparisons: {', '.join(keys)})"),
        )
    latency = _latency_arg(spec, args[1], where)
    if latency not in comparison.latencies:
        raise ScoringError(where, f"comparison {args[0]!r} is not published at {latency} ms")
    return comparison, latency


def _figure_subject(spec: CardSpec, args: tuple[str, ...], where: str) -> str:
    """A figure region's figure name: one the card computes (else the nearest is suggested),
    with at most a word saying how a difference is stated (by its size, or as B − A)."""
    if len(args) == 2 and args[1] in (MAGNITUDE_OF_NEGATIVE, TURNED):
        if not (args[0].startswith("diff/") and not args[0].endswith("/tie")):
            raise ScoringError(
                where, f"{args[1]} is for a difference or an interval's end, not {args[0]!r}"
            )
        args = args[:1]
    if len(args) != 1:
        raise ScoringError(
            where,
            "figure takes one figure name, e.g. "
            "scoring:figure cer/560ms/fleurs/<system> (and, for a "
            f"difference stated by its size, {MAGNITUDE_OF_NEGATIVE}; "
            f"stated as B − A, {TURNED})",
        )
    if not spec.has_figure(args[0]):
        close = difflib.get_close_matches(args[0], spec.figure_names(), n=1)
        raise ScoringError(
            where,
            f"the card computes no figure {args[0]!r}"
            + (f"; did you mean {close[0]!r}?" if close else ""),
        )
    return args[0]


def _region_table(
    result: CardResult, region: Region, where: str, verdicts: dict | None = None
) -> Table | str:
    """What a region holds: a table, or one figure's text. ``verdicts`` keeps the card's
    second look, computed once for every verdicts region."""
    subject = _region_subject(result.spec, region, where)
    if region.kind == "verdicts":
        from .verdicts import card_verdicts, verdicts_table

        memo = {} if verdicts is None else verdicts
        if subject not in memo:  # Holm counts the whole card; stability only what is shown
            memo[subject] = card_verdicts(result, latency=subject, progress=False)
        return verdicts_table(result, memo[subject], subject)
    if region.kind == "cer-table":
        return cer_table(result, subject)
    if region.kind == "latency-summary":
        return latency_summary_table(result)
    if region.kind == "differences":
        return comparison_table(result, *subject)
    return format_figure(result, subject)


def _cell_texts(line: str) -> list[str]:
    return [cell.strip() for _, cell in table_cells(line.strip(), 0)]


def _table_mismatches(table: Table, current: str, where: str) -> list[Mismatch]:
    """Cell by cell, header and labels too: what the region prints differently.

    A figure's cell names its figure; any other cell (a label, a header, the
    alignment row) is text, so an edited label or a reshaped table is caught too.
    """
    lines = [_cell_texts(line) for line in current.strip().splitlines() if line.strip()]
    wanted = [table.header, table.align, *table.rows]
    no_figures = (None,) * len(table.header)
    names = [no_figures, no_figures, *table.figures]
    found = []
    for row, (row_names, cells) in enumerate(zip(names, wanted)):
        have = lines[row] if row < len(lines) else []
        for column, cell in enumerate(cells):
            now = have[column] if column < len(have) else "(nothing)"
            if now != cell:
                name = row_names[column] if column < len(row_names) else None
                found.append(
                    Mismatch(
                        name.replace("|", " and ") if name else None,
                        where,
                        now if name else repr(now),
                        cell if name else repr(cell),
                    )
                )
        if len(have) > len(cells):
            found.append(
                Mismatch(None, where, f"{len(have)} cells in row {row + 1}", f"{len(cells)} cells")
            )
    if len(lines) != len(wanted):
        found.append(Mismatch(None, where, f"{len(lines) - 2} rows", f"{len(wanted) - 2} rows"))
    return found


# ----------------------------------------------------------- model-index


def metric_name(latency: int, split: bool) -> str:
    """The model-index metric name of a CER: it carries the latency."""
    return f"CER{', decoded in pieces' if split else ''} ({latency} ms chunk)"


def _identity(result: EvalResult) -> tuple:
    """What tells one published CER from another in a model-index."""
    return (
        result.metric_type,
        result.dataset_type,
        result.dataset_config,
        result.dataset_split,
        result.metric_name,
    )


def _published_cers(spec: CardSpec, system: str, latencies):
    """(latency, set, column) of each CER of ``system`` the card has at ``latencies``: whole,
    and decoded in pieces where it is."""
    for latency in latencies:
        if latency not in spec.system_latencies[system]:
            continue
        for set_name in spec.sets:
            for column in (Column(system), Column(system, True)):
                if column in spec.columns(set_name, latency):
                    yield latency, set_name, column


def expected_eval_results(result: CardResult) -> list[tuple[str, EvalResult]]:
    """``(figure, EvalResult)`` for each published CER of the card's own model."""
    spec = result.spec
    system = spec.publish_system
    if system is None:
        return []
    results = []
    for latency, set_name, column in _published_cers(spec, system, spec.latencies_headline_first()):
        source = spec.datasets.get(set_name)
        if source is None:
            raise ScoringError(
                spec.path,
                f"[datasets.{set_name}] is missing: the "
                "model-index needs the dataset's hub id for each set",
            )
        name = cer_figure(latency, set_name, column.key)
        results.append(
            (
                name,
                EvalResult(
                    task_type=TASK_TYPE,
                    task_name=TASK_NAME,
                    dataset_type=source.id,
                    dataset_name=source.name,
                    dataset_config=source.config,
                    dataset_split=source.split,
                    metric_type="cer",
                    metric_value=float(format_figure(result, name)),
                    metric_name=metric_name(latency, column.split),
                ),
            )
        )
    return results


def _canonical(model_name: str, results: list[EvalResult]) -> list[EvalResult]:
    """The results as they read back from the YAML huggingface_hub writes."""
    if not results:
        return []
    return model_index_to_eval_results(eval_results_to_model_index(model_name, results))[1]


def _as_printed(value) -> str:
    """A model-index value as a card prints figures: YAML reads "6.70" back as 6.7."""
    if isinstance(value, float) and round(value, 2) == value:
        return f"{value:.2f}"
    return str(value)


def _differs(figure: str, where: str, published, made: float) -> list[Mismatch]:
    """The mismatch of one published value (None: the entry is missing) with the data's."""
    if published is None:
        return [Mismatch(figure, where, "nothing", f"{made:.2f}")]
    if not _same_value(published, made):
        says = _as_printed(published)
        if isinstance(published, str):  # "12.89 %": its number may be right, its form not
            says = f"{published!r} (text, where the gate writes a number)"
        elif _a_fraction_of(published, made):
            says += " (a fraction, where the gate writes percentages)"
        return [Mismatch(figure, where, says, f"{made:.2f}")]
    return []


def _a_fraction_of(published, made: float) -> bool:
    """0.0669 where the data give 6.69 (%): the data's value as a fraction, at the
    published value's decimals."""
    text = str(published)
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return False
    decimals = len(text.partition(".")[2])
    return (
        0 < value < 1 <= made
        and decimals > 0
        and round_half_up(Fraction(str(made)) / 100, decimals) == text
    )


def _same_value(a, b) -> bool:
    try:
        return Fraction(str(a)) == Fraction(str(b))
    except (ValueError, ZeroDivisionError):
        return False


# ------------------------------------------------------------ the card


@dataclass(frozen=True)
class PublishedCard:
    """The card file as it is, as the data say it should be, and how they differ."""

    path: Path
    old: str
    new: str
    mismatches: tuple[Mismatch, ...]
    foreign: tuple[str, ...]  # model-index results that are not ours
    regions: int
    results: int
    # .eval_results/<name>.yaml beside the card, where card.toml asks for it
    eval_results_path: Path | None = None
    eval_results_old: str | None = None  # None: no such file yet
    eval_results_new: str | None = None
    # Claims the card's own text makes that the data contradict and that no region holds (a
    # bold "best" on a system that is not): reported, left to the author to put right.
    claims: tuple[Mismatch, ...] = ()
    # model-index entries that cannot be read (a metric with no value), each with its line:
    # kept as written, never gated, so said in every command
    unread: tuple[str, ...] = ()

    @property
    def up_to_date(self) -> bool:
        return (
            self.old == self.new
            and self.eval_results_old == self.eval_results_new
            and not self.claims
        )

    def diff(self) -> str:
        text = "".join(
            difflib.unified_diff(
                self.old.splitlines(keepends=True),
                self.new.splitlines(keepends=True),
                fromfile=f"{self.path.name} (published)",
                tofile=f"{self.path.name} (from the data)",
            )
        )
        if self.eval_results_path is not None and self.eval_results_old != self.eval_results_new:
            name = f"{EVAL_RESULTS_FOLDER}/{self.eval_results_path.name}"
            text += "".join(
                difflib.unified_diff(
                    (self.eval_results_old or "").splitlines(keepends=True),
                    (self.eval_results_new or "").splitlines(keepends=True),
                    fromfile=f"{name} (published)",
                    tofile=f"{name} (from the data)",
                )
            )
        return text

    def files_for_the_hub(self) -> dict[str, bytes]:
        """The model repository's paths and their content, as the data give them: the card
        as README.md, and its .eval_results/*.yaml where the card has that folder."""
        files = {CARD_IN_REPO: self.new.encode("utf-8")}
        folder = self.path.parent / EVAL_RESULTS_FOLDER
        if folder.is_dir():
            for path in sorted(folder.glob("*.yaml")):
                files[f"{EVAL_RESULTS_FOLDER}/{path.name}"] = path.read_bytes()
        if self.eval_results_path is not None:  # the one the data give, written or not
            files[f"{EVAL_RESULTS_FOLDER}/{self.eval_results_path.name}"] = (
                self.eval_results_new.encode("utf-8")
            )
        return files

    def changes(self) -> list[str]:
        """A line for each number the card as the data give it puts right, then each claim
        of its text the data contradict (left to its author)."""
        return [m.line() for m in self.mismatches + self.claims]

    def write(self) -> None:
        """Write the card, and its .eval_results file, each atomically."""
        if self.old != self.new:
            write_text_atomically(self.path, self.new)
        if self.eval_results_path is not None and self.eval_results_old != self.eval_results_new:
            self.eval_results_path.parent.mkdir(exist_ok=True)
            write_text_atomically(self.eval_results_path, self.eval_results_new)


def read_card_file(path: str | os.PathLike, spec: CardSpec | None = None) -> CardFile:
    """Read the card file; a missing, unreadable or malformed one is one ScoringError line.

    With ``spec``, every region's arguments are checked against the card too.
    """
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise ScoringError(path, "no such card file (see [publish] file in card.toml)") from None
    except IsADirectoryError:
        raise ScoringError(path, "is a directory, not the card's markdown file") from None
    except UnicodeDecodeError:
        raise ScoringError(path, "is not UTF-8 text") from None
    card_data = load_card_data(text, path)
    front = FRONT_MATTER.match(text)
    regions = tuple(find_regions(text, str(path)))
    if spec is not None:
        for region in regions:
            _region_subject(spec, region, f"{path}:{region.line}")
    return CardFile(path, text, card_data, front.end() if front else 0, regions)


def published_card(
    result: CardResult,
    card_file: CardFile | str | os.PathLike | None = None,
    read_words: WordsReader | None = None,
) -> PublishedCard:
    """Regenerate every region and the model-index of the card file from ``result``.

    ``card_file``: the file already read (see read_card_file), its path, or by
    default the card's [publish] file. ``read_words``: what reads the claims of its prose
    beside its markers (its claims the data deny are then the card's too).
    """
    spec = result.spec
    card_file = _the_card_file(spec, card_file)
    path, old, body_start, regions = (
        card_file.path,
        card_file.text,
        card_file.body_start,
        list(card_file.regions),
    )
    new_body, mismatches = _regenerate_regions(result, old, body_start, regions, path)
    expected = expected_eval_results(result)
    index = read_model_index(old)
    replaced, foreign, index_mismatches = _regenerate_model_index(index, expected, spec)
    new = _new_card_text(card_file, index, expected, replaced, foreign, new_body, spec)
    eval_path = eval_old = eval_new = None
    if spec.eval_results is not None:
        eval_path = path.parent / EVAL_RESULTS_FOLDER / f"{spec.eval_results.name}.yaml"
        eval_old, eval_new, eval_mismatches = _regenerate_eval_results(result, eval_path)
        index_mismatches = index_mismatches + eval_mismatches
    return PublishedCard(
        path,
        old,
        new,
        tuple(mismatches + index_mismatches),
        _foreign_lines(foreign),
        len(regions),
        len(expected),
        eval_path,
        eval_old,
        eval_new,
        tuple(
            _bold_best_claims(result, old, body_start)
            + _magnitude_claims(result, regions)
            + _claims_in_words(result, card_file, read_words)
        ),
        _unread(index, bool(expected), {entry.span for entry in replaced}),
    )


def _the_card_file(spec: CardSpec, card_file: CardFile | str | os.PathLike | None) -> CardFile:
    """The card file as given (already read), or read from its path, or by default from the
    card's [publish] file; refused where the card names none."""
    if isinstance(card_file, CardFile):
        return card_file
    path = Path(card_file) if card_file is not None else spec.publish_file
    if path is None:
        raise ScoringError(
            spec.path,
            "[publish] file = ... is not set: which markdown file is the published card?",
        )
    return read_card_file(path)


def _new_card_text(
    card_file: CardFile,
    index: ModelIndex,
    expected: list[tuple[str, EvalResult]],
    replaced: list[IndexEntry],
    foreign: list[IndexEntry],
    new_body: str,
    spec: CardSpec,
) -> str:
    """The card's whole new text: the regenerated body, under the front matter with our
    model-index results written in where they differ from what it holds."""
    old, body_start = card_file.text, card_file.body_start
    new = old[:body_start] + new_body  # front matter kept byte for byte, unless ours differ
    model_name = index.model_name or spec.publish_model_name or spec.title
    made = _canonical(model_name, [eval_result for _, eval_result in expected])
    if expected and (index.model_name is None or [e.result for e in replaced] != made):
        if index.place is not None:
            new = _with_model_index(old[:body_start], index, made, replaced, model_name) + new_body
        else:  # no front matter (in block YAML): huggingface_hub writes it whole
            results = made + [entry.result for entry in foreign]
            new = with_front_matter_written_whole(
                old, new_body, model_name, results, card_file.path
            )
    return new


def _foreign_lines(foreign: list[IndexEntry]) -> tuple[str, ...]:
    """A line for each model-index entry that is no figure of the card: it is kept as is."""
    return tuple(
        f"model-index entry '{r.metric_name or r.metric_type}' ({r.metric_type}) on "
        + " ".join(filter(None, (r.dataset_type, r.dataset_config, r.dataset_split)))
        + " is not ours (no figure of the card); kept as it is"
        for r in (entry.result for entry in foreign)
    )


def _regenerate_regions(
    result: CardResult, old: str, body_start: int, regions: list[Region], path: Path
) -> tuple[str, list[Mismatch]]:
    """The body with every region rewritten, and the numbers that differed."""
    mismatches: list[Mismatch] = []
    pieces, copied = [], body_start
    verdicts: dict = {}
    for region in regions:
        if region.kind == "not-a-figure":
            continue  # its text stays as written
        made = _region_table(result, region, f"{path}:{region.line}", verdicts)
        current = old[region.start : region.end]
        label = (
            f"inline region (line {region.line})"
            if region.kind == "figure"
            else f"table region '{region.label}' (line {region.line})"
        )
        if isinstance(made, Table):
            wanted = "\n" + made.markdown() + "\n"
            if current != wanted:
                mismatches += _table_mismatches(made, current, label)
        else:
            magnitude = MAGNITUDE_OF_NEGATIVE in region.args[1:]
            turned = TURNED in region.args[1:]
            if turned:
                label = f"inline region (line {region.line}, turned: B − A)"
            if magnitude:  # its size alone: the words beside it say which way
                made = made.lstrip("+-−")
            if turned:  # B − A, where the card's figure is A − B
                made = format_value(region.args[0], -result.exact[region.args[0]])
            # Printed as the card printed it: its decimals, its minus sign, a plus.
            wanted = (
                made
                if current.strip() in ("", made)
                else _like(result, region.args[0], current, made, magnitude, turned)
            )
            if current != wanted:
                mismatches.append(
                    Mismatch(region.args[0], label, current.strip() or "nothing", wanted)
                )
        pieces += [old[copied : region.start], wanted]
        copied = region.end
    pieces.append(old[copied:])
    return "".join(pieces), mismatches


_BOLD = re.compile(r"^\s*(?:(\*\*|__).*\1|<(b|strong)>.*</\2>)\s*$", re.S | re.I)


def _bold_best_claims(result: CardResult, text: str, body_start: int) -> list[Mismatch]:
    """Where a table bolds the best (lowest) of the CERs in a row or a column, the data's
    best must be the one in bold: the emphasis is part of the claim. The CERs compared are
    the marked figures of one set (or aggregate) at one latency, each another system's."""
    found = []
    for block in blocks(text, body_start):
        if block.kind != "table":
            continue
        grid = [cells for cells in block.rows[1:] if cells]
        lines = [text.count("\n", 0, cells[0][0]) + 1 for cells in grid]
        marked = {}
        for row, cells in enumerate(grid):
            for column, (_, cell) in enumerate(cells):
                figures = [
                    m.group(1)
                    for m in FIGURE_MARKER.finditer(cell)
                    if m.group(1).startswith(("cer/", "aggregate/"))
                ]
                if len(figures) == 1:  # ("~~14.80~~ **14.77**" is bold: the struck is gone)
                    bold = _BOLD.match(STRUCK_OUT.sub("", cell))
                    marked[(row, column)] = (figures[0], bool(bold))
        for along, position in (("row", 0), ("column", 1)):
            lines_of = {}
            for (row, column), (figure, bold) in marked.items():
                parsed = parse_figure(figure)
                key = (
                    along,
                    (row, column)[position],
                    parsed.kind,
                    parsed.latency_ms,
                    parsed.subject,
                )
                lines_of.setdefault(key, []).append((figure, bold, lines[row]))
            for (_, _, _, _, _), members in lines_of.items():
                found += _bold_claim(result, members, along)
    return found


def _bold_claim(result: CardResult, members: list, along: str) -> list[Mismatch]:
    """The bold best of one row or column, against the data: nothing where it holds."""
    bold = [figure for figure, is_bold, _ in members if is_bold]
    if len(members) < 2 or not bold or len(bold) == len(members):
        return []
    value = {figure: result.exact[figure] for figure, _, _ in members}
    lowest = min(value.values())
    best = [figure for figure in value if value[figure] == lowest]
    if all(figure in best for figure in bold):
        return []
    shown = lambda figure: format_figure(result, figure)  # noqa: E731
    line = min(at for _, _, at in members)
    return [
        Mismatch(
            bold[0],
            f"the bold best of the table {along} at line {line}",
            f"{bold[0]} ({shown(bold[0])}) is the best",
            f"{best[0]} ({shown(best[0])}) as the best; --write leaves emphasis "
            "to you: move the bold by hand",
        )
    ]


def _like(
    result: CardResult,
    name: str,
    current: str,
    made: str,
    magnitude: bool = False,
    turned: bool = False,
) -> str:
    value = result.exact.get(name)
    if isinstance(value, bool) or value is None:
        return made
    return format_like(name, abs(value) if magnitude else -value if turned else value, current)


def _magnitude_claims(result: CardResult, regions: list[Region]) -> list[Mismatch]:
    """A difference stated by its size, its direction in the words beside it, as marked
    when it was negative: the words are wrong once the data make it zero or positive."""
    return [
        Mismatch(
            region.args[0],
            f"inline region (line {region.line})",
            "the size of a negative difference, its direction in words",
            f"{format_figure(result, region.args[0])}; --write leaves the words to "
            f"you: reword them, and take {MAGNITUDE_OF_NEGATIVE} out of the marker",
        )
        for region in regions
        if region.kind == "figure"
        and MAGNITUDE_OF_NEGATIVE in region.args[1:]
        and region.args[0] in result.exact
        and result.exact[region.args[0]] >= 0
    ]


# What reads the words of a card's prose beside its markers: for each marked number whose
# words say which way two systems compare where the data give the other way, its figure,
# its line and what the words say ("OpenThai2.0 (th-TH) lower than Typhoon 0.6B"). Reading
# prose is adopting's (``adopt.words_the_data_deny``); the caller hands it in.
WordsReader = Callable[[CardResult, CardFile], Iterable[tuple[str, int, str]]]


def _claims_in_words(
    result: CardResult, card_file: CardFile, read_words: WordsReader | None
) -> list[Mismatch]:
    if read_words is None:
        return []
    return [
        Mismatch(
            figure,
            f"the statement at line {line}",
            said,
            "the other way; --write leaves the words to you: reword them",
        )
        for figure, line, said in read_words(result, card_file)
    ]


def _bare_config(config: str | None) -> str | None:
    """A dataset config as the hub groups it: none given and "default" are one."""
    return None if config in (None, "", "default") else config


def _hand_written_fits(entry: EvalResult, ours: dict, spec: CardSpec) -> list[tuple]:
    """The identities of our results that a hand-written entry may stand for, whatever its
    metric name: a CER on one of our sets' datasets, at the latency its name names (none:
    the headline), decoded in pieces if its name says so. Its config is matched exactly
    first (an entry with none stands for the set whose own config is none or "default");
    else a config or split it leaves out matches any. No fit: not ours; two or more: ours,
    but which one its text does not say."""
    if (entry.metric_type or "").lower() not in ("cer", "character error rate"):
        return []
    on_our_dataset = [
        identity for identity in ours if identity[0] == "cer" and identity[1] == entry.dataset_type
    ]
    by_name = not on_our_dataset
    if by_name:
        on_our_dataset = _on_the_set_it_names(entry, ours, spec)
    named = latencies_in(entry.metric_name or "")
    latency = named[0] if len(named) == 1 else spec.headline_latency if not named else None
    if latency is None:  # it names several chunk sizes: one of ours, but which?
        return on_our_dataset
    name = metric_name(latency, bool(re.search(r"split|pieces", entry.metric_name or "", re.I)))
    candidates = [
        identity
        for identity in on_our_dataset
        if identity[4] == name and entry.dataset_split in (None, identity[3])
    ]
    exact = [
        identity
        for identity in candidates
        if _bare_config(identity[2]) == _bare_config(entry.dataset_config)
    ]
    if len(exact) == 1:
        return exact
    loose = [
        identity
        for identity in candidates
        if by_name or entry.dataset_config in (None, identity[2])
    ]
    return loose or on_our_dataset


def _on_the_set_it_names(entry: EvalResult, ours: dict, spec: CardSpec) -> list[tuple]:
    """Our CERs on the one set that a hand-written entry's dataset names as the card names
    its sets, where its type is none of the card's datasets: "Isan" of type ``isan``, where
    the card's Isan is ``typhoon-ai/thai-dialect-isan-dataset``. Its number is one of ours
    under another dataset id, and left as it stands it would go stale ungated. None where
    its type is one of the card's datasets, or it names no set, or several."""
    if entry.dataset_type in {identity[1] for identity in ours}:
        return []
    names = Names.of(spec, spec.publish_aliases)
    named = (
        set(names.subjects_in(entry.dataset_name or ""))
        or set(names.subjects_in((entry.dataset_type or "").rpartition("/")[2]))
        or set(names.subjects_in(entry.metric_name or "") if entry.dataset_type is None else ())
    )
    if len(named) != 1:
        return []
    return [
        identity
        for identity in ours
        if identity[0] == "cer" and parse_figure(ours[identity][0]).subject in named
    ]


def _named_by_dataset_name(
    entry: EvalResult, fits: list[tuple], ours: dict, spec: CardSpec
) -> list[tuple]:
    """Of the results a hand-written entry fits, those on the one set its dataset name
    names as the card names its sets: "GigaSpeech2 (th test)" is GigaSpeech2, not
    GigaSpeech2 long, where both share a dataset id. None when the name names no set of
    them, or more than one."""
    named = set(Names.of(spec, spec.publish_aliases).subjects_in(entry.dataset_name or ""))
    on_named = {parse_figure(ours[identity][0]).subject for identity in fits} & named
    if len(on_named) != 1:
        return []
    return [identity for identity in fits if parse_figure(ours[identity][0]).subject in on_named]


def _hand_written_name(entry: EvalResult, ours: dict) -> str:
    """A hand-written entry named as the card names it, so that it can be found there; and
    where its dataset type is none of the card's, saying so: it was read by its name."""
    if entry.dataset_type is None:
        return f"model-index entry '{entry.metric_name}' (hand-written, with no dataset)"
    how = (
        "hand-written"
        if entry.dataset_type in {identity[1] for identity in ours}
        else f"hand-written, of type {entry.dataset_type}, read by its name"
    )
    return (
        f"model-index entry '{entry.metric_name or entry.metric_type}' on "
        f"{entry.dataset_name or entry.dataset_type} ({how})"
    )


def _entry_named(there: EvalResult | None, made: EvalResult, ours: dict, hand_written: bool):
    """An entry of ours named as the card names it, where the card has it (so that it can be
    found there): a hand-written one with how it was read; else as the gate makes it."""
    if there is not None and hand_written:
        return _hand_written_name(there, ours)
    named = there or made
    return (
        f"model-index entry '{named.metric_name or made.metric_name}' on "
        f"{named.dataset_name or made.dataset_name}"
    )


def _regenerate_model_index(
    index: ModelIndex, expected: list[tuple[str, EvalResult]], spec: CardSpec
) -> tuple[list[IndexEntry], list[IndexEntry], list[Mismatch]]:
    """(the entries of ours, which --write replaces; the foreign ones, kept as written; our
    numbers that differed). Entries the card's model-index holds but cannot be read are
    neither: kept as written, and listed (``_unread``)."""
    ours = {_identity(made): (figure, made) for figure, made in expected}
    existing = [entry for entry in index.entries() if entry.result is not None]
    # (An entry of a result with no dataset is placed by its metric's name, or else left
    # unread and listed: never kept as another's, which huggingface_hub could not write.)
    # A hand-written entry of ours ("Test CER" on FLEURS) is checked like ours and
    # rewritten in our form: never left stale beside the right one. One that is ours but
    # fits several of our results is reported, and replaced by ours; one that is none of
    # ours (another metric, another dataset) is kept.
    hand_written, unplaced, foreign, replaced = {}, [], [], []
    for entry in existing:
        r = entry.result
        if _identity(r) not in ours:
            fits = _hand_written_fits(r, ours, spec)
            if len(fits) > 1:
                fits = _named_by_dataset_name(r, fits, ours, spec) or fits
            # (A second entry fitting the figure one already stands for is not that figure:
            # another model's, say, whose name says no latency. Kept, never dropped.)
            if entry.why and (len(fits) != 1 or fits[0] in hand_written):
                continue
            if not fits or len(fits) == 1 and fits[0] in hand_written:
                foreign.append(entry)
                continue
            if len(fits) == 1:
                hand_written[fits[0]] = r
            else:
                unplaced.append((r, fits))
        replaced.append(entry)
    in_our_form = {_identity(e.result): e.result for e in existing if _identity(e.result) in ours}
    have = {**hand_written, **in_our_form}
    mismatches = []
    for identity, (figure, made) in ours.items():
        there = have.get(identity)
        where = _entry_named(there, made, ours, hand_written=identity not in in_our_form)
        mismatches += _differs(figure, where, there and there.metric_value, made.metric_value)
    for entry, fits in unplaced:
        figures = [
            f"{ours[identity][0]} ({ours[identity][1].metric_value:.2f})" for identity in fits[:3]
        ]
        mismatches.append(
            Mismatch(
                None,
                _hand_written_name(entry, ours),
                _as_printed(entry.metric_value),
                f"no one figure: a CER of the card's on {entry.dataset_type}, it fits "
                f"{len(fits)} ({', '.join(figures)}{', ...' if len(fits) > 3 else ''}); --write "
                "replaces it with the card's own entries",
            )
        )
    return replaced, foreign, mismatches


def _with_model_index(
    front: str,
    index: ModelIndex,
    made: list[EvalResult],
    replaced: list[IndexEntry],
    model_name: str,
) -> str:
    """The front matter with the card's own results (``made``) as huggingface_hub writes
    them, in place of ``replaced``: every other entry, read or not, stays as written, byte
    for byte (a YAML dump would write another's 24.10 as 24.1, and drop its comments)."""
    place = index.place
    cuts = _cuts(index, {entry.span for entry in replaced})
    if place.how == BEFORE:
        edits = [(start, end, "") for start, end in cuts]
        edits.append((*place.span, _results_text(model_name, made, place)))
    else:  # the kept results are in brackets (or none): they follow ours, in a block list
        kept = [
            _cut(front, result.own, cuts) for result in index.results if result.span not in cuts
        ]
        edits = [(*place.span, _written_over(place, model_name, made, kept))]
    if place.name_at is not None:  # a model without a name: huggingface_hub needs one
        column = place.name_at - (front.rfind("\n", 0, place.name_at) + 1)
        name = _yaml_at({"name": model_name}, column, place.line_break)
        edits.append((place.name_at, place.name_at, name[column:] + " " * column))
    for start, end, text in sorted(edits, reverse=True):  # from the end: spans stay put
        front = front[:start] + text + front[end:]
    return front


def _cuts(index: ModelIndex, replaced: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans to cut out: a result all of whose entries are ours whole, else our
    entries alone (another metric beside ours in a result stays)."""
    cuts = []
    for result in index.results:
        spans = [entry.span for entry in result.entries if entry.span in replaced]
        cuts += [result.span] if spans and len(spans) == len(result.entries) else spans
    return cuts


def _cut(text: str, span: tuple[int, int], cuts: list[tuple[int, int]]) -> str:
    """The text of ``span`` without the cuts inside it."""
    pieces, at = [], span[0]
    for start, end in sorted(cut for cut in cuts if span[0] <= cut[0] and cut[1] <= span[1]):
        pieces.append(text[at:start])
        at = end
    return "".join(pieces) + text[at : span[1]]


def _results_text(model_name: str, made: list[EvalResult], place: IndexPlace) -> str:
    """The results of the card's own model-index as huggingface_hub writes them, their "-"
    at the place's column."""
    results = eval_results_to_model_index(model_name, made)[0]["results"]
    return _yaml_at(results, place.indent, place.line_break)


# The width huggingface_hub's yaml_dump wraps a long string at (PyYAML's default): a
# column counted from the start of the line, in a dump of the whole front matter.
YAML_WIDTH = yaml.Dumper(io.StringIO()).best_width


# The same results dumped again (``--check`` then ``--write``, a test's many cards): PyYAML's
# emitter takes tens of milliseconds over a card's results.
_DUMPS = Memo(kept=16)


def _yaml_at(data, column: int, line_break: str) -> str:
    """``data`` as huggingface_hub's ``yaml_dump`` writes it, each line moved to ``column``,
    and its long strings wrapped where huggingface_hub's dump of the whole front matter
    wraps them (``ModelCard.content``): the same results give the same bytes whether the
    front matter is written whole or ours are spliced in, at any column. PyYAML wraps a
    line past its width counted from the line's start: a dump at column 0, moved to
    ``column``, must wrap that much earlier. (PyYAML takes no width under 5: a column past
    75 wraps as PyYAML can.)"""
    width = max(YAML_WIDTH - column, 5)
    text = _DUMPS.get(
        (repr(data), width, line_break),  # (repr tells 24.1 from "24.1")
        lambda: yaml_dump(data, sort_keys=False, line_break=line_break, width=width),
    )
    return line_break.join(" " * column + line if line else line for line in text.split(line_break))


def _written_over(
    place: IndexPlace, model_name: str, made: list[EvalResult], kept: list[str]
) -> str:
    """What replaces a results value that is no block list (the card's results, then the
    kept ones), a model-index that holds no list of results, or goes after the last key."""
    lb = place.line_break
    if place.how == VALUE:
        return (
            lb
            + _results_text(model_name, made, place)
            + "".join(f"{' ' * place.indent}- {text}{lb}" for text in kept)
        )
    whole = _yaml_at({"model-index": eval_results_to_model_index(model_name, made)}, 0, lb)
    whole += "".join(f"  - {text}{lb}" for text in kept)  # (huggingface_hub's column)
    return whole if place.how == WHOLE else lb + whole[: -len(lb)]


def _unread(index: ModelIndex, writes: bool, placed: set[tuple[int, int]]) -> tuple[str, ...]:
    """A line for each model-index entry that cannot be read, and for a model-index that
    holds no list of results: its line in the card, what it is, what --write does."""
    kept = (
        "kept as written, not gated"
        if index.place is not None
        else "not gated, and --write drops it: write the front matter as block YAML, not in "
        "braces, and it is kept"
    )
    lines = [
        f"model-index (line {entry.line}): {entry.why}; {kept}"
        for entry in index.entries()
        if entry.why and entry.span not in placed
    ]
    return tuple(lines) + tuple(
        f"model-index (line {line}): {what}; "
        + (
            "--write puts the card's own results in its place"
            if writes
            else "kept as written, not gated"
        )
        for line, what in index.problems
    )


# ------------------------------------------------------- .eval_results


def expected_eval_entries(result: CardResult) -> list[tuple[str, EvalResultEntry]]:
    """``(figure, EvalResultEntry)`` for each CER of ``[publish] system`` that the
    ``.eval_results`` file publishes: the headline latency always, other latencies where
    ``[publish.eval_results] latencies_ms`` asks, each saying its latency in ``notes``."""
    spec = result.spec
    wanted = spec.eval_results
    system = spec.publish_system
    if wanted is None or system is None:
        return []
    entries = []
    latencies = [spec.headline_latency] + [
        other for other in wanted.latencies if other != spec.headline_latency
    ]
    for latency, set_name, column in _published_cers(spec, system, latencies):
        name = cer_figure(latency, set_name, column.key)
        entries.append(
            (
                name,
                EvalResultEntry(
                    dataset_id=wanted.dataset_ids[set_name],
                    task_id=wanted.task_ids[set_name],
                    value=float(format_figure(result, name)),
                    notes=f"{metric_name(latency, column.split)}, %",
                ),
            )
        )
    return entries


def _read_eval_results(path: Path) -> tuple[str | None, list]:
    """The file's text and its entries (huggingface_hub's parser); a file that does not
    parse is one ScoringError line naming it."""
    from huggingface_hub import parse_eval_result_entries

    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None, []
    except (OSError, UnicodeDecodeError) as error:
        raise ScoringError(path, f"cannot be read as UTF-8 text ({error})") from None
    try:
        data = yaml.load(text, Loader=YAML_LOADER)
        if data is None:
            return text, []
        if not isinstance(data, list):
            raise ValueError("it must be a list of results")
        return text, parse_eval_result_entries(data)
    except yaml.YAMLError as error:
        mark = yaml_error_mark(error)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        raise ScoringError(
            where, f"is not valid YAML ({getattr(error, 'problem', None) or error})"
        ) from None
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise ScoringError(path, f"is not an .eval_results file ({error})") from None


def _regenerate_eval_results(
    result: CardResult, path: Path
) -> tuple[str | None, str, list[Mismatch]]:
    """(the file as it is, as the data give it, our values that differ)."""
    from huggingface_hub import eval_result_entries_to_yaml

    old, have = _read_eval_results(path)
    expected = expected_eval_entries(result)
    new = yaml.dump(
        eval_result_entries_to_yaml([entry for _, entry in expected]),
        Dumper=YAML_DUMPER,
        sort_keys=False,
        allow_unicode=True,
    )
    found = {(e.dataset_id, e.task_id, e.notes): e for e in have}
    mismatches = []
    where_file = f"{EVAL_RESULTS_FOLDER}/{path.name}"
    for figure, entry in expected:
        there = found.get((entry.dataset_id, entry.task_id, entry.notes))
        where = f"{where_file} entry {entry.task_id} ({entry.notes})"
        mismatches += _differs(figure, where, there and there.value, entry.value)
    return old, new, mismatches


# ------------------------------------------------------------- reporting


def _summary(card: PublishedCard) -> str:
    return f"{plural(card.regions, 'region')}, {plural(card.results, 'model-index result')}"


def _changed_and_added(mismatches: list[Mismatch]) -> str:
    added = sum(1 for m in mismatches if m.says == "nothing")
    return f"{plural(len(mismatches) - added, 'number')} changed" + (
        f", {added} added" if added else ""
    )


def write_report(card: PublishedCard, home: CardHome | None = None) -> tuple[str, int]:
    """Write what differs (the card, its .eval_results); what --write prints, and 0."""
    lines = []
    if card.old == card.new and card.eval_results_old == card.eval_results_new:
        lines.append(f"{card.path}: already what the data give ({_summary(card)})")
    else:
        card.write()
        in_file = [m for m in card.mismatches if not m.where.startswith(EVAL_RESULTS_FOLDER)]
        if card.old != card.new:
            lines.append(
                f"{card.path}: rewritten from the data ({_summary(card)}; "
                f"{_changed_and_added(in_file)})"
            )
        if card.eval_results_old != card.eval_results_new:
            in_eval = [m for m in card.mismatches if m not in in_file]
            lines.append(
                f"{card.eval_results_path}: written from the data"
                + (f" ({_changed_and_added(in_eval)})" if in_eval else "")
            )
    lines += [f"still to put right by hand: {claim.line()}" for claim in card.claims]
    if home is not None and _never_marked(card.new):
        lines.append(
            f"{card.path}: no number of its text is gated, as it holds no figure marker: "
            f"{home.command('--mark')} marks the figures among them (docs/adopting.md)"
        )
    if home is not None and home.on_hub and (home.edited or not card.up_to_date):
        lines.append(home.not_on_the_hub_yet(card.path))
    return "\n".join(lines) + "\n", 0


def _never_marked(text: str) -> bool:
    """Whether a card's text holds decimal numbers and no figure marker: never adopted."""
    body = FRONT_MATTER.sub("", text)
    return not FIGURE_MARKER.search(body) and bool(re.search(r"\d\.\d", body))


def check_report(
    card: PublishedCard, spec: CardSpec, coverage: tuple[str, str], *, strict: bool
) -> tuple[str, int]:
    """What --check prints: the verdict, the coverage line and the ungated numbers (read by
    ``mark_report.format_coverage``), each number that differs and the diff; exit 0 or 1."""
    gated, ungated = coverage
    if card.up_to_date and not ungated:
        return (
            f"{card.path}: the published card is exactly what the data give "
            f"({_summary(card)})\n" + gated,
            0,
        )
    if card.up_to_date:
        # Never "exact" while figure-like numbers of its text stand outside markers.
        verdict = (
            f"{card.path}: strict fails: the numbers listed above stand outside markers"
            if strict
            else f"{card.path}: its markers and model-index are what the data give "
            f"({_summary(card)}); the numbers listed above are not gated"
        )
        return gated + ungated + verdict + "\n", 1 if strict else 0
    lines = card.changes() or [
        # e.g. spacing inside a region: no cell differs, the text does
        "text: the generated regions or the model-index differ from the data in their "
        "layout, not in any cell (see the diff)"
    ]
    rewritten = card.old != card.new or card.eval_results_old != card.eval_results_new
    verdict = (
        f"{card.path}: differs from the data; `python -m scoring publish {spec.root} "
        "--write` rewrites it\n"
        if rewritten
        else f"{card.path}: its words claim what the data do not give (above): put them "
        "right by hand\n"
    )
    if strict and ungated:
        verdict += (
            f"{card.path}: strict fails too: the numbers listed above stand outside markers\n"
        )
    return gated + ungated + "\n".join(
        _model_index_lines(card, lines)
    ) + "\n" + verdict + card.diff(), 1


def _model_index_lines(card: PublishedCard, lines: list[str]) -> list[str]:
    """``lines`` with those of the model-index results the card lacks folded into one (a
    card not yet written by --write lacks them all: a line each would bury the rest)."""
    missing = {
        m.line()
        for m in card.mismatches
        if m.where.startswith("model-index") and m.says == "nothing"
    }
    if len(missing) < 2:
        return lines
    kept = [line for line in lines if line not in missing]
    return kept + [f"model-index: {len(missing)} results missing; --write adds them"]


def format_card_diff(published: str, here: str, card_path: Path, home: CardHome) -> str:
    """What the card here changes in the card as published (``where``): the unified diff a
    reviewer reads before the card goes to the hub, and the command that sends it."""
    where = home.on_hub
    name = card_path.name
    diff = "".join(
        difflib.unified_diff(
            published.splitlines(keepends=True),
            here.splitlines(keepends=True),
            fromfile=f"{name} (on the hub: {where})",
            tofile=f"{name} (here)",
        )
    )
    if not diff:
        return f"{card_path}: the same as the card on the hub ({where}); nothing to review\n"
    changed = sum(
        1
        for line in diff.splitlines()
        if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))
    )
    return (
        diff + f"{card_path}: {changed} lines differ from the card on the hub ({where}); "
        f"{home.push()} proposes the card the data give, from this one, as a pull "
        "request\n"
    )


# The card is written like every other file of the project.
write_atomically = write_text_atomically
