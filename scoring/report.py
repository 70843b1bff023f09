"""Turn scores into the JSON object and the human lines the CLI prints."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .bootstrap import PairedDifference, fewest_resamples
from .errors import example_ids, plural
from .randomisation import RandomisationTest
from .robustness import FEW_CLUSTERS
from .scorer import ClipSet
from .statistics import SetStats

__all__ = [
    "ClusterShare",
    "cluster_shares",
    "format_cluster_shares",
    "score_report",
    "few_clusters_note",
    "empty_references_note",
    "few_resamples_note",
    "format_score_report",
    "round_half_up",
    "percent",
    "plural",
    "points",
]

DECIMALS = 2


def round_half_up(value: Fraction | float | int, decimals: int = DECIMALS) -> str:
    """``value`` to ``decimals`` places, halves rounded away from zero, from its exact value.

    CERs and aggregates arrive as exact fractions of integers, so 0.084750
    (= 339/4000) gives 8.48 on every machine, where formatting the float
    would give 8.47. A float (a bootstrap bound) is taken at its exact
    binary value. The sign is the value's: -0.001 prints as -0.00.
    """
    # In integers, not Fraction arithmetic: the card prints tens of thousands of numbers,
    # and reading a hand-written card compares each of its numbers with many figures.
    if isinstance(value, (Fraction, int)):
        numerator, denominator = value.numerator, value.denominator
    else:
        numerator, denominator = Fraction(value).as_integer_ratio()
    # floor(|x| * 10**decimals + 1/2): halves go up in magnitude
    whole = (2 * abs(numerator) * 10**decimals + denominator) // (2 * denominator)
    digits = str(whole).rjust(decimals + 1, "0")
    text = f"{digits[:-decimals]}.{digits[-decimals:]}" if decimals else digits
    return ("-" if numerator < 0 else "") + text


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
    exact: RandomisationTest | None = None,
    shares: Sequence[ClusterShare] | None = None,
) -> dict:
    """The ``--json`` object: unrounded fractions, ``b``/``diff`` only for two files,
    ``exact`` (the randomisation test over whole clusters) where clusters are few, and
    ``clusters`` (each cluster's share of A − B) where ``shares`` are given."""
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
    if exact is not None:
        report["exact"] = {
            "estimate": exact.estimate,
            # JSON has no infinity: an unbounded end is null.
            "low": exact.low if math.isfinite(exact.low) else None,
            "high": exact.high if math.isfinite(exact.high) else None,
            "p_value": exact.p_value,
            "clusters": exact.clusters,
            "assignments": exact.assignments,
            "enumerated": exact.exact,
            "level": exact.level,
            "tie": not exact.rejects,
        }
    if shares is not None:
        report["clusters"] = [
            {
                "cluster": r.cluster,
                "clips": r.clips,
                "ref_chars": r.ref_chars,
                "edits_a": r.edits_a,
                "edits_b": r.edits_b,
                "share": float(r.share),
            }
            for r in shares
        ]
    return report


def few_clusters_note(clip_set: ClipSet) -> str | None:
    """What to say of a set whose clusters are too few for the bootstrap to be trusted."""
    count = len(set(clip_set.clusters))
    if count >= FEW_CLUSTERS:
        return None
    return (
        f"set {clip_set.name!r} has {plural(count, 'cluster')} (fewer than {FEW_CLUSTERS}): "
        "its bootstrap interval is optimistic, too narrow to trust at its level; `exact` "
        "gives the randomisation test over whole clusters, valid at any number of them "
        "(see docs/verdicts.md)"
    )


def empty_references_note(clip_set: ClipSet, stats: Sequence[SetStats], ref_path) -> str | None:
    """What to say of clips whose reference is empty (no characters after normalisation):
    they are scored, not dropped, and only add edits to the set's CER."""
    empty = [index for index, chars in enumerate(stats[0].ref_chars) if chars == 0]
    if not empty:
        return None
    # The edit distance from nothing is the hypothesis's length: each character an insertion.
    inserted = ", ".join(
        f"{label} {int(system.edits[empty].sum())}" for label, system in zip("AB", stats)
    )
    has, its = ("has", "its") if len(empty) == 1 else ("have", "their")
    return (
        f"{ref_path}: {plural(len(empty), 'clip')} {has} an empty reference (no "
        f"characters after normalisation): {example_ids([clip_set.ids[i] for i in empty])}; "
        f"every character of {its} hypothesis counts as an insertion ({inserted} edits) "
        f"in the set's CER, over no reference characters of {its} own"
    )


def _exact_line(exact: dict) -> str:
    """The randomisation test's reading, under the bootstrap's: its interval (or why it has
    none), its p-value, its verdict, and the sign assignments it counted."""
    level = f"{exact['level'] * 100:g} %"
    if exact["low"] is None or exact["high"] is None:
        interval = f"{level} CI unbounded"
    else:
        interval = f"{level} CI [{points(exact['low'])}, {points(exact['high'])}]"
    verdict = (
        "tie"
        if exact["tie"]
        else ("A better (lower CER)" if exact["estimate"] < 0 else "B better (lower CER)")
    )
    clusters = plural(exact["clusters"], "cluster")
    counted = (
        f"all {exact['assignments']:,} sign assignments of {clusters}"
        if exact["enumerated"]
        else f"{exact['assignments'] - 1:,} random sign assignments of {clusters}, "
        "and the observed one"
    )
    p = exact["p_value"]  # never 0: the observed assignment is among those counted
    p_text = f"{p:.2g}" if p < 0.01 else f"{p:.3f}"  # as `verdicts` prints it
    return f"  exact  {interval}  p = {p_text}  {verdict}  ({counted})"


def few_resamples_note(resamples: int, level: float) -> str | None:
    """What to say of an interval drawn from too few resamples to place its ends: each lies
    between the two most extreme draws (``scoring.bootstrap.fewest_resamples``)."""
    fewest = fewest_resamples(level)
    if resamples >= fewest:
        return None
    return (
        f"{plural(resamples, 'resample')} cannot place the ends of a {level * 100:g} % "
        "interval: each lies between the two most extreme draws, wherever the level "
        f"puts it; use at least {fewest:,}"
    )


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
                f"({plural(system['edits'], 'edit')})  {system['file']}"
            )
    if "diff" in report:
        d = report["diff"]
        level = f"{d['level'] * 100:g} %"
        verdict = (
            "  tie"
            if d["tie"]
            else ("  A better (lower CER)" if d["estimate"] < 0 else "  B better (lower CER)")
        )
        lines.append(
            f"  A - B  {points(d['estimate'])} pp  {level} CI "
            f"[{points(d['low'])}, {points(d['high'])}]{verdict}"
        )
    if "exact" in report:
        lines.append(_exact_line(report["exact"]))
    lines.append(f"signature: {report['signature']}")
    return "\n".join(lines)


