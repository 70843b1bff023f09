"""Thai CER scoring and regression gate for a streaming ASR model card.

The flat public API: normalise text, turn clips into statistics, compute
CER and the paired cluster-bootstrap difference.
"""

import os as _os
import signal as _signal
import sys as _sys


def _interrupted_while_starting(signum, frame):  # noqa: ARG001
    _sys.stderr.write("interrupted\n")
    _os._exit(130)


# The command line's own process (`python -m scoring`, or the `scoring` script): a Ctrl-C
# while numpy and PyThaiNLP load is one line too, before the CLI installs its own handler.
if _sys.argv[:1] == ["-m"] or _os.path.basename(_sys.argv[0] if _sys.argv else "") == "scoring":
    _signal.signal(_signal.SIGINT, _interrupted_while_starting)

from .bootstrap import (
    DEFAULT_LEVEL,
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    PairedDifference,
    cluster_sums,
    paired_bootstrap,
)
from .errors import ScoringError
from .normalizer import (
    NORMALIZER_VERSION,
    THAI_CER_PIPELINE,
    apply_rules,
    decompose_sara_am,
    normalize,
    remove_whitespace,
    spoken_numbers_to_digits,
    straighten_curly_quotes,
    thai_digits_to_arabic,
    trace_rules,
)
from .provenance import signature
from .scorer import ClipSet, load_clip_set, score_files
from .statistics import ClipStats, SetStats, cer, clip_stats, pooled_cer, set_stats

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_LEVEL",
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "NORMALIZER_VERSION",
    "THAI_CER_PIPELINE",
    "ClipSet",
    "ClipStats",
    "PairedDifference",
    "ScoringError",
    "SetStats",
    "apply_rules",
    "cer",
    "clip_stats",
    "cluster_sums",
    "decompose_sara_am",
    "load_clip_set",
    "normalize",
    "paired_bootstrap",
    "pooled_cer",
    "remove_whitespace",
    "score_files",
    "set_stats",
    "signature",
    "spoken_numbers_to_digits",
    "straighten_curly_quotes",
    "thai_digits_to_arabic",
    "trace_rules",
]
