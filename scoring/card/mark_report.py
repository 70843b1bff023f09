"""The last stage of the card reader, mark and report: what ``publish --mark`` and
``publish --check`` print of what the reader found. Each number left unmarked is said with
the reason its reading gives (``Marked.why``), each number set aside with the evidence that
decided it, and every candidate is counted in one outcome."""

from __future__ import annotations

import difflib
from collections.abc import Callable

from ..errors import plural
from .adopt import Marked, MarkResult, counted_numbers, coverage, mark_card
from .compute import CardResult
from .reading import Evidence
from .spec import CardSpec
from .text import MAGNITUDE_OF_NEGATIVE, CardFile, CardHome

__all__ = ["format_coverage", "format_marked", "mark_report"]

_KIND_WORDS = {"system": "system", "subject": "set"}  # as a report names each kind


def _on_lines(lines) -> str:
    """ "line 7", "lines 7, 9" """
    where = sorted(set(lines))
    return f"line{'s' if len(where) > 1 else ''} {', '.join(map(str, where))}"


def _not_a_figure_hint(text: str, lead: str = "; if it is none of the card's figures") -> str:
    return f"{lead}, write it <!-- scoring:not-a-figure -->{text}<!-- scoring:end -->"


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
    "condition": "a recording condition the card does not score: not the card's",
    "between latencies": "a change between latencies, which the card does not give: not the card's",
    "quoted": "another source's numbers, quoted as published: not the card's",
}


# Why a number was left unmarked, as the report says it after its line and its text.
def _fraction(m: Marked) -> str:  #
    return (
        f" reads as "
        f"{m.fits[0]} written as a fraction, where the card prints "
        "percentages; left unmarked: the gate reads and writes CERs in "
        "percent (write it so), or mark it not-a-figure"
    )


def _far(m: Marked) -> str:  # further than a re-run or a normaliser change moves one
    return (
        f" reads as "
        f"{m.fits[0]}, but the data give {m.named}, further than a re-run "
        "or a normaliser change moves a figure (over a point and a fifth "
        "of it): is it this figure? left unmarked: if it is, mark it by hand "
        "and --write puts it right; if not, write it not-a-figure"
    )


def _some_sets(m: Marked) -> str:  # an average beside only some of the aggregate's sets
    return (
        f" is not "
        f"{m.fits[0]}, and stands beside {m.named}, whose average it may "
        "be; left unmarked: if it is that figure, name the aggregate where "
        "it stands (its name, or the number of its sets); if it is a mean of "
        "what is shown, write it not-a-figure"
    )


def _a_sibling_s(m: Marked) -> str:  # another latency's, decoding's or kin set's figure
    return (
        f" is "
        f"{m.named}, though its context reads as {m.fits[0]}; left "
        "unmarked: name its set, system, latency or decoding in pieces where "
        "it stands"
    )


def _quoted(m: Marked) -> str:  # another source's number, quoted
    return (
        f" stands "
        f"where its context reads as {m.fits[0]}, but its statement says it "
        f'is quoted from another source ("{m.named}"); left unmarked: '
        "write it not-a-figure if it is theirs"
    )


def _kin(m: Marked) -> str:  # TVSpeech's or TVSpeech long's: its words say both
    return (
        f" stands "
        f"where its context reads as {m.fits[0]}, but its sentence or "
        f"headings also speak of {m.named}; left unmarked: name its set "
        "where it stands"
    )


def _relative(m: Marked) -> str:  # (A − B) / B, where the card publishes A − B
    return (
        f" is "
        f"{m.fits[0]} relative to a CER, in percent, not the difference in "
        "points; left unmarked: say it is relative where it stands (it is "
        "then none of the card's figures), or write it not-a-figure"
    )


def _other_way_round(m: Marked) -> str:  # B − A where the card's difference is A − B
    return (
        f" is "
        f"stated as {m.named}, the other way round from {m.fits[0]}; left "
        "unmarked: state it as the card's difference (its sign and its "
        "interval turned), or write it not-a-figure"
    )


def _direction(m: Marked) -> str:  # its words say the way the data do not
    return (
        f" reads as "
        f"{m.fits[0]}, and its words say {m.named}; the data give the other "
        "way; left unmarked: reword the claim, or write it not-a-figure"
    )


def _which_way(m: Marked) -> str:  # across zero, and nothing says which system is first
    return (
        f" reads as "
        f"{m.fits[0]}, which the data give as {m.gives}, and nothing where "
        "it stands says which system it subtracts from which: stale, or "
        "stated the other way round? left unmarked: write the order there "
        f'("{m.named}"), or write it not-a-figure'
    )


