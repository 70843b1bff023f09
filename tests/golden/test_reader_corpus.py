"""The card reader against a labelled corpus of hand-written model cards.

Each card of ``tests/golden/reader_corpus/`` was written, with its key, without reading
the reader's code (``scoring/card/``): the key says, for every number a careless reader
might take for a figure, whether it is a figure of ours (and which), a stale one (and
what the data give), or a trap. Each card is adopted as a user would: the demo copied
with the card as its published file, ``publish --mark``, ``publish --check --strict``,
then ``publish --write``. What the reader did is read back from the marked file (its
inline markers), from what ``--mark`` reports, and, for the model-index, which holds no
markers, from the drift it reports and what ``--write`` kept as written.

The reader is being rebuilt: every (card, check) that fails today is listed in
``EXPECTED_FAILURES`` with what was measured, and runs as a strict xfail, so that it turns
into a failure (XPASS) the day the reader gets it right; then take its line out.

    python -m tests.golden.test_reader_corpus    # precision and recall per card, as Markdown
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from unittest import mock

import pytest
import yaml

from conftest import REPO_ROOT
from scoring.card import compute_card, load_card_spec
from scoring.card.adopt import mark_card
from scoring.card.compute import CardResult
from scoring.card.names import Names
from scoring.card.publish import read_card_file
from scoring.card.reading import candidates
from scoring.card.spec import aggregate_figure, cer_figure, diff_figure
from tests.copies import copy_demo, replace_file
from tests.golden.reader_corpus_key import (
    Candidate,
    candidate_numbers,
    card_path,
    cards,
    demo_figures,
    following_the_data,
    front_matter_lines,
    key_problems,
    number_of,
    pinned,
)

CARDS = cards()
RECALL_AT_LEAST = 0.95

# What fails today, by (card, check), with what was measured: each runs as a strict xfail.
# Take a line out when the reader is fixed (the test then XPASSes, which fails the run).
EXPECTED_FAILURES: dict[tuple[str, str], str] = {
    ("relative", "recall"): "recall 0.923 (120 of 130): CERs in sentences that speak of "
    'relative gains ("29.6 % fewer errors ... 6.69 against 9.50"), and bare pairs of one '
    'system at two latencies under "## Latency, relative" ("14.50 against 14.77"), are read '
    "as another measure or left unread",
    ("walk", "recall"): "recall 0.907 (88 of 97): a one-line summary of many results (line 16) "
    "and numbers in inline code (lines 53, 96; named by --strict, never marked)",
    ("thai_math", "recall"): "recall 0.938 (60 of 64): four figures inside $$ math (lines 18, "
    "25: no marker can stand there; named by --strict, never marked)",
}


def cases(check: str) -> list:
    """The cards as parameters of ``check``, the ones that fail it today as strict xfails."""
    return [
        pytest.param(
            card,
            id=card,
            marks=pytest.mark.xfail(strict=True, reason=EXPECTED_FAILURES[(card, check)]),
        )
        if (card, check) in EXPECTED_FAILURES
        else pytest.param(card, id=card)
        for card in CARDS
    ]


# ------------------------------------------------------------------------- adopting a card


@dataclass(frozen=True)
class Run:
    """One in-process ``python -m scoring ...``."""

    code: int
    out: str
    err: str


def run_scoring(*argv: str) -> Run:
    from scoring.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:  # argparse, or a command that exits itself
            code = exit_.code if isinstance(exit_.code, int) else 1
    return Run(code or 0, out.getvalue(), err.getvalue())


@dataclass(frozen=True)
class Reading:
    """A number the reader took for a figure: a marker in the text, or a model-index value
    it read as ours."""

    line: int
    start: int  # in the card as written (-1: a model-index value, where no marker stands)
    end: int
    figure: str
    text: str


@dataclass
class Outcome:
    """What the reader made of one entry of the key."""

    entry: dict
    reading: Reading | None  # None: left unread


_MARKER = re.compile(r"<!-- scoring:figure (?P<figure>.+?) -->(?P<value>.*?)<!-- scoring:end -->")
_DRIFT_IN_TEXT = re.compile(
    r"^drift: line (?P<line>\d+): figure (?P<figure>.+?) says (?P<says>\S+), the data give", re.M
)
_DRIFT_IN_INDEX = re.compile(
    r"^drift: figure (?P<figure>.+?): model-index entry '(?P<metric>.*?)' on (?P<dataset>.*?) "
    r"says (?P<says>.+?), the data give",
    re.M,
)


# The metric names --write gives the model-index entries of ours.
_GATES_OWN_METRIC = re.compile(r"^CER(?:, decoded in pieces)? \(\d+ ms chunk\)$")
_INDEX_LEFT = re.compile(
    r"^(?:note|ambiguous):.*?model-index entry '(?P<metric>.*?)'.*?(?:is not ours|ambiguous)", re.M
)


def markers_taken_off(line: str) -> tuple[str, list[tuple[int, int, str, str]]]:
    """A marked line as written, and each marker's (start, end, figure, value) in it."""
    plain, found, position = [], [], 0
    length = 0
    for match in _MARKER.finditer(line):
        plain.append(line[position : match.start()])
        length += match.start() - position
        value = match.group("value")
        found.append((length, length + len(value), match.group("figure"), value))
        plain.append(value)
        length += len(value)
        position = match.end()
    plain.append(line[position:])
    return "".join(plain), found


