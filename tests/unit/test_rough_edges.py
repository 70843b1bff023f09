"""Rough edges a new user met, each with the message or behaviour that fixes it."""

from __future__ import annotations

import os
import stat
import wave
from pathlib import Path

import numpy as np
import pytest

from conftest import REPO_ROOT, write_jsonl
from scoring.cli import main

DEMO = REPO_ROOT / "examples" / "demo"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def small_set(tmp_path):
    """refs, ids and one hypothesis file of three clips."""
    write_jsonl(tmp_path / "ids/s.jsonl", [{"id": f"c{i}", "cluster": f"k{i}"} for i in range(3)])
    write_jsonl(tmp_path / "refs/s.jsonl", [{"id": f"c{i}", "text": "สวัสดีครับ"} for i in range(3)])
    write_jsonl(tmp_path / "hyp.jsonl", [{"id": f"c{i}", "pred_text": "สวัสดีค่ะ"} for i in range(3)])
    return tmp_path


def score(capsys, root, hyp, *extra):
    return run(capsys, "score", str(root / "refs/s.jsonl"), str(hyp),
               "--ids", str(root / "ids/s.jsonl"), *extra)


def one_error(code, out, err):
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return err


# ---------------------------------------------------------------- defect 5

def test_a_line_cut_off_mid_character_says_truncated(small_set, capsys):
    hyp = small_set / "hyp.jsonl"
    hyp.write_bytes(hyp.read_bytes().rstrip(b"\n")[:-4])  # inside the last ะ (3 bytes)
    err = one_error(*score(capsys, small_set, hyp))
    assert "hyp.jsonl:3: ends in the middle of a character: the file looks truncated" in err


def test_a_byte_that_is_not_utf8_is_named_by_line_and_column(small_set, capsys):
    """The whole file is decoded at once; a bad byte still names its own line and column."""
    hyp = small_set / "hyp.jsonl"
    lines = hyp.read_bytes().split(b"\n")
    column = lines[1].index(b"pred_text") + 1
    lines[1] = lines[1][:column - 1] + b"\xff" + lines[1][column - 1:]
    hyp.write_bytes(b"\n".join(lines))
    err = one_error(*score(capsys, small_set, hyp))
    assert f"hyp.jsonl:2: is not UTF-8 (bad byte at column {column})" in err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_input_says_utf16(small_set, capsys, encoding):
    hyp = small_set / "hyp.jsonl"
    hyp.write_bytes(hyp.read_text(encoding="utf-8").encode(encoding))
    err = one_error(*score(capsys, small_set, hyp))
    assert "hyp.jsonl: is UTF-16 text; save it as UTF-8" in err


def test_an_empty_file_says_empty(small_set, capsys):
    hyp = small_set / "hyp.jsonl"
    hyp.write_bytes(b"")
    assert "hyp.jsonl: is empty: it holds no JSON lines" in one_error(*score(capsys, small_set, hyp))


def test_an_id_typo_names_the_missing_and_the_stray_id(small_set, capsys):
    hyp = small_set / "hyp.jsonl"
    hyp.write_text(hyp.read_text(encoding="utf-8").replace('"c1"', '"cl"'), encoding="utf-8")
    err = one_error(*score(capsys, small_set, hyp))
    assert "is missing 1 of the 3 clips of set 's' ('c1') and has 1 ids that are not in" in err
    assert "('cl')" in err


@pytest.mark.parametrize("where", ["ref", "hyp", "ids"])
def test_a_directory_where_a_file_belongs_says_directory(small_set, capsys, where):
    folder = small_set / "a-folder"
    folder.mkdir()
    paths = {"ref": small_set / "refs/s.jsonl", "hyp": small_set / "hyp.jsonl",
             "ids": small_set / "ids/s.jsonl"}
    paths[where] = folder
    err = one_error(*run(capsys, "score", str(paths["ref"]), str(paths["hyp"]),
                         "--ids", str(paths["ids"])))
    assert f"{folder}: is a directory" in err


def test_a_directory_where_the_card_expects_a_file_says_directory(tmp_path, capsys):
    import shutil

    root = tmp_path / "demo"
    shutil.copytree(DEMO, root, ignore=shutil.ignore_patterns("*.py"))
    (root / "refs/isan.jsonl").unlink()
    (root / "refs/isan.jsonl").mkdir()
    assert "refs/isan.jsonl: is a directory" in one_error(*run(capsys, "card", str(root)))


# ---------------------------------------------------------------- defect 4

def test_a_text_beyond_the_limit_fails_early_naming_file_line_and_length(
        small_set, capsys, monkeypatch):
    monkeypatch.setenv("SCORING_MAX_TEXT_CHARS", "100")
    hyp = small_set / "hyp.jsonl"
    write_jsonl(hyp, [{"id": "c0", "pred_text": "ก" * 150},
                      {"id": "c1", "pred_text": "x"}, {"id": "c2", "pred_text": "x"}])
    err = one_error(*score(capsys, small_set, hyp))
    assert "hyp.jsonl:1: text is 150 characters long, beyond the limit of 100" in err
    assert "raise the limit with SCORING_MAX_TEXT_CHARS=" in err


