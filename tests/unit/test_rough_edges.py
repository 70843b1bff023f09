"""Rough edges a new user met, each with the message or behaviour that fixes it."""

from __future__ import annotations

import os
import re
import stat
import wave
from pathlib import Path

import numpy as np
import pytest

from conftest import REPO_ROOT, write_jsonl
from scoring.cli import main
from tests.copies import copy_demo

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
    return run(
        capsys,
        "score",
        str(root / "refs/s.jsonl"),
        str(hyp),
        "--ids",
        str(root / "ids/s.jsonl"),
        *extra,
    )


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
    lines[1] = lines[1][: column - 1] + b"\xff" + lines[1][column - 1 :]
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
    assert "hyp.jsonl: is empty: it holds no JSON lines" in one_error(
        *score(capsys, small_set, hyp)
    )


def test_an_id_typo_names_the_missing_and_the_stray_id(small_set, capsys):
    hyp = small_set / "hyp.jsonl"
    hyp.write_text(hyp.read_text(encoding="utf-8").replace('"c1"', '"cl"'), encoding="utf-8")
    err = one_error(*score(capsys, small_set, hyp))
    assert "is missing 1 of the 3 clips of set 's' ('c1') and has 1 id that is not in" in err
    assert "('cl')" in err


@pytest.mark.parametrize("where", ["ref", "hyp", "ids"])
def test_a_directory_where_a_file_belongs_says_directory(small_set, capsys, where):
    folder = small_set / "a-folder"
    folder.mkdir()
    paths = {
        "ref": small_set / "refs/s.jsonl",
        "hyp": small_set / "hyp.jsonl",
        "ids": small_set / "ids/s.jsonl",
    }
    paths[where] = folder
    err = one_error(
        *run(capsys, "score", str(paths["ref"]), str(paths["hyp"]), "--ids", str(paths["ids"]))
    )
    assert f"{folder}: is a directory" in err


def test_a_directory_where_the_card_expects_a_file_says_directory(tmp_path, capsys):
    root = tmp_path / "demo"
    copy_demo(root)
    (root / "refs/isan.jsonl").unlink()
    (root / "refs/isan.jsonl").mkdir()
    assert "refs/isan.jsonl: is a directory" in one_error(*run(capsys, "card", str(root)))


# ---------------------------------------------------------------- defect 4


def test_a_text_beyond_the_limit_fails_early_naming_file_line_and_length(
    small_set, capsys, monkeypatch
):
    monkeypatch.setenv("SCORING_MAX_TEXT_CHARS", "100")
    hyp = small_set / "hyp.jsonl"
    write_jsonl(
        hyp,
        [
            {"id": "c0", "pred_text": "ก" * 150},
            {"id": "c1", "pred_text": "x"},
            {"id": "c2", "pred_text": "x"},
        ],
    )
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
            (spoil / folder / "fleurs.jsonl").write_bytes(
                (DEMO / folder / "fleurs.jsonl").read_bytes()
            )
        (spoil / "hypotheses").mkdir()
        (spoil / "hypotheses/a_560ms_fleurs.jsonl").write_bytes(
            (DEMO / "hypotheses/openthai2.0-asr-streaming_560ms_fleurs.jsonl").read_bytes()
        )
        (spoil / "card.toml").write_text(
            'sets = ["fleurs"]\n[systems]\na = "A"\nb = "B"\n[[comparisons]]\na = "a"\nb = "b"\n',
            encoding="utf-8",
        )
        (spoil / "hypotheses/b_560ms_fleurs.jsonl").write_bytes(
            (spoil / "hypotheses/a_560ms_fleurs.jsonl").read_bytes()
        )
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
    mutated = sorted(
        str(path.relative_to(REPO_ROOT))
        for path in (REPO_ROOT / "scoring").rglob("*.py")
        if str(path.relative_to(REPO_ROOT)) not in skipped
    )
    assert mutated == [
        "scoring/batch.py",
        "scoring/bootstrap.py",
        "scoring/normalizer.py",
        "scoring/numbers.py",
        "scoring/randomisation.py",
        "scoring/robustness.py",
        "scoring/statistics.py",
    ]
    assert all((REPO_ROOT / name).is_file() for name in skipped)


