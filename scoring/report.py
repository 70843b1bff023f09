"""Turn scores into the JSON object and the human lines the CLI prints."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .bootstrap import PairedDifference
from .scorer import ClipSet
from .statistics import SetStats

__all__ = ["score_report", "format_score_report", "round_half_up", "percent", "points"]

DECIMALS = 2


def round_half_up(value: Fraction | float | int, decimals: int = DECIMALS) -> str:
    """``value`` to ``decimals`` places, halves rounded away from zero, from its exact value.

    CERs and aggregates arrive as exact fractions of integers, so 0.084750
    (= 339/4000) gives 8.48 on every machine, where formatting the float
    would give 8.47. A float (a bootstrap bound) is taken at its exact
    binary value. The sign is the value's: -0.001 prints as -0.00.
    """
    exact = Fraction(value)
    scaled = abs(exact) * 10 ** decimals
    whole = int(scaled + Fraction(1, 2))  # floor(|x| + 1/2): halves go up in magnitude
    digits = str(whole).rjust(decimals + 1, "0")
    text = f"{digits[:-decimals]}.{digits[-decimals:]}" if decimals else digits
    return ("-" if exact < 0 else "") + text


def percent(fraction: Fraction | float) -> str:
    """A CER as the card prints it: percent, two decimals, half-up from the exact value."""
    return round_half_up(Fraction(fraction) * 100)


def points(fraction: Fraction | float) -> str:
    """A difference in percentage points, always signed, half-up from the exact value."""
    text = round_half_up(Fraction(fraction) * 100)
    return text if text.startswith("-") else "+" + text


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
                f"  {key.upper()}  CER "
                f"{percent(Fraction(system['edits'], report['ref_chars']))} %  "
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
