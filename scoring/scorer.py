"""From files to per-clip statistics: the one place where text meets numbers."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .batch import normalize_texts
from .errors import ScoringError, example_ids, plural
from .jsonl import read_hypotheses, read_ids, read_refs
from .memo import Memo
from .statistics import ClipStats, SetStats, clip_stats, set_stats

__all__ = [
    "ClipSet",
    "load_clip_set",
    "check_coverage",
    "stats_for",
    "score_files",
]

NormalizeMany = Callable[[Iterable[str]], Mapping[str, str]]
# A file of a larger decode than the set (its clips and more): `score` has the option for it.
LARGER_DECODE_HINT = "; to score the set's clips alone and leave the rest out, add --only-listed"


@dataclass(frozen=True)
class ClipSet:
    """The clips of one test set, in ids-file order, with their clusters."""

    name: str
    ids: tuple[str, ...]
    clusters: tuple[str, ...]
    path: Path


def load_clip_set(path: str | os.PathLike, name: str | None = None) -> ClipSet:
    path = Path(path)
    if path.is_dir():
        raise ScoringError(path, "is a directory; give the ids file, ids/<set>.jsonl")
    if not path.is_file():
        raise ScoringError(
            path, "ids file not found (it lists the clips of the set and their clusters)"
        )
    ids, clusters = read_ids(path)
    if not ids:
        raise ScoringError(path, "lists no clips")
    return ClipSet(name or path.stem, tuple(ids), tuple(clusters), path)


def check_coverage(
    clip_set: ClipSet,
    texts: Mapping[str, str],
    path: str | os.PathLike,
    role: str,
    *,
    extra_allowed: bool = False,
    extra_hint: str = "",
) -> int:
    """A reference or hypothesis file must hold exactly the clips of the set (at least
    them, with ``extra_allowed``); how many other clips it holds. ``extra_hint`` ends the
    message of a file whose only fault is clips the set does not list."""
    listed = set(clip_set.ids)
    missing = listed.difference(texts)
    extra = set(texts).difference(listed)
    if extra_allowed and not missing:
        return len(extra)
    if not missing and not extra:  # the usual case: no message to build
        return 0
    not_listed = (
        f"{plural(len(extra), 'id')} that {'is' if len(extra) == 1 else 'are'} not "
        f"in {clip_set.path} ({example_ids(sorted(extra))})"
    )
    if missing and extra:  # most often a mistyped id: name both sides
        raise ScoringError(
            path,
            f"{role} is missing {len(missing)} of the {plural(len(listed), 'clip')} of set "
            f"{clip_set.name!r} ({example_ids(sorted(missing))}) and has {not_listed}",
        )
    if missing:
        raise ScoringError(
            path,
            f"{role} is missing {len(missing)} of the {plural(len(listed), 'clip')} of set "
            f"{clip_set.name!r} ({example_ids(sorted(missing))})",
        )
    raise ScoringError(path, f"{role} has {not_listed}{extra_hint}")


def stats_for(
    clip_set: ClipSet,
    refs: Mapping[str, str],
    hypotheses: Mapping[str, str],
    normalized: Mapping[str, str],
) -> SetStats:
    """Per-clip statistics of one system, from already-normalised text."""
    pairs = [
        (normalized[refs[clip_id]], normalized[hypotheses[clip_id]]) for clip_id in clip_set.ids
    ]
    kept = _PAIR_STATS.entries  # looked up directly: a card looks up every clip, every time
    clips = [kept.get(pair) or _pair_stats(*pair) for pair in pairs]
    return set_stats(clip_set.ids, clip_set.clusters, clips)


# Each pair of normalised texts is compared once per process (see memo.py): the edit
# distance is most of the work of computing a card again.
_PAIR_STATS = Memo(kept=1 << 19)  # about a real card's pairs at every latency


def _pair_stats(normalized_ref: str, normalized_hyp: str) -> ClipStats:
    return _PAIR_STATS.get(
        (normalized_ref, normalized_hyp), lambda: clip_stats(normalized_ref, normalized_hyp)
    )


def score_files(
    ref_path: str | os.PathLike,
    hyp_paths: Sequence[str | os.PathLike],
    ids_path: str | os.PathLike,
    normalize_many: NormalizeMany = normalize_texts,
    *,
    only_listed: bool = False,
    on_ignored: Callable[[str, int], None] | None = None,
) -> tuple[ClipSet, list[SetStats]]:
    """Score one or more hypothesis files against one reference file.

    ``only_listed``: a file may hold clips the ids file does not list (a system decoded a
    larger set); they are left out, and ``on_ignored(path, count)`` hears how many.
    """
    clip_set = load_clip_set(ids_path, name=Path(ref_path).stem)
    refs = read_refs(ref_path)
    hypotheses = []
    for path, texts, role in [(ref_path, refs, "reference")] + [
        (p, read_hypotheses(p), "hypothesis") for p in hyp_paths
    ]:
        ignored = check_coverage(
            clip_set, texts, path, role, extra_allowed=only_listed, extra_hint=LARGER_DECODE_HINT
        )
        if ignored and on_ignored is not None:
            on_ignored(str(path), ignored)
        if role == "hypothesis":
            hypotheses.append(texts)

    texts = [refs[i] for i in clip_set.ids]
    for hyp in hypotheses:
        texts.extend(hyp[i] for i in clip_set.ids)
    normalized = normalize_many(texts)

    results = [stats_for(clip_set, refs, hyp, normalized) for hyp in hypotheses]
    if results[0].total_ref_chars == 0:
        raise ScoringError(
            ref_path,
            f"references of set {clip_set.name!r} have no characters after "
            "normalisation, so CER is undefined",
        )
    return clip_set, results
