"""The aligned view of two texts: as many edits as the distance, and it gives both texts back."""

from __future__ import annotations

import re

import editdistance
import jiwer
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.alignment import align

from .strategies import THAI_WORDS

# Thai words and digits, none of the characters the inline view uses as markup.
plain_text = st.lists(st.sampled_from(THAI_WORDS + ["1", "25", "00", "ก", "่", "้"]), max_size=8).map(
    "".join
)
_MARKUP = re.compile(r"\{\+(.*?)\+\}|\[-(.*?)-\]|\{(.*?)→(.*?)\}")


def _unshown(piece: str) -> str:
    return piece.replace("\u25cc", "")


def rebuild(inline: str) -> tuple[str, str]:
    """Reference and hypothesis read back from the inline view."""
    ref, hyp, at = [], [], 0
    for match in _MARKUP.finditer(inline):
        ref.append(inline[at : match.start()])
        hyp.append(inline[at : match.start()])
        inserted, deleted, old, new = match.groups()
        if inserted is not None:
            hyp.append(_unshown(inserted))
        elif deleted is not None:
            ref.append(_unshown(deleted))
        else:
            ref.append(_unshown(old))
            hyp.append(_unshown(new))
        at = match.end()
    ref.append(inline[at:])
    hyp.append(inline[at:])
    return "".join(ref), "".join(hyp)


@settings(max_examples=200)
@given(plain_text, plain_text)
def test_alignment_counts_add_up_to_the_distance(reference, hypothesis):
    """S + D + I is the Levenshtein distance, as editdistance and jiwer count it."""
    alignment = align(reference, hypothesis)
    assert alignment.edits == editdistance.eval(reference, hypothesis)
    if reference:
        out = jiwer.process_characters(reference, hypothesis)
        assert alignment.edits == out.substitutions + out.deletions + out.insertions


@settings(max_examples=200)
@given(plain_text, plain_text)
def test_inline_view_gives_both_texts_back(reference, hypothesis):
    """Reading the inline view's markup back yields the reference and the hypothesis."""
    assert rebuild(align(reference, hypothesis).inline()) == (reference, hypothesis)


@settings(max_examples=200)
@given(plain_text, plain_text)
def test_marks_line_counts_each_edit_once_per_column(reference, hypothesis):
    """The S/D/I line marks every edited column and nothing else."""
    alignment = align(reference, hypothesis)
    ref_line, hyp_line, marks = alignment.lines()
    assert set(marks) <= {" ", "S", "D", "I"}
    assert ("D" in marks) == (alignment.deletions > 0)
    assert ("I" in marks) == (alignment.insertions > 0)
    assert ("S" in marks) == (alignment.substitutions > 0)
