"""What a normaliser change does to the card, on one screen.

Two views of the same card are compared: before (another git revision's
normaliser, or the golden snapshots the gate pins) and after (the working
tree's normaliser). The report says, most important first, which published
conclusions flipped, which figures moved and by how much, and which clips
moved most, with their normalised texts and aligned edits.

A conclusion is what a reader takes from the card: a paired difference's
verdict (tie, A better, B better), the sign of its estimate, and the order of
the systems in each row of a CER table or aggregate.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ..alignment import align
from ..report import points
from .compute import CardResult, CardTexts
from .render import exact_value, format_value
from .spec import CardSpec, parse_figure

__all__ = [
    "ClipMove",
    "Impact",
    "compare",
    "conclusions",
    "format_impact",
    "impact_against_golden",
    "impact_against_revision",
]

CLIPS_PER_SET = 3
CLIP_LABEL_WIDTH = len("hypothesis before:")  # every clip text starts in one column


def conclusions(spec: CardSpec, figures: Mapping[str, float | bool]) -> dict[str, str]:
    """Every conclusion a reader draws from the card, by a stable key."""
    found: dict[str, str] = {}
    rows: dict[str, list[tuple[float, int, str]]] = {}
    order = {system: n for n, system in enumerate(spec.systems)}
    for name, value in figures.items():
        figure = parse_figure(name)
        prefix = name.rsplit("/", 1)[0]
        if figure.kind == "diff" and figure.part == "tie":
            estimate = figures[f"{prefix}/estimate"]
            found[f"verdict of {prefix}"] = (
                "tie" if value else "A better" if estimate < 0 else "B better"
            )
        elif figure.kind == "diff" and figure.part == "estimate":
            found[f"sign of {prefix}"] = (
                "negative" if value < 0 else ("positive" if value > 0 else "zero")
            )
        elif figure.kind in ("cer", "aggregate"):
            split = figure.column.endswith("_split")
            system = figure.column.removesuffix("_split") if split else figure.column
            row = f"{figure.kind}/{figure.latency_ms}ms/{figure.subject}" + (
                " (split)" if split else ""
            )
            rows.setdefault(row, []).append((value, order.get(system, 0), system))
    for row, entries in rows.items():
        if len(entries) > 1:
            ranked = sorted(entries)
            found[f"ranking in {row}"] = " < ".join(
                spec.systems.get(system, system) for _, _, system in ranked
            )
    return found


@dataclass(frozen=True)
class ClipMove:
    """One clip of one stream whose statistics moved."""

    set_name: str
    latency: int
    column: str
    clip_id: str
    before: tuple[int, int] | None  # (edits, reference characters)
    after: tuple[int, int]
    ref_before: str | None = None  # normalised texts, where known
    hyp_before: str | None = None
    ref_after: str | None = None
    hyp_after: str | None = None

    @property
    def change(self) -> int:
        return self.after[0] - (self.before[0] if self.before else 0)

    def counts(self) -> str:
        """'4 -> 4 edits over 28 -> 26 reference characters': edits, and the reference's
        length where it moved too (a rule that rewrites the reference moves both)."""
        if self.before is None:
            return f"absent -> {self.after[0]} edits over {self.after[1]} reference characters"
        chars = (
            f"{self.after[1]}"
            if self.before[1] == self.after[1]
            else f"{self.before[1]} -> {self.after[1]}"
        )
        return f"{self.before[0]} -> {self.after[0]} edits over {chars} reference characters"


@dataclass(frozen=True)
class Impact:
    title: str
    against: str
    flips: tuple[tuple[str, str, str], ...]  # (conclusion, before, after)
    moved: tuple[tuple[str, float | bool, float | bool], ...]  # (figure, before, after)
    figures: int
    clips: dict[str, tuple[ClipMove, ...]] = field(default_factory=dict)
    clips_moved: dict[str, int] = field(default_factory=dict)

    @property
    def nothing_moved(self) -> bool:
        return not self.moved and not self.flips and not any(self.clips_moved.values())


def _delta_points(name, before, after) -> Fraction | None:
    if isinstance(before, bool) or isinstance(after, bool):
        return None
    return exact_value(name, after) - exact_value(name, before)


def compare(
    spec: CardSpec,
    against: str,
    before_figures: Mapping[str, float | bool],
    after: CardResult,
    before_ledger: Mapping[tuple[str, int, str, str], tuple[int, int]],
    texts: CardTexts,
    after_normalized: Mapping[str, str],
    before_normalized: Mapping[str, str] | None = None,
    clips_per_set: int = CLIPS_PER_SET,
) -> Impact:
    """Compare a card before and after a normaliser change."""
    after_figures = after.figures()
    moved = _moved_figures(before_figures, after_figures)
    before_conclusions = conclusions(
        spec, {n: v for n, v in before_figures.items() if n in after_figures}
    )
    after_conclusions = conclusions(spec, after_figures)
    flips = tuple(
        (key, before_conclusions[key], now)
        for key, now in after_conclusions.items()
        if key in before_conclusions and before_conclusions[key] != now
    )

    clips: dict[str, tuple[ClipMove, ...]] = {}
    clips_moved: dict[str, int] = {}
    for set_name in spec.sets:
        moves = _ledger_moves(after, set_name, before_ledger)
        clips_moved[set_name] = len(moves)
        clips[set_name] = tuple(
            _clip_move(move, texts, after_normalized, before_normalized)
            for move in moves[:clips_per_set]
        )
    return Impact(spec.title, against, flips, tuple(moved), len(after_figures), clips, clips_moved)


def _moved_figures(
    before_figures: Mapping[str, float | bool], after_figures: Mapping[str, float | bool]
) -> list[tuple[str, float | bool | None, float | bool]]:
    """(figure, before, after) for every figure that moved or is new, the largest move in
    percentage points first (new figures and verdicts, which have no size, after them)."""
    moved = []
    for name, now in after_figures.items():
        was = before_figures.get(name)
        if was is None or was != now:
            moved.append((name, was, now))

    def size(item):
        delta = _delta_points(*item) if item[1] is not None else None
        return -abs(delta) if delta is not None else 0

    moved.sort(key=size)
    return moved


def _ledger_moves(
    after: CardResult,
    set_name: str,
    before_ledger: Mapping[tuple[str, int, str, str], tuple[int, int]],
) -> list[tuple[tuple[str, int, str, str], tuple[int, int] | None, tuple[int, int]]]:
    """(clip's key, before, after) for each clip of the set whose statistics moved, the
    largest change in edits first (then by key, so that the order is stable)."""
    moves = []
    for row in after.ledger(set_name):
        key, now = row[:4], (row[4], row[5])
        was = before_ledger.get(key)
        if was != now:
            moves.append((key, was, now))
    moves.sort(key=lambda m: (-abs(m[2][0] - (m[1][0] if m[1] else 0)), m[0]))
    return moves


def _clip_move(
    move: tuple,
    texts: CardTexts,
    after_normalized: Mapping[str, str],
    before_normalized: Mapping[str, str] | None,
) -> ClipMove:
    """One moved clip with its normalised texts now, and before where they are known."""
    (s, latency, column, clip_id), was, now = move
    ref = texts.refs[s][clip_id]
    hyp = texts.hypotheses[(latency, s, column)][clip_id]
    return ClipMove(
        s,
        latency,
        column,
        clip_id,
        was,
        now,
        before_normalized.get(ref) if before_normalized else None,
        before_normalized.get(hyp) if before_normalized else None,
        after_normalized[ref],
        after_normalized[hyp],
    )


def impact_against_golden(
    spec: CardSpec,
    card: str,
    snapshot_dir=None,
    *,
    clips_per_set: int = CLIPS_PER_SET,
    cache: bool = True,
    on_warning=None,
) -> tuple[Impact, CardResult]:
    """The card now against what the gate pins for it ('demo' or 'real'). A set that no
    pinned figure names is new to the card (declared in card.toml since): it has no ledger
    yet, and its figures and clips are reported as absent before."""
    from ..batch import normalize_texts
    from .compute import card_from_texts, read_card_texts
    from .golden import golden_figures, golden_ledger

    before_figures = golden_figures(card, snapshot_dir)
    pinned = {
        figure.subject for figure in map(parse_figure, before_figures) if figure.kind != "aggregate"
    }
    before_ledger = golden_ledger(card, [s for s in spec.sets if s in pinned], snapshot_dir)
    texts = read_card_texts(spec, progress=False, on_warning=on_warning)
    normalized = normalize_texts(texts.all_texts(), progress=False, cache=cache)
    result = card_from_texts(texts, normalized, progress=False)
    impact = compare(
        spec,
        "the golden snapshots the gate pins (tests/golden/__snapshots__)",
        before_figures,
        result,
        before_ledger,
        texts,
        normalized,
        clips_per_set=clips_per_set,
    )
    return impact, result


def impact_against_revision(
    spec: CardSpec,
    revision: str,
    *,
    clips_per_set: int = CLIPS_PER_SET,
    cache: bool = True,
    on_warning=None,
) -> Impact:
    """The card under the working tree's normaliser against the same card under the
    normaliser of git ``revision`` (only the normaliser differs)."""
    import tempfile

    from ..batch import normalize_texts
    from .compute import card_from_texts, read_card_texts
    from .revision import rules_at_revision

    with tempfile.TemporaryDirectory(prefix="scoring-impact-") as work:
        rules, sha = rules_at_revision(revision, Path(work))
        texts = read_card_texts(spec, on_warning=on_warning)
        every_text = texts.all_texts()
        before_normalized = normalize_texts(every_text, cache=cache, rules=rules)
        before = card_from_texts(texts, before_normalized, progress=False)
        normalized = normalize_texts(every_text, cache=cache)
        after = card_from_texts(texts, normalized, progress=False)
        before_ledger = {row[:4]: (row[4], row[5]) for s in spec.sets for row in before.ledger(s)}
        return compare(
            spec,
            f"the normaliser at {revision} ({sha[:10]})",
            before.figures(),
            after,
            before_ledger,
            texts,
            normalized,
            before_normalized,
            clips_per_set=clips_per_set,
        )


def _value(name, value) -> str:
    """As the card prints it (differences signed), or 'absent'."""
    return "absent" if value is None else format_value(name, value)


def _figure_line(name, before, after) -> tuple[str, str, str, str]:
    delta = _delta_points(name, before, after) if before is not None else None
    shown_delta = f"{points(delta)} pp" if delta is not None else ""
    return name, _value(name, before), _value(name, after), shown_delta


def format_impact(impact: Impact, *, markdown: bool = False, figures_shown: int = 40) -> str:
    """The report, most important first; markdown ready to paste into a pull request."""
    # Against another revision's normaliser, only the normaliser differs; against the
    # golden snapshots, hypotheses, references or settings may have moved as well.
    cause = "Normaliser impact" if impact.against.startswith("the normaliser at ") else "What moved"
    lines = [_heading(1, f"{cause} on {impact.title}", markdown)]
    lines.append(
        f"{'Compared with' if markdown else 'compared with'} {impact.against}. "
        f"{len(impact.moved)} of {impact.figures} figures moved; "
        f"{len(impact.flips)} conclusions flipped; "
        f"{sum(impact.clips_moved.values())} clip scores moved."
    )
    lines.append("")
    if impact.nothing_moved:
        lines.append("Nothing moved: every figure, conclusion and clip is as before.")
        return "\n".join(lines) + "\n"
    lines += _flips_section(impact, markdown)
    lines += _figures_section(impact, markdown, figures_shown)
    lines += _clips_section(impact, markdown)
    return "\n".join(lines).rstrip("\n") + "\n"


def _heading(level: int, text: str, markdown: bool) -> str:
    """A heading of the report: in markdown, ``level`` #s and a blank line after it; in
    plain text, the title upper-cased and the others as they are."""
    if markdown:
        return f"{'#' * level} {text}\n"
    return text if level > 1 else text.upper()


def _flips_section(impact: Impact, markdown: bool) -> list[str]:
    """Section 1: each conclusion that flipped, before and after."""
    lines = [_heading(2, f"1. Conclusions that flipped ({len(impact.flips)})", markdown)]
    if not impact.flips:
        lines.append("None.")
    elif markdown:
        lines += ["| conclusion | before | after |", "|---|---|---|"]
        lines += [f"| `{key}` | {was} | **{now}** |" for key, was, now in impact.flips]
    else:
        lines += [f"  {key}: {was} -> {now}" for key, was, now in impact.flips]
    lines.append("")
    return lines


def _figures_section(impact: Impact, markdown: bool, figures_shown: int) -> list[str]:
    """Section 2: the ``figures_shown`` figures that moved most, as the card prints them,
    with how many more moved."""
    lines = [_heading(2, f"2. Figures that moved ({len(impact.moved)}), largest first", markdown)]
    rows = [_figure_line(*item) for item in impact.moved[:figures_shown]]
    if markdown:
        lines += ["| figure | before | after | change |", "|---|---:|---:|---:|"]
        lines += [f"| `{n}` | {b} | {a} | {d} |" for n, b, a, d in rows]
    else:
        width = max((len(n) for n, *_ in rows), default=10)
        lines += [f"  {n:<{width}}  {b:>8} -> {a:>8}  {d:>10}" for n, b, a, d in rows]
    if len(impact.moved) > figures_shown:
        lines.append(f"{'' if markdown else '  '}... and {len(impact.moved) - figures_shown} more")
    lines.append("")
    return lines


def _clips_section(impact: Impact, markdown: bool) -> list[str]:
    """Section 3: per set where any clip moved, how many did, and the ones shown."""
    lines = [_heading(2, "3. Clips that moved most, per set", markdown)]
    for set_name, moves in impact.clips.items():
        if not impact.clips_moved.get(set_name):
            continue
        lines.append(
            _heading(3, f"{set_name}: {impact.clips_moved[set_name]} clip scores moved", markdown)
        )
        for move in moves:
            lines += _clip_lines(move, markdown)
        lines.append("")
    return lines


def _clip_lines(move: ClipMove, markdown: bool) -> list[str]:
    """One moved clip: its counts, then its normalised texts and aligned edits before (where
    known) and now, each text starting in one column."""
    title = f"{move.column} at {move.latency} ms, clip {move.clip_id}: {move.counts()}"
    rows = []
    if move.ref_before is not None:
        rows += [
            ("reference before:", move.ref_before),
            ("hypothesis before:", move.hyp_before),
            ("edits before:", align(move.ref_before, move.hyp_before).inline()),
        ]
    rows += [
        ("reference now:", move.ref_after),
        ("hypothesis now:", move.hyp_after),
        ("edits now:", align(move.ref_after, move.hyp_after).inline()),
    ]
    body = [f"{label:<{CLIP_LABEL_WIDTH}} {text}" for label, text in rows]
    if markdown:
        return [f"- {title}", "", "  ```", *[f"  {b}" for b in body], "  ```", ""]
    return [f"  {title}", *[f"      {b}" for b in body]]
