"""The normalisation cache: never stale, safe under concurrent writers."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

from scoring import batch, normalize, normalizer
from scoring.batch import (
    MAX_SHARDS,
    NormalizationCache,
    cache_directory,
    normalize_texts,
    normalizer_fingerprint,
)
from scoring.cli import main

TEXTS = ["ราคา สองพันห้าร้อย บาท", "ทำหน้าที่", "“ข่าว” ๑๒", "hello  world", "ศูนย์แปดหนึ่ง"]


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SCORING_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("SCORING_NO_CACHE", raising=False)
    return tmp_path / "cache"


def test_cached_results_equal_fresh_results(cache_dir):
    """A warm cache answers exactly what normalize computes."""
    first = normalize_texts(TEXTS)
    (shard,) = NormalizationCache(cache_dir, normalizer_fingerprint()).folder.glob("*.json")
    assert "ราคา".encode() in shard.read_bytes()  # readable UTF-8, not \\u escapes
    assert normalize_texts(TEXTS) == first == {t: normalize(t) for t in TEXTS}


def _before_the_number_rule(rules):
    names = [rule.__name__ for rule in rules]
    return tuple(rules)[: names.index(batch.TOKENISING_RULE)]


def test_a_pipeline_that_differs_in_a_cheap_rule_tokenises_only_the_changed_inputs(
    cache_dir, monkeypatch
):
    """The number rule's results are cached by its own input: without the curly-quote rule,
    newmm runs again only on the texts whose input to the number rule changed."""
    from scoring.memo import forget_all
    from scoring.normalizer import THAI_CER_PIPELINE, apply_rules

    texts = TEXTS + ["เขาพูดว่า “สามร้อย” คน", "ร้อยละ ‘ห้า’"]
    normalize_texts(texts)
    forget_all()  # as in a new process: only the disk cache is left
    tokenised = []
    real = batch._normalize_all
    monkeypatch.setattr(
        batch,
        "_normalize_all",
        lambda missing, *rest: tokenised.extend(missing) or real(missing, *rest),
    )
    variant = [rule for rule in THAI_CER_PIPELINE if rule.__name__ != "straighten_curly_quotes"]
    assert normalize_texts(texts, rules=variant) == {t: apply_rules(t, variant) for t in texts}
    changed = {apply_rules(t, _before_the_number_rule(variant)) for t in texts} - {
        apply_rules(t, _before_the_number_rule(THAI_CER_PIPELINE)) for t in texts
    }
    assert changed and sorted(tokenised) == sorted(changed)


def mark_the_text_once_more(text: str) -> str:
    """A rule that is not idempotent: run twice, it shows."""
    return text + "|"


def test_each_rule_runs_once_around_the_number_rules_own_cache(cache_dir):
    """The rules before the number rule run before it, those after it after it: each once
    (a rule run again after the number rule would show here)."""
    from scoring.normalizer import THAI_CER_PIPELINE, apply_rules

    names = [rule.__name__ for rule in THAI_CER_PIPELINE]
    at = names.index(batch.TOKENISING_RULE)
    rules = [*THAI_CER_PIPELINE[:at], mark_the_text_once_more, *THAI_CER_PIPELINE[at:]]
    assert normalize_texts(TEXTS, rules=rules) == {t: apply_rules(t, rules) for t in TEXTS}


def test_no_bar_asked_for_is_no_bar_for_the_number_rule_either(cache_dir, monkeypatch):
    """``progress=False`` reaches the number rule's own run too (a bar left to the default
    would show on a terminal)."""
    asked = []
    real = batch._normalize_all
    monkeypatch.setattr(
        batch,
        "_normalize_all",
        lambda texts, progress, *rest: asked.append(progress) or real(texts, progress, *rest),
    )
    normalize_texts(TEXTS, progress=False)
    assert asked and set(asked) == {False}


def test_rules_without_a_source_file_still_get_their_own_fingerprint():
    """Rules typed into a notebook have no source to hash; two of them with the same
    name are still two normalisers, never one cache folder."""

    def rule_from_a_notebook(body: str):
        namespace = {"__name__": "notebook_cell"}
        exec(f"def clean(text):\n    return {body}\n", namespace)
        return namespace["clean"]

    first, second = rule_from_a_notebook("text"), rule_from_a_notebook("text.upper()")
    assert (first.__module__, first.__qualname__) == (second.__module__, second.__qualname__)
    assert normalizer_fingerprint((first,)) != normalizer_fingerprint((second,))


def test_a_changed_rule_is_never_served_an_old_entry(cache_dir, monkeypatch):
    """Editing the pipeline changes the fingerprint, so old entries are unseen."""
    before = normalizer_fingerprint()
    cached = normalize_texts(TEXTS)["hello  world"]
    assert " " not in cached
    # The rules that delete a space, found by what they do (wherever a contributor's rule
    # stands in the pipeline): without them, "hello  world" must be computed again, not
    # read back from the old entry.
    kept = tuple(rule for rule in normalizer.THAI_CER_PIPELINE if " " in rule("a b"))
    assert len(kept) < len(normalizer.THAI_CER_PIPELINE)
    monkeypatch.setattr(normalizer, "THAI_CER_PIPELINE", kept)
    assert normalizer_fingerprint() != before
    again = normalize_texts(["hello  world"])["hello  world"]
    assert again == normalizer.apply_rules("hello  world", kept) and " " in again


def test_fingerprint_follows_the_pythainlp_version(monkeypatch):
    """Another PyThaiNLP release means another fingerprint."""
    before = normalizer_fingerprint()
    monkeypatch.setattr("scoring.batch.pythainlp_version", lambda: "9.9.9")
    assert normalizer_fingerprint() != before


def test_fingerprint_follows_newmms_dictionary_file(monkeypatch, tmp_path):
    """The same release with its word list edited (a local patch, a repackaging) tokenises
    differently: the fingerprint reads the file newmm reads, by content."""
    import pythainlp.corpus

    def fingerprint() -> str:
        batch._dictionary_digest.cache_clear()  # read once a process: the run's own file
        return normalizer_fingerprint()

    real = fingerprint()
    monkeypatch.setattr(pythainlp.corpus, "__file__", str(tmp_path / "__init__.py"))
    words = tmp_path / "words_th.txt"
    try:
        words.write_text("สาม\nคน\n", encoding="utf-8")
        first = fingerprint()
        words.write_text("สาม\nคน\nสามคน\n", encoding="utf-8")
        edited = fingerprint()
        words.unlink()
        missing = fingerprint()
    finally:
        batch._dictionary_digest.cache_clear()
    assert len({real, first, edited, missing}) == 4


def test_a_corrupt_shard_is_ignored_and_removed(cache_dir):
    """A shard that is not whole JSON is dropped, not trusted."""
    store = NormalizationCache(cache_dir, normalizer_fingerprint())
    store.add({"ก": "ก"})
    broken = store.folder / "broken.json"
    broken.write_text('{"ข": ', encoding="utf-8")
    assert store.load() == {"ก": "ก"}
    assert not broken.exists()


def test_many_shards_are_compacted_without_losing_entries(cache_dir):
    """Past MAX_SHARDS files, shards are folded into one; nothing is lost."""
    store = NormalizationCache(cache_dir, "f" * 64)
    for i in range(MAX_SHARDS + 3):
        store.add({f"text{i}": f"norm{i}"})
    assert len(list(store.folder.glob("*.json"))) <= MAX_SHARDS
    assert store.load() == {f"text{i}": f"norm{i}" for i in range(MAX_SHARDS + 3)}


def test_a_shard_is_written_inside_its_own_folder(cache_dir, monkeypatch):
    """The temporary file sits beside the shards (a rename across file systems would
    fail), so a missing system temporary folder costs nothing."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(cache_dir.parent / "no-such-folder"))
    store = NormalizationCache(cache_dir, "d" * 64)
    store.add({"ก": "ข"})
    assert store.load() == {"ก": "ข"}


