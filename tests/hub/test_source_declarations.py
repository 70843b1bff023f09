"""A set declared in card.toml alone, against the fake hub: each format, each rule, a new
set's ids, and each bad declaration in one line naming its key and line."""

from __future__ import annotations

import io
import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import REPO_ROOT
from scoring.cli import main
from scoring.data.make_refs import make_refs
from scoring.data.sources import load_sources
from scoring.errors import ScoringError
from tests.docs import blocks, command_lines, scoring_argv

from . import fixtures
from .fake_hub import GOOD_TOKEN

COMMON_VOICE = f"""
title = "a card with one set"

[sources.cv]
repo = "{fixtures.CV_REPO}"
revision = "main"
files = "{fixtures.CV_TSV}"
format = "tsv"
id = {{ rule = "file_name", field = "path" }}
text = "sentence"
cluster = "client_id"
filter = {{ locale = "th" }}
cleaning = "as published"
"""


def read_jsonl(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def project(fake_hub, tmp_path, monkeypatch):
    """A folder with a card.toml declaring a Common Voice set, its TSV on the fake hub
    (gated, as Common Voice is), the commands' hub cache a private one."""
    fake_hub.add(fixtures.CV_REPO, fixtures.CV_TSV, fixtures.common_voice_tsv(), gated=True)
    fake_hub.add(fixtures.CV_REPO, "audio/th/test/th_test_0.tar", b"never read")
    root = tmp_path / "project"
    root.mkdir()
    (root / "card.toml").write_text(COMMON_VOICE, encoding="utf-8")
    monkeypatch.chdir(root)
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "hub-cache"))
    monkeypatch.setenv("HF_TOKEN", GOOD_TOKEN)
    monkeypatch.delenv("HF_HUB_DISABLE_IMPLICIT_TOKEN", raising=False)
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_DISABLE_IMPLICIT_TOKEN", False)
    return root


def declare(root, old: str, new: str) -> None:
    card = root / "card.toml"
    text = card.read_text(encoding="utf-8")
    assert old in text
    card.write_text(text.replace(old, new), encoding="utf-8")


def line_of(root, text: str) -> int:
    return next(
        number
        for number, line in enumerate(
            (root / "card.toml").read_text(encoding="utf-8").splitlines(), start=1
        )
        if text in line
    )


def one_line_error(capsys, *args) -> str:
    code = main(["make-refs", *args])
    out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (code, out, err)
    return err


# ------------------------------------------------------------------ a new set: ids, refs


def test_a_new_set_gets_its_ids_and_references_from_its_declaration(project, capsys, fake_hub):
    assert main(["make-refs", "--ids"]) == 0
    out = capsys.readouterr().out
    assert "ids/cv.jsonl: 5 clips in 3 clusters" in out and "refs/cv.jsonl: 5 references" in out
    assert read_jsonl(project / "ids/cv.jsonl") == [
        {"id": path, "cluster": client} for client, path, _ in fixtures.CV_ROWS
    ]
    assert read_jsonl(project / "refs/cv.jsonl") == [
        {"id": path, "text": sentence} for _, path, sentence in fixtures.CV_ROWS
    ]
    assert not [r for r in fake_hub.requests if r.path.startswith("audio/")]


def test_existing_ids_are_kept_unless_forced(project, capsys):
    """--ids writes a set's ids only where there are none; --force writes them again."""
    assert main(["make-refs", "--ids"]) == 0
    ids = project / "ids/cv.jsonl"
    kept = ids.read_text(encoding="utf-8").splitlines()[1:3]
    ids.write_text("\n".join(kept) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["make-refs", "--ids"]) == 0
    out = capsys.readouterr().out
    assert "ids/cv.jsonl: kept as it is (--force writes it again from the source)" in out
    assert ids.read_text(encoding="utf-8").splitlines() == kept
    assert [r["id"] for r in read_jsonl(project / "refs/cv.jsonl")] == [
        json.loads(line)["id"] for line in kept
    ]  # the references follow the ids kept
    assert main(["make-refs", "--ids", "--force"]) == 0
    assert len(read_jsonl(ids)) == len(fixtures.CV_ROWS)
    capsys.readouterr()
    err = one_line_error(capsys, "--force")
    assert "--force: goes with --ids" in err


def test_a_filter_keeps_only_the_rows_that_hold_its_value(project, fake_hub, capsys):
    data = (
        fixtures.common_voice_tsv()
        + fixtures.common_voice_tsv(
            [("eeee0004", "common_voice_lo_1.mp3", "ສະບາຍດີ")], locale="lo"
        ).split(b"\n", 1)[1]
    )
    fake_hub.add(fixtures.CV_REPO, fixtures.CV_TSV, data, gated=True)
    assert main(["make-refs"]) == 0
    assert len(read_jsonl(project / "refs/cv.jsonl")) == len(fixtures.CV_ROWS)


