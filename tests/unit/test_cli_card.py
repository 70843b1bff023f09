"""`scoring card`: output formats, the plot, and one-line errors for bad cards."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import REPO_ROOT
from scoring.bootstrap import DEFAULT_LEVEL, fewest_resamples
from scoring.cli import main
from tests.copies import copy_demo

DEMO = REPO_ROOT / "examples" / "demo"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def demo_copy(tmp_path_factory) -> Path:
    """The demo benchmark, copied so tests may spoil it."""
    target = tmp_path_factory.mktemp("demo") / "demo"
    copy_demo(target)
    return target


@pytest.fixture
def spoilable(tmp_path, demo_copy) -> Path:
    """A small benchmark: the demo's FLEURS set and two systems only."""
    root = tmp_path / "bench"
    for folder in ("ids", "refs"):
        (root / folder).mkdir(parents=True)
        shutil.copy2(demo_copy / folder / "fleurs.jsonl", root / folder / "fleurs.jsonl")
    (root / "hypotheses").mkdir()
    for system in ("sys-a", "sys-b"):
        shutil.copy2(
            demo_copy / "hypotheses/openthai2.0-asr-streaming_560ms_fleurs.jsonl"
            if system == "sys-a"
            else demo_copy / "hypotheses/typhoon-asr-streaming-0.6b_560ms_fleurs.jsonl",
            root / "hypotheses" / f"{system}_560ms_fleurs.jsonl",
        )
    (root / "card.toml").write_text(
        'title = "Small"\nlatency_ms = 560\nsets = ["fleurs"]\n'
        '[systems]\n"sys-a" = "A"\n"sys-b" = "B"\n'
        '[[comparisons]]\na = "sys-a"\nb = "sys-b"\n',
        encoding="utf-8",
    )
    return root


def test_markdown_prints_the_whole_demo_card(capsys):
    """With no ROOT the demo card is computed: every set, every latency, headline first."""
    code, out, _ = run(capsys, "card", "--markdown")
    assert code == 0
    for name in ("FLEURS", "TVSpeech long (split)", "LOTUSDIS bt10m", "Average of 11 sets"):
        assert name in out
    assert "| tie |" in out and "Signature: `metric:cer|" in out
    tables = [line for line in out.splitlines() if line.startswith("## Character error rate")]
    assert tables == [
        f"## Character error rate (%), {t}"
        for t in ("560 ms chunk (headline)", "80 ms chunk", "160 ms chunk", "1120 ms chunk")
    ]
    assert "## Latency summary: CER (%) by chunk latency" in out
    differences = [line for line in out.splitlines() if line.startswith("## Paired")]
    assert [line.rsplit(", ", 1)[1] for line in differences] == [
        "560 ms chunk (headline)",
        "80 ms chunk",
        "160 ms chunk",
        "1120 ms chunk",
    ]


def test_json_lists_every_declared_figure(spoilable, capsys):
    """--json holds one unrounded value per figure name, and the signature."""
    code, out, _ = run(capsys, "card", str(spoilable), "--json")
    report = json.loads(out)
    assert code == 0
    assert list(report["figures"]) == [
        "cer/560ms/fleurs/sys-a",
        "cer/560ms/fleurs/sys-b",
        "diff/560ms/fleurs/sys-a-vs-sys-b/estimate",
        "diff/560ms/fleurs/sys-a-vs-sys-b/low",
        "diff/560ms/fleurs/sys-a-vs-sys-b/high",
        "diff/560ms/fleurs/sys-a-vs-sys-b/tie",
    ]
    assert report["signature"].startswith("metric:cer|")


def test_plot_writes_a_png(spoilable, tmp_path, capsys):
    """--plot draws the forest plot headless, as a real PNG file."""
    target = tmp_path / "forest.png"
    code, _, err = run(capsys, "card", str(spoilable), "--plot", str(target))
    assert code == 0 and f"wrote {target}" in err
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not list(tmp_path.glob("*.tmp*")) and len(list(tmp_path.glob("*.png"))) == 1


def test_plot_names_that_cannot_be_drawn_are_one_line(spoilable, tmp_path, capsys):
    """A directory, or a name without a picture format, is refused before any work."""
    for target, words in (
        (tmp_path, "is a directory"),
        (tmp_path / "forest", "cannot draw a (no extension) file"),
        (tmp_path / "forest.txt", "cannot draw a .txt file"),
    ):
        code, out, err = run(capsys, "card", str(spoilable), "--plot", str(target))
        assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err
    assert list(tmp_path.iterdir()) == [spoilable]


