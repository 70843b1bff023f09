"""The card's pictures: a forest plot of the paired differences at one
latency, and CER against latency for every set."""

from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # headless: CI and servers have no display

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402

from ..errors import ScoringError  # noqa: E402
from ..files import open_mode  # noqa: E402
from .compute import CardResult  # noqa: E402
from .spec import Column  # noqa: E402

__all__ = ["card_plots", "forest_plot", "latency_plot", "latency_plot_path", "check_plot_path"]

SUPPORTED = ("png", "svg", "pdf")


def check_plot_path(path: str | os.PathLike) -> Path:
    """A file we can draw: an existing folder, a known format, not a directory."""
    path = Path(path)
    if path.is_dir():
        raise ScoringError(path, "is a directory; give a file name such as forest.png")
    if not path.parent.is_dir():
        raise ScoringError(path, "its folder does not exist")
    if path.suffix.lstrip(".").lower() not in SUPPORTED:
        shown = path.suffix or "(no extension)"
        raise ScoringError(
            path,
            f"cannot draw a {shown} file; end the name in {', '.join('.' + s for s in SUPPORTED)}",
        )
    return path


def latency_plot_path(path: str | os.PathLike) -> Path:
    """Where the CER-against-latency picture goes, beside the forest plot."""
    path = Path(path)
    return path.with_name(f"{path.stem}-latency{path.suffix}")


def _save(figure, path: Path) -> Path:
    """Write through a temporary file and a rename: never half a picture."""
    suffix = path.suffix.lower()
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=suffix)
    os.close(handle)
    try:
        figure.savefig(temporary, dpi=130, format=suffix.lstrip("."))
        os.chmod(temporary, open_mode())  # mkstemp's 0600 is not what the user expects
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    finally:
        plt.close(figure)
    return path


def forest_plot(
    result: CardResult,
    path: str | os.PathLike,
    latency: int | None = None,
    fragile: frozenset = frozenset(),
    exact: dict | None = None,
) -> Path:
    """Draw each comparison's difference and interval per set, against zero.

    ``fragile``: the (latency, set, comparison key) whose verdict fewer than
    95 % of seeds agree with; drawn hollow and labelled, not told by colour alone.
    ``exact``: by the same keys, the randomisation test's interval (low, high; an
    infinite end where none is rejected), drawn as a thin black bar with end caps just
    below the bootstrap's thick one; an end beyond the panel is an arrow at its edge.
    """
    spec = result.spec
    path = check_plot_path(path)
    latency = spec.headline_latency if latency is None else latency
    comparisons = _comparisons_at(spec, latency)
    heights = [len(c.sets) for c in comparisons]
    figure, axes = plt.subplots(
        len(comparisons),
        1,
        sharex=True,
        squeeze=False,
        figsize=(8, 1.0 + 0.32 * sum(heights) + 0.5 * len(comparisons)),
        gridspec_kw={"height_ratios": heights},
    )
    exact = exact or {}
    edges = _forest_edges(result, comparisons, latency, exact)
    for axis, comparison in zip(axes[:, 0], comparisons):
        _forest_panel(axis, result, comparison, latency, fragile, exact, edges)
    axes[-1, 0].set_xlabel(
        f"CER A − B, percentage points, {latency} ms chunk "
        f"({spec.level * 100:g} % cluster-bootstrap interval)"
    )
    handles = _forest_handles(fragile, exact)
    figure.legend(handles=handles, loc="upper right", ncols=len(handles), fontsize=8, frameon=False)
    figure.tight_layout(rect=(0, 0, 1, 0.97))
    return _save(figure, path)


def _comparisons_at(spec, latency: int) -> list:
    """The comparisons the card publishes at ``latency``; refused where there are none, or
    where the card has no such latency."""
    if latency not in spec.latencies:
        raise ScoringError(
            spec.path, f"has no {latency} ms latency (its latencies: {list(spec.latencies)})"
        )
    comparisons = [c for c in spec.comparisons if latency in c.latencies]
    if not comparisons:
        raise ScoringError(
            spec.path, f"declares no comparisons at {latency} ms: there is nothing to plot"
        )
    return comparisons


