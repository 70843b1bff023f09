"""The whole gate of the real card in one command, for the maintainers' CI.

1. fetch the card's data (ids/, hypotheses/, the model card) from the hub;
2. rebuild refs/, unless a cached copy matches: the cache key hashes ids/
   and the code that makes references;
3. run ``pytest -n auto --require-real-card``;
4. on a failure, write the impact report (markdown) and the forest plot for
   CI to attach.

Each step that fails says so in one line; the token is never printed.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import ScoringError

__all__ = ["GateResult", "refs_cache_key", "run_gate", "DEFAULT_REPORT", "DEFAULT_PLOT"]

DEFAULT_REPORT = Path("card-impact.md")
DEFAULT_PLOT = Path("card-forest.png")
PYTEST_ARGS = ("-n", "auto", "--require-real-card", "-q")


@dataclass(frozen=True)
class GateResult:
    passed: bool
    refs_from_cache: bool
    report: Path | None  # written when the gate failed


def refs_cache_key(root: Path) -> str:
    """A hash of ids/ and of the code that turns datasets into references."""
    from . import cleaning, hub, make_refs

    digest = hashlib.sha256()
    for path in sorted((root / "ids").glob("*.jsonl")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for module in (make_refs, cleaning, hub):
        digest.update(inspect.getsource(module).encode())
    return digest.hexdigest()[:32]


def default_refs_cache() -> Path:
    from .batch import cache_directory

    return (cache_directory() or Path(tempfile.gettempdir()) / "thai-asr-card-scoring") / "refs"


def _copy_tree(source: Path, target: Path) -> None:
    """Replace ``target`` with a copy of ``source``, through a temporary folder."""
    staging = target.with_name(f".{target.name}.incoming")
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(source, staging)
    shutil.rmtree(target, ignore_errors=True)
    os.replace(staging, target)


def run_gate(
    root: Path,
    *,
    hub,
    refs_cache: Path | None = None,
    report: Path = DEFAULT_REPORT,
    plot: Path | None = DEFAULT_PLOT,
    pytest_args: Sequence[str] = PYTEST_ARGS,
    say: Callable[[str], None] = print,
    fetch: bool = True,
) -> GateResult:
    """Fetch, rebuild or reuse refs/, run the gate; on failure write the report."""
    from .fetch import fetch_card_data
    from .make_refs import ALL_SETS, make_refs

    root = root.resolve()
    if fetch:
        say("1/4 fetching the card's data from the hub")
        try:
            fetched = fetch_card_data(hub, root)
        except ScoringError as error:
            raise ScoringError("gate step 1 (fetch)", str(error)) from None
        say(f"    {fetched.counts['ids']} ids files, {fetched.counts['hypotheses']} hypothesis "
            f"files ({fetched.repo_id} at {fetched.commit[:12]})")
        for name in fetched.removed:
            say(f"    removed: {name} (gone upstream)")
    else:
        say("1/4 fetch skipped (--no-fetch): using ids/ and hypotheses/ as they are")

    cache = (refs_cache or default_refs_cache()) / refs_cache_key(root)
    refs = root / "refs"
    if (cache / ".complete").is_file():
        say(f"2/4 references from the cache ({cache.name}): ids and make-refs unchanged")
        _copy_tree(cache, refs)
        (refs / ".complete").unlink(missing_ok=True)
        from_cache = True
    else:
        say("2/4 rebuilding the references from the public datasets")
        try:
            make_refs(refs, ALL_SETS, ids_dir=root / "ids", hub=hub,
                      warn=lambda message: say(f"    warning: {message}"))
        except ScoringError as error:
            raise ScoringError("gate step 2 (make-refs)", str(error)) from None
        _copy_tree(refs, cache)
        (cache / ".complete").touch()
        from_cache = False

    # The project root is where the gate's tests live and the real card sits.
    say(f"3/4 pytest {' '.join(pytest_args)}")
    completed = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=root)
    if completed.returncode == 0:
        say("4/4 the card is exactly what the data give")
        return GateResult(True, from_cache, None)

    say(f"4/4 the gate failed (pytest exit {completed.returncode}); writing {report}")
    write_failure_report(root, report, plot)
    return GateResult(False, from_cache, report)


def write_failure_report(root: Path, report: Path, plot: Path | None) -> None:
    """What moved, against the golden snapshots, as markdown; and the forest plot."""
    from .card import load_card_spec
    from .card.golden import SNAPSHOT_DIR
    from .card.impact import format_impact, impact_against_golden

    try:
        snapshots = root / "tests" / "golden" / "__snapshots__"
        impact, result = impact_against_golden(
            load_card_spec(root), "real", snapshots if snapshots.is_dir() else SNAPSHOT_DIR)
        text = format_impact(impact, markdown=True)
    except ScoringError as error:  # the report says why it is missing, and the gate goes on
        text = f"# The card gate failed\n\nNo impact report: {error}\n"
        result = None
    from .fetch import fetched_revision

    revision = fetched_revision(root)
    if revision:  # which data the failing gate ran on
        title, _, rest = text.partition("\n")
        text = f"{title}\n\nData: {revision} (as fetched).\n{rest}"
    try:
        report.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ScoringError(report, f"the impact report could not be written ({error})") from None
    if plot is not None and result is not None:
        from .card.plot import forest_plot

        try:
            forest_plot(result, plot)
        except ScoringError:
            pass  # a card without comparisons has no forest plot; the report stands
