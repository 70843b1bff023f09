"""fetch, then make-refs, then the real card: the README's path, walked against the fake hub."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from conftest import REPO_ROOT
from scoring.card import compute_card, load_card_spec
from scoring.cli import main
from scoring.data.fetch import DEFAULT_REPO, fetch_card_data
from scoring.data.sources import load_sources
from scoring.errors import ScoringError
from tests.docs import bash_block, blocks, command_lines, scoring_argv

from . import fixtures
from .fake_hub import GOOD_TOKEN

EXPECTED = {
    "fleurs": fixtures.FLEURS_EXPECTED,
    "gs2": fixtures.GS2_EXPECTED,
    "gs2_long": fixtures.GS2_LONG_EXPECTED,
    "tvspeech": fixtures.TV_EXPECTED,
    "tv_long": fixtures.TV_LONG_EXPECTED,
    "isan": fixtures.ISAN_EXPECTED,
    **fixtures.LOTUS_EXPECTED,
}
ALL_SETS = load_sources(REPO_ROOT / "card.toml").names
MODEL_CARD = "---\nlicense: apache-2.0\n---\n# OpenThai2.0-ASR-Streaming\n"


def _jsonl(records) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()


def publish_model_repo(hub, folder: str = "benchmark") -> None:
    """The model repository: ids and every hypothesis file the root card.toml expects."""
    spec = load_card_spec(REPO_ROOT)
    for set_name, refs in EXPECTED.items():
        hub.add(
            DEFAULT_REPO,
            f"{folder}/ids/{set_name}.jsonl",
            _jsonl({"id": r["id"], "cluster": r["id"][:4]} for r in refs),
            repo_type="model",
        )
    for name, (_latency, set_name, _column) in spec.expected_hypotheses().items():
        # Each system drops the last character of every clip: a small, known CER.
        hub.add(
            DEFAULT_REPO,
            f"{folder}/hypotheses/{name}",
            _jsonl({"id": r["id"], "pred_text": r["text"][:-1]} for r in EXPECTED[set_name]),
            repo_type="model",
        )
    hub.add(DEFAULT_REPO, "README.md", MODEL_CARD.encode(), repo_type="model")
    hub.add(DEFAULT_REPO, "model.safetensors", b"\0" * 1000, repo_type="model")


@pytest.fixture
def model_repo(fake_hub):
    publish_model_repo(fake_hub)
    return fake_hub


def test_fetch_writes_ids_hypotheses_and_the_card(model_repo, hub_client, tmp_path):
    fetched = fetch_card_data(hub_client, tmp_path)
    spec = load_card_spec(REPO_ROOT)
    assert fetched.counts == {"ids": 11, "hypotheses": len(spec.expected_hypotheses()), "card": 1}
    assert fetched.commit == model_repo.repos[f"model:{DEFAULT_REPO}"].commit
    assert sorted(p.name for p in (tmp_path / "ids").iterdir()) == sorted(
        f"{s}.jsonl" for s in ALL_SETS
    )
    assert (tmp_path / "model_card/README.md").read_text(encoding="utf-8") == MODEL_CARD
    # Only what was asked for crossed the wire: never the weights.
    assert not any("safetensors" in r.path for r in model_repo.requests)


REPRODUCER = "Reproducer: scoring your own system"  # the README's heading
DATA_PAGE = REPO_ROOT / "docs" / "data.md"
MAKE_REFS = "`make-refs`: the references, from the public datasets"  # its headings
JOIN_AUDIO = "`join-audio`: the long recordings"


def what_the_user_brings(argv: list[str], root) -> None:
    """What a reproducer has before a command, which no command of ours makes: the clips of
    a set as audio (16 kHz mono, as the datasets give them), and their system's decode."""
    import wave

    from conftest import write_jsonl

    def clip(path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(16000)
            out.writeframes(b"\1\0" * 160)

    if argv[0] == "join-audio" and "--ids" in argv:
        ids = root / argv[argv.index("--ids") + 1]
        for line in ids.read_text(encoding="utf-8").splitlines():
            clip(root / argv[argv.index("--clips") + 1] / f"{json.loads(line)['id']}.wav")
    elif argv[0] == "join-audio":  # an ordered list, here of GigaSpeech2's recordings
        listing = root / argv[argv.index("--list") + 1]
        rows = [
            json.loads(line)
            for line in (root / "ids" / "gs2.jsonl").read_text(encoding="utf-8").splitlines()
        ]
        for row in rows:
            clip(root / "clips" / "gs2" / f"{row['id']}.wav")
        listing.write_text(
            "".join(f"{row['cluster']}\tclips/gs2/{row['id']}.wav\n" for row in rows),
            encoding="utf-8",
        )
    elif argv[0] == "score":  # "my-system": the references less their last character
        refs = [
            json.loads(line) for line in (root / argv[1]).read_text(encoding="utf-8").splitlines()
        ]
        for name in argv[2:]:
            if name.endswith(".jsonl") and not (root / name).exists():
                write_jsonl(
                    root / name, [{"id": r["id"], "pred_text": r["text"][:-1]} for r in refs]
                )


def test_the_reproducers_path_as_printed(model_repo, tmp_path, monkeypatch, capsys):
    """The README's reproducer block, then docs/data.md's make-refs and join-audio commands,
    each as printed, in a fresh project root against the fake hub: fetch, make-refs, the
    long recordings joined, their own system scored against the card's, the card itself."""
    root = tmp_path / "project"
    root.mkdir()
    shutil.copy2(REPO_ROOT / "card.toml", root / "card.toml")
    monkeypatch.chdir(root)
    # The commands use the hub's own cache: a private one here, never the user's.
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "hub-cache"))
    monkeypatch.setenv("HF_TOKEN", GOOD_TOKEN)  # GigaSpeech2 is gated
    monkeypatch.delenv("HF_HUB_DISABLE_IMPLICIT_TOKEN", raising=False)
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_DISABLE_IMPLICIT_TOKEN", False)
    commands = command_lines(bash_block(REPO_ROOT / "README.md", REPRODUCER))
    # (The page's new Common Voice set is test_source_declarations.py's: it needs its own
    # card.toml.)
    commands += [
        line
        for block in blocks(DATA_PAGE, "bash")
        if block.heading in (MAKE_REFS, JOIN_AUDIO)
        for line in command_lines(block.text)
        if "--sets cv" not in line
    ]
    said = {}
    for command in commands:
        argv = scoring_argv(command)
        assert argv is not None, command
        what_the_user_brings(argv, root)
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 0, (command, out[-2000:], err[-2000:])
        said.setdefault(argv[0], []).append(out)
    assert "11 ids files" in said["fetch"][0]
    assert sorted(p.name for p in (root / "refs").glob("*.jsonl")) == sorted(
        f"{s}.jsonl" for s in ALL_SETS
    )
    videos = {
        json.loads(line)["cluster"]
        for line in (root / "ids" / "tvspeech.jsonl").read_text(encoding="utf-8").splitlines()
    }
    assert sorted(p.stem for p in (root / "long_audio" / "tv_long").glob("*.wav")) == sorted(videos)
    assert any((root / "long_audio" / "gs2_long").glob("*.wav"))
    [scored] = said["score"]
    assert "A - B" in scored and "CI" in scored, scored
    [card] = said["card"]
    assert "| FLEURS |" in card, card
    result = compute_card(load_card_spec(root), progress=False, cache=False)
    assert all(0 < value < 1 for name, value in result.figures().items() if name.startswith("cer/"))


