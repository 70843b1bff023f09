"""Real front matter never crashes (issue 71): a model-index entry that cannot be read is
listed with its card line and kept as written; an entry kept as it is stays byte for byte
when `publish --write` rewrites the card's own entries.

Each card holds a hand-written result of ours (the headline FLEURS CER, right), the case's
entry, and another model's result as its paper gives it (a trailing zero, a comment, its
own key order), which must come back exactly as written.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

import pytest
from huggingface_hub import ModelCard
from huggingface_hub.repocard_data import eval_results_to_model_index
from huggingface_hub.utils import yaml_dump

from conftest import run_cli
from scoring.card.publish import expected_eval_results, published_card
from scoring.card.text import UNNAMED_SET
from tests.hub.conftest import fake_hub  # noqa: F401
from tests.hub.fake_hub import GOOD_TOKEN
from tests.unit.test_adopt import O, demo_result, mark_one, printed, project  # noqa: F401

MODEL = "OpenThai2.0-ASR-Streaming"
HEAD = f"---\nlicense: apache-2.0\nmodel-index:\n- name: {MODEL}\n  results:\n"
TASK = "  - task:\n      type: automatic-speech-recognition\n"
PODCASTS = "    dataset:\n      type: someone/thai-podcasts\n      name: Thai podcasts\n"

# Another model's result, as its paper gives it.
ANOTHER = (
    TASK + "    dataset:\n      type: example-org/thai-elderly-speech\n"
    "      name: Thai Elderly Speech\n      split: test\n    metrics:\n    - type: wer\n"
    "      value: 24.10  # Whisper large-v3, as its paper gives it\n"
    "      name: Test WER\n"
)

# case: (the result as written, what the report says of it, the line it names within it)
UNREADABLE = {
    "empty value": (
        TASK + PODCASTS + "    metrics:\n    - type: wer\n      value:\n      name: Test WER\n",
        "a metric with no value",
        6,
    ),
    "no value": (
        TASK + PODCASTS + "    metrics:\n    - type: wer\n      name: Test WER\n",
        "a metric with no value",
        6,
    ),
    "no type": (
        TASK + PODCASTS + "    metrics:\n    - value: 12.5\n      name: Test WER\n",
        "a metric with no type",
        6,
    ),
    "no dataset": (
        TASK + "    metrics:\n    - type: wer\n      value: 12.5\n",
        UNNAMED_SET,
        3,
    ),
    "metrics not a list": (
        TASK + PODCASTS + "    metrics: 5\n",
        "a result whose metrics are not a list (5)",
        5,
    ),
}


def ours_on_fleurs(exact: dict, off: Fraction = Fraction(0)) -> str:
    """A hand-written result of ours: the headline FLEURS CER (``off`` it, if asked)."""
    return (
        TASK + "    dataset:\n      type: google/fleurs\n      name: FLEURS\n"
        "      config: th_th\n      split: test\n    metrics:\n    - type: cer\n"
        f"      value: {printed(exact[f'cer/560ms/fleurs/{O}'] + off)}\n"
        "      name: Test CER\n"
    )


def card_of(*results: str) -> str:
    return HEAD + "".join(results) + "---\n# Card\n"


def line_of(text: str, part: str) -> int:
    return text[: text.index(part)].count("\n") + 1


def as_huggingface_writes_them(result) -> str:
    """The card's own results as huggingface_hub writes them in a model-index: in its dump
    of the whole front matter, "-" at column 2."""
    index = eval_results_to_model_index(MODEL, [made for _, made in expected_eval_results(result)])
    return dumped_at(index[0]["results"], 2)


def dumped_at(results: list, column: int) -> str:
    """``results`` as a dump of a whole YAML document writes them with their "-" at an even
    ``column``: under a ``results:`` key nested that deep in mappings, two columns a level
    (PyYAML wraps a long string where its line passes column 80, counted from the line's
    start)."""
    data = {"results": results}
    for level in range(column // 2):
        data = {f"level{level}": data}
    return yaml_dump(data, sort_keys=False).split("results:\n", 1)[1]


def unread(text: str, entry: str, what: str, offset: int) -> str:
    return (
        f"note: model-index (line {line_of(text, entry) + offset}): {what}; kept as "
        "written, not gated"
    )


@pytest.mark.parametrize("case", sorted(UNREADABLE))
def test_an_entry_that_cannot_be_read_is_listed_with_its_line_and_kept_as_written(
    project, demo_result, capsys, case
):
    entry, what, offset = UNREADABLE[case]
    text = card_of(ours_on_fleurs(demo_result.exact), entry, ANOTHER)
    card = project / "README.md"
    card.write_text(text, encoding="utf-8")
    note = unread(text, entry, what, offset)
    for option, exit_code in (("--mark", 0), ("--check", 1)):
        code, _, err = run_cli(capsys, "publish", str(project), option)
        assert code == exit_code and note in err.splitlines(), err
    code, _, err = run_cli(capsys, "publish", str(project), "--write")
    written = card.read_text(encoding="utf-8")
    assert code == 0 and note in err.splitlines(), err
    assert entry + ANOTHER in written and written.startswith(HEAD)
    assert as_huggingface_writes_them(demo_result) in written
    code, _, err = run_cli(capsys, "publish", str(project), "--check")
    assert code == 0 and unread(written, entry, what, offset) in err.splitlines(), err


def test_a_result_with_no_dataset_is_placed_by_its_metrics_name(project, demo_result, capsys):
    """A CER of ours whose result has no dataset, its set named in the metric's name, is
    read as that figure: its stale value is drift, and --write puts ours in its place. The
    same entry naming no set of the card's is listed, and kept as written."""
    isan = f"cer/560ms/isan/{O}"
    stale = printed(demo_result.exact[isan] + Fraction(1, 100))
    named = TASK + f"    metrics:\n    - type: cer\n      value: {stale}\n      name: Isan CER\n"
    unnamed = named.replace("Isan CER", "Dialect CER")
    card = project / "README.md"
    card.write_text(card_of(ours_on_fleurs(demo_result.exact), named, ANOTHER), encoding="utf-8")
    code, out, err = run_cli(capsys, "publish", str(project), "--mark")
    said = (
        f"drift: figure {isan}: model-index entry 'Isan CER' (hand-written, with no dataset) says"
    )
    assert code == 1 and said in out and "model-index (line" not in err, (out, err)
    assert run_cli(capsys, "publish", str(project), "--write")[0] == 0
    written = card.read_text(encoding="utf-8")
    assert stale not in written and ANOTHER in written
    assert as_huggingface_writes_them(demo_result) in written
    assert run_cli(capsys, "publish", str(project), "--check")[0] == 0

    text = card_of(ours_on_fleurs(demo_result.exact), unnamed, ANOTHER)
    card.write_text(text, encoding="utf-8")
    code, _, err = run_cli(capsys, "publish", str(project), "--mark")
    assert code == 0 and unread(text, unnamed, UNNAMED_SET, 3) in err.splitlines(), err


