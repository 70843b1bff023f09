"""A deterministic synthetic benchmark in the real card's layout.

Used for the committed demo benchmark (``examples/demo``) and, at full size,
for the speed benchmark (``benchmarks/``). It mimics each set's kind of text
(read news, television, podcasts, Isan dialect, meeting turns; read sentences
for a set beyond the real card's) and each system's kind of mistakes, and it
writes the surface forms the normaliser exists for: spoken and written
numbers, Thai digits, curly quotes, ำ/ํา, ๆ and whitespace in different places
on the two sides.

Everything is drawn from ``random.Random`` seeded by strings, so the output
is the same on every machine and Python run.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path

from pythainlp.util import num_to_thaiword

from .data.cleaning import clean_reference

__all__ = [
    "BenchmarkSize",
    "DEMO_SIZE",
    "FULL_SIZE",
    "LATENCIES_MS",
    "SYSTEMS",
    "SETS",
    "SWEEP_SYSTEMS",
    "write_benchmark",
]

SYSTEMS = (
    "openthai2.0-asr-streaming",
    "openthai2.0-asr-streaming_th-mix",
    "typhoon-asr-streaming-0.6b",
    "typhoon-asr-streaming-0.6b_4gram",
)
SPLIT_SYSTEMS = ("openthai2.0-asr-streaming", "typhoon-asr-streaming-0.6b")
LOTUS_DEVICES = ("con123", "lav123", "jbl", "bt3m", "bt10m")
SETS = (
    ("fleurs", "tvspeech", "gs2", "isan")
    + tuple(f"lotus_{d}" for d in LOTUS_DEVICES)
    + ("tv_long", "gs2_long")
)
LATENCY_MS = 560  # the headline latency: every system is decoded at it
LATENCIES_MS = (80, 160, 560, 1120)
# Decoded at every latency; the other systems only at the headline latency.
SWEEP_SYSTEMS = ("openthai2.0-asr-streaming", "typhoon-asr-streaming-0.6b")
GS2_LONG_EXCLUDED_RECORDING = "0-26"  # its transcripts do not match its audio
# Any other set a card lists (one declared in its card.toml alone, such as the demo's
# Common Voice set) is read speech in Common Voice's shape: many speakers, each reading a
# few sentences (a few read many), clips named as Common Voice names them, the speaker's
# anonymous client id the cluster.
READ_SPEECH = "read"
READ_SPEECH_CLIP = "common_voice_th_{serial}.mp3"
# The sets whose references are cleaned ("benchmark" in the demo card's [sources]).
CLEANED_SETS = ("fleurs", "gs2")


@dataclass(frozen=True)
class BenchmarkSize:
    fleurs: int
    tv_videos: int
    tv_clips: int
    gs2_recordings: int
    gs2_segments: int
    isan_speakers: int
    isan_clips: int
    lotus_meetings: int
    lotus_turns: int
    read_speakers: int  # each read-speech set's (not one of the real card's sets)
    read_clips: int


DEMO_SIZE = BenchmarkSize(
    fleurs=300,
    tv_videos=15,
    tv_clips=200,
    gs2_recordings=30,
    gs2_segments=600,
    isan_speakers=20,
    isan_clips=200,
    lotus_meetings=6,
    lotus_turns=300,
    read_speakers=60,
    read_clips=240,
)
FULL_SIZE = BenchmarkSize(
    fleurs=1021,
    tv_videos=40,
    tv_clips=570,
    gs2_recordings=150,
    gs2_segments=9000,
    isan_speakers=60,
    isan_clips=500,
    lotus_meetings=24,
    lotus_turns=5516,
    read_speakers=400,
    read_clips=2000,
)

# Sentences by kind. Spaces mark word boundaries (where a transcriber may or
# may not put a space); {slots} are filled per clip.
TEMPLATES = {
    "news": [
        "กรม อุตุนิยมวิทยา คาดว่า ฝน จะ ตก หนัก ใน {n} จังหวัด ภาคใต้",
        "รัฐบาล อนุมัติ งบประมาณ {money} เพื่อ ซ่อมแซม ถนน ที่ ชำรุด",
        "การ ประชุม ครั้ง นี้ มี ผู้ เข้าร่วม กว่า {big} คน จาก {n} ประเทศ",
        "นักวิทยาศาสตร์ ค้นพบ ดาวเคราะห์ ดวง ใหม่ ที่ อยู่ ห่าง ออกไป {big} ปีแสง",
        "เมื่อ วันที่ {date} มี นักท่องเที่ยว เดินทาง มา กว่า {big} คน",
        "ราคา ทองคำ วันนี้ ปรับ ขึ้น {n} บาท ตาม ตลาด โลก",
        "โรงพยาบาล รายงาน ว่า มี ผู้ป่วย รายใหม่ {n} ราย ใน สัปดาห์ นี้",
        "ประชาชน ใน พื้นที่ ต้อง ทำ ตาม คำแนะนำ ของ เจ้าหน้าที่ อย่าง เคร่งครัด",
        "นายก กล่าว ว่า {q}",
        "แม่น้ำ สาย นี้ มี ความยาว ประมาณ {big} กิโลเมตร",
        "ใน ปี {year} ประเทศไทย ส่งออก ข้าว ได้ {big} ตัน",
        "ผู้ เชี่ยวชาญ ด้าน {en} ให้ ความเห็น ว่า ระบบ นี้ ยัง ต้อง ปรับปรุง",
    ],
    "tv": [
        "สวัสดี ครับ ท่าน ผู้ชม วันนี้ เรา จะ พา ไป ดู การ ทำ ขนม ไทย โบราณ",
        "ราคา น้ำมัน ดีเซล วันนี้ อยู่ ที่ ลิตร ละ {n} บาท",
        "ทีม ข่าว ลงพื้นที่ สำรวจ ความ เสียหาย พบ บ้านเรือน ได้รับ ผลกระทบ กว่า {big} หลัง",
        "ผู้สื่อข่าว รายงาน ว่า {q}",
        "ช่วง ต่อไป พบ กับ รายการ {en} ที่ จะ มา แนะนำ ร้าน อาหาร อร่อย ๆ",
        "คุณ ยาย วัย {n} ปี ยัง คง ทำงาน ทุก วัน ไม่ เคย หยุด",
        "ทาง ด้าน ตำรวจ ได้ ตั้ง ด่าน ตรวจ ตลอด {n} ชั่วโมง",
        "อย่า ลืม กด ติดตาม ช่อง ของ เรา ทาง {en} ด้วย นะ คะ",
        "ผล การ แข่งขัน เมื่อ คืน จบ ลง ที่ {n} ต่อ {n}",
        "อากาศ วันนี้ ร้อน มาก ๆ อุณหภูมิ สูงสุด {n} องศา",
    ],
    "podcast": [
        "วันนี้ เรา มา คุย กัน เรื่อง {en} นะ ครับ",
        "ผม ว่า การ ลงทุน ใน {en} ตอนนี้ มัน เสี่ยง มาก ๆ เลย",
        "เดือน ที่แล้ว ผม ใช้ เงิน ไป {money} กับ การ ซื้อ {en}",
        "คือ ต้อง บอก ก่อน ว่า เรื่อง นี้ มัน ไม่ ได้ ง่าย อย่าง ที่ คิด",
        "แล้ว ก็ มี คน ถาม เข้า มา ว่า {q}",
        "ช่วง นี้ งาน เยอะ มาก ทำ ถึง ตี {n} ทุก วัน",
        "ถ้า ใคร ชอบ ตอน นี้ ฝาก กด ไลก์ กด แชร์ ด้วย นะ ครับ",
        "ตอนนี้ ยอด ผู้ ฟัง ของ เรา ทะลุ {big} คน แล้ว",
        "สมัย ก่อน ค่า ขนม ได้ วัน ละ {n} บาท เอง",
    ],
    "isan": [
        "เฮา สิ ไป เฮ็ด นา อยู่ ทาง ทุ่ง พุ้น",
        "บ่ เป็น หยัง ดอก อ้าย ข่อย สิ ไป นำ",
        "แม่ใหญ่ ไป ตลาด ซื้อ ปลาแดก มา {n} กระปุก",
        "มื้อนี้ ฝน ตก หนัก หลาย บ่ ได้ ออก ไป ไส",
        "เจ้า สิ ไป ไส มา คือ เบิ่ง บ่ เห็น โต เลย",
        "ปี นี้ ข้าว งาม หลาย ได้ {n} กระสอบ",
        "พ่อ ใหญ่ อายุ {n} ปี แล้ว ยัง แข็งแรง อยู่",
        "กิน ข้าว แล้ว บ่ ล่ะ มา นั่ง นำ กัน ก่อน",
        "ลูกหลาน ไป เฮ็ด งาน อยู่ กรุงเทพ ได้ เงิน เดือน ละ {money}",
        "อยาก กิน ส้มตำ แซ่บ ๆ จัก จาน",
    ],
    "read": [
        "ฉัน ชอบ อ่าน หนังสือ ก่อน นอน ทุก คืน",
        "ห้องสมุด เปิด ให้ บริการ ตั้งแต่ {n} โมง เช้า",
        "รถไฟ ขบวน นี้ จะ ออก จาก สถานี ใน อีก {n} นาที",
        "คุณครู สอน ให้ เรา ล้าง มือ ก่อน กิน ข้าว",
        "วันที่ {date} เป็น วันเกิด ของ พี่สาว ฉัน",
        "บ้าน หลัง นี้ สร้าง เสร็จ ใน ปี {year}",
        "เขา ซื้อ ผลไม้ มา {n} กิโลกรัม",
        "แม่ บอก ว่า {q}",
        "ดอกไม้ ใน สวน บาน สะพรั่ง ทุก ฤดู ฝน",
        "น้อง ติดตั้ง {en} ไว้ ใน โทรศัพท์ เครื่อง ใหม่",
        "เมือง นี้ มี ประชากร ประมาณ {big} คน",
        "กรุณา ปิด เสียง โทรศัพท์ ระหว่าง การ แสดง",
    ],
    "meeting": [
        "ขอ เริ่ม การ ประชุม วาระ ที่ {n} นะ ครับ",
        "เรื่อง งบประมาณ ไตรมาส ที่ {n} ตอนนี้ ใช้ ไป แล้ว ประมาณ {n} เปอร์เซ็นต์",
        "เดี๋ยว ผม ขอ แชร์ หน้าจอ ใน {en} ก่อน นะ ครับ",
        "ใคร มี ความเห็น เพิ่มเติม ไหม คะ",
        "อันนี้ ต้อง ส่ง ให้ ลูกค้า ภายใน วันที่ {date} นะ คะ",
        "ทาง ทีม ทำ ได้ ดี มาก ๆ ใน เดือน นี้",
        "ผม คิดว่า เรา ควร จ้าง คน เพิ่ม อีก {n} คน",
        "งั้น สรุป ว่า {q} นะ ครับ",
        "เอ่อ ขอโทษ ครับ เสียง ไม่ ค่อย ชัด พูด อีก ที ได้ ไหม",
        "ยอดขาย รวม อยู่ ที่ {money} ครับ",
    ],
}
ENGLISH = [
    "AI",
    "Zoom",
    "TikTok",
    "iPhone",
    "Bitcoin",
    "Netflix",
    "Excel",
    "Google",
    "Facebook",
    "YouTube",
    "Line",
    "Grab",
]
TRANSLITERATION = {
    "AI": "เอไอ",
    "Zoom": "ซูม",
    "TikTok": "ติ๊กต็อก",
    "iPhone": "ไอโฟน",
    "Bitcoin": "บิตคอยน์",
    "Netflix": "เน็ตฟลิกซ์",
    "Excel": "เอ็กเซล",
    "Google": "กูเกิล",
    "Facebook": "เฟซบุ๊ก",
    "YouTube": "ยูทูบ",
    "Line": "ไลน์",
    "Grab": "แกร็บ",
}
QUOTES = [
    "สถานการณ์ ตอนนี้ เริ่ม คลี่คลาย แล้ว",
    "เรา จะ ทำ ให้ ดี ที่สุด",
    "ขอให้ ทุก คน ใจเย็น ๆ",
    "ทำไม ถึง ทำ แบบ นั้น",
    "ยัง ไม่ มี คำตอบ ที่ ชัดเจน",
]
MONTHS = [
    "มกราคม",
    "กุมภาพันธ์",
    "มีนาคม",
    "เมษายน",
    "พฤษภาคม",
    "มิถุนายน",
    "กรกฎาคม",
    "สิงหาคม",
    "กันยายน",
    "ตุลาคม",
    "พฤศจิกายน",
    "ธันวาคม",
]

THAI_DIGITS = str.maketrans("0123456789", "๐๑๒๓๔๕๖๗๘๙")
CONFUSABLE = {
    "่": "้",
    "้": "่",
    "ะ": "า",
    "า": "ะ",
    "น": "ล",
    "ล": "น",
    "ร": "ล",
    "ส": "ซ",
    "ซ": "ส",
    "ท": "ธ",
    "ค": "ข",
    "ต": "ด",
    "ด": "ต",
    "ป": "บ",
    "บ": "ป",
    "ิ": "ี",
    "ี": "ิ",
    "ุ": "ู",
    "ู": "ุ",
    "ั": "ะ",
}
CONSONANTS = "กขคงจฉชซดตถทนบปผพฟมยรลวสหอฮ"
PARTICLES = {"ครับ", "คะ", "ค่ะ", "นะ", "เอ่อ", "ก็", "เลย"}

KIND_OF_SET = {"fleurs": "news", "tvspeech": "tv", "gs2": "podcast", "isan": "isan"}

# How each system writes (number form weights: digits, thai digits, words, comma).
WRITING = {
    "reference-fleurs": dict(numbers=(0.85, 0.0, 0.15, 0.0), quotes="straight", am=0.0, spaces=0.6),
    "reference-tvspeech": dict(numbers=(0.6, 0.1, 0.3, 0.0), quotes="curly", am=0.0, spaces=0.3),
    "reference-gs2": dict(numbers=(0.5, 0.0, 0.5, 0.0), quotes="none", am=0.0, spaces=0.2),
    "reference-isan": dict(numbers=(0.2, 0.0, 0.8, 0.0), quotes="none", am=0.0, spaces=0.8),
    "reference-lotus": dict(numbers=(0.3, 0.0, 0.7, 0.0), quotes="none", am=0.0, spaces=0.1),
    # Common Voice's sentences hold no digits: numbers are spelt out.
    "reference-read": dict(numbers=(0.0, 0.0, 1.0, 0.0), quotes="straight", am=0.0, spaces=0.4),
    "openthai2.0-asr-streaming": dict(
        numbers=(0.7, 0.05, 0.2, 0.05), quotes="curly", am=0.2, spaces=0.5
    ),
    "openthai2.0-asr-streaming_th-mix": dict(
        numbers=(0.7, 0.05, 0.2, 0.05), quotes="curly", am=0.2, spaces=0.5
    ),
    "typhoon-asr-streaming-0.6b": dict(
        numbers=(0.6, 0.0, 0.35, 0.05), quotes="straight", am=0.5, spaces=0.1
    ),
    "typhoon-asr-streaming-0.6b_4gram": dict(
        numbers=(0.6, 0.0, 0.35, 0.05), quotes="straight", am=0.5, spaces=0.2
    ),
}

# Character error rates each system makes per kind of audio (before the
# per-cluster difficulty factor).
ERROR_RATE = {
    "openthai2.0-asr-streaming": {
        "fleurs": 0.055,
        "tvspeech": 0.075,
        "gs2": 0.095,
        "isan": 0.21,
        "lotus": 0.12,
        "read": 0.06,
    },
    "openthai2.0-asr-streaming_th-mix": {
        "fleurs": 0.056,
        "tvspeech": 0.074,
        "gs2": 0.094,
        "isan": 0.21,
        "lotus": 0.12,
        "read": 0.061,
    },
    "typhoon-asr-streaming-0.6b": {
        "fleurs": 0.068,
        "tvspeech": 0.066,
        "gs2": 0.105,
        "isan": 0.18,
        "lotus": 0.125,
        "read": 0.072,
    },
    "typhoon-asr-streaming-0.6b_4gram": {
        "fleurs": 0.064,
        "tvspeech": 0.062,
        "gs2": 0.100,
        "isan": 0.19,
        "lotus": 0.12,
        "read": 0.066,
    },
}
# How a chunk size other than 560 ms changes a system's output: the share of
# clips decoded exactly as at 560 ms (neighbouring latencies mostly agree),
# and the error-rate factor of the clips that change, per kind of audio.
# Shorter chunks see less right context and hurt conversational audio most;
# the longest chunk helps some sets and barely moves others.
LATENCY_EFFECT = {
    80: (
        0.30,
        {"fleurs": 1.35, "tvspeech": 1.55, "gs2": 1.75, "isan": 1.25, "lotus": 1.5, "read": 1.3},
    ),
    160: (
        0.55,
        {"fleurs": 1.08, "tvspeech": 1.25, "gs2": 1.35, "isan": 1.12, "lotus": 1.2, "read": 1.2},
    ),
    1120: (
        0.75,
        {"fleurs": 0.98, "tvspeech": 0.85, "gs2": 0.8, "isan": 0.97, "lotus": 0.9, "read": 0.96},
    ),
}
# Typhoon loses a little more than OpenThai when the chunk shrinks.
LATENCY_SENSITIVITY = {"openthai2.0-asr-streaming": 1.0, "typhoon-asr-streaming-0.6b": 1.15}
DEVICE_FACTOR = {"con123": 1.0, "lav123": 0.75, "jbl": 1.3, "bt3m": 1.8, "bt10m": 2.8}
LONG_FORM_FACTOR = {
    "openthai2.0-asr-streaming": 1.15,
    "openthai2.0-asr-streaming_th-mix": 1.2,
    "typhoon-asr-streaming-0.6b": 1.5,
    "typhoon-asr-streaming-0.6b_4gram": 1.45,
}


@dataclass(frozen=True)
class Sentence:
    """Words and slot values of one utterance, before any surface choice."""

    words: tuple  # str, or ("num", n), or ("quote", text), or ("en", word)


def _draw_sentence(rng: random.Random, kind: str, length: int = 1) -> Sentence:
    words: list = []
    for _ in range(length):
        for token in rng.choice(TEMPLATES[kind]).split():
            if token == "{n}":
                words.append(("num", rng.randint(1, 99)))
            elif token == "{big}":
                words.append(
                    (
                        "num",
                        rng.choice(
                            [
                                rng.randint(100, 999),
                                rng.randint(1000, 99_999),
                                rng.randint(100_000, 9_999_999),
                            ]
                        ),
                    )
                )
            elif token == "{money}":
                words += [("num", rng.randint(2, 500) * rng.choice([10, 100, 1000])), "บาท"]
            elif token == "{year}":
                words.append(("num", rng.randint(2560, 2569)))
            elif token == "{date}":
                words += [("num", rng.randint(1, 31)), rng.choice(MONTHS)]
            elif token == "{en}":
                words.append(("en", rng.choice(ENGLISH)))
            elif token == "{q}":
                words.append(("quote", rng.choice(QUOTES)))
            else:
                words.append(token)
    return Sentence(tuple(words))


def _render(rng: random.Random, sentence: Sentence, style: dict) -> str:
    """Write a sentence as one transcriber or system would."""
    pieces = []
    for word in sentence.words:
        if isinstance(word, tuple) and word[0] == "num":
            form = rng.choices(("digits", "thai", "words", "comma"), weights=style["numbers"])[0]
            n = word[1]
            text = {
                "digits": str(n),
                "thai": str(n).translate(THAI_DIGITS),
                "words": num_to_thaiword(n),
                "comma": f"{n:,}",
            }[form]
        elif isinstance(word, tuple) and word[0] == "quote":
            inner = word[1]
            text = {"curly": f"“{inner}”", "straight": f'"{inner}"', "none": inner}[style["quotes"]]
        elif isinstance(word, tuple) and word[0] == "en":
            text = word[1]
        else:
            text = word
        if "ำ" in text and rng.random() < style["am"]:
            text = text.replace("ำ", "ํา")
        pieces.append(text)
    out = pieces[0] if pieces else ""
    for piece in pieces[1:]:
        out += (" " if rng.random() < style["spaces"] else "") + piece
    return out


def _mistakes(rng: random.Random, sentence: Sentence, rate: float) -> Sentence:
    """Word-level mistakes: dropped particles, transliterated English."""
    words = []
    for word in sentence.words:
        if isinstance(word, str) and word in PARTICLES and rng.random() < rate * 3:
            continue
        if isinstance(word, tuple) and word[0] == "en" and rng.random() < 0.4:
            word = TRANSLITERATION[word[1]]
        if isinstance(word, tuple) and word[0] == "num" and rng.random() < rate:
            word = ("num", word[1] + rng.choice([-1, 1, 10]))
        words.append(word)
    return Sentence(tuple(words))


def _char_noise(rng: random.Random, text: str, rate: float) -> str:
    """Character substitutions, deletions and insertions, Thai-confusable first."""
    out = []
    for char in text:
        if char.isspace() or rng.random() >= rate:
            out.append(char)
            continue
        roll = rng.random()
        if roll < 0.5:
            out.append(CONFUSABLE.get(char) or rng.choice(CONSONANTS))
        elif roll < 0.85:
            continue
        else:
            out.append(char)
            out.append(rng.choice(CONSONANTS + "่้"))
    return "".join(out)


def _system_text(rng, sentence, system, rate) -> str:
    return _char_noise(
        rng, _render(rng, _mistakes(rng, sentence, rate), WRITING[system]), rate * 0.8
    )


@dataclass
class _Clip:
    id: str
    cluster: str
    sentence: Sentence
    difficulty: float


def _clusters(rng: random.Random, n_clips: int, n_clusters: int, prefix: str) -> list[str]:
    """Consecutive clips share a cluster; cluster sizes vary."""
    cuts = sorted(rng.sample(range(1, n_clips), n_clusters - 1)) if n_clusters > 1 else []
    labels, start = [], 0
    for index, end in enumerate(cuts + [n_clips]):
        labels += [f"{prefix}{index}"] * (end - start)
        start = end
    return labels


def _draw_sets(seed: str, size: BenchmarkSize) -> dict[str, list[_Clip]]:
    rng = random.Random(f"{seed}:clips")
    difficulty: dict[str, float] = {}

    def clip(clip_id, cluster, kind, length=1):
        if cluster not in difficulty:
            difficulty[cluster] = rng.lognormvariate(0.0, 0.35)
        return _Clip(clip_id, cluster, _draw_sentence(rng, kind, length), difficulty[cluster])

    sets: dict[str, list[_Clip]] = {}
    sets["fleurs"] = [
        clip(f"{1000 + i}{rng.randint(100000, 999999)}.wav", f"fleurs{i}", "news")
        for i in range(size.fleurs)
    ]
    videos = _clusters(rng, size.tv_clips, size.tv_videos, "yt")
    sets["tvspeech"] = [clip(str(i), v, "tv", 3) for i, v in enumerate(videos)]
    recordings = _clusters(rng, size.gs2_segments, size.gs2_recordings, "")
    segment_counter: dict[str, int] = {}
    gs2 = []
    for label in recordings:
        recording = f"0-{int(label) + 1}"
        segment_counter[recording] = segment_counter.get(recording, -1) + 1
        gs2.append(clip(f"{recording}-{segment_counter[recording]}", recording, "podcast"))
    sets["gs2"] = gs2
    speakers = [f"x_{s:03d}" for s in range(size.isan_speakers)]
    sets["isan"] = [
        clip(f"{rng.getrandbits(96):024x}", rng.choice(speakers), "isan")
        for _ in range(size.isan_clips)
    ]
    meetings = _clusters(rng, size.lotus_turns, size.lotus_meetings, "")
    turns = [
        clip(f"M{int(m) + 1:02d}_T{i:04d}", f"M{int(m) + 1:02d}", "meeting")
        for i, m in enumerate(meetings)
    ]
    for device in LOTUS_DEVICES:
        sets[f"lotus_{device}"] = [
            _Clip(f"{t.id}_{device}.wav", t.cluster, t.sentence, t.difficulty) for t in turns
        ]
    return sets


def _draw_read_speech(seed: str, set_name: str, size: BenchmarkSize) -> list[_Clip]:
    """A read-speech set in Common Voice's shape, drawn from a generator of its own (so that
    a card's other sets are the same with it or without it)."""
    rng = random.Random(f"{seed}:clips:{set_name}")
    speakers = [f"{rng.getrandbits(64):016x}" for _ in range(size.read_speakers)]
    difficulty = {speaker: rng.lognormvariate(0.0, 0.35) for speaker in speakers}
    weights = [1 / (rank + 1) for rank in range(len(speakers))]  # a few speakers read many
    serial = rng.randint(20_000_000, 40_000_000)
    clips = []
    for _ in range(size.read_clips):
        serial += rng.randint(1, 400)
        speaker = rng.choices(speakers, weights)[0]
        clips.append(
            _Clip(
                READ_SPEECH_CLIP.format(serial=serial),
                speaker,
                _draw_sentence(rng, READ_SPEECH),
                difficulty[speaker],
            )
        )
    return clips


