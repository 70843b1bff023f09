"""The card's verdicts, looked at twice: `python -m scoring verdicts [ROOT]`.

For every paired comparison of the card, at every latency: the published
estimate, interval and verdict, unchanged; their **stability** under other
seeds of the same recipe; whether a "better" survives **Holm's correction**
over the card's family of comparisons; the interval's **resolution** (its
half-width); and beside the bootstrap, the **exact reading**: the paired
randomisation test over whole clusters (``scoring.randomisation``), its
p-value, its interval and its own Holm reading, with a mark where the two
readings disagree. Only per-cluster statistics are used, so nothing is
normalised again; each comparison's results are cached by a digest of its
inputs.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
from dataclasses import asdict, dataclass
from functools import lru_cache, partial
from pathlib import Path

import numpy as np
from tqdm import tqdm

from ..batch import cache_directory
from ..bootstrap import cluster_sums
from ..files import write_text_atomically
from ..memo import Memo
from ..randomisation import EXACT_UP_TO, check_draws, randomisation_test
from ..report import points
from ..robustness import (
    FEW_CLUSTERS,
    FRAGILE_BELOW,
    check_settings,
    p_value,
    seed_intervals,
    stability,
    verdict_of,
)
from .compute import CardResult
from .render import Table, comparison_title, format_figure
from .spec import VERDICT_FAMILIES, Column, diff_figure

__all__ = [
    "VerdictRow",
    "CardVerdicts",
    "card_verdicts",
    "format_verdicts",
    "verdicts_json",
    "verdicts_table",
]

# Bump when what is cached per comparison changes meaning.
_CACHE_VERSION = "1"
# Set (to anything but 0) to compute every comparison afresh: mutation testing does, since
# a mutant changes the code without changing its source text.
NO_VERDICTS_CACHE_ENV = "SCORING_NO_VERDICTS_CACHE"
RESOLVES_PP = 1.0  # the resolution column says whether a 1 pp difference can be resolved


@dataclass(frozen=True)
class VerdictRow:
    latency: int
    set_name: str
    comparison: str  # comparison key
    estimate: float  # published, fractions
    low: float
    high: float
    verdict: str  # published: tie, A better, B better
    agree: float  # share of seeds giving the published verdict
    low_sd: float  # Monte Carlo spread of the bounds across seeds (fractions)
    high_sd: float
    fragile: bool
    p_value: float
    holm: bool  # the null is rejected by Holm over the row's family
    clusters: int  # what the bootstrap resamples
    # The exact reading: the randomisation test over whole clusters.
    exact_p: float = float("nan")
    exact_low: float = float("nan")  # -inf/+inf: no shift, however far, is rejected
    exact_high: float = float("nan")
    exact_holm: bool = False  # 'no difference' rejected by Holm over the exact p-values
    assignments: int = 0  # sign assignments counted, the observed one included
    enumerated: bool = False  # every assignment (else a Monte Carlo sample of them)
    level: float = 0.95

    @property
    def few_clusters(self) -> bool:
        """Too few clusters for the bootstrap's tails: its p-value and interval are optimistic."""
        return self.clusters < FEW_CLUSTERS

    @property
    def figure(self) -> str:
        return diff_figure(self.latency, self.set_name, self.comparison, "tie").rsplit("/", 1)[0]

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    @property
    def holm_reading(self) -> str:
        """What Holm says of the published verdict: a 'better' survives or does not."""
        return _holm_reading(self.verdict, self.holm)

    @property
    def exact_bounded(self) -> bool:
        return bool(np.isfinite(self.exact_low) and np.isfinite(self.exact_high))

    @property
    def exact_verdict(self) -> str:
        """The randomisation test's verdict at the card's level: 'tie' unless it rejects."""
        if self.clusters < 2 or self.exact_p > 1.0 - self.level:
            return "tie"
        return "A better" if self.estimate < 0 else "B better"

    @property
    def exact_holm_reading(self) -> str:
        return _holm_reading(self.exact_verdict, self.exact_holm)

    @property
    def readings_differ(self) -> bool:
        """The bootstrap and the exact test give different verdicts."""
        return self.verdict != self.exact_verdict

    @property
    def disagreement(self) -> str:
        """'bootstrap: better; exact: tie', where the two readings differ; else ''."""
        if not self.readings_differ:
            return ""
        word = lambda verdict: "tie" if verdict == "tie" else "better"  # noqa: E731
        return f"bootstrap: {word(self.verdict)}; exact: {word(self.exact_verdict)}"


