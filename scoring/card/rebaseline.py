"""Accept a deliberate change in one command: ``python -m scoring rebaseline``.

A normaliser change (or new hypotheses, or a PyThaiNLP upgrade) that was
reviewed with ``impact`` is accepted by refreshing, in this order:

1. the golden snapshots and ledgers, written by syrupy itself
   (``pytest tests/golden --snapshot-update``), the real card's too where its
   data is here;
2. each pinned card's published model card (its regions and model-index);
3. the pin of the rules' digest for the current ``NORMALIZER_VERSION``
   (``scoring/normalizer_pins.toml``), last. A rules change without a version
   bump is refused before anything is written, once that version is spent: its
   pin committed. A pin not committed yet is a contributor's work in progress,
   and is pinned again.

A card that ``fetch`` mirrored from the hub is the hub's: the command line says
which it is (``hub_copy``), and such a card is put right on the hub, never over
the mirror; one adopted here (marked, written) is the user's copy of it.

Every step is a pure function of the working tree, so a second run, or a run
after the bump instead of before, gives the same files. It ends with what was
accepted (figures moved, conclusions flipped, the largest moves) and the
one command that commits everything the change touched (``commit_command``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .. import normalizer, provenance
from ..children import run_child
from ..errors import ScoringError, plural
from ..provenance import pinned_rules_digests, rules_source_digest, write_rules_pin
from .text import CardHome

if TYPE_CHECKING:  # for annotations only: publish is imported where it is used
    from .publish import PublishedCard

__all__ = [
    "GOLDEN_TESTS",
    "Accepted",
    "check_version_bump",
    "commit_command",
    "committed_pins",
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
    root = next(
        (
            folder
            for folder in (here, *here.parents)
            if (folder / "tests" / "golden").is_dir() and (folder / "scoring").is_dir()
        ),
        None,
    )
    if root is None:
        raise ScoringError(
            here,
            "is not inside a checkout of this project (no tests/golden/ "
            "above it): rebaseline rewrites the checkout's snapshots",
        )
    imported = Path(normalizer.__file__).resolve().parents[1]
    if imported != root:
        raise ScoringError(
            root,
            f"is not the checkout whose scoring is imported ({imported}); "
            "run `pip install -e .` here, or rebaseline from there",
        )
    return root


def _next_version(version: str) -> str:
    return str(int(version) + 1) if version.isdigit() else f"{version}.1"


def committed_pins(root: Path, pins_file: Path | None = None) -> dict[str, str] | None:
    """The pins as committed at HEAD ({} when none is), or None where that cannot be told
    (no git checkout, or a pins file outside it): then every pin counts as committed."""
    pins_file = (pins_file or provenance.RULES_PINS_FILE).resolve()
    try:
        relative = pins_file.relative_to(root.resolve()).as_posix()
    except ValueError:
        return None
    inside = subprocess.run(["git", "rev-parse", "--git-dir"], cwd=root, capture_output=True)
    if inside.returncode != 0:
        return None
    shown = subprocess.run(
        ["git", "show", f"HEAD:{relative}"], cwd=root, capture_output=True, text=True
    )
    if shown.returncode != 0:  # no commit yet, or none holding the pins
        return {}
    try:
        return tomllib.loads(shown.stdout)
    except tomllib.TOMLDecodeError:
        return None


def check_version_bump(root: Path | None = None) -> tuple[str, str, bool]:
    """``(version, digest, already pinned)``; a rules change under a spent version (its pin
    committed) is refused. A pin not committed yet is pinned again: a contributor revising
    an unreleased rule does not burn a version."""
    version, digest = normalizer.NORMALIZER_VERSION, rules_source_digest()
    pinned = pinned_rules_digests().get(version)
    if pinned is not None and pinned != digest:
        committed = None if root is None else committed_pins(root)
        if committed is None or version in committed:
            raise ScoringError(
                "scoring/normalizer.py",
                f"the rules changed but NORMALIZER_VERSION is still "
                f"{version!r}, whose pin is committed: bump it (NORMALIZER_VERSION = "
                f'"{_next_version(version)}"), then run `python -m scoring rebaseline` again; '
                "nothing was changed",
            )
        return version, digest, False
    return version, digest, pinned is not None


@dataclass(frozen=True)
class Accepted:
    """What one rebaseline accepted."""

    version: str
    new_pin: bool
    summaries: dict[str, list[str]]  # card -> the impact summary's lines
    changed: tuple[str, ...]  # paths to commit, relative to the checkout


def _accept_card(
    card: str, card_root: Path, snapshot_dir: Path, say: Callable[[str], None] = print
):
    """The card now against its snapshots (the summary's lines, before they are refreshed),
    and its published markdown regenerated in memory (a PublishedCard, if it has one). Its
    card.toml's warnings are said, as `card` says them."""
    from .compute import compute_card
    from .impact import format_impact, impact_against_golden
    from .publish import published_card, read_card_file
    from .spec import load_card_spec

    spec = load_card_spec(card_root)

    def warn(message: str) -> None:
        say(f"warning: {message}")

    card_file = None
    if spec.publish_file is not None and spec.publish_file.is_file():
        card_file = read_card_file(spec.publish_file, spec)  # a broken card stops us here
    try:
        impact, result = impact_against_golden(
            spec, card, snapshot_dir, clips_per_set=0, on_warning=warn
        )
        report = format_impact(impact, figures_shown=LARGEST_SHOWN).split("3. Clips")[0]
        summary = report.rstrip("\n").splitlines()[1:]
    except ScoringError as error:
        if "snapshots missing" not in error.message and "ledger missing" not in error.message:
            raise
        summary = [f"no snapshots pinned the {card} card before: created now"]
        result = compute_card(spec, progress=False, on_warning=warn)
    from .adopt import words_the_data_deny

    return summary, None if card_file is None else published_card(
        result, card_file, read_words=words_the_data_deny
    )


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
        raise ScoringError(
            "rebaseline", "needs the test extras to rewrite the snapshots: pip install -e '.[test]'"
        )
    # Only the plugins these tests use: whatever else is installed stays out (and the run
    # starts quicker).
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "xdist.plugin",
        "-p",
        "syrupy",
        *GOLDEN_TESTS,
        "--snapshot-update",
        "-q",
        "-p",
        "no:cacheprovider",
        "-n",
        "0",
    ]
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
        raise ScoringError(
            "rebaseline",
            "refreshing the snapshots failed ("
            + " ".join(command[2:])
            + "):\n  "
            + "\n  ".join(tail),
        )


