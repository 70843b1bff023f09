"""The gate's reference cache is keyed by everything that decides the references it holds."""

from __future__ import annotations

import inspect

import pytest

from conftest import write_jsonl
from scoring import gate
from scoring.data import cleaning, hub, make_refs, sources, transcripts


@pytest.fixture
def root(tmp_path):
    write_jsonl(tmp_path / "ids" / "fleurs.jsonl", [{"id": "a", "cluster": "a"}])
    write_jsonl(tmp_path / "ids" / "isan.jsonl", [{"id": "b", "cluster": "b"}])
    return tmp_path


def test_an_ids_file_changed_added_or_renamed_changes_the_key(root):
    before = gate.refs_cache_key(root)
    assert gate.refs_cache_key(root) == before  # a key, not a draw
    write_jsonl(root / "ids" / "isan.jsonl", [{"id": "b", "cluster": "c"}])
    changed = gate.refs_cache_key(root)
    (root / "ids" / "isan.jsonl").rename(root / "ids" / "tvspeech.jsonl")
    renamed = gate.refs_cache_key(root)
    write_jsonl(root / "ids" / "gs2.jsonl", [{"id": "d", "cluster": "d"}])
    added = gate.refs_cache_key(root)
    assert len({before, changed, renamed, added}) == 4


@pytest.mark.parametrize(
    "module", [make_refs, sources, transcripts, cleaning, hub], ids=lambda m: m.__name__
)
def test_the_code_that_builds_references_is_in_the_key(root, monkeypatch, module):
    """An edit to make-refs, to the reading of sources or files, to the cleaning rules or
    to the hub reader is never served the references the old code built."""
    before = gate.refs_cache_key(root)
    source = inspect.getsource
    monkeypatch.setattr(
        inspect, "getsource", lambda obj: source(obj) + ("\n# edited\n" if obj is module else "")
    )
    assert gate.refs_cache_key(root) != before


def test_a_sets_source_declared_otherwise_changes_the_key_and_the_rest_of_the_card_not(root):
    """card.toml's [sources] decide the references: a declaration edited is a new key; a
    title edited is the same one."""
    card = root / "card.toml"
    card.write_text(
        'title = "a"\n[sources.fleurs]\nrepo = "google/fleurs"\ncleaning = "benchmark"\n',
        encoding="utf-8",
    )
    before = gate.refs_cache_key(root)
    card.write_text(
        card.read_text(encoding="utf-8").replace('title = "a"', 'title = "b"'), encoding="utf-8"
    )
    assert gate.refs_cache_key(root) == before
    card.write_text(
        card.read_text(encoding="utf-8").replace("benchmark", "as published"), encoding="utf-8"
    )
    assert gate.refs_cache_key(root) != before
