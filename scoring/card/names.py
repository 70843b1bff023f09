"""The names a card's figures answer to in hand-written text (each set's, aggregate's and
system's name and key, the words a card uses without a name, its aliases), and the names of
recognisers that are none of the card's ("Whisper", "OpenThai1.5")."""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property, lru_cache

from ..memo import Memo
from . import words as word_lists
from .spec import CardSpec
from .text import A_DURATION, COMMENT, latencies_in


def _words(name: str) -> tuple[str, ...]:
    return tuple(word_lists.words()[name])


# Where a name in one word splits into two: "TVSpeech" -> "TV Speech".
_CAMEL_CASE = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
LONG_WORDS = _words("long_words")
_OWN_MODEL_WORDS = _words("own_model_words")
_THAI = re.compile(r"[\u0e00-\u0e7f]")
# The card itself in a denial ("which we do not score on this card"): no name of its model.
_DENIED_OF_US = re.compile(
    r" (?:not|never|n t) (?:\w+ ){0,4}(?:"
    + "|".join(re.escape(plain_words) for plain_words in ("this card", "this model", "this work"))
    + r") $"
)
# "our" right before a number, or ending the text before one, is the card's own model's
# ("against our 18.64 %"); "our" alone is not ("our baseline").
_OUR_BEFORE_A_NUMBER = re.compile(r"\bour(?=\s+(?:own\s+)?[*_]*(?:[−+-]?\d|$)|\s*$)", re.I)
# A variant whose key names an n-gram language model ("_4gram", "_lm"); "without" or "no"
# just before a name says the variant is not there.
_LANGUAGE_MODEL_VARIANT = re.compile(r"\d*-?gram|(?<![a-z])lm(?![a-z])", re.I)
_LANGUAGE_MODEL_WORDS = _words("language_model_words")
# A variant said not to be there: "without LM", "no LM", "w/o an LM" (and "LM-free" after it).
_NEGATED = re.compile(r" (?:without|no|w o)(?: (?:a|an|the|its|any))? $")
COMPARES = word_lists.regex("compares")
# Other recognisers, by family name or by a hub id ("openai/whisper-large-v3").
_OTHER_MODEL = word_lists.regex("other_models")
# Only in the number's own clause, where they say whose it is: besides the words, a
# citation ("[12]") and a recogniser named for what it is ("ThaiASR-v2"; not "Thai ASR").
_OTHER_MODEL_NEARBY = re.compile(
    word_lists.pattern("other_models_nearby") + r"|\[\d+(?:[,–-]\s*\d+)*\]|"
    r"(?<![\w.-])(?!" + word_lists.pattern("not_a_recognisers_name") + r")(?-i:[A-Z])[\w.]*"
    r"(?:-|\s)?(?-i:ASR|STT)(?![a-z])[\w.-]*",
    re.I,
)
# What may stand between a variant's name and its model's: "the 4-gram variant of Typhoon".
_A_VARIANT_OF = frozenset({"variant", "version", "of"})
# A dataset split as cards name one: "the dev set", "validation", "(train)" ("training"
# alone is how a model was made).
_DATASET_SPLIT = re.compile(
    r"\b(dev|development|validation|valid|val|test|eval)\b(?:[ -](?:set|split|data))?|"
    r"\b(train(?:ing)?)[ -](?:set|split)\b|\((train(?:ing)?)\)",
    re.I,
)
_SPLIT_NAMES = dict.fromkeys(("development", "validation", "valid", "val"), "dev")
_SPLIT_NAMES.update(eval="test", training="train")


def _split_name(said: str) -> str:
    """A split as compared: "validation" and "dev" are one."""
    return _SPLIT_NAMES.get(said.lower(), said.lower())


def _splits_named(text: str):
    """(split as compared, as written) of each dataset split ``text`` names."""
    for said in _DATASET_SPLIT.finditer(text):
        yield _split_name(next(filter(None, said.groups()))), said.group().strip("() ")