def _forest_edges(
    result: CardResult, comparisons: list, latency: int, exact: dict
) -> tuple[float, float]:
    """The x range every panel shares: each interval drawn (and each finite end of an exact
    one) and zero, with a margin of 15 % of that span either side."""
    shown = [result.diffs[(latency, s, c.key)] for c in comparisons for s in c.sets]
    spread = [value * 100 for d in shown for value in (d.low, d.high)]
    spread += [
        value * 100
        for (at, _, _), ends in exact.items()
        if at == latency
        for value in ends
        if math.isfinite(value)
    ]
    margin = 0.15 * (max(spread + [0.0]) - min(spread + [0.0]) or 1.0)
    return (min(spread + [0.0]) - margin, max(spread + [0.0]) + margin)


def _forest_panel(
    axis,
    result: CardResult,
    comparison,
    latency: int,
    fragile: frozenset,
    exact: dict,
    edges: tuple[float, float],
) -> None:
    """One comparison's panel: a row per set, top down, each with its exact bar (where
    given) beneath the bootstrap interval, then the axis's limits, zero line and labels."""
    spec = result.spec
    diffs = [result.diffs[(latency, s, comparison.key)] for s in comparison.sets]
    rows = range(len(diffs))[::-1]
    for row, d, set_name in zip(rows, diffs, comparison.sets):
        ends = exact.get((latency, set_name, comparison.key))
        if ends is not None:
            _exact_bar(axis, row - 0.28, ends, edges)
        _bootstrap_row(axis, row, d, shaky=(latency, set_name, comparison.key) in fragile)
    axis.set_ylim(-0.7, len(diffs) - 0.3)  # same row spacing in every panel
    axis.set_xlim(*edges)
    axis.axvline(0, color="black", lw=0.8)
    axis.set_yticks(list(rows), [spec.set_names[s] for s in comparison.sets])
    suffix = " (split)" if comparison.split else ""
    axis.set_title(
        f"{spec.systems[comparison.a]}{suffix} − {spec.systems[comparison.b]}{suffix}",
        fontsize=9,
        loc="left",
    )
    axis.grid(axis="x", alpha=0.3)


def _bootstrap_row(axis, row: float, d, shaky: bool) -> None:
    """One difference: its interval and estimate, coloured by verdict; a fragile one is
    dashed, hollow and labelled, so that it is not told by colour alone."""
    colour = "0.55" if d.tie else ("tab:green" if d.estimate < 0 else "tab:red")
    axis.plot(
        [d.low * 100, d.high * 100],
        [row, row],
        color=colour,
        lw=2,
        ls=(0, (2, 1)) if shaky else "-",
    )
    axis.plot(
        d.estimate * 100,
        row,
        "D" if shaky else "o",
        color=colour,
        ms=6 if shaky else 5,
        markerfacecolor="white" if shaky else colour,
    )
    if shaky:
        axis.annotate(
            "fragile",
            (d.high * 100, row),
            xytext=(4, 0),
            textcoords="offset points",
            va="center",
            fontsize=7,
        )


def _forest_handles(fragile: frozenset, exact: dict) -> list[Line2D]:
    """The forest plot's legend: the three verdicts' colours, and the fragile and exact
    marks where the plot draws any."""
    handles = [
        Line2D([], [], color=c, marker="o", lw=2, label=label)
        for c, label in (("tab:green", "A better"), ("tab:red", "B better"), ("0.55", "tie"))
    ]
    if fragile:
        handles.append(
            Line2D(
                [],
                [],
                color="0.3",
                marker="D",
                markerfacecolor="white",
                lw=2,
                ls=(0, (2, 1)),
                label="fragile (< 95 % of seeds agree)",
            )
        )
    if exact:
        handles.append(
            Line2D(
                [],
                [],
                color="black",
                marker="|",
                lw=0.9,
                ms=6,
                label="exact (randomisation) interval",
            )
        )
    return handles


def card_plots(
    result: CardResult, path: str | os.PathLike, latency: int | None = None
) -> list[Path]:
    """``card --plot``: the forest plot at ``latency`` (the headline's by default), with the
    verdicts' fragile rows and exact intervals, and, where the card has more than one
    latency, the CER-against-latency picture beside it. Returns the files written."""
    from .verdicts import card_verdicts

    rows = card_verdicts(result).rows
    fragile = frozenset((row.latency, row.set_name, row.comparison) for row in rows if row.fragile)
    exact = {
        (row.latency, row.set_name, row.comparison): (row.exact_low, row.exact_high) for row in rows
    }
    written = [forest_plot(result, path, latency=latency, fragile=fragile, exact=exact)]
    if len(result.spec.latencies) > 1:
        written.append(latency_plot(result, latency_plot_path(path)))
    return written