@dataclass(frozen=True)
class IndexValue:
    """A ``value:`` of the card's hand-written model-index, where it stands."""

    line: int
    dataset: str | None
    metric: str | None
    metric_type: str | None
    value: object


def model_index_values(card_text: str) -> list[IndexValue]:
    """Every metric value of the front matter's model-index, with its line (1-based)."""
    lines = card_text.split("\n")
    front = front_matter_lines(lines)
    if not front:
        return []
    root = yaml.compose("\n".join(lines[1 : front[-1]]))
    constructor = yaml.SafeLoader("")
    found = []

    def scalar(mapping, name):
        for key, node in getattr(mapping, "value", []) or []:
            if key.value == name and isinstance(node, yaml.ScalarNode):
                return node.value
        return None

    def child(mapping, name):
        for key, node in getattr(mapping, "value", []) or []:
            if key.value == name:
                return node
        return None

    for model in getattr(child(root, "model-index"), "value", []) or []:
        for result in getattr(child(model, "results"), "value", []) or []:
            dataset = scalar(child(result, "dataset"), "name")
            for metric in getattr(child(result, "metrics"), "value", []) or []:
                value = child(metric, "value")
                if value is None:
                    continue
                found.append(
                    IndexValue(
                        value.start_mark.line + 2,
                        dataset,
                        scalar(metric, "name"),
                        scalar(metric, "type"),
                        constructor.construct_object(value, deep=True),
                    )
                )
    return found


def kept_model_index_values(card_text: str) -> set[tuple]:
    """The model-index's values of a card, each as (metric name, type, value): what
    ``--write`` keeps of an entry that is not ours (it may rename the dataset, in our form)."""
    return {(v.metric, v.metric_type, _comparable(v.value)) for v in model_index_values(card_text)}


def _comparable(value):
    return (
        Decimal(str(value))
        if isinstance(value, (int, float)) and not isinstance(value, bool)
        else value
    )


