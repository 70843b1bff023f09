"""Turn scores into the JSON object and the human lines the CLI prints."""

from __future__ import annotations

from collections.abc import Sequence

from .bootstrap import PairedDifference
from .scorer import ClipSet
from .statistics import SetStats

__all__ = ["score_report", "format_score_report", "percent", "points"]


def percent(fraction: float) -> str:
    """A CER as the card prints it: percent, two decimals."""
    return f"{fraction * 100:.2f}"


def points(fraction: float) -> str:
    """A difference in percentage points, always signed."""
    return f"{fraction * 100:+.2f}"


def score_report(
    clip_set: ClipSet,
    files: Sequence[str],
    stats: Sequence[SetStats],
    diff: PairedDifference | None,
    signature: str,
) -> dict:
    """The ``--json`` object: unrounded fractions, ``b``/``diff`` only for two files."""
    report: dict = {
        "set": clip_set.name,
        "signature": signature,
        "n_clips": len(clip_set.ids),
        "ref_chars": stats[0].total_ref_chars,
    }
    for key, file, system in zip("ab", files, stats):
        report[key] = {"file": file, "cer": system.cer, "edits": system.total_edits}
    if diff is not None:
        report["diff"] = {
            "estimate": diff.estimate,
            "low": diff.low,
            "high": diff.high,
            "resamples": diff.resamples,
            "seed": diff.seed,
            "level": diff.level,
            "tie": diff.tie,
        }
    return report


def format_score_report(report: dict) -> str:
    lines = [
        f"set {report['set']}: {report['n_clips']} clips, "
        f"{report['ref_chars']} reference characters"
    ]
    for key in "ab":
        if key in report:
            system = report[key]
            lines.append(
                f"  {key.upper()}  CER {percent(system['cer'])} %  "
                f"({system['edits']} edits)  {system['file']}"
            )
    if "diff" in report:
        d = report["diff"]
        level = f"{d['level'] * 100:g} %"
        verdict = "  tie" if d["tie"] else ""
        lines.append(
            f"  A - B  {points(d['estimate'])} pp  {level} CI "
            f"[{points(d['low'])}, {points(d['high'])}]{verdict}"
        )
    lines.append(f"signature: {report['signature']}")
    return "\n".join(lines)
