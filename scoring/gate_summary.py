"""The gate's run on the run page: its summary in markdown, for GitHub Actions.

A job's page on GitHub shows, under the job, the markdown its steps appended
to the file named by ``GITHUB_STEP_SUMMARY``. ``scoring gate`` appends there,
green or red: each step's result; the figures that moved against the golden
snapshots and the conclusions (verdicts among them) that flipped, as the
impact report gives them; the numbers of the card on the hub that differ from
the data; and, among the comparisons that moved, those whose verdict is
fragile or rests on few clusters. Everything comes from what the gate found
(``GateResult``); only the verdicts' second look is computed here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from .errors import ScoringError
from .gate import GateResult

__all__ = ["STEP_SUMMARY_ENV", "append_step_summary", "step_summary"]

STEP_SUMMARY_ENV = "GITHUB_STEP_SUMMARY"
FIGURES_SHOWN = 40  # as the impact report's table; the report has them all
PASSED, FAILED, SKIPPED = "✅", "❌", "⏭️"
_STEP_LINE = re.compile(r"^(\d)/5 (.*)$")


def append_step_summary(
    path: Path,
    said: Sequence[str],
    *,
    result: GateResult | None = None,
    stopped: BaseException | None = None,
    say: Callable[[str], None] = print,
) -> None:
    """Append the run's summary to ``path``. A summary that cannot be written is said in
    one line: the gate's own verdict stands."""
    text = step_summary(said, result=result, stopped=stopped)
    try:
        with open(path, "a", encoding="utf-8") as stream:
            stream.write(text + "\n")
    except OSError as error:
        say(
            f"    warning: the run's summary could not be written to {path} "
            f"({error.strerror or error})"
        )


def step_summary(
    said: Sequence[str], *, result: GateResult | None = None, stopped: BaseException | None = None
) -> str:
    """The markdown: the verdict, the steps, then what the gate found."""
    lines = [_headline(result, stopped), "", *_steps_table(said, result)]
    if result is not None:
        lines += _what_moved(result)
        lines += _shaky_verdicts(result)
        lines += _hub_card(result)
        if result.report is not None:
            lines += ["", f"The full report: `{result.report}`."]
    return "\n".join(lines).rstrip("\n") + "\n"


def _headline(result: GateResult | None, stopped: BaseException | None) -> str:
    if result is None:
        why = (
            str(stopped)
            if isinstance(stopped, ScoringError)
            else "interrupted"
            if isinstance(stopped, KeyboardInterrupt)
            else f"{type(stopped).__name__}: {stopped}"
        )
        return f"## {FAILED} Card gate stopped: {_inline(why)}"
    if result.passed:
        ungated = result.hub_card.ungated if result.hub_card is not None else 0
        return (
            f"## {PASSED} Card gate passed: the card is exactly what the data give"
            if not ungated
            else f"## {PASSED} Card gate passed: the card's gated numbers "
            f"are what the data give; {ungated} of its text not gated"
        )
    return f"## {FAILED} Card gate failed"


def _steps(said: Sequence[str]) -> list[tuple[int, list[str]]]:
    """The lines said, by step: each step's own line, then the lines under it."""
    steps: list[tuple[int, list[str]]] = []
    for line in said:
        match = _STEP_LINE.match(line)
        if match:
            steps.append((int(match.group(1)), [match.group(2)]))
        elif steps:
            steps[-1][1].append(line.strip())
    return steps


def _step_mark(step: int, text: str, result: GateResult | None, last: bool) -> str:
    """Each step's own result: from what the gate found, not from its wording."""
    if result is None:  # stopped: at the last step said
        return FAILED if last else PASSED
    if step == 1 and text.startswith("fetch skipped"):
        return SKIPPED
    failed = {
        3: not result.tests_passed,
        4: result.hub_card is not None and not result.hub_card.matches,
        5: not result.passed,
    }
    return FAILED if failed.get(step, False) else PASSED


