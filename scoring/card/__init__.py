"""The card: what it publishes (spec), how each figure is computed (compute),
how it is shown (render, plot), how firm its verdicts are (verdicts), the
published card's text read in one place (text), regenerated and checked
(publish) and adopted from a hand-written one, by the reader's stages: parse (markdown),
the numbers with their context (reading, on text), each identified (adopt), then marked
and reported (mark_report), with the words it knows as data (words.toml); how it is pinned
(golden) and accepted again (rebaseline), and what a normaliser change does
to it (impact, revision, ablate). It knows no hub: whatever the card needs of
one (is a file the hub's card as fetched?) reaches it from the command line.

Only per-clip statistics reach this package's computations; text is read and
normalised once, in ``compute``.
"""

from .compute import (
    CardResult,
    CardTexts,
    card_from_texts,
    compute_card,
    read_card_texts,
    unmatched_hypothesis_files,
)
from .render import card_json, card_markdown
from .spec import (
    AGGREGATE_METHODS,
    SPLIT_SUFFIX,
    Aggregate,
    CardSpec,
    Column,
    Comparison,
    load_card_spec,
)

__all__ = [
    "AGGREGATE_METHODS",
    "SPLIT_SUFFIX",
    "Aggregate",
    "CardResult",
    "CardSpec",
    "CardTexts",
    "Column",
    "Comparison",
    "card_from_texts",
    "card_json",
    "card_markdown",
    "compute_card",
    "load_card_spec",
    "read_card_texts",
    "unmatched_hypothesis_files",
]
