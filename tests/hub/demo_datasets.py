"""The demo benchmark's sets, published on the fake hub in each public dataset's real format.

The demo was generated in the real card's shape (its ids are the datasets' kind of ids), so
make-refs, reading these files as it reads the real datasets, gives the demo's committed
references back byte for byte: the oracle for the demo card's source declarations.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from .fixtures import CV_REPO, CV_TSV, common_voice_tsv

__all__ = ["publish_demo_datasets", "read_records"]

LOTUS_MICS = ("con123", "lav123", "jbl", "bt3m", "bt10m")


def read_records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _tsv(rows) -> bytes:
    return "".join("\t".join(row) + "\n" for row in rows).encode("utf-8")


def _parquet(columns: dict) -> bytes:
    sink = io.BytesIO()
    pq.write_table(pa.table(columns), sink, row_group_size=64)
    return sink.getvalue()


def _audio(paths) -> pa.Array:
    return pa.array(
        [{"bytes": b"\0" * 16, "path": p} for p in paths],
        type=pa.struct([("bytes", pa.binary()), ("path", pa.string())]),
    )


def _set(demo: Path, name: str) -> list[tuple[str, str, str]]:
    """(id, cluster, reference text) of one demo set, in its ids file's order."""
    texts = {r["id"]: r["text"] for r in read_records(demo / "refs" / f"{name}.jsonl")}
    return [
        (r["id"], r["cluster"], texts[r["id"]])
        for r in read_records(demo / "ids" / f"{name}.jsonl")
    ]


DATASETS = (
    "google/fleurs",
    "speechcolab/gigaspeech2",
    "typhoon-ai/TVSpeech",
    "typhoon-ai/thai-dialect-isan-dataset",
    "nectec/LOTUSDIS",
    CV_REPO,
)


def publish_demo_datasets(hub, demo: Path) -> None:
    """The demo's sets in place of whatever the hub held of these datasets."""
    for repo in DATASETS:
        hub.repos.pop(repo, None)
    fleurs = _set(demo, "fleurs")
    # The demo's FLEURS and GigaSpeech2 references are cleaned already: published raw, they
    # end with the full stop that the benchmark's cleaning removes (and "as published" keeps).
    hub.add(
        "google/fleurs",
        "data/th_th/test.tsv",
        _tsv(
            (str(1000 + n), clip, f"{text}.", text, "x", "16000", "FEMALE")
            for n, (clip, _, text) in enumerate(fleurs)
        ),
    )
    hub.add(
        "speechcolab/gigaspeech2",
        "data/th/test.tsv",
        _tsv((clip, f"{text}.") for clip, _, text in _set(demo, "gs2")),
        gated=True,
    )
    tv = _set(demo, "tvspeech")
    assert [clip for clip, *_ in tv] == [str(n) for n in range(len(tv))]  # the row index
    hub.add(
        "typhoon-ai/TVSpeech",
        "data/test-00000-of-00001.parquet",
        _parquet(
            {
                "audio": _audio([f"{video}.wav" for _, video, _ in tv]),
                "audio_id": [video for _, video, _ in tv],  # its first 11 characters: the video
                "sentence": [text for *_, text in tv],
            }
        ),
    )
    isan = _set(demo, "isan")
    hub.add(
        "typhoon-ai/thai-dialect-isan-dataset",
        "data/test-00000-of-00001.parquet",
        _parquet(
            {
                "id": [clip for clip, *_ in isan],
                "audio": _audio(["a.wav"] * len(isan)),
                "raw": [text for *_, text in isan],
                "name": [f"opentyphoon;is;{speaker};gen;0001.wav" for _, speaker, _ in isan],
            }
        ),
    )
    # Common Voice's layout: the clip's audio file in `path`, the speaker in `client_id`.
    hub.add(
        CV_REPO,
        CV_TSV,
        common_voice_tsv([(speaker, clip, text) for clip, speaker, text in _set(demo, "cv")]),
        gated=True,
    )
    rows = [(clip, text, mic) for mic in LOTUS_MICS for clip, _, text in _set(demo, f"lotus_{mic}")]
    hub.add(
        "nectec/LOTUSDIS",
        "data/test-00000-of-00001.parquet",
        _parquet(
            {
                "audio": _audio([f"chunks/{clip}" for clip, *_ in rows]),
                "sentence": [text for _, text, _ in rows],
                "mic": [mic for *_, mic in rows],
            }
        ),
    )
