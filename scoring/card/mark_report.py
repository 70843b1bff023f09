"""The last stage of the card reader, mark and report: what ``publish --mark`` and
``publish --check`` print of what the reader found. Each number left unmarked is said with
the reason its reading gives (``Marked.why``), each number set aside with the evidence that
decided it, and every candidate is counted in one outcome."""

from __future__ import annotations

import difflib
from collections.abc import Callable

from ..errors import plural
from .adopt import (
    IN_INLINE_CODE,
    IN_MATH,
    Marked,
    MarkResult,
    Ungated,
    counted_numbers,
    coverage,
    mark_card,
)
from .compute import CardResult
from .markdown import decimal_commas, numbers_in_code_blocks, tables_with_longer_rows
from .reading import Evidence
from .spec import CardSpec
from .text import (
    FRONT_MATTER,
    MAGNITUDE_OF_NEGATIVE,
    CardFile,
    CardHome,
    figures_printed_as,
)

__all__ = ["format_coverage", "format_marked", "mark_report"]

_KIND_WORDS = {"system": "system", "subject": "set"}  # as a report names each kind


def _on_lines(lines) -> str:
    """ "line 7", "lines 7, 9" """
    where = sorted(set(lines))
    return f"line{'s' if len(where) > 1 else ''} {', '.join(map(str, where))}"


def _with_evidence(read: list[tuple[str, Evidence]]) -> str:
    """ "21.37, 0.12: "WER" (its column header)" where one piece of evidence decided them
    all, else each number with its own."""
    if len({why for _, why in read}) == 1:
        return f"{', '.join(number for number, _ in read)}: {read[0][1]}"
    return ", ".join(f"{number}: {why}" for number, why in read)


def _lines(marked: MarkResult, verdict: str) -> list[Marked]:
    return [m for m in marked.found if m.verdict == verdict]


# What a number's context names that the card does not score, by the kind reading.py
# gives it, as the report says it.
_NOT_SCORED_BY_THE_CARD = {
    "latency": "none of the card's latencies: not the card's",
    "split": "a split none of the card's sets is: another set's, not the card's",
    "subset": "a part of a set, which the card scores only whole: not the card's",
    "condition": "a recording condition or test list the card does not score: not the card's",
    "language": "another language than the card's: another set's, not the card's",
    "combination": "a combination of systems the card does not release: neither's, not the card's",
    "every system": "a level said of every system at once: no one system's figure",
    "disclaimed": "what the card says is none of its numbers: not the card's",
    # (a seed alone may be a training run's or a bootstrap's: the report says which it saw)
    "run": "another run (a seed or resamples not the card's): not the card's",
    "between latencies": "a change between latencies, which the card does not give: not the card's",
    "quoted": "another source's numbers, quoted as published: not the card's",
    "sweep": "a row its table's caption leaves out of those the card scores: not the card's",
}


def _listed(m: Marked) -> str:
    """ "(a, b, c, ...)": the first three figures a number fits, each with what the data give
    ("a = -4.72", as the generated card prints it) where known."""
    named = [f"{name} = {value}" for name, value in zip(m.fits, m.fit_values)] or list(m.fits)
    return f"({', '.join(named[:3])}{', ...' if len(m.fits) > 3 else ''})"


def _no_marker_in(where: str, why: str) -> Callable[[Marked], str]:
    """A figure read where no marker can stand (a badge's address, an image's description)."""
    return lambda m: (
        f" in {where} reads as {m.fits[0]}"
        + (f", which the data give as {m.named}" if m.named else "")
        + f"; left unmarked: {why}, so the gate cannot check it: show the figure in the "
        "card's text instead"
    )


def _whole(m: Marked) -> str:  # a whole percentage: never drifted, it may be anything
    named = (
        f"its context reads as {m.fits[0]}, which is not {m.candidate.text} at that precision"
        if len(m.fits) == 1
        else f"its context names {len(m.fits)} figures {_listed(m)}"
        if m.fits
        else "its context names a set of the card's but no figure"
    )
    return (
        f" is a whole number in percent, and {named}; left unmarked: if it is a figure, "
        "write it with the card's decimals; if not, write it not-a-figure"
    )