def _cer_interval(m: Marked) -> str:  # an interval of a CER: the card computes none
    return (
        f" is an end "
        f"of an interval of {m.named}, and the card gives intervals of "
        "differences only; left unmarked: the gate cannot check it (drop it, "
        "or write it not-a-figure)"
    )


def _several(m: Marked) -> str:  # numbers of one sentence or cell, read as one figure
    return (
        f" reads as "
        f"{m.fits[0]}, and so {'do' if ' and ' in m.named else 'does'} "
        f"{m.named} beside it, none at the data's value; left unmarked: at "
        "most one of them is that figure (name the system, set or latency of "
        "each where it stands)"
    )


def _address(m: Marked) -> str:  # a badge's: no marker can stand in an address
    return (
        f" in a "
        f"badge's address reads as {m.fits[0]}"
        + (f", which the data give as {m.named}" if m.named else "")
        + "; left unmarked: no marker can stand in an address, so the gate "
        "cannot check it: show the figure in the card's text instead"
    )


def _image(m: Marked) -> str:  # an image's description: a marker there would show
    return (
        f" in an "
        f"image's description reads as {m.fits[0]}"
        + (f", which the data give as {m.named}" if m.named else "")
        + "; left unmarked: a marker there would show to whoever reads the "
        "description, so the gate cannot check it: show the figure in the "
        "card's text instead"
    )


def _no_such_difference(m: Marked) -> str:  # of two CERs the card compares nowhere there
    return (
        f" is "
        f"{m.named}, a difference the card does not compute; left unmarked: "
        "the gate cannot check it (drop it, or write it not-a-figure)"
    )


def _an_aggregate_s(m: Marked) -> str:  # the difference of an aggregate: none of ours
    return (
        f" stands "
        f"where its context reads as {m.fits[0]}, but its statement speaks "
        f"of {m.named} before it, whose difference the card does not give; "
        "left unmarked: name its set where it stands"
        + _not_a_figure_hint(m.candidate.text, "; if it is the aggregate's")
    )


def _own_mean(m: Marked) -> str:  # the card's own mean of what it shows
    return (
        f" is "
        f"{m.named}, not {m.fits[0]}; left unmarked: no figure of the card's "
        "is that mean (write it not-a-figure), or put the card's figure there"
    )


def _no_such_figure(m: Marked) -> str:  # a set of the card's, with it no figure: ours
    return (
        f": its context "
        f"reads as {m.named}, and the card has no such figure; left "
        "unmarked: name its set, system or latency where it stands, or "
        "give the words it uses in [publish.aliases]"
    )


def _signed(m: Marked) -> str:  # no error rate is below zero, nor written with a plus
    says = (
        "no CER carries a plus sign" if m.candidate.text.startswith("+") else "no CER is negative"
    )
    return (
        f" stands where its context reads as {m.fits[0]}, but {says}: is it a "
        "difference? left unmarked: say so where it stands (Δ, pp), or write it "
        "not-a-figure"
    )


def _whole(m: Marked) -> str:  # a whole percentage: never drifted, it may be anything
    named = (
        f"its context reads as {m.fits[0]}, which is not {m.candidate.text} at that precision"
        if len(m.fits) == 1
        else f"its context names {len(m.fits)} figures ({', '.join(m.fits[:3])}"
        f"{', ...' if len(m.fits) > 3 else ''})"
        if m.fits
        else "its context names a set of the card's but no figure"
    )
    return (
        f" is a whole number in percent, and {named}; left unmarked: if it is a figure, "
        "write it with the card's decimals; if not, write it not-a-figure"
    )


def _unread(m: Marked) -> str:  # its context names figures of the card: ours, unread
    return (
        f" is none of the {len(m.fits)} figures its context names "
        f"({', '.join(m.fits[:3])}{', ...' if len(m.fits) > 3 else ''}); left unmarked: "
        "name its set, system or latency where it stands"
    )


def _no_figure_named(m: Marked) -> str:  # it may be none of ours
    return ": its context names no figure of the card's; left unmarked"


UNEXPLAINED: dict[str, Callable[[Marked], str]] = {
    "fraction": _fraction,
    "far": _far,
    "some sets": _some_sets,
    "a sibling's": _a_sibling_s,
    "quoted": _quoted,
    "kin": _kin,
    "relative": _relative,
    "other way round": _other_way_round,
    "direction": _direction,
    "which way": _which_way,
    "cer interval": _cer_interval,
    "several": _several,
    "address": _address,
    "image": _image,
    "no such difference": _no_such_difference,
    "an aggregate's": _an_aggregate_s,
    "own mean": _own_mean,
    "no such figure": _no_such_figure,
    "signed": _signed,
    "whole": _whole,
}