# ------------------------------------------------------------------ bad declarations


def test_an_unknown_format_is_one_line_naming_the_key_and_its_line(project, capsys):
    declare(project, 'format = "tsv"', 'format = "xlsx"')
    err = one_line_error(capsys)
    assert err == (
        f"error: card.toml:{line_of(project, 'format =')}: "
        '[sources.cv] format = "xlsx": unknown format; formats are tsv, csv, '
        "jsonl, parquet\n"
    )


def test_a_field_the_file_lacks_is_one_line_naming_the_key_and_its_line(project, capsys):
    declare(project, 'text = "sentence"', 'text = "sentense"')
    err = one_line_error(capsys)
    assert err.startswith(
        f"error: card.toml:{line_of(project, 'text =')}: "
        f'[sources.cv] text = "sentense": {fixtures.CV_TSV} has no field '
        "'sentense' (its fields: client_id, path, sentence,"
    )
    assert err.endswith("; did you mean 'sentence'?\n")


def test_a_cluster_field_with_a_single_value_is_one_line(project, capsys):
    declare(project, 'cluster = "client_id"', 'cluster = "locale"')
    err = one_line_error(capsys, "--ids")
    assert err.startswith(
        f"error: card.toml:{line_of(project, 'cluster =')}: "
        '[sources.cv] cluster = "locale": every one of its 5 clips has the '
        "same cluster ('th')"
    )
    assert not (project / "ids").exists() and not (project / "refs").exists()


def test_ids_the_source_does_not_hold_are_one_line_naming_the_id_key(project, capsys):
    assert main(["make-refs", "--ids"]) == 0
    ids = project / "ids/cv.jsonl"
    ids.write_text(
        ids.read_text(encoding="utf-8")
        + '{"id": "common_voice_th_99999.mp3", "cluster": "c0ffee01"}\n',
        encoding="utf-8",
    )
    capsys.readouterr()
    err = one_line_error(capsys)
    assert err == (
        f"error: card.toml:{line_of(project, 'id =')}: [sources.cv] "
        'id = { rule = "file_name", field = "path" }: 1 of the 6 ids in '
        "ids/cv.jsonl are not in the source ('common_voice_th_99999.mp3')\n"
    )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            'cleaning = "as published"',
            'cleaning = "published"',
            "cleaning = \"published\": unknown cleaning; cleanings are 'benchmark', 'as published'",
        ),
        (
            'id = { rule = "file_name", field = "path" }',
            'id = { rule = "filename", field = "path" }',
            "unknown rule 'filename'; rules are row_index, file_name, recording, prefix, part, "
            "pattern; did you mean 'file_name'?",
        ),
        ('text = "sentence"', 'txet = "sentence"', "unknown key 'txet'; did you mean 'text'?"),
        ('cluster = "client_id"', "", "needs cluster (a source names"),
    ],
)
def test_other_mistakes_are_one_line_too(project, capsys, old, new, said):
    declare(project, old, new)
    err = one_line_error(capsys)
    assert err.startswith("error: card.toml:") and said in err


def test_a_long_set_joining_an_undeclared_set_names_the_join(project, capsys):
    (project / "card.toml").write_text(
        COMMON_VOICE + '\n[sources.cv_long]\njoin = "cvv"\n', encoding="utf-8"
    )
    err = one_line_error(capsys)
    assert err == (
        f"error: card.toml:{line_of(project, 'join =')}: "
        "[sources.cv_long] join = \"cvv\": 'cvv' is no set read from a dataset here; "
        "did you mean 'cv'?\n"
    )


# ------------------------------------------------------------------ every format and rule


def _card(tmp_path, body: str):
    card = tmp_path / "card.toml"
    card.write_text(body, encoding="utf-8")
    return load_sources(card)


def _parquet(columns: dict) -> bytes:
    sink = io.BytesIO()
    pq.write_table(pa.table(columns), sink, row_group_size=2)
    return sink.getvalue()