# ---------------------------------------------------- met on the real path (issue 28)


@pytest.mark.parametrize("hypotheses", [1, 2], ids=["one-hypothesis", "two-hypotheses"])
@pytest.mark.parametrize(
    ("option", "value"),
    [("--level", "1.5"), ("--level", "0"), ("--resamples", "0"), ("--resamples", "-5")],
)
def test_bootstrap_settings_are_checked_with_one_hypothesis_too(
    small_set, capsys, option, value, hypotheses
):
    """They would go into the signature: refused whatever is scored, naming the option."""
    hyp = small_set / "hyp.jsonl"
    extra = [str(hyp)] if hypotheses == 2 else []
    err = one_error(
        *run(
            capsys,
            "score",
            str(small_set / "refs/s.jsonl"),
            str(hyp),
            *extra,
            "--ids",
            str(small_set / "ids/s.jsonl"),
            option,
            value,
        )
    )
    assert err.startswith(f"error: {option}: must be ")


def test_a_missing_reference_file_is_named_itself(small_set, capsys, monkeypatch):
    """Not the ids file its name points to."""
    monkeypatch.chdir(small_set)
    err = one_error(*run(capsys, "score", "refs/nope.jsonl", "hyp.jsonl"))
    assert err == "error: refs/nope.jsonl: no such reference file\n"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["score", "r", "h", "--top", "3"], "error: --top: goes with --by-cluster only"),
        (["card", "--latency", "80"], "error: --latency: goes with --plot only"),
    ],
)
def test_an_option_without_the_one_it_belongs_to_is_refused(capsys, argv, says):
    assert one_error(*run(capsys, *argv)).strip() == says


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["score", "r.jsonl", "h.jsonl", "--jsn"], "scoring score: unrecognized arguments: --jsn "),
        # Mistyped, the one action publish needs is missing too: the typo is what is named.
        (["publish", ".", "--mrak"], "scoring publish: unrecognized arguments: --mrak "),
    ],
)
def test_an_unknown_option_is_named_with_the_nearest_and_its_commands_help(capsys, argv, says):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    err = capsys.readouterr().err
    command, typo = f"scoring {argv[0]}", argv[-1]
    nearest = {"--jsn": "--json", "--mrak": "--mark"}[typo]
    assert exited.value.code == 2 and err.count("\n") == 1
    assert err == f"{says}(did you mean {nearest}?) (see `{command} --help`)\n"


def test_an_abbreviated_option_is_no_typo(capsys):
    """argparse reads "--mar" as --mark: an error about it says what it is about."""
    with pytest.raises(SystemExit):
        main(["publish", ".", "--mar", "--check"])
    err = capsys.readouterr().err
    assert "not allowed with argument --mark" in err and "unrecognized" not in err, err


def test_a_mistyped_command_is_named_as_one_not_as_its_options(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["scor", "--json"])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and "invalid choice: 'scor'" in err and "--json" not in err


def test_publish_help_summarises_every_action():
    from scoring.cli import build_parser

    commands = next(
        action
        for action in build_parser()._actions
        if getattr(action, "choices", None) and "publish" in action.choices
    )
    summary = next(a.help for a in commands._choices_actions if a.dest == "publish")
    for option in ("--check", "--write", "--mark", "--diff", "--push"):
        assert option in summary