# Why a number was left unmarked (``Marked.why``), as the report says it after its line and
# its text: a template of its reading ``m``, or a function of it.
UNEXPLAINED: dict[str, str | Callable[[Marked], str]] = {
    "new subject": lambda m: (
        f': its clause opens on a subject that names no set of the card\'s ("{m.named}"), so it '
        "takes none from before it; left unmarked: name its set and system where it stands, or "
        "write it not-a-figure"
    ),
    "fraction": (
        " reads as {m.fits[0]} written as a fraction, where the card prints percentages; left "
        "unmarked: the gate reads and writes CERs in percent (write it so), or mark it not-a-figure"
    ),
    "far": lambda m: (
        f" reads as {_as_read(m.fits[0], m)}, but the data give {m.named}, further than a re-run "
        "or a normaliser change moves a figure (over a point): is it this figure? left unmarked: "
        "if it is, mark it by hand and --write puts it right; if not, write it not-a-figure"
    ),
    "some sets": (
        " is not {m.fits[0]}, and stands beside {m.named}, whose average it may be; left unmarked: "
        "if it is that figure, name the aggregate where it stands (its name, or the number of its "
        "sets); if it is a mean of what is shown, write it not-a-figure"
    ),
    # another latency's, decoding's or kin set's figure
    "a sibling's": (
        " is {m.named}, though its context reads as {m.fits[0]}; left unmarked: name its set, "
        "system, latency or decoding in pieces where it stands"
    ),
    "latency in doubt": (
        " reads as {m.fits[0]}, but {m.named} beside it, read at the same latency, prints another "
        "latency's figure: its sentence speaks of latencies not understood; left unmarked, never "
        "rewritten: name its latency where it stands"
    ),
    "sign": (
        " reads as {m.fits[0]}, but the data give {m.gives}: written so, the claim would turn "
        "round, and a re-run moves a difference by a fraction of a point, never across zero; "
        "left unmarked: say which system is subtracted from which where it stands"
    ),
    "one end": (
        " is an end of {m.fits[0]} by its value, but the other end of its interval is no end of "
        "that difference; left unmarked: name its set, system or latency where it stands"
    ),
    "said not to be": (
        ' stands where its context reads as {m.fits[0]}, but the card writes "not {m.named}" '
        "elsewhere; left unmarked, never rewritten: write it not-a-figure if it is not the card's"
    ),
    "quoted": (
        " stands where its context reads as {m.fits[0]}, but its statement says it is quoted from "
        'another source ("{m.named}"); left unmarked: write it not-a-figure if it is theirs'
    ),
    # TVSpeech's or TVSpeech long's: its words say both
    "kin": (
        " stands where its context reads as {m.fits[0]}, but its sentence or headings also speak "
        "of {m.named}; left unmarked: name its set where it stands"
    ),
    # (A − B) / B, where the card publishes A − B
    "relative": (
        " is {m.fits[0]} relative to a CER, in percent, not the difference in points; left "
        "unmarked: say it is relative where it stands (it is then none of the card's figures), or "
        "write it not-a-figure"
    ),
    "other way round": (
        " is stated as {m.named}, the other way round from {m.fits[0]}; left unmarked: state it as "
        "the card's difference (its sign and its interval turned), or write it not-a-figure"
    ),
    "direction": (
        " reads as {m.fits[0]}, and its words say {m.named}; the data give the other way; left "
        "unmarked: reword the claim, or write it not-a-figure"
    ),
    "which way": (
        " reads as {m.fits[0]}, which the data give as {m.gives}, and nothing where it stands says "
        "which system it subtracts from which: stale, or stated the other way round? left "
        'unmarked: write the order there ("{m.named}"), or write it not-a-figure'
    ),
    "several runs": (
        ' reads as {m.fits[0]}, but its sentence speaks of several runs ("{m.named}"): their '
        "mean or spread, not the card's one run, whose value it does not print; left unmarked: "
        "write it not-a-figure, or give the card's own value beside it"
    ),
    "subtraction": (
        " reads as {m.fits[0]}, but it is {m.named}, of the two CERs printed before it as the "
        "data give them: rounded CERs subtracted, off the paired estimate by rounding alone; "
        "left unmarked: write it not-a-figure, or give the paired estimate"
    ),
    "unnamed size": (
        " is the size of {m.fits[0]} by its value alone, and nothing where it stands names its "
        "set; left unmarked: name its set where it stands, or write it not-a-figure"
    ),
    "cer interval": (
        " is an end of an interval of {m.named}, and the card gives intervals of differences only; "
        "left unmarked: the gate cannot check it (drop it, or write it not-a-figure)"
    ),
    # numbers of one sentence or cell, read as one figure
    "several": lambda m: (
        f" reads as {m.fits[0]}, and so {'do' if ' and ' in m.named else 'does'} {m.named} "
        "beside it, none at the data's value; left unmarked: at most one of them is that "
        "figure (name the system, set or latency of each where it stands, or give the words "
        "it uses in [publish.aliases])"
    ),
    "address": _no_marker_in("a badge's address", "no marker can stand in an address"),
    "image": _no_marker_in(
        "an image's description",
        "a marker there would show to whoever reads the description",
    ),
    # of two CERs the card compares nowhere there
    "no such difference": (
        " is {m.named}, a difference the card does not compute; left unmarked: the gate cannot "
        "check it (drop it, or write it not-a-figure)"
    ),
    # the difference of an aggregate: none of ours
    "an aggregate's": (
        " stands where its context reads as {m.fits[0]}, but its statement speaks of {m.named} "
        "before it, whose difference the card does not give; left unmarked: name its set where "
        "it stands; if it is the aggregate's, write it <!-- scoring:not-a-figure -->"
        "{m.candidate.text}<!-- scoring:end -->"
    ),
    "own mean": (
        " is {m.named}, not {m.fits[0]}; left unmarked: no figure of the card's is that mean "
        "(write it not-a-figure), or put the card's figure there"
    ),
    # a set of the card's, with it no figure: ours
    "no such figure": (
        ": its context reads as {m.named}, and the card has no such figure; left unmarked: name "
        "its set, system or latency where it stands, or give the words it uses in [publish.aliases]"
    ),
    # no error rate is below zero, nor written with a plus
    "signed": lambda m: (
        f" stands where its context reads as {m.fits[0]}, but no CER "
        + ("carries a plus sign" if m.candidate.text.startswith("+") else "is negative")
        + ": is it a difference? left unmarked: say so where it stands (Δ, pp), or write it "
        "not-a-figure"
    ),
    "whole": _whole,
}
_NO_FIGURE_NAMED = ": its context names no figure of the card's; left unmarked"  # none of ours?
# its context names figures of the card's: ours, unread
_UNREAD = (
    " is none of the figures its context names {listed}; left unmarked: if it is one of the "
    "card's, say where it stands what sets it apart (its set, system, latency or decoding)"
)
# Why a number is ambiguous, as the report says it.
_AMBIGUOUS = {
    "one figure": lambda m: (  # one figure read in two cells of a table
        f"reads as {m.fits[0]}, and so does {m.named or 'another cell'} in its table (is a set, a "
        "latency or a system named in a way not understood, or another model's row read as "
        "ours?); left unmarked"
    ),
    "another figure's value": (  # its words say one figure, its value another
        "reads as {m.fits[0]} by its words, but its value is {others}'s exactly; left unmarked, "
        "never rewritten: name its set, system or latency where it stands"
    ),
    "nearer": (  # read with a default, its value nearer another figure
        "reads as {m.fits[0]}, which its context names only in part, but its value is nearer "
        "{others}'s; left unmarked, never rewritten: name its system and latency where it stands"
    ),
    "also named": (  # its nearest words say one figure; its context names another, nearer
        "reads as {m.fits[0]} by its nearest words, but its value is nearer {others}'s, which "
        "its context names too; left unmarked, never rewritten: say which where it stands"
    ),
}


