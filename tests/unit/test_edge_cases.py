"""Empty references and empty hypotheses."""

from __future__ import annotations

from scoring import clip_stats, normalize, set_stats


def test_empty_hypothesis_counts_every_reference_character():
    """Deleting everything costs one edit per reference character."""
    assert clip_stats(normalize("สวัสดี ครับ"), normalize("")).edits == len("สวัสดีครับ")


def test_empty_reference_counts_every_inserted_character():
    """A clip with no reference still counts insertions."""
    stats = clip_stats(normalize(" "), normalize("เอ่อ"))
    assert stats == type(stats)(edits=4, ref_chars=0)


def test_both_empty_is_zero_edits():
    """Silence transcribed as silence is perfect."""
    assert clip_stats("", "").edits == 0


def test_set_with_one_empty_reference_still_has_a_cer():
    """An empty reference clip adds edits but no characters."""
    stats = set_stats(["a", "b"], ["x", "y"], [clip_stats("", "ก"), clip_stats("กข", "กข")])
    assert stats.cer == 0.5


def test_whitespace_only_texts_normalise_to_empty():
    """Whitespace alone is nothing."""
    assert normalize("\u00a0\t\n ") == ""


def test_a_file_read_again_is_parsed_once_by_content_and_an_edit_is_seen(tmp_path, monkeypatch):
    """The in-process memo of parsed JSON Lines is keyed by content: the same bytes at
    another path are not parsed again, an edited file is, and callers get their own copy."""
    import json as json_module

    from scoring import jsonl

    parsed = []
    real_loads = json_module.loads
    monkeypatch.setattr(jsonl.json, "loads", lambda line: parsed.append(line) or real_loads(line))
    monkeypatch.setattr(jsonl, "_PARSED", {})
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (first, second):
        path.write_text('{"id": "x", "text": "สวัสดี"}\n', encoding="utf-8")
    texts = jsonl.read_refs(first)
    texts["x"] = "changed by the caller"
    assert jsonl.read_refs(second) == {"x": "สวัสดี"} and len(parsed) == 1
    second.write_text('{"id": "x", "text": "ลาก่อน"}\n', encoding="utf-8")
    assert jsonl.read_refs(second) == {"x": "ลาก่อน"} and len(parsed) == 2
