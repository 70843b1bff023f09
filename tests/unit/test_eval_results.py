"""The hub's newer results file, `.eval_results/<name>.yaml`, written and checked beside the card.

Read back with huggingface_hub's own parser (`parse_eval_result_entries`), the demo's file
holds the same values as the card's model-index, entry for entry.
"""

from __future__ import annotations

import pytest
import yaml
from huggingface_hub import ModelCard, parse_eval_result_entries

from conftest import REPO_ROOT, run_cli
from scoring.card import load_card_spec
from tests.copies import copy_demo

DEMO = REPO_ROOT / "examples" / "demo"


@pytest.fixture
def demo(tmp_path):
    root = tmp_path / "demo"
    copy_demo(root)
    return root


def test_the_demo_file_agrees_with_the_model_index_entry_for_entry():
    entries = parse_eval_result_entries(
        yaml.safe_load((DEMO / ".eval_results" / "cer.yaml").read_text(encoding="utf-8"))
    )
    index = ModelCard((DEMO / "README.md").read_text(encoding="utf-8")).data.eval_results
    spec = load_card_spec(DEMO)
    config_of = {
        (spec.datasets[s].id, spec.eval_results.task_ids[s]): spec.datasets[s].config
        for s in spec.sets
    }
    by_name = {(r.dataset_type, r.dataset_config, r.metric_name): r.metric_value for r in index}
    assert len(entries) == len(index) == len(by_name)
    for entry in entries:
        config = config_of[(entry.dataset_id, entry.task_id)]
        latency_name = entry.notes.removesuffix(", %")
        assert by_name[(entry.dataset_id, config, latency_name)] == entry.value, entry


def test_an_edited_value_fails_the_check_naming_the_figure(demo, capsys):
    path = demo / ".eval_results" / "cer.yaml"
    text = path.read_text(encoding="utf-8")
    value = yaml.safe_load(text)[0]["value"]
    path.write_text(text.replace(f"value: {value}", "value: 1.11", 1), encoding="utf-8")
    code, out, _ = run_cli(capsys, "publish", str(demo), "--check")
    assert code == 1
    assert (
        "figure cer/560ms/fleurs/openthai2.0-asr-streaming: .eval_results/cer.yaml entry "
        "th_th-test (CER (560 ms chunk), %) says 1.11"
    ) in out
    code, out, _ = run_cli(capsys, "publish", str(demo), "--write")
    assert code == 0 and "cer.yaml: written from the data (1 number changed)" in out, out
    assert "README.md: " not in out  # the card itself needed nothing, and says so by silence
    assert path.read_text(encoding="utf-8") == text
    assert (demo / "README.md").read_bytes() == (DEMO / "README.md").read_bytes()


def test_a_missing_file_is_written_by_write(demo, capsys):
    (demo / ".eval_results" / "cer.yaml").unlink()
    code, out, _ = run_cli(capsys, "publish", str(demo), "--check")
    assert code == 1 and "says nothing" in out
    code, out, _ = run_cli(capsys, "publish", str(demo), "--write")
    entries = len(yaml.safe_load((DEMO / ".eval_results" / "cer.yaml").read_text("utf-8")))
    assert code == 0 and f"written from the data (0 numbers changed, {entries} added)" in out
    assert (demo / ".eval_results" / "cer.yaml").read_bytes() == (
        DEMO / ".eval_results" / "cer.yaml"
    ).read_bytes()


@pytest.mark.parametrize(
    "content, says",
    [
        ("- dataset: [unclosed\n", "is not valid YAML"),
        ("dataset: 1\n", "is not an .eval_results file"),
        ("- value: 1.0\n", "is not an .eval_results file"),
    ],
)
def test_a_file_that_does_not_parse_is_one_line(demo, capsys, content, says):
    (demo / ".eval_results" / "cer.yaml").write_text(content, encoding="utf-8")
    code, out, err = run_cli(capsys, "publish", str(demo), "--check")
    assert code == 2 and out == "" and err.count("\n") == 1 and says in err, err
    assert "cer.yaml" in err


def test_a_set_without_a_task_id_is_one_line(demo, capsys):
    spec = demo / "card.toml"
    spec.write_text(
        spec.read_text(encoding="utf-8").replace('isan = "test"\n', ""), encoding="utf-8"
    )
    code, _, err = run_cli(capsys, "publish", str(demo), "--check")
    assert code == 2 and err.count("\n") == 1
    assert "[publish.eval_results.task_id] has no task_id for 'isan'" in err


def test_the_headline_listed_among_the_other_latencies_is_written_once():
    """`latencies_ms` naming the headline latency too (560 here) adds no second entry for it:
    one entry per figure."""
    import dataclasses

    from scoring.card import compute_card
    from scoring.card.publish import expected_eval_entries

    result = compute_card(load_card_spec(DEMO), progress=False)
    spec = result.spec
    assert spec.headline_latency not in spec.eval_results.latencies
    listed = dataclasses.replace(
        spec.eval_results, latencies=(*spec.eval_results.latencies, spec.headline_latency)
    )
    result = dataclasses.replace(result, spec=dataclasses.replace(spec, eval_results=listed))
    names = [name for name, _ in expected_eval_entries(result)]
    assert len(names) == len(set(names))
    assert {name.split("/")[1] for name in names} == {"80ms", "160ms", "560ms", "1120ms"}


def test_the_file_is_byte_for_byte_what_pyyamls_own_python_dumper_writes():
    """Written with libyaml where PyYAML has it (five times quicker): the very bytes of
    PyYAML's pure-Python safe dumper, for the demo's entries and for notes in Thai, with a
    colon, a quote and a hash, which YAML must quote."""
    from huggingface_hub import eval_result_entries_to_yaml

    from scoring.card import compute_card
    from scoring.card.publish import expected_eval_entries
    from scoring.card.text import YAML_DUMPER

    result = compute_card(load_card_spec(DEMO), progress=False)
    entries = [entry for _, entry in expected_eval_entries(result)]
    entries[0].notes = "CER ที่ 560 มิลลิวินาที: 'ทดสอบ' # %"
    data = eval_result_entries_to_yaml(entries)
    written = yaml.dump(data, Dumper=YAML_DUMPER, sort_keys=False, allow_unicode=True)
    assert written == yaml.dump(data, Dumper=yaml.SafeDumper, sort_keys=False, allow_unicode=True)
    assert yaml.safe_load(written) == data
    # And the demo's committed file is what the data give, through this dumper.
    assert (DEMO / ".eval_results" / "cer.yaml").read_text(encoding="utf-8") == yaml.dump(
        eval_result_entries_to_yaml([entry for _, entry in expected_eval_entries(result)]),
        Dumper=YAML_DUMPER,
        sort_keys=False,
        allow_unicode=True,
    )
