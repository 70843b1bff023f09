"""`scoring rebaseline`: a contributor's deliberate normaliser change, from edit to green.

The slow test does, in a copy of this checkout, exactly what a contributor
does: add a rule with its cases, list it in the pipeline-order test, bump
NORMALIZER_VERSION, run `rebaseline`, and run the suite's data-following
tests there. Nothing else is edited by hand.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import scoring.card.rebaseline as rebaseline_module
import scoring.provenance as provenance
from scoring.cli import main
from scoring.normalizer import NORMALIZER_VERSION

from .conftest import REPO_ROOT

# The tests whose expectations a normaliser change moves: the pins, the rules'
# tables, and every test that reads demo figures (they must follow the data, so
# they pass untouched). The golden figures, ledgers, markdown and published card
# (rebaseline.GOLDEN_TESTS) are checked by the second rebaseline: it runs them,
# and a run that left every file as it was is a run in which they passed.
DATA_FOLLOWING_TESTS = (
    "tests/unit/test_rules.py", "tests/unit/test_normalizer_version.py",
    "tests/unit/test_publish.py", "tests/unit/test_impact.py", "tests/unit/test_cli_score.py",
)
# In the last three files, the tests that read demo figures or the signature (the ones
# that once typed them in); the rest there use cards of their own.
DATA = ("rules or normalizer or hand_edited or committed_demo_card or front_matter or "
        "dropped_rule or unchanged or conclusions or two_hypotheses or by_cluster")

NEW_RULE = '''

def remove_mai_yamok(text: str) -> str:
    """The repetition mark ๆ is removed: transcribers disagree on writing it."""
    return text.replace("ๆ", "")
'''
NEW_CASES = '''MAI_YAMOK_CASES = [
    ("joined", "มากๆ", "มาก", "มาก"),
    ("spaced", "ช้า ๆ", "ช้า ", "ช้า"),
]

'''


def test_a_rules_change_without_a_version_bump_is_refused(tmp_path, monkeypatch, capsys):
    """One line naming the version to bump, exit 2, and nothing written or run."""
    pins = tmp_path / "normalizer_pins.toml"
    pins.write_text(f'"{NORMALIZER_VERSION}" = "{"0" * 64}"\n', encoding="utf-8")
    before = pins.read_bytes()
    monkeypatch.setattr(provenance, "RULES_PINS_FILE", pins)
    monkeypatch.setattr(rebaseline_module, "_refresh_snapshots",
                        lambda root: pytest.fail("the snapshots were touched"))
    monkeypatch.setattr(rebaseline_module, "_accept_card",
                        lambda *args: pytest.fail("a card was computed"))
    monkeypatch.chdir(REPO_ROOT)
    assert main(["rebaseline"]) == 2
    out, err = capsys.readouterr()
    bumped = str(int(NORMALIZER_VERSION) + 1)
    assert out == "" and err.count("\n") == 1
    assert (f"the rules changed but NORMALIZER_VERSION is still '{NORMALIZER_VERSION}': bump "
            f'it (NORMALIZER_VERSION = "{bumped}")') in err
    assert pins.read_bytes() == before


def test_rebaseline_outside_a_checkout_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["rebaseline"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not inside a checkout of this project" in err


# ------------------------------------------------------------ the contributor's path

def copy_checkout(destination: Path) -> Path:
    """The checkout's files as they are now (committed or not), committed in a new repository,
    so that HEAD there is this working tree before the contributor's change."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=REPO_ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = REPO_ROOT / name
        if source.is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    git = ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "before"]):
        subprocess.run(git + command, cwd=destination, check=True, capture_output=True)
    return destination


def edit_source(path: Path, text: str) -> None:
    """Write ``text``, its modification time clearly later: a bump keeps the file's size, and
    bytecode cached in the same second would otherwise be taken for the new source."""
    before = path.stat().st_mtime
    path.write_text(text, encoding="utf-8")
    os.utime(path, (before + 2, before + 2))


