"""The reader corpus's keys: which numbers of each hand-written card are figures of ours.

Each card of ``tests/golden/reader_corpus/`` has a key, ``<card>.key.jsonl``: one JSON
object per candidate number of the card (see ``candidate_numbers``), in the card's order:

    {"line": 12, "text": "6.69", "kind": "figure", "figure": "cer/560ms/fleurs/openthai2.0-asr-streaming"}
    {"line": 30, "text": "14.86", "kind": "stale", "figure": "...", "data_gives": "14.68"}
    {"line": 40, "text": "11.20", "kind": "trap", "why": "Whisper's CER, another model"}

A figure's name is the one its inline marker carries, with `` turned`` or
`` magnitude-of-negative`` where the number states a difference the other way round or
as a size. The labels (kind, figure, why) are written by hand; the values come from the
demo's computed card (``scoring card examples/demo --json``), never typed in.

This module does not read the card reader's code: its scanner is deliberately simple, a
superset of what a careful reader might take for a figure, so that the key covers every
number a careless reader could mark.

    python -m tests.golden.reader_corpus_key draft CARD   # (re)write CARD's key from its labels

``draft`` scans the card, keeps the labels of the numbers it already knew (aligned by
their text, so an edit of the card keeps them), adds ``"kind": "?"`` for new ones, expands
the shorthand figure names (``"560 fleurs OT"``, ``"560 fleurs OT-TY est mag"``: see
``expand_figure``), fills ``data_gives`` of stale numbers, and prints what is left to
label or does not fit the data.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "reader_corpus"
DEMO = Path(__file__).resolve().parents[2] / "examples" / "demo"
KINDS = ("figure", "stale", "trap")
# A stale number is a figure of ours as a re-run would have moved it: close, not equal.
STALE_OFF_BY = (Decimal("0.01"), Decimal("0.30"))
SUFFIXES = ("turned", "magnitude-of-negative")


def cards() -> list[str]:
    return sorted(path.stem for path in CORPUS.glob("*.md"))


def card_path(card: str) -> Path:
    return CORPUS / f"{card}.md"


def key_path(card: str) -> Path:
    return CORPUS / f"{card}.key.jsonl"


# ------------------------------------------------------------------------------- scanning

_THAI_DIGITS = str.maketrans("๐๑๒๓๔๕๖๗๘๙", "0123456789")
_SIGNS = "+-−–"
_NUMBER = re.compile(r"[+\-−–]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
_SUPERSCRIPTS = "¹²³⁴⁵⁶⁷⁸⁹⁰"
_CELL_DECORATION = re.compile(r"</?(?:b|strong|em|i)>|[*_`~\s]")


@dataclass(frozen=True)
class Candidate:
    line: int  # 1-based
    start: int  # column of its first character (its sign where it has one)
    text: str
    front_matter: bool


def front_matter_lines(lines: list[str]) -> range:
    """The 0-based indices of the front matter's lines, fences included (empty if none)."""
    if lines and lines[0].rstrip() == "---":
        for index in range(1, len(lines)):
            if lines[index].rstrip() in ("---", "..."):
                return range(0, index + 1)
    return range(0)


def _glued(char: str) -> bool:
    """A character that makes a number part of a word or another number: OpenThai2.0,
    0.6B, v2, 2.0.1 (Thai letters are not: Thai writes numbers against its words)."""
    return char.isascii() and (char.isalnum() or char in "_.,") or char in "๐๑๒๓๔๕๖๗๘๙"


def _in_table_cell(line: str, start: int, end: int, text: str) -> bool:
    """The number is alone in a Markdown or HTML table cell (bold or not)."""
    before, after = line[:start], line[end:]
    opening = list(re.finditer(r"<t[dh]\b[^>]*>", before))
    if opening:  # an HTML cell: up to its closing tag, the next cell or the line's end
        left = opening[-1].end()
        stop = re.search(r"</t[dh]>|<t[dh]\b|$", after).start()
    elif "|" in line:  # a Markdown row, outer pipes or not
        left = before.rfind("|") + 1
        stop = after.find("|") if "|" in after else len(after)
    else:
        return False
    return _CELL_DECORATION.sub("", before[left:] + text + after[:stop]) == text