@dataclass(frozen=True)
class ClusterShare:
    """One cluster's part of a paired difference (sclite's per-speaker view, made paired)."""

    cluster: str
    clips: int
    ref_chars: int
    edits_a: int
    edits_b: int
    share: Fraction  # (E_A - E_B in this cluster) / all reference characters

    @property
    def cer_a(self) -> Fraction:
        return Fraction(self.edits_a, self.ref_chars) if self.ref_chars else Fraction(0)

    @property
    def cer_b(self) -> Fraction:
        return Fraction(self.edits_b, self.ref_chars) if self.ref_chars else Fraction(0)


def cluster_shares(a: SetStats, b: SetStats) -> list[ClusterShare]:
    """Each cluster's clips, characters, CERs and share of A − B, largest share first.

    The shares add up to the estimate CER_A − CER_B exactly.
    """
    total_chars = a.total_ref_chars
    rows: dict[str, list[int]] = {}
    for cluster, ea, eb, n in zip(a.clusters, a.edits, b.edits, a.ref_chars):
        row = rows.setdefault(cluster, [0, 0, 0, 0])
        row[0] += 1
        row[1] += int(n)
        row[2] += int(ea)
        row[3] += int(eb)
    shares = [
        ClusterShare(cluster, clips, chars, ea, eb, Fraction(ea - eb, total_chars))
        for cluster, (clips, chars, ea, eb) in rows.items()
    ]
    return sorted(shares, key=lambda row: (-abs(row.share), row.cluster))


def format_cluster_shares(shares: list[ClusterShare], estimate: Fraction, top: int) -> str:
    """The top clusters as a table, with the rest summed so the shares still add up."""
    shown = shares[:top]
    lines = [
        f"where A - B comes from: {len(shares)} clusters, "
        f"the {len(shown)} with the largest share first",
        f"  {'cluster':<24} {'clips':>6} {'ref chars':>10} {'CER A %':>8} "
        f"{'CER B %':>8} {'share pp':>9}",
    ]
    for row in shown:
        lines.append(
            f"  {row.cluster[:24]:<24} {row.clips:>6} {row.ref_chars:>10} "
            f"{percent(row.cer_a):>8} {percent(row.cer_b):>8} {points(row.share):>9}"
        )
    rest = shares[top:]
    if rest:
        lines.append(
            f"  {'(the other ' + str(len(rest)) + ')':<24} "
            f"{sum(r.clips for r in rest):>6} {sum(r.ref_chars for r in rest):>10} "
            f"{'':>8} {'':>8} {points(sum((r.share for r in rest), Fraction(0))):>9}"
        )
    lines.append(f"  {'total = A - B':<24} {'':>6} {'':>10} {'':>8} {'':>8} {points(estimate):>9}")
    return "\n".join(lines)