def _join(clips: list[_Clip], key) -> list[tuple[str, list[_Clip]]]:
    groups: dict[str, list[_Clip]] = {}
    for c in clips:
        groups.setdefault(key(c), []).append(c)
    return list(groups.items())


def _write(path: Path, records) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def _latency_rate(system: str, family: str, latency: int, rate: float) -> tuple[float, float]:
    """(share of clips kept as at the headline latency, error rate of the others)."""
    keep, factors = LATENCY_EFFECT[latency]
    factor = 1.0 + (factors[family] - 1.0) * LATENCY_SENSITIVITY[system]
    return keep, rate * factor


def write_benchmark(
    root: str | os.PathLike,
    size: BenchmarkSize = DEMO_SIZE,
    seed: str = "demo",
    latencies: tuple[int, ...] = LATENCIES_MS,
    sets: tuple[str, ...] = SETS,
) -> Path:
    """Write ids/, refs/ and hypotheses/ for every set and system under ``root``.

    Every system is decoded at the headline latency (560 ms); the sweep
    systems also at each other latency in ``latencies``. ``sets`` are a card's
    (``CardSpec.sets``): the real card's eleven always, and each other one as
    read speech in Common Voice's shape.
    """
    root = Path(root)
    written = _Written(root, seed, [latency for latency in latencies if latency != LATENCY_MS])
    drawn = _draw_sets(seed, size)
    for set_name in sets:
        if set_name not in SETS:
            drawn[set_name] = _draw_read_speech(seed, set_name, size)
    for set_name, clips in drawn.items():
        written.short_set(set_name, clips)
    gs2_recordings = [
        (recording, clips)
        for recording, clips in _join(drawn["gs2"], lambda c: c.cluster)
        if recording != GS2_LONG_EXCLUDED_RECORDING
    ]
    written.long_set("tv_long", "tvspeech", _join(drawn["tvspeech"], lambda c: c.cluster))
    written.long_set("gs2_long", "gs2", gs2_recordings)
    return root


