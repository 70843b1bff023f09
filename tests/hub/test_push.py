"""`publish --push` and the gate's hub-card step, in process, against the fake hub.

What the hub receives is read back from the fake hub's log of commits: the
files and their content, whether a pull request was asked for, and that
nothing else was uploaded.
"""

from __future__ import annotations

import shutil

import pytest

from conftest import REPO_ROOT, run_cli
from scoring.card import compute_card, load_card_spec
from scoring.card.publish import published_card, read_card_file
from scoring.data.fetch import fetch_card_data
from scoring.data.hub import Hub
from scoring.data.push import push_card as push_files
from scoring.gate import check_hub_card
from tests.copies import copy_demo

from .fake_hub import GOOD_TOKEN, READ_ONLY_TOKEN
from .test_fetch import DEFAULT_REPO, publish_model_repo

DEMO = REPO_ROOT / "examples" / "demo"
EVAL = ".eval_results/cer.yaml"


def push_card(card, **kwargs):
    """What `publish --push` sends: the files the card side builds, and its change lines."""
    return push_files(card.files_for_the_hub(), card.changes(), **kwargs)


@pytest.fixture
def demo_card(tmp_path):
    """The demo card, a copy to edit: the card the data give, with one number off."""
    root = tmp_path / "demo"
    copy_demo(root)
    card = root / "README.md"
    text = card.read_text(encoding="utf-8")  # and .eval_results/cer.yaml, as the data give it
    value = next(line.split("value: ")[1] for line in text.splitlines() if "value: " in line)
    card.write_text(text.replace(f"value: {value}", "value: 99.99", 1), encoding="utf-8")
    return root, text  # the edited card's folder, and the card the data give


@pytest.fixture
def writer(fake_hub, monkeypatch, tmp_path):
    """The model repository on the fake hub, and a token that may write to it."""
    publish_model_repo(fake_hub)
    monkeypatch.setenv("HF_TOKEN", GOOD_TOKEN)
    return fake_hub


@pytest.fixture(scope="module")
def demo_result():
    """The demo card's figures, once: the tests below change its card file, not its data."""
    return compute_card(load_card_spec(DEMO), progress=False)


@pytest.fixture
def published(demo_result):
    def the_card_of(root):
        return published_card(demo_result, read_card_file(root / "README.md", demo_result.spec))

    return the_card_of


def hub():
    return Hub(retry_delay=0.0, progress=False)


def test_push_opens_a_pull_request_with_the_card_the_data_give_and_nothing_else(
    writer, demo_card, published
):
    root, truth = demo_card
    pushed = push_card(published(root), repo_id=DEFAULT_REPO, hub=hub(), signature="sig")
    [commit] = writer.commits
    assert commit.create_pr and commit.pr_number == 1 and commit.revision == "main"
    assert commit.files == {"README.md": truth.encode(), EVAL: (DEMO / EVAL).read_bytes()}
    assert commit.deleted == []
    assert pushed.url == f"{writer.url}/{DEFAULT_REPO}/discussions/1"
    assert "figure " in commit.description and "says 99.99" in commit.description
    assert "`sig`" in commit.description
    # main keeps its card until the pull request is merged
    assert writer.repos[f"model:{DEFAULT_REPO}"].files["README.md"] != truth.encode()
    writer.merge(1)
    assert writer.repos[f"model:{DEFAULT_REPO}"].files["README.md"] == truth.encode()


def test_push_twice_finds_its_pull_request_open_and_opens_no_second(writer, demo_card, published):
    root, _ = demo_card
    card = published(root)
    first = push_card(card, repo_id=DEFAULT_REPO, hub=hub(), signature="sig")
    second = push_card(card, repo_id=DEFAULT_REPO, hub=hub(), signature="sig")
    assert second.already_open and second.url == first.url and len(writer.commits) == 1


def test_no_pr_commits_to_main(writer, demo_card, monkeypatch, capsys):
    root, truth = demo_card
    monkeypatch.chdir(root)
    code, out, err = run_cli(capsys, "publish", ".", "--push", "--repo", DEFAULT_REPO, "--no-pr")
    assert code == 0, err
    [commit] = writer.commits
    assert not commit.create_pr and commit.pr_number is None
    assert writer.repos[f"model:{DEFAULT_REPO}"].files["README.md"] == truth.encode()
    assert out.startswith(f"committed to {DEFAULT_REPO} main ({EVAL}, README.md): {writer.url}/")