def candidate_numbers(card_text: str) -> list[Candidate]:
    """Every number of the card that a careless reader might take for a figure: a decimal
    number, a number in percent, a number alone in a table cell, a model-index value.

    A number glued to a word or to another number (OpenThai2.0, 0.6B, 2.0.1, a date) is
    part of it, not a number of its own; a hyphen or dash right after a digit is a range or
    a word's hyphen, not a sign.
    """
    lines = card_text.split("\n")
    front = front_matter_lines(lines)
    found = []
    for index, line in enumerate(lines):
        for match in _NUMBER.finditer(line):
            start, end, text = match.start(), match.end(), match.group()
            # (A sign right after a range's dash is the number's: "CI: −3.75–−1.76".)
            after_a_range_dash = (
                start > 1 and line[start - 1] in _SIGNS and line[start - 2].isdigit()
            )
            if (
                text[0] in _SIGNS
                and start > 0
                and (line[start - 1].isalnum() or line[start - 1] in _SIGNS)
                and not after_a_range_dash
            ):
                start, text = start + 1, text[1:]  # a hyphen or range dash, not a sign
                if text[0] in _SIGNS:
                    continue
            # (Two points before it end a range, "-3.75..-1.76"; "pp" after it is its unit.)
            if start > 0 and _glued(line[start - 1]) and line[max(start - 2, 0) : start] != "..":
                continue
            in_points = re.match(r"pp\b", line[end:]) is not None
            if end < len(line) and (
                _glued(line[end])
                and not (line[end] in ".," and not line[end + 1 : end + 2].isdigit())
                and not in_points
            ):
                continue
            if (
                end < len(line)
                and not in_points
                and line[end].isalnum()
                and line[end] not in _SUPERSCRIPTS
                and line[end].isascii()
            ):
                continue
            rest = line[end:]
            decimal = "." in text
            percent = bool(re.match(r"\s*\\?%|\s*percent|\s*เปอร์เซ็นต์", rest)) or bool(
                re.search(r"ร้อยละ\s*$", line[:start])
            )
            value_line = index in front and re.match(r"\s*-?\s*value:\s*", line) is not None
            cell = _in_table_cell(line, start, end, text)
            if decimal or percent or value_line or cell:
                found.append(Candidate(index + 1, start, text, index in front))
    return found


# ------------------------------------------------------------------------- the key's values

SYSTEMS = {
    "OT": "openthai2.0-asr-streaming",
    "MIX": "openthai2.0-asr-streaming_th-mix",
    "TY": "typhoon-asr-streaming-0.6b",
    "LM": "typhoon-asr-streaming-0.6b_4gram",
    "OTs": "openthai2.0-asr-streaming_split",
    "TYs": "typhoon-asr-streaming-0.6b_split",
}
_ENDS = {"est": "estimate", "low": "low", "high": "high"}
_SUFFIX_SHORT = {"mag": "magnitude-of-negative", "turned": "turned"}


def expand_figure(spec: str) -> str:
    """A figure's full name from the shorthand used while labelling (full names pass as
    they are): "560 fleurs OT" is a CER, "560 avg TY" and "560 lotusdis TY" aggregates,
    "560 fleurs OT-TY est|low|high [mag|turned]" a paired difference."""
    if "/" in spec:
        return spec
    words = spec.split()
    latency, subject, column = words[0], words[1], words[2]
    if "-" in column:
        a, b = column.split("-")
        name = f"diff/{latency}ms/{subject}/{SYSTEMS[a]}-vs-{SYSTEMS[b]}/{_ENDS[words[3]]}"
        return name + "".join(f" {_SUFFIX_SHORT[w]}" for w in words[4:])
    if subject in ("avg", "lotusdis"):
        kind, subject = "aggregate", {"avg": "average"}.get(subject, subject)
        return f"{kind}/{latency}ms/{subject}/{SYSTEMS[column]}"
    return f"cer/{latency}ms/{subject}/{SYSTEMS[column]}"


def split_figure(figure: str) -> tuple[str, str | None]:
    """``(name, suffix)`` of a figure as its marker names it."""
    name, _, suffix = figure.partition(" ")
    return name, suffix or None


def number_of(text: str) -> Decimal:
    """The number a card prints: its sign (−, – or -), Thai digits and all."""
    plain = text.translate(_THAI_DIGITS).replace(",", "")
    sign = -1 if plain[0] in "-−–" else 1
    return sign * Decimal(plain.lstrip(_SIGNS))