def _said(says: str | Callable[[Marked], str], m: Marked) -> str:
    """A reason for ``m``, from its template or its function."""
    if not isinstance(says, str):
        return says(m)
    others = " and ".join(m.fits[1:])
    return says.format(m=m, count=len(m.fits), listed=_listed(m), others=others)


def _by_line(pairs) -> dict:
    """{line (or any key): its items, in order} of (key, item) pairs."""
    grouped: dict = {}
    for line, item in pairs:
        grouped.setdefault(line, []).append(item)
    return grouped


def _summary(marked: MarkResult, path, stale_index, stale_marked) -> str:
    new = marked.count("marked") + marked.count("drift")
    unplaced = sum(1 for mismatch in stale_index if mismatch.figure is None)
    measures = len(marked.another_measure)
    quoted = sum(m.verdict == "unexplained" and m.why == "quoted" for m in marked.found)
    return (
        f"{path}: {plural(new + marked.count('already'), 'number')} marked ({new} new); "
        f"{marked.count('drift') + len(stale_marked)} drifted, {len(stale_index) - unplaced} "
        f"stale in the model-index; {marked.count('unexplained') - quoted} unexplained; "
        + (f"{quoted} quoted from another source; " if quoted else "")
        + f"{marked.count('ambiguous') + unplaced} ambiguous; "
        f"{marked.count('foreign')} left alone as other models', versions', sets' or settings'"
        + (f"; {measures} read as another measure" if measures else "")
        + (f"; {len(marked.unread)} not read at a figure's value" if marked.unread else "")
    )