def test_plot_into_a_missing_folder_is_one_line(spoilable, tmp_path, capsys):
    """A plot path whose folder does not exist is refused cleanly."""
    code, _, err = run(capsys, "card", str(spoilable), "--plot", str(tmp_path / "no/x.png"))
    assert code == 2 and err.count("\n") == 1 and "its folder does not exist" in err


def test_unmatched_hypothesis_file_is_reported(spoilable, capsys):
    """A hypothesis file that matches no figure is named, not silently ignored."""
    shutil.copy2(
        spoilable / "hypotheses/sys-a_560ms_fleurs.jsonl",
        spoilable / "hypotheses/sys-c_560ms_fleurs.jsonl",
    )
    code, _, err = run(capsys, "card", str(spoilable), "--json")
    assert code == 0
    assert "warning: " in err and "sys-c_560ms_fleurs.jsonl: matches no figure" in err


def _set_card(root: Path, text: str) -> None:
    (root / "card.toml").write_text(text, encoding="utf-8")


BAD_CARDS = {
    "set-without-ids": (
        'sets = ["fleurs", "isan"]\n[systems]\n"sys-a" = "A"\n',
        r"card\.toml: set 'isan' has no ids file \(expected .*ids/isan\.jsonl\)",
    ),
    "comparison-with-undeclared-system": (
        'sets = ["fleurs"]\n[systems]\n"sys-a" = "A"\n[[comparisons]]\na = "sys-a"\nb = "sys-z"\n',
        r"card\.toml: comparison 1 names undeclared system 'sys-z'",
    ),
    "missing-hypothesis-file": (
        'sets = ["fleurs"]\n[systems]\n"sys-a" = "A"\n"sys-q" = "Q"\n',
        r"hypotheses/sys-q_560ms_fleurs\.jsonl: no such file, needed for figure "
        r"cer/560ms/fleurs/sys-q \(560 ms\)",
    ),
    "mistyped-latency": (  # the root cause, not a warning per orphaned file first
        'latency_ms = 56\nsets = ["fleurs"]\n[systems]\n"sys-a" = "A"\n"sys-b" = "B"\n',
        r"hypotheses/sys-a_56ms_fleurs\.jsonl: no such file, needed for figure "
        r"cer/56ms/fleurs/sys-a \(56 ms\); hypotheses/ has it at 560 ms: is the latency "
        r"in card\.toml right\?",
    ),
    "misspelt-bootstrap-key": (
        'sets = ["fleurs"]\n[systems]\n"sys-a" = "A"\n[bootstrap]\nseeed = 7\n',
        r"card\.toml: unknown key 'seeed' in \[bootstrap\]; did you mean 'seed'\?",
    ),
    "misspelt-resamples": (
        'sets = ["fleurs"]\n[systems]\n"sys-a" = "A"\n[bootstrap]\nresample = 50\n',
        r"card\.toml: unknown key 'resample' in \[bootstrap\]; did you mean 'resamples'\?",
    ),
    "misspelt-set-in-set-names": (
        'sets = ["fleurs"]\n[set_names]\nfluers = "FLEURS"\n[systems]\n"sys-a" = "A"\n',
        r"card\.toml: \[set_names\] names undeclared set 'fluers'; did you mean 'fleurs'\?",
    ),
    "misspelt-set-in-sets": (  # blamed on sets: ids/ has the name [set_names] uses
        'sets = ["fleurz"]\n[set_names]\nfleurs = "FLEURS"\n[systems]\n"sys-a" = "A"\n',
        r"card\.toml: sets = \[\.\.\.\] lists 'fleurz', which has no ids file and no "
        r"\[set_names\] entry; did you mean 'fleurs'\?",
    ),
    "set-listed-twice": (
        'sets = ["fleurs", "isan", "fleurs"]\n[systems]\n"sys-a" = "A"\n',
        r"card\.toml: 'fleurs' listed twice in sets",
    ),
    "negative-seed": (
        'sets = ["fleurs"]\n[systems]\n"sys-a" = "A"\n[bootstrap]\nseed = -1\n',
        r"card\.toml: \[bootstrap\] seed must be a whole number, 0 or more",
    ),
    "unknown-top-level-key": (
        'sets = ["fleurs"]\ntitel = "x"\n[systems]\n"sys-a" = "A"\n',
        r"card\.toml: unknown key 'titel' in card\.toml; did you mean 'title'\?",
    ),
    "misspelt-system-in-a-comparison": (
        'sets = ["fleurs"]\n[systems]\n"sys-a" = "A"\n"sys-b" = "B"\n'
        '[[comparisons]]\na = "sys-a"\nb = "sys-bb"\n',
        r"card\.toml: comparison 1 names undeclared system 'sys-bb'; did you mean 'sys-b'\?",
    ),
    "declares-nothing": ('title = "empty"\n', r"card\.toml: the card declares nothing"),
    "unreadable-toml": ('sets = ["fleurs"\n[systems\n', r"card\.toml: is not valid TOML"),
    "undeclared-aggregate-set": (
        'sets = ["fleurs"]\n[systems]\n"sys-a" = "A"\n[[aggregates]]\nkey = "x"\n'
        'method = "mean"\nsets = ["gs2"]\n',
        r"card\.toml: aggregate 1 names undeclared set 'gs2'",
    ),
    "bad-aggregate-method": (
        'sets = ["fleurs"]\n[systems]\n"sys-a" = "A"\n[[aggregates]]\nkey = "x"\nmethod = "median"\n',
        r"card\.toml: aggregate 1: method must be one of mean, pooled",
    ),
}