@pytest.mark.parametrize(
    ("table", "says"),
    [
        ("[bootstrap]\nresamples = 0\n", "[bootstrap] resamples must be 1 or more, not 0"),
        ("[bootstrap]\nlevel = 95\n", "[bootstrap] level must be a fraction between 0 and 1"),
    ],
)
def test_bootstrap_settings_in_card_toml_name_the_file_and_the_key(tmp_path, capsys, table, says):
    root = tmp_path / "demo"
    copy_demo(root, "README.md")
    path = root / "card.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("[bootstrap]")
    end = text.index("\n[", start + 1)
    path.write_text(text[:start] + table + text[end:], encoding="utf-8")
    err = one_error(*run(capsys, "card", str(root)))
    assert err.startswith(f"error: {path}: ") and says in err


def test_a_misspelt_key_holding_a_list_is_said_to_be_the_key_that_takes_one(tmp_path, capsys):
    """`latencys_ms = [80, 560]` is latencies_ms, not latency_ms (which takes one number)."""
    (tmp_path / "card.toml").write_text(
        'latencys_ms = [80, 560]\nsets = ["s"]\n[systems]\na = "A"\n', encoding="utf-8"
    )
    err = one_error(*run(capsys, "card", str(tmp_path)))
    assert "unknown key 'latencys_ms' in card.toml; did you mean 'latencies_ms'?" in err
    (tmp_path / "card.toml").write_text(
        'latencys_ms = 560\nsets = ["s"]\n[systems]\na = "A"\n', encoding="utf-8"
    )
    assert "did you mean 'latency_ms'?" in one_error(*run(capsys, "card", str(tmp_path)))


def test_json_cut_in_a_string_is_said_once_at_its_column(small_set, capsys):
    hyp = small_set / "hyp.jsonl"
    hyp.write_text('{"id": "c0", "pred_text": "unterminated\n', encoding="utf-8")
    err = one_error(*score(capsys, small_set, hyp))
    assert "starting at column " in err and " at at " not in err


def test_one_edit_and_one_id_are_singular(small_set, capsys):
    """'1 edit', '1 id that is', never '1 edits' or '1 ids'."""
    hyp = small_set / "hyp.jsonl"
    write_jsonl(
        hyp,
        [
            {"id": "c0", "pred_text": "สวัสดีคร"},
            {"id": "c1", "pred_text": "สวัสดีครับ"},
            {"id": "c2", "pred_text": "สวัสดีครับ"},
        ],
    )
    code, out, _ = score(capsys, small_set, hyp)
    assert code == 0 and "(2 edits)" in out
    write_jsonl(
        hyp,
        [
            {"id": "c0", "pred_text": "สวัสดีครั"},
            {"id": "c1", "pred_text": "สวัสดีครับ"},
            {"id": "c2", "pred_text": "สวัสดีครับ"},
        ],
    )
    code, out, _ = score(capsys, small_set, hyp)
    assert code == 0 and "(1 edit)" in out
    code, out, _ = run(capsys, "explain", "กข", "กค")
    assert "   1 edit: 1 substituted, 0 deleted, 0 inserted" in out


@pytest.mark.parametrize(
    ("front_matter", "line"),
    [
        ("license: apache-2.0\nbad: [unclosed\n", 3),  # the bracket opens on line 3
        ('title: "no end\nlicense: x\n', 2),  # the quote opens on line 2
        ("a: 1\nb: : 2\n", 3),
    ],
)
def test_a_yaml_error_in_the_front_matter_names_its_own_line(tmp_path, front_matter, line):
    from scoring.card.publish import read_card_file
    from scoring.errors import ScoringError

    card = tmp_path / "README.md"
    card.write_text(f"---\n{front_matter}---\n# a card\n", encoding="utf-8")
    with pytest.raises(ScoringError) as error:
        read_card_file(card)
    assert str(error.value).startswith(f"{card}:{line}: front matter is not valid YAML")