def decimals_of(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


# The demo's figures as the corpus's cards were written against them. The corpus tests the
# reader, not the data: a deliberate normaliser change moves the demo's figures, and with
# them the relation of a card's traps to its figures ("a share of 6.69 %, equal to our
# FLEURS CER by chance"), so every adoption reads its card against these (``pinned``).
# `python -m tests.golden.reader_corpus_key pin` writes them from the demo as it is now.
PINNED = CORPUS / "figures.json"


@cache
def pinned() -> dict[str, dict]:
    """{figure: {"value": as ``scoring card --json`` gives it, "exact": its fraction}}."""
    return json.loads(PINNED.read_text(encoding="utf-8"))


def demo_figures() -> dict[str, Decimal]:
    """Every figure of the demo card that is a number, in percent (points for a
    difference), at the precision the card computes, as the corpus pins it."""
    return figures_from_json({"figures": {n: f["value"] for n, f in pinned().items()}})


def pin() -> None:
    """Write ``PINNED`` from the demo's data as they are now."""
    from scoring.card import compute_card, load_card_spec

    result = compute_card(load_card_spec(DEMO), progress=False)
    values = result.figures()
    figures = {
        name: {"value": values[name], "exact": exact if isinstance(exact, bool) else str(exact)}
        for name, exact in result.exact.items()
    }
    PINNED.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def figures_from_json(card_json: dict) -> dict[str, Decimal]:
    figures = {}
    for name, value in card_json["figures"].items():
        if isinstance(value, bool) or value is None:
            continue  # a tie verdict
        if name.endswith(("/low", "/high")):
            # a bootstrap bound is a float by nature: its exact binary value
            figures[name] = Decimal(value) * 100
        else:
            # a ratio of counts: the float's shortest form is the exact short decimal
            figures[name] = Decimal(repr(value)) * 100
    return figures


def value_printed(figure: str, figures: dict[str, Decimal], decimals: int) -> Decimal:
    """What the card should print for ``figure`` (with its suffix) at ``decimals``."""
    name, suffix = split_figure(figure)
    value = figures[name]
    if suffix == "turned":
        value = -value
    elif suffix == "magnitude-of-negative":
        value = abs(value)
    return value.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)


def data_gives_text(figure: str, figures: dict[str, Decimal], text: str) -> str:
    value = value_printed(figure, figures, decimals_of(text))
    shown = f"{abs(value):.{decimals_of(text)}f}"
    if value < 0:
        return "-" + shown
    return ("+" + shown) if text[0] == "+" else shown


def key_problems(
    card: str, key: list[dict], figures: dict[str, Decimal], text: str | None = None
) -> list[str]:
    """Where the key does not fit the card's numbers (``text``, by default as written) or
    the data: empty when it does."""
    problems = []
    text = card_path(card).read_text(encoding="utf-8") if text is None else text
    found = [(c.line, c.text) for c in candidate_numbers(text)]
    listed = [(entry["line"], entry["text"]) for entry in key]
    for line, number in sorted(set(found) - set(listed)):
        problems.append(f"line {line}: {number} is a candidate number the key does not list")
    for line, number in sorted(set(listed) - set(found)):
        problems.append(f"line {line}: {number} is in the key but not at that line of the card")
    for entry in key:
        where = f"line {entry['line']}: {entry['text']}"
        kind = entry.get("kind")
        if kind not in KINDS:
            problems.append(f"{where}: kind {kind!r} is none of {KINDS}")
            continue
        if kind == "trap":
            if not entry.get("why"):
                problems.append(f"{where}: a trap says why it is no figure of ours")
            continue
        figure = entry.get("figure", "")
        name, suffix = split_figure(figure)
        if name not in figures or (suffix and suffix not in SUFFIXES):
            problems.append(f"{where}: {figure!r} is no figure of the demo card")
            continue
        number = number_of(entry["text"])
        printed = value_printed(figure, figures, decimals_of(entry["text"]))
        if kind == "figure" and number != printed:
            problems.append(f"{where}: the data give {figure} as {printed}, not {number}")
        if kind == "stale":
            off = abs(number - printed)
            if not STALE_OFF_BY[0] <= off <= STALE_OFF_BY[1]:
                problems.append(
                    f"{where}: stale by {off}, not by {STALE_OFF_BY[0]} to "
                    f"{STALE_OFF_BY[1]} (the data give {figure} as {printed})"
                )
            if entry.get("data_gives") != data_gives_text(figure, figures, entry["text"]):
                problems.append(
                    f"{where}: data_gives {entry.get('data_gives')!r}, the data "
                    f"give {data_gives_text(figure, figures, entry['text'])}"
                )
    return problems