def test_results_that_are_not_a_list_are_listed_and_written_over(project, demo_result, capsys):
    text = (
        "---\nlicense: apache-2.0  # the model's\nmodel-index:\n- name: "
        + MODEL
        + "\n  results: 5\n---\n# Card\n"
    )
    card = project / "README.md"
    card.write_text(text, encoding="utf-8")
    note = (
        "note: model-index (line 5): the model's results are not a list (5); --write "
        "puts the card's own results in its place"
    )
    for option in ("--mark", "--check", "--write"):
        code, _, err = run_cli(capsys, "publish", str(project), option)
        assert code in (0, 1) and note in err.splitlines(), err
    written = card.read_text(encoding="utf-8")
    assert written.startswith("---\nlicense: apache-2.0  # the model's\nmodel-index:\n")
    assert as_huggingface_writes_them(demo_result) in written and "results: 5" not in written
    code, _, err = run_cli(capsys, "publish", str(project), "--check")
    assert code == 0 and "model-index (line" not in err, err


def test_a_value_written_as_text_is_read(project, demo_result, capsys):
    """'N/A' on another dataset is another's entry, kept as written; 'TBD' where a CER of
    ours goes is ours, said to be text, and written over."""
    exact = demo_result.exact
    tv = f"cer/560ms/tvspeech/{O}"
    theirs = TASK + PODCASTS + "    metrics:\n    - type: wer\n      value: N/A\n"
    tbd = (
        TASK + "    dataset:\n      type: typhoon-ai/TVSpeech\n      name: TVSpeech\n"
        "      split: test\n    metrics:\n    - type: cer\n      value: TBD\n"
        "      name: Test CER\n"
    )
    card = project / "README.md"
    card.write_text(card_of(ours_on_fleurs(exact), theirs, tbd, ANOTHER), encoding="utf-8")
    said = (
        f"figure {tv}: model-index entry 'Test CER' on TVSpeech (hand-written) says "
        f"'TBD' (text, where the gate writes a number), the data give {printed(exact[tv])}"
    )
    code, out, _ = run_cli(capsys, "publish", str(project), "--mark")
    assert code == 1 and f"drift: {said}\n" in out, out
    code, out, err = run_cli(capsys, "publish", str(project), "--check")
    assert code == 1 and f"{said}\n" in out, out
    assert (
        "note: model-index entry 'wer' (wer) on someone/thai-podcasts is not ours (no "
        "figure of the card); kept as it is"
    ) in err.splitlines(), err
    assert run_cli(capsys, "publish", str(project), "--write")[0] == 0
    written = card.read_text(encoding="utf-8")
    assert theirs + ANOTHER in written and "TBD" not in written
    assert as_huggingface_writes_them(demo_result) in written
    assert run_cli(capsys, "publish", str(project), "--check")[0] == 0