COUNT_WORDS = _words("count_words")
_WHAT_AN_AGGREGATE_SPANS = _words("aggregate_spans")
_LINK_TARGET = re.compile(r"\bhttps?://[^\s()<>\]]+")
# A legend's definition: "OT2 = OpenThai2.0-ASR-Streaming (th-TH, this model) · TY = ...".
# (An abbreviation: two characters or more, a capital or a digit among them.)
_SHORT = r"(?=[\w+.-]*[A-Z0-9])[A-Za-z][\w+.-]{1,11}"
# Several training runs ("over 3 seeds", "of three runs"): their mean or best is no figure
# of the card's unless it prints one's value (adopt.py), and no aggregate of its sets.
SEVERAL_RUNS = re.compile(
    r"\b(?:over|across|of)\s+(?:\d+|two|three|four|five|ten)\s+(?:training\s+)?"
    r"(?:seeds|runs|re-?runs|trials)\b",
    re.I,
)
# A mean over runs, not over sets: "Mean of 3 seeds", "mean ± std over 3 seeds" (its "mean"
# would name the average).
_A_MEAN_OF_RUNS = re.compile(
    rf"\b(?:mean|average|avg)\b[^,;:()\d]{{0,12}}?{SEVERAL_RUNS.pattern}", re.I
)
# A common word written in capitals, kept apart from the word as names are compared: a legend's
# "IS = Isan" names Isan by "IS", not by every "is".
_COMMON_WORD_IN_CAPITALS = re.compile(
    rf"\b(?:{'|'.join(w.upper() for w in word_lists.words()['common_words'] if len(w) > 1)})\b"
)
# (Or a legend's list item: "- **OT2** = OpenThai2.0-ASR-Streaming", up to the next item.)
_A_DEFINITION = re.compile(  # (not a value: "TY=8.99" defines nothing)
    rf"(?:^|(?<=[\s·;,—(*]))(?P<short>{_SHORT})[*_]*\s*=\s*(?P<full>(?!\s*[-+−]?\d)[^=·;]+?)\s*"
    rf"(?=\Z|[·;]|\n[ \t]*\n|\n[ \t]*[-*+][ \t]|\s+[*_]*{_SHORT}[*_]*\s*=)",
    re.M,
)
# An abbreviation defined on first use, in capitals: "Typhoon ASR Streaming 0.6B (TY)".
_SHORT_IN_PARENTHESES = re.compile(r"\(\s*(?P<short>[A-Z][A-Z0-9+.-]{1,11})\s*\)")
# A character of a name: Thai writes no space between words, so a Thai letter ends a name
# ("OpenThai 1.5ได้7.72%": OpenThai 1.5 gets 7.72 %).
_NAME_CHAR = r"(?:[^\W\u0e01-\u0e4f]|[.+-])"
# A name the reader does not know, stating a result: capitalised words (perhaps with a
# version or size, "large-v3") before a verb that states one ("Foo reaches 11.20 %", "Foo,
# a production system, reports", "NovaThai ได้ 10.40%"), owning one ("Foo's CER is"), what a
# sentence is about ("For Foo, the CER is"), or whose a CER is ("the CER of Foo", "CER ของ
# Foo"). Whose number it is the reader cannot tell; it must not take it for the card's own.
_A_NAME = (
    rf"([A-Z]{_NAME_CHAR}*(?:\s+(?:[A-Z0-9]{_NAME_CHAR}*|[a-z]{_NAME_CHAR}*\d{_NAME_CHAR}*|"
    r"(?:tiny|base|small|medium|large|turbo|mini)\b)){0,3})"
)
_NAME_STATING_A_RESULT = re.compile(
    r"(?<![\w.'-])" + _A_NAME + r"(?:'s\s+(?:[\w-]+\s+){0,2}?(?:CER|WER|error|character|"
    r"result|score)|(?:\s*,[^,.;:()]{1,60},|\s*\([^()]*\)|\s*,)?"
    r"(?:\s+(?:model|system|recogni[sz]er))?(?:\s+|(?=[\u0e01-\u0e4f]))(?:"
    + word_lists.pattern("states_a_result")
    + r"))"
    r"|^[\W\d]*For\s+" + _A_NAME + r"\s*,"
    r"|(?:\b(?:CER|WER|error rate)\s+(?:of|for)\s+|(?:CER|WER|ผล(?:ลัพธ์)?)\s*ของ\s*"
    r"(?:โมเดล\s*)?)" + _A_NAME + rf"(?!{_NAME_CHAR})"
)
# A name just after what sets up a comparison: "than Foo", "compared with the Foo model".
_NAME_COMPARED = re.compile(
    r"(?i:" + COMPARES.pattern + r")\.?\s+(?i:(?:with|to)\s+)?"
    r"(?i:the\s+)?" + _A_NAME
)
# Markdown's emphasis ("**Biwa**", "_Biwa_"), not an underscore in a word ("2.0_th-mix").
_EMPHASIS = re.compile(r"\*+|(?<!\w)_+|_+(?!\w)")
# A name just before the parenthesis a number opens: "Compared to Foo (11.50 %)".
_NAME_BEFORE_A_PARENTHESIS = re.compile(r"(?<![\w.'-])" + _A_NAME + r"\s*\(\s*[*_]*$")
# A line that is a label and a number ("Foo-Large: 11.20 %", "**Bar ASR v3**: 12.00 %"),
# the label shaped like a model's name: a digit, a capital inside a word, or ASR/STT.
_LABEL_BEFORE_A_NUMBER = re.compile(
    r"\s*[*_]*([A-Z][\w.+-]*(?:\s+[\w.+-]+){0,3}?(?:\s*\([^()]*\))?)"
    r"[*_]*\s*:\s*[*_]*"
)
_LIKE_A_MODELS_NAME = re.compile(r"\d|[a-z-][A-Z]|(?<![a-z])(?:ASR|STT)(?![a-z])")
# The label a list item's text opens with, before a number: "**Biwa** — 10.10 %".
_ITEM_LABEL = re.compile(
    r"[*_]*([A-Z][^:—–\n*_]{0,40}?)[*_]*(?:\s*:|\s+[—–-])\s*[*_]*"
    r"(?=[-+−–]?\d)"
)
# "Our" just before such a name makes it the card's own model by another name ("our
# streaming Conformer reaches"; "our fine-tuned Whisper" is Whisper's, by its known name).
_OURS_BEFORE_A_NAME = re.compile(r"\bour\s+(?:[a-z][\w-]*\s+){0,2}$", re.I)
# What such a subject may be besides a name: an article (dropped), the card's own words
# for itself, or a word a sentence starts with ("It reaches", "Overall, ...").
_ARTICLES = frozenset({"The", "A", "An"})
_NOT_A_NAME = frozenset(_words("not_a_name"))


def _opens_no_name(word: str) -> bool:
    """Whether a label opening with ``word`` is no model's name: a word of not_a_name, as
    written or opening a sentence ("at the shortest chunk" as "At ...")."""
    return word in _NOT_A_NAME or word[:1].upper() + word[1:] in _NOT_A_NAME