def _printed_like(text: str, value: Decimal) -> str:
    """``value`` as ``text`` prints a number: its decimals, its minus sign, a plus."""
    shown = f"{abs(value):.{decimals_of(text)}f}"
    if value < 0:
        return (text[0] if text[0] in "−–" else "-") + shown
    return ("+" + shown) if text[0] == "+" else shown


def following_the_data(card: str, figures: dict[str, Decimal]) -> tuple[str, list[dict]]:
    """The card and its key with every figure printed as the data give it now, and every
    stale number as far from it as it was written: the cards follow a deliberate normaliser
    change, as the snapshots do, and test the reader, not the data."""
    text = card_path(card).read_text(encoding="utf-8")
    lines = text.split("\n")
    at = {}  # (line, text) -> the columns it stands at, in order
    for found in candidate_numbers(text):
        at.setdefault((found.line, found.text), []).append(found.start)
    key, edits = [], []
    for entry in load_key(card):
        entry = dict(entry)
        if entry.get("kind") in ("figure", "stale") and entry.get("figure"):
            now = value_printed(entry["figure"], figures, decimals_of(entry["text"]))
            if entry["kind"] == "stale":  # as far off as written
                now += number_of(entry["text"]) - number_of(entry["data_gives"])
                entry["data_gives"] = data_gives_text(entry["figure"], figures, entry["text"])
            new = _printed_like(entry["text"], now)
            columns = at.get((entry["line"], entry["text"]))
            if new != entry["text"] and columns:
                edits.append((entry["line"], columns.pop(0), entry["text"], new))
                entry["text"] = new
        key.append(entry)
    for line, column, old, new in sorted(edits, reverse=True):  # right to left, each line
        written = lines[line - 1]
        lines[line - 1] = written[:column] + new + written[column + len(old) :]
    return "\n".join(lines), key


def load_key(card: str) -> list[dict]:
    path = key_path(card)
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


# ------------------------------------------------------------------------------ drafting

_FIELDS = ("line", "text", "kind", "figure", "data_gives", "why")


def draft(card: str) -> list[str]:
    """Rewrite ``card``'s key from its labels (see the module's docstring); what is left."""
    figures = demo_figures()
    text = card_path(card).read_text(encoding="utf-8")
    candidates = candidate_numbers(text)
    old = load_key(card)
    matcher = difflib.SequenceMatcher(
        a=[e["text"] for e in old], b=[c.text for c in candidates], autojunk=False
    )
    labels: dict[int, dict] = {}
    for block in matcher.get_matching_blocks():
        for offset in range(block.size):
            labels[block.b + offset] = old[block.a + offset]
    entries = []
    for index, candidate in enumerate(candidates):
        entry = {
            k: v for k, v in labels.get(index, {"kind": "?"}).items() if k not in ("line", "text")
        }
        if "figure" in entry:
            entry["figure"] = expand_figure(entry["figure"])
        if entry.get("kind") == "stale":
            entry["data_gives"] = data_gives_text(entry["figure"], figures, candidate.text)
        record = {"line": candidate.line, "text": candidate.text, **entry}
        entries.append({k: record[k] for k in _FIELDS if k in record})
    key_path(card).write_text(
        "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries), encoding="utf-8"
    )
    values = {}
    for name, value in figures.items():
        values.setdefault(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), []).append(name)
    notes = []
    for entry in entries:
        if entry["kind"] == "stale":
            others = values.get(number_of(entry["text"]).copy_abs(), [])
            if others:
                notes.append(
                    f"line {entry['line']}: stale {entry['text']} is also "
                    f"{', '.join(others)}: pick another value"
                )
    return key_problems(card, entries, figures) + notes


def main(argv: list[str]) -> int:
    if argv == ["pin"]:
        pin()
        print(f"{PINNED}: the demo's figures as they are now; every card and key follows them")
        return 0
    if len(argv) != 2 or argv[0] != "draft" or argv[1] not in cards():
        print(
            "usage: python -m tests.golden.reader_corpus_key "
            f"{{pin | draft {{{','.join(cards())}}}}}",
            file=sys.stderr,
        )
        return 2
    left = draft(argv[1])
    print(
        "\n".join(left)
        if left
        else f"{key_path(argv[1])}: every number labelled and fitting the data"
    )
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