def test_an_entry_kept_as_it_is_stays_byte_for_byte(project, demo_result, capsys):
    """--write rewrites only what is ours: another model's result, and another metric in a
    result of ours (a WER beside our stale TVSpeech CER), come back exactly as written."""
    exact = demo_result.exact
    stale_tv = printed(exact[f"cer/560ms/tvspeech/{O}"] + Fraction(1, 1000))
    wer = "    - value: 31.50   # WER, same run\n      type: wer\n"
    mixed = (
        TASK + "    dataset:\n      type: typhoon-ai/TVSpeech\n      name: TVSpeech\n"
        "      split: test\n    metrics:\n    - type: cer\n"
        f"      value: {stale_tv}\n      name: Test CER\n" + wer
    )
    text = card_of(ours_on_fleurs(exact, Fraction(1, 1000)), mixed, ANOTHER)
    card = project / "README.md"
    card.write_text(text, encoding="utf-8")
    assert run_cli(capsys, "publish", str(project), "--write")[0] == 0
    written = card.read_text(encoding="utf-8")
    assert ANOTHER in written and wer in written and stale_tv not in written
    assert written.startswith(HEAD) and as_huggingface_writes_them(demo_result) in written
    assert run_cli(capsys, "publish", str(project), "--check")[0] == 0
    assert run_cli(capsys, "publish", str(project), "--write")[1].endswith(
        f"already what the data give (0 regions, {len(expected_eval_results(demo_result))} "
        "model-index results)\n"
    )


def test_push_sends_the_entry_as_written(project, demo_result, capsys, fake_hub, monkeypatch):
    from scoring.data.fetch import DEFAULT_REPO

    fake_hub.add(DEFAULT_REPO, "README.md", b"# the hub's card\n", repo_type="model")
    monkeypatch.setenv("HF_TOKEN", GOOD_TOKEN)
    entry, what, offset = UNREADABLE["empty value"]
    text = card_of(ours_on_fleurs(demo_result.exact), entry, ANOTHER)
    (project / "README.md").write_text(text, encoding="utf-8")
    code, _, err = run_cli(capsys, "publish", str(project), "--push", "--repo", DEFAULT_REPO)
    assert code == 0 and unread(text, entry, what, offset) in err.splitlines(), err
    [commit] = fake_hub.commits
    pushed = commit.files["README.md"].decode("utf-8")
    assert entry + ANOTHER in pushed and as_huggingface_writes_them(demo_result) in pushed


