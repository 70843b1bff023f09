"""make-refs end to end against the fake hub: the exact files it writes."""

from __future__ import annotations

import json

import pytest

from conftest import REPO_ROOT, write_jsonl
from scoring import score_files
from scoring.data import make_refs as make_refs_module
from scoring.data.sources import load_sources
from scoring.errors import ScoringError

from . import fixtures
from .fake_hub import GOOD_TOKEN

CARD = REPO_ROOT / "card.toml"
SOURCES = load_sources(CARD)  # the real card's eleven sets
ALL_SETS = SOURCES.names


def make_refs(out, sets=None, **options):
    """make-refs of the real card's sources."""
    return make_refs_module.make_refs(out, SOURCES, sets, **options)


def read_jsonl(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def with_token(monkeypatch):
    monkeypatch.setenv("HF_TOKEN", GOOD_TOKEN)
    monkeypatch.delenv("HF_HUB_DISABLE_IMPLICIT_TOKEN", raising=False)
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_DISABLE_IMPLICIT_TOKEN", False)


@pytest.fixture
def all_refs(fake_hub, hub_client, with_token, tmp_path):
    out = tmp_path / "refs"
    counts = make_refs(out, ids_dir=None, hub=hub_client, warn=lambda m: None).counts
    return out, counts


EXPECTED = {
    "fleurs": fixtures.FLEURS_EXPECTED,
    "gs2": fixtures.GS2_EXPECTED,
    "gs2_long": fixtures.GS2_LONG_EXPECTED,
    "tvspeech": fixtures.TV_EXPECTED,
    "tv_long": fixtures.TV_LONG_EXPECTED,
    "isan": fixtures.ISAN_EXPECTED,
    **fixtures.LOTUS_EXPECTED,
}


def test_every_parquet_read_stays_on_the_callers_thread(
    fake_hub, hub_client, with_token, tmp_path, monkeypatch
):
    """make-refs never starts Arrow's thread pool: its threads, alive at exit, once aborted
    `python -m scoring make-refs` (exit -6) after every reference was written."""
    import pyarrow.parquet as pq

    asked = []
    real = pq.ParquetFile.read
    monkeypatch.setattr(
        pq.ParquetFile,
        "read",
        lambda self, *args, **kwargs: (
            asked.append(kwargs.get("use_threads", True)) or real(self, *args, **kwargs)
        ),
    )
    make_refs(tmp_path / "refs", ids_dir=None, hub=hub_client, warn=lambda m: None)
    assert asked and not any(asked)


@pytest.mark.parametrize("set_name", ALL_SETS)
def test_each_set_gets_exactly_the_expected_references(all_refs, set_name):
    """Every adapter writes the hand-worked references of its fixture, line for line."""
    out, counts = all_refs
    assert read_jsonl(out / f"{set_name}.jsonl") == EXPECTED[set_name]
    assert counts[set_name] == len(EXPECTED[set_name])


def test_audio_column_is_never_transferred(all_refs, fake_hub):
    """Every byte range read from a parquet file misses the audio column chunks."""
    import io

    import pyarrow.parquet as pq

    for repo, files in fake_hub.repos.items():
        for path, data in files.files.items():
            if not path.endswith(".parquet") or data.startswith(b"never"):
                continue
            meta = pq.ParquetFile(io.BytesIO(data)).metadata
            audio = []
            for g in range(meta.num_row_groups):
                for c in range(meta.num_columns):
                    column = meta.row_group(g).column(c)
                    if column.path_in_schema == "audio.bytes":
                        start = column.dictionary_page_offset or column.data_page_offset
                        audio.append((start, start + column.total_compressed_size))
            reads = [
                r
                for r in fake_hub.requests
                if r.repo == repo and r.path == path and r.method == "GET"
            ]
            assert reads, f"{path} was never read"
            assert all(r.byte_range is not None for r in reads), "a whole parquet file was fetched"
            for r in reads:
                for lo, hi in audio:
                    assert r.byte_range[1] <= lo or r.byte_range[0] >= hi, (path, r.byte_range)
            transferred = sum(r.byte_range[1] - r.byte_range[0] for r in reads)
            assert transferred < fixtures.AUDIO_BYTES, transferred


def test_train_split_is_not_read(all_refs, fake_hub):
    """Only test files are touched."""
    assert not [r for r in fake_hub.requests if "train" in r.path]


@pytest.mark.parametrize("set_name", ALL_SETS)
def test_scorer_scores_the_rebuilt_references(all_refs, tmp_path, set_name):
    """make-refs output feeds `score` directly: a copy of the references scores 0."""
    out, _ = all_refs
    refs = read_jsonl(out / f"{set_name}.jsonl")
    write_jsonl(
        tmp_path / f"ids/{set_name}.jsonl",
        [{"id": r["id"], "cluster": str(k % 2)} for k, r in enumerate(refs)],
    )
    write_jsonl(
        tmp_path / "hyp.jsonl",
        [{"id": r["id"], "pred_text": " " + r["text"]} for r in reversed(refs)],
    )
    _, (stats,) = score_files(
        out / f"{set_name}.jsonl", [tmp_path / "hyp.jsonl"], tmp_path / f"ids/{set_name}.jsonl"
    )
    assert stats.total_edits == 0 and stats.total_ref_chars > 0


def test_gated_dataset_without_login_is_one_line(fake_hub, hub_client, tmp_path):
    """An anonymous request to GigaSpeech2 says to accept the terms and log in."""
    with pytest.raises(ScoringError) as error:
        make_refs(tmp_path / "refs", ["gs2"], ids_dir=None, hub=hub_client)
    message = str(error.value)
    assert message.startswith("speechcolab/gigaspeech2: is gated")
    assert "accept its terms" in message and "log in" in message and "\n" not in message
    assert not (tmp_path / "refs").exists()


def test_token_is_never_printed(fake_hub, hub_client, tmp_path, monkeypatch, capsys):
    """With a wrong token set, the error names the dataset but not the token."""
    monkeypatch.setenv("HF_TOKEN", "hf_secret_wrong_token")
    monkeypatch.delenv("HF_HUB_DISABLE_IMPLICIT_TOKEN", raising=False)
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_DISABLE_IMPLICIT_TOKEN", False)
    with pytest.raises(ScoringError) as error:
        make_refs(tmp_path / "refs", ["gs2"], ids_dir=None, hub=hub_client)
    out, err = capsys.readouterr()
    assert "hf_secret_wrong_token" not in str(error.value) + out + err


@pytest.fixture
def no_sleep(monkeypatch):
    """huggingface_hub waits a second before resuming a download; tests need not."""
    import huggingface_hub.file_download as file_download

    monkeypatch.setattr(file_download.time, "sleep", lambda seconds: None)


def test_connection_dropped_mid_file_is_retried(fake_hub, hub_client, tmp_path, no_sleep):
    """A TSV cut off once is fetched again and the references are complete."""
    fake_hub.cut_connection("data/th_th/test.tsv", after_bytes=40, times=1)
    make_refs(tmp_path / "refs", ["fleurs"], ids_dir=None, hub=hub_client)
    assert read_jsonl(tmp_path / "refs/fleurs.jsonl") == fixtures.FLEURS_EXPECTED
    gets = [r for r in fake_hub.requests if r.path == "data/th_th/test.tsv" and r.method == "GET"]
    assert len(gets) >= 2  # the first was cut off


def test_connection_dropped_every_time_fails_cleanly(fake_hub, hub_client, tmp_path, no_sleep):
    """A file that never arrives whole gives one line and writes nothing."""
    (tmp_path / "refs").mkdir()
    (tmp_path / "refs/fleurs.jsonl").write_text("previous\n", encoding="utf-8")
    fake_hub.cut_connection("data/th_th/test.tsv", after_bytes=0, times=1000)
    with pytest.raises(ScoringError) as error:
        make_refs(tmp_path / "refs", ["fleurs"], ids_dir=None, hub=hub_client)
    assert str(error.value).startswith("google/fleurs: ")
    assert (tmp_path / "refs/fleurs.jsonl").read_text(encoding="utf-8") == "previous\n"
    assert sorted(p.name for p in (tmp_path / "refs").iterdir()) == ["fleurs.jsonl"]


def test_ids_missing_from_the_dataset_are_an_error(fake_hub, hub_client, tmp_path):
    """An id the dataset does not give is reported by count, with examples."""
    write_jsonl(
        tmp_path / "ids/fleurs.jsonl",
        [{"id": "10012345.wav", "cluster": "a"}, {"id": "nope.wav", "cluster": "b"}],
    )
    with pytest.raises(ScoringError) as error:
        make_refs(tmp_path / "refs", ["fleurs"], ids_dir=tmp_path / "ids", hub=hub_client)
    message = str(error.value)
    line = next(
        n
        for n, text in enumerate(CARD.read_text().splitlines(), start=1)
        if text == 'id = "file_name"'
    )
    assert message.startswith(f'{CARD}:{line}: [sources.fleurs] id = "file_name": ')
    assert "1 of the 2 ids in" in message and "are not in the source ('nope.wav')" in message


def test_extra_dataset_rows_are_reported_and_left_out(fake_hub, hub_client, tmp_path):
    """Rows not in the ids file are counted in a warning and not written."""
    write_jsonl(
        tmp_path / "ids/fleurs.jsonl",
        [{"id": "10020001.wav", "cluster": "a"}, {"id": "10012345.wav", "cluster": "b"}],
    )
    warnings = []
    make_refs(
        tmp_path / "refs",
        ["fleurs"],
        ids_dir=tmp_path / "ids",
        hub=hub_client,
        warn=warnings.append,
    )
    assert [r["id"] for r in read_jsonl(tmp_path / "refs/fleurs.jsonl")] == [
        "10020001.wav",
        "10012345.wav",
    ]
    assert len(warnings) == 1 and "2 dataset rows are not in" in warnings[0]


def test_unexpected_lotus_mic_values_are_named(fake_hub, hub_client, tmp_path):
    """An unconfirmed detail that differs fails with what was found."""
    fake_hub.add(
        "nectec/LOTUSDIS",
        "data/test-00001-of-00002.parquet",
        fixtures.lotus_parquet([("M09_T0009", "ทดสอบ")]).replace(b"bt10m", b"bt99m"),
    )
    with pytest.raises(ScoringError) as error:
        make_refs(tmp_path / "refs", ["lotus_jbl"], ids_dir=None, hub=hub_client)
    assert "mic values found that expect does not list: ['bt99m']" in str(error.value)


def test_missing_tvspeech_test_file_lists_what_was_found(fake_hub, hub_client, tmp_path):
    """If the TVSpeech test parquet is not where expected, the message lists what is."""
    del fake_hub.repos["typhoon-ai/TVSpeech"].files["data/test-00000-of-00001.parquet"]
    with pytest.raises(ScoringError) as error:
        make_refs(tmp_path / "refs", ["tvspeech"], ids_dir=None, hub=hub_client)
    assert "parquet files found: ['data/train-00000-of-00009.parquet']" in str(error.value)


def test_offline_uses_only_the_hub_cache(fake_hub, hub_client, tmp_path):
    """After one online run, --offline rebuilds the TSV sets with no request at all."""
    make_refs(tmp_path / "refs", ["fleurs"], ids_dir=None, hub=hub_client)
    from scoring.data.hub import Hub

    offline = Hub(offline=True, cache_dir=hub_client.cache_dir, retry_delay=0.0)
    before = len(fake_hub.requests)
    make_refs(tmp_path / "again", ["fleurs"], ids_dir=None, hub=offline)
    assert len(fake_hub.requests) == before
    assert read_jsonl(tmp_path / "again/fleurs.jsonl") == fixtures.FLEURS_EXPECTED


def test_offline_without_cache_says_so(tmp_path):
    """--offline with an empty cache is one line, not a traceback."""
    from scoring.data.hub import Hub

    with pytest.raises(ScoringError, match="is not in the hub cache"):
        make_refs(
            tmp_path / "refs",
            ["isan"],
            ids_dir=None,
            hub=Hub(offline=True, cache_dir=tmp_path / "empty"),
        )


def test_cli_gated_dataset_is_one_line_exit_2(fake_hub, tmp_path, capsys, monkeypatch):
    """`scoring make-refs` on a gated dataset: one stderr line, exit 2."""
    from scoring.cli import main

    # The hub client read its cache's place at import: the constant itself, not the variable.
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "cache"))
    code = main(
        [
            "make-refs",
            "--card",
            str(CARD),
            "--out",
            str(tmp_path / "refs"),
            "--sets",
            "gs2",
            "--ids-dir",
            str(tmp_path / "no-ids"),
        ]
    )
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: speechcolab/gigaspeech2: is gated")


