"""Regenerate the demo benchmark's ids/, refs/ and hypotheses/ in this folder.

    python examples/demo/generate.py

The output is deterministic; the generated files are committed, and the
golden snapshots pin the card computed from them. The sets are the ones
card.toml lists: a set declared there alone (the Common Voice set) is drawn
as read speech, with no code of its own.
"""

from pathlib import Path

from scoring.card import load_card_spec
from scoring.synthetic import DEMO_SIZE, write_benchmark

HERE = Path(__file__).resolve().parent


def generate(out: Path = HERE) -> Path:
    """The demo's files, for every set card.toml lists, written under ``out``."""
    return write_benchmark(out, DEMO_SIZE, seed="demo", sets=load_card_spec(HERE).sets)


if __name__ == "__main__":
    generate()