_OURS_IN_A_NAMES_PARENTHESIS = re.compile(
    r"(?P<name>[A-Z][\w.+-]*(?:[ \t][A-Za-z0-9][\w.+-]*){0,3})\s*\(\s*(?P<ours>ours)\b[^()]*\)"
)
_PRONOUNS_OF_US = ("we", "us", "ของเรา", "เราได้")  # (Thai: "ours", "we got")
# (Each part holds a letter: "6.69/8.72" and "2024/05" are numbers.)
_HUB_ID = re.compile(
    r"(?<![\w/.-])(?=[\w.-]*[A-Za-z])[A-Za-z0-9][\w.-]*/"
    r"(?=[\w.-]*[A-Za-z])[\w.]*[-\d][\w.-]*"
)
# The versions and sizes in a model's name: "2.0" in "OpenThai2.0", "0.6B" (or "600M").
_VERSION = re.compile(r"(\d+(?:\.\d+)*)(?:\s*([bm])(?![a-z]))?", re.I)
# A model's name from its first word, with the version or size within three more
# capitalised words, none another family's: "OpenThai-ASR v1", "Typhoon ASR Streaming 1.5B"
# (a bare number is none: "Typhoon 9.50 %" quotes a CER).
_VERSIONED_NAME = (
    r"(?<![\w.-]){stem}(?:[\w-]|\.(?=\w))*(?:(?:\s+(?!{stems})(?-i:[A-Z])[\w-]*){{0,3}}?\s+"
    r"(?:v\d[\d.]*|version\s+\d[\d.]*|\d+(?:\.\d+)?\s*[bm]\b))?"
)
# A release named by its version alone ("v2.0", "version 1.5"): the card's own model's, at
# its own version, or another of its releases. Not a version right after a name ("Whisper
# v3", "large-v3", "FLEURS v2"), which is that name's. A pre-release ("v2.0-beta", "v2.0rc1")
# is another release than the card's.
_BARE_VERSION = re.compile(
    r"(?<![\w.-])(?:v|version\s+)(\d+(?:\.\d+)*)(?P<pre>[-+]?[a-z][\w.]*|\d)?", re.I
)
_A_NAME_RIGHT_BEFORE = re.compile(r"[A-Z0-9][\w.+-]*\s+$")
_SUPERSCRIPT_MARKS = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]")
_FamilyVersions = tuple[tuple[re.Pattern, frozenset[str]], ...]
_THAI_BESIDE_LATIN = re.compile(
    rf"(?<={_THAI.pattern})(?=[^\W\u0e00-\u0e7f])|(?<=[^\W\u0e00-\u0e7f])(?={_THAI.pattern})"
)
_FOUND_NAMES = Memo(kept=1 << 15)
_POSSESSIVE = re.compile(r"\w['’]s\b")
_METHOD_WORDS = {"mean": _words("mean_words"), "pooled": _words("pooled_words")}
SPLIT_WORDS = word_lists.regex("split_words")
# A word a card defines for itself, in quotes before "=" or defining_words; the definition
# runs to its sentence's end.
_QUOTED_TERM = r'["“](?P<term>[^\W\d][^"”\n]{0,38}?)["”]'
# (or to the next term it defines: '"long" = the joined recordings, "split" = cut at pauses')
_TO_THE_SENTENCE_END = (
    r"(?P<definition>(?:(?![,;]?\s*[\"“][^\"”\n]{1,40}[\"”]\s*=)"
    r"(?:[^.!?\n]|\.(?=\d)|\n(?![ \t]*\n)))*)"
)
_DEFINITION = re.compile(
    rf"{_QUOTED_TERM}\s*(?:=|{word_lists.pattern('defining_words')}){_TO_THE_SENTENCE_END}", re.I
)
_SAYS_CUT = re.compile(f"{SPLIT_WORDS.pattern}|{word_lists.pattern('cut_words')}", re.I)
_SAYS_REJOINED = word_lists.regex("rejoined_words")
WHOLE_WORDS = word_lists.regex("whole_words")


def in_pieces_words(text: str) -> re.Pattern:
    """The words that say a long recording was decoded in pieces: split_words, and each word
    ``text`` defines so, cut and the text put back, nothing whole ('"chunked" = we cut at
    pauses first and glue the text back'), in its -ed and -ing forms ("chunking")."""
    terms = []
    for found in _DEFINITION.finditer(text):
        said, term = found["definition"], found["term"].strip()
        if WHOLE_WORDS.search(said) or not (_SAYS_CUT.search(said) and _SAYS_REJOINED.search(said)):
            continue
        forms = re.sub(r"(?:ed|ing)$", "(?:ed|ing)", re.escape(term)) if term.isascii() else None
        terms.append(rf"(?<!\w){forms}(?!\w)" if forms else re.escape(term))
    return re.compile("|".join([SPLIT_WORDS.pattern, *terms]), re.I) if terms else SPLIT_WORDS


@lru_cache(maxsize=8)
def ways_of_decoding(in_pieces: re.Pattern) -> re.Pattern:
    """How a long recording was decoded, said in words: whole (group "whole"), or in pieces in
    the card's words for it (``in_pieces``)."""
    return re.compile(f"(?P<whole>{WHOLE_WORDS.pattern})|{in_pieces.pattern}", re.I)


def _versions_in(name: str) -> set[str]:
    """The versions and sizes in a name, as compared: {"2"} in "OpenThai2.0", {"0.6"} in
    "Typhoon 600M"."""
    found = set()
    for number, unit in _VERSION.findall(name):
        if number.count(".") > 1:  # "2.0.1": compared as written
            found.add(number)
            continue
        value = Decimal(number) / (1000 if unit.lower() == "m" else 1)
        found.add(format(value.normalize(), "f"))
    return found


def _own_versions(families: dict[str, list[str]]) -> _FamilyVersions:
    """For each first word of the card's model families ("Typhoon"), the versions and sizes
    its names and keys carry; a family with none ("Typhoon ASR") says nothing of others."""
    own: dict[str, set[str]] = {}
    for family, keys in families.items():
        stem = re.match(r"[^\W\d_]{4,}", family)
        if stem is None:
            continue
        found = own.setdefault(stem.group().lower(), set())
        for name in (family, *(key.split("_")[0] for key in keys)):
            found.update(_versions_in(name))
    stems = "|".join(map(re.escape, own))
    return tuple(
        (
            re.compile(_VERSIONED_NAME.format(stem=re.escape(stem), stems=stems), re.I),
            frozenset(versions),
        )
        for stem, versions in own.items()
        if versions
    )


