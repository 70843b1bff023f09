"""Every path from exact counts to printed text, and every setting whose falsy or
default value means something, reach the numbers the card prints.

Each test here kills a plausible bug that once passed the whole suite: seed 0
taken for "no seed", card.toml's bootstrap settings ignored, a CER rounded
from its float on the way to a table or the model-index, a rule order the
cache did not see, a stereo clip read as its left channel, an edited label
inside a region passed as up to date, and references with no characters
ending in a traceback.
"""

from __future__ import annotations

import functools
import json
import shutil
import wave
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import yaml
from huggingface_hub import ModelCard, parse_eval_result_entries

import scoring.batch as batch
from conftest import REPO_ROOT, write_jsonl
from conftest import run_cli as run
from scoring.batch import normalize_texts, normalizer_fingerprint
from scoring.card import compute_card, load_card_spec
from scoring.card.render import format_value
from scoring.jsonl import read_ids
from scoring.report import percent, points
from tests.copies import copy_demo

DEMO = REPO_ROOT / "examples" / "demo"
SYSTEMS = ("openthai2.0-asr-streaming", "typhoon-asr-streaming-0.6b")


def recipe(edits_a, edits_b, chars, clusters, *, seed, resamples, level):
    """The README's recipe, written out here: per-cluster sums in first-appearance order,
    one index matrix for both systems, percentiles at the level's tails."""
    order: dict[str, int] = {}
    for cluster in clusters:
        order.setdefault(cluster, len(order))
    sums = np.zeros((3, len(order)), dtype=np.int64)
    for cluster, a, b, n in zip(clusters, edits_a, edits_b, chars):
        sums[:, order[cluster]] += (a, b, n)
    e_a, e_b, n = sums
    idx = np.random.default_rng(seed).integers(0, len(order), size=(resamples, len(order)))
    diffs = (e_a[idx].sum(1) - e_b[idx].sum(1)) / n[idx].sum(1)
    tail = float(50 * (1 - Decimal(str(level))))  # 2.5 for 0.95, as the README writes it
    low, high = np.percentile(diffs, [tail, 100 - tail])
    return float(low), float(high)


# ------------------------------------------------------------ bootstrap settings


@pytest.fixture(scope="module")
def isan_card(tmp_path_factory) -> Path:
    """The demo's Isan set, two systems at 560 ms: enough clusters for intervals to move."""
    root = tmp_path_factory.mktemp("isan")
    for folder in ("ids", "refs"):
        (root / folder).mkdir()
        shutil.copy2(DEMO / folder / "isan.jsonl", root / folder)
    (root / "hypotheses").mkdir()
    for system in SYSTEMS:
        shutil.copy2(DEMO / "hypotheses" / f"{system}_560ms_isan.jsonl", root / "hypotheses")
    return root


@functools.lru_cache(maxsize=1)
def isan_stats(root: Path):
    """The two systems' per-clip statistics on the Isan card (settings do not change them)."""
    stats = compute_card(load_card_spec(with_bootstrap(root, "")), progress=False).stats
    return tuple(stats[(560, "isan", s)] for s in SYSTEMS)


def with_bootstrap(root: Path, settings: str) -> Path:
    (root / "card.toml").write_text(
        'title = "Isan"\nlatency_ms = 560\nsets = ["isan"]\n[systems]\n'
        + "".join(f'"{s}" = "{s}"\n' for s in SYSTEMS)
        + f'[[comparisons]]\na = "{SYSTEMS[0]}"\nb = "{SYSTEMS[1]}"\n'
        + f"[bootstrap]\n{settings}\n",
        encoding="utf-8",
    )
    return root


SETTINGS = {  # (seed, resamples, level): each a value a falsy or default check would lose
    "seed-0": (0, 1000, 0.95),
    "few-resamples-level-0.8": (1, 250, 0.8),
    "one-resample": (7, 1, 0.95),
    "level-near-0": (3, 500, 0.02),
    "level-near-1": (3, 500, 0.995),
}


@pytest.mark.parametrize("case", list(SETTINGS))
def test_card_toml_bootstrap_settings_reach_every_interval(case, isan_card):
    """seed, resamples and level from card.toml give exactly the recipe's interval and signature."""
    seed, resamples, level = SETTINGS[case]
    spec = load_card_spec(
        with_bootstrap(isan_card, f"seed = {seed}\nresamples = {resamples}\nlevel = {level}")
    )
    result = compute_card(spec, progress=False)
    a, b = (result.stats[(560, "isan", s)] for s in SYSTEMS)
    _, clusters = read_ids(isan_card / "ids" / "isan.jsonl")
    expected = recipe(
        a.edits, b.edits, a.ref_chars, clusters, seed=seed, resamples=resamples, level=level
    )
    diff = next(iter(result.diffs.values()))
    assert (diff.low, diff.high) == expected
    assert f"|resamples:{resamples}|seed:{seed}|level:{level}|" in result.signature
    # The settings are not the defaults in disguise: the defaults give another interval.
    assert expected != recipe(
        a.edits, b.edits, a.ref_chars, clusters, seed=1, resamples=1000, level=0.95
    )


