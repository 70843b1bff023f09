"""`scoring impact` and `scoring ablate`: what a normaliser change does to the card."""

from __future__ import annotations

import re
import subprocess
import tempfile
from fractions import Fraction
from pathlib import Path

import editdistance
import pytest

import scoring.normalizer as normalizer_module
from conftest import REPO_ROOT, needs_git, write_jsonl
from scoring import (
    THAI_CER_PIPELINE,
    ClipStats,
    SetStats,
    apply_rules,
    clip_stats,
    paired_bootstrap,
    set_stats,
)
from scoring.batch import normalize_texts
from scoring.card import card_from_texts, load_card_spec, read_card_texts
from scoring.card.ablate import ablate
from scoring.card.impact import compare, conclusions
from scoring.cli import main
from scoring.jsonl import read_hypotheses, read_ids, read_refs
from scoring.normalizer import remove_whitespace, straighten_curly_quotes
from scoring.report import percent

DEMO = REPO_ROOT / "examples" / "demo"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


CURLY = "straighten_curly_quotes"
TVSPEECH_DIFF = "diff/560ms/tvspeech/openthai2.0-asr-streaming-vs-typhoon-asr-streaming-0.6b"


@pytest.fixture
def head_rules(tmp_path):
    """HEAD's normaliser: the 'before' of `impact --against HEAD`, whatever the working tree holds."""
    from scoring.card.revision import rules_at_revision

    rules, _ = rules_at_revision("HEAD", tmp_path)
    return rules


def without(rules, name=CURLY):
    return tuple(r for r in rules if r.__name__ != name)


def demo_stats(set_name: str, system: str, rules) -> SetStats:
    """One demo stream's statistics computed here, clip by clip, with editdistance."""
    ids, clusters = read_ids(DEMO / "ids" / f"{set_name}.jsonl")
    refs = read_refs(DEMO / "refs" / f"{set_name}.jsonl")
    hyps = read_hypotheses(DEMO / "hypotheses" / f"{system}_560ms_{set_name}.jsonl")
    clips = []
    for clip in ids:
        ref, hyp = apply_rules(refs[clip], rules), apply_rules(hyps[clip], rules)
        clips.append(ClipStats(editdistance.eval(ref, hyp), len(ref)))
    return set_stats(ids, clusters, clips)


def demo_verdict(rules) -> str:
    """The TVSpeech comparison's verdict under ``rules``, with the card's bootstrap."""
    spec = load_card_spec(DEMO)
    a, b = (
        demo_stats("tvspeech", s, rules)
        for s in ("openthai2.0-asr-streaming", "typhoon-asr-streaming-0.6b")
    )
    diff = paired_bootstrap(a, b, resamples=spec.resamples, seed=spec.seed, level=spec.level)
    return "tie" if diff.tie else "A better" if diff.estimate < 0 else "B better"


def demo_cer(set_name: str, system: str, rules) -> str:
    """One demo CER at 560 ms under ``rules``, as the card prints it, computed here."""
    stats = demo_stats(set_name, system, rules)
    return percent(Fraction(stats.total_edits, stats.total_ref_chars))


def first_cer_shown(lines) -> tuple[str, str, str]:
    """The first 560 ms CER of a whole decoding among a report's figures (the largest such
    move the report shows, whichever sets the demo has): its line, set and system."""
    for line in lines:
        found = re.search(r"cer/560ms/([^/\s`]+)/([^/\s`]+)", line)
        if found and not found[2].endswith("_split"):
            return line, found[1], found[2]
    raise AssertionError("no 560 ms CER among the figures shown")


def test_unchanged_normaliser_moves_nothing_against_the_golden_card(capsys):
    code, out, _ = run(capsys, "impact", str(DEMO))
    figures = len(load_card_spec(DEMO).figure_names())
    assert code == 0
    assert f"0 of {figures} figures moved; 0 conclusions flipped; 0 clip scores moved" in out
    assert "Nothing moved" in out


@needs_git
def test_unchanged_normaliser_moves_nothing_against_head(head_rules, monkeypatch, capsys):
    """HEAD against HEAD: the working tree's own edits (a contributor's) are not 'unchanged'."""
    monkeypatch.setattr(normalizer_module, "THAI_CER_PIPELINE", head_rules)
    code, out, _ = run(capsys, "impact", str(DEMO), "--against", "HEAD")
    assert code == 0 and "Nothing moved" in out and "the normaliser at HEAD (" in out