@lru_cache(maxsize=1 << 16)  # pure, and asked of the same header for each of its cells
def plain_name(text: str) -> str:
    """Text as names are compared: lower case, punctuation as spaces, digits and a footnote's
    mark apart from letters ("0.6B + 4-gram" and "0.6b_4gram" both read "0 6 b 4 gram")."""
    # (A superscript mark stays apart from the digit a name may end with: "GigaSpeech2²".)
    text = re.sub(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]+", lambda mark: " " + mark.group(), text)
    text = _COMMON_WORD_IN_CAPITALS.sub(lambda word: f"{word[0]}caps", text)
    text = re.sub(r"[\W_]+", " ", unicodedata.normalize("NFKC", text).lower())
    text = re.sub(r"(?<=\d)(?=[^\W\d])|(?<=[^\W\d])(?=\d)", " ", text)
    # Thai apart from Latin, as digits are from letters: "GigaSpeech2แบบยาว".
    text = _THAI_BESIDE_LATIN.sub(" ", text)
    return " " + " ".join(text.split()) + " "


@lru_cache(maxsize=8)
def _any_of(texts: frozenset[str]) -> re.Pattern:
    """Any of ``texts``, in any case, the longest first."""
    return re.compile("|".join(map(re.escape, sorted(texts, key=len, reverse=True))), re.I)


@lru_cache(maxsize=64)
def _probes(names: tuple[tuple[str, str], ...]) -> tuple[tuple[str, int, int, str], ...]:
    """Each name as searched for: (probe, head, tail, key). Thai writes no space between
    words, so a name's Thai end needs none beside it ("GigaSpeech2 แบบยาวเป็นชุดที่..."):
    ``head`` and ``tail`` say which end's space the probe leaves out."""
    found = []
    for name, key in names:
        head, tail = (int(bool(_THAI.match(name[at]))) for at in (1, -2))
        found.append((name[head : len(name) - tail], head, tail, key))
    return tuple(found)


_ONE_OF_EACH: dict[Names, Names] = {}
_SAID = Memo(kept=1 << 16)


def _remembered(method: Callable[[Names, str], list[str]]) -> Callable[[Names, str], list[str]]:
    """``method`` of a card's names, remembered by the text asked: a sentence or a header is
    asked again for each of its numbers."""

    @functools.wraps(method)
    def remembered(names: Names, text: str) -> list[str]:
        return list(_SAID.get((names, method.__name__, text), lambda: method(names, text)))

    return remembered


