"""Empty references and empty hypotheses."""

from __future__ import annotations

from scoring import clip_stats, normalize, set_stats


def test_empty_hypothesis_counts_every_reference_character():
    """Deleting everything costs one edit per reference character."""
    assert clip_stats(normalize("สวัสดี ครับ"), normalize("")) .edits == len("สวัสดีครับ")


def test_empty_reference_counts_every_inserted_character():
    """A clip with no reference still counts insertions."""
    stats = clip_stats(normalize(" "), normalize("เอ่อ"))
    assert stats == type(stats)(edits=4, ref_chars=0)


def test_both_empty_is_zero_edits():
    """Silence transcribed as silence is perfect."""
    assert clip_stats("", "").edits == 0


def test_set_with_one_empty_reference_still_has_a_cer():
    """An empty reference clip adds edits but no characters."""
    stats = set_stats(
        ["a", "b"], ["x", "y"], [clip_stats("", "ก"), clip_stats("กข", "กข")]
    )
    assert stats.cer == 0.5


def test_whitespace_only_texts_normalise_to_empty():
    """Whitespace alone is nothing."""
    assert normalize("\u00a0\t\n ") == ""