def test_cli_unknown_set_is_one_line(tmp_path, capsys):
    """A set name that is not one of the eleven is refused before any download."""
    from scoring.cli import main

    code = main(["make-refs", "--card", str(CARD), "--out", str(tmp_path), "--sets", "librispeech"])
    assert code == 2 and "unknown set 'librispeech'" in capsys.readouterr().err


def test_parquet_read_cut_off_is_retried(fake_hub, hub_client, tmp_path, no_sleep):
    """A byte-range read of a parquet file that is cut off is tried again."""
    fake_hub.cut_connection("data/test-00000-of-00001.parquet", after_bytes=0, times=2)
    make_refs(tmp_path / "refs", ["isan"], ids_dir=None, hub=hub_client)
    assert read_jsonl(tmp_path / "refs/isan.jsonl") == fixtures.ISAN_EXPECTED


def test_an_unreachable_hub_says_so_not_offline_advice(tmp_path, monkeypatch):
    """A closed port on 127.0.0.1: one line, at once, naming the file, the endpoint and the
    error (the client's back-off would print a "Retrying" line for half a minute)."""
    from scoring.data.hub import Hub

    from .fake_hub import FakeHub

    hub = FakeHub()  # never started: its port is bound, then closed
    url = hub.url
    hub.server.server_close()
    monkeypatch.setenv("HF_ENDPOINT", url)
    monkeypatch.setenv("HF_HUB_DISABLE_IMPLICIT_TOKEN", "1")
    sleeps = []
    monkeypatch.setattr("huggingface_hub.utils._http.time.sleep", sleeps.append)  # no waiting
    client = Hub(cache_dir=tmp_path / "cache", retry_delay=0.0, progress=False)
    with pytest.raises(ScoringError) as caught:
        make_refs(tmp_path / "refs", ["fleurs"], ids_dir=None, hub=client, warn=lambda m: None)
    message = str(caught.value)
    assert message.startswith("google/fleurs data/th_th/test.tsv: ")  # the file it needed
    assert f"the hub at {url} cannot be reached (ConnectError: " in message
    assert "Connection refused" in message and "without --offline" not in message
    assert sleeps == []  # at once: no back-off, no "Retrying" lines
    assert not (tmp_path / "refs").exists()


def test_a_misspelt_set_gets_a_did_you_mean(tmp_path, capsys):
    from scoring.cli import main

    assert (
        main(
            ["make-refs", "--card", str(CARD), "--out", str(tmp_path / "refs"), "--sets", "flerus"]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown set 'flerus'; did you mean 'fleurs'?" in err
