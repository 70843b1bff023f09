"""The fake hub as a fixture, and the environment that points the client at it."""

from __future__ import annotations

import pytest

from scoring.data.hub import Hub

from .fake_hub import FakeHub
from .fixtures import publish_all


@pytest.fixture
def fake_hub(monkeypatch):
    hub = FakeHub().start()
    publish_all(hub)
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    monkeypatch.delenv("HF_TOKEN", raising=False)
    # The client reads this once, at import: set the constant itself, so the
    # order in which tests first import huggingface_hub cannot matter.
    monkeypatch.setenv("HF_HUB_DISABLE_IMPLICIT_TOKEN", "1")
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_DISABLE_IMPLICIT_TOKEN", True)
    yield hub
    hub.stop()


@pytest.fixture
def hub_client(fake_hub, tmp_path):
    """The project's hub reader, with a private cache and no waiting between retries."""
    return Hub(cache_dir=tmp_path / "hub-cache", retry_delay=0.0, progress=False)
