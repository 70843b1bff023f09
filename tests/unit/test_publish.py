"""`scoring publish`: regions and model-index regenerated from the data, checked, restored."""

from __future__ import annotations

import os
import re
import stat
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from huggingface_hub import ModelCard

from conftest import REPO_ROOT
from scoring.card import compute_card, load_card_spec
from scoring.card.publish import find_regions, published_card
from scoring.card.spec import parse_figure
from scoring.cli import main
from scoring.errors import ScoringError
from scoring.report import percent, points, round_half_up
from tests.copies import copy_demo

DEMO = REPO_ROOT / "examples" / "demo"
FLEURS = "cer/560ms/fleurs/openthai2.0-asr-streaming"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def demo_result():
    return compute_card(load_card_spec(DEMO), progress=False)


@pytest.fixture
def demo(tmp_path) -> Path:
    """A copy of the demo benchmark with its model card, to spoil."""
    root = tmp_path / "demo"
    copy_demo(root)
    return root


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


# ------------------------------------------------------------ rounding


@pytest.mark.parametrize(
    "numerator, denominator",
    [
        (339, 4000),  # 0.084750: exactly on the boundary, prints 8.48
        (1, 8000),  # 0.0125 %: 0.0125 -> 0.01
        (1, 800),  # 0.125 % -> 0.13
        (2049, 160000),  # 1.280625 %
        (-339, 4000),  # a negative difference on the boundary
        (0, 7),
    ],
)
def test_rounding_is_half_up_from_the_exact_fraction(numerator, denominator):
    """The printed percent equals Python's decimal ROUND_HALF_UP on the exact value."""
    exact = Fraction(numerator, denominator) * 100
    oracle = (Decimal(numerator) * 100 / Decimal(denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )
    assert Decimal(round_half_up(exact)) == oracle


def test_a_boundary_value_that_the_float_would_round_down():
    """0.084750 = 339/4000 is 8.48 by the rule; the float of 8.475 formats as 8.47."""
    assert percent(Fraction(339, 4000)) == "8.48"
    assert f"{8.475:.2f}" == "8.47"  # the binary 8.475 lies just below the half
    assert round_half_up(Fraction(8475, 1000)) == "8.48"
    assert points(Fraction(-339, 4000)) == "-8.48" and points(Fraction(339, 4000)) == "+8.48"


def test_bootstrap_bounds_round_from_their_exact_binary_value():
    """A float is taken at its exact value: 0.08475 as a double lies below the half."""
    value = 0.08475
    expected = "8.48" if Fraction(value) * 100 >= Fraction(8475, 1000) else "8.47"
    assert percent(value) == expected


# ------------------------------------------------------------ the demo card


def test_the_committed_demo_card_is_what_the_data_give(demo_result):
    """Up to date; its model-index holds a result for every CER of [publish] system (whole
    and split), every set at every latency, and nothing foreign."""
    spec = demo_result.spec
    ours = [
        name
        for name in spec.figure_names()
        if parse_figure(name).kind == "cer"
        and parse_figure(name).column.removesuffix("_split") == spec.publish_system
    ]
    card = published_card(demo_result)
    assert card.up_to_date, card.diff()[:2000]
    assert card.regions == 15 and card.results == len(ours) and not card.foreign


HAND_EDIT_PLACES = ("table", "inline", "model-index")
TYPHOON_FLEURS = "cer/560ms/fleurs/typhoon-asr-streaming-0.6b"


def nudged(value: str, by: str = "0.10") -> str:
    """A printed figure moved by ``by``: a hand edit that keeps the format."""
    return f"{Decimal(value) + Decimal(by):.2f}"


def hand_edit(place: str, text: str) -> tuple[str, str, str]:
    """(old text, edited text, the line --check must print), read from the committed card.

    The numbers come from the card itself (which the test above checks against
    the data), so a deliberate normaliser change leaves this test as it is.
    """
    if place == "table":
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if "scoring:cer-table 560ms" in line)
        header = [c.strip() for c in lines[start + 1].strip("|").split("|")]
        row = next(line for line in lines[start:] if line.startswith("| FLEURS |"))
        cells = [c.strip() for c in row.strip("|").split("|")]
        column = header.index(load_card_spec(DEMO).systems["typhoon-asr-streaming-0.6b"])
        value = cells[column]
        edited = "| " + " | ".join(cells[:column] + [nudged(value)] + cells[column + 1 :]) + " |"
        return (
            row,
            edited,
            (
                f"figure {TYPHOON_FLEURS}: table region 'cer-table 560ms' "
                f"(line {{line}}) says {nudged(value)}, the data give {value}"
            ),
        )
    if place == "inline":
        value = re.search(rf"{re.escape(FLEURS)} -->([^<]*)<", text).group(1)
        return (
            f"{FLEURS} -->{value}<",
            f"{FLEURS} -->{nudged(value, '-0.01')}<",
            f"figure {FLEURS}: inline region (line {{line}}) says {nudged(value, '-0.01')}, "
            f"the data give {value}",
        )
    value = re.search(r"      value: (\S+)\n      name: CER \(560 ms chunk\)", text).group(1)
    return (
        f"      value: {value}\n      name: CER (560 ms chunk)",
        f"      value: {nudged(value, '0.01')}\n      name: CER (560 ms chunk)",
        f"figure {FLEURS}: model-index entry 'CER (560 ms chunk)' on FLEURS th_th test "
        f"(synthetic demo stand-in) says {nudged(value, '0.01')}, the data give {value}",
    )