@needs_git
def test_a_dropped_rule_names_figures_and_clips_with_texts_before_and_after(
    head_rules, monkeypatch, capsys
):
    """HEAD's normaliser without the curly-quote rule: the moved figures, by size, and the
    clips, before and after; the figures and the verdict are computed here independently."""
    monkeypatch.setattr(normalizer_module, "THAI_CER_PIPELINE", without(head_rules))
    code, out, _ = run(capsys, "impact", str(DEMO), "--against", "HEAD")
    assert code == 0
    assert "Nothing moved" not in out
    flips = out.split("1. Conclusions that flipped")[1].split("2. Figures")[0]
    was, now = demo_verdict(head_rules), demo_verdict(without(head_rules))
    assert (f"verdict of {TVSPEECH_DIFF}: {was} -> {now}" in flips) == (was != now)
    figures = out.split("2. Figures that moved")[1].split("3. Clips")[0]
    line, set_name, system = first_cer_shown(figures.splitlines())
    before = demo_cer(set_name, system, head_rules)
    after = demo_cer(set_name, system, without(head_rules))
    assert before != after  # hypotheses and references differ in their quotes
    assert line.split()[:4] == [f"cer/560ms/{set_name}/{system}", before, "->", after]
    deltas = [
        abs(float(line.split()[-2]))
        for line in figures.splitlines()
        if line.strip().endswith(" pp")
    ]
    assert deltas == sorted(deltas, reverse=True) and deltas
    clips = out.split("3. Clips that moved most, per set")[1]
    assert "tvspeech:" in clips
    for label in (
        "reference before:",
        "hypothesis before:",
        "edits before:",
        "reference now:",
        "hypothesis now:",
        "edits now:",
    ):
        assert label in clips
    # Every text of a clip starts in one column, whatever its label.
    labelled = [line for line in clips.splitlines() if "before: " in line or "now: " in line]
    starts = {len(line) - len(line.split(":", 1)[1].lstrip(" ")) for line in labelled}
    assert len(labelled) >= 6 and len(starts) == 1, labelled[:6]

    # Curly quotes are in some normalised texts now; before, every one was straightened.
    def lines(label):
        return [line for line in clips.splitlines() if label in line]

    curly = ("“", "”")
    assert any(q in line for line in lines("now:") for q in curly)
    assert not any(q in line for line in lines("before:") for q in curly)


def test_a_dropped_rule_against_the_golden_card_in_markdown(monkeypatch, capsys):
    """Against the golden snapshots: the figure's pinned value, and its value without the rule."""
    monkeypatch.setattr(normalizer_module, "THAI_CER_PIPELINE", without(THAI_CER_PIPELINE))
    code, out, _ = run(capsys, "impact", str(DEMO), "--markdown")
    assert code == 0
    assert out.startswith("# What moved on Demo card")  # the snapshots: not only the normaliser
    rows = [line for line in out.splitlines() if line.startswith("| `cer/")]
    row, set_name, system = first_cer_shown(rows)
    # The golden snapshots pin the card with every rule (the gate checks that they do).
    assert row.split("|")[1:4] == [
        f" `cer/560ms/{set_name}/{system}` ",
        f" {demo_cer(set_name, system, THAI_CER_PIPELINE)} ",
        f" {demo_cer(set_name, system, without(THAI_CER_PIPELINE))} ",
    ]
    assert "```" in out and "edits now:" in out


def _curly_quotes_straight(text: str) -> str:
    return text.replace("“", '"').replace("”", '"')


def _flip_card(root: Path) -> Path:
    """Two systems on one set: B wins with the quote rule, A without it."""
    clips = [f"c{i}" for i in range(12)]
    write_jsonl(
        root / "ids/news.jsonl", [{"id": c, "cluster": f"k{i}"} for i, c in enumerate(clips)]
    )
    write_jsonl(root / "refs/news.jsonl", [{"id": c, "text": "เขาพูดว่า “ไป” แล้ว"} for c in clips])
    write_jsonl(
        root / "hypotheses/a_560ms_news.jsonl",  # curly quotes kept, one wrong tone mark
        [{"id": c, "pred_text": "เขาพูดว่า “ไป” แล้ว".replace("แล้ว", "แล่ว")} for c in clips],
    )
    write_jsonl(
        root / "hypotheses/b_560ms_news.jsonl",  # straight quotes, no other error
        [{"id": c, "pred_text": 'เขาพูดว่า "ไป" แล้ว'} for c in clips],
    )
    (root / "card.toml").write_text(
        'title = "Flip"\nlatency_ms = 560\nsets = ["news"]\n[systems]\na = "A"\nb = "B"\n'
        '[[comparisons]]\na = "a"\nb = "b"\n',
        encoding="utf-8",
    )
    return root


