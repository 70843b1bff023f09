"""Accept a deliberate change in one command: ``python -m scoring rebaseline``.

A normaliser change (or new hypotheses, or a PyThaiNLP upgrade) that was
reviewed with ``impact`` is accepted by refreshing, in this order:

1. the golden snapshots and ledgers, written by syrupy itself
   (``pytest tests/golden --snapshot-update``), the real card's too where its
   data is here;
2. each pinned card's published model card (its regions and model-index);
3. the pin of the rules' digest for the current ``NORMALIZER_VERSION``
   (``scoring/normalizer_pins.toml``), last. A rules change without a version
   bump is refused before anything is written.

Every step is a pure function of the working tree, so a second run, or a run
after the bump instead of before, gives the same files. It ends with what was
accepted (figures moved, conclusions flipped, the largest moves) and the
exact ``git add`` line.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .. import normalizer
from ..errors import ScoringError
from .. import provenance
from ..children import run_child
from ..provenance import pinned_rules_digests, rules_source_digest, write_rules_pin

__all__ = [
    "GOLDEN_TESTS",
    "Accepted",
    "check_version_bump",
    "find_checkout",
    "rebaseline",
]

# The tests whose expectations are data: the snapshots, and the published card
# that --snapshot-update rewrites.
GOLDEN_TESTS = ("tests/golden/test_card.py", "tests/golden/test_published_card.py")
LARGEST_SHOWN = 5


def find_checkout(start: Path | None = None) -> Path:
    """The project checkout holding ``start`` (default: here), whose ``scoring`` is imported."""
    here = Path.cwd() if start is None else Path(start)
    here = here.resolve()
    root = next((folder for folder in (here, *here.parents)
                 if (folder / "tests" / "golden").is_dir() and (folder / "scoring").is_dir()),
                None)
    if root is None:
        raise ScoringError(here, "is not inside a checkout of this project (no tests/golden/ "
                                 "above it): rebaseline rewrites the checkout's snapshots")
    imported = Path(normalizer.__file__).resolve().parents[1]
    if imported != root:
        raise ScoringError(root, f"is not the checkout whose scoring is imported ({imported}); "
                                 "run `pip install -e .` here, or rebaseline from there")
    return root


def _next_version(version: str) -> str:
    return str(int(version) + 1) if version.isdigit() else f"{version}.1"


def check_version_bump() -> tuple[str, str, bool]:
    """``(version, digest, already pinned)``; a rules change under a pinned version is refused."""
    version, digest = normalizer.NORMALIZER_VERSION, rules_source_digest()
    pinned = pinned_rules_digests().get(version)
    if pinned is not None and pinned != digest:
        raise ScoringError(
            "scoring/normalizer.py", f"the rules changed but NORMALIZER_VERSION is still "
            f"{version!r}: bump it (NORMALIZER_VERSION = \"{_next_version(version)}\"), then "
            "run `python -m scoring rebaseline` again; nothing was changed")
    return version, digest, pinned is not None


@dataclass(frozen=True)
class Accepted:
    """What one rebaseline accepted."""

    version: str
    new_pin: bool
    summaries: dict[str, list[str]]  # card -> the impact summary's lines
    changed: tuple[str, ...]  # paths to commit, relative to the checkout


def _accept_card(card: str, card_root: Path, snapshot_dir: Path):
    """The card now against its snapshots (the summary's lines, before they are refreshed),
    and its published markdown regenerated in memory (a PublishedCard, if it has one)."""
    from .compute import compute_card
    from .impact import format_impact, impact_against_golden
    from .publish import published_card, read_card_file
    from .spec import load_card_spec

    spec = load_card_spec(card_root)
    card_file = None
    if spec.publish_file is not None and spec.publish_file.is_file():
        card_file = read_card_file(spec.publish_file, spec)  # a broken card stops us here
    try:
        impact, result = impact_against_golden(spec, card, snapshot_dir, clips_per_set=0)
        report = format_impact(impact, figures_shown=LARGEST_SHOWN).split("3. Clips")[0]
        summary = report.rstrip("\n").splitlines()[1:]
    except ScoringError as error:
        if "snapshots missing" not in error.message and "ledger missing" not in error.message:
            raise
        summary = [f"no snapshots pinned the {card} card before: created now"]
        result = compute_card(spec, progress=False)
    return summary, None if card_file is None else published_card(result, card_file)


def _shown(card_root: Path, root: Path) -> str:
    """A card's root as a user types it in the checkout: '.' for the real card."""
    try:
        return card_root.resolve().relative_to(root.resolve()).as_posix() or "."
    except ValueError:
        return str(card_root)


def _refresh_snapshots(root: Path) -> None:
    """syrupy rewrites every golden snapshot and ledger; deleted ones go too."""
    import importlib.util

    if not all(importlib.util.find_spec(name) for name in ("pytest", "syrupy", "xdist")):
        raise ScoringError("rebaseline", "needs the test extras to rewrite the snapshots: "
                                         "pip install -e '.[test]'")
    # Only the plugins these tests use: whatever else is installed stays out (and the run
    # starts quicker).
    command = [sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-p", "syrupy",
               *GOLDEN_TESTS, "--snapshot-update", "-q", "-p", "no:cacheprovider", "-n", "0"]
    # One process: each pytest process computes the whole card once, and these tests are
    # otherwise trivial, so workers would only compute it again.
    from ..batch import cache_directory

    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    cache = cache_directory()
    if cache is not None:  # the run reads the texts just normalised, not a cold cache of its own
        env["SCORING_TEST_CACHE_DIR"] = env["SCORING_CACHE_DIR"] = str(cache)
    done = run_child(command, cwd=root, capture=True, env=env)
    if done.returncode != 0:
        tail = [line for line in done.stdout.splitlines() if line.strip()][-12:]
        raise ScoringError("rebaseline", "refreshing the snapshots failed (" + " ".join(
            command[2:]) + "):\n  " + "\n  ".join(tail))


def _changed_paths(root: Path, candidates: list[Path]) -> tuple[str, ...]:
    """Which of the paths rebaseline may touch now differ from git's index (all of them
    outside git)."""
    relative = [str(p.relative_to(root)) for p in candidates if p.exists()]
    done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all", "--",
                           *relative], cwd=root, capture_output=True, text=True)
    if done.returncode != 0:
        return tuple(relative)
    changed = sorted({line[3:].strip('"') for line in done.stdout.splitlines() if line})
    # A whole folder is named once, as a reviewer would add it.
    folders = [r for r in relative if (root / r).is_dir()]
    named = [f for f in folders if any(c.startswith(f + "/") for c in changed)]
    rest = [c for c in changed if not any(c.startswith(f + "/") for f in named)]
    return tuple(named + rest)