def _drifts(marked: MarkResult, stale_index, stale_marked) -> list[str]:
    lines = []
    for m in _lines(marked, "drift"):
        lines.append(
            f"drift: line {m.candidate.line}: figure {_as_read(m.figure, m)} says "
            f"{m.candidate.text}, the data give {m.gives}"
        )
        if m.evidence:
            lines.append(f"    read as: {', '.join(f'{e.word} ({e.level})' for e in m.evidence)}")
        if m.rather_than:
            lines.append(f"    not as: {', '.join(m.rather_than)} (further than any drift)")
    lines += [f"drift: {mismatch.line()} (marked already)" for mismatch in stale_marked]
    return lines + [
        f"drift: {mismatch.line()}"
        if mismatch.figure
        else f"ambiguous: {mismatch.where} says {mismatch.says}: {mismatch.gives}"
        for mismatch in stale_index
    ]


def _as_read(figure: str, m: Marked) -> str:
    """A figure as ``m`` reads it: "diff/.../estimate turned" where its words set the sides the
    other way round (the data's value is then the other way round too)."""
    turned = " turned" if m.turned else ""
    return figure + turned + (f" {MAGNITUDE_OF_NEGATIVE}" if m.magnitude else "")


def _said_of(m: Marked) -> str:
    """What the report says of a number after its line and its text (not one marked already)."""
    if m.verdict == "unexplained":
        return _said(UNEXPLAINED.get(m.why) or (_UNREAD if m.fits else _NO_FIGURE_NAMED), m)
    if m.verdict == "ambiguous":
        says = _AMBIGUOUS.get("one figure" if len(m.fits) == 1 else m.why)
        return " " + _said(says or "fits {count} figures {listed}; left unmarked", m)
    if m.verdict == "foreign":  # (what --check --strict counts as a look-alike)
        return f": left alone, {_why_left_alone([m])}"
    return f" reads as {m.figure}: it marks it"


def _unexplained(marked: MarkResult) -> list[str]:
    found = _lines(marked, "unexplained")
    lines = [
        f"{'quoted' if m.why == 'quoted' else 'unexplained'}: line {m.candidate.line}: "
        f"{m.candidate.text}{_said_of(m)}"
        for m in found
    ]
    if any(m.why not in UNEXPLAINED and not m.fits for m in found):  # what to do, said once
        lines.append(
            "(a number whose context names no figure of the card's may be none of "
            "ours: if so, write it <!-- scoring:not-a-figure -->N<!-- scoring:end -->)"
        )
    return lines


def _left_alone(marked: MarkResult) -> list[str]:
    by_line = _by_line((m.candidate.line, m) for m in _lines(marked, "foreign"))
    return [
        f"left alone: line {line}: {', '.join(m.candidate.text for m in alone)} "
        + _why_each_left_alone(alone)
        for line, alone in by_line.items()
    ]


def _why_each_left_alone(alone: list[Marked]) -> str:
    """Why a line's numbers were left alone, in parentheses; where their contexts say
    different kinds of thing (a Distil column's, no system of the card's, beside an int8
    column's, another version), each kind's why."""
    said_alike = _by_line((m.candidate.foreign, m) for m in alone)
    if len(said_alike) == 1:
        return f"({_why_left_alone(alone)})"
    return " ".join(
        f"({', '.join(m.candidate.text for m in alike)}: {_why_left_alone(alike)})"
        for alike in said_alike.values()
    )