@dataclass
class Adoption:
    """A card adopted in a copy of the demo: marked, checked strictly, then written."""

    card: str
    original: str
    mark: Run
    marked: str
    check: Run
    write: Run
    written: str
    key: list[dict] = field(repr=False)
    # Each number the reader finds, and its reading, in the card before and after --mark.
    readings: list = field(default_factory=list, repr=False)
    # (line, text) of each number a second --mark, on the marked card, would mark.
    marked_again: list = field(default_factory=list, repr=False)

    @cached_property
    def candidates(self) -> list[Candidate]:
        return candidate_numbers(self.original)

    @cached_property
    def candidates_of_key(self) -> list[Candidate | None]:
        """Each key entry's number in the card: the same text, on the same line, in order."""
        left: dict[tuple[int, str], list[Candidate]] = {}
        for candidate in self.candidates:
            left.setdefault((candidate.line, candidate.text), []).append(candidate)
        found = []
        for entry in self.key:
            same = left.get((entry["line"], entry["text"]))
            found.append(same.pop(0) if same else None)
        return found

    @cached_property
    def index_values(self) -> dict[int, IndexValue]:
        return {v.line: v for v in model_index_values(self.original)}

    @cached_property
    def text_readings(self) -> list[Reading]:
        readings = []
        for number, line in enumerate(self.marked.split("\n"), start=1):
            _, found = markers_taken_off(line)
            readings += [
                Reading(number, start, end, figure, value) for start, end, figure, value in found
            ]
        return readings

    @cached_property
    def index_entries_left(self) -> set[str]:
        """The model-index entries (by metric name) that --mark or --check said are not
        ours, or ambiguous: not read as any figure."""
        said = self.mark.out + self.mark.err + self.check.out + self.check.err
        return {m["metric"] for m in _INDEX_LEFT.finditer(said)}

    @cached_property
    def index_drifts(self) -> list[re.Match]:
        return list(_DRIFT_IN_INDEX.finditer(self.mark.out))

    def _index_reading(self, entry: dict) -> Reading | None:
        """What the reader made of a value of the hand-written model-index, which holds no
        markers: the figure a drift names at that entry and value; else nothing where the
        card was refused, or --mark or --check said the entry is not ours or ambiguous, or
        --write kept it as written (under a name other than the gate's own); else it was
        read as ours at the data's value, which drifts nowhere: as the key's figure."""
        value = self.index_values.get(entry["line"])
        if value is None:  # a number of the front matter that is no metric's value
            return None
        for drift in self.index_drifts:  # the dataset is named as the reader matched it
            if drift["metric"] == (value.metric or "") and (
                _says(drift["says"]) == number_of(entry["text"])
            ):
                return Reading(entry["line"], -1, -1, drift["figure"], entry["text"])
        if self.write.code == 2 or value.metric in self.index_entries_left:
            return None  # refused, or said to be none of ours, or ambiguous
        kept = (value.metric, value.metric_type, _comparable(value.value))
        if kept in kept_model_index_values(self.written) and not _GATES_OWN_METRIC.match(
            value.metric or ""
        ):
            return None  # left as written, silently (an entry in the gate's own form may
            # have been read and written back the same: it counts as read)
        return Reading(
            entry["line"],
            -1,
            -1,
            entry.get("figure", "ours: --write did not keep it as written, and no drift named it"),
            entry["text"],
        )

    @cached_property
    def outcomes(self) -> list[Outcome]:
        """Each key entry with the reading that covers its number (None: unread)."""
        by_line: dict[int, list[Reading]] = {}
        for reading in self.text_readings:
            by_line.setdefault(reading.line, []).append(reading)
        outcomes = []
        for entry, candidate in zip(self.key, self.candidates_of_key):
            if candidate is None:  # the key does not fit the card: its own test says where
                outcomes.append(Outcome(entry, None))
                continue
            start, end = candidate.start, candidate.start + len(candidate.text)
            covering = [
                r for r in by_line.get(entry["line"], []) if r.start < end and start < r.end
            ]
            if covering:
                outcomes.append(Outcome(entry, covering[0]))
            elif candidate.front_matter:
                outcomes.append(Outcome(entry, self._index_reading(entry)))
            else:
                outcomes.append(Outcome(entry, None))
        return outcomes

    @cached_property
    def unkeyed_readings(self) -> list[Reading]:
        """Markers on numbers the key does not list (a whole number, a latency, ...)."""
        keyed = [(c.line, c.start, c.start + len(c.text)) for c in self.candidates]
        return [
            r
            for r in self.text_readings
            if not any(
                line == r.line and start < r.end and r.start < end for line, start, end in keyed
            )
        ]

    # ---- the measures

    @property
    def ours(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.entry["kind"] in ("figure", "stale")]

    @property
    def right(self) -> list[Outcome]:
        return [o for o in self.ours if o.reading and o.reading.figure == o.entry["figure"]]

    @property
    def readings_count(self) -> int:
        return sum(1 for o in self.outcomes if o.reading) + len(self.unkeyed_readings)

    @property
    def precision(self) -> float | None:
        """None where nothing was read."""
        return len(self.right) / self.readings_count if self.readings_count else None

    @property
    def recall(self) -> float:
        return len(self.right) / len(self.ours) if self.ours else 1.0


def _says(text: str) -> Decimal | None:
    try:
        return number_of(text.strip("'"))
    except (ArithmeticError, ValueError, IndexError):
        return None