def test_csv_jsonl_and_sharded_parquet_sets(fake_hub, hub_client, tmp_path):
    """A CSV with quoted commas, JSON Lines with a nested field, and parquet shards matched
    by a glob whose row index runs across the shards, joined by recording."""
    fake_hub.add("org/csv-set", "test.csv", b'utt,spk,text\nu1,s1,"one, two"\nu2,s2,"say ""hi"""\n')
    fake_hub.add(
        "org/jsonl-set",
        "data/test.jsonl",
        "".join(
            json.dumps(
                {"meta": {"utt": f"j{i}", "spk": f"p{i % 2}"}, "text": f"ข้อความ {i}"},
                ensure_ascii=False,
            )
            + "\n"
            for i in range(3)
        ).encode(),
    )
    for shard, rows in enumerate([[("r1-0", "ก"), ("r1-1", "ข")], [("r2-0", "ค")]]):
        fake_hub.add(
            "org/parquet-set",
            f"data/test-{shard:05d}-of-00002.parquet",
            _parquet({"seg": [seg for seg, _ in rows], "text": [text for _, text in rows]}),
        )
    fake_hub.add("org/parquet-set", "data/train-00000-of-00001.parquet", b"never read")
    sources = _card(
        tmp_path,
        """
[sources.a]
repo = "org/csv-set"
revision = "main"
files = "test.csv"
format = "csv"
id = "utt"
text = "text"
cluster = "spk"
cleaning = "as published"

[sources.b]
repo = "org/jsonl-set"
revision = "main"
files = "data/*.jsonl"
format = "jsonl"
id = "meta.utt"
text = "text"
cluster = "meta.spk"
cleaning = "as published"

[sources.c]
repo = "org/parquet-set"
revision = "main"
files = "data/test-*.parquet"
format = "parquet"
id = { rule = "row_index" }
text = "text"
cluster = { rule = "recording", field = "seg" }
cleaning = "as published"

[sources.c_long]
join = "c"
""",
    )
    made = make_refs(
        tmp_path / "refs",
        sources,
        ids_dir=tmp_path / "ids",
        hub=hub_client,
        write_ids=True,
        warn=lambda m: None,
    )
    assert made.counts == {"a": 2, "b": 3, "c": 3, "c_long": 2}
    written = {
        f"{kind}/{name}": read_jsonl(tmp_path / kind / f"{name}.jsonl")
        for kind in ("ids", "refs")
        for name in made.counts
    }
    assert written["refs/a"] == [{"id": "u1", "text": "one, two"}, {"id": "u2", "text": 'say "hi"'}]
    assert written["ids/b"] == [{"id": f"j{i}", "cluster": f"p{i % 2}"} for i in range(3)]
    assert written["ids/c"] == [
        {"id": str(i), "cluster": cluster} for i, cluster in enumerate(("r1", "r1", "r2"))
    ]
    assert written["refs/c_long"] == [{"id": "r1", "text": "ก ข"}, {"id": "r2", "text": "ค"}]
    assert written["ids/c_long"] == [{"id": r, "cluster": r} for r in ("r1", "r2")]
    assert not [r for r in fake_hub.requests if "train" in r.path]


def test_a_parquet_field_the_file_lacks_names_the_files_fields(fake_hub, hub_client, tmp_path):
    fake_hub.add(
        "org/p",
        "data/test-0.parquet",
        _parquet({"utt": ["a", "b"], "txt": ["x", "y"], "spk": ["1", "2"]}),
    )
    sources = _card(
        tmp_path,
        """[sources.p]
repo = "org/p"
revision = "main"
files = "data/test-*.parquet"
format = "parquet"
id = "utt"
text = "text"
cluster = "spk"
cleaning = "as published"
""",
    )
    with pytest.raises(ScoringError) as error:
        make_refs(tmp_path / "refs", sources, ids_dir=None, hub=hub_client)
    assert str(error.value) == (
        f'{tmp_path / "card.toml"}:7: [sources.p] text = "text": '
        "data/test-0.parquet has no field 'text' (its fields: utt, "
        "txt, spk); did you mean 'txt'?"
    )


@pytest.mark.parametrize(
    ("rule", "value", "expected"),
    [
        ('{ rule = "file_name", field = "v" }', "clips/a/b_c.wav", "b_c.wav"),
        ('{ rule = "recording", field = "v" }', "0-685-9", "0-685"),
        ('{ rule = "prefix", field = "v", length = 11 }', "abcdefghijk_000012", "abcdefghijk"),
        (
            '{ rule = "part", field = "v", separator = ";", index = 2 }',
            "o;is;x_061;gen;1.wav",
            "x_061",
        ),
        (
            '{ rule = "pattern", field = "v", pattern = \'([^/_]+)_[^/]*$\' }',
            "chunks/M01_T0001_jbl.wav",
            "M01",
        ),
        ('"v"', "as it is", "as it is"),
    ],
)
def test_each_cluster_rule(tmp_path, rule, value, expected):
    sources = _card(
        tmp_path,
        f"""[sources.s]
repo = "o/s"
revision = "main"
files = "t.tsv"
format = "tsv"
id = "v"
text = "v"
cluster = {rule}
cleaning = "as published"
""",
    )
    assert sources.sets["s"].cluster.value({"v": value}, 7) == expected