def test_a_write_that_fails_leaves_no_temporary_file(cache_dir):
    """Nothing half-written stays behind; the error is not swallowed as a cache miss."""
    store = NormalizationCache(cache_dir, "e" * 64)
    with pytest.raises(TypeError):
        store.add({"ก": object()})  # not JSON
    assert list(store.folder.iterdir()) == []


def test_the_cache_is_utf8_whatever_the_locale(tmp_path):
    """Under an ASCII locale the cache still writes and reads Thai (as UTF-8 text)."""
    import os

    script = (
        "import json, sys\n"
        "import scoring.batch as b\n"
        "texts = json.loads(sys.argv[1])\n"
        "done, real = [], b._normalize_all\n"
        "b._normalize_all = lambda missing, *a: done.append(len(missing)) or real(missing, *a)\n"
        "runs = [b.normalize_texts(texts) for _ in range(2)]\n"
        "print(json.dumps(runs + [done], ensure_ascii=True))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONUTF8"))}
    env.update(
        LC_ALL="C",
        PYTHONCOERCECLOCALE="0",
        PYTHONUTF8="0",
        SCORING_CACHE_DIR=str(tmp_path / "cache"),
    )
    env.pop("SCORING_NO_CACHE", None)
    result = subprocess.run(
        [sys.executable, "-c", script, json.dumps(TEXTS)], capture_output=True, text=True, env=env
    )
    assert result.returncode == 0, result.stderr[-2000:]
    cold, warm, normalised = json.loads(result.stdout)
    assert cold == warm == {t: normalize(t) for t in TEXTS}
    assert len(normalised) == 1  # the second run read every text from the cache
    shards = [shard.read_bytes() for shard in (tmp_path / "cache").rglob("*.json")]
    assert any("ราคา".encode() in shard for shard in shards)  # readable UTF-8,
    assert not any(b"\\u0e" in shard for shard in shards)  # not \\u escapes