@pytest.mark.parametrize("case", list(SETTINGS))
def test_score_options_reach_the_interval(case, isan_card, capsys):
    """`score --seed/--resamples/--level` likewise, seed 0 and one resample included."""
    seed, resamples, level = SETTINGS[case]
    code, out, _ = run(
        capsys,
        "score",
        str(isan_card / "refs/isan.jsonl"),
        *(str(isan_card / f"hypotheses/{s}_560ms_isan.jsonl") for s in SYSTEMS),
        "--ids",
        str(isan_card / "ids/isan.jsonl"),
        "--json",
        "--seed",
        str(seed),
        "--resamples",
        str(resamples),
        "--level",
        str(level),
    )
    assert code == 0
    report = json.loads(out)
    a, b = isan_stats(isan_card)
    _, clusters = read_ids(isan_card / "ids" / "isan.jsonl")
    assert (report["diff"]["low"], report["diff"]["high"]) == recipe(
        a.edits, b.edits, a.ref_chars, clusters, seed=seed, resamples=resamples, level=level
    )
    assert (report["diff"]["seed"], report["diff"]["resamples"], report["diff"]["level"]) == (
        seed,
        resamples,
        level,
    )


# ------------------------------------------------------------ exact fractions to text

# 6 clips of 4000 reference characters. A makes 299 substitutions in each clip:
# CER 1794/24000 = 7.475 % exactly, which is 7.48 by the card's rule, while the
# float 0.07475 lies below the half (7.47 from round() or format()). B makes one
# more: A - B = -1/24000 = -0.004 pp, which prints as -0.00, keeping its sign.
CLIP_CHARS, A_EDITS = 4000, 299


@pytest.fixture
def boundary_card(tmp_path) -> Path:
    root = tmp_path / "boundary"
    clips = [f"c{i}" for i in range(6)]
    reference = "ก" * CLIP_CHARS
    write_jsonl(root / "ids/edge.jsonl", [{"id": c, "cluster": c} for c in clips])
    write_jsonl(root / "refs/edge.jsonl", [{"id": c, "text": reference} for c in clips])
    write_jsonl(
        root / "hypotheses/a_560ms_edge.jsonl",
        [{"id": c, "pred_text": "ข" * A_EDITS + reference[A_EDITS:]} for c in clips],
    )
    write_jsonl(
        root / "hypotheses/b_560ms_edge.jsonl",
        [
            {
                "id": c,
                "pred_text": "ข" * (A_EDITS + (c == "c0")) + reference[A_EDITS + (c == "c0") :],
            }
            for c in clips
        ],
    )
    (root / "card.toml").write_text(
        'title = "Boundary"\nlatency_ms = 560\nsets = ["edge"]\n[set_names]\nedge = "Edge"\n'
        '[systems]\na = "A"\nb = "B"\n'
        '[[comparisons]]\na = "a"\nb = "b"\n'
        '[[aggregates]]\nkey = "mean"\ndisplay = "Mean"\nmethod = "mean"\nsets = ["edge"]\n'
        '[[aggregates]]\nkey = "pooled"\ndisplay = "Pooled"\nmethod = "pooled"\nsets = ["edge"]\n'
        '[publish]\nfile = "README.md"\nsystem = "a"\nmodel_name = "A"\n'
        '[publish.eval_results]\nname = "cer"\n[publish.eval_results.task_id]\nedge = "edge"\n'
        '[datasets.edge]\nid = "example/edge"\nname = "Edge"\nconfig = "th"\nsplit = "test"\n',
        encoding="utf-8",
    )
    (root / "README.md").write_text(
        "# A\n\nEdge: <!-- scoring:figure cer/560ms/edge/a -->?<!-- scoring:end --> % CER, "
        "<!-- scoring:figure aggregate/560ms/mean/a -->?<!-- scoring:end --> on average.\n\n"
        "<!-- scoring:cer-table 560ms -->\n<!-- scoring:end -->\n\n"
        "<!-- scoring:differences a-vs-b 560ms -->\n<!-- scoring:end -->\n",
        encoding="utf-8",
    )
    return root