def test_the_row_index_rule_counts_every_row_before_the_filter(fake_hub, hub_client, tmp_path):
    fake_hub.add("o/s", "t.tsv", b"a\tx\tk\nb\ty\tskip\nc\tz\tk\n")
    sources = _card(
        tmp_path,
        """[sources.s]
repo = "o/s"
revision = "main"
files = "t.tsv"
format = "tsv"
columns = ["spk", "text", "keep"]
id = { rule = "row_index" }
text = "text"
cluster = "spk"
filter = { keep = "K" }
cleaning = "as published"
""",
    )
    make_refs(tmp_path / "refs", sources, ids_dir=None, hub=hub_client)
    assert read_jsonl(tmp_path / "refs/s.jsonl") == [
        {"id": "0", "text": "x"},
        {"id": "2", "text": "z"},
    ]


DATA_PAGE, MAKE_REFS = (
    REPO_ROOT / "docs" / "data.md",
    "`make-refs`: the references, from the public datasets",
)


def the_pages_declarations() -> str:
    """The Common Voice set and the joined long set that docs/data.md shows."""
    return next(block.text for block in blocks(DATA_PAGE, "toml") if block.heading == MAKE_REFS)


def test_the_docs_declarations_are_ones_make_refs_reads(tmp_path):
    """docs/data.md shows a Common Voice set and a joined long set: both read as written."""
    sources = _card(tmp_path, the_pages_declarations().replace('join = "gs2"', 'join = "cv"'))
    assert sources.names == ("cv", "gs2_long")
    assert sources.sets["cv"].repo == fixtures.CV_REPO
    assert sources.sets["cv"].files == (fixtures.CV_TSV,)


def test_the_docs_new_set_command_writes_its_ids_and_references(project, capsys):
    """The page's `make-refs --sets cv --ids`, as printed, in a project whose card.toml holds
    the page's declarations (the joined set made of Common Voice's, so that the card is one
    the fake hub serves): the set's ids and references are written."""
    (project / "card.toml").write_text(
        the_pages_declarations().replace('join = "gs2"', 'join = "cv"'), encoding="utf-8"
    )
    [command] = [
        line
        for block in blocks(DATA_PAGE, "bash")
        if block.heading == MAKE_REFS
        for line in command_lines(block.text)
        if "--ids" in line
    ]
    assert main(scoring_argv(command)) == 0, capsys.readouterr()
    ids = read_jsonl(project / "ids" / "cv.jsonl")
    assert ids and [r["id"] for r in read_jsonl(project / "refs" / "cv.jsonl")] == [
        r["id"] for r in ids
    ]


@pytest.mark.parametrize("data_format", ["tsv", "parquet"])
def test_the_declared_revision_is_the_one_read(fake_hub, hub_client, tmp_path, data_format):
    """A tag or a commit pins the dataset: every file is asked for at that revision (a glob's
    listing too), never at main."""
    if data_format == "tsv":
        fake_hub.add("org/pinned", "data/test.tsv", b"a\tx\nb\ty\n")
    else:
        fake_hub.add(
            "org/pinned", "data/test-0.parquet", _parquet({"spk": ["a", "b"], "text": ["x", "y"]})
        )
    columns = 'columns = ["spk", "text"]\n' if data_format == "tsv" else ""
    sources = _card(
        tmp_path,
        f"""[sources.s]
repo = "org/pinned"
revision = "v2.0"
files = "data/test*.{data_format}"
format = "{data_format}"
{columns}id = {{ rule = "row_index" }}
text = "text"
cluster = "spk"
cleaning = "as published"
""",
    )
    make_refs(tmp_path / "refs", sources, ids_dir=None, hub=hub_client)
    assert read_jsonl(tmp_path / "refs/s.jsonl") == [
        {"id": "0", "text": "x"},
        {"id": "1", "text": "y"},
    ]
    asked = [r for r in fake_hub.requests if r.repo == "org/pinned"]
    files = [r for r in asked if r.revision is not None]
    assert files and {r.revision for r in files} == {"v2.0"}
    assert any("/tree/v2.0" in r.path for r in asked)  # the listing of the glob
    assert not any("/main" in r.path for r in asked)
