"""Build the long recordings' audio the way the card's long sets were built.

Clips of one video or recording are joined in order with exactly one second
of digital silence (16,000 zero samples) between them, as 16 kHz mono 16-bit
PCM WAV. A clip in another format is refused unless resampling is asked for.
"""

from __future__ import annotations

import csv
import os
import tempfile
import wave
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ..errors import ScoringError, plural
from ..files import open_mode
from ..jsonl import read_ids

__all__ = [
    "SAMPLE_RATE",
    "GAP_SAMPLES",
    "check_clip",
    "read_clip",
    "join_clips",
    "recordings_from_list",
    "recordings_from_ids",
    "join_audio",
    "joined_summary",
]

SAMPLE_RATE = 16_000
GAP_SAMPLES = SAMPLE_RATE  # one second of zeros between clips


def _open_clip(path: Path, *, frames: bool) -> tuple[int, int, bytes]:
    """(sample rate, channels, frames if asked) of a 16-bit PCM WAV file."""
    try:
        with wave.open(str(path), "rb") as clip:
            rate, channels, width = clip.getframerate(), clip.getnchannels(), clip.getsampwidth()
            data = clip.readframes(clip.getnframes()) if frames else b""
    except FileNotFoundError:
        raise ScoringError(path, "no such clip file") from None
    except IsADirectoryError:
        raise ScoringError(path, "is a directory, not a clip") from None
    except (wave.Error, EOFError) as error:
        raise ScoringError(path, f"is not a PCM WAV file ({error})") from None
    if width != 2:
        raise ScoringError(path, f"has {8 * width}-bit samples; 16-bit PCM is expected")
    return rate, channels, data


def _check_format(path: Path, rate: int, channels: int, resample: bool) -> None:
    if (rate, channels) != (SAMPLE_RATE, 1) and not resample:
        raise ScoringError(
            path,
            f"is {rate} Hz with {channels} channel(s); clips must be "
            "16 kHz mono (or pass --resample)",
        )


def check_clip(path: Path, *, resample: bool = False) -> None:
    """The clip's header only: present, 16-bit PCM WAV, 16 kHz mono unless resampling."""
    rate, channels, _ = _open_clip(path, frames=False)
    _check_format(path, rate, channels, resample)


def read_clip(path: Path, *, resample: bool = False) -> np.ndarray:
    """A 16 kHz mono int16 signal from a PCM WAV file."""
    rate, channels, frames = _open_clip(path, frames=True)
    _check_format(path, rate, channels, resample)
    signal = np.frombuffer(frames, dtype="<i2").reshape(-1, channels)
    if rate == SAMPLE_RATE and channels == 1:
        return signal[:, 0].copy()
    import soxr

    mono = signal.astype(np.float32).mean(axis=1) / 32768.0
    converted = soxr.resample(mono, rate, SAMPLE_RATE) if rate != SAMPLE_RATE else mono
    return np.clip(np.round(converted * 32768.0), -32768, 32767).astype(np.int16)


def join_clips(signals: Sequence[np.ndarray]) -> np.ndarray:
    """Clips in order with GAP_SAMPLES zeros between each pair (none at the ends)."""
    gap = np.zeros(GAP_SAMPLES, dtype=np.int16)
    pieces: list[np.ndarray] = []
    for index, signal in enumerate(signals):
        if index:
            pieces.append(gap)
        pieces.append(signal)
    return np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int16)


def _write_wav_atomic(path: Path, signal: np.ndarray) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".wav.tmp")
    os.close(handle)
    try:
        with wave.open(temporary, "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(SAMPLE_RATE)
            out.writeframes(signal.astype("<i2").tobytes())
        os.chmod(temporary, open_mode())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def recordings_from_list(list_path: Path) -> dict[str, list[Path]]:
    """An ordered list file: ``recording<TAB>clip path`` per line, in join order."""
    recordings: dict[str, list[Path]] = {}
    try:
        text = list_path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ScoringError(list_path, "no such list file") from None
    except UnicodeDecodeError:
        raise ScoringError(list_path, "is not UTF-8 text") from None
    reader = csv.reader(text.splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE)
    for number, fields in enumerate(reader, start=1):
        if not fields or not "".join(fields).strip():
            continue
        if len(fields) != 2:
            raise ScoringError(f"{list_path}:{number}", "expected recording<TAB>clip path")
        clip = Path(fields[1])
        recordings.setdefault(fields[0], []).append(
            clip if clip.is_absolute() else list_path.parent / clip
        )
    return recordings


def recordings_from_ids(ids_path: Path, clips_dir: Path) -> dict[str, list[Path]]:
    """Clips ``<clips_dir>/<id>.wav`` grouped by their cluster, in ids-file order."""
    ids, clusters = read_ids(ids_path)
    recordings: dict[str, list[Path]] = {}
    for clip_id, cluster in zip(ids, clusters):
        name = clip_id if clip_id.endswith(".wav") else f"{clip_id}.wav"
        recordings.setdefault(cluster, []).append(clips_dir / name)
    return recordings


def join_audio(
    recordings: dict[str, list[Path]],
    out_dir: Path,
    *,
    resample: bool = False,
    progress: bool | None = None,
) -> dict[str, int]:
    """Write ``out_dir/<recording>.wav`` for each recording; returns sample counts."""
    from tqdm import tqdm

    # Every input is checked before anything is written: a bad clip late in
    # the list must not leave the first recordings (or an empty folder) behind.
    for recording, clips in recordings.items():
        if "/" in recording or recording in ("", ".", ".."):
            raise ScoringError(recording, "is not usable as a file name")
        for clip in clips:
            check_clip(clip, resample=resample)
    if out_dir.exists() and not out_dir.is_dir():
        raise ScoringError(out_dir, "is a file, not a folder for the recordings")
    out_dir.mkdir(parents=True, exist_ok=True)
    counts = {}
    for recording, clips in tqdm(
        recordings.items(),
        desc="joining",
        unit="recording",
        disable=None if progress is None else not progress,
        leave=False,
    ):
        signal = join_clips([read_clip(c, resample=resample) for c in clips])
        _write_wav_atomic(out_dir / f"{recording}.wav", signal)
        counts[recording] = int(signal.size)
    return counts


def joined_summary(out_dir: Path, counts: dict[str, int]) -> str:
    """What ``join-audio`` wrote: how many recordings, and how long they last together, in the
    unit that fits (12.5 s, 3.2 min, 1.75 hours)."""
    seconds = sum(counts.values()) / SAMPLE_RATE
    length = (
        f"{seconds:.1f} s"
        if seconds < 60
        else f"{seconds / 60:.1f} min"
        if seconds < 3600
        else f"{seconds / 3600:.2f} hours"
    )
    return f"{out_dir}: {plural(len(counts), 'recording')}, {length}"