def rebaseline(root: Path, *, say: Callable[[str], None] = print) -> Accepted:
    """Accept the working tree's figures as the new baseline (see the module's docstring)."""
    version, digest, pinned = check_version_bump()
    snapshot_dir = root / "tests" / "golden" / "__snapshots__"
    cards = {"demo": root / "examples" / "demo"}
    real_data = (root / "refs").is_dir() and any((root / "hypotheses").glob("*.jsonl"))
    if real_data:
        cards["real"] = root
    say(f"rebaseline: normaliser th-{version}, cards: {', '.join(cards)}")
    # Read-only first (what moved, the cards regenerated in memory); then the snapshots,
    # the card files and, last, the pin: a failure part way leaves the pin unwritten, so
    # the next run does the whole of it again.
    summaries, cards_to_write = {}, []
    for card, card_root in cards.items():
        summaries[card], published = _accept_card(card, card_root, snapshot_dir)
        if published is not None:
            cards_to_write.append((card_root, published))
    say("refreshing the golden snapshots (pytest " + " ".join(GOLDEN_TESTS)
        + " --snapshot-update)")
    _refresh_snapshots(root)
    touched = [provenance.RULES_PINS_FILE, snapshot_dir]
    from ..data.fetch import fetched_card

    for card_root, published in cards_to_write:
        on_hub = fetched_card(published.path)
        if on_hub is not None:  # the hub's card: put right there, never over the mirror
            if not published.up_to_date:
                say(f"the card as published on the hub ({on_hub}) differs from the data in "
                    f"{len(published.mismatches)} numbers: `python -m scoring publish "
                    f"{_shown(card_root, root)} --push` opens the pull request that puts "
                    "it right")
            continue
        if not published.up_to_date:
            published.write()
        touched.append(published.path)
        eval_results = published.path.parent / ".eval_results"
        if eval_results.is_dir():
            touched.append(eval_results)
    new_pin = not pinned and write_rules_pin(version, digest)
    if new_pin:
        say(f"pinned NORMALIZER_VERSION {version!r} to the rules' digest {digest[:12]}... "
            f"({provenance.RULES_PINS_FILE.relative_to(root)})")
    return Accepted(version, new_pin, summaries, _changed_paths(root, touched))


def format_accepted(accepted: Accepted) -> str:
    lines = []
    for card, summary in accepted.summaries.items():
        lines.append(f"accepted on the {card} card:")
        lines += [f"  {line}" if line else "" for line in summary]
    if accepted.changed:
        lines.append("commit them with:")
        lines.append("  git add " + " ".join(accepted.changed))
    else:
        lines.append("nothing to commit: the snapshots, pins and published cards already "
                     "hold what the data give")
    return "\n".join(line.rstrip() for line in lines)
