"""Regenerate the demo benchmark's ids/, refs/ and hypotheses/ in this folder.

    python examples/demo/generate.py

The output is deterministic; the generated files are committed, and the
golden snapshots pin the card computed from them.
"""

from pathlib import Path

from scoring.synthetic import DEMO_SIZE, write_benchmark

if __name__ == "__main__":
    write_benchmark(Path(__file__).resolve().parent, DEMO_SIZE, seed="demo")