def _why_left_alone(alone: list[Marked]) -> str:
    """Why the numbers of one line were left alone, by what their context names."""
    # (its words as one line: "at the\ntime" broken across the card's lines)
    said = (" ".join(m.candidate.other_model.split()) for m in alone)
    others = list(dict.fromkeys(filter(None, said)))
    quoted = " and ".join(f'"{other}"' for other in others)
    for kind, why in _NOT_SCORED_BY_THE_CARD.items():
        if others and all(kind in m.candidate.foreign for m in alone):
            return f"its context names {quoted}, {why}"
    if others and all("heading" in m.candidate.foreign for m in alone):
        return (
            f'it stands under "{others[0]}", and nothing nearer names a system: another '
            "model's; if it is one of the card's, name its system where it stands"
        )
    if others:  # named in its context: another recogniser's, or another version's
        versions = all("version" in m.candidate.foreign for m in alone if m.candidate.other_model)
        return f"its context names {' and '.join(others)}: " + (
            "another version's or state's of the model, not the card's results; a result "
            "of the card's stands elsewhere"
            if versions
            else "another model's, not the card's; if it is one of the card's systems, "
            "name it in [publish.aliases]"
        )
    kinds = set().union(*(m.candidate.foreign for m in alone))
    what = " or ".join(word for kind, word in _KIND_WORDS.items() if kind in kinds)
    return (
        f"its row or column names no {what} of the card's; if it does, name it in [publish.aliases]"
    )


def _another_measure(marked: MarkResult) -> list[str]:
    by_line = _by_line((line, (number, why)) for line, number, why in marked.another_measure)
    lines = [
        f"another measure: line {line}: {_with_evidence(read)}" for line, read in by_line.items()
    ]
    if lines:  # what it means, said once
        lines.append(
            "(its context names another measure than the CER: a WER, a speed, a "
            "relative change, ...; if one is a CER or a difference of the card's, say "
            "CER or pp where it stands, and --mark reads it)"
        )
    return lines


def _not_read(marked: MarkResult) -> list[str]:
    lines = []
    for u in marked.unread:
        outcome, why = u.why.split(": ", 1)  # ("not read", "its sentence names no set, ...")
        lines.append(
            f"{outcome}: line {u.line}: {u.text} ({why}, but it prints the value of "
            f"{_figures(u.figures)})"
        )
    if lines:  # what it means, said once
        lines.append(
            "(no marker gates these, and --check --strict names them: if one is a figure of the "
            "card's, name its set, system or the CER where it stands, and --mark reads it)"
        )
    return lines


def _ambiguous(marked: MarkResult) -> list[str]:
    return [
        f"ambiguous: line {m.candidate.line}: {m.candidate.text}{_said_of(m)}"
        for m in _lines(marked, "ambiguous")
    ]


def _what_mark_says(card: CardFile, result: CardResult) -> dict[tuple[int, str] | int, str]:
    """What --mark says of each number it leaves unmarked, listed or ambiguous, by where it
    stands, and by its line and text: why --check --strict finds it ungated."""
    said = [
        (m.candidate, _said_of(m))
        for m in mark_card(result, card, result.spec.publish_aliases).found
        if m.verdict != "already"
    ]
    return {(c.line, c.text): says for c, says in said} | {c.start: says for c, says in said}


def format_marked(marked: MarkResult, path, stale_index=(), stale_marked=()) -> str:
    """The summary of a --mark, what it found wrong, then the diff of the markers added.
    ``stale_marked``: the numbers marked before this run that the data no longer give."""
    lines = [
        _summary(marked, path, stale_index, stale_marked),
        *_drifts(marked, stale_index, stale_marked),
        *_unexplained(marked),
        *_left_alone(marked),
        *_another_measure(marked),
        *_not_read(marked),
        *_ambiguous(marked),
    ]
    name = getattr(path, "name", str(path))
    old, new = marked.old.splitlines(keepends=True), marked.new.splitlines(keepends=True)
    diff = difflib.unified_diff(old, new, f"{name} (as written)", f"{name} (marked)")
    return "\n".join(lines) + "\n" + "".join(diff)


