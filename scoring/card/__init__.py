"""The card: what it publishes (spec), how each figure is computed (compute),
and how it is shown (render, plot).

Only per-clip statistics reach this package's computations; text is read and
normalised once, in ``compute``.
"""

from .compute import CardResult, compute_card, unmatched_hypothesis_files
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
    "Column",
    "Comparison",
    "card_json",
    "card_markdown",
    "compute_card",
    "load_card_spec",
    "unmatched_hypothesis_files",
]