def add_a_rule(root: Path) -> None:
    """What the contributor edits: the rule, its place in the pipeline, its cases, the order test."""
    normalizer = root / "scoring" / "normalizer.py"
    text = normalizer.read_text(encoding="utf-8")
    text = text.replace('    "remove_whitespace",\n',
                        '    "remove_whitespace",\n    "remove_mai_yamok",\n', 1)
    text = text.replace("\n\ndef remove_whitespace(", NEW_RULE + "\n\ndef remove_whitespace(", 1)
    text = text.replace("    remove_whitespace,          #",
                        "    remove_mai_yamok,           # มากๆ -> มาก\n"
                        "    remove_whitespace,          #", 1)
    edit_source(normalizer, text)
    rules = root / "tests" / "unit" / "test_rules.py"
    text = rules.read_text(encoding="utf-8")
    text = text.replace("    remove_whitespace,\n    spoken",
                        "    remove_mai_yamok,\n    remove_whitespace,\n    spoken", 1)
    text = text.replace("RULE_TABLES = [", NEW_CASES + "RULE_TABLES = [\n"
                        "    (remove_mai_yamok, MAI_YAMOK_CASES),", 1)
    text = text.replace('        "remove_whitespace",\n    ]',
                        '        "remove_mai_yamok",\n        "remove_whitespace",\n    ]', 1)
    edit_source(rules, text)


def bump_the_version(root: Path) -> None:
    normalizer = root / "scoring" / "normalizer.py"
    text = normalizer.read_text(encoding="utf-8")
    text = re.sub(r'^NORMALIZER_VERSION = "(\d+)"',
                  lambda m: f'NORMALIZER_VERSION = "{int(m.group(1)) + 1}"', text, flags=re.M)
    edit_source(normalizer, text)


def tree_digest(root: Path) -> str:
    """Every file of the copy but git's own, by content."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and ".git" not in p.parts
                       and "__pycache__" not in p.parts):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


@pytest.mark.slow(seconds=25)  # two rebaselines and the data-following tests, in a copy
def test_a_new_rule_a_bump_and_rebaseline_leave_the_suite_green(tmp_path):
    """Edit, bump, rebaseline: the data-following tests pass untouched, and the signature
    names the new version; a second rebaseline changes nothing."""
    from scoring.normalizer import THAI_CER_PIPELINE

    if "remove_mai_yamok" in [rule.__name__ for rule in THAI_CER_PIPELINE]:
        pytest.skip("the working tree already has remove_mai_yamok, the rule this test adds")
    root = copy_checkout(tmp_path / "checkout")
    env = {**os.environ, "PYTHONPATH": str(root)}  # the copy's scoring, not this one

    def scoring(*args):
        return subprocess.run([sys.executable, "-m", "scoring", *args], cwd=root, env=env,
                              capture_output=True, text=True)

    # (Its refusal before the bump is the test above: the same code, without a subprocess.)
    add_a_rule(root)
    bump_the_version(root)
    accepted = scoring("rebaseline")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    moved = re.search(r"(\d+) of (\d+) figures moved", accepted.stdout)
    assert moved and int(moved.group(1)) > 0, accepted.stdout
    git_add = next(line.strip() for line in accepted.stdout.splitlines()
                   if line.strip().startswith("git add "))
    assert sorted(git_add.split()[2:]) == [
        "examples/demo/.eval_results", "examples/demo/README.md", "scoring/normalizer_pins.toml",
        "tests/golden/__snapshots__"]

    after_once = tree_digest(root)
    again = scoring("rebaseline")
    assert again.returncode == 0 and "0 of" in again.stdout, again.stdout + again.stderr
    assert tree_digest(root) == after_once  # idempotent

    suite = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-p", "syrupy", "-q", "-n", "0",
         "-p", "no:cacheprovider", "-m", "not slow", "-k", DATA, *DATA_FOLLOWING_TESTS],
        cwd=root, env={**env, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}, capture_output=True,
        text=True)
    assert suite.returncode == 0, suite.stdout[-4000:]
    assert " passed" in suite.stdout and "failed" not in suite.stdout

    bumped = str(int(NORMALIZER_VERSION) + 1)
    markdown = (root / "tests/golden/__snapshots__/test_card.ambr").read_text(encoding="utf-8")
    assert f"nrm:th-{bumped}|" in markdown and f"nrm:th-{NORMALIZER_VERSION}|" not in markdown
