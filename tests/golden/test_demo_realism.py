"""The demo benchmark exercises what the card is about.

Every normalisation rule must move some demo figure, otherwise the golden
snapshots could not catch a change to it; and the demo must hold both ties
and clear differences.
"""

from __future__ import annotations

import pytest

from scoring import THAI_CER_PIPELINE, apply_rules, clip_stats, set_stats
from scoring.card import load_card_spec
from scoring.jsonl import read_hypotheses, read_ids, read_refs

from .conftest import CARD_ROOTS

DEMO = CARD_ROOTS["demo"]


def set_cers(set_name, rules):
    """CER of every system on one demo set under the given rules."""
    spec = load_card_spec(DEMO)
    ids, clusters = read_ids(DEMO / "ids" / f"{set_name}.jsonl")
    refs = read_refs(DEMO / "refs" / f"{set_name}.jsonl")
    cers = {}
    for column in spec.columns(set_name):
        hyps = read_hypotheses(DEMO / "hypotheses" / spec.hypothesis_name(column, set_name))
        clips = [clip_stats(apply_rules(refs[i], rules), apply_rules(hyps[i], rules))
                 for i in ids]
        cers[column.key] = set_stats(ids, clusters, clips).cer
    return cers


@pytest.mark.parametrize("rule", THAI_CER_PIPELINE, ids=lambda r: r.__name__)
def test_every_rule_moves_a_demo_figure(rule):
    """Without this rule, some TVSpeech CER of the demo is different."""
    without = tuple(r for r in THAI_CER_PIPELINE if r is not rule)
    assert set_cers("tvspeech", without) != set_cers("tvspeech", THAI_CER_PIPELINE)


def test_demo_has_ties_and_clear_differences(card_results):
    """Some comparisons are ties and some are not."""
    ties = [d.tie for d in card_results("demo").diffs.values()]
    assert any(ties) and not all(ties)


def test_generator_reproduces_the_committed_demo(tmp_path):
    """The committed generator writes the committed demo files, byte for byte."""
    from scoring.synthetic import DEMO_SIZE, write_benchmark

    write_benchmark(tmp_path, DEMO_SIZE, seed="demo")
    generated = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.jsonl"))
    committed = sorted(p.relative_to(DEMO) for p in DEMO.rglob("*.jsonl"))
    assert generated == committed and len(generated) == 70
    for relative in generated:
        assert (tmp_path / relative).read_bytes() == (DEMO / relative).read_bytes(), relative