def mark_report(
    result: CardResult, card_file: CardFile, card, home: CardHome | None = None
) -> tuple[str, int]:
    """Mark the card file (written atomically if anything was marked); what --mark prints,
    ending with the next steps, and 1 when a number drifted here or in the model-index."""
    from ..files import write_text_atomically

    marked = mark_card(result, card_file, result.spec.publish_aliases)
    stale_index = [
        m for m in card.mismatches if m.where.startswith("model-index") and m.says != "nothing"
    ]
    # A second --mark (before --write) still finds what the first found stale.
    stale_marked = [m for m in card.mismatches if m.figure and m.where.startswith("inline region")]
    if marked.new != marked.old:
        write_text_atomically(card_file.path, marked.new)
    text = format_marked(marked, card_file.path, stale_index, stale_marked)
    text += _decimal_commas_said(card_file, result) + _code_said(card_file, result)
    text += _short_headers_said(card_file)
    drifted = bool(marked.drifted or stale_marked or any(m.figure for m in stale_index))
    if home is not None:
        # (A --mark that marked nothing new printed no diff, and changed nothing to review.)
        review = home.review(card_file.path) if marked.new != marked.old else "no new marker"
        writes = [w for w, due in _what_write_does(card, drifted) if due]
        text += (
            f"next: {review}; {home.command('--write')} "
            + (" and ".join(writes) if writes else "has nothing more to write")
            + (f"; then {home.push()} proposes it on the hub" if home.on_hub else "")
            + "\n"
        )
    return text, 1 if drifted else 0


def _decimal_commas_said(card_file: CardFile, result: CardResult) -> str:
    """A line on the numbers written with a decimal comma at figures' values, which --mark
    never reads: written with a point, it reads them."""
    printed = figures_printed_as(result.exact)
    at_figures = [line for line, _, point in decimal_commas(card_file) if printed(point)]
    if not at_figures:
        return ""
    return (
        f"decimal commas: {plural(len(at_figures), 'number')} written with a decimal comma "
        f"({_on_lines(at_figures)}) print figures' values, and --mark reads none: a figure's "
        "marker holds its value with a point; write them so, and run --mark again\n"
    )


def _code_said(card_file: CardFile, result: CardResult) -> str:
    """A line on the numbers in code blocks at figures' values: code is never read nor
    rewritten, so no gate checks them (a notebook's printed results, say)."""
    printed = figures_printed_as(result.exact)
    at_figures = [line for line, text in numbers_in_code_blocks(card_file) if printed(text)]
    if not at_figures:
        return ""
    one = len(at_figures) == 1
    prints = "prints a figure's value" if one else "print figures' values"
    return (
        f"code blocks: {plural(len(at_figures), 'number')} in code blocks "
        f"({_on_lines(at_figures)}) {prints}; code is "
        f"never read nor rewritten, so no gate checks {'it' if one else 'them'}: where "
        f"{'it is' if one else 'they are'} the card's results, write "
        f"{'it' if one else 'them'} outside the code, as a table or in prose\n"
    )


def _short_headers_said(card_file: CardFile) -> str:
    """A line on each table whose header holds fewer cells than its rows: as the hub shows
    it, and as --mark reads it, each column stands under another's header."""
    return "".join(
        f"table: line {line}: its header has {header} cells and its rows up to {most}: the hub "
        f"shows {header} columns, dropping the rest of each row, and --mark reads it so; give "
        "the header a cell for each column\n"
        for line, header, most in tables_with_longer_rows(card_file)
    )


def _figures(names: tuple[str, ...]) -> str:
    """ "cer/560ms/fleurs/x", "cer/560ms/fleurs/x and 1 other figure" """
    more = f" and {plural(len(names) - 1, 'other figure')}" if len(names) > 1 else ""
    return names[0] + more