def test_the_boundary_is_where_floats_round_the_other_way():
    """The case is a real trap: the float paths give 7.47 and -0.00 would need a sign rule."""
    exact = Fraction(6 * A_EDITS, 6 * CLIP_CHARS)
    assert exact * 100 == Fraction(7475, 1000)
    assert f"{round(100 * float(exact), 2):.2f}" == f"{100 * float(exact):.2f}" == "7.47"
    assert percent(exact) == "7.48"


def test_tables_prose_and_model_index_print_the_exact_rounding(boundary_card, capsys):
    """A CER of exactly 7.475 % is 7.48 in the table, the prose, both aggregates and the
    model-index; A - B of -1/24000 prints as -0.00."""
    code, _, _ = run(capsys, "publish", str(boundary_card), "--write")
    assert code == 0
    text = (boundary_card / "README.md").read_text(encoding="utf-8")
    assert "cer/560ms/edge/a -->7.48<" in text and "aggregate/560ms/mean/a -->7.48<" in text
    rows: dict[str, list[str]] = {}  # the CER table's rows (it comes before the differences)
    for line in text.splitlines():
        if line.startswith("| "):
            rows.setdefault(
                line.split("|")[1].strip(), [c.strip() for c in line.strip("|").split("|")[1:]]
            )
    assert rows["Edge"][0] == "7.48"
    assert (
        rows["**Mean** (mean of sets)"][0]
        == rows["**Pooled** (pooled over clips)"][0]
        == "**7.48**"
    )
    differences = [line for line in text.splitlines() if line.startswith("| Edge |")][1]
    assert differences.split("|")[2].strip() == "-0.00"
    results = ModelCard.load(boundary_card / "README.md").data.eval_results
    assert [r.metric_value for r in results] == [7.48]
    entries = parse_eval_result_entries(
        yaml.safe_load((boundary_card / ".eval_results/cer.yaml").read_text(encoding="utf-8"))
    )
    assert [entry.value for entry in entries] == [7.48]
    assert run(capsys, "publish", str(boundary_card), "--check")[0] == 0


def test_score_prints_the_exact_rounding(boundary_card, capsys):
    code, out, _ = run(
        capsys,
        "score",
        str(boundary_card / "refs/edge.jsonl"),
        str(boundary_card / "hypotheses/a_560ms_edge.jsonl"),
        str(boundary_card / "hypotheses/b_560ms_edge.jsonl"),
        "--ids",
        str(boundary_card / "ids/edge.jsonl"),
    )
    assert code == 0
    assert "A  CER 7.48 %" in out and "A - B  -0.00 pp" in out


@pytest.mark.parametrize(
    ("name", "value", "printed"),
    [
        ("cer/560ms/edge/a", 1794 / 24000, "7.48"),  # a ratio: its exact decimal
        ("aggregate/560ms/mean/a", 1794 / 24000, "7.48"),
        ("diff/560ms/edge/a-vs-b/estimate", -1 / 24000, "-0.00"),
        ("diff/560ms/edge/a-vs-b/estimate", 1 / 24000, "+0.00"),
        ("diff/560ms/edge/a-vs-b/low", 0.07475, "+7.47"),  # a bound: its binary value
        ("diff/560ms/edge/a-vs-b/high", 0.07475, "+7.47"),  # both bounds
    ],
)
def test_a_pinned_float_prints_as_the_card_prints_it(name, value, printed):
    """impact and the gate's messages read figures pinned as floats: they print what the card
    prints (ratios from their exact decimal, interval ends from their binary value)."""
    assert format_value(name, value) == printed


def test_differences_that_round_to_zero_keep_their_sign():
    """Pinned: a tiny negative difference prints -0.00, a tiny positive +0.00, zero +0.00."""
    assert points(Fraction(-1, 10**7)) == "-0.00"
    assert points(Fraction(1, 10**7)) == "+0.00"
    assert points(Fraction(0)) == "+0.00"


# ------------------------------------------------------------ --check sees text, not only numbers


@pytest.fixture
def demo_copy(tmp_path) -> Path:
    root = tmp_path / "demo"
    copy_demo(root)
    return root


def _edit_in_region(card: Path, region: str, old: str, new: str) -> None:
    text = card.read_text(encoding="utf-8")
    start = text.index(region)
    at = text.index(old, start)
    card.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("| FLEURS |", "| FLEURS (edited) |", "says 'FLEURS (edited)', the data give 'FLEURS'"),
        ("| Set |", "| Dataset |", "says 'Dataset', the data give 'Set'"),
        ("| --- |", "| :-- |", "says ':--', the data give '---'"),
    ],
)
def test_an_edited_label_or_shape_inside_a_region_fails_the_check(
    demo_copy, capsys, old, new, said
):
    card = demo_copy / "README.md"
    original = card.read_bytes()
    _edit_in_region(card, "<!-- scoring:cer-table 560ms -->", old, new)
    code, out, _ = run(capsys, "publish", str(demo_copy), "--check")
    assert code == 1
    assert "text: table region 'cer-table 560ms' (line " in out and said in out
    assert run(capsys, "publish", str(demo_copy), "--write")[0] == 0
    assert card.read_bytes() == original