def _summary(marked: MarkResult, path, stale_index, stale_marked) -> str:
    new = marked.count("marked") + marked.count("drift")
    total = new + marked.count("already")
    unplaced = sum(1 for mismatch in stale_index if mismatch.figure is None)
    return (
        f"{path}: {plural(total, 'number')} marked ({new} new); "
        f"{marked.count('drift') + len(stale_marked)} drifted, "
        f"{len(stale_index) - unplaced} stale in the "
        f"model-index; {marked.count('unexplained')} unexplained; "
        f"{marked.count('ambiguous') + unplaced} ambiguous; "
        f"{marked.count('foreign')} left alone as other models' or sets'"
        + (
            f"; {len(marked.another_measure)} read as another measure"
            if marked.another_measure
            else ""
        )
    )


def _drifts(marked: MarkResult, stale_index, stale_marked) -> list[str]:
    lines = []
    for m in _lines(marked, "drift"):
        lines.append(
            f"drift: line {m.candidate.line}: figure {m.figure}"
            f"{' turned' if m.turned else ''}"
            f"{' ' + MAGNITUDE_OF_NEGATIVE if m.magnitude else ''} says "
            f"{m.candidate.text}, the data give "
            f"{m.gives}"
        )
        if m.evidence:
            lines.append(f"    read as: {', '.join(f'{e.word} ({e.level})' for e in m.evidence)}")
    lines += [f"drift: {mismatch.line()} (marked already)" for mismatch in stale_marked]
    for mismatch in stale_index:
        lines.append(
            f"drift: {mismatch.line()}"
            if mismatch.figure
            else f"ambiguous: {mismatch.where} says {mismatch.says}: {mismatch.gives}"
        )
    return lines


def _unexplained(marked: MarkResult) -> list[str]:
    lines, none_of_ours = [], False
    for m in _lines(marked, "unexplained"):
        says = UNEXPLAINED.get(m.why) or (_unread if m.fits else _no_figure_named)
        none_of_ours = none_of_ours or says is _no_figure_named
        lines.append(f"unexplained: line {m.candidate.line}: {m.candidate.text}{says(m)}")
    if none_of_ours:  # what to do with those, said once
        lines.append(
            "(a number whose context names no figure of the card's may be none of "
            "ours: if so, write it <!-- scoring:not-a-figure -->N<!-- scoring:end -->)"
        )
    return lines


def _left_alone(marked: MarkResult) -> list[str]:
    lines = []
    by_line: dict[int, list[Marked]] = {}
    for m in _lines(marked, "foreign"):
        by_line.setdefault(m.candidate.line, []).append(m)
    for line, alone in by_line.items():
        others = list(
            dict.fromkeys(m.candidate.other_model for m in alone if m.candidate.other_model)
        )
        kind = next(
            (
                kind
                for kind in _NOT_SCORED_BY_THE_CARD
                if others and all(kind in m.candidate.foreign for m in alone)
            ),
            None,
        )
        if kind:
            said = " and ".join(f'"{other}"' for other in others)
            lines.append(
                f"left alone: line {line}: "
                f"{', '.join(m.candidate.text for m in alone)} (its context names "
                f"{said}, {_NOT_SCORED_BY_THE_CARD[kind]})"
            )
            continue
        if others and all("heading" in m.candidate.foreign for m in alone):
            lines.append(
                f"left alone: line {line}: "
                f"{', '.join(m.candidate.text for m in alone)} (it stands under "
                f'"{others[0]}", and nothing nearer names a '
                "system: another model's; if it is one of the card's, name its "
                "system where it stands)"
            )
            continue
        if others:  # named in its context: another recogniser's, or another version's
            versions = all(
                "version" in m.candidate.foreign for m in alone if m.candidate.other_model
            )
            lines.append(
                f"left alone: line {line}: "
                f"{', '.join(m.candidate.text for m in alone)} (its context names "
                f"{' and '.join(others)}: "
                + (
                    "another version's or state's of the model, not the card's "
                    "results; a result of the card's stands elsewhere)"
                    if versions
                    else "another model's, not the card's; if it is one of the card's "
                    "systems, name it in [publish.aliases])"
                )
            )
            continue
        kinds = set().union(*(m.candidate.foreign for m in alone))
        what = " or ".join(word for kind, word in _KIND_WORDS.items() if kind in kinds)
        lines.append(
            f"left alone: line {line}: {', '.join(m.candidate.text for m in alone)} "
            f"(its row or column names no {what} of the card's; if it does, name it "
            "in [publish.aliases])"
        )
    return lines