def test_the_gate_compares_a_card_with_an_entry_it_cannot_read(project, demo_result, capsys):
    """The gate compares such a card, and lists the entry it cannot read under its step 4
    line (and in its report), whether the card differs from the data or not."""
    from scoring.data.hub import Hub
    from scoring.gate import check_hub_card

    entry, what, offset = UNREADABLE["empty value"]
    text = card_of(ours_on_fleurs(demo_result.exact), entry, ANOTHER)
    card = project / "README.md"
    card.write_text(text, encoding="utf-8")
    note = unread(text, entry, what, offset)[len("note: ") :]
    said = []
    found = check_hub_card(
        project,
        hub=Hub(retry_delay=0.0, progress=False),
        say=said.append,
        open_pr=False,
        tests_passed=True,
    )
    assert not found.matches and said[0].startswith(
        "4/5 the card file README.md differs from the data in "
    ), said
    assert said[1:] == [f"    note: {note}"] and found.unread == (note,), said
    assert (
        f"Its model-index holds 1 entry that cannot be read, not gated:\n\n- {note}\n"
        in found.report_section()
    ), found.report_section()

    assert run_cli(capsys, "publish", str(project), "--write")[0] == 0  # the data's card
    written = card.read_text(encoding="utf-8")
    note = unread(written, entry, what, offset)[len("note: ") :]
    said = []
    found = check_hub_card(
        project,
        hub=Hub(retry_delay=0.0, progress=False),
        say=said.append,
        open_pr=False,
        tests_passed=True,
    )
    assert found.matches and said == [
        "4/5 the card file README.md is exactly what the data give (0 of 0 numbers in its "
        "text gated)",
        f"    note: {note}",
    ], said
    assert found.unread == (note,)


@pytest.mark.parametrize("line_break", ["\n", "\r\n"])
def test_results_in_brackets_keep_what_is_not_ours_as_written(
    project, demo_result, capsys, line_break
):
    """A model-index written in brackets: our stale CER comes out, the WER beside it and
    another model's result stay as written (in a block list after ours), whatever the
    card's line breaks."""
    exact = demo_result.exact
    stale = printed(exact[f"cer/560ms/fleurs/{O}"] + Fraction(1, 1000))
    theirs = "{type: wer, value: 9.10}"
    another = (
        "{task: {type: automatic-speech-recognition}, dataset: {type: someone/else, "
        "name: Else}, metrics: [{value: 24.10, type: wer}]}"
    )
    fleurs = (
        "{task: {type: automatic-speech-recognition}, dataset: {type: google/fleurs, "
        f"name: FLEURS, config: th_th, split: test}}, metrics: [{{type: cer, value: "
        f"{stale}, name: Test CER}}, {theirs}]}}"
    )
    text = (
        f"---\nlicense: apache-2.0\nmodel-index:\n- name: {MODEL}\n  results: [{fleurs}, "
        f"{another}]\n---\n# Card\n"
    ).replace("\n", line_break)
    card = project / "README.md"
    card.write_bytes(text.encode("utf-8"))
    assert run_cli(capsys, "publish", str(project), "--write")[0] == 0
    written = card.read_bytes().decode("utf-8")
    assert f"metrics: [{theirs}]}}{line_break}" in written and another in written
    assert stale not in written and written.count("\n") == written.count(line_break)
    assert as_huggingface_writes_them(demo_result).replace("\n", line_break) in written
    assert run_cli(capsys, "publish", str(project), "--check")[0] == 0


# The real card's name for its joined GigaSpeech2 set: long enough that PyYAML wraps it, at
# a word that depends on the column its line starts at.
LONG_NAME = (
    "GigaSpeech2 Thai (test), each recording's segments joined with 1 s of silence, "
    "recording 0-26 left out"
)
LICENSE = "license: apache-2.0\n"


def with_names(result, dataset: str = LONG_NAME, model: str | None = None):
    """The demo's figures, the joined GigaSpeech2 set named ``dataset`` in the model-index
    (and the model ``model``, if given)."""
    spec = result.spec
    datasets = {
        **spec.datasets,
        "gs2_long": dataclasses.replace(spec.datasets["gs2_long"], name=dataset),
    }
    spec = dataclasses.replace(
        spec, datasets=datasets, publish_model_name=model or spec.publish_model_name
    )
    return dataclasses.replace(result, spec=spec)