def _holm_reading(verdict: str, rejected: bool) -> str:
    if verdict == "tie":
        return "tie" if not rejected else "tie (p below Holm's threshold)"
    return "survives" if rejected else "does not survive"


@dataclass(frozen=True)
class CardVerdicts:
    rows: tuple[VerdictRow, ...]
    seeds: int
    resamples: int
    family: str
    alpha: float
    family_sizes: dict[str, int]
    draws: int = 100_000  # the randomisation test's random assignments, above 20 clusters


@lru_cache(maxsize=1)
def _code_digest() -> str:
    """The code that computes what is cached: an edit to it is never served old results."""
    from .. import bootstrap, randomisation, robustness

    return hashlib.sha256(
        "".join(
            inspect.getsource(module) for module in (robustness, bootstrap, randomisation)
        ).encode()
    ).hexdigest()


def _cache_path(arrays, settings: str) -> Path | None:
    root = cache_directory()
    if root is None or os.environ.get(NO_VERDICTS_CACHE_ENV, "") not in ("", "0"):
        return None
    digest = hashlib.sha256(f"verdicts {_CACHE_VERSION} {_code_digest()} {settings}".encode())
    for array in arrays:
        digest.update(np.ascontiguousarray(array, dtype=np.int64).tobytes() + b"|")
    return root / "verdicts" / f"{digest.hexdigest()[:40]}.json"


def _cached(arrays, settings: str, compute) -> dict:
    """``compute()``, kept by a digest of the per-cluster sums and the settings: stability and
    p-values are pure functions of them."""
    path = _cache_path(arrays, settings)
    if path is None:
        return compute()
    # A process that publishes a card several times reads each entry once (see memo.py).
    return _READ_LOOKS.get(path, lambda: _read_or_compute(path, compute))


_READ_LOOKS = Memo(kept=1 << 14)


def _read_or_compute(path: Path, compute) -> dict:
    if path.is_file():
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass  # a damaged entry is computed again
    found = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomically(path, json.dumps(found))
    except OSError:
        pass  # a cache that cannot be written only costs time
    return found


def _look_parts(
    edits_a,
    edits_b,
    ref_chars,
    verdict: str,
    *,
    seed: int | None,
    seeds: int,
    resamples: int,
    p_resamples: int,
    level: float,
    draws: int,
) -> list:
    """The three parts of one comparison's second look, each ``(settings, compute)``, cached
    on its own: stability under ``seeds`` seeds, the bootstrap p-value, the exact reading."""
    first = 0 if seed is None else seed

    def stable() -> dict:
        if not seeds:  # a row not shown: only its p-value counts (in Holm's family)
            return {
                "seeds": 0,
                "agree": float("nan"),
                "low_sd": float("nan"),
                "high_sd": float("nan"),
            }
        intervals = seed_intervals(
            edits_a,
            edits_b,
            ref_chars,
            range(first, first + seeds),
            resamples=resamples,
            level=level,
        )
        return asdict(stability(verdict, intervals))

    return [
        (f"stability {first} {seeds} {resamples} {level!r} {verdict}", stable),
        (
            f"p {seed} {p_resamples}",
            lambda: {"p": p_value(edits_a, edits_b, ref_chars, resamples=p_resamples, seed=seed)},
        ),
        (
            f"exact {seed} {draws} {level!r}",
            lambda: _exact(edits_a, edits_b, ref_chars, level, draws, seed),
        ),
    ]


def _second_look(edits_a, edits_b, ref_chars, verdict: str, **options) -> dict:
    """Stability, the bootstrap p-value and the exact reading of one comparison."""
    arrays = (edits_a, edits_b, ref_chars)
    stable, p, exact = (
        _cached(arrays, settings, compute)
        for settings, compute in _look_parts(edits_a, edits_b, ref_chars, verdict, **options)
    )
    return {**stable, "p_value": p["p"], **exact}