@dataclass
class _Written:
    """What ``write_benchmark`` has written so far: each reference's text (a long recording's
    is its clips' joined) and each system's text of each clip at the headline latency (kept,
    or redrawn, at another latency; joined in the long sets' decoding in pieces)."""

    root: Path
    seed: str
    other_latencies: list[int]
    reference_text: dict[tuple[str, str], str] = field(default_factory=dict)
    system_text: dict[tuple[str, str, str], str] = field(default_factory=dict)

    def _hypotheses(self, system: str, latency: int, set_name: str, records) -> None:
        _write(self.root / "hypotheses" / f"{system}_{latency}ms_{set_name}.jsonl", records)

    def short_set(self, set_name: str, clips: list) -> None:
        family = "lotus" if set_name.startswith("lotus_") else set_name
        # What the set is like: its own kind, the meetings', or read speech.
        kind = family if family in ERROR_RATE[SYSTEMS[0]] else READ_SPEECH
        rng = random.Random(f"{self.seed}:ref:{family}")
        ids = ({"id": c.id, "cluster": c.cluster} for c in clips)
        _write(self.root / "ids" / f"{set_name}.jsonl", ids)
        refs = []
        for c in clips:
            # LOTUSDIS devices share one transcript per turn.
            turn = c.id.rsplit("_", 1)[0] if family == "lotus" else c.id
            if (family, turn) not in self.reference_text:
                text = _render(rng, c.sentence, WRITING[f"reference-{kind}"])
                # Cleaned exactly as make-refs cleans the real FLEURS and GigaSpeech2.
                self.reference_text[(family, turn)] = (
                    clean_reference(text) if family in CLEANED_SETS else text
                )
            refs.append({"id": c.id, "text": self.reference_text[(family, turn)]})
        _write(self.root / "refs" / f"{set_name}.jsonl", refs)
        device = DEVICE_FACTOR[set_name.split("_", 1)[1]] if family == "lotus" else 1.0
        for system in SYSTEMS:
            self._short_set_of(system, set_name, clips, kind, ERROR_RATE[system][kind] * device)

    def _short_set_of(self, system: str, set_name: str, clips: list, kind: str, rate: float):
        rng = random.Random(f"{self.seed}:hyp:{set_name}:{system}")
        records = []
        for c in clips:
            text = _system_text(rng, c.sentence, system, min(rate * c.difficulty, 0.6))
            self.system_text[(set_name, system, c.id)] = text
            records.append({"id": c.id, "pred_text": text})
        self._hypotheses(system, LATENCY_MS, set_name, records)
        for latency in self.other_latencies if system in SWEEP_SYSTEMS else ():
            rng = random.Random(f"{self.seed}:hyp:{set_name}:{system}:{latency}ms")
            keep, changed_rate = _latency_rate(system, kind, latency, rate)
            records = [
                {
                    "id": c.id,
                    "pred_text": self.system_text[(set_name, system, c.id)]
                    if rng.random() < keep
                    else _system_text(
                        rng, c.sentence, system, min(changed_rate * c.difficulty, 0.6)
                    ),
                }
                for c in clips
            ]
            self._hypotheses(system, latency, set_name, records)

    def long_set(self, long_name: str, short_name: str, groups: list) -> None:
        """A set of long recordings, each its short set's clips joined."""
        ids = ({"id": key, "cluster": key} for key, _ in groups)
        _write(self.root / "ids" / f"{long_name}.jsonl", ids)
        refs = (
            {"id": key, "text": " ".join(self.reference_text[(short_name, c.id)] for c in clips)}
            for key, clips in groups
        )
        _write(self.root / "refs" / f"{long_name}.jsonl", refs)
        for system in SYSTEMS:
            pieces = self._long_set_of(system, long_name, short_name, groups)
            for latency in self.other_latencies if system in SWEEP_SYSTEMS else ():
                self._long_set_at(system, latency, long_name, short_name, groups, pieces)
            if system in SPLIT_SYSTEMS:
                records = (
                    {
                        "id": key,
                        "pred_text": " ".join(
                            self.system_text[(short_name, system, c.id)] for c in clips
                        ),
                    }
                    for key, clips in groups
                )
                self._hypotheses(system, LATENCY_MS, f"{long_name}_split", records)

    def _long_set_of(self, system: str, long_name: str, short_name: str, groups: list) -> dict:
        """One system's long recordings, decoded whole at the headline latency: {clip id: its
        piece of the text, or None where the stream lost it}."""
        rng = random.Random(f"{self.seed}:long:{long_name}:{system}")
        rate = ERROR_RATE[system][short_name] * LONG_FORM_FACTOR[system]
        whole, pieces = [], {}
        for key, clips in groups:
            # Streaming over a long recording sometimes loses a stretch of speech.
            for c in clips:
                pieces[c.id] = (
                    _system_text(rng, c.sentence, system, min(rate * c.difficulty, 0.6))
                    if rng.random() > 0.02
                    else None
                )
            said = " ".join(pieces[c.id] for c in clips if pieces[c.id] is not None)
            whole.append({"id": key, "pred_text": said})
        self._hypotheses(system, LATENCY_MS, long_name, whole)
        return pieces

    def _long_set_at(self, system, latency, long_name, short_name, groups, pieces) -> None:
        rng = random.Random(f"{self.seed}:long:{long_name}:{system}:{latency}ms")
        rate = ERROR_RATE[system][short_name] * LONG_FORM_FACTOR[system]
        keep, changed_rate = _latency_rate(system, short_name, latency, rate)
        records = []
        for key, clips in groups:
            parts = []
            for c in clips:
                if rng.random() < keep:
                    piece = pieces[c.id]
                elif rng.random() > 0.02:
                    piece = _system_text(
                        rng, c.sentence, system, min(changed_rate * c.difficulty, 0.6)
                    )
                else:
                    piece = None
                if piece is not None:
                    parts.append(piece)
            records.append({"id": key, "pred_text": " ".join(parts)})
        self._hypotheses(system, latency, long_name, records)