def as_huggingface_writes_the_card(result, front: str) -> str:
    """The whole card as huggingface_hub's ModelCard writes it: ``front`` (other keys),
    then the model-index of the card's own results, then the body."""
    card = ModelCard(f"---\n{front}---\n# Card\n" if front else "# Card\n")
    card.data.model_name = result.spec.publish_model_name
    card.data.eval_results = [made for _, made in expected_eval_results(result)]
    return card.content


def _stale(card: str) -> str:
    """huggingface_hub's card, one value of ours changed (as by hand, on the hub)."""
    value = re.search(r"value: (\d+\.\d+)", card).group(1)
    return card.replace(f"value: {value}\n", "value: 0.01\n", 1)


def _in_brackets(card: str) -> str:
    """huggingface_hub's card, its model's results an empty list in brackets."""
    return card[: card.index("  results:\n")] + "  results: []\n---\n# Card\n"


# Every way --write comes to write the card's own model-index: (the card before, given the
# card huggingface_hub writes; the other keys of its front matter).
BEFORE_WRITE = {
    "no front matter (huggingface_hub writes it whole)": (lambda card: "# Card\n", ""),
    "no model-index (after the last key)": (lambda card: f"---\n{LICENSE}---\n# Card\n", LICENSE),
    "a model-index that is no list": (
        lambda card: f"---\n{LICENSE}model-index: 5\n---\n# Card\n",
        LICENSE,
    ),
    "results in brackets": (_in_brackets, LICENSE),
    "a model with no name": (
        lambda card: f"---\n{LICENSE}model-index:\n- results: []\n---\n# Card\n",
        LICENSE,
    ),
    "stale, in a block list (spliced)": (_stale, LICENSE),
}


@pytest.mark.parametrize(
    "model",
    [None, "OpenThai2.0 ASR Streaming, the th-TH prompt, decoded in 80 to 1120 ms chunks (demo)"],
    ids=["model", "long-model-name"],
)
@pytest.mark.parametrize("case", sorted(BEFORE_WRITE))
def test_the_same_results_are_the_same_bytes_whatever_writes_them(
    demo_result, tmp_path, case, model
):
    """A name long enough to wrap is wrapped where huggingface_hub's ModelCard wraps it,
    whether the front matter is written whole or our results are spliced in at their
    column (a splice dumped at column 0 and moved to column 2 wrapped it two columns
    later, so the gate's pull request rewrapped a card the hub had merged); and writing
    it again changes nothing."""
    result = with_names(demo_result, model=model)
    before, front = BEFORE_WRITE[case]
    expected = as_huggingface_writes_the_card(result, front)
    card = tmp_path / "README.md"
    card.write_text(before(expected), encoding="utf-8")
    written = published_card(result, card)
    assert written.new == expected
    card.write_text(written.new, encoding="utf-8")
    again = published_card(result, card)
    assert again.old == again.new
    assert not [m for m in again.mismatches if m.where.startswith("model-index")]


def test_results_at_another_column_are_wrapped_as_a_dump_there_wraps_them(demo_result, tmp_path):
    """A model-index written with indented lists (its results' "-" at column 6): ours go in
    at that column, wrapped as a dump of the whole front matter wraps them there."""
    result = with_names(demo_result)
    model = result.spec.publish_model_name
    head = f"---\n{LICENSE}model-index:\n  - name: {model}\n    results:\n"
    stale = "".join(
        "    " + line if line else line
        for line in ours_on_fleurs(result.exact, Fraction(1, 1000)).splitlines(keepends=True)
    )
    card = tmp_path / "README.md"
    card.write_text(head + stale + "---\n# Card\n", encoding="utf-8")
    written = published_card(result, card)
    index = eval_results_to_model_index(model, [made for _, made in expected_eval_results(result)])
    assert written.new == head + dumped_at(index[0]["results"], 6) + "---\n# Card\n"
    card.write_text(written.new, encoding="utf-8")
    assert published_card(result, card).new == written.new