def _looked_at_already(job) -> bool:
    """Whether every part of the job's second look is cached: read here, not in a pool."""
    (edits_a, edits_b, ref_chars, verdict), options = job
    arrays = (edits_a, edits_b, ref_chars)
    for settings, _ in _look_parts(edits_a, edits_b, ref_chars, verdict, **options):
        path = _cache_path(arrays, settings)
        if path is None or not (path in _READ_LOOKS or path.is_file()):
            return False
    return True


def _exact(edits_a, edits_b, ref_chars, level: float, draws: int, seed: int | None) -> dict:
    test = randomisation_test(edits_a, edits_b, ref_chars, level=level, draws=draws, seed=seed)
    # JSON keeps no infinity: an unbounded end is kept as None.
    return {
        "exact_p": test.p_value,
        "exact_low": test.low if test.bounded else None,
        "exact_high": test.high if test.bounded else None,
        "assignments": test.assignments,
        "enumerated": test.exact,
    }


def _look(job) -> dict:
    args, options = job
    return _second_look(*args, **options)


def _all_looks(jobs: list, progress: bool | None) -> list[dict]:
    """Every comparison's second look; on every core when it pays (each one is cached on its
    own, so the workers never wait for each other)."""
    import multiprocessing
    import threading

    from ..batch import worker_count
    from ..children import worker_pool

    disable = None if progress is None else not progress
    # What the cache holds is read here: a pool of workers only for what it lacks.
    to_compute = [index for index, job in enumerate(jobs) if not _looked_at_already(job)]
    looks: list = [None] * len(jobs)
    workers = min(worker_count(), len(to_compute))
    # As the normaliser's pool: fork a single-threaded process only, never inside an
    # xdist worker (its siblings keep every core busy).
    if (
        workers > 1
        and len(to_compute) >= 8
        and "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
        and "PYTEST_XDIST_WORKER" not in os.environ
    ):
        context = multiprocessing.get_context("fork")
        with worker_pool(workers, context) as pool:
            computed = tqdm(
                pool.map(_look, [jobs[i] for i in to_compute]),
                total=len(to_compute),
                desc="verdicts",
                unit="pair",
                disable=disable,
                leave=False,
            )
            for index, look in zip(to_compute, computed):
                looks[index] = look
    else:
        for index in tqdm(to_compute, desc="verdicts", unit="pair", disable=disable, leave=False):
            looks[index] = _look(jobs[index])
    return [look if look is not None else _look(job) for look, job in zip(looks, jobs)]


def card_verdicts(
    result: CardResult,
    *,
    seeds: int | None = None,
    resamples: int | None = None,
    family: str | None = None,
    latency: int | None = None,
    progress: bool | None = None,
    draws: int | None = None,
) -> CardVerdicts:
    """Every comparison of the card with its stability, p-value and Holm verdict, and its
    exact reading beside them.

    Defaults come from the card's ``[verdicts]`` table (200 seeds, 100,000
    resamples, 100,000 random sign assignments, the whole card as one family).
    With ``latency``, only that latency's rows are returned; Holm still counts
    the whole family.
    """
    spec = result.spec
    shown = latency  # the loops below name their own latencies
    seeds, resamples, draws, family = _verdict_settings(spec, seeds, resamples, draws, family)
    alpha = 1.0 - spec.level
    keys = list(result.diffs)
    groups = _holm_families(keys, family)
    largest_family = max((len(g) for g in groups.values()), default=1)
    check_settings(seeds=seeds, resamples=resamples, alpha=alpha, family_size=largest_family)
    check_draws(draws, family_size=largest_family, alpha=alpha)

    jobs, published = _verdict_jobs(
        result, keys, shown, seeds=seeds, p_resamples=resamples, draws=draws
    )
    looks = _all_looks(jobs, progress)
    rejected = _holm(groups, looks, "p_value", alpha)
    exact_rejected = _holm(groups, looks, "exact_p", alpha)
    rows = tuple(
        _verdict_row(key, made, look, rejected[i], exact_rejected[i], spec.level)
        for i, (key, made, look) in enumerate(zip(keys, published, looks))
        if shown in (None, key[0])
    )
    return CardVerdicts(
        rows,
        seeds,
        resamples,
        family,
        alpha,
        {name: len(members) for name, members in groups.items()},
        draws,
    )


