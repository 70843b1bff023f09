"""tests/copies.py's copies of the demo: data linked to one untouched copy, and guarded."""

from __future__ import annotations

from tests.copies import DEMO, copy_demo, holds_the_demos_data, linked_demo_changes, replace_file


def _same_as_the_demo(root) -> bool:
    return all(
        (root / path.relative_to(DEMO)).read_bytes() == path.read_bytes()
        for path in DEMO.rglob("*.jsonl")
    )


def test_a_data_file_rewritten_in_place_is_found_and_never_reaches_the_next_copy(tmp_path):
    first = copy_demo(tmp_path / "first")
    assert linked_demo_changes() == []
    refs = first / "refs" / "fleurs.jsonl"
    refs.write_text(refs.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # in place
    assert linked_demo_changes() == ["refs/fleurs.jsonl"]
    assert _same_as_the_demo(copy_demo(tmp_path / "second"))


def test_a_replaced_data_file_or_an_edited_card_is_that_copys_alone(tmp_path):
    first = copy_demo(tmp_path / "first")
    replace_file(first / "refs" / "fleurs.jsonl", "")
    (first / "card.toml").write_text("", encoding="utf-8")
    second = copy_demo(tmp_path / "second")
    assert linked_demo_changes() == []
    assert _same_as_the_demo(second)
    assert (second / "card.toml").read_bytes() == (DEMO / "card.toml").read_bytes()
    assert not any(second.rglob("*.py"))


def test_a_copy_holds_the_demos_data_until_a_data_file_is_replaced_added_or_edited(tmp_path):
    copies = [copy_demo(tmp_path / name) for name in ("replaced", "added", "edited", "kept")]
    assert all(holds_the_demos_data(copy) for copy in copies)
    refs = "refs/fleurs.jsonl"
    replace_file(copies[0] / refs, (DEMO / refs).read_text(encoding="utf-8"))  # same bytes
    (copies[1] / "refs" / "extra.jsonl").write_text("", encoding="utf-8")
    with open(copies[2] / refs, "a", encoding="utf-8") as edited:  # every copy's
        edited.write("\n")
    assert [holds_the_demos_data(copy) for copy in copies] == [False, False, False, False]
    assert linked_demo_changes() == [refs]
    assert holds_the_demos_data(copy_demo(tmp_path / "after"))
