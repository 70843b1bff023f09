"""A card at several latencies: card.toml, figure names, tables, pictures, bad input."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import REPO_ROOT
from scoring.card import compute_card, load_card_spec
from scoring.card.render import MISSING, card_markdown
from scoring.card.spec import parse_figure
from scoring.cli import main
from tests.copies import copy_demo

DEMO = REPO_ROOT / "examples" / "demo"
SWEEP = "openthai2.0-asr-streaming"
SWEEP_B = "typhoon-asr-streaming-0.6b"
HEADLINE_ONLY = "typhoon-asr-streaming-0.6b_4gram"

SWEEP_CARD = f'''title = "Sweep"
latencies_ms = [80, 160, 560, 1120]
headline_latency_ms = 560
sets = ["fleurs", "isan"]
[systems]
"{SWEEP}" = "A"
"{SWEEP_B}" = "B"
"{HEADLINE_ONLY}" = {{ display = "C", latencies_ms = [560] }}
[[comparisons]]
a = "{SWEEP}"
b = "{SWEEP_B}"
[[comparisons]]
a = "{SWEEP}"
b = "{HEADLINE_ONLY}"
[[aggregates]]
key = "average"
method = "mean"
latencies_ms = [80, 160, 560, 1120]
'''


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def sweep(tmp_path) -> Path:
    """Two demo sets, two systems at four latencies and one at 560 ms only."""
    root = tmp_path / "sweep"
    for folder in ("ids", "refs"):
        (root / folder).mkdir(parents=True)
        for set_name in ("fleurs", "isan"):
            shutil.copy2(DEMO / folder / f"{set_name}.jsonl", root / folder)
    (root / "hypotheses").mkdir()
    for path in DEMO.glob("hypotheses/*.jsonl"):
        system, latency, set_name = re.match(r"(.+)_(\d+)ms_(.+)\.jsonl", path.name).groups()
        if set_name in ("fleurs", "isan") and system in (SWEEP, SWEEP_B, HEADLINE_ONLY):
            shutil.copy2(path, root / "hypotheses")
    (root / "card.toml").write_text(SWEEP_CARD, encoding="utf-8")
    return root


def test_a_single_latency_card_keeps_its_numbers_under_the_new_names(tmp_path):
    """The demo declared the old way (latency_ms = 560) gives the four-latency card's 560 ms figures, bit for bit."""
    copy_demo(tmp_path / "demo")
    card = tmp_path / "demo" / "card.toml"
    text = card.read_text(encoding="utf-8")
    text = re.sub(
        r"latencies_ms = \[[^\]]*\]\nheadline_latency_ms = 560\n",
        "latency_ms = 560\n",
        text,
        count=1,
    )
    text = re.sub(r"\{ display = (\"[^\"]+\"), latencies_ms = \[560\] \}", r"\1", text)
    text = re.sub(r"latencies_ms = \[[^\]]*\]\n", "", text)
    assert "latencies_ms" not in text and "latency_ms = 560" in text
    card.write_text(text, encoding="utf-8")
    for path in (tmp_path / "demo" / "hypotheses").glob("*.jsonl"):
        if "_560ms_" not in path.name:
            path.unlink()

    legacy = compute_card(load_card_spec(tmp_path / "demo"), progress=False).figures()
    sweep = compute_card(load_card_spec(DEMO), progress=False).figures()
    assert sorted(legacy) == sorted(n for n in sweep if parse_figure(n).latency_ms == 560)
    for name, value in legacy.items():
        assert repr(sweep[name]) == repr(value), name


