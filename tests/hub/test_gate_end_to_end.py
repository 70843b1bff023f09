"""`python -m scoring gate` end to end against the fake hub, in a copy of the project.

The README's maintainer path, literally, from an empty folder to a green gate
through `publish --push` (the gate between the push and the merge too); a stale card on the hub, one line and one pull
request; a drifted hypothesis in the model repository that fails the gate
(its references from the cache, no dataset asked for anything) and writes the
impact report naming the figure.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO_ROOT
from tests import copies
from tests.docs import bash_block, command_lines

from .fake_hub import GOOD_TOKEN
from .test_fetch import publish_model_repo

pytestmark = pytest.mark.slow(seconds=18)  # the README's commands and three runs of the gate

# After the README's own run, the gate runs only the real card's figures (it checks the
# published card itself, in steps 4 and 5).
REAL_TESTS = "tests/golden/test_card.py -k real -n 0 -q -p no:randomly"


def copy_project(target: Path) -> Path:
    """What the gate needs of the project (the package, the card, the golden suite), in a
    world of its own: no real card's data, nothing of it pinned (tests/copies.py). The
    golden suite's self-tests stay out: they copy the whole checkout (a git one)."""
    return copies.copy_project(REPO_ROOT, target)


def environment(
    project: Path,
    hub_url: str,
    tmp: Path,
    token: str = GOOD_TOKEN,
    only_the_gates_plugins: bool = False,
) -> dict:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT_TEST"))
    }
    env.update(
        HF_ENDPOINT=hub_url,
        HF_TOKEN=token,
        HF_HUB_CACHE=str(tmp / "hub-cache"),
        PYTHONPATH=str(project),
    )
    env.pop("HF_HUB_DISABLE_IMPLICIT_TOKEN", None)
    if only_the_gates_plugins:
        # The gate's pytest with the plugins the golden suite uses, not every one this
        # machine has installed: Hypothesis's and anyio's alone cost each run about 1 s.
        env.update(PYTEST_DISABLE_PLUGIN_AUTOLOAD="1", PYTEST_PLUGINS="xdist.plugin,syrupy")
    return env


