"""Every command the README and docs/ print is run by a test, and every link resolves.

A page's ```bash block is run here, command by command as printed, in a folder laid out
as a checkout (the demo under examples/demo), unless a story test runs it (the three
role paths of the README, the data commands against the fake hub: STORIES names which,
and that test must read the block by its heading), or the page says, in an HTML comment
just before it, why no test runs it (the suite itself, the ten-minute benchmarks).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from scoring.cli import main
from tests.copies import copy_demo
from tests.docs import PAGES, REPO_ROOT, Block, blocks, command_lines, scoring_argv

README, DOCS = REPO_ROOT / "README.md", REPO_ROOT / "docs"
# (page, heading) -> the test files that read that block by its heading and run it.
STORIES = {
    (README, "Maintainer: from a first run to a green gate"): (
        "tests/hub/test_gate_end_to_end.py",
    ),
    (README, "Contributor: from a rule change to the commit"): ("tests/golden/test_rebaseline.py",),
    (README, "Reproducer: scoring your own system"): ("tests/hub/test_fetch.py",),
    (DOCS / "data.md", "`make-refs`: the references, from the public datasets"): (
        "tests/hub/test_fetch.py",
        "tests/hub/test_source_declarations.py",
    ),
    (DOCS / "data.md", "`join-audio`: the long recordings"): ("tests/hub/test_fetch.py",),
}
BASH = [block for page in PAGES for block in blocks(page, "bash")]
RUN_HERE = [
    block for block in BASH if block.not_run is None and (block.page, block.heading) not in STORIES
]


def test_every_block_is_run_by_a_test_or_says_why_not():
    """A block a story runs is read there by its heading; one that no test runs says why;
    every other is run here, so each of its commands is one this test can run."""
    assert RUN_HERE and len(BASH) > len(RUN_HERE)
    for (page, heading), tests in STORIES.items():
        assert any(b.page == page and b.heading == heading for b in BASH), (page, heading)
        for test in tests:
            assert heading in (REPO_ROOT / test).read_text(encoding="utf-8"), (test, heading)
    for block in BASH:
        if block.not_run is not None:
            assert len(block.not_run) > 20, f"{block.where}: say why no test runs it"
    for block in RUN_HERE:
        for command in command_lines(block.text):
            assert scoring_argv(command) is not None, (
                f"{block.where}: `{command}` is no `python -m scoring` command this test can "
                "run: name the test that runs it (STORIES), or say why none does"
            )


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A folder laid out as a checkout for the commands the pages print: the demo under
    examples/demo (a copy, which --write and --plot may write into), an empty docs/."""
    copy_demo(tmp_path / "examples" / "demo")
    (tmp_path / "docs").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _marked(block: Block):
    """A block that draws a plot or ablates the card takes seconds: run first (slow)."""
    heavy = "--plot" in block.text or " ablate " in block.text
    return pytest.param(block, id=block.where, marks=[pytest.mark.slow(seconds=6)] if heavy else [])


@pytest.mark.parametrize("block", [_marked(block) for block in RUN_HERE])
def test_the_pages_commands_run_as_printed(block: Block, checkout, monkeypatch, capsys):
    commands = command_lines(block.text)
    if any(scoring_argv(command)[0] == "cache" for command in commands):
        # `cache --clear` clears the cache it is shown: a cache of this test's own, not the
        # run's, which every test shares.
        monkeypatch.setenv("SCORING_CACHE_DIR", str(checkout / "cache"))
    for command in commands:
        argv = scoring_argv(command)
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 0, f"{block.where}: `{command}` exited {code}\n{out[-2000:]}\n{err[-2000:]}"
        if "--plot" in argv:
            drawn = checkout / argv[argv.index("--plot") + 1]
            assert drawn.read_bytes()[:4] == b"\x89PNG", command
            assert drawn.with_name(f"{drawn.stem}-latency.png").is_file(), command


def test_the_apis_example_runs(checkout):
    """docs/api.md's example, run as printed (from the checkout's root, as its paths say)."""
    [example] = [block.text for block in blocks(DOCS / "api.md", "python")]
    names: dict = {}
    exec(compile(example, "docs/api.md", "exec"), names)  # noqa: S102
    assert names["difference"].level == 0.95 and 0 < names["scoring"].cer(names["a"]) < 1


def test_the_readmes_picture_is_the_one_its_command_draws():
    """The README shows the pictures its command draws, committed under docs/."""
    [command] = command_lines(
        next(block.text for block in blocks(README, "bash") if "--plot" in block.text)
    )
    argv = scoring_argv(command)
    drawn = REPO_ROOT / argv[argv.index("--plot") + 1]
    text = README.read_text(encoding="utf-8")
    for picture in (drawn, drawn.with_name(f"{drawn.stem}-latency.png")):
        assert picture.read_bytes()[:4] == b"\x89PNG", picture
        assert picture.relative_to(REPO_ROOT).as_posix() in text, picture


# ------------------------------------------------------------------ links and anchors

LINKED_PAGES = (*PAGES, *sorted((REPO_ROOT / "benchmarks").glob("*.md")))
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, every character that is not a
    letter, a digit, a mark, a space, a hyphen or an underscore left out, spaces as hyphens."""
    kept = "".join(c for c in heading.lower() if unicodedata.category(c)[0] in "LNM" or c in " -_")
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```$", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    found, seen = set(), {}
    for heading in re.findall(r"^#{1,6} (.+?)\s*$", text, re.M):
        base = slug(heading.replace("`", ""))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    text = re.sub(r"^```.*?^```$", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return _LINK.findall(text)


def test_the_anchor_of_a_heading_is_githubs():
    assert slug("The card on the hub: --push") == "the-card-on-the-hub---push"
    assert slug("The few-clusters mark (†)") == "the-few-clusters-mark-"
    assert slug("Maintainer: from a first run to a green gate") == (
        "maintainer-from-a-first-run-to-a-green-gate"
    )


@pytest.mark.parametrize(
    "page", LINKED_PAGES, ids=[p.relative_to(REPO_ROOT).as_posix() for p in LINKED_PAGES]
)
def test_every_relative_link_and_anchor_resolves(page):
    for target in links(page):
        if re.match(r"[a-z]+:", target):  # https:, mailto:: not ours to check
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name}: link to {target}: no such file"
        if anchor:
            assert linked.suffix == ".md", f"{page.name}: an anchor into {path}"
            assert anchor in anchors(linked), (
                f"{page.name}: link to {target}: {linked.name} has no such heading "
                f"(it has {sorted(anchors(linked))})"
            )


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(REPO_ROOT).as_posix() for p in PAGES])
def test_each_page_stays_short(page):
    """The README and each page of docs/ at most 400 lines: one task a page."""
    lines = page.read_text(encoding="utf-8").count("\n")
    assert lines <= 400, f"{page.name}: {lines} lines; split it by task"