def test_figure_names_carry_the_latency(sweep):
    """Each latency has its figures; the 560-ms-only system appears at 560 ms alone."""
    names = load_card_spec(sweep).figure_names()
    latencies = {parse_figure(n).latency_ms for n in names}
    assert latencies == {80, 160, 560, 1120}
    assert f"cer/80ms/fleurs/{SWEEP}" in names and f"cer/560ms/fleurs/{HEADLINE_ONLY}" in names
    assert f"cer/80ms/fleurs/{HEADLINE_ONLY}" not in names
    # Comparisons run at every latency both systems have.
    assert f"diff/80ms/isan/{SWEEP}-vs-{SWEEP_B}/tie" in names
    assert f"diff/560ms/isan/{SWEEP}-vs-{HEADLINE_ONLY}/tie" in names
    assert not any(n.startswith("diff/80ms/") and HEADLINE_ONLY in n for n in names)
    assert f"aggregate/1120ms/average/{SWEEP_B}" in names
    assert not any(n.startswith("aggregate/1120ms/") and HEADLINE_ONLY in n for n in names)
    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    "name", ["cer/80ms/fleurs/a_split", "aggregate/560ms/average/a", "diff/1120ms/isan/a-vs-b/low"]
)
def test_parse_figure_inverts_the_name(name):
    parsed = parse_figure(name)
    assert parsed.name == name and name.split("/")[1] == f"{parsed.latency_ms}ms"


@pytest.mark.parametrize(
    "name", ["cer/fleurs/a", "diff/560ms/isan/a-vs-b/median", "cer/fast/fleurs/a", "plot/560ms/a/b"]
)
def test_parse_figure_refuses_other_strings(name):
    with pytest.raises(ValueError):
        parse_figure(name)


def test_each_latency_is_computed_from_its_own_files(sweep):
    """The 80 ms CER is the CER of the 80 ms file, scored alone."""
    result = compute_card(load_card_spec(sweep), progress=False)
    from scoring import score_files

    for latency in (80, 1120):
        _, (stats,) = score_files(
            sweep / "refs/fleurs.jsonl",
            [sweep / f"hypotheses/{SWEEP}_{latency}ms_fleurs.jsonl"],
            sweep / "ids/fleurs.jsonl",
        )
        assert result.figures()[f"cer/{latency}ms/fleurs/{SWEEP}"] == stats.cer
    assert result.cers[(80, "fleurs", SWEEP)] != result.cers[(560, "fleurs", SWEEP)]


def test_markdown_has_a_table_per_latency_a_summary_and_dashes(sweep):
    """Headline table first; the 560-ms-only system is "–" elsewhere; the summary has every latency."""
    markdown = card_markdown(compute_card(load_card_spec(sweep), progress=False))
    headings = re.findall(r"^## Character error rate \(%\), (.+)$", markdown, re.M)
    assert headings == ["560 ms chunk (headline)", "80 ms chunk", "160 ms chunk", "1120 ms chunk"]
    eighty = markdown.split("## Character error rate (%), 80 ms chunk")[1].split("##")[0]
    fleurs_row = next(line for line in eighty.splitlines() if line.startswith("| fleurs |"))
    assert fleurs_row.split(" | ")[-1] == f"{MISSING} |"
    summary = markdown.split("## Latency summary")[1].split("\n## ")[0]
    assert "| 80 ms | 160 ms | 560 ms (headline) | 1120 ms |" in summary
    c_row = next(line for line in summary.splitlines() if line.startswith("| C |"))
    assert c_row.count(MISSING) == 3


def test_plot_draws_the_forest_and_the_latency_picture(sweep, tmp_path, capsys):
    """--plot writes the forest plot and CER against latency beside it, as PNGs."""
    target = tmp_path / "card.png"
    code, _, err = run(capsys, "card", str(sweep), "--plot", str(target), "--latency", "80")
    assert code == 0, err
    for path in (target, tmp_path / "card-latency.png"):
        assert f"wrote {path}" in err
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_forest_plot_at_an_undeclared_latency_is_one_line(sweep, tmp_path, capsys):
    code, _, err = run(
        capsys, "card", str(sweep), "--plot", str(tmp_path / "f.png"), "--latency", "240"
    )
    assert code == 2 and err.count("\n") == 1 and "has no 240 ms latency" in err
    assert not (tmp_path / "f.png").exists()