def test_a_corrupt_shard_removed_meanwhile_by_another_process_is_no_error(cache_dir, monkeypatch):
    """Two readers find the same broken shard; the second to remove it must not fail."""
    from pathlib import Path

    store = NormalizationCache(cache_dir, "a" * 64)
    store.add({"ก": "ก"})
    broken = store.folder / "broken.json"
    broken.write_text('{"ข": ', encoding="utf-8")
    real_read = Path.read_text

    def read_then_lose(path, *args, **kwargs):
        text = real_read(path, *args, **kwargs)
        if path == broken:
            path.unlink()  # the other reader got there first
        return text

    monkeypatch.setattr(Path, "read_text", read_then_lose)
    assert store.load() == {"ก": "ก"}


def test_shards_are_folded_once_there_are_more_than_max_shards(cache_dir):
    """MAX_SHARDS shards stay as they are; one more folds them all into one."""
    store = NormalizationCache(cache_dir, "b" * 64)
    for i in range(MAX_SHARDS):
        store.add({f"text{i}": f"norm{i}"})
    assert len(store._shards()) == MAX_SHARDS
    store.add({"one more": "x"})
    assert len(store._shards()) == 1
    assert len(store.load()) == MAX_SHARDS + 1


def test_folding_removes_every_old_shard_even_if_one_is_gone(cache_dir, monkeypatch):
    """Another process folded too and removed a shard first: the rest still go."""
    store = NormalizationCache(cache_dir, "c" * 64)
    for i in range(MAX_SHARDS):
        store.add({f"text{i}": f"norm{i}"})
    real_shards = store._shards
    gone = store.folder / "0-already-removed.json"
    monkeypatch.setattr(store, "_shards", lambda: [gone] + real_shards())
    store.add({"one more": "x"})
    assert len(real_shards()) == 1
    assert len(store.load()) == MAX_SHARDS + 1