def adopt(card: str, folder: Path) -> Adoption:
    """Adopt ``card`` in a fresh copy of the demo under ``folder``, its figures as pinned."""
    root = copy_demo(folder / card)
    original, key = following_the_data(card, demo_figures())
    published = root / "README.md"  # the demo's [publish] file
    replace_file(published, original)
    with mock.patch("scoring.cli.compute_card", _computed_and_pinned):
        read_before = readings(published)  # (the reader's memo serves --mark this reading)
        mark = run_scoring("publish", str(root), "--mark")
        marked = published.read_text(encoding="utf-8")
        read_after = readings(published)  # (and serves --check)
        again = marked_again(published)
        check = run_scoring("publish", str(root), "--check", "--strict")
        write = run_scoring("publish", str(root), "--write")
    return Adoption(
        card,
        original,
        mark,
        marked,
        check,
        write,
        published.read_text(encoding="utf-8"),
        key,
        [read_before, read_after],
        again,
    )


def marked_again(published: Path) -> list[list]:
    """(line, text) of each number that ``--mark`` run once more on the marked card at
    ``published`` would mark: in this process, on the reading ``readings`` made of it."""
    spec = load_card_spec(published.parent)
    result = _computed_and_pinned(spec)
    found = mark_card(result, read_card_file(published, spec), spec.publish_aliases).found
    return [[m.candidate.line, m.candidate.text] for m in found if m.verdict in ("marked", "drift")]


def readings(published: Path) -> list[list]:
    """Each number the reader finds in the card at ``published``, with its reading: where,
    its words, and what it says whose it is."""
    spec = load_card_spec(published.parent)
    card = read_card_file(published)
    return [
        [c.line, c.text, list(c.levels), c.bound, sorted(c.foreign), c.other_model, c.in_table]
        for c in candidates(card, Names.of(spec, spec.publish_aliases, card.text))
    ]


def _computed_and_pinned(spec, **options) -> CardResult:
    """The demo's card as ``publish`` computes it, every figure as the corpus pins it
    (``reader_corpus_key.PINNED``): the cards' traps were written against those values.
    Computed once a process: every adoption's copy of the demo holds the same data, and its
    figures are pinned whatever they are."""
    key = spec.path.read_text(encoding="utf-8")
    if key not in _PINNED_RESULTS:
        _PINNED_RESULTS[key] = _pinned(compute_card(spec, **options))
    computed = _PINNED_RESULTS[key]
    result = replace(computed, spec=spec)
    result.__dict__["exact"] = computed.exact
    return result


_PINNED_RESULTS: dict[str, CardResult] = {}


def _pinned(result: CardResult) -> CardResult:
    fixed, in_order = pinned(), list(result.exact)  # (the card's order, which reports keep)

    def value(name: str) -> float:
        return fixed[name]["value"]

    diffs = {
        key: replace(
            diff, **{part: value(diff_figure(*key, part)) for part in ("estimate", "low", "high")}
        )
        for key, diff in result.diffs.items()
    }
    result = replace(
        result,
        cers={key: value(cer_figure(*key)) for key in result.cers},
        aggregates={key: value(aggregate_figure(*key)) for key in result.aggregates},
        diffs=diffs,
    )
    exact = {name: fixed[name]["exact"] for name in in_order}
    result.__dict__["exact"] = {  # (a cached property, set before it is first read)
        name: value if isinstance(value, bool) else Fraction(value) for name, value in exact.items()
    }
    return result


def _as_json(adoption: Adoption) -> str:
    fields = {name: getattr(adoption, name) for name in Adoption.__dataclass_fields__}
    runs = {name: vars(run) for name, run in fields.items() if isinstance(run, Run)}
    return json.dumps(fields | runs, ensure_ascii=False)


def _from_json(text: str) -> Adoption:
    fields = json.loads(text)
    runs = {name: Run(**run) for name, run in fields.items() if isinstance(run, dict)}
    return Adoption(**(fields | runs))


