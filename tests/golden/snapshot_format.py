"""The project's syrupy extensions: how card figures and ledgers are written.

Figures go to amber files with numpy scalars turned into Python numbers and
floats written with ``repr`` (every bit the card computed). Ledgers go to one
TSV file per set, so that a reviewer's ``git diff`` shows exactly which clips
moved.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from syrupy.extensions.amber import AmberDataSerializer, AmberSnapshotExtension
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

# The ledger's format is read by scoring.card.golden too (impact, summary).
from scoring.card.golden import LEDGER_FORMAT_VERSION, LEDGER_HEADER

# Bump when the way figures or ledgers are written changes; syrupy then
# reports every snapshot as needing an update instead of silently mismatching.
SNAPSHOT_FORMAT_VERSION = "1"


def plain(value: Any) -> Any:
    """numpy scalars and arrays become Python numbers and lists."""
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {key: plain(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(v) for v in value)
    return value


class CardSerializer(AmberDataSerializer):
    VERSION = f"{AmberDataSerializer.VERSION}-card{SNAPSHOT_FORMAT_VERSION}"

    @classmethod
    def _serialize(cls, data, **kwargs):
        return super()._serialize(plain(data), **kwargs)

    @classmethod
    def serialize_number(cls, data, *, depth: int = 0, **kwargs) -> str:
        # repr keeps every digit; bool is an int subclass and stays True/False.
        return cls.with_indent(repr(data), depth)


class CardSnapshotExtension(AmberSnapshotExtension):
    serializer_class = CardSerializer


def ledger_tsv(rows) -> str:
    lines = ["\t".join(LEDGER_HEADER)]
    lines += ["\t".join(str(cell) for cell in row) for row in rows]
    return "\n".join(lines) + "\n"


class LedgerSnapshotExtension(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    file_extension = f"ledger-v{LEDGER_FORMAT_VERSION}.tsv"