def test_fetch_retries_a_cut_off_download(model_repo, hub_client, tmp_path):
    model_repo.cut_connection("benchmark/ids/isan.jsonl", after_bytes=10, times=1)
    counts = fetch_card_data(hub_client, tmp_path)
    assert counts.counts["ids"] == 11
    assert (tmp_path / "ids/isan.jsonl").read_bytes().count(b"\n") == len(fixtures.ISAN_EXPECTED)


def test_fetch_offline_reads_the_hub_cache(model_repo, tmp_path):
    from scoring.data.hub import Hub

    cache = tmp_path / "hub-cache"
    fetch_card_data(Hub(cache_dir=cache, retry_delay=0, progress=False), tmp_path / "first")
    before = len(model_repo.requests)
    counts = fetch_card_data(
        Hub(cache_dir=cache, offline=True, progress=False), tmp_path / "second"
    )
    assert counts.counts["ids"] == 11 and len(model_repo.requests) == before
    assert (tmp_path / "first/ids/isan.jsonl").read_bytes() == (
        tmp_path / "second/ids/isan.jsonl"
    ).read_bytes()


def test_fetch_offline_with_an_empty_cache_is_one_line(model_repo, tmp_path):
    from scoring.data.hub import Hub

    with pytest.raises(ScoringError, match="is not in the hub cache"):
        fetch_card_data(Hub(cache_dir=tmp_path / "empty", offline=True, progress=False), tmp_path)


