"""`python -m scoring gate` end to end against the fake hub, in a copy of the project.

One story, in the order a maintainer lives it: the first run creates the real
card's snapshots; a clean run passes and reuses the cached references without
asking any dataset for anything; a drifted hypothesis in the model repository
fails the gate and writes the impact report naming the figure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO_ROOT

from .fake_hub import GOOD_TOKEN
from .test_fetch import publish_model_repo

pytestmark = pytest.mark.slow(seconds=9)  # several subprocess runs of the gate

REAL_TESTS = "tests/golden -k real -n 0 -q -p no:randomly"


def copy_project(target: Path) -> Path:
    """What the gate needs of the project: the package, the card, the golden suite."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "test_gate.py",
                                    "test_demo_realism.py")
    for name in ("pyproject.toml", "conftest.py", "card.toml"):
        shutil.copy2(REPO_ROOT / name, target / name)
    shutil.copytree(REPO_ROOT / "scoring", target / "scoring", ignore=ignore)
    (target / "tests").mkdir()
    shutil.copy2(REPO_ROOT / "tests/__init__.py", target / "tests/__init__.py")
    shutil.copytree(REPO_ROOT / "tests/golden", target / "tests/golden", ignore=ignore)
    # The real card has no snapshots yet: its first run creates them.
    for path in (target / "tests/golden/__snapshots__/test_card").glob("test_real_*"):
        path.unlink()
    shutil.copytree(REPO_ROOT / "examples/demo", target / "examples/demo", ignore=ignore)
    return target


def gate(project: Path, hub_url: str, tmp: Path, pytest_args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT_TEST"))}
    env.update(HF_ENDPOINT=hub_url, HF_TOKEN=GOOD_TOKEN, HF_HUB_CACHE=str(tmp / "hub-cache"),
               PYTHONPATH=str(project))
    env.pop("HF_HUB_DISABLE_IMPLICIT_TOKEN", None)
    return subprocess.run(
        [sys.executable, "-m", "scoring", "gate", str(project), "--refs-cache",
         str(tmp / "refs-cache"), "--pytest-args", pytest_args],
        cwd=project, env=env, capture_output=True, text=True, timeout=600)


def test_first_run_clean_run_cached_refs_and_a_drifted_card(fake_hub, tmp_path):
    publish_model_repo(fake_hub)
    (tmp_path / "project").mkdir()
    project = copy_project(tmp_path / "project")

    # First run: references rebuilt, the real card's snapshots created.
    first = gate(project, fake_hub.url, tmp_path, REAL_TESTS + " --snapshot-update")
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-2000:]
    assert "2/4 rebuilding the references" in first.stdout
    assert any((project / "tests/golden/__snapshots__/test_card").glob("test_real_ledger*"))
    # The maintainer publishes the card that --snapshot-update wrote.
    fake_hub.add("iapp/OpenThai2.0-ASR-Streaming", "README.md",
                 (project / "model_card/README.md").read_bytes(), repo_type="model")

    # Clean run: passes, and the references come from the cache, with no dataset asked.
    before = len(fake_hub.requests)
    clean = gate(project, fake_hub.url, tmp_path, REAL_TESTS + " --require-real-card")
    assert clean.returncode == 0, clean.stdout[-3000:] + clean.stderr[-2000:]
    assert "2/4 references from the cache" in clean.stdout
    assert "4/4 the card is exactly what the data give" in clean.stdout
    datasets = {key for key in fake_hub.repos if not key.startswith("model:")}
    asked = [r for r in fake_hub.requests[before:] if r.repo in datasets]
    assert asked == [], [(r.repo, r.path) for r in asked]
    assert any(r.repo.startswith("model:") for r in fake_hub.requests[before:])
    assert not (project / "card-impact.md").exists()

    # Drifted run: one hypothesis changes upstream; the gate fails and reports it.
    path = "benchmark/hypotheses/openthai2.0-asr-streaming_80ms_isan.jsonl"
    files = fake_hub.repos["model:iapp/OpenThai2.0-ASR-Streaming"].files
    files[path] = files[path].replace(b'"pred_text": "', b'"pred_text": "\xe0\xb8\x9c', 1)
    drifted = gate(project, fake_hub.url, tmp_path, REAL_TESTS + " --require-real-card")
    assert drifted.returncode == 1, drifted.stdout[-3000:]
    assert "4/4 the gate failed" in drifted.stdout
    report = (project / "card-impact.md").read_text(encoding="utf-8")
    assert report.startswith("# What moved on")  # against the snapshots: not only the normaliser
    assert "`cer/80ms/isan/openthai2.0-asr-streaming`" in report
    commit = fake_hub.repos["model:iapp/OpenThai2.0-ASR-Streaming"].commit
    assert f"Data: iapp/OpenThai2.0-ASR-Streaming at {commit} (as fetched)." in report
    assert (project / "card-forest.png").read_bytes()[:4] == b"\x89PNG"
    assert GOOD_TOKEN not in first.stdout + clean.stdout + drifted.stdout + drifted.stderr