def test_a_card_the_hub_already_holds_pushes_nothing(writer, demo_card, capsys, monkeypatch):
    root, truth = demo_card
    writer.add(DEFAULT_REPO, "README.md", truth.encode(), repo_type="model")
    writer.add(DEFAULT_REPO, EVAL, (DEMO / EVAL).read_bytes(), repo_type="model")
    monkeypatch.chdir(root)
    code, out, _ = run_cli(capsys, "publish", ".", "--push", "--repo", DEFAULT_REPO)
    assert code == 0 and writer.commits == []
    assert "the card on the hub is already what the data give; nothing pushed" in out


def test_eval_results_beside_the_card_go_too(writer, demo_card, published):
    root, _ = demo_card
    (root / ".eval_results" / "extra.yaml").write_text("- dataset: {id: google/fleurs}\n")
    (root / ".eval_results" / "notes.txt").write_text("not a results file\n")
    card = published(root)
    pushed = [EVAL, ".eval_results/extra.yaml", "README.md"]
    assert sorted(card.files_for_the_hub()) == pushed
    push_card(card, repo_id=DEFAULT_REPO, hub=hub(), signature="sig")
    assert sorted(writer.commits[0].files) == pushed


@pytest.mark.parametrize(
    "token, says",
    [
        (None, "HF_TOKEN: is not set: --push commits to"),
        (READ_ONLY_TOKEN, "refused the commit (403): the token in HF_TOKEN has no write access"),
        ("hf_not_a_token", "refused the commit (401)"),
    ],
)
def test_a_missing_or_weak_token_is_one_line(writer, demo_card, monkeypatch, capsys, token, says):
    root, _ = demo_card
    if token is None:
        monkeypatch.delenv("HF_TOKEN")
    else:
        monkeypatch.setenv("HF_TOKEN", token)
    monkeypatch.chdir(root)
    code, out, err = run_cli(capsys, "publish", ".", "--push", "--repo", DEFAULT_REPO)
    assert code == 2 and out == "" and err.count("\n") == 1 and says in err, err
    assert writer.commits == [] and GOOD_TOKEN not in err and (token or "hf_") not in err


@pytest.mark.parametrize(
    "args, says",
    [
        (["--push"], '[publish] repo = "owner/name" is not set and --repo was not given'),
        (["--push", "--repo", "no-owner"], "--repo: must name a model repository as owner/name"),
        (["--check", "--no-pr"], "--no-pr: goes with --push only"),
        (["--write", "--repo", "a/b"], "--repo: goes with --push only"),
    ],
)
def test_push_arguments_are_checked_before_any_work(
    writer, demo_card, monkeypatch, capsys, args, says
):
    root, _ = demo_card
    monkeypatch.chdir(root)
    monkeypatch.setattr(
        "scoring.cli.compute_card",
        lambda *a, **k: pytest.fail("computed before checking the arguments"),
    )
    code, _, err = run_cli(capsys, "publish", ".", *args)
    assert code == 2 and err.count("\n") == 1 and says in err, err
    assert writer.commits == []


def test_the_real_card_names_its_repository(fake_hub):
    assert load_card_spec(REPO_ROOT).publish_repo == DEFAULT_REPO


# ------------------------------------------------------------- the gate's step 4