def test_a_file_at_an_undeclared_latency_is_a_warning(sweep, capsys):
    shutil.copy2(
        sweep / f"hypotheses/{SWEEP}_80ms_fleurs.jsonl",
        sweep / f"hypotheses/{SWEEP}_240ms_fleurs.jsonl",
    )
    code, _, err = run(capsys, "card", str(sweep), "--json")
    assert code == 0
    assert (
        f"{SWEEP}_240ms_fleurs.jsonl: matches no figure of card.toml (240 ms is not one "
        "of its latencies [80, 160, 560, 1120]); it is not scored"
    ) in err


BAD_LATENCY_CARDS = {
    "system-latency-not-in-card": (
        (
            '"{HEADLINE_ONLY}" = {{ display = "C", latencies_ms = [560] }}',
            '"{HEADLINE_ONLY}" = {{ display = "C", latencies_ms = [560, 240] }}',
        ),
        rf"system '{HEADLINE_ONLY}' latencies_ms lists 240 ms, which the card does not declare",
    ),
    "headline-not-in-list": (
        ("headline_latency_ms = 560", "headline_latency_ms = 320"),
        r"headline_latency_ms = 320 is not in latencies_ms \[80, 160, 560, 1120\]",
    ),
    "comparison-at-a-latency-a-system-lacks": (
        ('b = "{HEADLINE_ONLY}"\n', 'b = "{HEADLINE_ONLY}"\nlatencies_ms = [80, 560]\n'),
        rf"comparison 2 is at 80 ms, but system '{HEADLINE_ONLY}' has no 80 ms decodes",
    ),
    "several-latencies-no-headline": (
        ("headline_latency_ms = 560\n", ""),
        r"latencies_ms lists several latencies: say which one the card headlines",
    ),
    "both-latency-forms": (
        ("headline_latency_ms = 560\n", "headline_latency_ms = 560\nlatency_ms = 560\n"),
        r"give either latency_ms \(one latency\) or latencies_ms",
    ),
    "aggregate-latency-not-in-card": (
        (
            'method = "mean"\nlatencies_ms = [80, 160, 560, 1120]',
            'method = "mean"\nlatencies_ms = [80, 90]',
        ),
        r"aggregate 1 latencies_ms lists 90 ms, which the card does not declare",
    ),
    "misspelt-top-level-key": (
        ("sets = ", 'seets = ["x"]\nsets = '),
        r"unknown key 'seets' in card\.toml; did you mean 'sets'\?",
    ),
    "misspelt-comparison-key": (
        ('b = "{SWEEP_B}"\n', 'b = "{SWEEP_B}"\nlatency_ms = [80]\n'),
        r"unknown key 'latency_ms' in comparison 1; did you mean 'latencies_ms'\?",
    ),
}


@pytest.mark.parametrize("case", list(BAD_LATENCY_CARDS))
def test_bad_latency_card_is_one_line_exit_2(case, sweep, capsys):
    """Each latency mistake is one stderr line naming card.toml, exit 2, nothing printed."""
    (old, new), pattern = BAD_LATENCY_CARDS[case]
    old = old.format(HEADLINE_ONLY=HEADLINE_ONLY, SWEEP_B=SWEEP_B)
    new = new.format(HEADLINE_ONLY=HEADLINE_ONLY, SWEEP_B=SWEEP_B)
    assert old in SWEEP_CARD, old
    text = SWEEP_CARD.replace(old, new, 1)
    (sweep / "card.toml").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "card", str(sweep), "--plot", str(sweep / "x.png"))
    assert code == 2 and out == "" and not (sweep / "x.png").exists()
    assert err.count("\n") == 1 and err.startswith("error: ") and "card.toml: " in err, err
    assert re.search(pattern, err), err


def test_missing_file_for_a_declared_latency_names_figure_and_latency(sweep, capsys):
    (sweep / f"hypotheses/{SWEEP_B}_160ms_isan.jsonl").unlink()
    code, _, err = run(capsys, "card", str(sweep))
    assert code == 2 and err.count("\n") == 1
    assert (
        f"{SWEEP_B}_160ms_isan.jsonl: no such file, needed for figure "
        f"cer/160ms/isan/{SWEEP_B} (160 ms)"
    ) in err
