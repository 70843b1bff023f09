"""The per-process memos (scoring/memo.py): a value is kept by all that determines it,
never served for another input, and forgotten on demand."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np

import scoring.batch as batch
import scoring.card.compute as compute
import scoring.card.names as names_module
import scoring.card.reading as reading
import scoring.card.spec as card_spec
import scoring.card.text as card_text
import scoring.card.verdicts as verdicts
import scoring.scorer as scorer
from conftest import REPO_ROOT
from scoring import paired_bootstrap, set_stats
from scoring.card import load_card_spec
from scoring.card.publish import read_card_file
from scoring.memo import Memo, forget_all
from scoring.statistics import ClipStats, clip_stats


def test_a_value_is_computed_once_until_the_memo_is_full():
    memo, calls = Memo(kept=2), []

    def compute_for(key):
        return lambda: calls.append(key) or f"value of {key}"

    assert memo.get("a", compute_for("a")) == memo.get("a", compute_for("a")) == "value of a"
    memo.get("b", compute_for("b"))
    memo.get("c", compute_for("c"))  # full: it starts over, keeping only "c"
    memo.get("a", compute_for("a"))
    assert calls == ["a", "b", "c", "a"]


def test_forget_all_empties_every_memo_of_the_process():
    scorer._pair_stats("กข", "กค")
    batch._apply_remembering("สองคน", [str.upper])
    assert scorer._PAIR_STATS.entries and batch._APPLIED.entries
    forget_all()
    assert not scorer._PAIR_STATS.entries and not batch._APPLIED.entries
    assert not compute._INTERVALS.entries and not batch._SHARD_ENTRIES.entries
    assert not (
        card_text._CARD_DATA.entries
        or verdicts._READ_LOOKS.entries
        or names_module._FOUND_NAMES.entries
        or card_spec._PARSED_TOML.entries
    )


def test_pair_statistics_are_those_of_the_pair():
    pairs = [("กขค", "กขค"), ("กขค", "กค"), ("กค", "กขค"), ("กขค", "")]
    for _ in range(2):  # computed, then read back
        assert [scorer._pair_stats(*p) for p in pairs] == [clip_stats(*p) for p in pairs]


def test_a_rule_is_remembered_for_its_own_output_only():
    def first(text):
        return text + "1"

    def second(text):
        return text + "2"

    for _ in range(2):
        assert batch._apply_remembering("x", [first, second]) == "x12"
        assert batch._apply_remembering("x", [second, first]) == "x21"
        assert batch._apply_remembering("x", [second]) == "x2"


def _pair(clusters, edits_a=(1, 4, 0, 2, 3, 5), edits_b=(2, 2, 1, 0, 3, 1)):
    ids = [f"c{i}" for i in range(len(clusters))]
    chars = [20, 30, 25, 40, 10, 35]
    return (
        set_stats(ids, clusters, [ClipStats(e, n) for e, n in zip(edits_a, chars)]),
        set_stats(ids, clusters, [ClipStats(e, n) for e, n in zip(edits_b, chars)]),
    )


def test_an_interval_is_that_of_its_clusters_and_recipe():
    """The same edits under other clusters, another seed or level: never the kept interval."""
    cases = [
        (_pair(["k1", "k1", "k2", "k2", "k3", "k3"]), 1, 0.95),
        (_pair(["k1", "k2", "k3", "k4", "k5", "k6"]), 1, 0.95),
        (_pair(["k1", "k2", "k3", "k4", "k5", "k6"]), 2, 0.95),
        (_pair(["k1", "k2", "k3", "k4", "k5", "k6"]), 2, 0.90),
    ]
    for _ in range(2):
        for (a, b), seed, level in cases:
            kept = compute._interval(a, b, resamples=200, seed=seed, level=level)
            assert kept == paired_bootstrap(a, b, resamples=200, seed=seed, level=level)


def test_no_seed_draws_afresh_every_time():
    a, b = _pair(["k1", "k2", "k3", "k4", "k5", "k6"])
    before = len(compute._INTERVALS.entries)
    lows = {compute._interval(a, b, resamples=50, seed=None, level=0.95).low for _ in range(20)}
    assert len(compute._INTERVALS.entries) == before and len(lows) > 1
    assert np.isfinite(list(lows)).all()


CARD = "---\nlicense: apache-2.0\ntags:\n- asr\n---\n# m\n"


def test_each_reader_of_a_card_text_gets_card_data_of_its_own():
    """The text is parsed once a process; changing one reader's data changes no other's."""
    first = card_text.load_card_data(CARD, Path("README.md"))
    first.license = "mit"
    first.tags.append("edited")
    second = card_text.load_card_data(CARD, Path("README.md"))
    assert second.license == "apache-2.0" and second.tags == ["asr"]
    assert second.to_dict() == {"license": "apache-2.0", "tags": ["asr"]}


def test_names_found_are_those_of_the_text_and_the_names_asked_for():
    """Kept by the text and by the names looked for: never another's."""

    def names(*words):
        return tuple((names_module.plain_name(word), word.lower()) for word in words)

    asked = [
        ("Typhoon on FLEURS", names("Typhoon")),
        ("Typhoon on FLEURS", names("FLEURS")),
        ("Typhoon on FLEURS", names("TVSpeech", "FLEURS")),
        ("TV Speech", names("TVSpeech")),
        ("TVSpeech and FLEURS", names("TVSpeech", "FLEURS")),
    ]
    for _ in range(2):  # found, then read back
        assert [names_module.Names._find(*a) for a in asked] == [
            names_module.Names._find_in(*a) for a in asked
        ]
    assert [key for _, _, key in names_module.Names._find(*asked[-1])] == ["tvspeech", "fleurs"]


