"""The copies the self-tests run in are the same whatever this checkout holds.

A maintainer's checkout holds the real card's data and its snapshots, pinned and
committed; a contributor's may hold nothing of it. The gate's self-tests, the
contributor's story and the maintainer's story each copy the project: every copy
must come out byte for byte the same from both.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.copies import (
    REAL_PIN,
    copy_checkout,
    copy_golden_suite,
    copy_project,
    fill_real_layout,
    git_commit_all,
)

from .conftest import REPO_ROOT

pytestmark = pytest.mark.slow(seconds=3)  # four copies of the checkout, and two of each


def tree_digest(root: Path) -> str:
    """Every file of a tree but git's own: names and content."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and ".git" not in p.parts):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def pin_a_real_card(root: Path) -> None:
    """What rebaseline leaves in a maintainer's checkout, in its shape: the real card's
    figures, markdown and ledgers among the demo's, and the fetched card beside them."""
    snapshots = root / "tests/golden/__snapshots__"
    with open(snapshots / "test_card.ambr", "a", encoding="utf-8") as amber:
        amber.write(
            f"# name: {REAL_PIN}figure[cer/560ms/fleurs/openthai2.0-asr-streaming]\n"
            f"  0.0669\n# ---\n# name: {REAL_PIN}markdown\n  '''\n  | a |\n  '''\n# ---\n"
        )
    (snapshots / "test_card" / f"{REAL_PIN}ledger[fleurs].ledger-v2.tsv").write_text(
        "set\tlatency_ms\tsystem\tid\tedits\tref_chars\n", encoding="utf-8"
    )
    (root / "model_card").mkdir()
    (root / "model_card/README.md").write_text("# the hub's card\n", encoding="utf-8")
    (root / ".fetched.json").write_text("{}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def checkouts(tmp_path_factory) -> tuple[Path, Path]:
    """A checkout with nothing of the real card, and a maintainer's: the real layout filled
    from the demo, the real card pinned, and the pins committed."""
    bare = copy_checkout(REPO_ROOT, tmp_path_factory.mktemp("bare") / "checkout")
    maintainer = copy_checkout(REPO_ROOT, tmp_path_factory.mktemp("maintainer") / "checkout")
    fill_real_layout(maintainer)
    pin_a_real_card(maintainer)
    git_commit_all(maintainer, "the real card, pinned")
    return bare, maintainer


@pytest.mark.parametrize(
    "copy", [copy_checkout, copy_golden_suite, copy_project], ids=lambda copy: copy.__name__
)
def test_every_copy_is_the_same_from_a_maintainers_checkout(checkouts, tmp_path, copy):
    bare, maintainer = checkouts
    assert (maintainer / "refs").is_dir() and "test_real_figure[" in (
        maintainer / "tests/golden/__snapshots__/test_card.ambr"
    ).read_text(encoding="utf-8")
    (tmp_path / "from-bare").mkdir()
    (tmp_path / "from-maintainer").mkdir()
    from_bare = copy(bare, tmp_path / "from-bare" / "copy")
    from_maintainer = copy(maintainer, tmp_path / "from-maintainer" / "copy")
    assert tree_digest(from_bare) == tree_digest(from_maintainer)
    copied = {str(p.relative_to(from_maintainer)) for p in from_maintainer.rglob("*")}
    assert not any(
        REAL_PIN in name or name.split("/")[0] in ("refs", "model_card") for name in copied
    )
