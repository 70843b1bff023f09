"""The edits between a normalised reference and hypothesis, aligned for reading.

rapidfuzz computes the alignment (``Levenshtein.opcodes``); this module only
lays it out. Thai vowel and tone marks take no width of their own, so a line
is padded by display width, and a mark standing alone in an edit is shown on
a dotted circle (``◌่``).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from .errors import plural

__all__ = ["Alignment", "align"]

GAP = "*"
MARKS = {"equal": " ", "replace": "S", "delete": "D", "insert": "I"}


def _width(text: str) -> int:
    return sum(1 for char in text if unicodedata.category(char) not in ("Mn", "Me"))


def _shown(text: str) -> str:
    """A piece as printed: a leading combining mark gets a dotted circle to sit on."""
    if text and unicodedata.category(text[0]) in ("Mn", "Me"):
        return "\u25cc" + text
    return text


@dataclass(frozen=True)
class Alignment:
    """The aligned pieces of two texts: (tag, reference piece, hypothesis piece)."""

    pieces: tuple[tuple[str, str, str], ...]
    substitutions: int
    deletions: int
    insertions: int

    @property
    def edits(self) -> int:
        return self.substitutions + self.deletions + self.insertions

    def lines(self) -> tuple[str, str, str]:
        """REF, HYP and a line marking S, D and I under each edit, as jiwer prints them."""
        ref, hyp, marks = [], [], []
        for tag, a, b in self.pieces:
            if tag == "equal":
                ref.append(a)
                hyp.append(b)
                marks.append(" " * _width(a))
                continue
            a_shown = _shown(a) if a else ""
            b_shown = _shown(b) if b else ""
            width = max(_width(a_shown), _width(b_shown), 1)
            ref.append(a_shown + " " * (width - _width(a_shown)) if a else GAP * width)
            hyp.append(b_shown + " " * (width - _width(b_shown)) if b else GAP * width)
            marks.append(MARKS[tag] * width)
        return "".join(ref), "".join(hyp), "".join(marks).rstrip()

    def inline(self) -> str:
        """One line: ``{ref→hyp}`` substituted, ``[-ref-]`` deleted, ``{+hyp+}`` inserted."""
        out = []
        for tag, a, b in self.pieces:
            if tag == "equal":
                out.append(a)
            elif tag == "replace":
                out.append(f"{{{_shown(a)}→{_shown(b)}}}")
            elif tag == "delete":
                out.append(f"[-{_shown(a)}-]")
            else:
                out.append(f"{{+{_shown(b)}+}}")
        return "".join(out)

    def summary(self) -> str:
        return (
            f"{plural(self.edits, 'edit')}: {self.substitutions} substituted, "
            f"{self.deletions} deleted, {self.insertions} inserted"
        )


def align(reference: str, hypothesis: str) -> Alignment:
    """Align two (normalised) texts character by character."""
    pieces = tuple(
        (op.tag, reference[op.src_start : op.src_end], hypothesis[op.dest_start : op.dest_end])
        for op in Levenshtein.opcodes(reference, hypothesis)
    )
    counts = {"replace": 0, "delete": 0, "insert": 0}
    for op in Levenshtein.editops(reference, hypothesis):
        counts[op.tag] += 1
    return Alignment(pieces, counts["replace"], counts["delete"], counts["insert"])
