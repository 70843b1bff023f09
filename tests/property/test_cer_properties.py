"""CER properties, with editdistance as the oracle for edit counts."""

from __future__ import annotations

import editdistance
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import write_jsonl
from scoring import clip_stats, normalize, score_files

from .strategies import thai_text


@settings(max_examples=200)
@given(thai_text)
def test_cer_of_a_text_against_itself_is_zero(text):
    """A perfect hypothesis has no edits."""
    n = normalize(text)
    assert clip_stats(n, n).edits == 0


@settings(max_examples=200)
@given(thai_text, thai_text)
def test_edits_bounded_by_longer_length_and_match_oracle(ref, hyp):
    """0 ≤ edits ≤ max(len); and equal to editdistance's count."""
    r, h = normalize(ref), normalize(hyp)
    edits = clip_stats(r, h).edits
    assert abs(len(r) - len(h)) <= edits <= max(len(r), len(h))
    assert edits == editdistance.eval(r, h)


@settings(max_examples=25)
@given(st.lists(st.tuples(thai_text, thai_text), min_size=1, max_size=8), st.randoms())
def test_cer_is_invariant_to_line_order(tmp_path_factory, clips, random):
    """Shuffling the lines of every file changes no figure."""
    clips = [(r + "ก", h) for r, h in clips]  # at least one reference character

    def score(order):
        root = tmp_path_factory.mktemp("order")
        ids = [f"clip{i}" for i in range(len(clips))]
        write_jsonl(root / "ids.jsonl", [{"id": i, "cluster": "c"} for i in ids])
        write_jsonl(root / "ref.jsonl", [{"id": ids[k], "text": clips[k][0]} for k in order])
        write_jsonl(
            root / "hyp.jsonl", [{"id": ids[k], "pred_text": clips[k][1]} for k in reversed(order)]
        )
        _, (stats,) = score_files(root / "ref.jsonl", [root / "hyp.jsonl"], root / "ids.jsonl")
        return stats.total_edits, stats.total_ref_chars, stats.cer

    order = list(range(len(clips)))
    shuffled = order[:]
    random.shuffle(shuffled)
    # No cache: loading the run's whole cache (the demo's texts) would cost more
    # than normalising these few lines, and the cache is not what is tested here.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCORING_NO_CACHE", "1")
        assert score(order) == score(shuffled)