@pytest.fixture
def fetched_demo(writer, tmp_path, demo_card):
    """A demo project fetched from a model repository of its own, whose card (one number
    off) is therefore the hub's; its card.toml names that repository."""
    source, truth = demo_card
    repo_id = "demo-owner/demo-model"
    for kind in ("ids", "hypotheses"):
        for path in sorted((source / kind).glob("*.jsonl")):
            writer.add(
                repo_id, f"benchmark/{kind}/{path.name}", path.read_bytes(), repo_type="model"
            )
    writer.add(repo_id, "README.md", (source / "README.md").read_bytes(), repo_type="model")
    writer.add(repo_id, EVAL, (source / EVAL).read_bytes(), repo_type="model")
    root = tmp_path / "fetched"
    root.mkdir()
    shutil.copy2(source / "card.toml", root / "card.toml")
    shutil.copytree(source / "refs", root / "refs")
    fetched = fetch_card_data(hub(), root, repo_id=repo_id)
    spec_file = root / "card.toml"
    spec_file.write_text(
        spec_file.read_text(encoding="utf-8").replace(
            'file = "README.md"', f'file = "model_card/README.md"\nrepo = "{repo_id}"'
        ),
        encoding="utf-8",
    )
    return root, truth, fetched


@pytest.mark.parametrize("where", ["in the project", "elsewhere"])
def test_step_4_says_in_one_line_what_puts_the_hubs_card_right(fetched_demo, monkeypatch, where):
    """The one line, naming the project as the user types it (the gate's ROOT may be
    another folder than the working one)."""
    root, _, fetched = fetched_demo
    monkeypatch.chdir(root if where == "in the project" else root.parent)
    lines = []
    result = check_hub_card(root, hub=hub(), say=lines.append, open_pr=False, tests_passed=True)
    assert not result.matches and len(lines) == 1 and result.pull_request is None
    typed = "." if where == "in the project" else root.name
    assert lines[0] == (
        f"4/5 the card on the hub (demo-owner/demo-model at {fetched.commit}) differs from the data in "
        f"1 number: `python -m scoring publish {typed} --push` opens the pull request that puts "
        "it right; in CI, `gate --open-pr`"
    )
    assert "says 99.99" in result.report()


def test_step_4_opens_the_pull_request_only_when_asked_and_every_test_passed(fetched_demo):
    root, truth, _ = fetched_demo
    lines = []
    check_hub_card(root, hub=hub(), say=lines.append, open_pr=False, tests_passed=False)
    assert "(once every test passes)" in lines[0]
    assert check_hub_card(
        root, hub=hub(), say=lines.append, open_pr=True, tests_passed=True
    ).pull_request.endswith("/discussions/1")
    assert "pull request opened:" in lines[-1]


def test_the_hubs_card_is_never_written_over_by_snapshot_update(fetched_demo):
    """The mirror is the hub's: rewriting it would make the next fetch refuse."""
    from scoring.data.fetch import fetched_card

    root, _, _ = fetched_demo
    assert fetched_card(root / "model_card" / "README.md") is not None
    (root / "model_card" / "README.md").write_text("edited\n", encoding="utf-8")
    assert fetched_card(root / "model_card" / "README.md") is None


def test_the_pushed_line_names_the_card_file_as_the_user_types_it(tmp_path, monkeypatch):
    """`model_card/README.md`, where the card is, not the repository's README.md."""
    from scoring.data.push import Pushed, format_pushed

    monkeypatch.chdir(tmp_path)
    pushed = Pushed("owner/model", "http://hub/owner/model/discussions/1", True, ("README.md",))
    line = format_pushed(pushed, tmp_path / "model_card" / "README.md")
    assert "brings the card back to model_card/README.md and the gate passes" in line


@pytest.mark.parametrize("where", ["here", "below", "elsewhere"])
def test_the_pushed_lines_fetch_names_the_project_when_it_is_not_here(tmp_path, monkeypatch, where):
    """`publish ROOT --push` run from another folder: the fetch that brings the card back
    is `fetch --out ROOT` (fetch writes into the working folder by default)."""
    from scoring.data.push import Pushed, format_pushed

    project = tmp_path / "project"
    (project / "model_card").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir({"here": project, "below": tmp_path, "elsewhere": elsewhere}[where])
    pushed = Pushed("owner/model", "http://hub/owner/model/discussions/1", True, ("README.md",))
    line = format_pushed(pushed, project / "model_card" / "README.md")
    fetch = {
        "here": "`python -m scoring fetch`",
        "below": "`python -m scoring fetch --out project`",
        "elsewhere": f"`python -m scoring fetch --out {project}`",
    }[where]
    assert f"once it is merged, {fetch} (the gate's first step) brings" in line, line