def _what_write_does(card, drifted: bool) -> list[tuple[str, bool]]:
    """What ``--write`` would do next, each with whether it is due: the next step names
    only those (a second --mark, the model-index written already, names none)."""
    old, new = (FRONT_MATTER.match(text) for text in (card.old, card.new))
    index_due = (old and old.group()) != (new and new.group())
    return [
        ("puts right what drifted", drifted),
        ("writes the model-index in the gate's form", index_due),
        ("writes what the data give", not drifted and not index_due and card.old != card.new),
    ]


def ungated_after_writing(
    card: CardFile, result: CardResult, home: CardHome, before: str | None = None
) -> str:
    """What ``--write`` adds where a card adopted already holds numbers outside markers that
    may be figures: no gate checks them, and ``--check --strict`` says of each what ``--mark``
    does with it (marks it, as a sentence added by hand; or why it leaves it). ``before``: the
    card's text before --write, whose front matter may have grown, moving every line down."""
    if not any(region.kind == "figure" for region in card.regions):
        return ""  # (never adopted: write_report names --mark)
    spec = result.spec
    _, ungated = coverage(card, spec, spec.publish_aliases, result.exact)
    if not ungated:
        return ""
    lines = {u.line for u in ungated}  # (a line may hold several: say how many lines)
    on = f"on {plural(len(lines), 'line')}: " if len(lines) < len(ungated) else ""
    grown = _front_matter_lines(card.text) - _front_matter_lines(before or card.text)
    them = "them" if len(ungated) > 1 else "it"
    moved = f"; the front matter --write wrote moved {them} {plural(grown, 'line')} down"
    moved *= grown > 0
    return (
        f"{card.path}: {plural(len(ungated), 'number')} of its text "
        f"({on}{_on_lines(lines)} of the card as written now{moved}) "
        f"{'stand' if len(ungated) > 1 else 'stands'} outside any marker, so no gate checks "
        f"{them}: {home.command('--check --strict')} says of "
        "each whether --mark marks it, or why not\n"
    )


def _front_matter_lines(text: str) -> int:
    return (match := FRONT_MATTER.match(text)) and match.group().count("\n") or 0


def _said_at(says: dict, u: Ungated) -> str | None:
    """What --mark says of ``u``: of the number where it stands, else of its line and text."""
    return says.get(u.start) if u.start is not None else says.get((u.line, u.text))


def format_coverage(
    card: CardFile, spec: CardSpec, exact: dict | None = None, result: CardResult | None = None
) -> tuple[str, str]:
    """The --check coverage line, and a line per number outside any marker that counts
    (see ``coverage``), with what --mark says of it where ``result`` is given."""
    read = counted_numbers(card, spec, spec.publish_aliases)
    alone, another_measure = read.alone, read.another_measure
    total, ungated = coverage(card, spec, spec.publish_aliases, exact, counted_as=read)
    line = f"{total - len(ungated)} of {total} numbers in the card's text are gated"
    # Not counted, so said: a row of the card's own model misnamed, or a CER misread as
    # another measure, would be there.
    left_alone = {
        "of other models, versions, sets or settings left alone": [c.line for c in alone],
        "read as another measure than the CER left alone": [at for at, _, _ in another_measure],
    }
    for what, lines in left_alone.items():
        if lines:
            line += f"; {plural(len(lines), 'number')} {what} ({_on_lines(lines)})"
    line += "\n"
    says = _what_mark_says(card, result) if result and ungated else {}
    listed = "".join(
        f"ungated: line {u.line}: {u.text}"
        + (f" ({u.why}, but it prints the value of {_figures(u.figures)})" if u.why else "")
        + "\n"
        + (f"    --mark: {u.text}{said}\n" if (said := _said_at(says, u)) else "")
        for u in ungated
    )
    if ungated:  # what to do, said once
        outside = {IN_INLINE_CODE: "the backticks", IN_MATH: "the formula"}
        listed += (
            "(each is a figure-like number outside any marker: `publish --mark` marks "
            "it if it is one of the card's figures; if not, write it "
            "<!-- scoring:not-a-figure -->N<!-- scoring:end -->"
            + "".join(
                f"; one {why.split(',')[0]} is gated once written outside {where}"
                + (
                    " (or, if none of the card's, said so by that marker around the whole code)"
                    if why == IN_INLINE_CODE
                    else ""
                )
                for why, where in outside.items()
                if any(u.why == why for u in ungated)
            )
            + ")\n"
        )
    return line, listed
