"""Rebuild ``refs/<set>.jsonl`` for the sets of a card from their declared sources.

Each set's source is data: a ``[sources.<set>]`` table of card.toml names the dataset,
its transcript files and how a clip's id, text and cluster are read from them, or the
short set a long one joins (``sources.py``). Every set is built in memory first and
written atomically at the end, so a failed or interrupted run leaves the previous
references untouched. For a new set, ``write_ids`` also writes ``ids/<set>.jsonl`` from
the source's clusters, never over an ids file that exists unless ``force``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ScoringError, example_ids
from ..jsonl import read_ids, write_jsonl_atomic
from .cleaning import clean_with
from .hub import Hub
from .sources import JoinedSource, Sources, TranscriptSource, did_you_mean
from .transcripts import TranscriptReader

__all__ = [
    "Clip",
    "MadeRefs",
    "build_references",
    "check_against_ids",
    "join_clips",
    "make_refs",
    "read_clips",
]


@dataclass(frozen=True)
class Clip:
    id: str
    text: str
    cluster: str


@dataclass(frozen=True)
class MadeRefs:
    """What one run wrote."""

    counts: dict[str, int]  # set -> references written
    ids_written: dict[str, tuple[int, int]] = field(default_factory=dict)  # set -> clips, clusters
    ids_kept: tuple[str, ...] = ()  # asked to write ids, but the set's ids file exists


def _matches(value, allowed: set[str]) -> bool:
    """A field's value against a declaration's: compared as text, whatever its case."""
    return str(value).casefold() in allowed


def read_clips(reader: TranscriptReader, source: TranscriptSource) -> list[Clip]:
    """The source's clips, in row order: filtered, each text cleaned as declared."""
    filters = {name: {v.casefold() for v in values} for name, values in source.filters.items()}
    expected = {name: {v.casefold() for v in values} for name, values in source.expect.items()}
    unexpected: dict[str, set[str]] = {name: set() for name in expected}
    clips = []
    for index, row in enumerate(reader.rows(source)):
        for name, allowed in expected.items():
            if not _matches(row[name], allowed):
                unexpected[name].add(str(row[name]))
        if not all(_matches(row[name], allowed) for name, allowed in filters.items()):
            continue
        values = {}
        for rule in (source.id, source.cluster):
            try:
                values[rule.key] = rule.value(row, index)
            except ValueError as error:
                raise source.error(rule.key, f"row {index} of the source: {error}") from None
        text = row[source.text.field]
        if not isinstance(text, str):
            raise source.error("text", f"row {index} of the source has no text ({text!r})")
        clips.append(Clip(values["id"], clean_with(source.cleaning, text), values["cluster"]))
    for name, values in unexpected.items():
        if values:
            raise source.error(
                "expect", f"{name} values found that expect does not list: {sorted(values)}"
            )
    return clips


def _segment_number(joined: JoinedSource, clip_id: str) -> int:
    number = clip_id.rsplit("-", 1)[-1]
    if "-" not in clip_id or not number.isdigit():
        raise joined.error(
            "order",
            f"clip {clip_id!r} of {joined.short!r} has no segment number after its last '-'",
        )
    return int(number)


def join_clips(
    short: Sequence[Clip], joined: JoinedSource, warn: Callable[[str], None]
) -> list[Clip]:
    """One clip per cluster of the short set (clusters in order of first appearance): its
    clips' texts joined, in row order or by segment number; excluded clusters left out."""
    groups: dict[str, list[Clip]] = {}
    for clip in short:
        groups.setdefault(clip.cluster, []).append(clip)
    if joined.order == "segment_number":
        for clips in groups.values():
            clips.sort(key=lambda clip: _segment_number(joined, clip.id))
    absent = [key for key in joined.exclude if key not in groups]
    if absent:
        warn(
            f"{joined.name}: exclude names {example_ids(absent)}, which no cluster of "
            f"{joined.short} is"
        )
    return [
        Clip(key, joined.separator.join(clip.text for clip in clips), key)
        for key, clips in groups.items()
        if key not in joined.exclude
    ]


def _check_clusters(source: TranscriptSource, clips: Sequence[Clip]) -> None:
    """The bootstrap resamples clusters: one value for every clip is no cluster field."""
    clusters = {clip.cluster for clip in clips}
    if len(clips) > 1 and len(clusters) == 1:
        raise source.error(
            "cluster",
            f"every one of its {len(clips)} clips has the same "
            f"cluster ({next(iter(clusters))!r}): a cluster is the "
            "speaker, recording or video the bootstrap resamples",
        )