def _exact_bar(axis, y: float, ends: tuple[float, float], edges: tuple[float, float]) -> None:
    """The randomisation interval: thin, black, capped; an end off the panel (or none at
    all: no shift is rejected) is an arrow at the panel's edge."""
    low, high = (value * 100 for value in ends)
    left, right = max(low, edges[0]), min(high, edges[1])
    axis.plot([left, right], [y, y], color="black", lw=0.9)
    for end, inside, arrow in ((low, left, "<"), (high, right, ">")):
        axis.plot(
            inside, y, arrow if end != inside else "|", color="black", ms=4 if end != inside else 6
        )


def latency_plot(result: CardResult, path: str | os.PathLike) -> Path:
    """CER against chunk latency: one small panel per set and aggregate, a line per system."""
    spec = result.spec
    path = check_plot_path(path)
    latencies = sorted(spec.latencies)
    panels = _latency_panels(result)
    columns = min(4, len(panels))
    rows = math.ceil(len(panels) / columns)
    figure, axes = plt.subplots(
        rows, columns, squeeze=False, figsize=(2.6 * columns, 2.1 * rows + 0.6)
    )
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for index, (title, value_of) in enumerate(panels):
        _latency_panel(axes.flat[index], spec, title, value_of, latencies, colours)
    for axis in axes.flat[len(panels) :]:
        axis.set_visible(False)
    for column in range(columns):  # the lowest visible panel of each column
        last = max(i for i in range(len(panels)) if i % columns == column)
        axes.flat[last].set_xlabel("chunk latency (ms)", fontsize=7.5)
    for axis in axes[:, 0]:
        axis.set_ylabel("CER (%)", fontsize=7.5)
    handles = [
        Line2D([], [], color=colours[n % len(colours)], marker="o", lw=1.5, label=display)
        for n, display in enumerate(spec.systems.values())
    ]
    handles.append(
        Line2D([], [], color="0.4", ls="--", lw=0.8, label=f"headline ({spec.headline_latency} ms)")
    )
    figure.legend(
        handles=handles, loc="upper center", ncols=min(5, len(handles)), fontsize=7.5, frameon=False
    )
    figure.tight_layout(rect=(0, 0, 1, 1 - 0.45 / (2.1 * rows + 0.6)))
    return _save(figure, path)


def _latency_panels(result: CardResult) -> list:
    """(title, CER of a system at a latency or None) for each panel: every set, then every
    aggregate published at more than one latency."""
    spec = result.spec
    panels = [
        (spec.set_names[s], lambda L, system, s=s: result.cers.get((L, s, Column(system).key)))
        for s in spec.sets
    ]
    panels += [
        (f"{a.display}", lambda L, system, a=a: result.aggregates.get((L, a.key, system)))
        for a in spec.aggregates
        if len(a.latencies) > 1
    ]
    return panels


def _latency_panel(axis, spec, title: str, value_of, latencies: list, colours: list) -> None:
    """One set's (or aggregate's) panel: a line per system over the latencies it has, the
    headline latency dashed, on a log axis ticked at the card's latencies."""
    for number, system in enumerate(spec.systems):
        points = [(L, value_of(L, system)) for L in latencies]
        points = [(L, v * 100) for L, v in points if v is not None]
        if not points:
            continue
        xs, ys = zip(*points)
        axis.plot(
            xs,
            ys,
            marker="o",
            ms=3.5,
            lw=1.5 if len(xs) > 1 else 0,
            color=colours[number % len(colours)],
        )
    axis.axvline(spec.headline_latency, color="0.4", lw=0.8, ls="--")
    axis.set_title(title, fontsize=8.5, loc="left")
    axis.set_xscale("log")
    axis.set_xticks(latencies, [str(L) for L in latencies])
    axis.minorticks_off()
    axis.tick_params(labelsize=7)
    axis.grid(alpha=0.3)
