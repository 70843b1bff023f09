"""Rebuild ``refs/<set>.jsonl`` for every set of the card from the public datasets.

Each dataset has one reader that turns its transcript files into
``(id, text)`` rows; the long sets are joined from their short sets. Every
set is built in memory first and written atomically at the end, so a failed
or interrupted run leaves the previous references untouched.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from tqdm import tqdm

from .cleaning import clean_reference
from ..errors import ScoringError, example_ids
from .hub import Hub
from ..jsonl import read_ids, write_jsonl_atomic

__all__ = [
    "ALL_SETS",
    "LOTUS_SETS",
    "FLEURS", "GIGASPEECH2", "TVSPEECH", "ISAN", "LOTUSDIS",
    "ISAN_TEXT_COLUMN",
    "GS2_LONG_EXCLUDED_RECORDING",
    "parse_fleurs_tsv",
    "parse_gigaspeech2_tsv",
    "gs2_recording",
    "youtube_video",
    "join_tv_long",
    "join_gs2_long",
    "build_references",
    "check_against_ids",
    "make_refs",
]

FLEURS = "google/fleurs"
GIGASPEECH2 = "speechcolab/gigaspeech2"
TVSPEECH = "typhoon-ai/TVSpeech"
ISAN = "typhoon-ai/thai-dialect-isan-dataset"
LOTUSDIS = "nectec/LOTUSDIS"

FLEURS_TSV = "data/th_th/test.tsv"
GIGASPEECH2_TSV = "data/th/test.tsv"
FLEURS_COLUMNS = 7
# The benchmark does not say which Isan column it scores against; "used as
# published" is read here as the raw transcription. Change it in one place.
ISAN_TEXT_COLUMN = "raw"
GS2_LONG_EXCLUDED_RECORDING = "0-26"  # its transcripts do not match its audio
LOTUS_MIC_GROUPS = {"con123": "lotus_con123", "lav123": "lotus_lav123", "jbl": "lotus_jbl",
                    "bt3m": "lotus_bt3m", "bt10m": "lotus_bt10m"}
LOTUS_SETS = tuple(LOTUS_MIC_GROUPS.values())
ALL_SETS = ("fleurs", "tvspeech", "gs2", "isan", *LOTUS_SETS, "tv_long", "gs2_long")

Rows = list[tuple[str, str]]


# -- transcript files ----------------------------------------------------------

def _tsv_lines(data: bytes, where: str) -> Iterable[tuple[int, list[str]]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ScoringError(where, f"is not UTF-8 (byte {error.start})") from None
    # QUOTE_NONE: transcripts hold literal quotation marks.
    for number, fields in enumerate(
            csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE), start=1):
        if fields:
            yield number, fields


def parse_fleurs_tsv(data: bytes, where: str = FLEURS_TSV) -> Rows:
    """(audio file name, raw transcription) per row of FLEURS' test.tsv."""
    rows = []
    for number, fields in _tsv_lines(data, where):
        if len(fields) != FLEURS_COLUMNS:
            raise ScoringError(f"{where}:{number}", f"expected {FLEURS_COLUMNS} tab-separated "
                                                    f"columns, found {len(fields)}")
        rows.append((fields[1], fields[2]))
    return rows


def parse_gigaspeech2_tsv(data: bytes, where: str = GIGASPEECH2_TSV) -> Rows:
    """(segment id, text) per line of GigaSpeech2's Thai test.tsv."""
    rows = []
    for number, fields in _tsv_lines(data, where):
        if len(fields) != 2:
            raise ScoringError(f"{where}:{number}",
                               f"expected segment_id<TAB>text, found {len(fields)} columns")
        rows.append((fields[0], fields[1].strip()))
    return rows


# -- long recordings -------------------------------------------------------------

def gs2_recording(segment_id: str) -> str:
    """The recording of a segment: "0-685-9" -> "0-685"."""
    return segment_id.rsplit("-", 1)[0]


def youtube_video(audio_id: str) -> str:
    """TVSpeech audio ids start with the 11-character YouTube video id."""
    return audio_id[:11]


