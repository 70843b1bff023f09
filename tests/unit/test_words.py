"""The reader's words, as data: every entry of words.toml matches an example, whole words
only where it is English, and the lists the reader builds from them say what they did."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from scoring.card import words

# An example for every entry that is not a plain word: (list, entry) -> a text it must match.
# A plain word or phrase is its own example. The examples are data, in word_examples.toml
# (one table per list, each key the entry as words.toml spells it): adding an entry with
# regular expression syntax means adding its example there.
with open(Path(__file__).with_name("word_examples.toml"), "rb") as file:
    EXAMPLES = {
        (name, entry): text
        for name, examples in tomllib.load(file).items()
        for entry, text in examples.items()
    }
# A word with an optional last letter ("seconds?") is its own example, written with it.
EXAMPLES |= {
    (name, entry): entry.replace("?", "")
    for name in ("units", "settings_before")
    for entry in words.words()[name]
    if re.fullmatch(r"[a-z]+\?", entry)
}
# Texts that must not match a list: what its words' whole-word rule or exceptions keep out.
NOT_MATCHED = [
    ("other_metrics", "lower is better"),  # "wer" inside "lower"
    ("other_metrics", "ผิดพลาดคำนวณ"),  # a calculation error, not a word error rate
    ("speaker_groups", "Malaysia"),
    ("speaker_groups", "the menu"),
    ("our_metric", "a certain model"),  # "cer" inside "certain"
    ("subject_changes", "ส่วนต่าง 2.81"),  # "ส่วนต่าง" is a difference, not "as for"
    ("contrasts", "ตั้งแต่รุ่นแรก"),  # "ตั้งแต่" is "since", not "but"
    ("contrasts", "แต่ละชุด"),  # "แต่ละ" is "each", not "but"
    ("clause_words", "ส่วนใหญ่"),  # "mostly", no clause
    ("set_words", "the reset button"),
    ("whole_words", "the whole test set"),  # the set, not a decoding
    ("split_words", "the FLEURS development split"),  # a dataset's split, not a decoding
    ("compares", "averaged over 11 sets"),  # "over" alone compares nothing
    ("other_models_nearby", "Google's FLEURS"),  # a dataset's owner
    ("lower_words", "this leads to errors"),  # "leads to" is no lead
    ("size_words", "a gapless reading"),
    ("quoted", "this card reports 6.69 %"),  # the card's own
    ("quoted", "according to our runs"),
    ("quoted", "ตามรายงานนี้"),  # according to this report: the card's own
    ("other_versions", "the previous best"),  # another model's
]
ENTRIES = [(name, entry) for name, entries in words.words().items() for entry in entries]
# One test a list, naming each entry that fails (a test an entry made 1,600 tests, whose
# overhead under xdist cost more than what they check).
LISTS = list(words.words())


def example(name: str, entry: str) -> str:
    return EXAMPLES.get((name, entry), f"so {entry} here")


@pytest.mark.parametrize("name", LISTS)
def test_each_word_matches_its_example_in_its_list(name):
    pattern = re.compile(words.pattern(name), re.I)
    unmatched = [
        f"{entry!r} does not match its example {example(name, entry)!r}"
        for entry in words.words()[name]
        if not pattern.search(example(name, entry))
    ]
    assert not unmatched, "\n".join(unmatched)


@pytest.mark.parametrize("name", LISTS)
def test_an_entry_with_syntax_has_an_example_of_its_own(name):
    missing = [
        f"add an example of {entry!r} to word_examples.toml"
        for entry in words.words()[name]
        if not re.fullmatch(r"[A-Za-z\u0e00-\u0e7f -]+", entry) and (name, entry) not in EXAMPLES
    ]
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("name, text", NOT_MATCHED, ids=[t for _, t in NOT_MATCHED])
def test_whole_words_and_exceptions_keep_out(name, text):
    assert not re.search(words.pattern(name), text, re.I)


def test_every_example_names_an_entry_that_exists():
    assert set(EXAMPLES) <= set(ENTRIES)


@pytest.mark.parametrize(
    ("name", "header"), [("our_metric", "ΔCER (pp)"), ("other_metrics", "ΔWER")]
)
def test_a_delta_before_a_measure_starts_its_word(name, header):
    """ "ΔWER" names the WER: a Δ prefixes a measure as a sign would (it is a letter to the
    regular expression engine, so a plain word boundary would not fall after it)."""
    assert words.regex(name).search(header)