@dataclass(frozen=True)
class Names:
    """Every name the card's figures answer to, longest first."""

    subjects: tuple[tuple[str, str], ...]  # (plain name, set or aggregate key)
    systems: tuple[tuple[str, str], ...]  # (plain name, system key)
    latencies: frozenset[int] = frozenset()
    dataset_ids: frozenset[str] = frozenset()  # the sets' hub ids, in lower case
    # Per family's first word ("Typhoon"): its names' pattern, and the card's versions.
    versions: _FamilyVersions = ()
    # Names that may be said of another recogniser too: "we", "LM" ("Whisper + LM"), "4-gram".
    loose: frozenset[str] = frozenset()
    # The dataset splits the card's sets are ("test"), as _SPLIT_NAMES names them.
    splits: frozenset[str] = frozenset({"test"})
    # The card's own model and its variants ("openthai2.0-asr-streaming", "..._th-mix").
    own: frozenset[str] = frozenset()
    # The words that name an aggregate by its method alone ("average", "avg", "pooled"), and
    # the aggregates' keys: "LOTUSDIS (avg. of 5 mics)" is LOTUSDIS's, not the average's.
    method_words: frozenset[str] = frozenset()
    aggregates: frozenset[str] = frozenset()
    # The versions in the own model's name ({"2"} for "OpenThai2.0"): "v2.0" names it.
    own_versions: frozenset[str] = frozenset()
    # The words that say a long recording was decoded in pieces, the card's own among them.
    in_pieces: re.Pattern = SPLIT_WORDS
    # The card's own run: its bootstrap's resamples and seed ("2000 resamples (seed 7)" is
    # another run's).
    bootstrap: tuple[int, int | None] = (1000, 1)

    def __hash__(self) -> int:
        # (Names key what is remembered of each sentence, asked of each of its numbers:
        # hashed once, not field by field at every asking.)
        if "_hash" not in self.__dict__:
            fields = tuple(getattr(self, name) for name in self.__dataclass_fields__)
            self.__dict__["_hash"] = hash(fields)
        return self.__dict__["_hash"]

    @classmethod
    def of(cls, spec: CardSpec, aliases: dict[str, str], card_text: str = "") -> Names:
        """The names of ``spec``'s figures, with ``aliases``; ``card_text``: the card, where it
        defines words of its own (a legend's "OT2 = OpenThai2.0-ASR-Streaming" too)."""
        names = cls._of(spec, aliases, card_text)
        if defined := names.defined_in(card_text):
            names = cls._of(spec, defined | aliases, card_text)
        # One object for equal names: what is remembered of a sentence is found by identity,
        # not by comparing every name (a card is read by several commands and checks).
        if len(_ONE_OF_EACH) > 64:
            _ONE_OF_EACH.clear()
        return _ONE_OF_EACH.setdefault(names, names)

    @classmethod
    def _of(cls, spec: CardSpec, aliases: dict[str, str], card_text: str) -> Names:
        own = spec.publish_system or next(iter(spec.systems), None)
        subjects, method_words = _subject_names(spec)
        systems, loose, families = _system_names(spec, own)
        for text, key in aliases.items():
            (systems if key in spec.systems else subjects)[plain_name(text)] = key
        _add_long_sets(spec, subjects, aliases.items())
        splits = {_split_name(source.split or "test") for source in spec.datasets.values()}
        return cls(
            tuple(sorted(subjects.items(), key=lambda item: -len(item[0]))),  # longest first
            tuple(sorted(systems.items(), key=lambda item: -len(item[0]))),
            frozenset(spec.latencies),
            frozenset(source.id.lower() for source in spec.datasets.values()),
            _own_versions(families),
            frozenset(loose - {plain_name(text) for text in aliases}),
            frozenset(splits or {"test"}),
            frozenset(
                key
                for key in spec.systems
                if own is not None and (key == own or key.startswith(f"{own}_"))
            ),
            frozenset(method_words),
            frozenset(a.key for a in spec.aggregates),
            frozenset(_versions_in(spec.systems[own]) if own in spec.systems else ()),
            in_pieces_words(card_text),
            (spec.resamples, spec.seed),
        )

    def defined_in(self, card_text: str) -> dict[str, str]:
        """The abbreviations a card's legend defines, each for one key alone: "OT2 =
        OpenThai2.0-ASR-Streaming", "TY+LM = the same with its 4-gram LM"."""
        defined = {}
        # (as it reads: a figure's marker, "TY=<!-- scoring:figure cer/.../tv_long/... -->",
        # names nothing, so a marked card defines what it did unmarked)
        text = COMMENT.sub(" ", card_text)
        for said in _A_DEFINITION.finditer(text):
            keys = set(self.systems_in(said["full"])) | set(self.subjects_in(said["full"]))
            if len(keys) == 1 and not self._is_ours(said["short"]):
                defined[said["short"]] = keys.pop()
        # "Typhoon ASR Streaming 0.6B (TY)": a name of one key right before the parenthesis.
        for said in _SHORT_IN_PARENTHESES.finditer(text):
            before = text[max(0, said.start() - 120) : said.start()]
            ending = len(plain_name(before))
            keys = {
                key
                for names in (self.systems, self.subjects)
                for _, end, key in self._find(before, names)
                if end == ending
            }
            if len(keys) == 1 and not self._is_ours(said["short"]):
                defined.setdefault(said["short"], keys.pop())
        return defined

    def another_split_in(self, text: str) -> str | None:
        """A dataset split none of the card's sets is, as ``text`` names it ("FLEURS dev")."""
        return next((said for split, said in _splits_named(text) if split not in self.splits), None)

    def names_a_split_of_ours(self, text: str) -> bool:
        return any(split in self.splits for split, _ in _splits_named(text))

    def another_version_in(self, text: str, *, bare: bool = True) -> str | None:
        """A name of one of the card's models with a version or size none of its systems has:
        "Typhoon 1.5B" where the card's is Typhoon 0.6B (not "Typhoon ASR", without one); with
        ``bare``, also another release by its version alone ("v1.5")."""
        if spans := self._other_versions(text):
            return text[slice(*spans[0])]
        if not bare:
            return None
        return next((found.group() for found, own in self._releases(text) if not own), None)

    def _other_versions(self, text: str) -> list[tuple[int, int]]:
        """Where ``text`` names a model of the card's at another version or size, in order."""
        text = _SUPERSCRIPT_MARKS.sub(" ", text)  # "Typhoon 1.5B¹": a footnote's mark
        spans = [
            mention.span()
            for pattern, own in self.versions
            for mention in pattern.finditer(text)
            if (found := _versions_in(mention.group())) and not found & own
        ]
        return sorted(spans)

    def names_own_release(self, text: str) -> bool:
        """Whether ``text`` names the own model's release by its version alone ("v2.0")."""
        return any(own for _, own in self._releases(text))

    def _releases(self, text: str) -> list[tuple[re.Match, bool]]:
        """Each release ``text`` names by its version alone, and whether it is the own model's;
        none where the own model's name has no version."""
        if not self.own_versions:
            return []
        return [
            (said, not said["pre"] and bool(_versions_in(said[1]) & self.own_versions))
            for said in _BARE_VERSION.finditer(text)
            if not _A_NAME_RIGHT_BEFORE.search(text[: said.start()])
        ]

    def _own_version_as_ours(self, text: str) -> str:
        """``text`` with a bare version of the own model's ("v2.0") said as "ours"."""
        for found, own in reversed(self._releases(text)):
            if own:
                text = f"{text[: found.start()]}ours{text[found.end() :]}"
        return text

    @staticmethod
    def _find(text: str, names) -> tuple[tuple[int, int, str], ...]:
        """(start, end, key) of each name in ``text``, as compared, longer names first, none
        overlapping. Remembered: a header is asked again for each of its cells."""
        return _FOUND_NAMES.get((text, names), lambda: Names._find_in(text, names))

    @staticmethod
    def _find_in(text: str, names) -> tuple[tuple[int, int, str], ...]:
        plain = plain_name(text)
        taken = [False] * len(plain)
        found = []
        for probe, head, tail, key in _probes(names):
            at = plain.find(probe)
            while at >= 0:
                start, end = at - head, at + len(probe) + tail  # as if spaced
                if not any(taken[start + 1 : end - 1]):
                    found.append((start, end, key))
                    taken[start + 1 : end - 1] = [True] * (end - start - 2)
                at = plain.find(probe, at + 1)
        return tuple(sorted(found))

    def opens_with_a_recogniser(self, text: str) -> bool:
        """Whether ``text`` opens with a recogniser's name, the card's or another's ("Whisper
        large-v3"), not with what is a recogniser's ("Typhoon's errors")."""
        head = " ".join(text.split()[:4])
        if not head or _POSSESSIVE.search(head):
            return False
        return bool(self.system_opening(head)) or self.another_model_in(head.split()[0]) is not None

    def system_opening(self, text: str) -> str | None:
        """The card's system ``text`` opens with, the longest ("Typhoon + 4-gram": the variant)."""
        head = " ".join(text.split()[:6])
        opening = [key for start, _, key in self._find(head, self.systems) if start == 0]
        if not opening:
            return None
        qualified = self.systems_in(head)  # a variant's name just after it names the variant
        if qualified and qualified[0] != opening[0] and qualified[0].startswith(opening[0]):
            return qualified[0]
        return opening[0]

    def another_model_in(self, text: str, *, nearby: bool = False) -> str | None:
        """A recogniser ``text`` names that is none of the card's systems: a family name or a
        hub id; where ``text`` is a number's own clause (``nearby``), also a toolkit, a name
        ending in ASR, "the commercial API", or an unknown name stating a result."""
        for hub in _HUB_ID.finditer(text):
            if hub.group().lower() not in self.dataset_ids and not self.systems_in(hub.group()):
                return hub.group()
        # ("[FLEURS](https://huggingface.co/datasets/google/fleurs)" names no recogniser.)
        text = _LINK_TARGET.sub(" ", text)
        if found := _OTHER_MODEL.search(text):
            return found.group()
        if not nearby:
            return None
        for said in _OTHER_MODEL_NEARBY.finditer(text):
            # (with the word before it: "the 4-gram baseline" is the card's 4-gram system)
            word_before = text[: said.start()].split()[-1:]
            if not self.systems_in(" ".join([*word_before, said.group()])):
                return said.group()
        return self.unknown_name(text)

    def unknown_name(self, text: str) -> str | None:
        """A name none of the card's stating a result in ``text``: "Foo reaches 11.20 %"."""
        text = _EMPHASIS.sub("", text)  # "**Biwa** gets 10.10 %", "*Biwa* gets ..."
        for said in _NAME_STATING_A_RESULT.finditer(text):
            name = self._none_of_ours(said.group(1) or said.group(2) or said.group(3))
            if name and not _OURS_BEFORE_A_NAME.search(text, 0, said.start()):
                return name
        return None

    def unknown_name_compared(self, text: str) -> str | None:
        """A name none of the card's that ``text`` compares with: "than Foo", "against Foo"."""
        for said in _NAME_COMPARED.finditer(_EMPHASIS.sub("", text)):
            if name := self._none_of_ours(said.group(1).rstrip(".")):
                return name
        return None

    def unknown_name_before_its_parenthesis(self, before: str) -> str | None:
        """The name none of the card's before a number's parenthesis: "Foo (11.50 %)"."""
        said = _NAME_BEFORE_A_PARENTHESIS.search(before)
        if said is None or _OTHER_MODEL.search(said.group(1)):
            return None  # (a recogniser known by name is found as such, further on)
        return self._none_of_ours(said.group(1))

    def _none_of_ours(self, said: str) -> str | None:
        """``said`` as a name, if it is none of the card's systems or sets and does not start
        with a word that starts sentences."""
        words = said.split()
        # (Less an article, or a set's whole name before it: "FLEURS NovaThai ได้ 10.40%".)
        while words and (words[0] in _ARTICLES or self.subjects_in(words[0])):
            words = words[self._words_of_a_sets_name(words) or 1 :]
        name = " ".join(words)
        if A_DURATION.fullmatch(name.strip(" ,;:")):  # ("Average, 560 ms": a latency, no name)
            return None
        return name if words and not _opens_no_name(words[0]) and not self._is_ours(name) else None

    def _ours_of_another(self, text: str) -> str:
        """``text`` without an "ours" that qualifies a name none of the card's: "Conformer-CTC
        (ours, 2024)" is an earlier model of the card's authors, not the card's own; nor one
        of the card's baselines: "Typhoon 0.6B (ours)" is our run of Typhoon 0.6B."""
        for said in _OURS_IN_A_NAMES_PARENTHESIS.finditer(text):
            name = said.group("name")
            if self._none_of_ours(name) or set(self.systems_in(name)) - self.own:
                start, end = said.span("ours")
                text = text[:start] + " " * (end - start) + text[end:]
        return text

    def _is_ours(self, name: str) -> bool:
        return bool(self.systems_in(name) or self.subjects_in(name))

    def _words_of_a_sets_name(self, words: list[str]) -> int:
        """How many of ``words``, from the first, are one set's name: 2 of "TVSpeech long"."""
        taken, found = 0, []
        for count in range(1, len(words) + 1):
            named = self.subjects_in(" ".join(words[:count]))
            if len(named) == 1 and named != found:
                taken, found = count, named
        return taken

    def unknown_label(self, before: str) -> str | None:
        """The label shaped like a model's name, none of the card's, that is all of what stands
        before a number (``before``): "Foo-Large" in "- Foo-Large: 11.20 %"."""
        label = _LABEL_BEFORE_A_NUMBER.fullmatch(before)
        if (
            label is None
            or _opens_no_name((name := label.group(1)).split()[0])
            # (A latency's digits make no name: "Not at 560 ms: −0.27 points".)
            or not _LIKE_A_MODELS_NAME.search(A_DURATION.sub(" ", name))
            or self._is_ours(name)
        ):
            return None
        return name

    def item_label(self, item: str) -> tuple[str, bool] | None:
        """(label, whether it names a system of the card's) of a list item (its text after the
        marker) opening with a label and a number; none where the label names a set or a
        quantity ("Improvement")."""
        label = _ITEM_LABEL.match(item)
        if label is None:
            return None
        said = label.group(1).strip()
        if self.systems_in(said):
            return said, True
        name = self._none_of_ours(said)
        return (name, False) if name else None

    def systems_named_outright(self, text: str) -> list[str]:
        """The systems ``text`` names by a name of their own, not by a loose one ("we", "LM")."""
        text = self._own_version_as_ours(text)
        plain = plain_name(text)
        return [
            key
            for start, end, key in self._find(text, self.systems)
            if plain[start:end] not in self.loose and not _DENIED_OF_US.search(plain[:end])
        ]

    def latencies_in(self, text: str) -> list[int]:
        """The card's latencies ``text`` names, in ms ("560 ms", "0.56 s")."""
        return [ms for ms in latencies_in(text) if ms in self.latencies]

    @_remembered
    def subjects_in(self, text: str) -> list[str]:
        text = _A_MEAN_OF_RUNS.sub(lambda said: " " * len(said[0]), text)
        found = self._find(text, self.subjects)
        if self.method_words and len({key for _, _, key in found}) > 1:
            plain = plain_name(text)
            by_method = [plain[start:end] in self.method_words for start, end, _ in found]
            named = {key for (_, _, key), method in zip(found, by_method) if not method}
            if named & self.aggregates:  # another aggregate by its own name: its method's
                found = [
                    entry
                    for entry, method in zip(found, by_method)
                    if not method or entry[2] in named
                ]
        return [key for _, _, key in found]

    @cached_property
    def _other_products(self) -> re.Pattern:
        """A family's bare name, any words of the card's names after it, then a capitalised
        word that none of them holds: "Typhoon ASR Realtime" is another product of the
        family, not the card's Typhoon 0.6B (with a version, "Typhoon 0.6B Realtime", ours);
        so is a name of the card's continued by a hyphen: "OpenThai2.0-ASR-Streaming-Small"."""
        named = [name.split() for name, _ in self.systems + self.subjects]
        words = "|".join(sorted({re.escape(w) for each in named for w in each}, key=len)[::-1])
        family = "|".join(sorted({re.escape(name.split()[0]) for name, _ in self.systems}))
        another = rf"(?!(?i:{words}|{word_lists.pattern('common_words')})\b)[A-Z][a-z]\w*"
        return re.compile(
            rf"(?i:\b(?:{family}))(?:[ \t]+(?i:{words})\b)*[ \t]+{another}"
            rf"|(?i:\b(?:{family}))[\w.]*(?:-(?:(?i:{words})\b|\d[\w.]*))*-{another}"
        )

    def another_product_in(self, text: str) -> str | None:
        """Another product of a family of the card's ("Typhoon ASR Realtime"): a name of the
        card's systems before its last word (not "4 Ablation", after a word of "4-gram")."""
        for found in self._other_products.finditer(text):
            if self.systems_in(re.sub(r"[\s-]+\w+$", "", found.group())):
                return found.group()
        return None

    def own_systems_in(self, text: str) -> list[str]:
        """The systems ``text`` names before a comparison ("OpenThai vs Typhoon": OpenThai)."""
        compares = COMPARES.search(text)
        return self.systems_in(text if compares is None else text[: compares.start()])

    @_remembered
    def systems_in(self, text: str) -> list[str]:
        """The systems ``text`` names. A name closely followed or preceded by one of its
        variants' ("Typhoon + 4-gram LM", "the 4-gram variant of Typhoon") names the variant
        alone; a variant said not to be there ("Typhoon without LM") is not named."""
        if "/" in text and self.dataset_ids:  # the sets' hub ids ("typhoon-ai/...") blanked
            text = _any_of(self.dataset_ids).sub(lambda found: " " * len(found.group()), text)
        text = self._own_version_as_ours(_OUR_BEFORE_A_NUMBER.sub("ours", text))
        if "ours" in text:
            text = self._ours_of_another(text)
        for start, end in self._other_versions(text):  # ("Typhoon2-Audio" is no Typhoon 0.6B)
            text = f"{text[:start]}{' ' * (end - start)}{text[end:]}"
        text = self._other_products.sub(lambda other: " " * len(other[0]), text)
        found = self._find(text, self.systems)
        if not found:
            return []
        plain = plain_name(text)
        found = tuple(
            (start, end, key)
            for start, end, key in found
            if "_" not in key
            or not (_NEGATED.search(plain[: start + 1]) or plain.startswith(" free ", end - 1))
        )
        qualified = set()
        for i, j in itertools.permutations(range(len(found)), 2):
            key, variant = found[i][2], found[j][2]
            (_, end, _), (start, _, _) = sorted((found[i], found[j]))
            if "_" not in variant or variant.rsplit("_", 1)[0] != key or start < end - 1:
                continue
            between = plain[end:start].split()
            if (j > i and len(between) <= 3) or (  # after: "Typhoon + 4-gram LM"
                j < i  # before: "the 4-gram variant of Typhoon"
                and (len(between) <= 1 or set(between) <= _A_VARIANT_OF)
                and not any(word.isdigit() for word in between)
            ):
                qualified.add(i)
        return [key for i, (_, _, key) in enumerate(found) if i not in qualified]