def _verdict_settings(
    spec, seeds: int | None, resamples: int | None, draws: int | None, family: str | None
) -> tuple[int, int, int, str]:
    """(seeds, resamples, draws, family): each as given, or else as the card's
    ``[verdicts]`` table sets it; a family that is neither 'card' nor 'latency' is refused."""
    from ..errors import ScoringError

    seeds = spec.verdict_seeds if seeds is None else seeds
    resamples = spec.verdict_resamples if resamples is None else resamples
    draws = spec.verdict_draws if draws is None else draws
    family = spec.verdict_family if family is None else family
    if family not in VERDICT_FAMILIES:
        raise ScoringError(
            "--family", f"must be one of {', '.join(VERDICT_FAMILIES)}, not {family!r}"
        )
    return seeds, resamples, draws, family


def _holm_families(keys: list, family: str) -> dict[str, list[int]]:
    """The indices of ``keys`` (latency, set, comparison) in each of Holm's families: the
    whole card as one ('card'), or one per latency."""
    groups: dict[str, list[int]] = {}
    for index, (latency, _, _) in enumerate(keys):
        groups.setdefault("card" if family == "card" else f"{latency}ms", []).append(index)
    return groups


def _verdict_jobs(
    result: CardResult, keys: list, shown: int | None, *, seeds: int, p_resamples: int, draws: int
) -> tuple[list, list]:
    """Each comparison's second look as a job for ``_all_looks``, and what the card published
    of it: (difference, verdict, clusters). A row at a latency other than ``shown`` takes no
    seeds: only its p-values count (in Holm's family)."""
    spec = result.spec
    jobs, published = [], []
    for latency, set_name, key in keys:
        comparison = next(c for c in spec.comparisons if c.key == key)
        a = result.stats[(latency, set_name, Column(comparison.a, comparison.split).key)]
        b = result.stats[(latency, set_name, Column(comparison.b, comparison.split).key)]
        diff = result.diffs[(latency, set_name, key)]
        verdict = verdict_of(diff.low, diff.high)
        edits_a, edits_b, ref_chars = cluster_sums(a.clusters, a.edits, b.edits, a.ref_chars)
        jobs.append(
            (
                (edits_a, edits_b, ref_chars, verdict),
                dict(
                    seed=spec.seed,
                    seeds=seeds if shown in (None, latency) else 0,
                    resamples=spec.resamples,
                    p_resamples=p_resamples,
                    level=spec.level,
                    draws=draws,
                ),
            )
        )
        published.append((diff, verdict, ref_chars.size))
    return jobs, published


def _holm(groups: dict[str, list[int]], looks: list[dict], p_name: str, alpha: float) -> list[bool]:
    """Holm's step-down within each family, over one kind of p-value (``p_name`` of each
    look): whether each comparison's null is rejected."""
    from ..robustness import holm_rejections

    rejected = [False] * len(looks)
    for members in groups.values():
        for index, reject in zip(
            members, holm_rejections([looks[i][p_name] for i in members], alpha)
        ):
            rejected[index] = reject
    return rejected


def _verdict_row(
    key: tuple, published: tuple, look: dict, holm: bool, exact_holm: bool, level: float
) -> VerdictRow:
    """One comparison's row: what the card published beside its second look, where an
    unbounded end of the exact interval (None, as JSON keeps it) is an infinity again."""
    latency, set_name, comparison = key
    diff, verdict, clusters = published
    return VerdictRow(
        latency,
        set_name,
        comparison,
        diff.estimate,
        diff.low,
        diff.high,
        verdict,
        look["agree"],
        look["low_sd"],
        look["high_sd"],
        look["agree"] < FRAGILE_BELOW,
        look["p_value"],
        holm,
        clusters,
        look["exact_p"],
        -np.inf if look["exact_low"] is None else look["exact_low"],
        np.inf if look["exact_high"] is None else look["exact_high"],
        exact_holm,
        look["assignments"],
        look["enumerated"],
        level,
    )


