"""`scoring rebaseline`: a contributor's deliberate normaliser change, from edit to green.

The slow test does, in a copy of this checkout, exactly what a contributor
does, as the README's contributor block prints it: add a rule with its cases and its
row in the docs' rule table, bump NORMALIZER_VERSION, review with `impact`, run
`rebaseline`, commit with the one command it prints (and `git status` is clean
after it), and run the suite's data-following tests there. Nothing else is edited
by hand.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import scoring.card.rebaseline as rebaseline_module
import scoring.provenance as provenance
from scoring.cli import main
from scoring.errors import ScoringError
from scoring.normalizer import NORMALIZER_VERSION
from tests.copies import copy_checkout, fill_real_layout, git_commit_all
from tests.docs import bash_block, command_lines, scoring_argv

from .conftest import REPO_ROOT

# The tests whose expectations a normaliser change moves: the pins, the rules'
# tables, every test that reads demo figures (they must follow the data, so they
# pass untouched), and the golden suite itself (rebaseline.GOLDEN_TESTS: the figures,
# ledgers and markdown of both cards, and the published card), which the accepted
# snapshots must now pass. A second rebaseline would then have nothing to do: what
# moved is nothing, the snapshots it would write are the ones the run passed, the card
# is what the data give, and the version's pin is committed.
DATA_FOLLOWING_TESTS = (
    "tests/unit/test_rules.py",
    "tests/unit/test_normalizer_version.py",
    "tests/unit/test_publish.py",
    "tests/unit/test_impact.py",
    "tests/unit/test_cli_score.py",
    *rebaseline_module.GOLDEN_TESTS,
)
# In test_publish, test_impact and test_cli_score, the tests that read demo figures or the
# signature (the ones that once typed them in; the rest there use cards of their own); of
# the golden suite, every test.
DATA = (
    "rules or normalizer or hand_edited or committed_demo_card or front_matter or "
    "dropped_rule or unchanged or conclusions or two_hypotheses or by_cluster or "
    "test_card or test_published_card"
)

# The contributor's rule, one that no contributor would write, so that whatever rules the
# working tree already has, it is new and it moves figures: a normalised text of more than
# 40 characters loses its last one, which moves nearly every figure of the demo and no case
# of the rules' tables (all shorter). It is appended to the pipeline, whatever that holds,
# and named only in the copy, where this test puts it.
SELF_TEST_RULE = "trim_long_texts_for_the_rebaseline_self_test"
NEW_RULE = f'''

def {SELF_TEST_RULE}(text: str) -> str:
    """A text of more than 40 characters loses its last one (the rebaseline self-test's)."""
    return text[:-1] if len(text) > 40 else text


THAI_CER_PIPELINE = (*THAI_CER_PIPELINE, {SELF_TEST_RULE})
'''
# (input, rule output, pipeline output)
NEW_CASES = f"""

from scoring.normalizer import {SELF_TEST_RULE}


@pytest.mark.parametrize(("text", "alone", "piped"), [
    ("กขค", "กขค", "กขค"), ("ข" * 41, "ข" * 40, "ข" * 40), ("ข " * 21, "ข " * 20 + "ข", "ข" * 21)])
def test_the_self_tests_rule(text, alone, piped):
    assert {SELF_TEST_RULE}(text) == alone and normalize(text) == piped
"""


def test_a_rules_change_without_a_version_bump_is_refused(tmp_path, monkeypatch, capsys):
    """One line naming the version to bump, exit 2, and nothing written or run."""
    pins = tmp_path / "normalizer_pins.toml"
    pins.write_text(f'"{NORMALIZER_VERSION}" = "{"0" * 64}"\n', encoding="utf-8")
    before = pins.read_bytes()
    monkeypatch.setattr(provenance, "RULES_PINS_FILE", pins)
    monkeypatch.setattr(
        rebaseline_module,
        "_refresh_snapshots",
        lambda root: pytest.fail("the snapshots were touched"),
    )
    monkeypatch.setattr(
        rebaseline_module, "_accept_card", lambda *args: pytest.fail("a card was computed")
    )
    monkeypatch.chdir(REPO_ROOT)
    assert main(["rebaseline"]) == 2
    out, err = capsys.readouterr()
    bumped = str(int(NORMALIZER_VERSION) + 1)
    assert out == "" and err.count("\n") == 1
    assert (
        f"the rules changed but NORMALIZER_VERSION is still '{NORMALIZER_VERSION}', whose "
        f'pin is committed: bump it (NORMALIZER_VERSION = "{bumped}")'
    ) in err
    assert pins.read_bytes() == before


def _pins_repo(root: Path, committed: str | None, working: str) -> Path:
    """A git checkout whose pins file holds ``committed`` at HEAD (None: no such file there)
    and ``working`` in the working tree."""
    from tests.copies import git_commit_all

    pins = root / "scoring" / "normalizer_pins.toml"
    pins.parent.mkdir(parents=True)
    (root / "README.md").write_text("x\n", encoding="utf-8")
    if committed is not None:
        pins.write_text(committed, encoding="utf-8")
    git_commit_all(root, "pins")
    pins.write_text(working, encoding="utf-8")
    return pins


@pytest.mark.parametrize(
    ("committed", "allowed"),
    [
        (None, True),  # never committed: the contributor's own pin, pinned again
        ('"1" = "{a}"\n', True),  # an older version committed, this one not
        ('"1" = "{a}"\n"2" = "{b}"\n', False),  # this version's pin committed: spent
    ],
    ids=["no-pins-committed", "older-version-committed", "this-version-committed"],
)
def test_a_version_is_spent_once_its_pin_is_committed(tmp_path, monkeypatch, committed, allowed):
    """Rules revised under a version whose pin is not committed are pinned again; once the
    pin is committed, the same change is refused. Outside git, every pin counts as spent."""
    a, b, now = "a" * 64, "b" * 64, "c" * 64
    pins = _pins_repo(
        tmp_path,
        None if committed is None else committed.format(a=a, b=b),
        f'"1" = "{a}"\n"2" = "{b}"\n',
    )
    monkeypatch.setattr(provenance, "RULES_PINS_FILE", pins)
    monkeypatch.setattr(rebaseline_module.normalizer, "NORMALIZER_VERSION", "2")
    monkeypatch.setattr(rebaseline_module, "rules_source_digest", lambda: now)
    if allowed:
        assert rebaseline_module.check_version_bump(tmp_path) == ("2", now, False)
    else:
        with pytest.raises(ScoringError, match="'2', whose pin is committed: bump it"):
            rebaseline_module.check_version_bump(tmp_path)
    outside = tmp_path / "elsewhere"  # a pins file that no checkout of root holds
    outside.mkdir()
    with pytest.raises(ScoringError, match="whose pin is committed"):
        rebaseline_module.check_version_bump(outside)


@pytest.mark.parametrize("state", ["not-fetched", "fetched", "adopted"])
def test_rebaseline_writes_only_the_cards_that_are_the_projects(tmp_path, monkeypatch, state):
    """The hub's card as fetched is never written over, and rebaseline says when the hub's
    card differs; a card adopted here (marked, written) is written, and it says that the hub
    does not show it yet; any other card is written and listed to commit. A claim of its
    words that the data deny, which no rewrite puts right, is said for the card written."""
    from scoring.card.publish import Mismatch, PublishedCard

    card = tmp_path / "model_card" / "README.md"
    card.parent.mkdir()
    card.write_text("old\n", encoding="utf-8")
    claim = Mismatch("cer/560ms/s/a", "the statement at line 3", "A lower than B", "the other way")
    published = PublishedCard(card, "old\n", "new\n", (), (), 1, 0, claims=(claim,))
    (tmp_path / "refs").mkdir()
    (tmp_path / "hypotheses").mkdir()
    (tmp_path / "hypotheses" / "a_560ms_s.jsonl").write_text("", encoding="utf-8")
    monkeypatch.setattr(provenance, "RULES_PINS_FILE", tmp_path / "normalizer_pins.toml")
    monkeypatch.setattr(rebaseline_module, "check_version_bump", lambda root: ("1", "d", True))
    monkeypatch.setattr(rebaseline_module, "_refresh_snapshots", lambda root: None)
    monkeypatch.setattr(
        rebaseline_module,
        "_accept_card",
        lambda card_name, *args: (["moved"], published if card_name == "real" else None),
    )
    copies = {
        "not-fetched": None,
        "fetched": ("owner/model at abc", False),  # as data.fetch.fetched_state says
        "adopted": ("owner/model at abc", True),
    }
    said = []
    accepted = rebaseline_module.rebaseline(
        tmp_path, say=said.append, hub_copy=lambda path: copies[state]
    )
    written = card.read_text(encoding="utf-8") == "new\n"
    assert written == (state != "fetched")
    push = "`python -m scoring publish . --push`"
    assert any(push in line and "owner/model at abc" in line for line in said) == (
        state != "not-fetched"
    )
    assert ("model_card/README.md" in accepted.changed) == (state == "not-fetched")
    assert (f"still to put right by hand in model_card/README.md: {claim.line()}" in said) == (
        state != "fetched"
    ), said


def test_a_rebaseline_that_changed_nothing_says_there_is_nothing_to_commit():
    """What a second rebaseline prints (the story below stops before one): no `git add`."""
    accepted = rebaseline_module.Accepted(
        NORMALIZER_VERSION, False, {"demo": ["0 of 406 figures moved"]}, ()
    )
    lines = rebaseline_module.format_accepted(accepted).splitlines()
    assert lines == [
        "accepted on the demo card:",
        "  0 of 406 figures moved",
        "nothing to commit: the snapshots, pins and published cards already hold "
        "what the data give",
    ]


def test_rebaseline_outside_a_checkout_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["rebaseline"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not inside a checkout of this project" in err


# ------------------------------------------------------------ the contributor's path


def edit_source(path: Path, text: str) -> None:
    """Write ``text``, its modification time clearly later: a bump keeps the file's size, and
    bytecode cached in the same second would otherwise be taken for the new source."""
    before = path.stat().st_mtime
    path.write_text(text, encoding="utf-8")
    os.utime(path, (before + 2, before + 2))


def add_a_rule(root: Path) -> None:
    """What the contributor edits: the rule at the end of the pipeline, its cases, and its
    row at the end of the rule table of docs/normaliser.md, whatever rules come before it."""
    normalizer = root / "scoring" / "normalizer.py"
    edit_source(normalizer, normalizer.read_text(encoding="utf-8") + NEW_RULE)
    rules = root / "tests" / "unit" / "test_rules.py"
    edit_source(rules, rules.read_text(encoding="utf-8") + NEW_CASES)
    # Its row at the end of the docs' rule table.
    page = root / "docs" / "normaliser.md"
    text = page.read_text(encoding="utf-8")
    rows = list(re.finditer(r"^\| (\d+) \| `\w+` \|.*\n", text, re.M))
    row = (
        f"| {int(rows[-1].group(1)) + 1} | `{SELF_TEST_RULE}` | a text of more than 40 "
        "characters loses its last one | |\n"
    )
    page.write_text(text[: rows[-1].end()] + row + text[rows[-1].end() :], encoding="utf-8")


def bump_the_version(root: Path) -> None:
    normalizer = root / "scoring" / "normalizer.py"
    text = normalizer.read_text(encoding="utf-8")
    text = re.sub(
        r'^NORMALIZER_VERSION = "(\d+)"',
        lambda m: f'NORMALIZER_VERSION = "{int(m.group(1)) + 1}"',
        text,
        flags=re.M,
    )
    edit_source(normalizer, text)


# In the copy, once the contributor's change is accepted there, the gate's self-test of the
# real card's first run: it copies the checkout in its turn (tests/copies.py), and must
# build the same world from one whose real card is here, pinned and committed.
REAL_CARD_SELF_TEST = (
    "tests/golden/test_gate.py::test_the_real_cards_first_run_is_one_line_and_the_command"
)


CONTRIBUTOR = "Contributor: from a rule change to the commit"  # the README's heading
# Whose change it is: the commit the contributor's block ends with is made under this name.
CONTRIBUTOR_NAME, CONTRIBUTOR_EMAIL = "Somchai Contributor", "somchai@example.invalid"


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.slow(seconds=35)  # impact, a rebaseline and the data-following tests, in a copy
def test_the_contributors_path_as_printed_leaves_the_suite_green_and_git_clean(tmp_path):
    """In a maintainer's checkout (the real card's data here, filled from the demo), the
    README's contributor block as printed: edit (a rule of the contributor's own, its cases,
    its row in the docs), bump, `impact --against main`, `rebaseline`, then the commit line
    exactly as rebaseline prints it, under the contributor's name: `git status` is clean
    after it. Both cards are accepted, the real card's warnings said; with the real card
    pinned and committed, the golden suite, the data-following tests and the gate's
    self-test of the real card's first run pass untouched, and the signature names the new
    version. (The block's `pytest -n auto` is the run of the tests a rule change moves, after
    the commit: the whole suite inside the suite would take minutes.)"""
    root = copy_checkout(REPO_ROOT, tmp_path / "checkout")
    fill_real_layout(root)
    # The demo's verdicts region, recomputed by the rebaseline, at the fewest seeds and
    # resamples Holm over all its comparisons allows: a world of the test's own, quicker.
    from scoring.card import load_card_spec
    from scoring.randomisation import min_draws_for_holm
    from scoring.robustness import min_resamples_for_holm

    demo = load_card_spec(root / "examples/demo")
    family = sum(len(c.sets) * len(c.latencies) for c in demo.comparisons)
    resamples, draws = (
        f(family, 1 - demo.level) for f in (min_resamples_for_holm, min_draws_for_holm)
    )
    with open(root / "examples/demo/card.toml", "a", encoding="utf-8") as spec:
        spec.write(f"\n[verdicts]\nseeds = 10\nresamples = {resamples}\ndraws = {draws}\n")
    git_commit_all(root, "the demo's verdicts at fewer seeds and resamples")
    if subprocess.run(["git", "rev-parse", "--verify", "-q", "main"], cwd=root).returncode:
        git(root, "branch", "main")  # the branch a contributor's work starts from
    env = {
        **os.environ,
        "PYTHONPATH": str(root),  # the copy's scoring, not this one
        "GIT_AUTHOR_NAME": CONTRIBUTOR_NAME,
        "GIT_AUTHOR_EMAIL": CONTRIBUTOR_EMAIL,
        "GIT_COMMITTER_NAME": CONTRIBUTOR_NAME,
        "GIT_COMMITTER_EMAIL": CONTRIBUTOR_EMAIL,
    }
    commands = command_lines(bash_block(root / "README.md", CONTRIBUTOR))
    assert [c.split()[:4] for c in commands][1:3] == [
        ["python", "-m", "scoring", "impact"],
        ["python", "-m", "scoring", "rebaseline"],
    ]

    # (Its refusal before the bump is the test above: the same code, without a subprocess.)
    add_a_rule(root)  # step 1, as its comment says
    bump_the_version(root)
    said = {}
    for command in commands:
        if command.startswith("pytest"):
            continue  # see the docstring: the tests a rule change moves run after the commit
        if (argv := scoring_argv(command)) is not None:
            done = subprocess.run(
                [sys.executable, "-m", "scoring", *argv],
                cwd=root,
                env=env,
                capture_output=True,
                text=True,
            )
            assert done.returncode == 0, (command, done.stdout[-3000:], done.stderr[-3000:])
            said[argv[0]] = done.stdout
            continue
        # The commit, exactly as rebaseline printed it for this change.
        printed = [
            line.strip()
            for line in said["rebaseline"].splitlines()
            if line.strip().startswith("git add ")
        ]
        assert printed == [command], (printed, command)
        done = subprocess.run(
            ["bash", "-c", command], cwd=root, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert git(root, "status", "--porcelain", "--untracked-files=all") == ""
        assert git(root, "log", "-1", "--format=%an <%ae>").strip() == (
            f"{CONTRIBUTOR_NAME} <{CONTRIBUTOR_EMAIL}>"
        )
        assert SELF_TEST_RULE in git(root, "show", "HEAD", "--", "docs/normaliser.md")
    assert "git add " in said.get("rebaseline", ""), said  # the block ended with the commit
    assert "conclusions flipped" in said["impact"] or "figures moved" in said["impact"]
    accepted = said["rebaseline"]
    moved = re.search(r"(\d+) of (\d+) figures moved", accepted)
    assert moved and int(moved.group(1)) > 0, accepted
    assert "no snapshots pinned the real card before: created now" in accepted
    # The real card declares Typhoon at 560 ms only; the demo's files at its other latencies
    # are said, as `card .` says them.
    assert re.search(r"^warning: \S*hypotheses: .* are not scored", accepted, re.M)

    suite = subprocess.run(
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
            "-rA",
            "--require-real-card",
            "-k",
            f"({DATA}) or real_cards_first_run",
            *DATA_FOLLOWING_TESTS,
            REAL_CARD_SELF_TEST,
        ],
        cwd=root,
        env={**env, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        capture_output=True,
        text=True,
    )
    assert suite.returncode == 0, suite.stdout[-4000:]
    assert " passed" in suite.stdout and "failed" not in suite.stdout
    assert f"PASSED {REAL_CARD_SELF_TEST}" in suite.stdout, suite.stdout[-4000:]
    for card in ("demo", "real"):  # the golden suite ran, both cards
        assert f"PASSED tests/golden/test_card.py::test_{card}_markdown" in suite.stdout
    assert "PASSED tests/golden/test_published_card.py::test_demo_published_card" in suite.stdout

    bumped = str(int(NORMALIZER_VERSION) + 1)
    markdown = (root / "tests/golden/__snapshots__/test_card.ambr").read_text(encoding="utf-8")
    assert f"nrm:th-{bumped}|" in markdown and f"nrm:th-{NORMALIZER_VERSION}|" not in markdown
    assert "# name: test_real_markdown" in markdown
