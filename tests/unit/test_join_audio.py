"""join-audio: exact sample counts, exact silence, refusal of other formats."""

from __future__ import annotations

import wave

import numpy as np
import pytest

from conftest import write_jsonl
from scoring.cli import main
from scoring.data.join_audio import GAP_SAMPLES, joined_summary, read_clip


def write_wav(path, samples, rate=16000, channels=1):
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(np.asarray(samples, dtype="<i2").tobytes())


def read_wav(path):
    with wave.open(str(path), "rb") as clip:
        assert (clip.getframerate(), clip.getnchannels(), clip.getsampwidth()) == (16000, 1, 2)
        return np.frombuffer(clip.readframes(clip.getnframes()), dtype="<i2")


@pytest.fixture
def clips(tmp_path):
    rng = np.random.default_rng(3)
    signals = {
        name: rng.integers(-2000, 2000, size=n).astype(np.int16) + 1
        for name, n in [("a", 12_345), ("b", 800), ("c", 16_001)]
    }
    for name, signal in signals.items():
        write_wav(tmp_path / "clips" / f"{name}.wav", signal)
    return signals


def test_list_file_joins_in_order_with_one_second_of_zeros(tmp_path, clips, capsys):
    """Sample counts and silence are exact; clip order follows the list."""
    listing = tmp_path / "list.tsv"
    listing.write_text(
        "rec1\tclips/b.wav\nrec1\tclips/a.wav\nrec1\tclips/c.wav\nrec2\tclips/a.wav\n",
        encoding="utf-8",
    )
    assert main(["join-audio", str(tmp_path / "out"), "--list", str(listing)]) == 0
    joined = read_wav(tmp_path / "out/rec1.wav")
    b, a, c = clips["b"], clips["a"], clips["c"]
    assert joined.size == b.size + a.size + c.size + 2 * GAP_SAMPLES == 29_146 + 32_000
    assert np.array_equal(joined[: b.size], b)
    assert not joined[b.size : b.size + 16_000].any()
    assert np.array_equal(joined[b.size + 16_000 : b.size + 16_000 + a.size], a)
    assert not joined[b.size + 16_000 + a.size : b.size + 32_000 + a.size].any()
    assert np.array_equal(joined[-c.size :], c)
    assert np.array_equal(read_wav(tmp_path / "out/rec2.wav"), a)  # one clip: no silence
    seconds = (joined.size + a.size) / 16_000
    assert capsys.readouterr().out == f"{tmp_path / 'out'}: 2 recordings, {seconds:.1f} s\n"


@pytest.mark.parametrize(
    "seconds, shown", [(59.94, "59.9 s"), (90, "1.5 min"), (3599, "60.0 min"), (6300, "1.75 hours")]
)
def test_the_summary_gives_the_length_in_the_unit_that_fits(tmp_path, seconds, shown):
    counts = {"only": int(seconds * 16_000)}
    assert joined_summary(tmp_path, counts) == f"{tmp_path}: 1 recording, {shown}"


def test_ids_file_groups_clips_by_cluster(tmp_path, clips):
    """--ids with --clips joins each cluster's clips in ids-file order."""
    write_jsonl(
        tmp_path / "ids.jsonl",
        [{"id": "c", "cluster": "v1"}, {"id": "a", "cluster": "v1"}, {"id": "b", "cluster": "v2"}],
    )
    assert (
        main(
            [
                "join-audio",
                str(tmp_path / "out"),
                "--ids",
                str(tmp_path / "ids.jsonl"),
                "--clips",
                str(tmp_path / "clips"),
            ]
        )
        == 0
    )
    v1 = read_wav(tmp_path / "out/v1.wav")
    assert v1.size == clips["c"].size + GAP_SAMPLES + clips["a"].size
    assert np.array_equal(read_wav(tmp_path / "out/v2.wav"), clips["b"])


def test_other_rates_are_refused_without_resample(tmp_path, capsys):
    """A 44.1 kHz stereo clip is refused in one line naming it."""
    write_wav(tmp_path / "clips/x.wav", np.zeros((4410, 2)), rate=44100, channels=2)
    (tmp_path / "list.tsv").write_text("r\tclips/x.wav\n", encoding="utf-8")
    code = main(["join-audio", str(tmp_path / "out"), "--list", str(tmp_path / "list.tsv")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "x.wav: is 44100 Hz with 2 channel(s); clips must be 16 kHz mono" in err
    assert not (tmp_path / "out/r.wav").exists()


def test_resample_converts_to_16k_mono(tmp_path):
    """With --resample, soxr converts rate and channels: 0.1 s stays 1,600 samples."""
    t = np.arange(4410) / 44100
    tone = (8000 * np.sin(2 * np.pi * 440 * t)).astype(np.int16)
    write_wav(tmp_path / "x.wav", np.stack([tone, tone], axis=1), rate=44100, channels=2)
    signal = read_clip(tmp_path / "x.wav", resample=True)
    assert signal.dtype == np.int16 and signal.size == 1600
    assert 6000 < np.abs(signal[200:1400]).max() <= 8100


def test_missing_clip_is_one_line(tmp_path, capsys):
    """A listed clip that does not exist is named."""
    (tmp_path / "list.tsv").write_text("r\tnope.wav\n", encoding="utf-8")
    code = main(["join-audio", str(tmp_path / "out"), "--list", str(tmp_path / "list.tsv")])
    assert code == 2 and "nope.wav: no such clip file" in capsys.readouterr().err


def test_ids_without_clips_folder_is_refused(tmp_path, capsys):
    """--ids needs --clips."""
    write_jsonl(tmp_path / "ids.jsonl", [{"id": "a", "cluster": "v"}])
    code = main(["join-audio", str(tmp_path / "out"), "--ids", str(tmp_path / "ids.jsonl")])
    assert code == 2 and "needs --clips DIR" in capsys.readouterr().err
