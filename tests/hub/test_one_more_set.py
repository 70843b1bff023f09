"""One more set, added to a copy of the demo in its card.toml alone, end to end on the fake
hub: fetch, make-refs, card, gate. No line of Python knows the set.

The copy is a project whose card is the demo's (its data published on the fake hub: the
datasets in their real formats, ids and hypotheses in the model repository) plus an
elderly-speech set read from sharded Parquet files, declared in a [sources] table. The
demo's own such set, Common Voice's Thai test in its TSV layout, is fetched, rebuilt and
gated with the rest. The
maintainer makes the new set's ids with `make-refs --ids` and puts them in the model
repository with the systems' decodes; then the README's path runs as for the real card.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import REPO_ROOT
from scoring.card import compute_card, load_card_spec
from scoring.cli import main
from scoring.data.fetch import DEFAULT_REPO
from scoring.data.hub import Hub
from scoring.gate import run_gate
from tests import copies

from .demo_datasets import publish_demo_datasets, read_records
from .fake_hub import GOOD_TOKEN

pytestmark = pytest.mark.slow(seconds=12)  # two pytest runs of the copy's real card

DEMO = REPO_ROOT / "examples" / "demo"
DEMO_OWN_SET = "cv"  # the demo's set beyond the real card's, in Common Voice's layout
ELDERLY_REPO = "example-org/thai-elderly-speech"
# (utterance, speaker, split, transcript): two shards, a train row the filter leaves out.
ELDERLY_ROWS = [
    [
        ("e-001", "spk01", "test", "ยายไปตลาดทุกเช้า"),
        ("e-002", "spk01", "test", "วันนี้ปวดเข่านิดหน่อย"),
        ("e-003", "spk02", "test", "หลานโทรมาหาเมื่อวาน"),
        ("t-900", "spk09", "train", "ไม่ใช้"),
    ],
    [
        ("e-004", "spk02", "test", "ขอยาแก้ไอหน่อยนะ"),
        ("e-005", "spk03", "test", "ตาไปวัดวันพระ"),
        ("e-006", "spk03", "test", "กินข้าวแล้วหรือยังลูก"),
    ],
]
ONE_MORE_SET = """
[sources.elderly]
repo = "example-org/thai-elderly-speech"
revision = "main"
files = "data/test-*.parquet"
format = "parquet"
id = "utterance_id"
text = "transcript"
cluster = "speaker_id"
filter = { split = "test" }
cleaning = "as published"
"""
REAL_CARD_TESTS = ["tests/golden/test_card.py", "-k", "real", "-n", "0", "-q", "-p", "no:randomly"]


def one_more_set(card_toml: str) -> str:
    """The demo's card.toml with the elderly set: in sets, named, and its source declared.
    The published card stays the demo's own (no [publish] here)."""
    text = re.sub(
        r"^sets = \[([^\]]*)\]", r'sets = [\1, "elderly"]', card_toml, count=1, flags=re.M
    )
    text = text.replace("[set_names]\n", '[set_names]\nelderly = "Elderly speech"\n', 1)
    text = text[: text.index("# The published model card")] + text[text.index("# Where each") :]
    assert text.count("elderly") == 2
    return text + ONE_MORE_SET


def publish_elderly_dataset(hub) -> None:
    for shard, rows in enumerate(ELDERLY_ROWS):
        sink = io.BytesIO()
        pq.write_table(
            pa.table(
                {
                    "audio": pa.array(
                        [{"bytes": b"\0" * 64, "path": f"{u}.wav"} for u, *_ in rows]
                    ),
                    "utterance_id": [u for u, *_ in rows],
                    "speaker_id": [s for _, s, *_ in rows],
                    "split": [split for *_, split, _ in rows],
                    "transcript": [t for *_, t in rows],
                }
            ),
            sink,
        )
        hub.add(ELDERLY_REPO, f"data/test-{shard:05d}-of-00002.parquet", sink.getvalue())


def _jsonl(records) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()


def publish_model_repo(hub, spec, new_ids, new_refs) -> None:
    """The benchmark folder: the demo's ids and decodes, and the new set's (each system's
    decode drops a character of each clip, the 4-gram one two)."""
    for path in sorted((DEMO / "ids").glob("*.jsonl")) + [new_ids]:
        hub.add(DEFAULT_REPO, f"benchmark/ids/{path.name}", path.read_bytes(), repo_type="model")
    for name, (_, set_name, column) in spec.expected_hypotheses().items():
        if set_name != "elderly":
            data = (DEMO / "hypotheses" / name).read_bytes()
        else:
            cut = 2 if column.system.endswith("4gram") else 1
            data = _jsonl({"id": r["id"], "pred_text": r["text"][:-cut]} for r in new_refs)
        hub.add(DEFAULT_REPO, f"benchmark/hypotheses/{name}", data, repo_type="model")


