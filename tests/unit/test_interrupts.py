"""Ctrl-C to the process group of a cold command: one line, exit 130, no hang, no worker
left behind, nothing half-written; a second Ctrl-C changes nothing.

`card` is interrupted at two moments (once twice); `ablate`, `impact`, `verdicts` and
`publish --write` once each, while their normalisation pool or bootstrap runs."""

from __future__ import annotations

import shutil
import signal

import pytest

from conftest import REPO_ROOT, interrupt, needs_git


def demo_copy(tmp_path, keep_card: bool = False):
    root = tmp_path / "demo"
    left_out = ("*.py",) if keep_card else ("*.py", "README.md")
    shutil.copytree(REPO_ROOT / "examples" / "demo", root,
                    ignore=shutil.ignore_patterns(*left_out))
    return root


@pytest.mark.slow(seconds=4)
@pytest.mark.parametrize(("after", "twice"), [(0.8, False), (1.5, True)])
def test_ctrl_c_ends_a_cold_card_in_one_line(tmp_path, after, twice):
    interrupt(["card", str(demo_copy(tmp_path))], after, twice)


@pytest.mark.slow(seconds=3)
@pytest.mark.parametrize("command", ["ablate", "verdicts",
                                     pytest.param("impact", marks=needs_git)])
def test_ctrl_c_ends_ablate_verdicts_and_impact_in_one_line(tmp_path, command):
    if command == "impact":  # against HEAD: its rules from git, its texts normalised cold
        interrupt(["impact", "--against", "HEAD"], 1.2, cwd=REPO_ROOT)
    else:
        interrupt([command, str(demo_copy(tmp_path))], 1.2)


@pytest.mark.slow(seconds=2)
def test_ctrl_c_during_publish_write_leaves_the_card_whole(tmp_path):
    root = demo_copy(tmp_path, keep_card=True)
    card = root / "README.md"
    original = card.read_text(encoding="utf-8")
    card.write_text(original.replace("value: ", "value: 1", 1), encoding="utf-8")
    edited = card.read_text(encoding="utf-8")
    interrupt(["publish", str(root), "--write"], 1.0)
    assert card.read_text(encoding="utf-8") in (edited, original)  # before or after, never half
    assert sorted(p.name for p in root.iterdir()) == [".eval_results", "README.md", "card.toml",
                                                       "hypotheses", "ids", "refs"]
    assert [p.name for p in (root / ".eval_results").iterdir()] == ["cer.yaml"]


def test_a_ctrl_c_swallowed_on_its_way_still_ends_the_run(monkeypatch, capsys):
    """A KeyboardInterrupt raised inside a finaliser (or a callback at fork) is only reported
    by Python, and the run goes on: it still ends as interrupted, with no traceback."""
    from scoring import cli

    class SwallowsTheCtrlC:
        def __del__(self):
            signal.raise_signal(signal.SIGINT)  # the handler raises here; Python reports it

    def run_card(args):
        SwallowsTheCtrlC()
        return 0

    monkeypatch.setattr(cli, "run_card", run_card)
    assert cli.main(["card"]) == 130
    out, err = capsys.readouterr()
    assert err == "interrupted\n" and "Traceback" not in err
