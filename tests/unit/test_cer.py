"""CER against editdistance and jiwer, test-only oracles nobody here wrote."""

from __future__ import annotations

import editdistance
import jiwer
import pytest

from scoring import cer, clip_stats, normalize, pooled_cer, set_stats

PAIRS = [
    ("ราคาสองพันห้าร้อยบาท", "ราคา 2500 บาท"),
    ("เขาทำหน้าที่ได้ดี", "เขาทําหน้าที"),
    ("ประชุม “ด่วน” วันที่ ๑๒", "ประชุมด่วนวันที่สิบสอง"),
    ("hello world OpenAI", "helo world open ai"),
    ("น้ำท่วมหนักมากๆ", "น้ำท่วมหนักมาก ๆ"),
    ("ศูนย์แปดหนึ่ง", "081"),
]


@pytest.mark.parametrize(("ref", "hyp"), PAIRS, ids=[str(i) for i in range(len(PAIRS))])
def test_clip_edits_match_editdistance(ref, hyp):
    """rapidfuzz's distance equals editdistance's on normalised text."""
    r, h = normalize(ref), normalize(hyp)
    stats = clip_stats(r, h)
    assert stats.edits == editdistance.eval(r, h)
    assert stats.ref_chars == len(r)


def test_set_cer_matches_jiwer():
    """Set CER is total edits over total characters, exactly as jiwer pools it."""
    refs = [normalize(r) for r, _ in PAIRS]
    hyps = [normalize(h) for _, h in PAIRS]
    stats = set_stats(
        [str(i) for i in range(len(PAIRS))],
        ["c"] * len(PAIRS),
        [clip_stats(r, h) for r, h in zip(refs, hyps)],
    )
    assert cer(stats) == pytest.approx(jiwer.cer(refs, hyps), rel=1e-12)
    assert stats.cer == stats.total_edits / stats.total_ref_chars


def test_set_cer_is_not_a_mean_of_clip_rates():
    """A long clip weighs more than a short one."""
    stats = set_stats(["a", "b"], ["a", "b"], [clip_stats("ก" * 100, ""), clip_stats("ข", "ข")])
    assert cer(stats) == 100 / 101


def test_pooled_cer_sums_over_sets():
    """Pooling adds edits and characters across sets."""
    one = set_stats(["a"], ["a"], [clip_stats("กขค", "กข")])
    two = set_stats(["b"], ["b"], [clip_stats("ก" * 9, "ก" * 9)])
    assert pooled_cer([one, two]) == 1 / 12


def test_per_clip_counts_are_int64_arrays():
    """SetStats holds exact integer counts (int64), one per clip, in ids order."""
    import numpy as np

    from scoring import ClipStats, set_stats

    stats = set_stats(["a", "b"], ["k", "k"], [ClipStats(3, 10), ClipStats(0, 7)])
    assert stats.edits.dtype == np.int64 and stats.ref_chars.dtype == np.int64
    assert stats.edits.tolist() == [3, 0] and stats.ref_chars.tolist() == [10, 7]