def test_one_more_set_in_card_toml_alone_fetch_make_refs_card_gate(fake_hub, tmp_path, monkeypatch):
    project = copies.copy_project(REPO_ROOT, tmp_path / "project")
    card = project / "card.toml"
    card.write_text(
        one_more_set((DEMO / "card.toml").read_text(encoding="utf-8")), encoding="utf-8"
    )
    publish_demo_datasets(fake_hub, DEMO)
    publish_elderly_dataset(fake_hub)
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "hub-cache"))
    monkeypatch.setenv("HF_TOKEN", GOOD_TOKEN)  # the demo's GigaSpeech2 stand-in is gated
    monkeypatch.delenv("HF_HUB_DISABLE_IMPLICIT_TOKEN", raising=False)
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_DISABLE_IMPLICIT_TOKEN", False)
    monkeypatch.setenv("PYTHONPATH", str(project))  # the copy's pytest runs the copy's code
    # The copy's pytest with the golden suite's plugins only (each other one costs its start).
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.setenv("PYTEST_PLUGINS", "xdist.plugin,syrupy")

    # The maintainer: the new set's ids from its source, then into the model repository.
    scratch = tmp_path / "maintainer"
    assert (
        main(
            [
                "make-refs",
                "--card",
                str(card),
                "--sets",
                "elderly",
                "--ids",
                "--ids-dir",
                str(scratch / "ids"),
                "--out",
                str(scratch / "refs"),
            ]
        )
        == 0
    )
    new_refs = read_records(scratch / "refs/elderly.jsonl")
    assert [(r["id"], r["text"]) for r in new_refs] == [
        (u, t) for shard in ELDERLY_ROWS for u, _, split, t in shard if split == "test"
    ]
    spec = load_card_spec(project)
    publish_model_repo(fake_hub, spec, scratch / "ids/elderly.jsonl", new_refs)

    # fetch, make-refs, card: the README's path, in the copy.
    monkeypatch.chdir(project)
    assert main(["fetch"]) == 0
    assert main(["make-refs", "--out", "refs/"]) == 0
    assert (project / "refs/elderly.jsonl").read_bytes() == (
        scratch / "refs/elderly.jsonl"
    ).read_bytes()
    demo_refs = sorted(p.name for p in (DEMO / "refs").glob("*.jsonl"))
    assert DEMO_OWN_SET + ".jsonl" in demo_refs  # the demo's own set declared in card.toml alone
    for name in demo_refs:  # the demo's, rebuilt
        assert (project / "refs" / name).read_bytes() == (DEMO / "refs" / name).read_bytes()
    figures = compute_card(spec, progress=False).figures()
    assert any(f"/{DEMO_OWN_SET}/" in name for name in figures)
    new = {name: value for name, value in figures.items() if "/elderly/" in name}
    assert sorted({name.split("/")[1] for name in new}) == ["1120ms", "160ms", "560ms", "80ms"]
    assert all(0 < value < 1 for name, value in new.items() if name.startswith("cer/"))
    assert any(name.startswith("diff/560ms/elderly/") for name in new)

    # The first run pins the copy's card (as rebaseline's pytest does), then the gate.
    pinned = subprocess.run(
        [sys.executable, "-m", "pytest", *REAL_CARD_TESTS, "--snapshot-update"],
        cwd=project,
        capture_output=True,
        text=True,
        env={
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT_TEST"))
        },
    )
    assert pinned.returncode == 0, pinned.stdout[-2000:]
    shutil.rmtree(project / "refs")  # the gate builds them again, from the declarations
    lines = []
    result = run_gate(
        project,
        hub=Hub(retry_delay=0.0, progress=False),
        refs_cache=tmp_path / "refs-cache",
        pytest_args=REAL_CARD_TESTS,
        report=tmp_path / "report.md",
        plot=None,
        say=lines.append,
    )
    assert result.passed, "\n".join(lines)
    assert "2/5 rebuilding the references from the public datasets" in lines
    assert (project / "refs/elderly.jsonl").read_bytes() == (
        scratch / "refs/elderly.jsonl"
    ).read_bytes()
    # The demo's Common Voice set, gated with the rest: rebuilt from its TSV again, and
    # every figure of it pinned by the copy's first run.
    own = f"refs/{DEMO_OWN_SET}.jsonl"
    assert (project / own).read_bytes() == (DEMO / own).read_bytes()
    snapshots = project / "tests/golden/__snapshots__"
    pinned = (snapshots / "test_card.ambr").read_text(encoding="utf-8")
    own_figures = [name for name in figures if f"/{DEMO_OWN_SET}/" in name]
    assert all(f"test_real_figure[{name}]" in pinned for name in own_figures)
    assert (snapshots / f"test_card/test_real_ledger[{DEMO_OWN_SET}].ledger-v2.tsv").is_file()