def scoring(project: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def gate(
    project: Path, hub_url: str, tmp: Path, pytest_args: str, *more: str, token: str = GOOD_TOKEN
) -> subprocess.CompletedProcess:
    return scoring(
        project,
        environment(project, hub_url, tmp, token, True),
        "gate",
        str(project),
        "--refs-cache",
        str(tmp / "refs-cache"),
        "--pytest-args",
        pytest_args,
        *more,
    )


# The model repository's card as its authors wrote it, long before this gate: numbers in
# plain text, none of them what the data give.
HAND_WRITTEN_CARD = """---
license: apache-2.0
---
# OpenThai2.0-ASR-Streaming

Character error rate (CER, %) at the default 560 ms chunk.

| Dataset | OpenThai2.0 (th-TH) | Typhoon 0.6B |
|---|---:|---:|
| FLEURS | {fleurs_o} | {fleurs_t} |
| TVSpeech | {tvspeech_o} | {tvspeech_t} |
"""
STALE_CELLS = [
    f"cer/560ms/{subject}/{system}"
    for subject in ("fleurs", "tvspeech")
    for system in ("openthai2.0-asr-streaming", "typhoon-asr-streaming-0.6b")
]


def stale_by_a_tenth(project: Path) -> dict[str, str]:
    """The hand-written card's four CERs, each a tenth of a point off what the project's data
    give: stale as a re-run leaves a card, never so far that --mark would doubt its reading."""
    from fractions import Fraction

    from scoring.card import compute_card, load_card_spec
    from scoring.report import round_half_up

    exact = compute_card(load_card_spec(project), progress=False).exact
    return {
        key: round_half_up((exact[name] + Fraction(1, 1000)) * 100, 2)
        for key, name in zip(("fleurs_o", "fleurs_t", "tvspeech_o", "tvspeech_t"), STALE_CELLS)
    }


MAINTAINER = "Maintainer: from a first run to a green gate"  # the README's heading


def readme_adoption_commands() -> list[list[str]]:
    """The maintainer's block of the README, command by command, as a user types it."""
    return [
        shlex.split(line) for line in command_lines(bash_block(REPO_ROOT / "README.md", MAINTAINER))
    ]


def test_adoption_by_the_readme_then_a_stale_card_on_the_hub_then_a_drifted_hypothesis(
    fake_hub, tmp_path
):
    """One maintainer's story against the fake hub, in a copy of the project.

    1. The README's maintainer block, each command exactly as printed, from an empty folder
       and a hand-written card on the hub: fetch, make-refs, rebaseline, publish --mark (its
       stale numbers found), --diff (the review), --write, --push (a gate run before the
       merge stops at step 1, exit 2; the pull request merged on the hub, as a maintainer
       does there), gate: green.
    2. Someone edits a number of the card on the hub: every test still passes, and the gate
       fails in one line; `--open-pr` opens the pull request that puts it right: the very
       card the gate found green in 1 (the line without --open-pr, and a second run finding
       the pull request open, are in test_push.py). It is merged.
    3. A drifted hypothesis in the model repository fails the gate, its references from the
       cache without asking any dataset for anything; the report names the figure and the
       data's commit, and no pull request proposes the unreviewed numbers. (That a green
       gate removes a failed run's report is tests/unit/test_gate_report.py's.)
    """
    publish_model_repo(fake_hub)
    repo_id = "iapp/OpenThai2.0-ASR-Streaming"
    # (Its numbers follow the data: placeholders until the data are fetched, then written.)
    fake_hub.add(
        repo_id,
        "README.md",
        HAND_WRITTEN_CARD.format(
            fleurs_o="1.00", fleurs_t="2.00", tvspeech_o="3.00", tvspeech_t="4.00"
        ).encode(),
        repo_type="model",
    )
    (tmp_path / "project").mkdir()
    project = copy_project(tmp_path / "project")
    env = environment(project, fake_hub.url, tmp_path, only_the_gates_plugins=True)
    repo = fake_hub.repos[f"model:{repo_id}"]

    # 1. The README, literally.
    commands = readme_adoption_commands()
    assert [c[3:5] for c in commands] == [
        ["fetch"],
        ["make-refs", "--out"],
        ["rebaseline"],
        ["publish", "."],
        ["publish", "."],
        ["publish", "."],
        ["publish", "."],
        ["gate"],
    ]
    for command in commands:
        done = scoring(project, env, *command[3:])
        step = " ".join(command[3:4] + command[5:6])
        # --mark exits 1 when the card's numbers are stale, as these are.
        assert done.returncode == (1 if step == "publish --mark" else 0), (
            command,
            done.stdout[-3000:],
            done.stderr[-2000:],
        )
        if step == "rebaseline":
            assert any((project / "tests/golden/__snapshots__/test_card").glob("test_real_*"))
            assert "publish . --push` opens the pull request" in done.stdout
            stale = stale_by_a_tenth(project)
            fake_hub.add(
                repo_id, "README.md", HAND_WRITTEN_CARD.format(**stale).encode(), repo_type="model"
            )
            assert scoring(project, env, *commands[0][3:]).returncode == 0  # fetched again
        if step == "publish --mark":
            assert "4 numbers marked (4 new); 4 drifted" in done.stdout
            assert done.stdout.endswith(
                "next: review the card with `python -m scoring publish "
                ". --diff`; `python -m scoring publish . --write` puts "
                "right what drifted and writes the model-index in the "
                "gate's form; then `python -m scoring publish . --push` "
                "proposes it on the hub\n"
            )
        if step == "publish --diff":  # the markers, against the card as fetched
            assert (
                "+| FLEURS | <!-- scoring:figure cer/560ms/fleurs/openthai2.0-asr-streaming"
                f" -->{stale['fleurs_o']}<!-- scoring:end --> |" in done.stdout
            )
            assert f"-| FLEURS | {stale['fleurs_o']} | {stale['fleurs_t']} |" in done.stdout
        if step == "publish --write":
            assert "does not show this yet: `python -m scoring publish . --push`" in done.stdout
        if step == "publish --push":
            [pull] = fake_hub.pull_requests(repo_id)
            assert pull.create_pr and list(pull.files) == ["README.md"]  # nothing else
            assert f"{fake_hub.url}/{repo_id}/discussions/{pull.pr_number}" in done.stdout
            readme = pull.files["README.md"].decode()
            assert readme.startswith("---\n") and "model-index:" in readme
            assert "<!-- scoring:figure cer/560ms/tvspeech/typhoon-asr-streaming-0.6b -->" in readme
            assert stale["fleurs_o"] not in readme and stale["tvspeech_t"] not in readme
            assert repo.files["README.md"] != pull.files["README.md"]  # main waits for a merge
            # Before the merge, as the README says: the gate stops at its first step, exit 2,
            # its fetch keeping the card adopted here and saying what puts it on the hub.
            waiting = scoring(project, env, "gate")
            assert waiting.returncode == 2, waiting.stdout[-2000:] + waiting.stderr[-2000:]
            assert waiting.stdout.startswith("1/5 fetching") and "2/5" not in waiting.stdout
            assert waiting.stderr.count("\n") == 1 and "gate step 1 (fetch): " in waiting.stderr
            assert (
                "(model_card/README.md); fetch would overwrite or remove them; a card "
                "adopted or written here goes to the hub first: `python -m scoring publish "
                ". --push` opens its pull request (or finds it open), and once that is "
                "merged, fetch brings the card back"
            ) in waiting.stderr
            fake_hub.merge(pull.pr_number)  # the maintainer, on the hub
        if step == "gate":
            assert f"4/5 the card on the hub ({repo_id} at {repo.commit}) is exactly" in done.stdout
            assert "5/5 the card is exactly what the data give, on the hub too" in done.stdout

    # 2. A hand edit on the hub: one line, and one pull request that puts it right.
    card = repo.files["README.md"].decode()
    value = re.search(r"value: (\d+\.\d\d)", card).group(1)
    fake_hub.add(
        repo_id,
        "README.md",
        card.replace(f"value: {value}", "value: 0.01", 1).encode(),
        repo_type="model",
    )
    opened = gate(project, fake_hub.url, tmp_path, REAL_TESTS + " --require-real-card", "--open-pr")
    assert opened.returncode == 1, opened.stdout[-3000:] + opened.stderr[-2000:]
    line = next(l for l in opened.stdout.splitlines() if l.startswith("4/5"))
    pull = fake_hub.pull_requests(repo_id)[-1]
    assert line == (
        f"4/5 the card on the hub ({repo_id} at {repo.commit}) differs from the "
        f"data in 1 number; pull request opened: {fake_hub.url}/{repo_id}/"
        f"discussions/{pull.pr_number} (merge it, and the gate passes)"
    )
    assert list(pull.files) == ["README.md"] and pull.files["README.md"].decode() == card
    report = (project / "card-impact.md").read_text(encoding="utf-8")
    assert report.startswith("# The card as published differs from the data")
    assert "Nothing moved" not in report and "says 0.01, the data give" in report

    fake_hub.merge(pull.pr_number)

    # 3. A drifted hypothesis.
    path = "benchmark/hypotheses/openthai2.0-asr-streaming_80ms_isan.jsonl"
    repo.files[path] = repo.files[path].replace(b'"pred_text": "', b'"pred_text": "\xe0\xb8\x9c', 1)
    before = len(fake_hub.requests)
    drifted = gate(
        project, fake_hub.url, tmp_path, REAL_TESTS + " --require-real-card", "--open-pr"
    )
    assert drifted.returncode == 1, drifted.stdout[-3000:]
    assert "2/5 references from the cache" in drifted.stdout
    datasets = {key for key in fake_hub.repos if not key.startswith("model:")}
    asked = [r for r in fake_hub.requests[before:] if r.repo in datasets]
    assert asked == [], [(r.repo, r.path) for r in asked]
    assert "5/5 the gate failed" in drifted.stdout
    assert len(fake_hub.pull_requests(repo_id)) == 2  # unreviewed figures are never proposed
    report = (project / "card-impact.md").read_text(encoding="utf-8")
    assert report.startswith("# What moved on")  # against the snapshots: not only the normaliser
    assert "`cer/80ms/isan/openthai2.0-asr-streaming`" in report
    assert f"Data: {repo_id} at {repo.commit} (as fetched)." in report
    assert (project / "card-forest.png").read_bytes()[:4] == b"\x89PNG"
    shown = opened.stdout + drifted.stdout + drifted.stderr
    assert GOOD_TOKEN not in shown


@pytest.mark.slow(seconds=4)
def test_ctrl_c_while_the_gate_runs_pytest_ends_everything_in_one_line(fake_hub, tmp_path):
    """Ctrl-C to the gate's process group while its pytest (with xdist workers) runs: the
    gate says `interrupted` once and exits 130; pytest prints no traceback, and no worker
    is left behind."""
    import signal
    import time

    publish_model_repo(fake_hub)
    (tmp_path / "project").mkdir()
    project = copy_project(tmp_path / "project")
    env = environment(project, fake_hub.url, tmp_path)
    # The first run: pytest creates the real card's snapshots, with two xdist workers.
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scoring",
            "gate",
            "--refs-cache",
            str(tmp_path / "refs-cache"),
            "--pytest-args",
            "-n 2 -q --snapshot-update",
        ],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    lines = []
    for line in process.stdout:  # until the pytest step has begun
        lines.append(line)
        if line.startswith("3/5 pytest"):
            break
    time.sleep(1.5)  # its workers are up
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("the gate or its pytest still running 15 s after Ctrl-C")
    if "5/5" in out:
        pytest.skip("the gate's pytest was done before the Ctrl-C")
    assert process.returncode == 130 and err == "interrupted\n", (process.returncode, err)
    assert "Traceback" not in out + err and "KeyboardInterrupt" not in out
    time.sleep(0.3)
    # nothing of the gate's run is left: no pytest, no xdist worker
    leftover = subprocess.run(["pgrep", "-f", str(project)], capture_output=True, text=True)
    assert leftover.stdout == "", leftover.stdout