def adopted_once(card: str, shared: Path, folder: Path, wait_at_most: float = 300) -> Adoption:
    """``card`` adopted once in the whole run: by the first test process to ask, under a lock
    file in ``shared``; the others read what it wrote. (Each adoption runs the reader three
    times; under ``pytest -n auto`` every worker would otherwise adopt all the cards.) A
    process that finds ``card`` taken adopts a card nobody has taken yet while it waits,
    so that no process idles while another adopts."""
    done = shared / f"{card}.json"
    waited, failed = 0.0, set()
    while not done.exists():
        if _took(card, shared):
            return _adopt_and_share(card, shared, folder)
        unstarted = next((c for c in CARDS if c not in failed and _took(c, shared)), None)
        if unstarted is not None:
            try:
                _adopt_and_share(unstarted, shared, folder)
            except Exception:  # its own test adopts it again, and fails with its own error
                (shared / f"{unstarted}.lock").unlink()
                failed.add(unstarted)
            continue
        if waited > wait_at_most:  # its adopter died holding the lock: adopt it here after all
            return adopt(card, folder)
        time.sleep(0.05)
        waited += 0.05
    return _from_json(done.read_text(encoding="utf-8"))


def _took(card: str, shared: Path) -> bool:
    """Whether this process took ``card`` to adopt: its lock file made here, not elsewhere."""
    try:
        os.close(os.open(shared / f"{card}.lock", os.O_CREAT | os.O_EXCL))
    except FileExistsError:  # another process has it, or has done it
        return False
    return True


def _adopt_and_share(card: str, shared: Path, folder: Path) -> Adoption:
    adoption = adopt(card, Path(tempfile.mkdtemp(dir=folder)))  # (a retry starts afresh)
    partial = shared / f"{card}.partial"
    partial.write_text(_as_json(adoption), encoding="utf-8")
    partial.replace(shared / f"{card}.json")  # whole or not at all, for a reader waiting on it
    return adoption


@pytest.fixture(scope="module")
def adopted(tmp_path_factory):
    """Each card adopted once per run, whichever checks and test processes ask for it."""
    done: dict[str, Adoption] = {}
    folder = tmp_path_factory.mktemp("reader-corpus")
    base = tmp_path_factory.getbasetemp()
    # Under xdist each worker's base is a folder of the run's own: its parent is shared.
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "corpus-shared"
    shared.mkdir(exist_ok=True)

    def get(card: str) -> Adoption:
        if card not in done:
            done[card] = adopted_once(card, shared, folder)
        return done[card]

    return get


@pytest.fixture(scope="module")
def figures():
    return demo_figures()


def where(outcome: Outcome) -> str:
    entry = outcome.entry
    return f"line {entry['line']}: {entry['text']}"


# ------------------------------------------------------------------------------ the checks


@pytest.mark.parametrize("card", CARDS)
def test_key_lists_every_number_and_fits_the_data(card, figures):
    """The key itself: every candidate number of the card, each figure at the value the
    demo's data give today. A normaliser change that moves a figure fails here, not as a
    reader's miss."""
    text, key = following_the_data(card, figures)
    assert key, f"{card}: no key; write it: python -m tests.golden.reader_corpus_key draft {card}"
    problems = key_problems(card, key, figures, text)
    listed = [(c.line, c.text) for c in candidate_numbers(text)]
    if not problems and listed != [(e["line"], e["text"]) for e in key]:
        problems.append("the key's entries are not in the card's order")
    assert not problems, "\n".join(
        [
            f"{card}: the key does not fit the card or the demo's data (if a figure moved on "
            f"purpose, run: python -m tests.golden.reader_corpus_key draft {card}, and review "
            f"each line it reports):"
        ]
        + problems
    )


@pytest.mark.parametrize("card", cases("markers_come_off"))
def test_marking_adds_only_markers(card, adopted):
    """Taking the markers off the marked card gives the card back, byte for byte."""
    adoption = adopted(card)
    assert adoption.mark.code in (0, 1), (
        f"{card}: --mark exited {adoption.mark.code}: {adoption.mark.err.strip()}"
    )
    plain = [markers_taken_off(line)[0] for line in adoption.marked.split("\n")]
    written = adoption.original.split("\n")
    changed = [
        f"line {number}: {was!r} became {now!r}"
        for number, (was, now) in enumerate(zip(written, plain), start=1)
        if was != now
    ]
    if len(plain) != len(written):
        changed.append(f"{len(written)} lines became {len(plain)}")
    assert not changed, f"{card}: --mark changed more than markers:\n" + "\n".join(changed)