# ----------------------------------------------------------------- the names of a card


def _word_as_found(word: str) -> str:
    """A word's plain name; a Thai one's without spaces around it, as Thai runs its words
    together ("ค่าเฉลี่ยของ 11 ชุดข้อมูล")."""
    return plain_name(word).strip() if _THAI.match(word) else plain_name(word)


def _subject_names(spec: CardSpec) -> tuple[dict[str, str], set[str]]:
    """({plain name: set or aggregate key}, the method words naming an aggregate); the first
    name given wins."""
    subjects: dict[str, str] = {}
    for key, display in spec.set_names.items():
        subjects[plain_name(display)] = subjects[plain_name(key)] = key
    for aggregate in spec.aggregates:
        for name in (aggregate.display, aggregate.key):
            subjects[plain_name(name)] = aggregate.key
    # A set named in Thai: "อีสาน" for Isan (found inside a run of Thai words).
    for key, display in spec.set_names.items():
        thai = [word_lists.thai_names().get(word.lower(), word) for word in display.split()]
        if thai != display.split():
            said = plain_name(" ".join(thai))
            subjects.setdefault(said.strip() if len(thai) == 1 else said, key)
    # A name written in one word is also written in two: "TV Speech", "Giga Speech2".
    for key, display in spec.set_names.items():
        subjects.setdefault(plain_name(_CAMEL_CASE.sub(" ", display)), key)
    method_words = _add_method_words(spec, subjects)
    _add_counted_aggregates(spec, subjects)
    _add_set_endings(spec, subjects)
    _add_names_without_their_number(spec, subjects)
    _add_long_sets(spec, subjects)
    return subjects, method_words