def test_a_conclusion_built_to_flip_is_reported(tmp_path):
    """Without the quote rule B's straight quotes cost two edits a clip: sign, verdict and ranking flip."""
    spec = load_card_spec(_flip_card(tmp_path))
    texts = read_card_texts(spec)
    every = texts.all_texts()
    # Rules of this test's own, not the live pipeline's: a deliberate change of the quote
    # rule (or a new rule) leaves this card's flip as it is.
    full = normalize_texts(every, cache=False, rules=(_curly_quotes_straight, remove_whitespace))
    dropped = normalize_texts(every, cache=False, rules=(remove_whitespace,))
    before = card_from_texts(texts, full)
    after = card_from_texts(texts, dropped)
    ledger = {row[:4]: (row[4], row[5]) for row in before.ledger("news")}
    impact = compare(spec, "test", before.figures(), after, ledger, texts, dropped, full)
    flips = {key: (was, now) for key, was, now in impact.flips}
    assert flips["sign of diff/560ms/news/a-vs-b"] == ("positive", "negative")
    assert flips["verdict of diff/560ms/news/a-vs-b"] == ("B better", "A better")
    assert flips["ranking in cer/560ms/news"] == ("B < A", "A < B")
    assert impact.clips_moved["news"] == 12  # every clip of B moved


def test_a_set_new_to_the_card_is_what_moved_absent_before(tmp_path):
    """The demo's snapshots as they stood before its Common Voice set was declared (its
    figures and its ledger taken out): what moved is that set alone, every figure and clip
    of it absent before, rather than 'snapshots missing' for the whole card."""
    import shutil

    from scoring.card.golden import SNAPSHOT_DIR
    from scoring.card.impact import impact_against_golden
    from scoring.card.spec import parse_figure

    new = "cv"
    spec = load_card_spec(DEMO)
    snapshots = shutil.copytree(SNAPSHOT_DIR, tmp_path / "snapshots")
    amber = snapshots / "test_card.ambr"
    pinned = amber.read_text(encoding="utf-8")
    before = re.sub(
        rf"^# name: test_demo_figure\[[^\]/]+/[^\]/]+/{new}/[^\]]*\]\n.*\n# ---\n",
        "",
        pinned,
        flags=re.M,
    )
    new_figures = {name for name in spec.figure_names() if parse_figure(name).subject == new}
    assert new_figures and pinned.count("# ---\n") - before.count("# ---\n") == len(new_figures)
    amber.write_text(before, encoding="utf-8")
    (snapshots / f"test_card/test_demo_ledger[{new}].ledger-v2.tsv").unlink()

    impact, _ = impact_against_golden(spec, "demo", snapshots, clips_per_set=1)
    assert {name for name, *_ in impact.moved} == new_figures
    assert all(was is None for _, was, _ in impact.moved) and impact.flips == ()
    streams = sum(1 for _, set_name, _ in spec.streams() if set_name == new)
    clips = len(read_ids(DEMO / "ids" / f"{new}.jsonl")[0])
    assert {s: n for s, n in impact.clips_moved.items() if n} == {new: streams * clips}
    assert all(move.before is None for move in impact.clips[new])


def test_conclusions_read_from_figures():
    spec = load_card_spec(DEMO)
    result = card_from_texts(
        read_card_texts(spec), normalize_texts(read_card_texts(spec).all_texts())
    )
    figures = result.figures()
    found = conclusions(spec, figures)
    tie, estimate = figures[f"{TVSPEECH_DIFF}/tie"], figures[f"{TVSPEECH_DIFF}/estimate"]
    assert found[f"verdict of {TVSPEECH_DIFF}"] == (
        "tie" if tie else "A better" if estimate < 0 else "B better"
    )
    assert found[f"sign of {TVSPEECH_DIFF}"] == ("negative" if estimate < 0 else "positive")
    fleurs = sorted(
        (figures[f"cer/560ms/fleurs/{key}"], name) for key, name in spec.systems.items()
    )
    assert found["ranking in cer/560ms/fleurs"] == " < ".join(name for _, name in fleurs)