@pytest.mark.parametrize("card", cases("no_trap_marked"))
def test_no_trap_is_marked(card, adopted):
    adoption = adopted(card)
    wrong = [
        f"line {o.entry['line']}: {o.entry['text']} ({o.entry['why']}) read as {o.reading.figure}"
        for o in adoption.outcomes
        if o.entry["kind"] == "trap" and o.reading
    ]
    wrong += [
        f"line {r.line}: {r.text} (a number the key does not list) marked as {r.figure}"
        for r in adoption.unkeyed_readings
    ]
    assert not wrong, f"{card}: numbers that are no figure of ours read as figures:\n" + "\n".join(
        wrong
    )


@pytest.mark.parametrize("card", cases("no_figure_as_another"))
def test_no_figure_is_marked_as_another_figure(card, adopted):
    adoption = adopted(card)
    wrong = [
        f"{where(o)} read as {o.reading.figure}, is {o.entry['figure']}"
        for o in adoption.ours
        if o.reading and o.reading.figure != o.entry["figure"]
    ]
    assert not wrong, f"{card}: figures read as other figures:\n" + "\n".join(wrong)


@pytest.mark.parametrize("card", cases("stale_reported"))
def test_every_stale_number_is_reported_as_drift(card, adopted):
    adoption = adopted(card)
    reported = {
        (int(d["line"]), d["figure"], _says(d["says"]))
        for d in _DRIFT_IN_TEXT.finditer(adoption.mark.out)
    }
    missed = []
    for outcome in adoption.ours:
        entry = outcome.entry
        if entry["kind"] != "stale":
            continue
        value = adoption.index_values.get(entry["line"])
        if value is not None:  # in the model-index: its drift names the entry, not a line
            found = any(
                d["figure"] == entry["figure"]
                and d["metric"] == (value.metric or "")
                and _says(d["says"]) == number_of(entry["text"])
                for d in adoption.index_drifts
            )
        else:
            found = (entry["line"], entry["figure"], number_of(entry["text"])) in reported
        if not found:
            missed.append(
                f"{where(outcome)} is {entry['figure']} (the data give "
                f"{entry['data_gives']}), not reported as drift"
            )
    assert not missed, (
        f"{card}: stale numbers --mark did not report:\n"
        + "\n".join(missed)
        + f"\n--mark said:\n{adoption.mark.out[:3000]}{adoption.mark.err[:500]}"
    )


@pytest.mark.parametrize("card", cases("code_kept"))
def test_write_keeps_every_code_block_byte_for_byte(card, adopted):
    adoption = adopted(card)
    assert adoption.write.code in (0, 1), (
        f"{card}: --write exited {adoption.write.code}: {adoption.write.err.strip()}"
    )
    before, after = code_blocks(adoption.original), code_blocks(adoption.written)
    assert len(before) == CODE_BLOCKS[card], (
        f"{card}: found {len(before)} code blocks, the card has {CODE_BLOCKS[card]}"
    )
    changed = [
        f"the code block at line {line} (now: {after_text!r:.200})"
        for (line, text), after_text in zip(before, [t for _, t in after] + [""] * len(before))
        if text != after_text
    ]
    assert not changed, f"{card}: --write changed code blocks:\n" + "\n".join(changed)


@pytest.mark.parametrize("card", cases("recall"))
def test_recall(card, adopted):
    adoption = adopted(card)
    missed = [
        f"{where(o)}: {o.entry['figure']}, "
        + (f"read as {o.reading.figure}" if o.reading else "not read")
        for o in adoption.ours
        if o not in adoption.right
    ]
    assert adoption.recall >= RECALL_AT_LEAST, (
        f"{card}: recall {adoption.recall:.3f} ({len(adoption.right)} of "
        f"{len(adoption.ours)}), under {RECALL_AT_LEAST}; missed:\n" + "\n".join(missed)
    )


@pytest.mark.parametrize("card", CARDS)
def test_a_marked_card_reads_as_it_did_before_its_markers(card, adopted):
    """Markers change no reading: --check and --write read each number of a marked card in
    the very words --mark read it in (a marker's length is no distance between words)."""
    before, after = adopted(card).readings
    moved = [f"{b}\n  became {a}" for b, a in zip(before, after) if b != a]
    assert len(before) == len(after) and not moved, f"{card}:\n" + "\n".join(moved[:3])