def test_write_twice_and_check_on_a_card_spliced_with_a_name_that_wraps(
    project, demo_result, capsys, monkeypatch
):
    """The maintainer's story in one card: huggingface_hub's card, one value of ours edited
    on the hub; --write puts back the card as it was, --check then passes, and --write
    again changes nothing."""
    import scoring.cli

    result = with_names(demo_result)
    monkeypatch.setattr(
        scoring.cli,
        "compute_card",
        lambda spec, **options: dataclasses.replace(
            result, spec=dataclasses.replace(spec, datasets=result.spec.datasets)
        ),
    )
    merged = as_huggingface_writes_the_card(result, LICENSE)
    assert "joined with 1 s of\n        silence," in merged  # (the splice once wrapped later)
    card = project / "README.md"
    card.write_text(_stale(merged), encoding="utf-8")
    assert run_cli(capsys, "publish", str(project), "--write")[0] == 0
    assert card.read_text(encoding="utf-8") == merged
    assert run_cli(capsys, "publish", str(project), "--check")[0] == 0
    assert run_cli(capsys, "publish", str(project), "--write")[1].endswith(
        f"already what the data give (0 regions, {len(expected_eval_results(demo_result))} "
        "model-index results)\n"
    )
    assert card.read_text(encoding="utf-8") == merged


def test_a_second_entry_fitting_a_figure_already_held_is_kept_never_dropped(
    project, demo_result, capsys
):
    """Two hand-written CER entries on FLEURS whose names say no latency: the first stands
    for the card's figure, and the second (another model's, say) is kept as written, not
    deleted with ours."""
    second = (
        ours_on_fleurs(demo_result.exact)
        .replace("      name: Test CER\n", "      name: Whisper large-v3 CER\n")
        .replace(f"value: {printed(demo_result.exact[f'cer/560ms/fleurs/{O}'])}", "value: 24.10")
    )
    card = project / "README.md"
    card.write_text(card_of(ours_on_fleurs(demo_result.exact), second), encoding="utf-8")
    run_cli(capsys, "publish", str(project), "--write")
    written = card.read_text(encoding="utf-8")
    assert second in written, written


@pytest.mark.parametrize("front", ["", "---\nlicense: apache-2.0\n---\n"])
def test_a_front_matter_written_whole_is_the_hubs_for_each_card_and_body(front, demo_result):
    """Written whole, the front matter is what huggingface_hub's ModelCard writes, for each
    body and line break in turn: the second card of the same front matter and results (kept
    from the first) and one whose body breaks its lines otherwise (the hub's line break is
    counted in the whole card) are each the hub's."""
    from pathlib import Path

    from scoring.card.text import with_front_matter_written_whole

    results = [entry for _, entry in expected_eval_results(demo_result)]
    bodies = ["# Card\n\nFLEURS 6.69\n", "# Another\n", "# Card\r\n\r\nCRLF\r\n\r\n"]
    for body in bodies:
        text = front + body
        hub = ModelCard(text)
        hub.data.eval_results, hub.data.model_name, hub.text = results, MODEL, body
        written = with_front_matter_written_whole(text, body, MODEL, results, Path("README.md"))
        assert written == hub.content


def test_a_badge_in_the_front_matter_is_data_not_text(project, demo_result):
    """A shields.io address in the front matter (a thumbnail) is no badge the card shows:
    --mark reads nothing there (no marker may stand in YAML, and none is asked for), and
    reads the same figure in the card's text."""
    fleurs = f"cer/560ms/fleurs/{O}"
    value = printed(demo_result.exact[fleurs])
    badge = f"https://img.shields.io/badge/FLEURS_CER-{value}%25-green"
    text = f"---\nthumbnail: {badge}\n---\n# Card\n\nOpenThai2.0 reaches {value} % CER on FLEURS.\n"
    code, report, marked = mark_one(project, demo_result, text)
    assert [(m.candidate.line, m.figure, m.verdict) for m in marked.found] == [
        (6, fleurs, "marked")
    ], report
    assert marked.new.startswith(f"---\nthumbnail: {badge}\n---\n"), report
