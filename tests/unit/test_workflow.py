"""The maintainers' workflow is linted (actionlint) and audited (zizmor), offline.

Both tools come from the package registry as test dependencies. The checks
must be able to fail: a seeded unpinned action and a seeded untrusted input
in `run:` are each caught.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO_ROOT

WORKFLOW = REPO_ROOT / ".github" / "workflows" / "card-gate.yml"


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]' brings it")
    return found


def actionlint(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [tool("actionlint"), "-no-color", str(path)], capture_output=True, text=True, timeout=120
    )


def zizmor(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [tool("zizmor"), "--offline", "--no-progress", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def seeded(tmp_path):
    """A copy of the workflow to spoil, in a .github/workflows folder of its own."""

    def spoil(old: str, new: str) -> Path:
        text = WORKFLOW.read_text(encoding="utf-8")
        assert old in text, old
        target = tmp_path / ".github" / "workflows" / "card-gate.yml"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text.replace(old, new, 1), encoding="utf-8")
        return target

    return spoil


def test_actionlint_finds_nothing():
    result = actionlint(WORKFLOW)
    assert result.returncode == 0 and result.stdout == "", result.stdout


def test_zizmor_finds_nothing():
    result = zizmor(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings" in result.stdout


def test_an_unpinned_action_is_caught(seeded):
    path = seeded(
        "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683  # v4.2.2", "actions/checkout@v4"
    )
    result = zizmor(path)
    assert result.returncode != 0 and "unpinned-uses" in result.stdout


def test_untrusted_input_in_run_is_caught(seeded):
    path = seeded(
        "        run: python -m pip install -e '.[test]'",
        '        run: echo "${{ github.event.pull_request.title }}"',
    )
    audited = zizmor(path)
    assert audited.returncode != 0 and "template-injection" in audited.stdout
    linted = actionlint(path)
    assert linted.returncode != 0 and "potentially untrusted" in linted.stdout


def test_open_pr_and_the_write_token_run_on_pushes_to_main_only():
    """Forks' pull requests never reach a step that writes to the hub, or its token."""
    import yaml

    steps = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["gate"]["steps"]
    gates = [step for step in steps if "scoring gate" in step.get("run", "")]
    writing = [step for step in gates if "--open-pr" in step["run"]]
    reading = [step for step in gates if "--open-pr" not in step["run"]]
    assert len(writing) == 1 and len(reading) == 1
    assert writing[0]["if"] == "github.event_name == 'push' && github.ref == 'refs/heads/main'"
    assert reading[0]["if"] == "github.event_name != 'push'"
    assert "HF_WRITE_TOKEN" in writing[0]["env"]["HF_TOKEN"]
    assert all("WRITE" not in str(step.get("env", {})) for step in steps if step is not writing[0])


def test_each_gate_step_runs_the_gate_alone_so_its_summary_and_status_are_its_own():
    """The gate writes the run page's summary itself, green or red; a step that piped it,
    chained it or carried on after it could hide its exit status or run it not at all."""
    import yaml

    steps = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["gate"]["steps"]
    gates = [step for step in steps if "scoring gate" in step.get("run", "")]
    assert len(gates) == 2
    for step in gates:
        command = step["run"].strip()
        assert command.startswith("python -m scoring gate ") and "\n" not in command
        assert not any(sign in command for sign in ("|", ";", "&&", ">")), command
        assert "continue-on-error" not in step and "GITHUB_STEP_SUMMARY" not in step.get("env", {})
