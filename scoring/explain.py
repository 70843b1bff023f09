"""``scoring explain``: what the normaliser does to a text, rule by rule, and the edits
between two texts once normalised."""

from __future__ import annotations

import unicodedata

from rapidfuzz.distance import Levenshtein

from .alignment import align
from .normalizer import trace_rules
from .statistics import clip_stats

__all__ = ["explanation", "invisible_change"]


def invisible_change(before: str, after: str) -> str:
    """The code points of a change that prints the same (ำ against ํา), else ''."""
    if before == after or unicodedata.normalize("NFKC", before) != unicodedata.normalize(
        "NFKC", after
    ):
        return ""
    spans: list[list[int]] = []  # adjacent edits merged: ำ -> ํา is one change
    for op in Levenshtein.opcodes(before, after):
        if op.tag == "equal":
            continue
        if spans and spans[-1][1] == op.src_start and spans[-1][3] == op.dest_start:
            spans[-1][1], spans[-1][3] = op.src_end, op.dest_end
        else:
            spans.append([op.src_start, op.src_end, op.dest_start, op.dest_end])

    def points(text: str) -> str:
        return " ".join(f"U+{ord(c):04X}" for c in text) or "nothing"

    changes = [f"{points(before[a:b])} -> {points(after[c:d])}" for a, b, c, d in spans]
    return "  (same on screen; code points " + ", ".join(dict.fromkeys(changes)) + ")"


def explanation(text: str, other: str | None = None) -> str:
    """Each text (A, then B) after each rule; given two, the edits from A to B, aligned."""
    lines, finals = [], []
    for label, given in zip("AB", [t for t in (text, other) if t is not None]):
        lines.append(f"{label}  input                      {given!r}")
        before = after = given
        for name, after in trace_rules(given):
            lines.append(f"   {name:<26} {after!r}{invisible_change(before, after)}")
            before = after
        finals.append(after)
    if len(finals) == 2:
        stats = clip_stats(finals[0], finals[1])
        alignment = align(finals[0], finals[1])
        ref, hyp, marks = alignment.lines()
        lines += [
            f"edits from A to B: {stats.edits} over {stats.ref_chars} characters of A",
            f"   A: {ref}",
            f"   B: {hyp}",
            f"      {marks}",
            f"   {alignment.inline()}",
            f"   {alignment.summary()}",
        ]
    return "\n".join(lines) + "\n"