def _only_one(named: Iterable[tuple]) -> dict:
    """{name: key} of the (name, key) pairs whose name no other key has, in their order."""
    keys: dict = {}
    for name, key in named:
        keys.setdefault(name, []).append(key)
    return {name: found[0] for name, found in keys.items() if len(found) == 1}


def _add_method_words(spec: CardSpec, subjects: dict[str, str]) -> set[str]:
    """ "averages" for the one mean aggregate, "pooled" for the one pooled; returns those
    words that name it."""
    method_words, alone = set(), _only_one((a.method, a.key) for a in spec.aggregates)
    for method, words in _METHOD_WORDS.items():
        if key := alone.get(method):
            for said in map(_word_as_found, words):
                if subjects.setdefault(said, key) == key:
                    method_words.add(said)
    return method_words


def _add_counted_aggregates(spec: CardSpec, subjects: dict[str, str]) -> None:
    """An aggregate by how many sets it spans, where no other spans as many: "5 devices"."""
    for count, key in _only_one((len(a.sets), a.key) for a in spec.aggregates).items():
        if 1 < count < len(COUNT_WORDS):
            for said in (str(count), COUNT_WORDS[count]):
                for unit in _WHAT_AN_AGGREGATE_SPANS:
                    subjects.setdefault(plain_name(f"{said} {unit}"), key)