def _group(rows: Iterable[tuple[str, str, str]]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for group, _, text in rows:
        groups.setdefault(group, []).append(text)
    return groups


def join_tv_long(rows: Sequence[tuple[str, str, str]]) -> Rows:
    """(video, its clips' texts joined by one space), clips in row order."""
    return [(video, " ".join(texts)) for video, texts in _group(rows).items()]


def join_gs2_long(segments: Rows) -> Rows:
    """(recording, its segments joined by one space in segment order); 0-26 left out."""
    def segment_number(segment_id: str) -> int:
        return int(segment_id.rsplit("-", 1)[1])

    ordered = sorted(segments, key=lambda row: (gs2_recording(row[0]), segment_number(row[0])))
    grouped = _group((gs2_recording(i), i, t) for i, t in ordered)
    order = list(dict.fromkeys(gs2_recording(i) for i, _ in segments))
    return [(rec, " ".join(grouped[rec])) for rec in order if rec != GS2_LONG_EXCLUDED_RECORDING]


# -- parquet datasets --------------------------------------------------------------

def _test_parquet_files(hub: Hub, repo_id: str, pattern: str, what: str) -> list[str]:
    files = hub.list_files(repo_id)
    found = [f for f in files if f.endswith(".parquet") and re.search(pattern, f)]
    if not found:
        parquet = [f for f in files if f.endswith(".parquet")][:6]
        raise ScoringError(repo_id, f"no {what} parquet file matches {pattern!r}; "
                                    f"parquet files found: {parquet or 'none'}")
    return found


def _require_columns(repo_id: str, path: str, schema, needed: Sequence[str]) -> None:
    names = set(schema.names)
    missing = [c for c in needed if c.split(".")[0] not in names]
    if missing:
        raise ScoringError(f"{repo_id}/{path}", f"has no column {', '.join(missing)}; "
                                                f"columns found: {', '.join(schema.names)}")


def _read(hub: Hub, repo_id: str, files: Sequence[str], columns: Sequence[str]):
    tables = []
    for path in tqdm(files, desc=repo_id, unit="file", disable=None if hub.progress is None
                     else not hub.progress, leave=False):
        _require_columns(repo_id, path, hub.parquet_schema(repo_id, path), columns)
        tables.append(hub.read_columns(repo_id, path, columns))
    return tables


def read_tvspeech(hub: Hub) -> list[tuple[str, str, str]]:
    """(video, row index, sentence) for every test row, in row order."""
    files = _test_parquet_files(hub, TVSPEECH, r"(^|/)test[-_./]|(^|/)test/", "test")
    rows, index = [], 0
    for table in _read(hub, TVSPEECH, files, ["audio_id", "sentence"]):
        for audio_id, sentence in zip(table["audio_id"].to_pylist(),
                                      table["sentence"].to_pylist()):
            rows.append((youtube_video(audio_id), str(index), sentence))
            index += 1
    return rows


def read_isan(hub: Hub) -> Rows:
    files = _test_parquet_files(hub, ISAN, r"^data/test-", "test")
    rows = []
    for table in _read(hub, ISAN, files, ["id", ISAN_TEXT_COLUMN]):
        rows += list(zip(table["id"].to_pylist(), table[ISAN_TEXT_COLUMN].to_pylist()))
    return rows


def read_lotusdis(hub: Hub) -> dict[str, Rows]:
    """Rows per device set, the chunk file name (``audio.path``) as the id."""
    files = _test_parquet_files(hub, LOTUSDIS, r"^data/test-", "test")
    by_set: dict[str, Rows] = {name: [] for name in LOTUS_SETS}
    unknown: set[str] = set()
    for table in _read(hub, LOTUSDIS, files, ["audio.path", "sentence", "mic"]):
        paths = table.column("audio").combine_chunks().field("path").to_pylist()
        for path, sentence, mic in zip(paths, table["sentence"].to_pylist(),
                                       table["mic"].to_pylist()):
            group = LOTUS_MIC_GROUPS.get(str(mic).lower())
            if group is None:
                unknown.add(str(mic))
                continue
            if not path:
                raise ScoringError(LOTUSDIS, "a test row has no chunk file name in audio.path")
            by_set[group].append((Path(path).name, sentence))
    if unknown:
        raise ScoringError(LOTUSDIS, f"mic values found that map to no set: {sorted(unknown)}; "
                                     f"expected {', '.join(LOTUS_MIC_GROUPS)}")
    return by_set


# -- all sets ---------------------------------------------------------------------

def build_references(hub: Hub, sets: Sequence[str]) -> dict[str, Rows]:
    """Every requested set's (id, text) rows, each source read once."""
    wanted = set(sets)
    refs: dict[str, Rows] = {}
    if "fleurs" in wanted:
        data = hub.download(FLEURS, FLEURS_TSV).read_bytes()
        refs["fleurs"] = [(i, clean_reference(t)) for i, t in parse_fleurs_tsv(data)]
    if wanted & {"gs2", "gs2_long"}:
        data = hub.download(GIGASPEECH2, GIGASPEECH2_TSV).read_bytes()
        segments = [(i, clean_reference(t)) for i, t in parse_gigaspeech2_tsv(data)]
        refs["gs2"] = segments
        refs["gs2_long"] = join_gs2_long(segments)
    if wanted & {"tvspeech", "tv_long"}:
        rows = read_tvspeech(hub)
        refs["tvspeech"] = [(i, t) for _, i, t in rows]
        refs["tv_long"] = join_tv_long(rows)
    if "isan" in wanted:
        refs["isan"] = read_isan(hub)
    if wanted & set(LOTUS_SETS):
        refs.update(read_lotusdis(hub))
    return {name: refs[name] for name in sets}


def check_against_ids(set_name: str, rows: Rows, ids_path: Path,
                      warn: Callable[[str], None]) -> Rows:
    """Keep the rows the ids file lists, in its order; missing ids are an error."""
    ids, _ = read_ids(ids_path)
    texts = dict(rows)
    missing = [i for i in ids if i not in texts]
    if missing:
        raise ScoringError(ids_path, f"{len(missing)} of its {len(ids)} ids got no reference "
                                     f"from the dataset for set {set_name!r} "
                                     f"({example_ids(missing)})")
    listed = set(ids)
    extra = [i for i, _ in rows if i not in listed]
    if extra:
        warn(f"{set_name}: {len(extra)} dataset rows are not in {ids_path} and were left out "
             f"({example_ids(extra)})")
    return [(i, texts[i]) for i in ids]


def make_refs(out: Path, sets: Sequence[str] = ALL_SETS, *, ids_dir: Path | None = Path("ids"),
              hub: Hub | None = None, warn: Callable[[str], None] = print) -> dict[str, int]:
    """Build, check and write ``out/<set>.jsonl``; returns the row count per set."""
    unknown = [s for s in sets if s not in ALL_SETS]
    if unknown:
        import difflib

        close = difflib.get_close_matches(unknown[0], ALL_SETS, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise ScoringError("--sets", f"unknown set {unknown[0]!r}; {hint}sets are "
                                     f"{', '.join(ALL_SETS)}")
    out = Path(out)
    refs = build_references(hub or Hub(), sets)
    for set_name in sets:
        seen: set[str] = set()
        for clip_id, _ in refs[set_name]:
            if clip_id in seen:
                raise ScoringError(set_name, f"the dataset gives id {clip_id!r} twice")
            seen.add(clip_id)
        ids_path = ids_dir / f"{set_name}.jsonl" if ids_dir else None
        if ids_path and ids_path.is_file():
            refs[set_name] = check_against_ids(set_name, refs[set_name], ids_path, warn)
    for set_name in sets:  # all built and checked: now write, each atomically
        write_jsonl_atomic(out / f"{set_name}.jsonl",
                           ({"id": i, "text": t} for i, t in refs[set_name]))
    return {s: len(refs[s]) for s in sets}