def test_the_default_limit_keeps_long_recordings(small_set, capsys):
    """A 50,000-character joined recording is scored (well inside the default limit)."""
    hyp = small_set / "hyp.jsonl"
    long_text = "สวัสดีครับ " * 5000
    write_jsonl(hyp, [{"id": f"c{i}", "pred_text": long_text} for i in range(3)])
    code, out, _ = score(capsys, small_set, hyp)
    assert code == 0 and "CER" in out


# ---------------------------------------------------------------- defect 6

def _wav(path: Path, rate: int = 16000, channels: int = 1, seconds: float = 0.1) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(np.zeros(int(rate * seconds) * channels, dtype="<i2").tobytes())
    return path


def test_join_audio_checks_every_clip_before_writing_anything(tmp_path, capsys):
    good = [_wav(tmp_path / f"clips/{n}.wav") for n in "ab"]
    bad = _wav(tmp_path / "clips/c.wav", rate=44100, channels=2)
    listing = tmp_path / "list.tsv"
    listing.write_text(f"r1\t{good[0]}\nr1\t{good[1]}\nr2\t{bad}\n", encoding="utf-8")
    out_dir = tmp_path / "out"
    err = one_error(*run(capsys, "join-audio", str(out_dir), "--list", str(listing)))
    assert "c.wav: is 44100 Hz with 2 channel(s)" in err
    assert not out_dir.exists()  # not even an empty folder


def test_join_audio_summary_uses_a_unit_that_fits(tmp_path, capsys):
    clip = _wav(tmp_path / "clips/a.wav", seconds=0.5)
    listing = tmp_path / "list.tsv"
    listing.write_text(f"r1\t{clip}\nr1\t{clip}\n", encoding="utf-8")
    code, out, _ = run(capsys, "join-audio", str(tmp_path / "out"), "--list", str(listing))
    assert code == 0 and out.strip().endswith(": 1 recording, 2.0 s")  # 0.5 + 1 + 0.5


# ---------------------------------------------------------------- defect 7

def test_written_files_get_the_mode_open_would_give(small_set, tmp_path, capsys, monkeypatch):
    """Under umask 022: plots, WAVs, references, cache shards and cards are 0644, not 0600."""
    from scoring.batch import NormalizationCache
    from scoring.card.publish import write_atomically
    from scoring.jsonl import write_jsonl_atomic

    previous = os.umask(0o022)
    try:
        written = []
        refs = tmp_path / "refs-out/s.jsonl"
        write_jsonl_atomic(refs, [{"id": "a", "text": "ก"}])
        written.append(refs)
        card = tmp_path / "card.md"
        write_atomically(card, "# card\n")
        written.append(card)
        store = NormalizationCache(tmp_path / "cache", "f" * 64)
        store.add({"ก": "ก"})
        written += list(store.folder.glob("*.json"))
        clip = _wav(tmp_path / "clips/a.wav")
        listing = tmp_path / "list.tsv"
        listing.write_text(f"r1\t{clip}\n", encoding="utf-8")
        assert main(["join-audio", str(tmp_path / "wavs"), "--list", str(listing)]) == 0
        written.append(tmp_path / "wavs/r1.wav")
        spoil = tmp_path / "bench"
        for folder in ("ids", "refs"):
            (spoil / folder).mkdir(parents=True)
            (spoil / folder / "fleurs.jsonl").write_bytes((DEMO / folder / "fleurs.jsonl").read_bytes())
        (spoil / "hypotheses").mkdir()
        (spoil / "hypotheses/a_560ms_fleurs.jsonl").write_bytes(
            (DEMO / "hypotheses/openthai2.0-asr-streaming_560ms_fleurs.jsonl").read_bytes())
        (spoil / "card.toml").write_text('sets = ["fleurs"]\n[systems]\na = "A"\nb = "B"\n'
                                         '[[comparisons]]\na = "a"\nb = "b"\n', encoding="utf-8")
        (spoil / "hypotheses/b_560ms_fleurs.jsonl").write_bytes(
            (spoil / "hypotheses/a_560ms_fleurs.jsonl").read_bytes())
        assert main(["card", str(spoil), "--plot", str(tmp_path / "forest.png")]) == 0
        written.append(tmp_path / "forest.png")
    finally:
        os.umask(previous)
    capsys.readouterr()
    for path in written:
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, path


def test_mutmut_mutates_the_metric_core_only():
    """Every module is either the metric core (mutated, scored in tests/MUTANTS.md) or listed
    in do_not_mutate: a new module is a decision, not an accident."""
    import tomllib

    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    skipped = set(config["tool"]["mutmut"]["do_not_mutate"])
    mutated = sorted(str(path.relative_to(REPO_ROOT)) for path in
                     (REPO_ROOT / "scoring").rglob("*.py")
                     if str(path.relative_to(REPO_ROOT)) not in skipped)
    assert mutated == ["scoring/batch.py", "scoring/bootstrap.py", "scoring/normalizer.py",
                       "scoring/numbers.py", "scoring/robustness.py", "scoring/statistics.py"]
    assert all((REPO_ROOT / name).is_file() for name in skipped)
