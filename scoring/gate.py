"""The whole gate of the real card in one command, for the maintainers' CI.

1. fetch the card's data (ids/, hypotheses/, the model card) from the hub;
2. rebuild refs/, unless a cached copy matches: the cache key hashes ids/
   and the code that makes references;
3. run ``pytest -n auto --require-real-card``;
4. compare the card as published on the hub (the fetched README.md) with the
   data, and say in one line whether it differs and what puts it right; with
   ``open_pr``, and only when every test passed, open that pull request;
5. on a failure, write the impact report (markdown) and the forest plot for
   CI to attach.

Each step that fails says so in one line; the token is never printed.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .children import run_child
from .errors import ScoringError, plural

if TYPE_CHECKING:
    from .card.compute import CardResult
    from .card.impact import Impact

__all__ = [
    "GateResult",
    "refs_cache_key",
    "run_gate",
    "DEFAULT_REPORT",
    "DEFAULT_PLOT",
    "PUBLISHED_CARD_TEST",
    "failed_tests",
    "failure_report",
    "format_failed",
]

DEFAULT_REPORT = Path("card-impact.md")
DEFAULT_PLOT = Path("card-forest.png")
PYTEST_ARGS = ("-n", "auto", "--require-real-card", "-q")
# Step 4 checks this one itself, to say in one line what the hub's card needs.
PUBLISHED_CARD_TEST = "tests/golden/test_published_card.py::test_real_published_card"
FAILED_SHOWN = 3  # in the verdict's line; the report lists more
FAILED_LISTED = 30


@dataclass(frozen=True)
class GateResult:
    passed: bool
    refs_from_cache: bool
    report: Path | None  # written when the gate failed
    pull_request: str | None = None  # opened (or found open) for the hub's card
    # What the run found, kept for its summary on the run page (gate_summary.py).
    tests_passed: bool = True
    hub_card: HubCard | None = None
    impact: Impact | None = None  # against the golden snapshots, when a test failed
    card: CardResult | None = None  # the card the impact was computed on


def refs_cache_key(root: Path) -> str:
    """A hash of ids/, of card.toml's [sources] and of the code that turns datasets into
    references."""
    from .data import cleaning, hub, make_refs, sources, transcripts

    digest = hashlib.sha256()
    for path in sorted((root / "ids").glob("*.jsonl")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(sources.declarations_digest(root / "card.toml").encode())
    for module in (make_refs, sources, transcripts, cleaning, hub):
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


def run_gate(root: Path, *, say: Callable[[str], None] = print, **options) -> GateResult:
    """The gate's five steps (``options``: those of ``_run_gate_steps``). Where
    GITHUB_STEP_SUMMARY names a file, as on GitHub Actions, the run's summary is appended
    to it in markdown, whether the gate passes, fails or stops at a step."""
    from .gate_summary import STEP_SUMMARY_ENV, append_step_summary

    target = os.environ.get(STEP_SUMMARY_ENV)
    if not target:
        return _run_gate_steps(root, say=say, **options)
    said: list[str] = []

    def say_and_keep(line: str) -> None:
        said.append(line)
        say(line)

    try:
        result = _run_gate_steps(root, say=say_and_keep, **options)
    except BaseException as error:  # a step that could not run, or Ctrl-C: said there too
        append_step_summary(Path(target), said, stopped=error, say=say)
        raise
    append_step_summary(Path(target), said, result=result, say=say)
    return result


def _run_gate_steps(
    root: Path,
    *,
    hub,
    refs_cache: Path | None = None,
    report: Path = DEFAULT_REPORT,
    plot: Path | None = DEFAULT_PLOT,
    pytest_args: Sequence[str] = PYTEST_ARGS,
    say: Callable[[str], None] = print,
    fetch: bool = True,
    open_pr: bool = False,
) -> GateResult:
    """Fetch, rebuild or reuse refs/, run the tests, check the hub's card; on failure write
    the report."""
    from .card.spec import require_card_toml

    root = root.resolve()
    require_card_toml(root)  # a mistyped root: said before anything is downloaded there
    _fetch_step(root, hub, say, fetch)
    from_cache = _references_step(root, hub, refs_cache, say)
    completed, failed = _tests_step(root, pytest_args, say)
    tests_passed = completed.returncode == 0
    hub_card = check_hub_card(
        root, hub=hub, say=say, open_pr=open_pr and tests_passed, tests_passed=tests_passed
    )
    if tests_passed and hub_card.matches:
        say(
            "5/5 the card is exactly what the data give, on the hub too"
            if not hub_card.ungated
            else "5/5 the card's gated numbers are what the data give, on the hub too; "
            f"{plural(hub_card.ungated, 'number')} of its text not gated (step 4)"
        )
        for stale in (report, plot):  # a failed run's files would be taken for this one's
            if stale is not None:
                Path(stale).unlink(missing_ok=True)
        return GateResult(True, from_cache, None, hub_card=hub_card)
    if tests_passed:  # only the hub's card is behind: the report says so, not "nothing moved"
        what = (
            "has numbers outside markers ([publish] strict)"
            if hub_card.ungated
            else "is not what the data give"
        )
        say(f"5/5 the gate failed: the card on the hub {what}; writing {report}")
        _write_text(report, hub_card.report())
        return GateResult(False, from_cache, report, hub_card.pull_request, hub_card=hub_card)
    say(f"5/5 the gate failed: {format_failed(failed, completed.returncode)}; writing {report}")
    impact, card = write_failure_report(
        root, report, plot, failed, completed.returncode, extra=hub_card.report_section()
    )
    return GateResult(
        False,
        from_cache,
        report,
        hub_card.pull_request,
        tests_passed=False,
        hub_card=hub_card,
        impact=impact,
        card=card,
    )


def _fetch_step(root: Path, hub, say: Callable[[str], None], fetch: bool) -> None:
    """Step 1: the card's ids and hypotheses from its dataset repository on the hub (with
    ``fetch``), else those here, which must hold ids."""
    from .data.fetch import fetch_card_data

    if not fetch:
        say("1/5 fetch skipped (--no-fetch): using ids/ and hypotheses/ as they are")
        if not any((root / "ids").glob("*.jsonl")):  # make-refs would go to the network for
            raise ScoringError(
                "gate step 1 (--no-fetch)",
                f"{root / 'ids'} holds no ids file: "
                "run the gate without --no-fetch, or `python -m scoring fetch` "
                "first",
            )
        return
    say("1/5 fetching the card's data from the hub")
    try:
        fetched = fetch_card_data(hub, root)
    except ScoringError as error:
        raise ScoringError("gate step 1 (fetch)", str(error)) from None
    say(
        f"    {fetched.counts['ids']} ids files, {fetched.counts['hypotheses']} hypothesis "
        f"files ({fetched.repo_id} at {fetched.commit[:12]})"
    )
    for name in fetched.removed:
        say(f"    removed: {name} (gone upstream)")


def _references_step(root: Path, hub, refs_cache: Path | None, say) -> bool:
    """Step 2: refs/ from the cache when ids and make-refs are unchanged, else rebuilt from
    the public datasets (and cached); True when they came from the cache."""
    from .data.make_refs import make_refs
    from .data.sources import load_sources

    cache = (refs_cache or default_refs_cache()) / refs_cache_key(root)
    refs = root / "refs"
    if (cache / ".complete").is_file():
        say(f"2/5 references from the cache ({cache.name}): ids and make-refs unchanged")
        _copy_tree(cache, refs)
        (refs / ".complete").unlink(missing_ok=True)
        return True
    say("2/5 rebuilding the references from the public datasets")
    try:
        make_refs(
            refs,
            load_sources(root / "card.toml"),
            ids_dir=root / "ids",
            hub=hub,
            warn=lambda message: say(f"    warning: {message}"),
        )
    except ScoringError as error:
        raise ScoringError("gate step 2 (make-refs)", str(error)) from None
    _copy_tree(refs, cache)
    (cache / ".complete").touch()
    return False


def _tests_step(root: Path, pytest_args: Sequence[str], say):
    """Step 3: pytest in the project root, where the gate's tests live and the real card
    sits (its own test deselected: step 4 checks the card); (the finished process, the
    tests that failed, from pytest's JUnit report)."""
    say(f"3/5 pytest {' '.join(pytest_args)}")
    with tempfile.TemporaryDirectory(prefix="scoring-gate-") as work:
        junit = Path(work) / "pytest.xml"
        completed = run_child(
            [
                sys.executable,
                "-m",
                "pytest",
                *pytest_args,
                "--deselect",
                PUBLISHED_CARD_TEST,
                f"--junit-xml={junit}",
            ],
            cwd=root,
        )
        return completed, failed_tests(junit, root)


def failed_tests(junit_xml: Path, root: Path) -> list[str]:
    """The node ids of the tests that failed or did not run for an error, from pytest's
    JUnit XML report (none when it holds none, or is missing)."""
    import xml.etree.ElementTree as ElementTree

    try:
        cases = ElementTree.parse(junit_xml).iter("testcase")
    except (OSError, ElementTree.ParseError):
        return []
    return [
        _node_id(case.get("classname", ""), case.get("name", ""), root)
        for case in cases
        if case.find("failure") is not None or case.find("error") is not None
    ]


def _node_id(classname: str, name: str, root: Path) -> str:
    """pytest's node id from a JUnit test case: its dotted class name split where the
    module's file is ('tests.golden.test_card' -> tests/golden/test_card.py)."""
    parts = classname.split(".") if classname else []
    for cut in range(len(parts), 0, -1):
        module = "/".join(parts[:cut]) + ".py"
        if (root / module).is_file():
            return "::".join([module, *parts[cut:], name])
    return "::".join([*parts, name]) if parts else name


def format_failed(failed: Sequence[str], exit_code: int) -> str:
    """'2 tests failed: a, b' (the first few, and how many more), or pytest's exit code
    when no test is named (it could not collect, or was stopped)."""
    if not failed:
        return f"pytest exit {exit_code}, no failing test named"
    shown = ", ".join(failed[:FAILED_SHOWN]) + (
        f" and {len(failed) - FAILED_SHOWN} more" if len(failed) > FAILED_SHOWN else ""
    )
    return f"{plural(len(failed), 'test')} failed ({shown})"


@dataclass(frozen=True)
class HubCard:
    """Step 4: the card as published (on the hub, once fetched) against the data."""

    matches: bool
    where: str  # 'the card on the hub (<repo> at <commit>)', or the local file
    lines: tuple[str, ...] = ()  # the numbers that differ
    pull_request: str | None = None
    note: str = ""  # why it was not compared, or what was done about it
    ungated: int = 0  # figure-like numbers of its text outside markers
    # model-index entries that cannot be read, each with its line (publish's card.unread):
    # kept as written and never gated, so listed wherever the card is compared
    unread: tuple[str, ...] = ()

    def report_section(self) -> str:
        if self.matches or not (self.lines or self.note):
            return ""
        body = [f"## {self.where[0].upper()}{self.where[1:]}", ""]
        if self.lines:
            body += [f"It differs from the data in {plural(len(self.lines), 'number')}:", ""]
            body += [f"- {line}" for line in self.lines]
            body.append("")
        if self.unread:
            body += [
                f"Its model-index holds {plural(len(self.unread), 'entry', 'entries')} "
                "that cannot be read, not gated:",
                "",
            ]
            body += [f"- {line}" for line in self.unread]
            body.append("")
        if self.note:
            body += [self.note, ""]
        return "\n".join(body)

    def report(self) -> str:
        return (
            "# The card as published differs from the data\n\nEvery test passed: the "
            "figures are the ones the golden snapshots pin. Only the published card "
            "is behind.\n\n" + self.report_section()
        )


def _the_text_outside_markers(spec, exact: dict, where: str, say: Callable[[str], None]) -> HubCard:
    """A card whose markers and model-index are what the data give: exact only where every
    figure-like number of its text is gated; under [publish] strict, failed where one is
    not (the numbers named), and otherwise said, with how many are gated."""
    from .card.adopt import coverage
    from .card.publish import read_card_file

    counted, ungated = coverage(
        read_card_file(spec.publish_file, spec), spec, spec.publish_aliases, exact
    )
    gated = f"{counted - len(ungated)} of {counted} numbers in its text gated"
    if not ungated:
        say(f"4/5 {where} is exactly what the data give ({gated})")
        return HubCard(True, where)
    named = ", ".join(f"line {c.line}: {c.text}" for c in ungated[:3])
    more = ", ..." if len(ungated) > 3 else ""
    if spec.publish_strict:
        say(
            f"4/5 strict ([publish] strict): {where} has {plural(len(ungated), 'number')} "
            f"outside markers ({named}{more}); `python -m scoring publish {_typed(spec.root)} "
            "--mark` marks "
            "the card's figures among them"
        )
        return HubCard(
            False,
            where,
            tuple(f"ungated: line {c.line}: {c.text}" for c in ungated),
            ungated=len(ungated),
            note="[publish] strict: every figure-like number of the card's text "
            f"must stand in a marker (`publish {_typed(spec.root)} --mark`).",
        )
    say(
        f"4/5 {where}: its markers and model-index are what the data give, but only {gated} "
        f"({named}{more} stand outside markers: `python -m scoring publish "
        f"{_typed(spec.root)} --mark` adopts "
        "them)"
    )
    return HubCard(True, where, ungated=len(ungated))


def _typed(root: Path) -> str:
    """The project's ROOT as the user types it here ('.' for the working folder)."""
    from .data.fetch import project_argument

    return project_argument(root) or "."


def check_hub_card(
    root: Path, *, hub, say: Callable[[str], None], open_pr: bool, tests_passed: bool
) -> HubCard:
    """Compare the card file (the hub's, as fetched) with the data; open the pull request
    that puts it right when asked and every test passed."""
    from .card import compute_card, load_card_spec
    from .card.publish import published_card
    from .data.fetch import fetched_card

    try:
        spec = load_card_spec(root)
        if spec.publish_file is None or not spec.publish_file.is_file():
            say("4/5 no published card here ([publish] file): nothing to compare")
            return HubCard(True, "no published card")
        on_hub = fetched_card(spec.publish_file)
        where = (
            f"the card on the hub ({on_hub})"
            if on_hub
            else f"the card file {spec.publish_file.name}"
        )
        result = compute_card(spec, progress=False)
        card = published_card(result)
    except ScoringError as error:
        say(f"4/5 the published card could not be compared: {error}")
        return HubCard(tests_passed is False, "the published card", note=str(error))
    compared = _compared(
        spec,
        result,
        card,
        where,
        on_hub,
        hub=hub,
        say=say,
        open_pr=open_pr,
        tests_passed=tests_passed,
    )
    for line in card.unread:  # (under step 4's line: kept as written, never gated)
        say(f"    note: {line}")
    return replace(compared, unread=card.unread)


def _compared(
    spec,
    result,
    card,
    where: str,
    on_hub: str | None,
    *,
    hub,
    say: Callable[[str], None],
    open_pr: bool,
    tests_passed: bool,
) -> HubCard:
    """Step 4 on a card compared with the data: exact, or what differs, and the pull
    request that puts it right when asked."""
    if card.up_to_date:
        return _the_text_outside_markers(spec, result.exact, where, say)
    lines = tuple(card.changes()) or (
        "the layout of a region or of the model-index differs (publish --check shows it)",
    )
    differing = len(card.mismatches) + len(card.claims)
    count = plural(differing, "number")
    command = f"python -m scoring publish {_typed(spec.root)} --push"
    if not open_pr:
        why = "" if tests_passed else " (once every test passes)"
        say(
            f"4/5 {where} differs from the data in {count}: `{command}` opens the pull "
            f"request that puts it right{why}; in CI, `gate --open-pr`"
        )
        return HubCard(
            False, where, lines, note=f"`{command}` opens the pull request that puts it right."
        )
    from .data.push import push_card

    repo = spec.publish_repo or (on_hub or "").split(" at ")[0]
    try:
        pushed = push_card(
            card.files_for_the_hub(),
            card.changes(),
            repo_id=repo,
            hub=hub,
            signature=result.signature,
        )
    except ScoringError as error:
        say(
            f"4/5 {where} differs from the data in {count}; the pull request could not be "
            f"opened: {error}"
        )
        return HubCard(False, where, lines, note=f"The pull request could not be opened: {error}")
    if pushed.url is None:  # the hub moved on since the fetch, and holds this card already
        say(f"4/5 {where} differs from the data, but {repo} now holds this card: fetch again")
        return HubCard(False, where, lines, note=f"{repo} already holds this card.")
    verb = "is already open" if pushed.already_open else "opened"
    say(
        f"4/5 {where} differs from the data in {count}; pull request {verb}: {pushed.url} "
        "(merge it, and the gate passes)"
    )
    return HubCard(False, where, lines, pushed.url, f"Pull request {verb}: {pushed.url}")


def _write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ScoringError(path, f"the report could not be written ({error})") from None


def write_failure_report(
    root: Path,
    report: Path,
    plot: Path | None,
    failed: Sequence[str] = (),
    exit_code: int = 1,
    extra: str = "",
) -> tuple[Impact | None, CardResult | None]:
    """What moved, against the golden snapshots, as markdown, with the tests that failed;
    and the forest plot. Returns the impact and the card it was computed on (None, None
    when the snapshots or the card could not be read: the report says why)."""
    from .card import load_card_spec
    from .card.golden import SNAPSHOT_DIR
    from .card.impact import impact_against_golden
    from .data.fetch import fetched_revision

    try:
        snapshots = root / "tests" / "golden" / "__snapshots__"
        impact, result = impact_against_golden(
            load_card_spec(root), "real", snapshots if snapshots.is_dir() else SNAPSHOT_DIR
        )
        missing = None
    except ScoringError as error:  # the report says why it is missing, and the gate goes on
        impact = result = None
        missing = str(error)
    _write_text(
        report,
        failure_report(
            impact, failed, exit_code, fetched_revision(root), missing=missing, extra=extra
        ),
    )
    if plot is not None and result is not None:
        from .card.plot import forest_plot

        try:
            forest_plot(result, plot)
        except ScoringError:
            pass  # a card without comparisons has no forest plot; the report stands
    return impact, result


def failure_report(
    impact,
    failed: Sequence[str],
    exit_code: int,
    revision: str | None,
    *,
    missing: str | None = None,
    extra: str = "",
) -> str:
    """The failing gate's report: the impact report (or why there is none), which data it
    ran on, and the tests that failed. When no figure moved, it says the gate failed for
    another reason, never that nothing moved."""
    from .card.impact import format_impact

    if impact is None:
        text = f"# The card gate failed\n\nNo impact report: {missing}\n"
    elif impact.nothing_moved:
        title = format_impact(impact, markdown=True).split("\n", 1)[0]
        text = (
            f"{title}\n\nCompared with {impact.against}: no figure, conclusion or clip "
            "moved. The gate failed for another reason: the tests below.\n"
        )
    else:
        text = format_impact(impact, markdown=True)
    if revision:  # which data the failing gate ran on
        title, _, rest = text.partition("\n")
        text = f"{title}\n\nData: {revision} (as fetched).\n{rest}"
    listed = [f"- `{name}`" for name in failed[:FAILED_LISTED]]
    if len(failed) > FAILED_LISTED:
        listed.append(f"- ... and {len(failed) - FAILED_LISTED} more")
    text = (
        text.rstrip("\n")
        + "\n\n## Tests that failed\n\n"
        + ("\n".join(listed) if listed else f"None named (pytest exit {exit_code}).")
        + "\n"
    )
    if extra:
        text = text.rstrip("\n") + "\n\n" + extra
    return text