@pytest.mark.parametrize("card", CARDS)
def test_a_second_mark_marks_nothing_more(card, adopted):
    """--mark on the card it marked finds every figure marked already: what it decides of a
    number does not hang on whether the numbers beside it carry markers."""
    again = adopted(card).marked_again
    assert not again, f"{card}: a second --mark would mark " + ", ".join(
        f"line {line}: {text}" for line, text in again
    )


@pytest.mark.parametrize("card", cases("unmarked_named"))
def test_check_strict_names_every_figure_left_unmarked(card, adopted):
    """A figure of ours that --mark left unread must not pass unseen: ``--check --strict``
    names its line (or, in the model-index, its entry)."""
    adoption = adopted(card)
    named_lines = set()
    for match in re.finditer(r"\blines? (\d+(?:, \d+)*)", adoption.check.out):
        named_lines.update(int(n) for n in match.group(1).split(", "))
    silent = []
    for outcome in adoption.ours:
        if outcome.reading:
            continue
        value = adoption.index_values.get(outcome.entry["line"])
        if value is not None:  # named by its figure (our entry missing) or by its own name
            if (
                outcome.entry["figure"].split()[0] not in adoption.check.out
                and f"'{value.metric}'" not in adoption.check.out
            ):
                silent.append(f"{where(outcome)} (model-index entry '{value.metric}')")
        elif outcome.entry["line"] not in named_lines:
            silent.append(where(outcome))
    assert not silent, (
        f"{card}: figures of ours --mark left unmarked and --check --strict "
        f"does not name (exit {adoption.check.code}):\n" + "\n".join(silent)
    )


# ------------------------------------------------------------------------- code blocks

# How many fenced and indented code blocks each card holds: a check that the simple block
# scanner below finds them all.
CODE_BLOCKS = {
    "ablations": 2,  # a bash block and a text block of the training configuration
    "bilingual": 2,  # a bash block and a text block
    "casual": 2,  # a mermaid chart block and a bash block
    "deploy": 3,  # a bash block (quick start), a yaml block (deployment config), a bibtex block
    "datasets": 2,  # a bash block (reproduction) and a text block of the test manifests
    "faq": 2,  # a tilde-fenced bash block and an indented block of a tool's output
    "field": 2,  # a bash block and a text block of a ranking tool's output
    "glance": 2,  # a bash block and a text block of a log's tail
    "glossary": 2,  # a yaml block of the decoder settings and a bash block
    "history": 3,  # a yaml block inside <details>, a diff block, a bash block
    "html": 2,  # and a <pre> block, which is HTML, not counted here
    "leaderboard": 2,
    "lists": 2,
    "lookalikes": 2,  # a python block and a text block of a scoring run's output
    "memo": 2,  # a mermaid flowchart and a bash block
    "metrics": 2,  # a bash block and a text block of the eval tool's output
    "mixed": 2,
    "model_index": 2,
    "nested": 1,  # a bash block inside a numbered list item
    "notes": 2,  # a bash block (usage) and a text block of the eval tool's output
    "notebook": 13,  # eight python cells, five of them followed by their printed output
    "paper": 2,  # a bash block (reproduction) and a bibtex block
    "post": 2,  # a bash block and a text block of log output
    "preprint": 1,  # a bibtex block
    "prose": 2,
    "questions": 1,  # a text block of a scoring script's output
    "qa": 2,  # a python block and a bash block
    "ranks": 3,  # a python block, a bash block and a bibtex block
    "relative": 2,  # a text block of a seed sweep and a bash block
    "release": 3,  # a python block, a json block of an evaluation's output, a mermaid chart
    "report": 1,
    "reproduction": 1,  # a yaml block of the decoding settings  # a bash block of an example run
    "repo": 3,  # two bash blocks (install, usage) and a bibtex block
    "sections": 1,  # a bash block of the reproduction
    "settings": 2,
    "stats": 2,  # a bash block and a text block  # a yaml block (decoder config) and a json block (the 4-gram's decoder)
    "tables": 2,
    "template": 2,  # a python block of usage and a bibtex block
    "thai": 2,
    "thai_formal": 2,  # a bash block and a text block of the citation
    "thai_math": 2,  # a python block and a bibtex block (its $$ math is no code block)
    "thread": 1,  # a bash block
    "tldr": 3,  # a bash block, a python block and a bibtex block
    "tidy": 2,  # a bash block (reproduce) and a text block of its printed output
    "walk": 6,  # five bash blocks of a shell session and a bibtex block
}