ABLATION_SYSTEMS = ("openthai2.0-asr-streaming", "typhoon-asr-streaming-0.6b_4gram")


@pytest.fixture(scope="module")
def small_demo(tmp_path_factory) -> Path:
    """Two demo sets and two systems at 560 ms: the ablation's six cards stay quick."""
    import shutil

    root = tmp_path_factory.mktemp("small-demo")
    for set_name in ("isan", "tvspeech"):
        for folder in ("ids", "refs"):
            (root / folder).mkdir(exist_ok=True)
            shutil.copy2(DEMO / folder / f"{set_name}.jsonl", root / folder)
        (root / "hypotheses").mkdir(exist_ok=True)
        for system in ABLATION_SYSTEMS:
            shutil.copy2(
                DEMO / "hypotheses" / f"{system}_560ms_{set_name}.jsonl", root / "hypotheses"
            )
    (root / "card.toml").write_text(
        'title = "Small"\nlatency_ms = 560\nsets = ["isan", "tvspeech"]\n[systems]\n'
        + "".join(f'"{s}" = "{s}"\n' for s in ABLATION_SYSTEMS)
        + "[[comparisons]]\n"
        + f'a = "{ABLATION_SYSTEMS[0]}"\nb = "{ABLATION_SYSTEMS[1]}"\n'
        + '[[aggregates]]\nkey = "average"\nmethod = "mean"\n',
        encoding="utf-8",
    )
    return root


def test_ablation_row_matches_the_card_computed_by_hand_without_the_rule(small_demo):
    """The number rule's row equals CER without it minus CER with it, computed clip by clip."""
    spec = load_card_spec(small_demo)
    result = ablate(read_card_texts(spec))
    without = tuple(r for r in THAI_CER_PIPELINE if r.__name__ != "spoken_numbers_to_digits")
    for set_name in ("isan", "tvspeech"):
        ids, clusters = read_ids(DEMO / "ids" / f"{set_name}.jsonl")
        refs = read_refs(DEMO / "refs" / f"{set_name}.jsonl")
        for system in ABLATION_SYSTEMS:
            hyps = read_hypotheses(DEMO / "hypotheses" / f"{system}_560ms_{set_name}.jsonl")

            def cer(rules):
                stats = set_stats(
                    ids,
                    clusters,
                    [
                        clip_stats(apply_rules(refs[i], rules), apply_rules(hyps[i], rules))
                        for i in ids
                    ],
                )
                return Fraction(stats.total_edits, stats.total_ref_chars)

            by_hand = cer(without) - cer(THAI_CER_PIPELINE)
            figure = f"cer/560ms/{set_name}/{system}"
            assert result.change("spoken_numbers_to_digits", figure) == by_hand
            assert by_hand > 0


def test_ablate_prints_a_table_per_system_and_the_flips(small_demo, capsys):
    code, out, _ = run(capsys, "ablate", str(small_demo), "--markdown")
    assert code == 0
    assert out.count("| rule left out | isan | tvspeech | average |") == 2
    for rule in THAI_CER_PIPELINE:
        assert f"| `{rule.__name__}` |" in out
    assert "## Conclusions each removal would flip" in out
    assert "- `remove_whitespace`: " in out


# ------------------------------------------------------------ bad input


def _git_repo_with_broken_normaliser(root: Path) -> Path:
    package = root / "scoring"
    package.mkdir(parents=True)
    (package / "normalizer.py").write_text("THAI_CER_PIPELINE = (\n", encoding="utf-8")
    for command in (
        ["init", "-q"],
        ["add", "."],
        ["-c", "user.email=t@example.invalid", "-c", "user.name=t", "commit", "-qm", "broken"],
    ):
        subprocess.run(["git", "-C", str(root), *command], check=True, capture_output=True)
    return package


@needs_git
def test_unknown_revision_is_one_line(capsys):
    code, out, err = run(capsys, "impact", str(DEMO), "--against", "no-such-revision-x")
    assert code == 2 and out == ""
    assert err == "error: --against: unknown git revision 'no-such-revision-x'\n"