@pytest.mark.parametrize("place", HAND_EDIT_PLACES)
def test_a_hand_edited_number_fails_the_check_and_write_restores_it(place, demo, capsys):
    """--check exits 1 naming the figure and both values; --write restores the file byte for byte."""
    card = demo / "README.md"
    original = card.read_bytes()
    old, new, message = hand_edit(place, card.read_text(encoding="utf-8"))
    edit(card, old, new)
    line = next(
        i
        for i, text in enumerate(card.read_text().splitlines(), 1)
        if new in text or new.split("\n")[0] in text
    )
    region_line = line
    if place == "table":
        region_line = next(
            i
            for i, text in enumerate(card.read_text().splitlines(), 1)
            if "scoring:cer-table 560ms" in text
        )
    code, out, _ = run(capsys, "publish", str(demo), "--check")
    assert code == 1
    assert message.format(line=region_line) in out, out[:3000]
    assert "--- README.md (published)" in out and "+++ README.md (from the data)" in out
    assert card.read_bytes() != original  # --check changed nothing

    code, out, _ = run(capsys, "publish", str(demo), "--write")
    assert code == 0 and "rewritten from the data" in out and "; 1 number changed)" in out, out
    assert card.read_bytes() == original  # which --check passes (the first test above)


def test_text_outside_the_regions_is_kept_byte_for_byte(demo, capsys):
    """Hand-written prose (and CRLF-free bytes) outside the regions survive a rewrite."""
    card = demo / "README.md"
    edit(card, "One model, four chunk sizes", "One model,  four chunk  sizes ✓")
    edit(
        card,
        "<!-- scoring:cer-table 80ms -->\n| Set |",
        "<!-- scoring:cer-table 80ms -->\nstale\n| Set |",
    )
    code, _, _ = run(capsys, "publish", str(demo), "--write")
    assert code == 0
    text = card.read_text(encoding="utf-8")
    assert "One model,  four chunk  sizes ✓" in text and "stale" not in text


def test_foreign_model_index_results_are_kept_and_reported(demo, capsys):
    """A result of another metric or dataset is not deleted; --check lists it as not ours."""
    card_path = demo / "README.md"
    card = ModelCard.load(card_path)
    from huggingface_hub import EvalResult

    card.data.eval_results.append(
        EvalResult(
            task_type="automatic-speech-recognition",
            dataset_type="mozilla/common_voice",
            dataset_name="Common Voice th",
            metric_type="wer",
            metric_value=30.1,
        )
    )
    card.save(card_path)
    code, out, err = run(capsys, "publish", str(demo), "--write")
    assert code == 0 and "is not ours" in err and "mozilla/common_voice" in err
    code, out, err = run(capsys, "publish", str(demo), "--check")
    assert code == 0 and "is not ours" in err
    reloaded = ModelCard.load(card_path)
    assert any(
        r.dataset_type == "mozilla/common_voice" and r.metric_value == 30.1
        for r in reloaded.data.eval_results
    )
    assert reloaded.data.license == "apache-2.0" and reloaded.data.tags[-1] == "demo"


def test_other_front_matter_keys_are_preserved(demo, capsys):
    """Changing the model-index keeps license, language and tags."""
    card = demo / "README.md"
    edit(
        card,
        hand_edit("model-index", card.read_text(encoding="utf-8"))[0],
        "      value: 1.0\n      name: CER (560 ms chunk)",
    )
    run(capsys, "publish", str(demo), "--write")
    data = ModelCard.load(card).data
    assert (data.license, data.language, data.pipeline_tag) == (
        "apache-2.0",
        ["th"],
        "automatic-speech-recognition",
    )


def test_write_keeps_the_file_mode_and_leaves_no_temporary_file(demo, capsys):
    card = demo / "README.md"
    os.chmod(card, 0o644)
    edit(card, hand_edit("inline", card.read_text(encoding="utf-8"))[0], f"{FLEURS} -->0<")
    run(capsys, "publish", str(demo), "--write")
    assert stat.S_IMODE(card.stat().st_mode) == 0o644
    assert [p.name for p in demo.iterdir() if p.name.startswith(".README")] == []


# ------------------------------------------------------------ bad input