def test_an_edited_metric_name_in_the_model_index_fails_the_check(demo_copy, capsys):
    card = demo_copy / "README.md"
    text = card.read_text(encoding="utf-8")
    card.write_text(
        text.replace("name: CER (560 ms chunk)", "name: CER at 560 ms", 1), encoding="utf-8"
    )
    code, out, err = run(capsys, "publish", str(demo_copy), "--check")
    # Read as a hand-written entry of ours (a CER on FLEURS at 560 ms): its value is right,
    # its form is not ours, and --write puts ours back.
    assert code == 1 and "is not ours" not in err
    assert (
        "differ from the data in their layout" in out and "+      name: CER (560 ms chunk)" in out
    )
    assert run(capsys, "publish", str(demo_copy), "--write")[0] == 0
    assert card.read_text(encoding="utf-8") == text


def test_spacing_inside_a_region_fails_the_check_with_a_line(demo_copy, capsys):
    card = demo_copy / "README.md"
    _edit_in_region(card, "<!-- scoring:cer-table 560ms -->", "| FLEURS |", "|  FLEURS |")
    code, out, _ = run(capsys, "publish", str(demo_copy), "--check")
    assert code == 1 and "text: the generated regions or the model-index differ" in out


# ------------------------------------------------------------ the cache sees the rule order


def add_x(text: str) -> str:
    """Appends x."""
    return text + "x"


def doubled(text: str) -> str:
    """The text twice."""
    return text + text


def test_the_fingerprint_sees_the_order_of_the_rules(tmp_path, monkeypatch):
    """Swapped rules are another normaliser: never served the other order's cached texts."""
    monkeypatch.setenv("SCORING_CACHE_DIR", str(tmp_path))
    assert normalizer_fingerprint((add_x, doubled)) != normalizer_fingerprint((doubled, add_x))
    assert normalize_texts(["a"], rules=(add_x, doubled), progress=False) == {"a": "axax"}
    assert normalize_texts(["a"], rules=(doubled, add_x), progress=False) == {"a": "aax"}


def test_the_fingerprint_sees_the_dictionary(monkeypatch):
    before = normalizer_fingerprint()
    monkeypatch.setattr(batch, "_dictionary_digest", lambda: "another dictionary")
    assert normalizer_fingerprint() != before


# ------------------------------------------------------------ audio and empty references


def test_a_stereo_clip_to_resample_is_the_mean_of_its_channels(tmp_path):
    """Both channels count: left and right differ, and the clip is 8 kHz."""
    import soxr

    from scoring.data.join_audio import read_clip

    rng = np.random.default_rng(5)
    left = rng.integers(-8000, 8000, size=4000).astype(np.int16)
    right = rng.integers(-8000, 8000, size=4000).astype(np.int16)
    path = tmp_path / "stereo.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(np.stack([left, right], axis=1).astype("<i2").tobytes())
    mean = (left.astype(np.float32) + right.astype(np.float32)) / 2 / 32768.0
    expected = np.clip(np.round(soxr.resample(mean, 8000, 16000) * 32768.0), -32768, 32767).astype(
        np.int16
    )
    signal = read_clip(path, resample=True)
    assert np.array_equal(signal, expected)
    left_only = soxr.resample(left.astype(np.float32) / 32768.0, 8000, 16000)
    assert not np.allclose(signal, np.round(left_only * 32768.0), atol=2)


def test_a_card_whose_references_normalise_to_nothing_is_one_line(tmp_path, capsys):
    write_jsonl(tmp_path / "ids/blank.jsonl", [{"id": "c1", "cluster": "k"}])
    write_jsonl(tmp_path / "refs/blank.jsonl", [{"id": "c1", "text": " \t "}])
    write_jsonl(tmp_path / "hypotheses/a_560ms_blank.jsonl", [{"id": "c1", "pred_text": "ก"}])
    (tmp_path / "card.toml").write_text(
        'title = "Blank"\nlatency_ms = 560\nsets = ["blank"]\n[systems]\na = "A"\n',
        encoding="utf-8",
    )
    code, out, err = run(capsys, "card", str(tmp_path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "refs/blank.jsonl: references have no characters after normalisation" in err
