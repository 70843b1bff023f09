"""The references make-refs writes are byte for byte the ones it wrote before each set's
source became a declaration in card.toml.

Two oracles, both fixed before the change: ``references_before_sources/`` holds what
make-refs wrote from the fake hub's fixtures (the real card's eleven sets), and the demo's
committed ``refs/`` are what make-refs gives from the demo's sets published in each
dataset's real format (``demo_datasets.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO_ROOT
from scoring.data.hub import Hub
from scoring.data.make_refs import make_refs
from scoring.data.sources import load_sources

from .demo_datasets import publish_demo_datasets
from .fake_hub import GOOD_TOKEN, FakeHub

ORACLE = Path(__file__).parent / "references_before_sources"
DEMO = REPO_ROOT / "examples" / "demo"


@pytest.fixture
def with_token(monkeypatch):
    monkeypatch.setenv("HF_TOKEN", GOOD_TOKEN)
    monkeypatch.delenv("HF_HUB_DISABLE_IMPLICIT_TOKEN", raising=False)
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_DISABLE_IMPLICIT_TOKEN", False)


def differing(out: Path, oracle: Path) -> list[str]:
    written = sorted(p.name for p in out.glob("*.jsonl"))
    assert written == sorted(p.name for p in oracle.glob("*.jsonl"))
    return [name for name in written if (out / name).read_bytes() != (oracle / name).read_bytes()]


def test_the_real_cards_references_are_the_ones_written_before(
    fake_hub, hub_client, with_token, tmp_path
):
    sources = load_sources(REPO_ROOT / "card.toml")
    assert len(sources.names) == 11
    make_refs(tmp_path / "refs", sources, ids_dir=None, hub=hub_client, warn=lambda m: None)
    assert differing(tmp_path / "refs", ORACLE) == []


@pytest.fixture
def demo_hub(with_token, tmp_path, monkeypatch):
    """The demo's sets on a hub of their own, in each dataset's real format."""
    hub = FakeHub().start()
    publish_demo_datasets(hub, DEMO)
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    yield Hub(cache_dir=tmp_path / "hub-cache", retry_delay=0.0, progress=False)
    hub.stop()


def test_the_demo_cards_references_come_back_from_its_datasets(demo_hub, tmp_path):
    sources = load_sources(DEMO / "card.toml")
    make_refs(tmp_path / "refs", sources, ids_dir=DEMO / "ids", hub=demo_hub, warn=lambda m: None)
    assert differing(tmp_path / "refs", DEMO / "refs") == []


def test_the_demo_ids_come_back_from_its_datasets_clusters(demo_hub, tmp_path):
    """`make-refs --ids` gives each demo set's ids back from its source's cluster (the
    video, the recording, the speaker, the meeting; a long set's own recordings). FLEURS'
    stand-in clusters are the demo's own: the declared cluster, as in the real card, is
    each clip."""
    sources = load_sources(DEMO / "card.toml")
    ids = tmp_path / "ids"
    ids.mkdir()
    (ids / "isan.jsonl").write_text("{}\n", encoding="utf-8")  # --force writes over it
    sets = [name for name in sources.names if name != "fleurs"]
    made = make_refs(
        tmp_path / "refs",
        sources,
        sets,
        ids_dir=ids,
        hub=demo_hub,
        write_ids=True,
        force=True,
        warn=lambda m: None,
    )
    assert sorted(made.ids_written) == sorted(sets) and made.ids_kept == ()
    assert [
        name
        for name in sets
        if (ids / f"{name}.jsonl").read_bytes() != (DEMO / "ids" / f"{name}.jsonl").read_bytes()
    ] == []