def _another_measure(marked: MarkResult) -> list[str]:
    lines = []
    by_line_aside: dict[int, list[tuple[str, Evidence]]] = {}
    for line, number, why in marked.another_measure:
        by_line_aside.setdefault(line, []).append((number, why))
    for line, read in by_line_aside.items():
        lines.append(f"another measure: line {line}: {_with_evidence(read)}")
    if by_line_aside:  # what it means, said once
        lines.append(
            "(its context names another measure than the CER: a WER, a speed, a "
            "relative change, ...; if one is a CER or a difference of the card's, say "
            "CER or pp where it stands, and --mark reads it)"
        )
    return lines


def _ambiguous(marked: MarkResult) -> list[str]:
    lines = []
    for m in _lines(marked, "ambiguous"):
        if len(m.fits) == 1:  # one figure read in two cells of a table
            lines.append(
                f"ambiguous: line {m.candidate.line}: {m.candidate.text} reads as "
                f"{m.fits[0]}, and so does another cell of its table (is a latency "
                "or a system named in a way not understood?); left unmarked"
            )
            continue
        if m.why == "another figure's value":  # its words say one, its value another
            lines.append(
                f"ambiguous: line {m.candidate.line}: {m.candidate.text} reads as "
                f"{m.fits[0]} by its words, but its value is "
                f"{' and '.join(m.fits[1:])}'s exactly; left unmarked, never "
                "rewritten: name its set, system or latency where it stands"
            )
            continue
        if m.why == "nearer":  # read with a default, its value nearer another figure
            lines.append(
                f"ambiguous: line {m.candidate.line}: {m.candidate.text} reads as "
                f"{m.fits[0]}, which its context names only in part, but its value is "
                f"nearer {' and '.join(m.fits[1:])}'s; left unmarked, never rewritten: "
                "name its system and latency where it stands"
            )
            continue
        lines.append(
            f"ambiguous: line {m.candidate.line}: {m.candidate.text} fits "
            f"{len(m.fits)} figures ({', '.join(m.fits[:3])}"
            f"{', ...' if len(m.fits) > 3 else ''}); left unmarked"
        )
    return lines


def format_marked(marked: MarkResult, path, stale_index=(), stale_marked=()) -> str:
    """The summary of a --mark, what it found wrong, then the diff of the markers added.
    ``stale_marked``: the numbers marked before this run that the data no longer give."""
    lines = [
        _summary(marked, path, stale_index, stale_marked),
        *_drifts(marked, stale_index, stale_marked),
        *_unexplained(marked),
        *_left_alone(marked),
        *_another_measure(marked),
        *_ambiguous(marked),
    ]
    name = getattr(path, "name", str(path))
    return (
        "\n".join(lines)
        + "\n"
        + "".join(
            difflib.unified_diff(
                marked.old.splitlines(keepends=True),
                marked.new.splitlines(keepends=True),
                fromfile=f"{name} (as written)",
                tofile=f"{name} (marked)",
            )
        )
    )


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
    if home is not None:
        write = f"`python -m scoring publish {home.root_argument} --write`"
        text += (
            f"next: {home.review(card_file.path)}; {write} puts "
            "right what drifted and writes the model-index in the gate's form"
            + (f"; then {home.push()} proposes it on the hub" if home.on_hub else "")
            + "\n"
        )
    return text, 1 if marked.drifted or stale_marked or any(m.figure for m in stale_index) else 0


def format_coverage(card: CardFile, spec: CardSpec, exact: dict | None = None) -> tuple[str, str]:
    """The --check coverage line, and a line per number outside any marker that counts
    (see ``coverage``)."""
    counted, alone, another_measure = counted_numbers(card, spec, spec.publish_aliases)
    total, ungated = coverage(card, spec, spec.publish_aliases, exact)
    line = f"{total - len(ungated)} of {total} numbers in the card's text are gated"
    if alone:  # not counted, so said: a row of the card's own model misnamed would be there
        line += (
            f"; {plural(len(alone), 'number')} of other models or sets left alone "
            f"({_on_lines(c.line for c in alone)})"
        )
    if another_measure:  # nor these: a CER misread as another measure would be there
        line += (
            f"; {plural(len(another_measure), 'number')} read as another measure than "
            f"the CER left alone ({_on_lines(where for where, _, _ in another_measure)})"
        )
    line += "\n"
    listed = "".join(
        f"ungated: line {u.line}: {u.text}"
        + (f" ({u.why}, but it prints the value of a figure of the card's)" if u.why else "")
        + "\n"
        for u in ungated
    )
    if ungated:  # what to do, said once
        listed += (
            "(each is a figure-like number outside any marker: `publish --mark` marks "
            "it if it is one of the card's figures"
            f"{_not_a_figure_hint('N', '; if not')})\n"
        )
    return line, listed