def _add_set_endings(spec: CardSpec, subjects: dict[str, str]) -> None:
    """A set by the last word of its name, where it alone ends so: "jbl" for "LOTUSDIS jbl"."""
    names = [(display.split(), key) for key, display in spec.set_names.items()]
    endings = _only_one((plain_name(words[-1]), key) for words, key in names if len(words) > 1)
    for ending, key in endings.items():
        if not ending.strip().isdigit():
            subjects.setdefault(ending, key)


_A_RELEASE_NUMBER = re.compile(r"v?\d+(?:\.\d+)*", re.I)


def _add_names_without_their_number(spec: CardSpec, subjects: dict[str, str]) -> None:
    """A set by its name without the release number that ends it, where no other set is so
    named: "Common Voice" for "Common Voice 17"."""
    shortened = []
    for key, display in spec.set_names.items():
        base, _, last = display.rpartition(" ")
        if base and _A_RELEASE_NUMBER.fullmatch(last):
            shortened.append((plain_name(base), key))
    for name, key in _only_one(shortened).items():
        subjects.setdefault(name, key)


def _add_long_sets(spec: CardSpec, subjects: dict[str, str], aliases=()) -> None:
    """A set named as its sibling and a word ("TVSpeech long") with the word on either side,
    and a long set with any word for long recordings ("long-form TVSpeech"); so with the
    sibling's key ("long-form GS2") or an alias of it (``aliases``, (text, key) pairs: "TVS
    long" where "TVS" = TVSpeech)."""
    displays = {plain_name(display): key for key, display in spec.set_names.items()}
    for key, display in spec.set_names.items():
        base, _, word = display.rpartition(" ")
        if not base or plain_name(base) not in displays:
            continue
        sibling = displays[plain_name(base)]
        names = [base, sibling] + [text for text, aliased in aliases if aliased == sibling]
        for name in names:
            for said in LONG_WORDS if word.lower() == "long" else (word,):
                subjects.setdefault(plain_name(f"{said} {name}"), key)
                subjects.setdefault(plain_name(f"{name} {said}"), key)


def _system_names(spec: CardSpec, own: str | None) -> tuple[dict, set[str], dict[str, list]]:
    """({plain name: system key}, the loose words among them, {family: its systems}); the
    first name given wins."""
    systems: dict[str, str] = {}
    for key, display in spec.systems.items():
        systems[plain_name(display)] = systems[plain_name(key)] = key
    for key, display in spec.systems.items():  # "Open Thai2.0"
        systems.setdefault(plain_name(_CAMEL_CASE.sub(" ", display)), key)
    loose = _add_variants(spec, systems)
    families = _add_families(spec, systems)
    # The card's own model as cards write it in a table of models: "Ours", "This model".
    if own is not None:
        for word in _OWN_MODEL_WORDS:
            systems.setdefault(_word_as_found(word), own)
    return systems, loose, families


def _add_variants(spec: CardSpec, systems: dict[str, str]) -> set[str]:
    """A variant's own part ("4-gram") for the one system with it, and the LM words for the
    one variant with a language model. Returns the loose words: those, and our pronouns."""
    parts = {key: key.rsplit("_", 1)[1] for key in spec.systems if "_" in key}  # "4gram"
    loose = {_word_as_found(word) for word in (*_LANGUAGE_MODEL_WORDS, *_PRONOUNS_OF_US)}
    for word, key in _only_one((plain_name(part), key) for key, part in parts.items()).items():
        systems.setdefault(word, key)
        loose.add(word)
    with_lm = [key for key, part in parts.items() if _LANGUAGE_MODEL_VARIANT.search(part)]
    if len(with_lm) == 1:
        for word in _LANGUAGE_MODEL_WORDS:
            systems.setdefault(plain_name(word), with_lm[0])
    return loose


def _add_families(spec: CardSpec, systems: dict[str, str]) -> dict[str, list[str]]:
    """A model named without its variant ("OpenThai2.0" for "OpenThai2.0 (th-mix)"), or by
    its first word where no other family starts with it ("Typhoon"): the card's own system
    among its variants, else the one without a variant. Returns {family: its systems}."""
    families: dict[str, list[str]] = {}
    for key, display in spec.systems.items():
        family = re.sub(r"\s*(\(.*\)|\+.*)$", "", display)
        if plain_name(family).strip():
            families.setdefault(family, []).append(key)
    first_words = _only_one(
        (plain_name(family.split()[0]), family)
        for family in families
        if len(family.split()) > 1 and not plain_name(family.split()[0]).strip().isdigit()
    )
    for family, keys in families.items():
        own = [k for k in keys if k == spec.publish_system] or [k for k in keys if "_" not in k]
        if len(own) == 1:
            systems.setdefault(plain_name(family), own[0])
            first = plain_name(family.split()[0])
            if first_words.get(first) == family:
                systems.setdefault(first, own[0])
    return families
