"""The demo benchmark exercises what the card is about.

Every normalisation rule must move some demo figure, otherwise the golden
snapshots could not catch a change to it; and the demo must hold both ties
and clear differences.
"""

from __future__ import annotations

import functools
import runpy

import pytest

from scoring import THAI_CER_PIPELINE, apply_rules, clip_stats, set_stats
from scoring.card import load_card_spec
from scoring.jsonl import read_hypotheses, read_ids, read_refs

from .conftest import CARD_ROOTS

DEMO = CARD_ROOTS["demo"]


@functools.cache  # the full pipeline's CERs serve every rule's test
def set_cers(set_name, rules):
    """CER of every system on one demo set under the given rules."""
    spec = load_card_spec(DEMO)
    ids, clusters = read_ids(DEMO / "ids" / f"{set_name}.jsonl")
    refs = read_refs(DEMO / "refs" / f"{set_name}.jsonl")
    cers = {}
    for column in spec.columns(set_name):
        hyps = read_hypotheses(DEMO / "hypotheses" / spec.hypothesis_name(column, set_name))
        clips = [clip_stats(apply_rules(refs[i], rules), apply_rules(hyps[i], rules)) for i in ids]
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
    """The committed generator (examples/demo/generate.py, for the sets card.toml lists)
    writes the committed demo files, byte for byte."""
    runpy.run_path(str(DEMO / "generate.py"))["generate"](tmp_path)
    generated = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.jsonl"))
    committed = sorted(p.relative_to(DEMO) for p in DEMO.rglob("*.jsonl"))
    spec = load_card_spec(DEMO)  # each set's ids and references, and every decode
    assert generated == committed
    assert len(generated) == 2 * len(spec.sets) + len(spec.expected_hypotheses())
    for relative in generated:
        assert (tmp_path / relative).read_bytes() == (DEMO / relative).read_bytes(), relative


SWEEP_SYSTEMS = ("openthai2.0-asr-streaming", "typhoon-asr-streaming-0.6b")


def test_errors_fall_with_latency_unevenly(card_results):
    """Each sweep system's average falls at every step; the sets gain by different amounts."""
    result = card_results("demo")
    latencies = sorted(result.spec.latencies)
    for system in SWEEP_SYSTEMS:
        averages = [result.aggregates[(L, "average", system)] for L in latencies]
        assert averages == sorted(averages, reverse=True), (system, averages)
        # Relative error added by going from 560 to 80 ms, per set.
        added = [
            result.cers[(80, s, system)] / result.cers[(560, s, system)] - 1
            for s in result.spec.sets
        ]
        assert min(added) > 0 and max(added) > 1.5 * min(added), added


def test_adjacent_latencies_hold_ties_and_clear_steps(card_results):
    """Between neighbouring latencies of one system, some differences are ties and some are not."""
    from scoring import paired_bootstrap

    result = card_results("demo")
    latencies = sorted(result.spec.latencies)
    ties = [
        paired_bootstrap(result.stats[(high, s, system)], result.stats[(low, s, system)]).tie
        for system in SWEEP_SYSTEMS
        for s in result.spec.sets
        for low, high in zip(latencies, latencies[1:])
    ]
    assert any(ties) and not all(ties)


def test_neighbouring_latencies_mostly_agree_word_for_word():
    """Most 1120 ms hypotheses are the 560 ms strings (what the once-per-text normalisation exploits)."""
    hyps = {
        L: read_hypotheses(DEMO / "hypotheses" / f"{SWEEP_SYSTEMS[0]}_{L}ms_gs2.jsonl")
        for L in (560, 1120)
    }
    same = sum(hyps[560][i] == hyps[1120][i] for i in hyps[560]) / len(hyps[560])
    assert 0.6 < same < 0.95


def test_demo_stays_under_ten_megabytes():
    size = sum(p.stat().st_size for p in DEMO.rglob("*") if p.is_file())
    assert size < 10 * 1024 * 1024, size


@pytest.mark.parametrize("set_name", ["fleurs", "gs2", "gs2_long"])
def test_cleaned_sets_are_cleaned_like_make_refs_output(set_name):
    """FLEURS and GigaSpeech2 references went through make-refs' cleaning, as the real ones do."""
    from scoring.data.cleaning import clean_reference

    refs = read_refs(DEMO / "refs" / f"{set_name}.jsonl")
    assert all(clean_reference(text) == text for text in refs.values())
    assert not any('"' in text or "“" in text for text in refs.values())