def test_not_a_git_repository_is_one_line(tmp_path, monkeypatch, capsys):
    """--against reads the checkout the user stands in; outside any, one line."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    code, _, err = run(capsys, "impact", str(DEMO), "--against", "HEAD")
    assert code == 2 and err.count("\n") == 1 and "is not inside a git repository" in err


def test_a_revision_whose_normaliser_cannot_be_imported(tmp_path, monkeypatch, capsys):
    _git_repo_with_broken_normaliser(tmp_path)
    monkeypatch.chdir(tmp_path)  # the checkout is found from here
    code, _, err = run(capsys, "impact", str(DEMO), "--against", "HEAD")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "the normaliser of revision 'HEAD' cannot be imported (SyntaxError" in err


def test_golden_snapshots_missing(tmp_path, monkeypatch, capsys):
    import scoring.card.golden as golden

    monkeypatch.setattr(golden, "SNAPSHOT_DIR", tmp_path)
    code, _, err = run(capsys, "impact", str(DEMO))
    assert code == 2 and err.count("\n") == 1 and "golden snapshots missing" in err


@needs_git
def test_interrupted_impact_leaves_the_tree_and_no_temporary_files(monkeypatch, capsys, tmp_path):
    """Ctrl-C in the middle: exit 130, git status unchanged, the revision's files gone."""
    import scoring.batch as batch

    # A temporary folder of this test's own: another worker's impact run comes and goes in
    # the shared one meanwhile.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    status = subprocess.run(
        ["git", "-C", str(REPO_ROOT), "status", "--porcelain"], capture_output=True, text=True
    ).stdout
    before = set(Path(tempfile.gettempdir()).glob("scoring-impact-*"))

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(batch, "normalize_texts", interrupted)
    code, _, err = run(capsys, "impact", str(DEMO), "--against", "HEAD")
    assert code == 130 and "interrupted" in err
    assert set(Path(tempfile.gettempdir()).glob("scoring-impact-*")) == before
    assert (
        subprocess.run(
            ["git", "-C", str(REPO_ROOT), "status", "--porcelain"], capture_output=True, text=True
        ).stdout
        == status
    )


@needs_git
def test_an_unchanged_revision_shares_the_cache_of_the_working_tree(tmp_path):
    """HEAD's rules, imported under another package name, have the working tree's fingerprint."""
    from scoring.batch import normalizer_fingerprint
    from scoring.card.revision import rules_at_revision

    status = subprocess.run(
        [
            "git",
            "-C",
            str(REPO_ROOT),
            "status",
            "--porcelain",
            "--",
            "scoring/normalizer.py",
            "scoring/numbers.py",
        ],
        capture_output=True,
        text=True,
    ).stdout
    if status:
        pytest.skip("the rules differ from HEAD in this working tree")
    rules, _ = rules_at_revision("HEAD", tmp_path)
    assert rules[0].__module__.startswith("scoring_at_")
    assert normalizer_fingerprint(rules) == normalizer_fingerprint()


# ------------------------------------------------------------ the printed change column