def test_a_fresh_checkout_of_the_real_card_is_told_where_its_data_come_from(tmp_path, capsys):
    """No ids/ at all: the line names fetch and make-refs, not only the missing file."""
    import shutil

    shutil.copy2(REPO_ROOT / "card.toml", tmp_path / "card.toml")
    err = one_error(*run(capsys, "card", str(tmp_path)))
    assert "set 'fleurs' has no ids file" in err
    assert "`python -m scoring fetch`" in err and "`python -m scoring make-refs" in err


class NoHub:
    """A hub that fails the test when anything is asked of it."""

    def __getattr__(self, name):
        raise AssertionError(f"the hub was asked for {name}")


def test_the_gate_without_fetch_and_without_ids_asks_nothing_of_the_hub(tmp_path):
    import shutil

    from scoring.errors import ScoringError
    from scoring.gate import run_gate

    shutil.copy2(REPO_ROOT / "card.toml", tmp_path / "card.toml")
    (tmp_path / "ids").mkdir()
    with pytest.raises(ScoringError) as error:
        run_gate(
            tmp_path,
            hub=NoHub(),
            fetch=False,
            refs_cache=tmp_path / "refs-cache",
            say=lambda line: None,
        )
    assert str(error.value).startswith("gate step 1 (--no-fetch): ")
    assert "holds no ids file" in str(error.value)


@pytest.mark.parametrize("fetch", [True, False])
def test_the_gate_in_a_folder_with_no_card_says_so_before_asking_the_hub(tmp_path, fetch):
    """A mistyped root (`gate /typo`): one line naming card.toml, nothing downloaded or
    created there."""
    from scoring.errors import ScoringError
    from scoring.gate import run_gate

    typo = tmp_path / "typo"
    with pytest.raises(ScoringError) as error:
        run_gate(
            typo,
            hub=NoHub(),
            fetch=fetch,
            refs_cache=tmp_path / "refs-cache",
            say=lambda line: None,
        )
    assert str(error.value) == f"{typo}: no card.toml here (see docs/card.md)"  # as `card`
    assert not typo.exists() and not (tmp_path / "refs-cache").exists()


def test_a_foreign_model_index_entry_is_named_without_a_double_space(tmp_path):
    from huggingface_hub import EvalResult

    from scoring.card import compute_card, load_card_spec
    from scoring.card.publish import published_card

    entry = EvalResult(
        task_type="automatic-speech-recognition",
        dataset_type="someone/else",
        dataset_name="Else",
        metric_type="wer",
        metric_value=12.5,
        dataset_split="test",
    )
    from huggingface_hub import ModelCardData

    # The front matter as huggingface_hub writes it (its templates need Jinja2, which the
    # project does not install).
    front_matter = ModelCardData(model_name="m", eval_results=[entry]).to_yaml()
    path = tmp_path / "README.md"
    path.write_text(f"---\n{front_matter}\n---\n# m\n", encoding="utf-8")
    result = compute_card(load_card_spec(DEMO), progress=False)
    (line,) = published_card(result, path).foreign
    assert "  " not in line and "on someone/else test is not ours" in line


def test_the_coverage_hint_is_said_once(tmp_path):
    from scoring.card import load_card_spec
    from scoring.card.mark_report import format_coverage
    from scoring.card.publish import read_card_file

    card = tmp_path / "README.md"
    card.write_text(
        "# c\n\nOn FLEURS it scores 6.61 % CER, on TVSpeech 8.70 % CER.\n", encoding="utf-8"
    )
    gated, listed = format_coverage(read_card_file(card), load_card_spec(DEMO))
    assert gated == "0 of 2 numbers in the card's text are gated\n"
    assert listed.count("ungated: line 3: ") == 2 and listed.count("not-a-figure") == 1