def _p_text(value: float, resamples: int) -> str:
    return (
        f"< {2 / resamples:.1g}"
        if value == 0
        else f"{value:.2g}"
        if value < 0.01
        else f"{value:.3f}"
    )


def _exact_interval_text(row: VerdictRow) -> str:
    """The randomisation interval as the card prints differences; said in words where there
    is none to give."""
    if row.clusters < 2:
        return "no test: one cluster"
    if not row.exact_bounded:
        return f"unbounded: {row.clusters} clusters"
    return f"[{points(row.exact_low)}, {points(row.exact_high)}]"


def _exact_verdict_text(row: VerdictRow) -> str:
    return row.exact_verdict + (" ≠" if row.readings_differ else "")


def verdicts_table(result: CardResult, verdicts: CardVerdicts, latency: int | None = None) -> Table:
    """One row per comparison (at ``latency``, or every latency): markdown-ready."""
    rows = [
        _verdicts_cells(result, verdicts, row)
        for row in verdicts.rows
        if latency is None or row.latency == latency
    ]
    header = (
        "Set",
        "A − B",
        "A − B (pp)",
        f"{result.spec.level * 100:g} % interval",
        "verdict",
        "seeds agreeing",
        "bound spread (pp)",
        "p",
        "Holm",
        "exact interval (pp)",
        "exact p",
        "exact verdict",
        "exact Holm",
        "± (pp)",
        "clusters",
    )
    return Table(
        header, _VERDICTS_ALIGNMENT, tuple(rows), tuple((None,) * len(header) for _ in rows)
    )


# How each column of the verdicts table is aligned: the names left, the numbers right.
_VERDICTS_ALIGNMENT = (
    "---",
    "---",
    "---:",
    "---:",
    "---",
    "---:",
    "---:",
    "---:",
    "---",
    "---:",
    "---:",
    "---",
    "---",
    "---:",
    "---:",
)


def _verdicts_cells(result: CardResult, verdicts: CardVerdicts, row: VerdictRow) -> tuple:
    """One comparison's row of the verdicts table, its figures printed as the card prints
    them, its marks (◇ fragile, ≠ readings differ, † few clusters) beside them."""
    spec = result.spec
    comparison = next(c for c in spec.comparisons if c.key == row.comparison)
    name = partial(diff_figure, row.latency, row.set_name, row.comparison)
    verdict = row.verdict + (" ◇ fragile" if row.fragile else "")
    return (
        f"{spec.set_names[row.set_name]}, {row.latency} ms",
        comparison_title(result, comparison),
        format_figure(result, name("estimate")),
        f"[{format_figure(result, name('low'))}, {format_figure(result, name('high'))}]",
        verdict,
        f"{row.agree * 100:.1f} %",
        f"±{row.low_sd * 100:.2f} / ±{row.high_sd * 100:.2f}",
        _p_text(row.p_value, verdicts.resamples),
        row.holm_reading,
        _exact_interval_text(row),
        _p_text(row.exact_p, verdicts.draws),
        _exact_verdict_text(row),
        row.exact_holm_reading,
        points(row.half_width)[1:],
        f"{row.clusters}{' †' if row.few_clusters else ''}",
    )


