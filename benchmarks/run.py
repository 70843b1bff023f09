"""Speed benchmark: the full card at the real benchmark's size, side by side.

    python benchmarks/run.py              # full size, with the baseline (minutes)
    python benchmarks/run.py --no-baseline
    python benchmarks/run.py --size demo  # a quick look

It writes a synthetic benchmark of the real size to a temporary folder, then
measures in one run: the card cold (empty normalisation cache) and warm, as
separate processes with their peak memory; normalisation throughput; edit
distance and bootstrap time; and the straightforward baseline, whose figures
must equal the real ones. Speed is reported as ratios against that baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.baseline import baseline_card  # noqa: E402
from scoring.batch import _normalize_all  # noqa: E402
from scoring.bootstrap import paired_bootstrap  # noqa: E402
from scoring.card import compute_card  # noqa: E402
from scoring.card import Column, load_card_spec  # noqa: E402
from scoring.jsonl import read_hypotheses, read_ids, read_refs  # noqa: E402
from scoring.statistics import clip_stats, set_stats  # noqa: E402
from scoring.synthetic import DEMO_SIZE, FULL_SIZE, write_benchmark  # noqa: E402

TARGETS = {"cold": 12.0, "warm": 3.0, "rss_mb": 1536.0, "speedup": 15.0}


def timed_card_process(root: Path, cache_dir: Path) -> tuple[float, float, dict]:
    """Run `python -m scoring card ROOT --json` as its own process: seconds, peak MB."""
    env = dict(os.environ, SCORING_CACHE_DIR=str(cache_dir))
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "scoring", "card", str(root), "--json"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"card run failed with status {status}")
    return seconds, usage.ru_maxrss / 1024, json.loads(out)["figures"]


def components(root: Path) -> dict[str, float]:
    """Normalisation throughput, edit distance and bootstrap time, measured apart."""
    spec = load_card_spec(root)
    start = time.perf_counter()
    data = {}
    for s in spec.sets:
        ids, clusters = read_ids(root / "ids" / f"{s}.jsonl")
        refs = read_refs(root / "refs" / f"{s}.jsonl")
        for c in spec.columns(s):
            data[(s, c.key)] = (ids, clusters, refs,
                                read_hypotheses(root / "hypotheses" / spec.hypothesis_name(c, s)))
    read_seconds = time.perf_counter() - start

    texts = list(dict.fromkeys(t for ids, _, refs, hyps in data.values()
                               for i in ids for t in (refs[i], hyps[i])))
    start = time.perf_counter()
    normalized = dict(zip(texts, _normalize_all(texts, progress=False)))
    normalize_seconds = time.perf_counter() - start

    start = time.perf_counter()
    stats = {key: set_stats(ids, clusters, [clip_stats(normalized[refs[i]], normalized[hyps[i]])
                                            for i in ids])
             for key, (ids, clusters, refs, hyps) in data.items()}
    edit_seconds = time.perf_counter() - start

    start = time.perf_counter()
    for comparison in spec.comparisons:
        for s in comparison.sets:
            paired_bootstrap(stats[(s, Column(comparison.a, comparison.split).key)],
                             stats[(s, Column(comparison.b, comparison.split).key)],
                             resamples=spec.resamples, seed=spec.seed, level=spec.level)
    bootstrap_seconds = time.perf_counter() - start
    return {"clips": sum(len(v[0]) for v in data.values()), "texts": len(texts),
            "read_s": read_seconds, "normalize_s": normalize_seconds,
            "texts_per_s": len(texts) / normalize_seconds, "edit_distance_s": edit_seconds,
            "bootstrap_s": bootstrap_seconds,
            "comparisons": sum(len(c.sets) for c in spec.comparisons)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=("full", "demo"), default="full")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--keep", type=Path, help="write the benchmark here and keep it")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="card-bench-"))
    root = args.keep or work / "benchmark"
    try:
        size = FULL_SIZE if args.size == "full" else DEMO_SIZE
        write_benchmark(root, size, seed="full")
        shutil.copy2(REPO / "examples" / "demo" / "card.toml", root / "card.toml")
        cache = work / "cache"

        cold, cold_mb, figures = timed_card_process(root, cache)
        warm, warm_mb, warm_figures = timed_card_process(root, cache)
        assert warm_figures == figures, "warm and cold cards differ"
        parts = components(root)

        rows = [("machine", f"{platform.machine()}, {os.cpu_count()} cores, "
                            f"Python {platform.python_version()}"),
                ("clips scored (all systems)", f"{parts['clips']:,}"),
                ("distinct texts", f"{parts['texts']:,}"),
                ("card, cold (empty cache)", f"{cold:.2f} s   target <= {TARGETS['cold']:g} s"),
                ("card, warm (cache filled)", f"{warm:.2f} s   target <= {TARGETS['warm']:g} s"),
                ("peak RSS, cold / warm", f"{cold_mb:.0f} / {warm_mb:.0f} MB   "
                                          f"target <= {TARGETS['rss_mb']:g} MB"),
                ("reading all files", f"{parts['read_s']:.2f} s"),
                ("normalisation", f"{parts['normalize_s']:.2f} s = "
                                  f"{parts['texts_per_s']:,.0f} texts/s"),
                ("edit distance, every clip", f"{parts['edit_distance_s']:.2f} s"),
                ("bootstrap, every comparison",
                 f"{parts['bootstrap_s']:.2f} s for {parts['comparisons']} pairs")]
        if not args.no_baseline:
            spec = load_card_spec(root)
            start = time.perf_counter()
            baseline = baseline_card(spec)
            baseline_s = time.perf_counter() - start
            ours = compute_card(spec, progress=False, cache=False).figures()
            same = baseline == ours == figures
            rows += [("baseline (per figure, jiwer, Python loop)", f"{baseline_s:.1f} s"),
                     ("speed-up, cold / warm", f"{baseline_s / cold:.1f}x / {baseline_s / warm:.1f}x"
                                               f"   target >= {TARGETS['speedup']:g}x cold"),
                     ("baseline figures identical", "yes" if same else "NO")]
        width = max(len(name) for name, _ in rows)
        for name, value in rows:
            print(f"{name:<{width}}  {value}")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