def _changed_paths(root: Path, candidates: list[Path]) -> tuple[str, ...]:
    """What the commit of this change holds: every path that differs from git's HEAD, the
    ones rebaseline wrote (``candidates``) and the ones the change itself touched (a rule,
    its cases, its row in the docs), so that after it ``git status`` lists nothing. Outside
    git, the candidates that exist."""
    relative = [p.relative_to(root).as_posix() for p in candidates if p.exists()]
    done = subprocess.run(
        ["git", "status", "--porcelain", "-z", "--untracked-files=all"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        return tuple(relative)
    changed: set[str] = set()
    entries = iter(done.stdout.split("\0"))
    for entry in entries:
        if len(entry) < 4:
            continue
        changed.add(entry[3:])
        if entry[0] in "RC":  # a rename or copy: its source follows, and goes too
            changed.add(next(entries, ""))
    changed.discard("")
    # A folder rebaseline rewrites is named once, as a reviewer would add it.
    folders = [r for r in relative if (root / r).is_dir()]
    named = [f for f in folders if any(c.startswith(f + "/") for c in changed)]
    rest = [c for c in changed if not any(c.startswith(f + "/") for f in named)]
    return tuple(sorted(named + rest))


def commit_command(accepted: Accepted) -> str:
    """The one command that commits everything the change touched, as rebaseline prints it."""
    import shlex

    what = (
        "normaliser: ...; card figures move as reviewed"
        if accepted.new_pin
        else "card: ...; figures move as reviewed"
    )
    return (
        f"git add {' '.join(shlex.quote(path) for path in accepted.changed)} && "
        f'git commit -m "{what}"'
    )


def rebaseline(
    root: Path,
    *,
    say: Callable[[str], None] = print,
    hub_copy: Callable[[Path], tuple[str, bool] | None] = lambda path: None,
) -> Accepted:
    """Accept the working tree's figures as the new baseline (see the module's docstring).
    ``hub_copy`` says which card file is a mirror of the hub's card, as ``(revision,
    edited since)`` (the command line asks the data side: ``data.fetch.fetched_state``)."""
    version, digest, pinned = check_version_bump(root)
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
        summaries[card], published = _accept_card(card, card_root, snapshot_dir, say)
        if published is not None:
            cards_to_write.append((card_root, published))
    say("refreshing the golden snapshots (pytest " + " ".join(GOLDEN_TESTS) + " --snapshot-update)")
    _refresh_snapshots(root)
    touched = [provenance.RULES_PINS_FILE, snapshot_dir]
    for card_root, published in cards_to_write:
        touched += _write_card(root, card_root, published, say, hub_copy)
    new_pin = _pin_rules(root, version, digest, pinned, say)
    return Accepted(version, new_pin, summaries, _changed_paths(root, touched))


def _write_card(
    root: Path,
    card_root: Path,
    published: PublishedCard,
    say: Callable[[str], None],
    hub_copy: Callable[[Path], tuple[str, bool] | None],
) -> list[Path]:
    """Write one regenerated card where it is the project's to write, and say what no
    rewrite puts right; returns what it touched, to commit. The hub's card as fetched is
    put right on the hub, never over the mirror; one adopted here is written, not committed."""
    state = hub_copy(published.path)
    home = CardHome(_shown(card_root, root), *(state or (None, False)))
    if home.on_hub and not home.edited:
        # The hub's card as fetched: put right there, never over the mirror.
        if not published.up_to_date:
            say(
                f"the card as published on the hub ({home.on_hub}) differs from the data "
                f"in {plural(len(published.mismatches), 'number')}: {home.push()} opens the "
                "pull request that puts it right"
            )
        return []
    if not published.up_to_date:
        published.write()
    for claim in published.claims:  # words no rewrite puts right
        say(f"still to put right by hand in {_shown(published.path, root)}: {claim.line()}")
    if home.on_hub:  # adopted here: the user's copy of the hub's card, not committed
        say(
            f"{_shown(published.path, root)} holds the card adopted here, which the card on "
            f"the hub ({home.on_hub}) does not show yet: {home.push()} opens the pull "
            "request that puts it there"
        )
        return []
    touched = [published.path]
    eval_results = published.path.parent / ".eval_results"
    if eval_results.is_dir():
        touched.append(eval_results)
    return touched


def _pin_rules(
    root: Path, version: str, digest: str, pinned: bool, say: Callable[[str], None]
) -> bool:
    """Pin the rules' digest to ``version`` unless it is pinned already (again, where the
    earlier pin was never committed), and say so; whether a pin was written."""
    repin = not pinned and version in pinned_rules_digests()
    new_pin = not pinned and write_rules_pin(version, digest, replace=repin)
    if new_pin:
        say(
            f"{'pinned again' if repin else 'pinned'} NORMALIZER_VERSION {version!r} to the "
            f"rules' digest {digest[:12]}... ({provenance.RULES_PINS_FILE.relative_to(root)})"
            + (": its earlier pin was never committed" if repin else "")
        )
    return new_pin


def format_accepted(accepted: Accepted) -> str:
    lines = []
    for card, summary in accepted.summaries.items():
        lines.append(f"accepted on the {card} card:")
        lines += [f"  {line}" if line else "" for line in summary]
    if accepted.changed:
        lines.append(
            "commit everything the change touched (say what changed in place of the message's ...):"
        )
        lines.append("  " + commit_command(accepted))
    else:
        lines.append(
            "nothing to commit: the snapshots, pins and published cards already "
            "hold what the data give"
        )
    return "\n".join(line.rstrip() for line in lines)