def build_references(
    sources: Sources,
    sets: Sequence[str],
    reader: TranscriptReader,
    warn: Callable[[str], None] = print,
) -> dict[str, list[Clip]]:
    """Every requested set's clips (a long set's short set is read, not returned)."""
    read: dict[str, list[Clip]] = {}

    def clips_of(name: str) -> list[Clip]:
        if name not in read:
            source = sources.sets[name]
            if isinstance(source, JoinedSource):
                read[name] = join_clips(clips_of(source.short), source, warn)
            else:
                read[name] = read_clips(reader, source)
                _check_clusters(source, read[name])
        return read[name]

    return {name: clips_of(name) for name in sets}


def check_against_ids(
    source: TranscriptSource | JoinedSource,
    clips: Sequence[Clip],
    ids_path: Path,
    warn: Callable[[str], None],
) -> list[Clip]:
    """Keep the clips the ids file lists, in its order; ids the source lacks are an error
    of the declaration (its id, or the join)."""
    ids, _ = read_ids(ids_path)
    by_id = {clip.id: clip for clip in clips}
    missing = [i for i in ids if i not in by_id]
    if missing:
        key = "join" if isinstance(source, JoinedSource) else "id"
        raise source.error(
            key,
            f"{len(missing)} of the {len(ids)} ids in {ids_path} are not "
            f"in the source ({example_ids(missing)})",
        )
    listed = set(ids)
    extra = [clip.id for clip in clips if clip.id not in listed]
    if extra:
        warn(
            f"{source.name}: {len(extra)} dataset rows are not in {ids_path} and were left "
            f"out ({example_ids(extra)})"
        )
    return [by_id[i] for i in ids]


def _no_id_twice(source: TranscriptSource | JoinedSource, clips: Sequence[Clip]) -> None:
    seen: set[str] = set()
    for clip in clips:
        if clip.id in seen:
            raise source.error(
                "join" if isinstance(source, JoinedSource) else "id",
                f"the source gives id {clip.id!r} twice",
            )
        seen.add(clip.id)


def _chosen(sources: Sources, sets: Sequence[str] | None) -> list[str]:
    if sets is None:
        return list(sources.names)
    for name in sets:
        if name not in sources.sets:
            raise ScoringError(
                "--sets",
                f"unknown set {name!r}"
                f"{did_you_mean(name, sources.names) or ';'} sets "
                f"with a source in {sources.card}: "
                f"{', '.join(sources.names)}",
            )
    return list(dict.fromkeys(sets))


def make_refs(
    out: Path,
    sources: Sources,
    sets: Sequence[str] | None = None,
    *,
    ids_dir: Path | None = Path("ids"),
    hub: Hub | None = None,
    write_ids: bool = False,
    force: bool = False,
    warn: Callable[[str], None] = print,
) -> MadeRefs:
    """Build, check and write ``out/<set>.jsonl`` for ``sets`` (default: every declared
    source); with ``write_ids``, ``ids_dir/<set>.jsonl`` too where there is none (or
    ``force``)."""
    chosen = _chosen(sources, sets)
    if write_ids and ids_dir is None:
        raise ScoringError("--ids", "writes ids files into an ids folder: give one")
    refs = build_references(sources, chosen, TranscriptReader(hub or Hub()), warn)
    new_ids: dict[str, list[Clip]] = {}
    kept = []
    for name in chosen:
        _no_id_twice(sources.sets[name], refs[name])
        ids_path = ids_dir / f"{name}.jsonl" if ids_dir else None
        if write_ids and (force or not ids_path.is_file()):
            new_ids[name] = refs[name]
        elif ids_path is not None and ids_path.is_file():
            kept += [name] if write_ids else []
            refs[name] = check_against_ids(sources.sets[name], refs[name], ids_path, warn)
    # All built and checked: now write, each file atomically.
    for name, clips in new_ids.items():
        write_jsonl_atomic(
            ids_dir / f"{name}.jsonl", ({"id": clip.id, "cluster": clip.cluster} for clip in clips)
        )
    for name in chosen:
        write_jsonl_atomic(
            Path(out) / f"{name}.jsonl", ({"id": clip.id, "text": clip.text} for clip in refs[name])
        )
    return MadeRefs(
        {name: len(refs[name]) for name in chosen},
        {
            name: (len(clips), len({clip.cluster for clip in clips}))
            for name, clips in new_ids.items()
        },
        tuple(kept),
    )
