"""Transcript files in each public dataset's real format, small enough to read.

Parquet files carry a large audio column beside the text, as the real ones
do, so a test can prove that the audio bytes are never requested.
"""

from __future__ import annotations

import io
import os

import pyarrow as pa
import pyarrow.parquet as pq

AUDIO_BYTES = 40_000  # per row: far larger than all text columns together

FLEURS_ROWS = [
    # id, file name, raw, normalised, characters, samples, gender
    (
        "1001",
        "10012345.wav",
        'นายกฯ กล่าวว่า "เราจะทำให้ดีที่สุด" ในปี 2567',
        "นายกฯ กล่าวว่า เราจะทำให้ดีที่สุด ในปี 2567",
        "น า ย",
        "123456",
        "FEMALE",
    ),
    (
        "1001",
        "10019999.wav",
        'นายกฯ กล่าวว่า "เราจะทำให้ดีที่สุด" ในปี 2567',
        "นายกฯ กล่าวว่า เราจะทำให้ดีที่สุด ในปี 2567",
        "น า ย",
        "98765",
        "MALE",
    ),
    (
        "1002",
        "10020001.wav",
        "ราคาน้ำมัน 32.50 บาท – ลดลง 3% …",
        "ราคาน้ำมัน 32.50 บาท ลดลง 3%",
        "ร า",
        "55555",
        "OTHER",
    ),
    (
        "1003",
        "10030003.wav",
        "ประชุมผ่าน Zoom Meeting! ได้ไหม?",
        "ประชุมผ่าน zoom meeting ได้ไหม",
        "ป ร",
        "44444",
        "FEMALE",
    ),
]
FLEURS_EXPECTED = [
    {"id": "10012345.wav", "text": "นายกฯ กล่าวว่า เราจะทำให้ดีที่สุด ในปี 2567"},
    {"id": "10019999.wav", "text": "นายกฯ กล่าวว่า เราจะทำให้ดีที่สุด ในปี 2567"},
    {"id": "10020001.wav", "text": "ราคาน้ำมัน 3250 บาท ลดลง 3"},
    {"id": "10030003.wav", "text": "ประชุมผ่าน zoom meeting! ได้ไหม?"},
]

GS2_LINES = [
    ("0-1-1", "สวัสดีครับ วันนี้ AI มาแรง!"),
    ("0-1-0", "เริ่มกันเลย..."),
    ("0-26-0", "เสียงไม่ตรง"),
    ("0-3-2", "ราคา 1,500.75 บาท?"),
    ("0-3-10", "จบ"),
    ("0-3-1", "“ข่าว” ด่วน"),
]
GS2_EXPECTED = [
    {"id": "0-1-1", "text": "สวัสดีครับ วันนี้ ai มาแรง!"},
    {"id": "0-1-0", "text": "เริ่มกันเลย"},
    {"id": "0-26-0", "text": "เสียงไม่ตรง"},
    {"id": "0-3-2", "text": "ราคา 150075 บาท?"},
    {"id": "0-3-10", "text": "จบ"},
    {"id": "0-3-1", "text": "ข่าว ด่วน"},
]
GS2_LONG_EXPECTED = [  # segment order within each recording; 0-26 left out
    {"id": "0-1", "text": "เริ่มกันเลย สวัสดีครับ วันนี้ ai มาแรง!"},
    {"id": "0-3", "text": "ข่าว ด่วน ราคา 150075 บาท? จบ"},
]

TV_ROWS = [  # audio_id, sentence (used as published)
    ("abcdefghijk_000012", "สวัสดีครับ ท่านผู้ชม “ข่าวเช้า”"),
    ("abcdefghijk_000013", "ราคาน้ำมันวันนี้ 32.50 บาท"),
    ("ZYXWVUTSRQP_000001", "อากาศร้อนมากๆ"),
]
TV_EXPECTED = [{"id": str(i), "text": t} for i, (_, t) in enumerate(TV_ROWS)]
TV_LONG_EXPECTED = [
    {"id": "abcdefghijk", "text": "สวัสดีครับ ท่านผู้ชม “ข่าวเช้า” ราคาน้ำมันวันนี้ 32.50 บาท"},
    {"id": "ZYXWVUTSRQP", "text": "อากาศร้อนมากๆ"},
]

ISAN_ROWS = [  # id, raw, thai_spelling, isan_spelling, name
    ("a" * 24, "เฮาสิไปเฮ็ดนา", "เราจะไปทำนา", "เฮาสิไปเฮ็ดนา", "opentyphoon;is;x_061;gen;0049.wav"),
    ("b" * 24, "บ่เป็นหยังดอก", "ไม่เป็นไรหรอก", "บ่เป็นหยังดอก", "opentyphoon;is;x_062;gen;0050.wav"),
]
ISAN_EXPECTED = [{"id": i, "text": raw} for i, raw, *_ in ISAN_ROWS]