def test_score_names_the_better_system_and_warns_of_few_clusters(small_set, capsys):
    hyp = small_set / "hyp.jsonl"
    right = small_set / "right.jsonl"
    write_jsonl(right, [{"id": f"c{i}", "pred_text": "สวัสดีครับ"} for i in range(3)])
    code, out, err = run(
        capsys,
        "score",
        str(small_set / "refs/s.jsonl"),
        str(right),
        str(hyp),
        "--ids",
        str(small_set / "ids/s.jsonl"),
    )
    assert code == 0
    verdict = next(line for line in out.splitlines() if line.startswith("  A - B"))
    assert verdict.endswith("  A better (lower CER)"), verdict  # every cluster: A has no edit
    assert "warning: set 's' has 3 clusters (fewer than " in err


def test_one_hypothesis_shows_no_interval_and_gets_no_warning_of_one(small_set, capsys):
    code, out, err = score(capsys, small_set, small_set / "hyp.jsonl")
    assert code == 0 and "CI" not in out
    assert err == ""


@pytest.mark.parametrize(
    "extra, said",
    [
        (["--by-cluster", "--top", "0"], "error: --top: must be 1 or more"),
        (["--by-cluster"], "--by-cluster needs two hypothesis files (A and B)"),
    ],
)
def test_score_refuses_what_its_options_ask_before_reading_or_warning(
    small_set, capsys, extra, said
):
    """Not a few-clusters warning and then the refusal: the refusal alone, whatever the
    files hold (here, a hypothesis file that is not there)."""
    hyps = [str(small_set / "nowhere.jsonl")] + (
        [str(small_set / "hyp.jsonl")] if "--top" in extra else []
    )
    code, out, err = run(
        capsys,
        "score",
        str(small_set / "refs/s.jsonl"),
        *hyps,
        "--ids",
        str(small_set / "ids/s.jsonl"),
        *extra,
    )
    assert said in one_error(code, out, err)


def test_only_listed_scores_the_sets_clips_and_counts_the_rest(small_set, capsys):
    hyp = small_set / "hyp.jsonl"
    write_jsonl(hyp, [{"id": f"c{i}", "pred_text": "สวัสดีค่ะ"} for i in range(5)])
    refused = one_error(*score(capsys, small_set, hyp))
    assert "has 2 ids that are not in" in refused
    code, out, err = score(capsys, small_set, hyp, "--only-listed")
    assert code == 0 and "set s: 3 clips" in out
    assert f"warning: {hyp}: 2 clips not in " in err and "left out (--only-listed)" in err


@pytest.mark.skipif("MUTANT_UNDER_TEST" in os.environ, reason="mutmut's copy runs as it is")
def test_a_process_a_test_starts_elsewhere_imports_this_checkouts_scoring(tmp_path):
    """Another scoring installed (a package of that name on the path, as `pip install -e` of
    another checkout puts it), and a process started in a folder of no checkout: it imports
    this checkout's, the one the suite tests."""
    import subprocess
    import sys

    elsewhere = tmp_path / "another-checkout"
    (elsewhere / "scoring").mkdir(parents=True)
    (elsewhere / "scoring" / "__init__.py").write_text("", encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": os.environ.get("PYTHONPATH", "") + os.pathsep + str(elsewhere),
    }
    shown = subprocess.run(
        [sys.executable, "-c", "import scoring; print(scoring.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(shown.stdout.strip()) == REPO_ROOT / "scoring" / "__init__.py"


def test_gate_help_names_the_docs_steps_in_order_and_the_exit_codes(capsys):
    """`gate --help` says what docs/gate.md says the gate does: its five steps, in order
    (each step's bold words there), and its exit codes."""
    steps = re.findall(r"^\d\. \*\*(.+?)\*\*", (REPO_ROOT / "docs" / "gate.md").read_text(), re.M)
    with pytest.raises(SystemExit):
        main(["gate", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert len(steps) == 5, steps
    at = [said.find(f"{n} {step.rstrip('.')}") for n, step in enumerate(steps, 1)]
    assert -1 not in at and at == sorted(at), (steps, said)
    assert "Exit 0 green, 1 failed, 2 a step could not run" in said