def _write_many(args):
    root, worker = args
    store = NormalizationCache(root, "c" * 64)
    for i in range(40):
        store.add({f"w{worker}-{i}": f"v{worker}-{i}"})
        store.load()
    return worker


def test_concurrent_writers_leave_only_whole_shards(tmp_path):
    """Four processes writing and reading at once: every entry is kept, every shard parses."""
    with ProcessPoolExecutor(4) as pool:
        list(pool.map(_write_many, [(tmp_path, w) for w in range(4)]))
    store = NormalizationCache(tmp_path, "c" * 64)
    for shard in store.folder.glob("*.json"):
        json.loads(shard.read_text(encoding="utf-8"))
    assert not list(store.folder.glob("*.tmp"))
    expected = {f"w{w}-{i}": f"v{w}-{i}" for w in range(4) for i in range(40)}
    assert store.load() == expected


def test_cache_can_be_turned_off(tmp_path, monkeypatch):
    """SCORING_NO_CACHE=1 turns the cache off: nothing is written."""
    monkeypatch.setenv("SCORING_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("SCORING_NO_CACHE", "1")
    assert cache_directory() is None
    normalize_texts(TEXTS)
    assert not (tmp_path / "cache").exists()


# Runs _normalize_all in a fresh single-threaded process (a pytest-xdist
# worker is neither, and the pool is only used where forking is safe), once
# per configuration; each run reports what went to the workers and where the
# progress bar ended. One child for them all: each costs a PyThaiNLP start-up.
POOL_SCRIPT = """
import json, os, sys
import scoring.batch as b
import scoring.children as children
submitted = []
class Pool(children.ProcessPoolExecutor):
    def submit(self, function, texts, *args):
        submitted.append(list(texts))
        return super().submit(function, texts, *args)
bars = []
class Bar(b.tqdm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        bars.append(self)
children.ProcessPoolExecutor, b.tqdm = Pool, Bar
texts = json.loads(sys.stdin.read())
runs = {}
for name, config in json.loads(sys.argv[1]).items():
    submitted.clear(); bars.clear()
    b.POOL_THRESHOLD = config["threshold"]
    os.cpu_count = lambda: config["cpus"]
    for variable in ("PYTEST_XDIST_WORKER", "SCORING_WORKERS"):
        os.environ.pop(variable, None)
    os.environ.update(config["env"])
    rules = None
    if config["drop"]:
        rules = [r for r in b.normalizer.THAI_CER_PIPELINE if r.__name__ != config["drop"]]
    out = b._normalize_all(texts, progress=True, rules=rules)
    runs[name] = {"out": out, "submitted": list(submitted), "bar": [bars[0].n, bars[0].total]}
print(json.dumps(runs, ensure_ascii=False))
"""

POOL_TEXTS = TEXTS * 40 + [f"{i} สาม คน" for i in range(150)] + ["ตัวอย่าง " * 300, ""]
ABLATED = "spoken_numbers_to_digits"


def pool_configuration(threshold: int, cpus: int = 2, drop: str | None = None, **env) -> dict:
    # The child sees `cpus` cores, whatever the machine has.
    return {"threshold": threshold, "cpus": cpus, "drop": drop, "env": env}


@pytest.fixture(scope="module")
def pool_runs(tmp_path_factory):
    """_normalize_all in a child process that imports this very ``scoring``, once per
    configuration; and the same texts on the serial path in this process."""
    import os

    from scoring.numbers import needs_tokeniser

    heavy = sum(map(needs_tokeniser, POOL_TEXTS))
    configurations = {
        # Exactly as many texts need the tokeniser as the threshold asks for.
        "pool": pool_configuration(heavy),
        "ablation": pool_configuration(1, drop=ABLATED),
        "fewer texts than the threshold": pool_configuration(heavy + 1),
        "one core": pool_configuration(1, cpus=1),
        "inside a pytest-xdist worker": pool_configuration(1, PYTEST_XDIST_WORKER="gw0"),
        "SCORING_WORKERS=1": pool_configuration(1, SCORING_WORKERS="1"),
    }
    environment = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("PYTEST_") and k != "SCORING_WORKERS"
    }
    environment.update(HOME=str(tmp_path_factory.mktemp("home")))
    result = subprocess.run(
        [sys.executable, "-c", POOL_SCRIPT, json.dumps(configurations)],
        input=json.dumps(POOL_TEXTS),
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )
    return json.loads(result.stdout)


