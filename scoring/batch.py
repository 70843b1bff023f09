"""Normalise many texts at once: each distinct text once, in parallel, cached.

The persistent cache lives under the user's cache directory, one folder per
normaliser fingerprint. The fingerprint hashes the source of every module
that holds a rule of the live pipeline, the rule order, the PyThaiNLP version
and its newmm dictionary file, so a changed rule or dictionary can never be
served an old result. Shards are written through a temporary file and a
rename, so concurrent xdist workers only ever read whole files.
"""

from __future__ import annotations

import gc
import hashlib
import inspect
import json
import multiprocessing
import os
import sys
import tempfile
import threading
import uuid
from collections.abc import Iterable, Sequence
from functools import lru_cache, partial
from pathlib import Path

from tqdm import tqdm

from . import normalizer
from .children import worker_pool
from .errors import ScoringError
from .files import open_mode
from .memo import Memo
from .normalizer import Rule
from .numbers import needs_tokeniser
from .provenance import pythainlp_version

# tqdm's monitor thread would make this process multi-threaded, and a
# multi-threaded process is not forked (see _normalize_all); it is not needed.
tqdm.monitor_interval = 0

__all__ = [
    "CACHE_DIR_ENV",
    "NO_CACHE_ENV",
    "WORKERS_ENV",
    "POOL_THRESHOLD",
    "normalizer_fingerprint",
    "cache_directory",
    "NormalizationCache",
    "fingerprint_folders",
    "normalize_texts",
    "prune_fingerprints",
    "tokenising_rule_fingerprint",
]

CACHE_DIR_ENV = "SCORING_CACHE_DIR"
NO_CACHE_ENV = "SCORING_NO_CACHE"
# How many processes may normalise at once (default: every core); 1 keeps the
# work in this process, for shared machines, or where this process was itself
# forked from a threaded one (a fork there can deadlock, and no check here can
# tell).
WORKERS_ENV = "SCORING_WORKERS"
# Below this many texts that need the tokeniser, starting worker processes
# costs more than it saves (on 2 cores a fork pool pays for itself near 1,500).
POOL_THRESHOLD = 2000
MAX_SHARDS = 16
# Normaliser fingerprints kept: every edit of a rule, every ablation variant
# and every revision compared with makes a new one; the least recently used
# beyond this many are removed.
KEEP_FINGERPRINTS = 16


@lru_cache(maxsize=1)
def _dictionary_digest() -> str:
    import pythainlp.corpus

    path = Path(pythainlp.corpus.__file__).parent / "words_th.txt"
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "absent"


def _within_package(module_name: str) -> str:
    """``scoring.numbers`` and another revision's ``scoring_at_<sha>_0.numbers`` alike:
    ``numbers``."""
    return module_name.split(".", 1)[-1]


def normalizer_fingerprint(rules: Sequence[Rule] | None = None) -> str:
    """A hash of everything that decides what ``normalize`` (or ``rules``) returns.

    Rules are named within their package, so another revision whose rules are
    the same source shares the cache; a rule's own source and its module's
    source are hashed, so an edit under the same name is never served stale.
    """
    digest = hashlib.sha256()
    pipeline = normalizer.THAI_CER_PIPELINE if rules is None else tuple(rules)
    modules = {rule.__module__ for rule in pipeline}
    for rule in pipeline:
        digest.update(f"{_within_package(rule.__module__)}.{rule.__qualname__}\n".encode())
        try:
            digest.update(inspect.getsource(rule).encode())
        except (OSError, TypeError):  # built-in or generated: its identity must do
            digest.update(repr(rule).encode())
    for name in sorted(modules, key=_within_package):
        module = sys.modules.get(name)
        digest.update(_within_package(name).encode())
        try:
            digest.update(inspect.getsource(module).encode())
        except (OSError, TypeError):
            digest.update(name.encode())
    digest.update(f"pythainlp {pythainlp_version()} {_dictionary_digest()}".encode())
    return digest.hexdigest()


def cache_directory() -> Path | None:
    """Where normalised texts are kept, or None when caching is turned off."""
    if os.environ.get(NO_CACHE_ENV, "") not in ("", "0"):
        return None
    explicit = os.environ.get(CACHE_DIR_ENV)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "thai-asr-card-scoring"


