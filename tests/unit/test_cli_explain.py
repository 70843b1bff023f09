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
    # (No normalised text typed in: a deliberate change of a rule would move it.)
    assert steps[-1][1] == normalize(text) and steps[-1][1] != text


def test_explain_prints_every_rule_and_the_edits(capsys):
    """One line per rule per text, then the edit count between the two."""
    assert main(["explain", "สาม คน", "3คน!"]) == 0
    out = capsys.readouterr().out
    for rule in THAI_CER_PIPELINE:
        assert out.count(rule.__name__) == 2
    assert "'3คน'" in out
    expected = editdistance.eval(normalize("สาม คน"), normalize("3คน!"))
    assert f"edits from A to B: {expected} over 3 characters of A\n" in out


def test_explain_prints_the_aligned_edits(capsys):
    """REF and HYP lines with S, D and I under the edits, and the inline view."""
    assert main(["explain", "ราคา2500บาท", "ราคา25บาทนะ"]) == 0
    out = capsys.readouterr().out
    assert "   A: ราคา2500บาท**\n   B: ราคา25**บาทนะ\n" in out
    assert "          DD   II\n" in out
    assert "ราคา25[-00-]บาท{+นะ+}" in out
    assert "4 edits: 0 substituted, 2 deleted, 2 inserted" in out


def test_a_mark_alone_sits_on_a_dotted_circle(capsys):
    """A substituted tone mark is visible: ◌่ → ◌้."""
    main(["explain", "ไม่", "ไม้"])
    assert "ไม{◌่→◌้}" in capsys.readouterr().out


def test_an_invisible_step_shows_its_code_points(capsys):
    """ทำ and ทํา print alike, so the ำ step names the code points it changed."""
    main(["explain", "ทำ"])
    line = next(l for l in capsys.readouterr().out.splitlines() if "decompose_sara_am" in l)
    assert "(same on screen; code points U+0E33 -> U+0E4D U+0E32)" in line


def test_trace_follows_the_rules_it_is_given():
    """trace_rules(text, rules) traces those rules, not the pipeline."""
    from scoring import remove_whitespace

    assert trace_rules("สาม คน", [remove_whitespace]) == [("remove_whitespace", "สามคน")]