@pytest.mark.parametrize("command", ["fetch", "make-refs"])
def test_hf_hub_offline_in_the_environment_is_named_at_once(
    model_repo, tmp_path, monkeypatch, capsys, command
):
    """HF_HUB_OFFLINE=1 left in a shell: huggingface_hub refuses every request. One line that
    names the variable, not network advice after retries that could never succeed."""
    from scoring.data import hub

    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_OFFLINE", True)  # read at import
    # An empty hub cache: from a filled one, huggingface_hub serves the files offline.
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "hub-cache"))
    sleeps = []
    monkeypatch.setattr(hub.time, "sleep", sleeps.append)
    out = tmp_path / ("refs" if command == "make-refs" else "benchmark")
    code = main(
        [command, "--out", str(out)] + (["--sets", "fleurs"] if command == "make-refs" else [])
    )
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert "HF_HUB_OFFLINE is set" in err and "network" not in err, err
    assert sleeps == [] and model_repo.requests == []


def test_a_wrong_benchmark_folder_says_which(model_repo, hub_client, tmp_path):
    with pytest.raises(
        ScoringError,
        match=r"has no eval/ids/ and eval/hypotheses/ at "
        r"revision main .*pass --path FOLDER",
    ):
        fetch_card_data(hub_client, tmp_path, folder="eval")
    assert not (tmp_path / "ids").exists()


# ------------------------------------------------------------ fetch mirrors the repository


def test_a_file_gone_upstream_is_removed_and_reported(model_repo, tmp_path, monkeypatch, capsys):
    """After fetch, ids/, hypotheses/ and model_card/ hold exactly the revision's files."""
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "hub-cache"))
    out = tmp_path / "project"
    assert main(["fetch", "--out", str(out)]) == 0
    gone = sorted((out / "hypotheses").glob("*.jsonl"))[0].name
    model_repo.remove(DEFAULT_REPO, f"benchmark/hypotheses/{gone}", repo_type="model")
    capsys.readouterr()
    assert main(["fetch", "--out", str(out)]) == 0
    out_text = capsys.readouterr().out
    assert f"removed: hypotheses/{gone} (gone from {DEFAULT_REPO})" in out_text
    assert not (out / "hypotheses" / gone).exists()
    record = json.loads((out / ".fetched.json").read_text(encoding="utf-8"))
    commit = model_repo.repos[f"model:{DEFAULT_REPO}"].commit
    assert record["commit"] == commit and f"at {commit[:12]}" in out_text
    mirrored = {
        f"{kind}/{p.name}" for kind in ("ids", "hypotheses") for p in (out / kind).glob("*.jsonl")
    } | {"model_card/README.md"}
    assert set(record["files"]) == mirrored