def format_verdicts(result: CardResult, verdicts: CardVerdicts, *, markdown: bool = False) -> str:
    spec = result.spec
    fragile = [r for r in verdicts.rows if r.fragile]
    casualties = [r for r in verdicts.rows if r.verdict != "tie" and not r.holm]
    better = [r for r in verdicts.rows if r.verdict != "tie"]
    families = ", ".join(f"{name}: {size}" for name, size in verdicts.family_sizes.items())
    summary = [
        f"{len(verdicts.rows)} comparisons; {len(better)} published as better, "
        f"{len(verdicts.rows) - len(better)} ties.",
        f"Stability: {verdicts.seeds} seeds of the published recipe ({spec.resamples} "
        f"resamples each, seeds {spec.seed if spec.seed is not None else 0} onward); "
        f"{len(fragile)} verdicts are fragile (fewer than 95 % of seeds agree) ◇.",
        f"Family-wise: bootstrap p-values from {verdicts.resamples} resamples, Holm at "
        f"{verdicts.alpha:g} over "
        f"{'the whole card' if verdicts.family == 'card' else 'each latency'}"
        f" ({families}); {len(better) - len(casualties)} of {len(better)} 'better' verdicts "
        "survive.",
        f"Resolution: ± is the interval's half-width; "
        f"{sum(r.half_width * 100 < RESOLVES_PP for r in verdicts.rows)} of "
        f"{len(verdicts.rows)} comparisons can resolve a {RESOLVES_PP:g} pp difference.",
        f"Exact reading: the paired randomisation test over whole clusters (every sign "
        f"assignment up to {EXACT_UP_TO} clusters, {verdicts.draws} random ones above), "
        f"exact at any number of clusters. Of {len(better)} published 'better' verdicts, "
        f"{sum(r.exact_verdict != 'tie' for r in better)} hold under the exact test, and "
        f"{sum(r.exact_holm for r in better)} survive Holm over its p-values. The two "
        f"readings differ on {sum(r.readings_differ for r in verdicts.rows)} rows (≠).",
        f"Clusters: {sum(r.few_clusters for r in verdicts.rows)} comparisons rest on fewer "
        f"than {FEW_CLUSTERS} clusters (†), where the calibration measured the bootstrap "
        "optimistic (its intervals too narrow, its p-values too small): read the exact "
        "columns there. With 5 clusters or fewer no test can reject at 5 % (the smallest "
        "p-value is 2/2^C): the exact interval is unbounded.",
    ]
    table = verdicts_table(result, verdicts)
    if markdown:
        return (
            "\n".join(
                [
                    f"# Verdicts of {spec.title}, looked at twice",
                    "",
                    *[f"- {line}" for line in summary],
                    "",
                    table.markdown(),
                ]
            )
            + "\n"
        )
    widths = [max(len(cell) for cell in column) for column in zip(table.header, *table.rows)]
    lines = [f"verdicts of {spec.title}", *[f"  {line}" for line in summary], ""]
    for cells in (table.header, *table.rows):
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(cells, widths)).rstrip())
    return "\n".join(lines) + "\n"


def verdicts_json(result: CardResult, verdicts: CardVerdicts) -> dict:
    return {
        "signature": result.signature,
        "seeds": verdicts.seeds,
        "resamples": verdicts.resamples,
        "family": verdicts.family,
        "alpha": verdicts.alpha,
        "family_sizes": verdicts.family_sizes,
        "comparisons": [
            {
                "figure": row.figure,
                "latency_ms": row.latency,
                "set": row.set_name,
                "comparison": row.comparison,
                "estimate": row.estimate,
                "low": row.low,
                "high": row.high,
                "verdict": row.verdict,
                "seeds_agreeing": row.agree,
                "low_sd": row.low_sd,
                "high_sd": row.high_sd,
                "fragile": row.fragile,
                "p_value": row.p_value,
                "holm_rejects": row.holm,
                "holm": row.holm_reading,
                "half_width": row.half_width,
                "clusters": row.clusters,
                "few_clusters": row.few_clusters,
                # JSON has no infinity: an unbounded end is null.
                "exact_low": row.exact_low if row.exact_bounded else None,
                "exact_high": row.exact_high if row.exact_bounded else None,
                "exact_p": row.exact_p,
                "exact_verdict": row.exact_verdict,
                "exact_holm_rejects": row.exact_holm,
                "exact_holm": row.exact_holm_reading,
                "exact_assignments": row.assignments,
                "exact_enumerated": row.enumerated,
                "readings_differ": row.readings_differ,
                "disagreement": row.disagreement or None,
            }
            for row in verdicts.rows
        ],
        "draws": verdicts.draws,
    }
