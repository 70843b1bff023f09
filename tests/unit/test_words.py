"""The reader's words, as data: every entry of words.toml matches an example, whole words
only where it is English, and the lists the reader builds from them say what they did."""

from __future__ import annotations

import re

import pytest

from scoring.card import words

# An example for every entry that is not a plain word: (list, entry) -> a text it must match.
# A plain word or phrase is its own example. Adding an entry with regular expression syntax
# means adding its example here.
EXAMPLES = {
    ("our_metric", r"character error\w*"): "the character errors",
    ("our_metric", r"ผิดพลาด(?:\S{0,6}ระดับ)?(?:ตัว)?อักษร"): "อัตราผิดพลาดตัวอักษร",
    ("our_metric", r"ผิดพลาด(?:\S{0,6}ระดับ)?อักขระ"): "อัตราความผิดพลาดระดับอักขระ",
    ("other_metrics", "rtfx?"): "an RTFx of 40",
    ("other_metrics", "speed-?up"): "a speed-up of 2",
    ("other_metrics", "real[- ]time factor"): "a real-time factor of 0.05",
    ("other_metrics", "param(?:eter)?s?"): "600M parameters",
    ("other_metrics", "p-?values?"): "the p-value",
    ("other_metrics", "f-?1"): "an F1 of",
    (
        "other_metrics",
        r"(?:substitution|deletion|insertion)\s+(?:errors?|rate)",
    ): "the deletion rate",
    ("other_metrics", "shares?"): "its share",
    ("other_metrics", "proportions?"): "the proportion",
    (
        "other_metrics",
        r"(?:speaking|speech|hallucination|deletion|insertion|substitution)"
        r"[\s-]+rates?",
    ): "the hallucination rate",
    ("other_metrics", r"ผิดพลาด(?:\S{0,6}ระดับ)?คำ(?!นวณ)"): "อัตราผิดพลาดคำ",
    ("relative", r"relative\w*"): "relatively lower",
    ("relative", r"rel\."): "29.6 % rel. lower",
    ("relative", r"reduction\w*"): "reductions of",
    ("subject_changes", r"as\s+for"): "as for the dialect set",
    ("subject_changes", r"as\s+to"): "as to Isan",
    ("subject_changes", "ส่วน(?!ต่าง|ใหญ่|หนึ่ง)"): "ส่วนชุดข้อมูลภาษาอีสาน",
    ("set_words", r"(?:data\s?)?sets?"): "the data set",
    ("set_words", "corp(?:us|ora)"): "the corpora",
    ("set_words", "benchmarks?"): "both benchmarks",
    ("bounds", r"less\s+than"): "less than",
    ("bounds", r"more\s+than"): "more than",
    ("bounds", r"fewer\s+than"): "fewer than",
    ("split_words", "segment(?:s|ed)"): "segmented",
    (
        "whole_words",
        r"whole(?!\s+(?:of|test|set|sets|card|data|dataset|datasets|table|suite|"
        r"benchmark|recordings?)\b)",
    ): "decoded whole",
    ("whole_words", "un(?:split|segmented)"): "unsegmented",
    ("whole_words", r"not\s+(?:split|segmented)"): "not split",
    ("whole_words", r"in\s+one\s+(?:piece|pass|go)"): "in one pass",
    ("as_published", r"as\s+(?:published|released|shipped)"): "greedy (as released)",
    (
        "interval_levels",
        r"confidence(?:\s+(?:level|interval))?(?:\s+of)?",
    ): "a confidence level of",
    ("interval_levels", r"ความเชื่อมั่น(?:\s*ที่)?"): "ความเชื่อมั่นที่",
    ("settings_before", "λ"): "beam 8, λ 0.5",
    ("decoding_settings", r"(?:lm|language[- ]model)\s+weight"): "LM weight",
    ("decoding_settings", r"beam(?:\s+(?:size|width))?"): "Beam size",
    ("decoding_settings", r"(?:word\s+)?insertion\s+penalty"): "Word insertion penalty",
    ("decoding_settings", r"length\s+penalty"): "length penalty",
    ("cut_words", "cut(?:s|ting)?"): "we cut at pauses",
    ("cut_words", "chop(?:s|ped|ping)?"): "chopped at pauses",
    (
        "rejoined_words",
        r"(?:glu(?:e|es|ed|ing)|stitch(?:es|ed|ing)?|join(?:s|ed|ing)?|put(?:s|ting)?)"
        r"\s+(?:[\w-]+\s+){0,3}?back",
    ): "glue the text back",
    ("rejoined_words", r"re-?(?:join|stitch|assembl)\w*"): "the text reassembled",
    ("compares", "beats?"): "it beats Typhoon",
    ("compares", r"outperform\w*"): "it outperforms Typhoon",
    ("compares", "trails?"): "it trails Typhoon",
    (
        "compares",
        r"(?:gains?|improve(?:s|d|ments?)?|leads?|edge|advantage|margin|wins?)\s+over",
    ): "a clear gain over Typhoon",
    ("other_models", "wav2vec ?2?"): "a wav2vec2 model",
    ("other_models", "xls-?r"): "XLS-R 300M",
    ("other_models", "seamless(?:m4t)?"): "SeamlessM4T",
    ("other_models", r"gpt-?4o[\w-]*"): "gpt-4o-transcribe",
    ("other_models", r"qwen[\w.-]*"): "Qwen2-Audio",
    (
        "other_models",
        r"(?:google|azure|microsoft|aws|amazon)(?: cloud| ai)?[ -](?:stt|speech|asr|transcribe|usm)",
    ): "Google Cloud STT",
    ("other_models", r"rev\.ai"): "Rev.ai",
    ("other_models", "data2vec"): "data2vec",
    ("other_models", "speecht5"): "SpeechT5",
    ("other_models", "granite[ -]speech"): "Granite Speech",
    ("other_models_nearby", "google(?!(?:'s)? fleurs)"): "served on Google",
    ("other_models_nearby", "baselines?(?!-)"): "a Kaldi baseline",
    ("other_models_nearby", "competitors?"): "its competitors",
    ("other_models_nearby", "other (?:models?|systems?|recogni[sz]ers?)"): "other systems",
    ("other_models_nearby", r"(?:model|system) (?-i:[A-Z])(?![\w.-])"): "Model X gets",
    ("other_models_nearby", "state[- ]of[- ]the[- ]art"): "the state-of-the-art",
    ("other_models_nearby", "(?:prior|previous|published) (?:work|best)"): "prior work",
    ("units", "k?Hz"): "at 16 kHz",
    ("units", "[KMGT]B"): "a 1.5 GB model",
    ("units", "[kMBT]"): "0.6 B parameters",
    ("units", r"per(?!\s+cent)"): "12.50 words per utterance",
    ("settings_before", r"(?<!error )(?<!cer )rate of"): "a sampling rate of",
    ("settings_before", "learning[- ]rate"): "the learning-rate",
    ("settings_before", "top-?[pk]"): "top-p",
    ("settings_before", "licen[cs]e"): "the licence",
    ("settings_before", r"cc[- ]by(?:[- ][a-z]{2})*"): "CC-BY-SA",
    ("settings_before", "seamless(?:m4t)?"): "SeamlessM4T",
    ("not_a_whole_percent", r"rel\."): "30 % rel. lower",
    ("lower_words", "lower(?:s|ed)?"): "it lowers the CER",
    ("lower_words", r"reduc\w*"): "a reduction",
    ("lower_words", "cuts?"): "it cuts the CER",
    ("lower_words", "drops?"): "the CER drops",
    ("lower_words", r"decreas\w*"): "it decreased",
    ("lower_words", r"outperform\w*"): "it outperforms Typhoon",
    ("lower_words", "beats?"): "it beats Typhoon",
    ("lower_words", r"improv\w*"): "an improvement",
    ("lower_words", r"less\s+(?:errors?|mistakes?)"): "less error",
    ("lower_words", r"lead(?:s)?(?!\s+to\b)"): "a lead over Typhoon",
    ("higher_words", r"increas\w*"): "it increases",
    ("higher_words", "rises?"): "the CER rises",
    ("higher_words", "trails?"): "it trails Typhoon",
    ("higher_words", r"more\s+(?:errors?|mistakes?)"): "more mistakes",
    ("legend", r"(?:lower|higher)\s+is\s+better"): "CER (lower is better)",
    ("legend", r"\w*accura\w*"): "less accurate",
    ("size_words", "gaps?"): "the gaps",
    ("size_words", "margins?"): "a margin of",
    (
        "same_set",
        r"(?:the\s+same|th(?:is|at|ese|ose))\s+(?:test\s+)?(?:sets?|datasets?|benchmarks?|data)",
    ): "on the same test set",
    ("same_set", "ชุด(?:ข้อมูล|ทดสอบ)?(?:เดียวกัน|นี้)"): "บนชุดข้อมูลเดียวกัน",
    ("subjects_own", r"with\s+(?:a\s+|an\s+|its\s+)?(?:cer|character)\w*"): "with a CER of",
    ("against", r"compared\s+(?:with|to)"): "compared with Typhoon",
    ("against", r"relative\s+to"): "relative to Typhoon",
    ("speaker_groups", "wom[ae]n"): "women",
    ("speaker_groups", "females?"): "Female",
    ("speaker_groups", "males?"): "males",
    ("speaker_groups", "genders?"): "by gender",
    ("speaker_groups", "seniors?"): "seniors",
    ("speaker_groups", r"speaker\s+groups?"): "by speaker group",
    (
        "speaker_groups",
        r"age(?:s|d)?\s+(?:\d+|groups?|bands?|brackets?|ranges?)",
    ): "Age 55 and over",
    ("speaker_groups", r"native\s+speakers?"): "native speakers",
    ("speaker_groups", r"อายุ\s*\d"): "อายุ 55 ปีขึ้นไป",
    ("difference_words", r"differen\w*"): "the difference",
    ("difference_words", r"p\.\s?p\."): "2.81 p.p. lower",
    ("difference_words", "ความ(?:แตก)?ต่าง"): "ความแตกต่าง 2.81",
    ("direction_words", "lower(?:s|ed)?"): "it lowered the CER",
    ("direction_words", "raise[sd]?"): "it raises the CER",
    ("direction_words", r"outperform\w*"): "it outperforms Typhoon",
    ("direction_words", "beats?"): "it beats Typhoon",
    ("direction_words", r"improv\w*"): "an improvement of",
    ("direction_words", r"reduc\w*"): "reduces the CER",
    ("direction_words", "cuts?"): "cuts the CER",
    ("direction_words", "trails?"): "trails Typhoon",
    ("direction_words", "leads?"): "leads by 2.81",
    ("direction_words", r"favou?r\w*"): "in favour of",
    ("direction_words", r"drop\w*"): "drops by 2.81",
    ("direction_words", "falls?"): "falls by 2.81",
    ("direction_words", r"decreas\w*"): "a decrease of",
    ("direction_words", r"increas\w*"): "an increase of",
    ("direction_words", "gains?"): "gains 2.81",
    ("direction_words", "rises?"): "rises by 2.81",
    ("direction_words", "win(?:s|ners?)?"): "the winner",
    ("ranks", "beats?"): "it beats Typhoon",
    ("ranks", r"outperform\w*"): "it outperformed Typhoon",
    ("ranks", "trails?"): "trails Typhoon",
    ("ranks", "leads?"): "leads on FLEURS",
    ("ranks", "win(?:s|ners?)?"): "wins on FLEURS",
    ("verdict_headers", "wins?"): "| Wins |",
    ("verdict_headers", r"significan\w*"): "| Significant? |",
    (
        "scored_another_way",
        r"without (?:any |text |our |the |thai )?(?:text )?normali[sz]\w*",
    ): "without text normalisation",
    ("scored_another_way", "un-?normali[sz]ed"): "the unnormalized CER",
    ("scored_another_way", r"before (?:text )?normali[sz]\w*"): "before normalization",
    ("scored_another_way", "punctuation (?:kept|included)"): "punctuation kept",
    ("other_version_headings", "change ?log"): "## Change log",
    ("other_version_headings", "what's new"): "## What's new",
    (
        "other_version_headings",
        "(?:previous|older|earlier) (?:versions?|releases?)",
    ): "## Older releases",
    (
        "other_versions",
        r"previous(?:ly)?(?!\s+(?:best|works?|state[- ]of|sota)\b)",
    ): "the previous version",
    (
        "other_versions",
        "(?:earlier|prior|older?|first|last) (?:version|release|model|checkpoint)s?",
    ): "the first checkpoint",
    ("other_versions", "before (?:fine-?tuning|training|adaptation)"): "before fine-tuning",
    ("other_versions", "pre-?trained model"): "the pretrained model",
    ("other_versions", "int[48]"): "(int8)",
    ("other_versions", "[48]-?bit"): "the 4-bit copy",
    ("other_versions", "quanti[sz]ed"): "quantized",
    ("other_versions", "quanti[sz]ation"): "after quantisation",
    (
        "other_models_headings",
        r"other (?:[\w-]+ ){0,2}?(?:models?|systems?|recogni[sz]ers?)",
    ): "## Other open models",
    ("other_models_headings", "baselines?"): "## Baselines",
    ("other_models_headings", "competitors?"): "## Competitors",
    ("other_models_headings", "(?:related|prior|previous) work"): "## Related work",
    ("other_models_headings", "third[- ]party (?:models?|systems?)"): "third-party systems",
    ("not_streamed", "non-?streaming"): "non-streaming",
    ("not_streamed", "full[- ](?:context|utterance|sequence|attention)"): "full-context",
    ("recording_conditions", "narrow-?band"): "narrowband audio",
    (
        "recording_conditions",
        r"(?:added|additive|synthetic|artificial)\s+noise",
    ): "with added noise",
    ("recording_conditions", r"noise\s+(?:is\s+|was\s+)?added"): "noise was added",
    ("recording_conditions", r"(?:with|under|in)\s+noise"): "under noise",
    ("recording_conditions", "mp3"): "as MP3",
    ("recording_conditions", "codecs?"): "through a codec",
    ("recording_conditions", r"compressed\s+audio"): "on compressed audio",
    (
        "made_from",
        r"(?:fine[- ]?tuned|trained|initiali[sz]ed|distilled|derived|adapted|continued)"
        r"\s+(?:from|on\s+top\s+of)",
    ): "fine-tuned from Typhoon",
    ("made_from", r"based\s+on"): "based on Typhoon",
    ("made_from", r"built\s+(?:up)?on"): "built upon Typhoon",
    ("fine_tuned", "fine[- ]?tun(?:e|es|ed|ing)"): "a fine-tuned Typhoon",
    ("language_models", r"\d+-?gram"): "with a 4-gram",
    ("language_models", "n-?gram"): "an n-gram",
    ("language_models", "LMs?"): "with an LM",
    ("language_models", "language models?"): "a language model",
    ("not_a_chunk", "overlaps?"): "| Overlap |",
    ("not_a_chunk", "look-?aheads?"): "| Look-ahead |",
    ("not_a_chunk", r"(?:right|left|future|past)\s+context"): "| Right context |",
    ("not_a_chunk", "strides?"): "| Stride |",
    ("not_a_chunk", "hops?"): "| Hop |",
    ("not_a_chunk", "shifts?"): "| Shift |",
    (
        "in_parentheses",
        r"(?:in|within)\s+(?:the\s+)?(?:parenthes[ie]s|brackets)",
    ): "in parentheses, the difference",
    (
        "quoted",
        r"(?<!\bthis card )(?<!\bwhich )(?:reports|claims)",
    ): "Typhoon's card reports 9.80 %",
    ("quoted", r"reported\s+by"): "as reported by",
    ("quoted", r"published\s+by"): "as published by",
    ("quoted", r"(?:its|their)\s+authors"): "by its authors",
    (
        "quoted",
        r"in\s+(?:its|their)\s+(?:own\s+)?(?:paper|report|technical\s+report|model\s+card|card"
        r"|blog(?:\s+post)?)",
    ): "in their own paper",
    (
        "quoted",
        r"according\s+to(?!\s+(?:our|us|this|these|the\s+(?:data|table|card|gate)))",
    ): "according to Typhoon's authors",
    ("change_words", r"rel\."): "29.6 % rel. lower",
    ("milliseconds", "milliseconds?"): "80 milliseconds",
    ("bounds_after", r"or\s+(?:better|lower|less|below|under|fewer)"): "13.50 % or better",
    ("bounds_always", r"at\s+(?:most|least)"): "at most 15.00 %",
    ("bounds_always", r"(?:no|not)\s+(?:more|less|higher|lower)\s+than"): "no more than",
    ("bounds_always", r"up\s+to"): "up to 15.00 %",
    ("bounds_always", "ไม่(?:ต่ำ|น้อย|สูง)กว่า"): "ไม่สูงกว่า 15.00%",
    ("bounds_always", "อย่าง(?:น้อย|มาก)"): "อย่างมาก 15.00%",
    ("error_words", r"error\w*"): "the errors",
    ("error_words", r"differen\w*"): "the difference",
    ("error_words", "percentage points?"): "2.81 percentage points",
    ("clause_words", "ส่วน(?!ต่าง|ใหญ่|หนึ่ง)"): "ส่วน Typhoon 9.50",
    ("parts_of_sets", "sub-?sets?"): "the clean sub-set",
    (
        "parts_of_sets",
        r"(?:clips|utterances|segments|recordings|files|samples)\s+(?:shorter|longer|under|over"
        r"|above|below)",
    ): "clips shorter than 5 s",
    ("improves_on", r"improve[sd]?\s+(?:up)?on"): "OpenThai2.0 improves upon Typhoon",
}
# A word with an optional last letter ("seconds?") is its own example, written with it.
EXAMPLES |= {
    (name, entry): entry.replace("?", "")
    for name in ("units", "settings_before")
    for entry in words.words()[name]
    if re.fullmatch(r"[a-z]+\?", entry)
}
# A word's start ("conf\w*"), and a word it starts.
EXAMPLES |= {
    ("not_a_whole_percent", rf"{start}\w*"): f"95 % {word}"
    for start, word in [
        ("conf", "confidence"),
        ("cluster", "cluster-bootstrap"),
        ("bootstrap", "bootstrap"),
        ("interval", "interval"),
        ("level", "level"),
        ("percentile", "percentile"),
        ("signific", "significance"),
        ("lower", "lower"),
        ("higher", "higher"),
        ("better", "better"),
        ("worse", "worse"),
        ("fewer", "fewer"),
        ("less", "less"),
        ("more", "more"),
        ("reduc", "reduction"),
        ("improv", "improvement"),
        ("relative", "relative"),
        ("faster", "faster"),
        ("slower", "slower"),
        ("drop", "drops"),
        ("increas", "increase"),
        ("decreas", "decrease"),
        ("gain", "gain"),
    ]
}
# Texts that must not match a list: what its words' whole-word rule or exceptions keep out.
NOT_MATCHED = [
    ("other_metrics", "lower is better"),  # "wer" inside "lower"
    ("other_metrics", "ผิดพลาดคำนวณ"),  # a calculation error, not a word error rate
    ("speaker_groups", "Malaysia"),
    ("speaker_groups", "the menu"),
    ("our_metric", "a certain model"),  # "cer" inside "certain"
    ("subject_changes", "ส่วนต่าง 2.81"),  # "ส่วนต่าง" is a difference, not "as for"
    ("clause_words", "ส่วนใหญ่"),  # "mostly", no clause
    ("set_words", "the reset button"),
    ("whole_words", "the whole test set"),  # the set, not a decoding
    ("compares", "averaged over 11 sets"),  # "over" alone compares nothing
    ("other_models_nearby", "Google's FLEURS"),  # a dataset's owner
    ("lower_words", "this leads to errors"),  # "leads to" is no lead
    ("size_words", "a gapless reading"),
    ("quoted", "this card reports 6.69 %"),  # the card's own
    ("quoted", "according to our runs"),
    ("other_versions", "the previous best"),  # another model's
]
ENTRIES = [(name, entry) for name, entries in words.words().items() for entry in entries]


def example(name: str, entry: str) -> str:
    return EXAMPLES.get((name, entry), f"so {entry} here")


@pytest.mark.parametrize("name, entry", ENTRIES, ids=[f"{n}:{e}" for n, e in ENTRIES])
def test_each_word_matches_its_example_in_its_list(name, entry):
    assert re.search(words.pattern(name), example(name, entry), re.I)


@pytest.mark.parametrize("name, entry", ENTRIES, ids=[f"{n}:{e}" for n, e in ENTRIES])
def test_an_entry_with_syntax_has_an_example_of_its_own(name, entry):
    plain = re.fullmatch(r"[A-Za-z\u0e00-\u0e7f -]+", entry)
    assert plain or (name, entry) in EXAMPLES, f"add an example of {entry!r} to EXAMPLES"


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