BAD_CARDS = {
    "unclosed-region": (
        "<!-- scoring:end -->\n\n## How these numbers",
        "\n## How these numbers",
        None,
        None,
        r"README\.md:\d+: region 'scoring:verdicts' is never closed",
    ),
    "nested-regions": (
        "<!-- scoring:cer-table 160ms -->\n",
        "<!-- scoring:cer-table 160ms -->\n<!-- scoring:latency-summary -->\n",
        None,
        None,
        r"README\.md:\d+: region 'scoring:latency-summary' opens inside the region "
        r"opened at line \d+ \(is that one closed\?\); regions do not nest",
    ),
    "unknown-kind": (
        "<!-- scoring:latency-summary -->",
        "<!-- scoring:latency-sumary -->",
        None,
        None,
        r"README\.md:\d+: unknown region kind 'scoring:latency-sumary'; did you mean "
        r"'scoring:latency-summary'\?",
    ),
    "unknown-figure": (
        f"<!-- scoring:figure {FLEURS} -->",
        "<!-- scoring:figure cer/560ms/fleurs/whisper -->",
        None,
        None,
        r"README\.md:\d+: the card computes no figure 'cer/560ms/fleurs/whisper'",
    ),
    "undeclared-latency": (
        "<!-- scoring:cer-table 80ms -->",
        "<!-- scoring:cer-table 240ms -->",
        None,
        None,
        r"README\.md:\d+: the card has no 240 ms latency",
    ),
    "turned-on-a-cer": (
        f"<!-- scoring:figure {FLEURS} -->",
        f"<!-- scoring:figure {FLEURS} turned -->",
        None,
        None,
        rf"README\.md:\d+: turned is for a difference or an interval's end, not "
        rf"'{re.escape(FLEURS)}'",
    ),
    "not-a-figure-with-arguments": (
        "## How these numbers are made",
        "<!-- scoring:not-a-figure 560ms -->1.0<!-- scoring:end -->\n## How",
        None,
        None,
        r"README\.md:\d+: not-a-figure takes no arguments",
    ),
    "end-without-region": (
        "## How these numbers are made",
        "<!-- scoring:end -->\n## How",
        None,
        None,
        r"README\.md:\d+: region end without a region to close",
    ),
    "invalid-yaml": (
        "license: apache-2.0\n",
        "license: [apache-2.0\n",
        None,
        None,
        r"README\.md:\d+: front matter is not valid YAML",
    ),
    # huggingface_hub would read a second model's results as this one's, under its name.
    "two-models-in-the-model-index": (
        "model-index:\n",
        "model-index:\n- name: Typhoon 0.6B (baseline)\n  results: []\n",
        None,
        None,
        r"README\.md: the model-index holds 2 models \(Typhoon 0\.6B \(baseline\), "
        r"OpenThai2\.0-ASR-Streaming \(demo\)\); a card's model-index is its own",
    ),
}


@pytest.mark.parametrize("case", list(BAD_CARDS))
def test_bad_card_is_one_line_exit_2_and_the_card_is_untouched(case, demo, capsys, monkeypatch):
    """Refused before any number is computed: a typo in the card costs no waiting."""

    def no_numbers_yet(*args, **kwargs):
        raise AssertionError("the card was computed before the card file was checked")

    monkeypatch.setattr("scoring.cli.compute_card", no_numbers_yet)
    card = demo / "README.md"
    old, new, old2, new2, pattern = BAD_CARDS[case]
    edit(card, old, new)
    if old2 is not None:
        edit(card, old2, new2)
    before = card.read_bytes()
    for action in ("--check", "--write"):
        code, out, err = run(capsys, "publish", str(demo), action)
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert re.search(pattern, err), err
        assert "Traceback" not in err
    assert card.read_bytes() == before


def test_a_missing_card_file_is_one_line(demo, capsys):
    (demo / "README.md").unlink()
    code, _, err = run(capsys, "publish", str(demo), "--check")
    assert code == 2 and err.count("\n") == 1 and "README.md: no such card file" in err


def test_a_card_without_a_publish_file_says_so(demo, capsys):
    edit(demo / "card.toml", '[publish]\nfile = "README.md"\n', "[publish]\n")
    code, _, err = run(capsys, "publish", str(demo), "--check")
    assert code == 2 and "[publish] file = ... is not set" in err


def test_find_regions_reports_kinds_and_lines():
    text = "a\n<!-- scoring:latency-summary -->\nx\n<!-- scoring:end -->\nb <!-- scoring:figure f -->1<!-- scoring:end -->\n"
    regions = find_regions(text, "card.md")
    assert [(r.kind, r.args, r.line) for r in regions] == [
        ("latency-summary", (), 2),
        ("figure", ("f",), 5),
    ]
    assert text[regions[1].start : regions[1].end] == "1"
    with pytest.raises(ScoringError):
        find_regions("<!-- scoring:end -->", "card.md")


def test_two_sets_with_the_same_dataset_identity_are_refused(demo):
    edit(demo / "card.toml", 'config = "videos-joined"\n', "")
    with pytest.raises(
        ScoringError,
        match=r"\[datasets\.tv_long\] has the same id, config and "
        r"split as \[datasets\.tvspeech\]",
    ):
        load_card_spec(demo)
