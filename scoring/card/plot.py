"""A forest plot of every paired difference: the picture of the card."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # headless: CI and servers have no display

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402

from .compute import CardResult  # noqa: E402
from ..errors import ScoringError  # noqa: E402

__all__ = ["forest_plot"]


def forest_plot(result: CardResult, path: str | os.PathLike) -> Path:
    """Draw each comparison's difference and interval per set, against zero."""
    spec = result.spec
    comparisons = spec.comparisons
    if not comparisons:
        raise ScoringError(spec.path, "declares no comparisons: there is nothing to plot")
    heights = [len(c.sets) for c in comparisons]
    figure, axes = plt.subplots(
        len(comparisons), 1, sharex=True, squeeze=False,
        figsize=(8, 1.0 + 0.32 * sum(heights) + 0.5 * len(comparisons)),
        gridspec_kw={"height_ratios": heights},
    )
    for axis, comparison in zip(axes[:, 0], comparisons):
        diffs = [result.diffs[(s, comparison.key)] for s in comparison.sets]
        rows = range(len(diffs))[::-1]
        for row, d in zip(rows, diffs):
            colour = "0.55" if d.tie else ("tab:green" if d.estimate < 0 else "tab:red")
            axis.plot([d.low * 100, d.high * 100], [row, row], color=colour, lw=2)
            axis.plot(d.estimate * 100, row, "o", color=colour, ms=5)
        axis.set_ylim(-0.7, len(diffs) - 0.3)  # same row spacing in every panel
        axis.axvline(0, color="black", lw=0.8)
        axis.set_yticks(list(rows), [spec.set_names[s] for s in comparison.sets])
        suffix = " (split)" if comparison.split else ""
        axis.set_title(f"{spec.systems[comparison.a]}{suffix} − "
                       f"{spec.systems[comparison.b]}{suffix}", fontsize=9, loc="left")
        axis.grid(axis="x", alpha=0.3)
    axes[-1, 0].set_xlabel(
        f"CER A − B, percentage points ({spec.level * 100:g} % cluster-bootstrap interval)")
    figure.legend(
        handles=[Line2D([], [], color=c, marker="o", lw=2, label=label) for c, label in
                 (("tab:green", "A better"), ("tab:red", "B better"), ("0.55", "tie"))],
        loc="upper right", ncols=3, fontsize=8, frameon=False)
    figure.tight_layout(rect=(0, 0, 1, 0.97))

    path = Path(path)
    if not path.parent.is_dir():
        raise ScoringError(path, "its folder does not exist")
    suffix = path.suffix or ".png"
    if suffix.lstrip(".") not in figure.canvas.get_supported_filetypes():
        plt.close(figure)
        raise ScoringError(path, f"cannot draw a {suffix} file; use .png, .svg or .pdf")
    handle, temporary = tempfile.mkstemp(dir=path.parent or ".", suffix=suffix)
    os.close(handle)
    try:
        figure.savefig(temporary, dpi=130, format=suffix.lstrip("."))
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    finally:
        plt.close(figure)
    return path