LOTUS_MICS = ["con123", "lav123", "jbl", "bt3m", "bt10m"]
LOTUS_TURNS = [("M01_T0001", "ขอเริ่มการประชุมนะครับ"), ("M02_T0002", "ใครมีความเห็นไหมคะ")]
LOTUS_EXPECTED = {
    f"lotus_{mic}": [{"id": f"{turn}_{mic}.wav", "text": text} for turn, text in LOTUS_TURNS]
    for mic in LOTUS_MICS
}


def _tsv(rows) -> bytes:
    return "".join("\t".join(r) + "\n" for r in rows).encode("utf-8")


def _audio(paths) -> pa.Array:
    return pa.array(
        [{"bytes": os.urandom(AUDIO_BYTES), "path": p} for p in paths],
        type=pa.struct([("bytes", pa.binary()), ("path", pa.string())]),
    )


def _parquet(table: pa.Table) -> bytes:
    sink = io.BytesIO()
    pq.write_table(table, sink, row_group_size=2)
    return sink.getvalue()


def tvspeech_parquet() -> bytes:
    return _parquet(
        pa.table(
            {
                "audio": _audio([f"{a}.wav" for a, _ in TV_ROWS]),
                "audio_id": [a for a, _ in TV_ROWS],
                "sentence": [s for _, s in TV_ROWS],
            }
        )
    )


def isan_parquet() -> bytes:
    return _parquet(
        pa.table(
            {
                "id": [r[0] for r in ISAN_ROWS],
                "audio": _audio([r[4].split(";")[-1] for r in ISAN_ROWS]),
                "raw": [r[1] for r in ISAN_ROWS],
                "thai_spelling": [r[2] for r in ISAN_ROWS],
                "isan_spelling": [r[3] for r in ISAN_ROWS],
                "name": [r[4] for r in ISAN_ROWS],
                "duration": [2.5 for _ in ISAN_ROWS],
            }
        )
    )


def lotus_parquet(turns) -> bytes:
    rows = [(turn, text, mic) for turn, text in turns for mic in LOTUS_MICS]
    return _parquet(
        pa.table(
            {
                "audio": _audio([f"chunks/{turn}_{mic}.wav" for turn, _, mic in rows]),
                "sentence": [text for _, text, _ in rows],
                "speaker_id": ["spk1" for _ in rows],
                "mic": [mic for *_, mic in rows],
                "duration": [3.0 for _ in rows],
            }
        )
    )


def publish_all(hub) -> None:
    """Put every dataset's test transcripts on the fake hub, GigaSpeech2 gated."""
    hub.add("google/fleurs", "data/th_th/test.tsv", _tsv(FLEURS_ROWS))
    hub.add("google/fleurs", "data/th_th/audio/test.tar.gz", b"not read")
    hub.add("speechcolab/gigaspeech2", "data/th/test.tsv", _tsv(GS2_LINES), gated=True)
    hub.add("typhoon-ai/TVSpeech", "data/test-00000-of-00001.parquet", tvspeech_parquet())
    hub.add("typhoon-ai/TVSpeech", "data/train-00000-of-00009.parquet", b"never read")
    hub.add(
        "typhoon-ai/thai-dialect-isan-dataset", "data/test-00000-of-00001.parquet", isan_parquet()
    )
    hub.add("nectec/LOTUSDIS", "data/test-00000-of-00002.parquet", lotus_parquet(LOTUS_TURNS[:1]))
    hub.add("nectec/LOTUSDIS", "data/test-00001-of-00002.parquet", lotus_parquet(LOTUS_TURNS[1:]))


# Common Voice's layout: one header row, Common Voice's usual columns, no quoting (a
# sentence may hold a quotation mark); the speaker is `client_id`.
CV_REPO = "mozilla-foundation/common_voice_17_0"
CV_TSV = "transcript/th/test.tsv"
CV_COLUMNS = [
    "client_id",
    "path",
    "sentence",
    "up_votes",
    "down_votes",
    "age",
    "gender",
    "accents",
    "variant",
    "locale",
    "segment",
]
CV_ROWS = [  # client_id, path, sentence
    ("c0ffee01", "common_voice_th_25001.mp3", 'เขาพูดว่า "สวัสดี" แล้วก็เดินไป'),
    ("c0ffee01", "common_voice_th_25002.mp3", "ราคาสามสิบห้าบาท"),
    ("beef0002", "common_voice_th_25003.mp3", "วันนี้อากาศดีมาก"),
    ("beef0002", "common_voice_th_25004.mp3", "ฉันชอบกินข้าวผัด"),
    ("d00d0003", "common_voice_th_25005.mp3", "รถไฟมาถึงตอนเก้าโมง"),
]


def common_voice_tsv(rows=CV_ROWS, locale: str = "th") -> bytes:
    lines = [CV_COLUMNS] + [
        [client, path, sentence, "2", "0", "", "", "", "", locale, ""]
        for client, path, sentence in rows
    ]
    return _tsv(lines)
