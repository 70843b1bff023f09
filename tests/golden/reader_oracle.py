"""Everything the card reader says and writes on every corpus card, in one file: run it
before and after a change meant to change nothing (a refactor of ``scoring/card/``), and
compare the two files byte for byte.

    python -m tests.golden.reader_oracle BEFORE.txt   # ... change the reader ...
    python -m tests.golden.reader_oracle AFTER.txt && cmp BEFORE.txt AFTER.txt
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.golden.test_reader_corpus import CARDS, adopt


def dump() -> str:
    """Each card's --mark, --check --strict and --write: exit codes, output, written card."""
    sections = []
    with tempfile.TemporaryDirectory() as folder:
        for card in CARDS:
            done = adopt(card, Path(folder))
            for step, run in (("mark", done.mark), ("check --strict", done.check)):
                sections += [f"===== {card}: {step}, exit {run.code}", run.out, run.err]
            sections += [f"===== {card}: marked", done.marked]
            sections += [f"===== {card}: write, exit {done.write.code}", done.write.out]
            sections += [done.write.err, f"===== {card}: written", done.written]
    return "\n".join(sections).replace(folder, "<TMP>")


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(dump(), encoding="utf-8")