def _steps_table(said: Sequence[str], result: GateResult | None) -> list[str]:
    steps = _steps(said)
    if not steps:
        return ["It stopped before its first step."]
    rows = ["| | step | result |", "|---|---|---|"]
    for index, (step, lines) in enumerate(steps):
        mark = _step_mark(step, lines[0], result, index == len(steps) - 1)
        rows.append(f"| {mark} | {step}/5 | {'<br>'.join(_cell(line) for line in lines)} |")
    return rows


def _what_moved(result: GateResult) -> list[str]:
    """The impact report's first two parts: the conclusions that flipped, and the figures
    that moved, largest first."""
    from .card.impact import format_impact

    heading = "### What moved against the golden snapshots"
    if result.tests_passed:
        return ["", heading, "", "Nothing: every test passed, so every figure is as pinned."]
    if result.impact is None:
        return ["", heading, "", "No impact report could be made: its file says why."]
    if result.impact.nothing_moved:
        return [
            "",
            heading,
            "",
            (
                "No figure, conclusion or clip moved: the gate failed for "
                "another reason, the tests of step 3."
            ),
        ]
    report = format_impact(result.impact, markdown=True, figures_shown=FIGURES_SHOWN)
    body = report.split("\n## 3. Clips", 1)[0].split("\n", 1)[1]  # no title, no clips
    return ["", heading, "", *_demoted(body.strip("\n").splitlines(), 2)]


def _moved_comparisons(result: GateResult) -> set[str]:
    """The comparisons (``diff/<L>ms/<set>/<key>``) any of whose figures moved."""
    if result.impact is None:
        return set()
    return {
        name.rsplit("/", 1)[0] for name, _, _ in result.impact.moved if name.startswith("diff/")
    }


def _shaky_verdicts(result: GateResult) -> list[str]:
    """Among the comparisons that moved, those whose verdict another seed could change
    (fragile) or whose bootstrap is optimistic (few clusters), with the exact reading."""
    from .card.verdicts import card_verdicts
    from .robustness import FEW_CLUSTERS, FRAGILE_BELOW

    moved = _moved_comparisons(result)
    if not moved or result.card is None:
        return []
    heading = ["", "### Fragile or few-cluster verdicts among those that moved", ""]
    try:
        rows = [
            row for row in card_verdicts(result.card, progress=False).rows if row.figure in moved
        ]
    except ScoringError as error:
        return heading + [f"Not looked at: {_inline(str(error))}"]
    shaky = [row for row in rows if row.fragile or row.few_clusters]
    counted = f"Comparisons that moved: {len(rows)}; fragile or on few clusters: {len(shaky)}."
    if not shaky:
        return heading + [counted]
    table = [
        "| comparison | verdict | seeds agreeing | clusters | exact verdict |",
        "|---|---|---:|---:|---|",
    ]
    for row in shaky:
        table.append(
            f"| `{row.figure}` | {row.verdict}{' ◇ fragile' if row.fragile else ''} | "
            f"{row.agree * 100:.1f} % | {row.clusters}{' †' if row.few_clusters else ''} | "
            f"{row.exact_verdict} (p = {row.exact_p:.3g}) |"
        )
    legend = (
        f"{counted} ◇ fragile: fewer than {FRAGILE_BELOW:.0%} of seeds give the "
        f"verdict; † fewer than {FEW_CLUSTERS} clusters, where the bootstrap is "
        "optimistic and the exact reading is the one to quote (see `scoring verdicts`)."
    )
    return [*heading, legend, "", *table]


def _hub_card(result: GateResult) -> list[str]:
    """The numbers of the published card that differ from the data, as the report has
    them."""
    section = result.hub_card.report_section() if result.hub_card is not None else ""
    if not section:
        return []
    return ["", *_demoted(section.strip("\n").splitlines(), 1)]


def _demoted(lines: list[str], levels: int) -> list[str]:
    """Headings pushed down under the summary's own."""
    return ["#" * levels + line if line.startswith("#") else line for line in lines]


def _cell(text: str) -> str:
    """Text for one table cell: a pipe would end it."""
    return _inline(text).replace("|", "\\|")


def _inline(text: str) -> str:
    return " ".join(text.split())
