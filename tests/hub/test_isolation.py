"""The suite never touches the user's own hub: its cache, its token, or the hub itself.

The root conftest gives each run an empty hub home before anything imports
huggingface_hub (which reads its settings once, at import).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from conftest import HUB_HOME_ENV, REPO_ROOT


def test_huggingface_hub_reads_the_runs_own_home_and_no_token():
    import huggingface_hub
    import huggingface_hub.constants as constants

    home = Path(os.environ[HUB_HOME_ENV])
    for setting in (
        constants.HF_HOME,
        constants.HF_HUB_CACHE,
        constants.HF_TOKEN_PATH,
        constants.HF_STORED_TOKENS_PATH,
        constants.HF_ASSETS_CACHE,
    ):
        assert Path(setting).is_relative_to(home), setting
    assert constants.ENDPOINT.startswith("http://127.0.0.1:")
    assert huggingface_hub.get_token() is None


def test_fetch_and_push_through_the_hubs_default_cache(fake_hub, tmp_path, monkeypatch):
    """What a user's run does with the hub: a model repository mirrored through the default
    cache, and a commit with a token. (Run again by the test below, with a user's hub home
    set: it must land in the run's own.)"""
    from scoring.data.fetch import fetch_card_data
    from scoring.data.hub import Hub

    from .fake_hub import GOOD_TOKEN
    from .test_fetch import DEFAULT_REPO, publish_model_repo

    publish_model_repo(fake_hub)
    fetched = fetch_card_data(Hub(retry_delay=0, progress=False), tmp_path)
    assert fetched.counts["ids"] == 11
    monkeypatch.setenv("HF_TOKEN", GOOD_TOKEN)
    url = Hub(retry_delay=0, progress=False).commit(
        DEFAULT_REPO, {"README.md": b"# a card\n"}, message="m", description="d", create_pr=True
    )
    assert url.endswith("/discussions/1")


def folder_digest(folder: Path) -> str:
    """Every file and folder under ``folder``: names, content and modes."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        stat = path.lstat()
        digest.update(f"{path.relative_to(folder)}\0{stat.st_mode}\0".encode())
        if path.is_file() and not path.is_symlink():
            digest.update(path.read_bytes())
    return digest.hexdigest()


def users_hub(home: Path) -> Path:
    """A user's hub home as huggingface_hub leaves it: a token, a cached model repository."""
    snapshot = home / "hub/models--demo-owner--demo-model/snapshots/0123abc"
    snapshot.mkdir(parents=True)
    (snapshot / "README.md").write_text("the user's own cached card\n", encoding="utf-8")
    (home / "hub/models--demo-owner--demo-model/refs").mkdir()
    (home / "hub/models--demo-owner--demo-model/refs/main").write_text("0123abc", encoding="utf-8")
    (home / "token").write_text("hf_the_users_own_token", encoding="utf-8")
    return home


def test_a_run_leaves_a_given_hub_home_byte_for_byte_as_it_was(tmp_path):
    """A run started with the user's hub home, cache and token set, whose tests fetch a
    model repository through the hub's default cache and push to it: the user's folder is
    left exactly as it was."""
    home = users_hub(tmp_path / "users-hf-home")
    before = folder_digest(home)
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT_TEST")) and k != HUB_HOME_ENV
    }
    env.update(
        HF_HOME=str(home),
        HF_HUB_CACHE=str(home / "hub"),
        HF_TOKEN="hf_users_env_token",
        PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "xdist.plugin",
            "-p",
            "syrupy",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            "tests/hub/test_isolation.py",
            "-k",
            "default_cache or reads_the_runs_own_home",
        ],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert folder_digest(home) == before, sorted(map(str, home.rglob("*")))
    assert done.returncode == 0 and "2 passed" in done.stdout, done.stdout[-3000:]