def test_a_worker_normalises_its_batch_with_the_rules_it_is_given():
    """What each pool worker runs: the live pipeline, or the rule list it is handed."""
    from scoring.normalizer import THAI_CER_PIPELINE, apply_rules

    rules = [r for r in THAI_CER_PIPELINE if r.__name__ != ABLATED]
    texts = TEXTS + ["หนึ่งร้อย คน"]
    assert batch._normalize_batch(texts) == [normalize(t) for t in texts]
    assert batch._normalize_batch(texts, rules) == [apply_rules(t, rules) for t in texts]
    assert batch._normalize_batch(texts, rules) != batch._normalize_batch(texts)


def serial_run(rules=None) -> list[str]:
    """What the pool must match: the serial path, in this process. Each pool test
    calls it itself, so that mutmut, which cannot trace the child process, sees
    that the test runs _normalize_all and selects it for that function's mutants."""
    return batch._normalize_all(POOL_TEXTS, progress=False, rules=rules)


def test_process_pool_gives_the_serial_results(pool_runs):
    """The forked pool returns exactly the serial results, and the bar ends at the total."""
    run = pool_runs["pool"]
    assert run["out"] == serial_run() == [normalize(t) for t in POOL_TEXTS]
    assert run["submitted"], "the pool was not used"
    assert run["bar"] == [sum(map(len, POOL_TEXTS))] * 2


def test_the_pool_applies_the_rules_it_is_given(pool_runs):
    """An ablation (a rule list, not the live pipeline) is what the workers apply too."""
    from scoring.normalizer import THAI_CER_PIPELINE, apply_rules

    rules = [r for r in THAI_CER_PIPELINE if r.__name__ != ABLATED]
    assert len(rules) == len(THAI_CER_PIPELINE) - 1
    run = pool_runs["ablation"]
    assert run["submitted"]
    assert run["out"] == serial_run(rules) == [apply_rules(t, rules) for t in POOL_TEXTS]
    assert run["out"] != [normalize(t) for t in POOL_TEXTS]


def test_only_texts_that_need_the_tokeniser_go_to_the_pool(pool_runs):
    """Each such text goes to a worker exactly once; the others stay in this process."""
    from scoring.numbers import needs_tokeniser

    run = pool_runs["pool"]
    assert run["out"] == serial_run()
    sent = [text for batch in run["submitted"] for text in batch]
    heavy = [text for text in POOL_TEXTS if needs_tokeniser(text)]
    assert sorted(sent) == sorted(heavy) and len(heavy) < len(POOL_TEXTS)
    # Longest first, so no worker is left alone with the long recordings at the end,
    # and cut into many batches, so every worker has its share.
    assert sent[0] == max(heavy, key=len)
    assert len(run["submitted"]) >= 8


@pytest.mark.parametrize(
    "why",
    [
        "fewer texts than the threshold",
        "one core",
        "inside a pytest-xdist worker",
        "SCORING_WORKERS=1",
    ],
)
def test_no_pool_when_it_would_not_pay(pool_runs, why):
    run = pool_runs[why]
    assert run["submitted"] == [], why
    assert run["out"] == serial_run() == [normalize(t) for t in POOL_TEXTS]
    assert run["bar"] == [sum(map(len, POOL_TEXTS))] * 2


