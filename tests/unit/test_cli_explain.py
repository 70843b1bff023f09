"""`scoring explain`: the normaliser rule by rule."""

from __future__ import annotations

import editdistance

from scoring import THAI_CER_PIPELINE, normalize, trace_rules
from scoring.cli import main


def test_trace_ends_in_the_normalised_text():
    """The last step of the trace is exactly normalize's result."""
    text = "ราคา สองพันห้าร้อย บาท “ด่วน” ๑๒"
    steps = trace_rules(text)
    assert [name for name, _ in steps] == [r.__name__ for r in THAI_CER_PIPELINE]
    assert steps[-1][1] == normalize(text) == 'ราคา2500บาท"ด่วน"12'


def test_explain_prints_every_rule_and_the_edits(capsys):
    """One line per rule per text, then the edit count between the two."""
    assert main(["explain", "สาม คน", "3คน!"]) == 0
    out = capsys.readouterr().out
    for rule in THAI_CER_PIPELINE:
        assert out.count(rule.__name__) == 2
    assert "'3คน'" in out
    expected = editdistance.eval(normalize("สาม คน"), normalize("3คน!"))
    assert out.rstrip().endswith(f"edits from A to B: {expected} over 3 characters of A")