def test_a_cached_look_is_read_once_and_never_served_for_other_settings(monkeypatch, tmp_path):
    monkeypatch.setenv("SCORING_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("SCORING_NO_VERDICTS_CACHE", raising=False)  # as mutation runs set it
    arrays = (np.array([1, 2]), np.array([2, 2]), np.array([10, 10]))
    computed = []

    def look(value):
        return lambda: computed.append(value) or {"value": value}

    assert verdicts._cached(arrays, "one", look(1)) == {"value": 1}
    path = verdicts._cache_path(arrays, "one")
    path.write_text('{"value": "changed on disk"}', encoding="utf-8")
    assert verdicts._cached(arrays, "one", look(1)) == {"value": 1}  # read once a process
    assert verdicts._cached(arrays, "two", look(2)) == {"value": 2}
    assert computed == [1, 2]
    forget_all()  # as a new process: what the disk holds
    assert verdicts._cached(arrays, "one", look(1)) == {"value": "changed on disk"}


def test_a_card_toml_is_parsed_once_and_each_reader_gets_its_own(monkeypatch, tmp_path):
    """The same text is parsed once a process; changing one reader's tables changes no
    other's; an edited file is parsed again."""
    import tomllib

    parsed, loads = [], tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda text: parsed.append(text) or loads(text))
    toml = tmp_path / "card.toml"
    toml.write_text('title = "a"\n[sets.fleurs]\nname = "FLEURS"\n', encoding="utf-8")
    _, first = card_spec._read_toml(tmp_path)
    first["sets"]["fleurs"]["name"] = "changed by one reader"
    _, second = card_spec._read_toml(toml)
    assert second == {"title": "a", "sets": {"fleurs": {"name": "FLEURS"}}}
    assert len(parsed) == 1
    toml.write_text('title = "b"\n', encoding="utf-8")
    assert card_spec._read_toml(toml)[1] == {"title": "b"} and len(parsed) == 2


def test_a_cards_reading_is_kept_by_its_text_and_names_and_each_caller_gets_its_own(tmp_path):
    """A reading is never served for other names, and a caller that changes the list it was
    given changes no other caller's; what was set aside is given on every call."""
    spec = load_card_spec(REPO_ROOT / "examples" / "demo")
    text = spec.publish_file.read_text(encoding="utf-8") + "\nOn FLEURS, 21.37 % WER.\n"
    (tmp_path / "README.md").write_text(text, encoding="utf-8")  # (one number set aside)
    card = read_card_file(tmp_path / "README.md", spec)
    names = names_module.Names.of(spec, spec.publish_aliases, card.text)
    unnamed = dataclasses.replace(names, systems=())
    read, unread = (list(found) for found in reading._read_as_written(card, names))
    given, aside = reading.candidates(card, names), []
    assert given == read and unread
    given.clear()  # one caller's list
    assert reading.candidates(card, names, another_measure=aside) == read and aside == unread
    other = reading.candidates(card, unnamed)
    assert other == list(reading._read_as_written(card, unnamed)[0]) != read