def _printed(value: Fraction) -> str:
    """A value in percent (points) at the card's two decimals, half away from zero, signed
    where ``signed``: written here with decimal's own rounding, not the project's."""
    from decimal import ROUND_HALF_UP, Decimal, localcontext

    with localcontext() as context:
        context.prec = 50
        scaled = Decimal(value.numerator) * 100 / Decimal(value.denominator)
        text = str(scaled.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    if value < 0 and not text.startswith("-"):
        text = "-" + text  # a negative change that rounds to zero keeps its sign
    return text


def _signed(value: Fraction) -> str:
    text = _printed(value)
    return text if text.startswith("-") else "+" + text


def _moved_lines(report: str, markdown: bool) -> dict[str, tuple[str, str, str]]:
    """``figure -> (before, after, change)`` as the report prints them in section 2."""
    section = report.split("2. Figures that moved")[1].split("3. Clips")[0]
    found = {}
    for line in section.splitlines():
        if markdown and line.startswith("| `"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            found[cells[0].strip("`")] = (cells[1], cells[2], cells[3])
        elif not markdown and line.strip().endswith(" pp"):
            name, before, arrow, after, change, unit = line.split()
            assert arrow == "->" and unit == "pp", line
            found[name] = (before, after, change + " pp")
    return found


def _spaced_card(root: Path) -> Path:
    """Three sets, one system, and a rule change that leaves out whitespace removal:
    'up' gains an edit (a space the hypothesis lacks), 'down' gains reference characters
    only (its spaced clip is right), 'flat' moves by a hair (four thousand characters
    and one more space)."""
    sets = {
        "up": [("กข คง", "กขคง")],
        "down": [("กขค", "กขง"), ("ก ข ค ง จ", "ก ข ค ง จ")],
        "flat": [("ก" * 4000, "ก" * 3960 + "ข" * 40), ("ก ก", "ก ก")],
    }
    for name, clips in sets.items():
        write_jsonl(
            root / f"ids/{name}.jsonl",
            [{"id": f"{name}{i}", "cluster": f"k{i}"} for i in range(len(clips))],
        )
        write_jsonl(
            root / f"refs/{name}.jsonl",
            [{"id": f"{name}{i}", "text": ref} for i, (ref, _) in enumerate(clips)],
        )
        write_jsonl(
            root / f"hypotheses/a_560ms_{name}.jsonl",
            [{"id": f"{name}{i}", "pred_text": hyp} for i, (_, hyp) in enumerate(clips)],
        )
    (root / "card.toml").write_text(
        'title = "Spaced"\nlatency_ms = 560\nsets = ["up", "down", "flat"]\n[systems]\na = "A"\n'
        '[[aggregates]]\nkey = "average"\nmethod = "mean"\n',
        encoding="utf-8",
    )
    return root


def _spaced_impact(root: Path, clips_per_set: int = 3):
    """The spaced card's impact of leaving out whitespace removal: the rules named here,
    whitespace removal the only one its texts meet."""
    spec = load_card_spec(_spaced_card(root))
    texts = read_card_texts(spec)
    every = texts.all_texts()
    before = card_from_texts(texts, normalize_texts(every, cache=False, rules=(remove_whitespace,)))
    after_normalized = normalize_texts(every, cache=False, rules=(straighten_curly_quotes,))
    after = card_from_texts(texts, after_normalized)
    ledger = {row[:4]: (row[4], row[5]) for s in spec.sets for row in before.ledger(s)}
    return spec, compare(
        spec,
        "test",
        before.figures(),
        after,
        ledger,
        texts,
        after_normalized,
        clips_per_set=clips_per_set,
    )


def _cer_by_hand(root: Path, set_name: str, keep_spaces: bool) -> Fraction:
    """The set's CER with editdistance, whitespace removed unless ``keep_spaces``."""
    refs = read_refs(root / f"refs/{set_name}.jsonl")
    hyps = read_hypotheses(root / f"hypotheses/a_560ms_{set_name}.jsonl")
    strip = (lambda text: text) if keep_spaces else (lambda text: "".join(text.split()))
    edits = sum(editdistance.eval(strip(refs[i]), strip(hyps[i])) for i in refs)
    return Fraction(edits, sum(len(strip(refs[i])) for i in refs))


@pytest.mark.parametrize("markdown", [False, True], ids=["human", "markdown"])
def test_every_printed_change_is_after_minus_before(tmp_path, markdown):
    """Each moved figure's line says before, after and the change (after - before, signed)
    as computed here with editdistance: one figure rises, one falls, one moves by less
    than its printed precision ('+0.00' or '-0.00', the sign still told)."""
    from scoring.card.impact import format_impact

    root = tmp_path
    spec, impact = _spaced_impact(root)
    printed = _moved_lines(format_impact(impact, markdown=markdown), markdown)

    exact = {}
    for set_name in spec.sets:
        exact[f"cer/560ms/{set_name}/a"] = (
            _cer_by_hand(root, set_name, False),
            _cer_by_hand(root, set_name, True),
        )
    exact["aggregate/560ms/average/a"] = tuple(
        sum(exact[f"cer/560ms/{s}/a"][side] for s in spec.sets) / 3 for side in (0, 1)
    )
    assert set(printed) == set(exact)  # every figure moved, and only these
    for name, (was, now) in exact.items():
        assert printed[name] == (_printed(was), _printed(now), _signed(now - was) + " pp"), name
    # The three kinds of move are all here.
    up, down, flat = (exact[f"cer/560ms/{s}/a"] for s in ("up", "down", "flat"))
    assert up[1] > up[0] and down[1] < down[0]
    assert flat[1] != flat[0] and _printed(flat[1]) == _printed(flat[0])
    assert printed["cer/560ms/flat/a"][2] == "-0.00 pp"


def test_the_ablation_tables_print_without_minus_with(small_demo, capsys):
    """Every cell of the number rule's row, in both systems' tables, is CER without the rule
    minus CER with every rule, computed clip by clip here and rounded here."""
    code, out, _ = run(capsys, "ablate", str(small_demo), "--markdown")
    assert code == 0
    without = tuple(r for r in THAI_CER_PIPELINE if r.__name__ != "spoken_numbers_to_digits")
    tables = out.split("### ")[1:]
    assert len(tables) == len(ABLATION_SYSTEMS)
    for system, table in zip(ABLATION_SYSTEMS, tables):
        header = next(line for line in table.splitlines() if line.startswith("| rule left out"))
        columns = [cell.strip() for cell in header.strip("|").split("|")][1:]
        row = next(
            line for line in table.splitlines() if line.startswith("| `spoken_numbers_to_digits` |")
        )
        cells = dict(zip(columns, (c.strip() for c in row.strip("|").split("|")[1:])))
        full_row = next(line for line in table.splitlines() if "CER with every rule" in line)
        full_cells = dict(zip(columns, (c.strip() for c in full_row.strip("|").split("|")[1:])))
        changes = {}
        for set_name in ("isan", "tvspeech"):
            ids, clusters = read_ids(small_demo / "ids" / f"{set_name}.jsonl")
            refs = read_refs(small_demo / "refs" / f"{set_name}.jsonl")
            hyps = read_hypotheses(small_demo / "hypotheses" / f"{system}_560ms_{set_name}.jsonl")

            def cer(rules):
                edits = sum(
                    editdistance.eval(apply_rules(refs[i], rules), apply_rules(hyps[i], rules))
                    for i in ids
                )
                return Fraction(edits, sum(len(apply_rules(refs[i], rules)) for i in ids))

            full = cer(THAI_CER_PIPELINE)
            changes[set_name] = cer(without) - full
            assert full_cells[set_name] == _printed(full)
            assert cells[set_name] == _signed(changes[set_name]), (system, set_name)
        assert cells["average"] == _signed(sum(changes.values()) / 2)


def test_a_clips_line_shows_its_reference_length_moving_too(tmp_path):
    """A rule that rewrites the reference moves its length as well as its edits: the clip's
    line says both, 'E -> E edits over N -> M reference characters' (here computed with
    editdistance), and its length once where it did not move."""
    from scoring.card.impact import format_impact

    root = tmp_path
    _, impact = _spaced_impact(root, clips_per_set=5)
    report = format_impact(impact)
    refs = read_refs(root / "refs/down.jsonl")
    hyps = read_hypotheses(root / "hypotheses/a_560ms_down.jsonl")
    for clip in ("down0", "down1"):
        ref, hyp = refs[clip], hyps[clip]
        squeezed = ("".join(ref.split()), "".join(hyp.split()))
        edits = (editdistance.eval(*squeezed), editdistance.eval(ref, hyp))
        chars = (len(squeezed[0]), len(ref))
        counts = f"{chars[1]}" if chars[0] == chars[1] else f"{chars[0]} -> {chars[1]}"
        line = (
            f"a at 560 ms, clip {clip}: {edits[0]} -> {edits[1]} edits over {counts} "
            "reference characters"
        )
        assert (line in report) == (edits[0] != edits[1] or chars[0] != chars[1]), clip
    assert "clip down1: 0 -> 0 edits over 5 -> 9 reference characters" in report


def test_a_report_written_to_a_file_is_whole_or_absent(tmp_path, capsys, monkeypatch):
    """--output writes the report once it is complete; a run that fails leaves no file (where
    `> impact.md` leaves an empty one), and a folder that does not exist is refused first."""
    import scoring.card.impact as impact

    out = tmp_path / "impact.md"
    code, _, err = run(capsys, "impact", str(DEMO), "--markdown", "--output", str(out))
    assert code == 0 and err == f"wrote {out}\n"
    assert out.read_text(encoding="utf-8").startswith("# What moved on ")
    out.unlink()

    def broken(*args, **kwargs):
        raise RuntimeError("the report failed half-way")

    monkeypatch.setattr(impact, "format_impact", broken)
    with pytest.raises(RuntimeError):
        run(capsys, "impact", str(DEMO), "--markdown", "--output", str(out))
    assert not out.exists() and list(tmp_path.iterdir()) == []
    code, _, err = run(capsys, "impact", str(DEMO), "--output", str(tmp_path / "no/such.md"))
    assert code == 2 and "cannot be written: there is no folder" in err