_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")
_LIST_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])(\s+)")


def code_blocks(text: str) -> list[tuple[int, str]]:
    """The card's fenced and indented code blocks (outside the front matter), each as
    (first line, its text): CommonMark's rules for the shapes the corpus uses. A fence
    closes only on a fence of its own character at least as long, so a line of three
    backticks inside a four-backtick fence is code; an indented block needs a blank line
    before it and is no list item's continuation."""
    lines = text.split("\n")
    skip = set(front_matter_lines(lines))
    blocks, index, in_list, previous_blank = [], 0, False, True
    while index < len(lines):
        line = lines[index]
        if index in skip:
            index += 1
            continue
        fence = _FENCE.match(line)
        if fence and not (fence.group(2)[0] == "`" and "`" in fence.group(3)):
            mark = fence.group(2)
            end = index + 1
            while end < len(lines):
                closing = _FENCE.match(lines[end])
                if (
                    closing
                    and closing.group(2)[0] == mark[0]
                    and len(closing.group(2)) >= len(mark)
                    and not closing.group(3).strip()
                ):
                    break
                end += 1
            blocks.append((index + 1, "\n".join(lines[index : end + 1])))
            index, previous_blank, in_list = end + 1, False, False
            continue
        if line.startswith(("    ", "\t")) and previous_blank and not in_list:
            end = index
            while end < len(lines) and (
                lines[end].startswith(("    ", "\t")) or not lines[end].strip()
            ):
                end += 1
            while not lines[end - 1].strip():
                end -= 1
            blocks.append((index + 1, "\n".join(lines[index:end])))
            index, previous_blank = end, False
            continue
        if _LIST_ITEM.match(line):
            in_list = True
        elif line.strip() and not line.startswith((" ", "\t")) and previous_blank:
            in_list = False
        previous_blank = not line.strip()
        index += 1
    return blocks


# ---------------------------------------------------------------------------- measuring


def table_row(adoption: Adoption) -> str:
    """One card's row of the table docs/corpus.md reports."""
    kinds = [e["kind"] for e in adoption.key]
    precision = "–" if adoption.precision is None else f"{adoption.precision:.3f}"
    return (
        f"| {adoption.card} | {kinds.count('figure')} | {kinds.count('stale')} | "
        f"{kinds.count('trap')} | {len(adoption.right)} of {adoption.readings_count} | "
        f"{precision} | {adoption.recall:.3f} |"
    )


def measure(folder: Path | None = None) -> str:
    """Precision and recall of ``publish --mark`` on each card, as a Markdown table."""
    rows = [
        "| card | figures | stale | traps | marked right | precision | recall |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    with tempfile.TemporaryDirectory() as scratch:
        rows += [table_row(adopt(card, Path(folder or scratch))) for card in CARDS]
    return "\n".join(rows)


@pytest.mark.parametrize("card", CARDS)
def test_the_docs_report_each_cards_precision_and_recall_as_measured(card, adopted):
    """docs/corpus.md's table of the corpus is what the reader does today."""
    page = (REPO_ROOT / "docs" / "corpus.md").read_text(encoding="utf-8")
    row = table_row(adopted(card))
    assert row in page.splitlines(), (
        f"docs/corpus.md: the row of {card} should read\n{row}\n"
        "(python -m tests.golden.test_reader_corpus prints the whole table)"
    )


if __name__ == "__main__":
    print(measure())


@pytest.mark.parametrize("card", CARDS)
def test_the_cards_follow_a_deliberate_change_in_the_data(card, figures):
    """A normaliser change that moves every figure (here by 0.37 points) moves the cards'
    figures, and their stale numbers as far off as written: the key still fits the cards,
    which go on testing the reader, not the data."""
    moved = {name: value + Decimal("0.37") for name, value in figures.items()}
    text, key = following_the_data(card, moved)
    assert not key_problems(card, key, moved, text), key_problems(card, key, moved, text)
    if any(entry["kind"] in ("figure", "stale") for entry in key):
        assert text != card_path(card).read_text(encoding="utf-8")
