"""The Thai CER normaliser: five small rules applied in a fixed order.

The same pipeline is applied to references and hypotheses. Each rule is a
plain ``str -> str`` function, so a rule can be tested alone and inside the
pipeline, and a contributor can see the whole normaliser in
``THAI_CER_PIPELINE``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .numbers import spoken_numbers_to_digits

__all__ = [
    "NORMALIZER_VERSION",
    "THAI_CER_PIPELINE",
    "Rule",
    "thai_digits_to_arabic",
    "straighten_curly_quotes",
    "decompose_sara_am",
    "spoken_numbers_to_digits",
    "remove_whitespace",
    "apply_rules",
    "trace_rules",
    "normalize",
]

# Bump when any rule's behaviour changes on purpose; it is printed in every
# score's signature. (The normalisation cache keys on the rules' source code,
# so it never depends on anyone remembering to bump this.)
NORMALIZER_VERSION = "2"

Rule = Callable[[str], str]

_THAI_TO_ARABIC_DIGITS = str.maketrans("๐๑๒๓๔๕๖๗๘๙", "0123456789")
_CURLY_TO_STRAIGHT_QUOTES = str.maketrans(
    {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}
)
_THAI_DIGIT = re.compile("[๐-๙]")
_CURLY_QUOTE = re.compile("[\u2018\u2019\u201c\u201d]")


def thai_digits_to_arabic(text: str) -> str:
    """Thai digits ๐–๙ become 0–9: "พ.ศ. ๒๕๖๗" -> "พ.ศ. 2567"."""
    # The search is a C-speed scan; translate is far slower and most texts need none.
    return text.translate(_THAI_TO_ARABIC_DIGITS) if _THAI_DIGIT.search(text) else text


def straighten_curly_quotes(text: str) -> str:
    """‘ ’ become ' and “ ” become ": transcribers and models mix the two."""
    return text.translate(_CURLY_TO_STRAIGHT_QUOTES) if _CURLY_QUOTE.search(text) else text


def decompose_sara_am(text: str) -> str:
    """ำ (U+0E33) becomes ํ + า (U+0E4D U+0E32): both render the same."""
    return text.replace("\u0e33", "\u0e4d\u0e32")


def remove_whitespace(text: str) -> str:
    """Every character with ``str.isspace()`` is removed: Thai has no word spaces."""
    return "".join(text.split())


# The rule order is part of the definition of the card's numbers.
THAI_CER_PIPELINE: tuple[Rule, ...] = (
    thai_digits_to_arabic,      # ๒๕๖๗ -> 2567
    straighten_curly_quotes,    # “ข่าว” -> "ข่าว"
    decompose_sara_am,          # ทำ -> ทํา
    spoken_numbers_to_digits,   # สองพันห้าร้อย -> 2500 (whole newmm words)
    remove_whitespace,          # "ก ข\tค" -> "กขค"
)


def apply_rules(text: str, rules: Sequence[Rule]) -> str:
    """Apply ``rules`` to ``text`` in order."""
    for rule in rules:
        text = rule(text)
    return text


def trace_rules(text: str, rules: Sequence[Rule] | None = None) -> list[tuple[str, str]]:
    """``(rule name, text after it)`` for each rule: the normaliser, step by step."""
    steps = []
    for rule in THAI_CER_PIPELINE if rules is None else rules:
        text = rule(text)
        steps.append((rule.__name__, text))
    return steps


def normalize(text: str) -> str:
    """Normalise one reference or hypothesis for Thai CER."""
    return apply_rules(text, THAI_CER_PIPELINE)