# One process reads the same shards again and again (each card it computes; each test of
# a test process). A shard is never rewritten in place (a new one gets a new name), so its
# entries are parsed once per path, size and modification time (see memo.py).
_SHARD_ENTRIES = Memo(kept=64)


def _shard_entries(shard: Path) -> dict[str, str]:
    """The shard's ``{text: normalised}``, parsed, or as parsed before (do not modify it)."""
    stat = shard.stat()
    return _SHARD_ENTRIES.get(  # pragma: no mutate
        (shard, stat.st_size, stat.st_mtime_ns),  # pragma: no mutate
        lambda: json.loads(shard.read_text(encoding="utf-8")),
    )


class NormalizationCache:
    """Shards of ``{text: normalised}`` for one normaliser fingerprint."""

    def __init__(self, root: Path, fingerprint: str) -> None:
        self.root = root
        self.folder = root / "normalized" / fingerprint[:32]

    def _shards(self) -> list[Path]:
        return sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []

    def load(self) -> dict[str, str]:
        entries: dict[str, str] = {}
        if self.folder.is_dir():
            try:
                os.utime(self.folder)  # used now: pruned last
            except OSError:
                pass
        for shard in self._shards():
            try:
                entries.update(_shard_entries(shard))
            except FileNotFoundError:  # compacted away by another process
                continue
            except (ValueError, UnicodeDecodeError):  # never written by us whole
                shard.unlink(missing_ok=True)
        return entries

    def _write(self, entries: dict[str, str]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(entries, stream, ensure_ascii=False)
            os.chmod(temporary, open_mode())
            os.replace(temporary, self.folder / f"{uuid.uuid4().hex}.json")
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def add(self, entries: dict[str, str]) -> None:
        """Store new entries; fold many small shards into one now and then."""
        if not entries:
            return
        try:
            fresh_folder = not self.folder.is_dir()
            self._write(entries)
            if fresh_folder:
                prune_fingerprints(self.root)
            shards = self._shards()
            if len(shards) > MAX_SHARDS:
                merged = self.load()
                self._write(merged)
                for shard in shards:
                    shard.unlink(missing_ok=True)
        except OSError:
            pass  # a cache that cannot be written only costs time


def fingerprint_folders(root: Path) -> list[Path]:
    """The cache's fingerprint folders, most recently used first."""
    folder = root / "normalized"
    if not folder.is_dir():
        return []
    return sorted(
        (p for p in folder.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True
    )


def prune_fingerprints(root: Path, keep: int = KEEP_FINGERPRINTS) -> list[Path]:
    """Remove all but the ``keep`` most recently used fingerprint folders."""
    import shutil

    removed = fingerprint_folders(root)[keep:]
    for folder in removed:
        shutil.rmtree(folder, ignore_errors=True)
    return removed


def cache_report(*, clear: bool = False) -> str:
    """``scoring cache``: each normaliser's folder in the cache, its size, and which is the
    current normaliser's; with ``clear``, every folder removed instead."""
    import shutil

    root = cache_directory()
    if root is None:
        return "the normalisation cache is turned off (SCORING_NO_CACHE)"
    folders = fingerprint_folders(root)
    if clear:
        shutil.rmtree(root / "normalized", ignore_errors=True)
        return f"{root}: removed {len(folders)} normaliser fingerprints"
    current = normalizer_fingerprint()[:32]
    tokenising = (tokenising_rule_fingerprint() or "")[:32] or None
    lines, total = [f"{root} (set {CACHE_DIR_ENV} to move it)"], 0
    for folder in folders:
        size = sum(p.stat().st_size for p in folder.glob("*.json"))
        total += size
        mark = (
            "  <- the current normaliser"
            if folder.name == current
            else f"  <- {TOKENISING_RULE} alone (the current one's)"
            if folder.name == tokenising
            else ""
        )
        lines.append(f"  {folder.name}  {size / 1e6:7.1f} MB{mark}")
    lines.append(
        f"{len(folders)} fingerprints, {total / 1e6:.1f} MB; the least recently used "
        f"beyond {KEEP_FINGERPRINTS} are removed automatically"
    )
    return "\n".join(lines)


def worker_count() -> int:
    """Processes that may normalise at once: SCORING_WORKERS, else every core."""
    value = os.environ.get(WORKERS_ENV, "")
    if not value:
        return os.cpu_count() or 1
    if not value.isdigit() or int(value) < 1:
        raise ScoringError(
            WORKERS_ENV, f"must be a whole number of processes, 1 or more, not {value!r}"
        )
    return int(value)


# Within one process a rule often meets the same text again: an ablation, another
# revision's pipeline or a contributor's edit differs in one cheap rule, and most texts
# reach the number rule (newmm, nearly all the work) exactly as before. Each rule's
# output is kept by rule and input text (see memo.py).
_APPLIED = Memo(kept=1 << 19)


def _apply_remembering(text: str, rules: Sequence[Rule]) -> str:
    """``apply_rules(text, rules)``, each rule's output read from the memo where it is."""
    for rule in rules:
        text = _APPLIED.get((rule, text), partial(rule, text))  # pragma: no mutate
    return text


def _normalizer_for(rules: Sequence[Rule] | None):
    """The live pipeline (read at call time, so a patched one counts), or ``rules``."""
    if rules is None:
        return lambda text: _apply_remembering(text, normalizer.THAI_CER_PIPELINE)
    rules = tuple(rules)
    return lambda text: _apply_remembering(text, rules)


def _normalize_batch(texts: list[str], rules: Sequence[Rule] | None = None) -> list[str]:
    normalize = _normalizer_for(rules)
    return [normalize(t) for t in texts]


def _batches_by_length(texts: list[str], indices: list[int], parts: int) -> list[list[int]]:
    """Longest first, cut into about ``parts`` batches of similar total length.

    newmm's time grows faster than a text's length, so batching by count would
    hand one worker all the long recordings.
    """
    order = sorted(indices, key=lambda i: -len(texts[i]))
    budget = max(1, sum(len(texts[i]) for i in order) // parts)
    batches, current, size = [], [], 0
    for index in order:
        current.append(index)
        size += len(texts[index])
        if size >= budget:
            batches.append(current)
            current, size = [], 0
    if current:
        batches.append(current)
    return batches


@lru_cache(maxsize=1)
def _load_tokeniser_dictionary() -> None:
    """Build newmm's dictionary once (a pool's forked workers then inherit it built), and
    keep it out of the cyclic garbage collector.

    It is a trie of some 400,000 objects that lives as long as the process. Left
    to the collector, every full collection walks all of it, though none of it can
    ever be garbage: about a tenth of a run that normalises went there. Freezing
    takes what is alive now out of later collections; reference counting still
    frees it.
    """
    from pythainlp.tokenize import word_tokenize

    word_tokenize("สามคน", engine="newmm")  # pragma: no mutate
    gc.freeze()  # pragma: no mutate


def _normalize_all(
    texts: list[str], progress: bool | None, rules: Sequence[Rule] | None = None
) -> list[str]:
    """Normalise in this process, or with a pool of forked ones when it pays.

    With a pool, only the texts that need the tokeniser go to the workers;
    this process normalises the rest meanwhile. Every text still goes through
    the same normaliser: the split only schedules the work.
    """
    normalize = _normalizer_for(rules)
    workers = worker_count()
    heavy = [i for i, t in enumerate(texts) if needs_tokeniser(t)]
    if heavy:  # pragma: no mutate (when the dictionary is built changes time, not texts)
        _load_tokeniser_dictionary()
    # Fork only a single-threaded process (a forked child of a threaded one can
    # deadlock), and not inside a pytest-xdist worker, whose siblings already
    # keep every core busy.
    use_pool = (
        len(heavy) >= POOL_THRESHOLD
        and workers > 1
        and "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
        and "PYTEST_XDIST_WORKER" not in os.environ
    )
    disable = None if progress is None else not progress
    # Counted in characters, the work's real measure (newmm's time follows the
    # length), and averaged over the whole run: the first batch pays for the
    # pool's start-up, and must not make the estimate read nine hours.
    bar = tqdm(
        total=sum(map(len, texts)),
        desc="normalising",
        unit="char",
        unit_scale=True,
        smoothing=0,
        disable=disable,
        leave=False,
    )
    if not use_pool:
        with bar:
            out = []
            for text in texts:
                out.append(normalize(text))
                bar.update(len(text))
            return out
    batches = _batches_by_length(texts, heavy, workers * 48)
    # fork: workers inherit the live pipeline, including a contributor's edit.
    context = multiprocessing.get_context("fork")
    out: list[str] = [""] * len(texts)
    # Freeze the parent's objects out of the collector: otherwise every
    # collection in a worker walks (and copies on write) the whole inherited heap.
    # They stay frozen: unfreezing would hand newmm's dictionary back to it too.
    gc.freeze()  # pragma: no mutate
    with bar, worker_pool(workers, context) as pool:
        futures = [
            (batch, pool.submit(_normalize_batch, [texts[i] for i in batch], rules))
            for batch in batches
        ]
        heavy_set = set(heavy)
        for index, text in enumerate(texts):  # the light ones, while the pool works
            if index not in heavy_set:
                out[index] = normalize(text)
        bar.update(sum(len(texts[i]) for i in range(len(texts)) if i not in heavy_set))
        for batch, future in futures:
            for index, value in zip(batch, future.result()):
                out[index] = value
            bar.update(sum(len(texts[i]) for i in batch))
    return out


# The rule that runs newmm: nearly all of the normaliser's work. Its results are also
# cached apart, by its own input, so that a pipeline that differs only in cheaper rules
# (an ablation, another revision, a contributor's new rule) runs newmm only on the texts
# whose input to it changed.
TOKENISING_RULE = "spoken_numbers_to_digits"


def tokenising_rule_fingerprint() -> str | None:
    """The fingerprint under which the live pipeline's number rule keeps its own results
    (None when the pipeline has no such rule)."""
    alone = [rule for rule in normalizer.THAI_CER_PIPELINE if rule.__name__ == TOKENISING_RULE]
    return normalizer_fingerprint(alone) if len(alone) == 1 else None


def _normalize_missing(
    texts: list[str], progress: bool | None, rules: Sequence[Rule] | None, *, cached: bool
) -> list[str]:
    """``texts`` through the pipeline: the rules before the tokenising one here, that rule
    through its own cache (``normalize_texts`` with it alone), the rules after it here."""
    pipeline = tuple(normalizer.THAI_CER_PIPELINE if rules is None else rules)
    names = [rule.__name__ for rule in pipeline]
    # (Only where the work is done is decided here: every path gives the same texts.)
    alone = len(pipeline) == 1 or names.count(TOKENISING_RULE) != 1  # pragma: no mutate
    if not cached or alone:  # pragma: no mutate
        return _normalize_all(texts, progress, rules)
    at = names.index(TOKENISING_RULE)
    inputs = [_apply_remembering(text, pipeline[:at]) for text in texts]
    tokenised = normalize_texts(inputs, progress=progress, rules=pipeline[at : at + 1])
    return [_apply_remembering(tokenised[text], pipeline[at + 1 :]) for text in inputs]


def normalize_texts(
    texts: Iterable[str],
    *,
    progress: bool | None = None,
    cache: bool = True,
    rules: Sequence[Rule] | None = None,
) -> dict[str, str]:
    """``{text: normalize(text)}`` for every distinct text, each computed once.

    ``rules`` replaces the live pipeline (an ablation, another revision's
    rules); each rule list has its own cache folder, keyed by its fingerprint.
    """
    distinct = list(dict.fromkeys(texts))
    root = cache_directory() if cache else None
    store = NormalizationCache(root, normalizer_fingerprint(rules)) if root else None
    known = store.load() if store else {}
    result = {t: known[t] for t in distinct if t in known}
    missing = [t for t in distinct if t not in result]
    if missing:
        fresh = dict(
            zip(missing, _normalize_missing(missing, progress, rules, cached=store is not None))
        )
        result.update(fresh)
        if store:
            store.add(fresh)
    return result