def _rule_from_source(tmp_path, name: str, body: str):
    """A function named like a pipeline rule, defined by ``body`` in a file of its own."""
    import importlib.util

    path = tmp_path / f"{name}.py"
    path.write_text(f"def thai_digits_to_arabic(text):\n    {body}\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rule = module.thai_digits_to_arabic
    rule.__module__ = "scoring.normalizer"  # same module and name as the real rule
    return rule


def test_a_rule_edited_under_the_same_name_changes_the_fingerprint(tmp_path):
    """Same module, same name, another body: another fingerprint, so no stale entry."""
    first = _rule_from_source(tmp_path, "edit_one", "return text")
    second = _rule_from_source(tmp_path, "edit_two", "return text.upper()")
    rest = normalizer.THAI_CER_PIPELINE[1:]
    assert (first.__module__, first.__qualname__) == (second.__module__, second.__qualname__)
    assert normalizer_fingerprint((first, *rest)) != normalizer_fingerprint((second, *rest))


def test_old_fingerprints_are_pruned_least_recently_used_first(tmp_path):
    """Beyond KEEP_FINGERPRINTS folders, the least recently used go; the one in use stays."""
    import os

    from scoring.batch import KEEP_FINGERPRINTS, fingerprint_folders

    for number in range(KEEP_FINGERPRINTS + 3):
        store = NormalizationCache(tmp_path, f"{number:032x}" + "0" * 32)
        store.add({"ก": "ก"})
        # Used in the reverse of the names' order: age, not name, decides.
        os.utime(store.folder, (5000 - number, 5000 - number))
    newest = NormalizationCache(tmp_path, "f" * 64)
    newest.add({"ข": "ข"})  # a new fingerprint: pruning runs
    kept = fingerprint_folders(tmp_path)
    assert len(kept) == KEEP_FINGERPRINTS and kept[0] == newest.folder
    oldest = f"{KEEP_FINGERPRINTS + 2:032x}"
    assert not (tmp_path / "normalized" / oldest).exists()  # the least recently used went
    assert (tmp_path / "normalized" / f"{0:032x}").exists()
    assert [p.name for p in kept[1:]] == [f"{n:032x}" for n in range(KEEP_FINGERPRINTS - 1)]


def test_pruning_goes_on_when_a_folder_is_already_gone(tmp_path, monkeypatch):
    """Two processes pruning at once: a folder the other removed is no error."""
    for number in range(3):
        NormalizationCache(tmp_path, f"{number:032x}" + "0" * 32).add({"ก": "ก"})
    real = batch.fingerprint_folders(tmp_path)
    monkeypatch.setattr(
        batch,
        "fingerprint_folders",
        lambda root: real[:1] + [tmp_path / "normalized" / "gone"] + real[1:],
    )
    removed = batch.prune_fingerprints(tmp_path, keep=1)
    assert len(removed) == 3
    assert [p.name for p in (tmp_path / "normalized").iterdir()] == [real[0].name]


def test_cache_command_lists_and_clears(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SCORING_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("SCORING_NO_CACHE", raising=False)
    normalize_texts(TEXTS)
    assert main(["cache"]) == 0
    out = capsys.readouterr().out
    assert f"{normalizer_fingerprint()[:32]}  " in out and "<- the current normaliser" in out
    number_rule = [r for r in normalizer.THAI_CER_PIPELINE if r.__name__ == batch.TOKENISING_RULE]
    assert f"{normalizer_fingerprint(number_rule)[:32]}  " in out
    assert f"<- {batch.TOKENISING_RULE} alone" in out
    assert "2 fingerprints" in out
    assert main(["cache", "--clear"]) == 0
    assert "removed 2 normaliser fingerprints" in capsys.readouterr().out
    assert not (tmp_path / "normalized").exists()


def test_cache_listing_gives_each_folders_size_its_mark_and_the_total(cache_dir, capsys):
    """`scoring cache`, line for line, over folders of sizes made here: each folder's *.json
    bytes in MB of 10**6 bytes, most recently used first; the current normaliser's folder
    and its number rule's marked, any other not; the total over all of them."""
    import os

    current = normalizer_fingerprint()[:32]
    number_rule = batch.tokenising_rule_fingerprint()[:32]
    other = "0" * 32
    # 0.55 MB prints 0.6 (0.549999 would print 0.5), 0.25 MB prints 0.2 (a tie, to even);
    # together 1.05 MB print 1.1 (1.049999 would print 1.0).
    made = [(current, 550_000), (number_rule, 250_000), (other, 250_000)]
    for age, (name, size) in enumerate(made):
        folder = cache_dir / "normalized" / name
        folder.mkdir(parents=True)
        (folder / "shard.json").write_bytes(b"x" * size)
        (folder / "shard.json.tmp").write_bytes(b"x" * 1_000_000)  # not a shard: not counted
        os.utime(folder, (1_000_000 - age, 1_000_000 - age))

    assert main(["cache"]) == 0
    listing = capsys.readouterr().out
    assert listing.splitlines() == [
        f"{cache_dir} (set SCORING_CACHE_DIR to move it)",
        f"  {current}  {'0.6':>7} MB  <- the current normaliser",
        f"  {number_rule}  {'0.2':>7} MB  <- {batch.TOKENISING_RULE} alone (the current one's)",
        f"  {other}  {'0.2':>7} MB",
        f"3 fingerprints, 1.1 MB; the least recently used beyond {batch.KEEP_FINGERPRINTS} "
        "are removed automatically",
    ]
    # Asked for nothing, the report lists and removes nothing.
    assert batch.cache_report() + "\n" == listing
    assert sorted(p.name for p in (cache_dir / "normalized").iterdir()) == sorted(
        name for name, _ in made
    )


def test_cache_clear_on_an_empty_cache_removes_nothing_and_says_so(cache_dir, capsys):
    assert not cache_dir.exists()
    assert main(["cache", "--clear"]) == 0
    assert capsys.readouterr().out == f"{cache_dir}: removed 0 normaliser fingerprints\n"


def test_cache_command_says_when_the_cache_is_off(monkeypatch, capsys):
    monkeypatch.setenv("SCORING_NO_CACHE", "1")
    assert main(["cache"]) == 0
    assert capsys.readouterr().out == ("the normalisation cache is turned off (SCORING_NO_CACHE)\n")


def test_a_pipeline_without_the_number_rule_has_no_number_rule_cache(monkeypatch):
    """Without spoken_numbers_to_digits (a contributor dropped it), no folder is its own."""
    without = [r for r in normalizer.THAI_CER_PIPELINE if r.__name__ != batch.TOKENISING_RULE]
    monkeypatch.setattr(normalizer, "THAI_CER_PIPELINE", without)
    assert batch.tokenising_rule_fingerprint() is None


def test_the_progress_estimate_counts_characters_over_the_whole_run(monkeypatch):
    """The bar's total is the texts' characters and its rate the run's average (smoothing 0)."""
    seen = {}

    class Recorder(batch.tqdm):
        def __init__(self, *args, **kwargs):
            seen.update(kwargs)
            kwargs["disable"] = True
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(batch, "tqdm", Recorder)
    batch._normalize_all(TEXTS, progress=True)
    assert seen["total"] == sum(map(len, TEXTS)) and seen["unit"] == "char"
    assert seen["smoothing"] == 0


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    "progress, terminal, shown",
    [(True, False, True), (False, True, False), (None, False, False), (None, True, True)],
)
def test_the_bar_shows_when_asked_and_on_a_terminal_only(progress, terminal, shown, monkeypatch):
    """progress=None (the default): shown on a terminal, never in a log file."""
    stderr = Terminal() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    normalize_texts(["ก" * 1500, "ข"], progress=progress, cache=False)
    err = stderr.getvalue()
    if not shown:
        assert err == ""
        return
    # Named, counted in thousands of characters, and cleared when done.
    assert err.lstrip("\r").startswith("normalising: ")
    assert "/1.50k " in err and "char/s" in err
    assert not err.endswith("\n")


def test_workers_follow_the_environment(monkeypatch):
    """SCORING_WORKERS caps the processes; a bad value is one line naming it."""
    from scoring.batch import worker_count
    from scoring.errors import ScoringError

    monkeypatch.delenv("SCORING_WORKERS", raising=False)
    monkeypatch.setattr("os.cpu_count", lambda: 6)
    assert worker_count() == 6
    monkeypatch.setenv("SCORING_WORKERS", "3")
    assert worker_count() == 3
    for bad in ("0", "two", "-1"):
        monkeypatch.setenv("SCORING_WORKERS", bad)
        with pytest.raises(
            ScoringError,
            match=f"SCORING_WORKERS: must be a whole number of processes, 1 or more, not '{bad}'",
        ):
            worker_count()


def test_cache_folder_follows_the_environment(tmp_path, monkeypatch):
    """SCORING_CACHE_DIR, else XDG_CACHE_HOME, else ~/.cache; SCORING_NO_CACHE=0 keeps it on."""
    monkeypatch.delenv("SCORING_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("SCORING_NO_CACHE", "0")
    assert cache_directory() == tmp_path / "xdg" / "thai-asr-card-scoring"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_directory() == tmp_path / "home" / ".cache" / "thai-asr-card-scoring"
    monkeypatch.setenv("SCORING_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_directory() == tmp_path / "mine"
    monkeypatch.setenv("SCORING_NO_CACHE", "1")
    assert cache_directory() is None


def test_no_cache_writes_nothing_and_a_warm_cache_is_read(cache_dir, monkeypatch):
    """cache=False leaves the folder alone; with the cache, a second run normalises nothing."""
    normalize_texts(TEXTS, cache=False)
    assert not cache_dir.exists()
    normalize_texts(TEXTS)
    calls = []
    real = batch._normalize_all
    monkeypatch.setattr(
        batch,
        "_normalize_all",
        lambda texts, *a, **k: calls.append(list(texts)) or real(texts, *a, **k),
    )
    assert normalize_texts(TEXTS) == {t: normalize(t) for t in TEXTS}
    assert calls == []  # every text came from the cache


def _rule_module(tmp_path, name: str, table: str):
    """A module whose rule reads a module-level table, under one shared module name."""
    import importlib.util
    import sys

    path = tmp_path / f"{name}.py"
    path.write_text(
        f"TABLE = {table!r}\n\ndef swap(text):\n    return text.replace('a', TABLE)\n",
        encoding="utf-8",
    )
    spec = importlib.util.spec_from_file_location("shared_rules", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules["shared_rules"] = module
    return module.swap


def test_a_changed_rule_table_changes_the_fingerprint(tmp_path, monkeypatch):
    """The same rule body reading another module-level table is another normaliser."""
    import sys

    monkeypatch.setitem(sys.modules, "shared_rules", None)
    first = normalizer_fingerprint((_rule_module(tmp_path, "one", "b"),))
    second = normalizer_fingerprint((_rule_module(tmp_path, "two", "c"),))
    assert first != second


def test_the_fingerprint_is_the_same_in_a_fresh_process():
    """Nothing process-specific (an object's address) enters the fingerprint."""
    import subprocess
    import sys

    fresh = subprocess.run(
        [sys.executable, "-c", "from scoring.batch import normalizer_fingerprint as f; print(f())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert fresh == normalizer_fingerprint()