def test_files_fetch_did_not_write_are_never_silently_replaced(
    model_repo, tmp_path, monkeypatch, capsys
):
    """A hand-placed or hand-edited file stops fetch in one line; --force mirrors anyway."""
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "hub-cache"))
    out = tmp_path / "project"
    assert main(["fetch", "--out", str(out)]) == 0
    mine = out / "hypotheses" / "my-system_560ms_fleurs.jsonl"
    mine.write_text('{"id": "x", "pred_text": "y"}\n', encoding="utf-8")
    edited = sorted((out / "ids").glob("*.jsonl"))[0]
    original = edited.read_bytes()
    edited.write_bytes(original + b"\n")
    capsys.readouterr()
    assert main(["fetch", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds 2 file(s) that fetch did not write" in err
    assert "--force" in err and mine.exists() and edited.read_bytes() == original + b"\n"
    assert main(["fetch", "--out", str(out), "--force"]) == 0
    assert not mine.exists() and edited.read_bytes() == original
    assert f"removed: hypotheses/{mine.name}" in capsys.readouterr().out


@pytest.mark.slow(seconds=3)
def test_ctrl_c_during_fetch_ends_in_one_line_and_writes_nothing(model_repo, tmp_path):
    """Ctrl-C to the process group while the hub client's download threads wait on a slow
    hub: `interrupted`, exit 130, at once; the project is left without a half-mirror."""
    from conftest import interrupt

    model_repo.delay = 0.5  # each file: half a second
    out = tmp_path / "project"
    out.mkdir()
    interrupt(["fetch", "--out", str(out)], 1.5, HF_HUB_CACHE=str(tmp_path / "hub-cache"))
    assert list(out.iterdir()) == []


@pytest.mark.parametrize("where", ["in the project", "elsewhere"])
def test_the_gate_after_a_local_card_edit_names_commands_that_exist(
    model_repo, hub_client, tmp_path, monkeypatch, where
):
    """A card marked or written here (adoption) stops the gate's fetch in one line, which
    names the way on (push first, then its merge) and the way back (fetch --force): both real
    commands, naming the project where the gate runs from another folder."""
    import shlex

    from scoring.cli import build_parser
    from scoring.gate import run_gate

    shutil.copy2(REPO_ROOT / "card.toml", tmp_path / "card.toml")  # the card's checkout
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path if where == "in the project" else tmp_path / "elsewhere")
    fetch_card_data(hub_client, tmp_path)
    card = tmp_path / "model_card" / "README.md"
    card.write_text(card.read_text(encoding="utf-8") + "\nmarked here\n", encoding="utf-8")
    with pytest.raises(ScoringError) as refused:
        run_gate(
            tmp_path, hub=hub_client, refs_cache=tmp_path / "refs-cache", say=lambda line: None
        )
    message = str(refused.value)
    assert message.startswith("gate step 1 (fetch): ") and "\n" not in message
    assert "model_card/README.md" in message and "pass --force" not in message
    commands = re.findall(r"`python -m scoring ([^`]+)`", message)
    root = "." if where == "in the project" else str(tmp_path)
    assert commands == [
        f"publish {root} --push",
        "fetch --force" if root == "." else f"fetch --out {root} --force",
    ]
    assert "opens its pull request (or finds it open), and once that is merged" in message
    for command in commands:
        build_parser().parse_args(shlex.split(command))  # exits 2 on an unknown option
    assert card.read_text(encoding="utf-8").endswith("marked here\n")


def test_diff_shows_the_card_here_against_the_hubs_as_fetched(
    model_repo, tmp_path, monkeypatch, capsys
):
    """`publish . --diff` reads the hub's card from the hub cache, at the fetched commit: the
    review of an adoption, where `git diff` sees nothing (model_card/ is not committed). A
    card that fetch did not mirror is one line."""
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "hub-cache"))
    root = tmp_path / "project"
    root.mkdir()
    shutil.copy2(REPO_ROOT / "card.toml", root / "card.toml")
    monkeypatch.chdir(root)
    assert main(["fetch"]) == 0
    card = root / "model_card" / "README.md"
    card.write_text(card.read_text(encoding="utf-8") + "\nA line added here.\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["publish", ".", "--diff"]) == 0
    out = capsys.readouterr().out
    assert "--- README.md (on the hub: iapp/OpenThai2.0-ASR-Streaming at " in out
    assert "+A line added here.\n" in out
    assert "`python -m scoring publish . --push` proposes the card" in out
    (root / ".fetched.json").unlink()
    assert main(["publish", ".", "--diff"]) == 0  # (nothing failed: nothing to compare with)
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("note: "), err
    assert "was not fetched from the hub" in err and "`git diff " not in err  # (no git here)