@pytest.mark.parametrize("case", list(BAD_CARDS), ids=list(BAD_CARDS))
def test_bad_card_is_one_line_exit_2(case, spoilable, capsys):
    """Each bad card gives one stderr line naming the file and what to fix."""
    import re

    text, pattern = BAD_CARDS[case]
    _set_card(spoilable, text)
    code, out, err = run(capsys, "card", str(spoilable))
    assert code == 2 and out == ""
    errors = [line for line in err.splitlines() if not line.startswith("warning: ")]
    assert len(errors) == 1 and errors[0].startswith("error: "), err
    assert "Traceback" not in err
    assert re.search(pattern, errors[0]), err


def test_missing_card_file(tmp_path, capsys):
    """A folder without card.toml says so."""
    code, _, err = run(capsys, "card", str(tmp_path))
    assert code == 2 and "card.toml: no card.toml here" in err


def test_bytes_that_are_not_utf8_in_card(spoilable, capsys):
    """A card that is not UTF-8 is refused in one line."""
    (spoilable / "card.toml").write_bytes(b'title = "\xff"\n')
    code, _, err = run(capsys, "card", str(spoilable))
    assert code == 2 and "card.toml: is not UTF-8 text" in err


def test_version_prints_the_package_and_the_signature(capsys):
    import scoring

    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    out = capsys.readouterr().out
    assert exited.value.code == 0 and out.count("\n") == 1
    assert out.startswith(f"scoring {scoring.__version__} (metric:cer|nrm:th-")


def test_make_refs_help_says_where_the_sets_come_from(capsys):
    """The sets are card.toml's [sources], not a list of the code's."""
    with pytest.raises(SystemExit):
        main(["make-refs", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "every set with a source in card.toml" in help_text
    assert "--card FILE" in help_text and "--ids-dir DIR" in help_text
    assert "--ids " in help_text and "--force " in help_text


def test_files_at_a_latency_their_system_lacks_are_one_warning(tmp_path, capsys):
    """Typhoon + 4-gram is declared at 560 ms only: its 80 ms files make one warning, saying so."""
    root = tmp_path / "demo"
    copy_demo(root)
    for set_name in ("fleurs", "isan", "gs2"):
        shutil.copy2(
            root / f"hypotheses/typhoon-asr-streaming-0.6b_80ms_{set_name}.jsonl",
            root / f"hypotheses/typhoon-asr-streaming-0.6b_4gram_80ms_{set_name}.jsonl",
        )
    code, _, err = run(capsys, "card", str(root), "--json")
    assert code == 0
    warnings = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1, err
    assert (
        "3 files of 'typhoon-asr-streaming-0.6b_4gram' at 80 ms are not scored: card.toml "
        "declares it at [560] ms only"
    ) in warnings[0]


def test_a_card_whose_intervals_have_too_few_resamples_says_so(spoilable, capsys):
    """card.toml's [bootstrap] resamples too few to place an interval's ends: one warning
    naming the file, the key and the fewest that place them."""
    fewest = fewest_resamples(DEFAULT_LEVEL)
    spec = spoilable / "card.toml"
    spec.write_text(
        spec.read_text(encoding="utf-8") + f"[bootstrap]\nresamples = {fewest - 1}\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "card", str(spoilable), "--json")
    warnings = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert code == 0 and len(warnings) == 1, err
    assert warnings[0].startswith(f"warning: {spec}: [bootstrap] resamples = {fewest - 1}: ")
    assert f"use at least {fewest:,}" in warnings[0]
