"""Command line: ``python -m scoring <command>``: score, card, publish, impact, ablate,
verdicts, rebaseline, explain, cache, fetch, gate, make-refs, join-audio.

Thin by design: parse arguments, call the library, print. Every ScoringError
becomes one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from fractions import Fraction
from pathlib import Path

from . import __version__
from .bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED, paired_bootstrap
from .card import card_json, card_markdown, compute_card, load_card_spec
from .data.hub import Hub
from .data.join_audio import join_audio, joined_summary, recordings_from_ids, recordings_from_list
from .data.make_refs import make_refs
from .errors import ScoringError
from .interrupts import INTERRUPTED, watching_for_ctrl_c
from .provenance import signature, unpinned_pythainlp_message
from .randomisation import paired_randomisation_test
from .report import (
    cluster_shares,
    empty_references_note,
    few_clusters_note,
    few_resamples_note,
    format_cluster_shares,
    format_score_report,
    plural,
    score_report,
)
from .scorer import score_files

__all__ = ["main", "entry", "build_parser"]


def _add_card_root(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "root",
        type=Path,
        nargs="?",
        default=None,
        help="benchmark folder with card.toml (default: the demo benchmark)",
    )


def _add_no_cache(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="do not read or write the normalisation cache (also: SCORING_NO_CACHE=1)",
    )


def _add_output(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--output",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the report to FILE (only once it is complete; a failed "
        "run leaves no file) instead of printing it",
    )


def _emit(text: str, output: Path | None) -> None:
    """The report on stdout, or into ``output`` through a temporary file and a rename, so a
    run that fails or is stopped never leaves an empty or half report (as `> file` does)."""
    if output is None:
        print(text, end="")
        return
    from .files import write_text_atomically

    write_text_atomically(output, text)
    print(f"wrote {output}", file=sys.stderr)


def _check_output(output: Path | None) -> None:
    """A report file that cannot be written is refused before any work."""
    if output is not None and (output.is_dir() or not output.parent.is_dir()):
        raise ScoringError(
            output,
            "is a directory"
            if output.is_dir()
            else f"cannot be written: there is no folder {output.parent}",
        )


def _add_bootstrap_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--resamples",
        type=int,
        default=DEFAULT_RESAMPLES,
        help="bootstrap resamples (default %(default)s)",
    )
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help="bootstrap seed (default %(default)s)"
    )
    parser.add_argument(
        "--level", type=float, default=DEFAULT_LEVEL, help="interval level (default %(default)s)"
    )


class _Version(argparse.Action):
    """``--version``: one unwrapped line, with the signature every score carries."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"scoring {__version__} ({signature()})")
        parser.exit()


class _OneLineErrors(argparse.ArgumentParser):
    """A wrong command line is one line, as every other bad input is: the problem and where
    the usage is (argparse alone prints the whole usage above it). An option the command
    does not take points to that command's own help."""

    def error(self, message: str):
        # A mistyped option makes argparse say first what is missing ("one of the arguments
        # --write --check --mark ... is required"): the typo is the problem, so it is named.
        options = self._option_string_actions
        unknown = [  # (of a command's own options: the top parser's words are commands)
            given
            for given in (() if self._commands() else getattr(self, "_given", ()))
            if given.startswith("--")
            and given != "--"  # (the end of the options)
            and not any(option.startswith(given.split("=", 1)[0]) for option in options)
        ]  # (an abbreviation, "--mar", is an option: argparse reads it so)
        if unknown:
            close = difflib.get_close_matches(unknown[0].split("=", 1)[0], options, 1)
            message = f"unrecognized arguments: {' '.join(unknown)}" + (
                f" (did you mean {close[0]}?)" if close else ""
            )
        self.exit(2, f"{self.prog}: {message} (see `{self.prog} --help`)\n")

    def parse_known_args(self, args=None, namespace=None):
        self._given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def parse_args(self, args=None, namespace=None):
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            command = self._commands().get(getattr(parsed, "command", None), self)
            command.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed

    def _commands(self) -> dict:
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                return action.choices
        return {}


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineErrors(
        prog="scoring", description="Thai CER scoring for the streaming ASR model card."
    )
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help="print the version and the normaliser's signature",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    _add_score_command(commands)
    _add_card_command(commands)
    _add_publish_command(commands)
    _add_impact_command(commands)
    _add_ablate_command(commands)
    _add_verdicts_command(commands)
    _add_rebaseline_command(commands)
    _add_cache_command(commands)
    _add_explain_command(commands)
    _add_refs_command(commands)
    _add_fetch_command(commands)
    _add_gate_command(commands)
    _add_join_command(commands)
    return parser


def _add_score_command(commands) -> None:
    score = commands.add_parser(
        "score", help="CER of one hypothesis file, or two with their paired difference"
    )
    score.add_argument("ref", type=Path, help="refs/<set>.jsonl")
    score.add_argument("hyp", type=Path, help="hypothesis A (JSON Lines)")
    score.add_argument("hyp_b", type=Path, nargs="?", help="hypothesis B (optional)")
    score.add_argument("--ids", type=Path, help="ids file (default: ids/<stem of REF>.jsonl)")
    score.add_argument("--json", action="store_true", help="print one JSON object")
    score.add_argument(
        "--by-cluster",
        action="store_true",
        help="with two hypotheses: each cluster's share of A - B",
    )
    score.add_argument(
        "--top",
        type=int,
        default=None,
        metavar="N",
        help="with --by-cluster: clusters shown (default 10)",
    )
    score.add_argument(
        "--only-listed",
        action="store_true",
        help="score only the clips the ids file lists, ignoring (and counting) "
        "any other clip in a hypothesis file",
    )
    _add_bootstrap_options(score)
    score.set_defaults(run=run_score)


def _add_card_command(commands) -> None:
    card = commands.add_parser("card", help="compute every figure of a card")
    _add_card_root(card)
    output = card.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="every figure as JSON")
    output.add_argument(
        "--markdown", action="store_true", help="tables ready to paste into the model card"
    )
    card.add_argument(
        "--plot",
        type=Path,
        metavar="FILE",
        help="also draw a forest plot of the differences (.png/.svg/.pdf) "
        "and, for a card with several latencies, CER against latency "
        "beside it (FILE-latency.png)",
    )
    card.add_argument(
        "--latency",
        type=int,
        metavar="MS",
        help="latency of the forest plot (default: the card's headline)",
    )
    _add_no_cache(card)
    card.set_defaults(run=run_card)


def _add_publish_command(commands) -> None:
    publish = commands.add_parser(
        "publish",
        help="the published model card: check it (--check), regenerate it "
        "(--write), adopt a hand-written one (--mark), review it against the "
        "hub's (--diff), or put it on the hub (--push)",
    )
    _add_card_root(publish)
    action = publish.add_mutually_exclusive_group(required=True)
    action.add_argument(
        "--write",
        action="store_true",
        help="rewrite every marked region and the model-index from the data",
    )
    action.add_argument(
        "--check",
        action="store_true",
        help="change nothing; exit 1 and show what differs if anything does",
    )
    action.add_argument(
        "--mark",
        action="store_true",
        help="adopt a hand-written card: wrap each number that is one of the "
        "card's figures in a figure marker; report stale ones",
    )
    action.add_argument(
        "--diff",
        action="store_true",
        help="review: the card here against the card on the hub as fetched "
        "(what --mark and --write changed), as a unified diff",
    )
    action.add_argument(
        "--push",
        action="store_true",
        help="open a pull request on the model repository with the card the "
        "data give (README.md, and .eval_results/ where the card has it); "
        "the token comes from HF_TOKEN",
    )
    publish.add_argument(
        "--strict",
        action="store_true",
        help="with --check: fail on a figure-like number outside any marker "
        "(default: [publish] strict)",
    )
    publish.add_argument(
        "--repo",
        default=None,
        metavar="OWNER/NAME",
        help="with --push: the model repository (default: [publish] repo)",
    )
    publish.add_argument(
        "--no-pr",
        action="store_true",
        help="with --push: commit to main directly, not as a pull request",
    )
    _add_no_cache(publish)
    publish.set_defaults(run=run_publish)


def _add_impact_command(commands) -> None:
    impact = commands.add_parser(
        "impact",
        help="what a normaliser change does to the card (against a revision or "
        "the golden snapshots)",
    )
    _add_card_root(impact)
    impact.add_argument(
        "--against",
        metavar="REV",
        help="git revision whose normaliser is 'before' (default: the "
        "golden snapshots the gate pins)",
    )
    impact.add_argument(
        "--markdown", action="store_true", help="the report as markdown, for a pull request"
    )
    impact.add_argument(
        "--clips",
        type=int,
        default=3,
        metavar="N",
        help="clips shown per set (default %(default)s)",
    )
    _add_output(impact)
    _add_no_cache(impact)
    impact.set_defaults(run=run_impact)


def _add_ablate_command(commands) -> None:
    ablate = commands.add_parser(
        "ablate", help="the card recomputed with each normalisation rule left out in turn"
    )
    _add_card_root(ablate)
    ablate.add_argument("--markdown", action="store_true", help="tables as markdown")
    _add_output(ablate)
    _add_no_cache(ablate)
    ablate.set_defaults(run=run_ablate)


def _add_verdicts_command(commands) -> None:
    verdicts = commands.add_parser(
        "verdicts",
        help="every comparison's verdict looked at twice: its stability under "
        "other seeds, and whether it survives Holm's correction",
    )
    _add_card_root(verdicts)
    verdicts.add_argument(
        "--seeds",
        type=int,
        default=None,
        metavar="K",
        help="seeds of the published recipe for stability (default: the "
        "card's [verdicts] seeds, 200)",
    )
    verdicts.add_argument(
        "--resamples",
        type=int,
        default=None,
        metavar="N",
        help="resamples of each p-value (default: [verdicts] resamples, 100000)",
    )
    verdicts.add_argument(
        "--draws",
        type=int,
        default=None,
        metavar="N",
        help="random sign assignments of the exact test above 20 clusters "
        "(default: [verdicts] draws, 100000)",
    )
    verdicts.add_argument(
        "--family",
        default=None,
        metavar="card|latency",
        help="Holm's family: every comparison of the card (default) or each latency's",
    )
    shown = verdicts.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="every row as JSON")
    shown.add_argument("--markdown", action="store_true", help="the table as markdown")
    _add_output(verdicts)
    _add_no_cache(verdicts)
    verdicts.set_defaults(run=run_verdicts)


def _add_rebaseline_command(commands) -> None:
    rebaseline = commands.add_parser(
        "rebaseline",
        help="accept a deliberate change: pin the normaliser version, rewrite "
        "the golden snapshots and the published cards",
    )
    rebaseline.set_defaults(run=run_rebaseline)


def _add_cache_command(commands) -> None:
    cache = commands.add_parser("cache", help="where the normalisation cache is, and its size")
    what = cache.add_mutually_exclusive_group()
    what.add_argument("--info", action="store_true", help="folders and sizes (the default)")
    what.add_argument("--clear", action="store_true", help="remove every cached normalisation")
    cache.set_defaults(run=run_cache)


def _add_explain_command(commands) -> None:
    explain = commands.add_parser(
        "explain", help="show a text after each normalisation rule (and the edits to another)"
    )
    explain.add_argument("text", help="a reference or hypothesis")
    explain.add_argument("other", nargs="?", help="a second text to compare with")
    explain.set_defaults(run=run_explain)


def _add_refs_command(commands) -> None:
    refs = commands.add_parser(
        "make-refs",
        help="rebuild refs/ from the public datasets, each set's source as card.toml declares it",
    )
    refs.add_argument(
        "--card",
        type=Path,
        default=Path("card.toml"),
        metavar="FILE",
        help="the card.toml whose [sources.<set>] tables declare each set's "
        "source (default: ./card.toml)",
    )
    refs.add_argument("--out", type=Path, default=Path("refs"), help="folder (default refs/)")
    refs.add_argument(
        "--sets",
        nargs="+",
        default=None,
        metavar="SET",
        help="sets to build (default: every set with a source in card.toml)",
    )
    refs.add_argument(
        "--ids-dir",
        type=Path,
        default=Path("ids"),
        metavar="DIR",
        help="check against DIR/<set>.jsonl where it exists (default ids/)",
    )
    refs.add_argument(
        "--ids",
        action="store_true",
        help="also write DIR/<set>.jsonl (each clip's id and cluster, from the "
        "source) for each set that has none: a new set's ids",
    )
    refs.add_argument(
        "--force", action="store_true", help="with --ids: write the sets' ids files that exist too"
    )
    refs.add_argument("--offline", action="store_true", help="use only the hub cache")
    refs.set_defaults(run=run_make_refs)


def _add_fetch_command(commands) -> None:
    fetch = commands.add_parser(
        "fetch", help="download the real card's ids/, hypotheses/ and model card from the hub"
    )
    fetch.add_argument(
        "--repo",
        default=None,
        metavar="REPO",
        help="model repository (default iapp/OpenThai2.0-ASR-Streaming)",
    )
    fetch.add_argument(
        "--revision", default=None, metavar="REV", help="branch, tag or commit (default main)"
    )
    fetch.add_argument(
        "--path",
        default=None,
        metavar="FOLDER",
        help="the benchmark folder inside the repository (default benchmark)",
    )
    fetch.add_argument(
        "--out",
        type=Path,
        default=Path("."),
        metavar="DIR",
        help="project root to write ids/, hypotheses/, model_card/ into (default: here)",
    )
    fetch.add_argument("--offline", action="store_true", help="use only the hub cache")
    fetch.add_argument(
        "--force",
        action="store_true",
        help="overwrite or remove files in ids/, hypotheses/ and model_card/ "
        "that fetch did not write",
    )
    fetch.set_defaults(run=run_fetch)


def _add_gate_command(commands) -> None:
    gate = commands.add_parser(
        "gate",
        help="the maintainers' CI in one command: fetch, refs (cached), pytest, the "
        "card on the hub, report",
        description="Five steps in ROOT, each announced on one line: 1 fetch the real card's "
        "ids/, hypotheses/ and model card from the hub (--no-fetch: as they are here); "
        "2 references, from a cache or rebuilt; 3 pytest; 4 the card on the hub against "
        "the data; 5 the verdict, with card-impact.md and card-forest.png on a failure. "
        "Exit 0 green, 1 failed, 2 a step could not run. See docs/gate.md.",
    )
    gate.add_argument(
        "root", type=Path, nargs="?", default=Path("."), help="the project root (default: here)"
    )
    gate.add_argument(
        "--report",
        type=Path,
        default=None,
        metavar="FILE",
        help="impact report written when the gate fails (default card-impact.md)",
    )
    gate.add_argument(
        "--plot",
        type=Path,
        default=None,
        metavar="FILE",
        help="forest plot written when the gate fails (default card-forest.png)",
    )
    gate.add_argument(
        "--refs-cache",
        type=Path,
        default=None,
        metavar="DIR",
        help="where rebuilt references are kept, by a hash of ids/ and the "
        "make-refs code (default: in the scoring cache)",
    )
    gate.add_argument(
        "--no-fetch", action="store_true", help="use ids/ and hypotheses/ as they are"
    )
    gate.add_argument(
        "--pytest-args",
        default=None,
        metavar="ARGS",
        help="pytest's arguments (default: -n auto --require-real-card -q)",
    )
    gate.add_argument(
        "--open-pr",
        action="store_true",
        help="when every test passes but the card on the hub differs from the "
        "data, open the pull request that puts it right (needs a write "
        "token in HF_TOKEN; for CI on pushes to main)",
    )
    gate.set_defaults(run=run_gate)


def _add_join_command(commands) -> None:
    join = commands.add_parser("join-audio", help="build long recordings from their clips")
    join.add_argument("out", type=Path, help="folder for <recording>.wav")
    source = join.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--list", type=Path, metavar="FILE", help="ordered list: recording<TAB>clip path per line"
    )
    source.add_argument(
        "--ids",
        type=Path,
        metavar="FILE",
        help="ids/<set>.jsonl: clips grouped by cluster, in file order",
    )
    join.add_argument(
        "--clips", type=Path, metavar="DIR", help="with --ids: the folder holding <id>.wav"
    )
    join.add_argument(
        "--resample",
        action="store_true",
        help="convert clips that are not 16 kHz mono instead of refusing them",
    )
    join.set_defaults(run=run_join_audio)


def _check_bootstrap_options(args: argparse.Namespace) -> None:
    """The settings the signature names are checked whatever else is asked."""
    if args.seed < 0:
        raise ScoringError("--seed", f"must be 0 or more (a whole number), not {args.seed}")
    if args.resamples < 1:
        raise ScoringError("--resamples", f"must be 1 or more, not {args.resamples}")
    if not 0 < args.level < 1:
        raise ScoringError(
            "--level",
            f"must be a fraction between 0 and 1 (0.95 for a 95 % interval), not {args.level:g}",
        )


def _goes_with(option: str, given: bool, needed: str, present: bool) -> None:
    if given and not present:
        raise ScoringError(option, f"goes with {needed} only")


def _ids_of(ref: Path, ids: Path | None) -> Path:
    """The ids file that goes with the reference file: given, or ids/<the set>.jsonl."""
    if not ref.is_file():  # before the ids file its name points to
        raise ScoringError(
            ref,
            "is a directory, not a reference file" if ref.is_dir() else "no such reference file",
        )
    ids_path = ids or Path("ids") / f"{ref.stem}.jsonl"
    if ids is None and not ids_path.exists():  # where it looked, and how to say elsewhere
        raise ScoringError(
            ids_path,
            f"ids file not found (the default for {ref.name}; "
            "it lists the set's clips and their clusters): pass "
            "--ids FILE if it is elsewhere",
        )
    return ids_path


def run_score(args: argparse.Namespace) -> int:
    _check_bootstrap_options(args)
    _goes_with("--top", args.top is not None, "--by-cluster", args.by_cluster)
    # What the options ask is refused before any file is read or any warning said.
    if args.by_cluster and args.hyp_b is None:
        raise ScoringError(args.hyp, "--by-cluster needs two hypothesis files (A and B)")
    top = 10 if args.top is None else args.top
    if top < 1:
        raise ScoringError("--top", "must be 1 or more")
    ids_path = _ids_of(args.ref, args.ids)
    hyp_paths = [p for p in (args.hyp, args.hyp_b) if p is not None]
    clip_set, stats = score_files(
        args.ref,
        hyp_paths,
        ids_path,
        only_listed=args.only_listed,
        on_ignored=lambda path, count: print(
            f"warning: {path}: {plural(count, 'clip')} not in {ids_path} left out (--only-listed)",
            file=sys.stderr,
        ),
    )
    empty = empty_references_note(clip_set, stats, args.ref)
    if empty:
        print(f"warning: {empty}", file=sys.stderr)
    diff = exact = None
    if len(stats) == 2:  # the only interval `score` shows, which the warning is about
        few = few_clusters_note(clip_set)
        if few:
            print(f"warning: {few}", file=sys.stderr)
            exact = paired_randomisation_test(stats[0], stats[1], level=args.level, seed=args.seed)
        too_few = few_resamples_note(args.resamples, args.level)
        if too_few:
            print(f"warning: --resamples {args.resamples}: {too_few}", file=sys.stderr)
        diff = paired_bootstrap(
            stats[0], stats[1], resamples=args.resamples, seed=args.seed, level=args.level
        )
    sig = signature(resamples=args.resamples, seed=args.seed, level=args.level)
    shares = cluster_shares(stats[0], stats[1]) if args.by_cluster else None
    report = score_report(clip_set, [str(p) for p in hyp_paths], stats, diff, sig, exact, shares)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print(format_score_report(report))
        if shares is not None:
            estimate = Fraction(
                stats[0].total_edits - stats[1].total_edits, stats[0].total_ref_chars
            )
            print(format_cluster_shares(shares, estimate, top))
    return 0


def demo_root() -> Path:
    """The demo benchmark: the checkout's examples/demo, or the copy the wheel carries."""
    package = Path(__file__).resolve().parent
    for folder in (package.parent / "examples" / "demo", package / "_demo"):
        if (folder / "card.toml").is_file():
            return folder
    raise ScoringError(package / "_demo", "the demo benchmark is not here; pass ROOT")


def _card_root(root: Path | None) -> Path:
    return demo_root() if root is None else root


def run_card(args: argparse.Namespace) -> int:
    _goes_with("--latency", args.latency is not None, "--plot", args.plot is not None)
    spec = load_card_spec(_card_root(args.root))
    if args.latency is not None and args.latency not in spec.latencies:
        raise ScoringError(
            spec.path, f"has no {args.latency} ms latency (its latencies: {list(spec.latencies)})"
        )
    if args.plot:
        from .card.plot import check_plot_path  # matplotlib: imported only when asked

        check_plot_path(args.plot)  # before the work, so a bad name costs nothing
    result = compute_card(
        spec,
        cache=not args.no_cache,
        on_warning=lambda message: print(f"warning: {message}", file=sys.stderr),
    )
    if args.plot:
        from .card.plot import card_plots

        for written in card_plots(result, args.plot, latency=args.latency):
            print(f"wrote {written}", file=sys.stderr)
    if args.json:
        print(json.dumps(card_json(result), ensure_ascii=False, indent=1))
    else:
        print(card_markdown(result))
    return 0


def run_publish(args: argparse.Namespace) -> int:
    from .card.publish import check_report, published_card, read_card_file, write_report

    spec = load_card_spec(_card_root(args.root))
    if spec.publish_file is None:
        raise ScoringError(
            spec.path, "[publish] file = ... is not set: which markdown file is the published card?"
        )
    # Before the work: a wrong path, a malformed card, an option out of place, a missing
    # repository or token costs nothing.
    card_file = read_card_file(spec.publish_file, spec)
    for option, given, wanted, action in (
        ("--repo", args.repo, args.push, "--push"),
        ("--no-pr", args.no_pr, args.push, "--push"),
        ("--strict", args.strict, args.check, "--check"),
    ):
        _goes_with(option, given, action, wanted)
    home = _card_home(card_file.path, args.root)
    if args.diff:
        return _print_card_diff(card_file, home)
    if args.push:
        from .data.push import push_target

        repo = push_target(args.repo or spec.publish_repo, spec.path)
    result = compute_card(
        spec,
        cache=not args.no_cache,
        on_warning=lambda message: print(f"warning: {message}", file=sys.stderr),
    )
    from .card.adopt import words_the_data_deny

    card = published_card(result, card_file, read_words=words_the_data_deny)
    for line in card.unread:  # (in every mode: such an entry is never gated)
        print(f"note: {line}", file=sys.stderr)
    if args.mark:
        from .card.mark_report import mark_report

        text, code = mark_report(result, card_file, card, home)
    else:
        for line in card.foreign:
            print(f"note: {line}", file=sys.stderr)
        if args.push:
            text, code = _push(card, repo, result.signature, create_pr=not args.no_pr), 0
        elif args.write:
            from .card.mark_report import ungated_after_writing

            text, code = write_report(card, home)
            written = read_card_file(spec.publish_file, spec)
            text += ungated_after_writing(written, result, home, before=card.old)
        else:
            from .card.mark_report import format_coverage

            text, code = check_report(
                card,
                spec,
                format_coverage(card_file, spec, result.exact, result),
                strict=args.strict or spec.publish_strict,
            )
    print(text, end="")
    return code


def _push(card, repo: str, signature: str, create_pr: bool) -> str:
    """The card's files proposed to (or committed on) the hub: what to print."""
    from .data.push import format_pushed, push_card

    pushed = push_card(
        card.files_for_the_hub(),
        card.changes(),
        repo_id=repo,
        hub=Hub(),
        signature=signature,
        create_pr=create_pr,
    )
    return format_pushed(pushed, card.path) + "\n"


def _card_home(card_path: Path, root: Path | None):
    """The card file's home: the hub's card mirrored by fetch, or a file of the checkout."""
    from .card.text import CardHome
    from .data.fetch import fetched_state

    state = fetched_state(card_path)
    return CardHome(
        "" if root is None else str(root),
        *(state or (None, False)),
        in_git=_in_a_git_work_tree(card_path),
    )


def _in_a_git_work_tree(path: Path) -> bool:
    return any((folder / ".git").exists() for folder in Path(path).resolve().parents)


def _print_card_diff(card_file, home) -> int:
    """``publish --diff``: the card here against the hub's, as fetched (from the hub cache)."""
    from .card.publish import format_card_diff
    from .data.fetch import fetched_original

    original = fetched_original(card_file.path, Hub(offline=True, progress=False))
    if original is None:  # (nothing went wrong: there is no hub copy to set it against)
        review = (
            f"`git diff {card_file.path}` shows what changed in it"
            if _in_a_git_work_tree(card_file.path)
            else "the diff `--mark` printed shows what it marked"
        )
        print(
            f"note: {card_file.path} was not fetched from the hub (`python -m scoring fetch` "
            f"mirrors the hub's card), so there is no hub copy to compare it with: {review}",
            file=sys.stderr,
        )
        return 0
    print(format_card_diff(original, card_file.text, card_file.path, home), end="")
    return 0


def run_impact(args: argparse.Namespace) -> int:
    from .card.golden import card_name
    from .card.impact import format_impact, impact_against_golden, impact_against_revision

    _check_output(args.output)
    if args.clips < 0:
        raise ScoringError("--clips", "must be 0 or more")
    spec = load_card_spec(_card_root(args.root))
    options = dict(
        clips_per_set=args.clips,
        cache=not args.no_cache,
        on_warning=lambda message: print(f"warning: {message}", file=sys.stderr),
    )
    if args.against is not None:
        impact = impact_against_revision(spec, args.against, **options)
    else:
        card = card_name(spec.root)
        if card is None:
            raise ScoringError(
                spec.path,
                "no golden snapshots pin this card: compare with a git revision (--against REV)",
            )
        impact, _ = impact_against_golden(spec, card, **options)
    _emit(format_impact(impact, markdown=args.markdown), args.output)
    return 0


def run_ablate(args: argparse.Namespace) -> int:
    from .card import read_card_texts
    from .card.ablate import ablate, format_ablation

    _check_output(args.output)
    spec = load_card_spec(_card_root(args.root))
    texts = read_card_texts(
        spec, on_warning=lambda message: print(f"warning: {message}", file=sys.stderr)
    )
    result = ablate(texts, cache=not args.no_cache)
    _emit(format_ablation(result, markdown=args.markdown), args.output)
    return 0


def run_verdicts(args: argparse.Namespace) -> int:
    from .card.spec import VERDICT_FAMILIES
    from .card.verdicts import card_verdicts, format_verdicts, verdicts_json
    from .robustness import check_settings

    _check_output(args.output)
    if args.family is not None and args.family not in VERDICT_FAMILIES:
        raise ScoringError(
            "--family", f"must be one of {', '.join(VERDICT_FAMILIES)}, not {args.family!r}"
        )
    if args.seeds is not None and args.seeds < 1:
        check_settings(seeds=args.seeds, resamples=0, family_size=1, alpha=0.05)
    spec = load_card_spec(_card_root(args.root))
    result = compute_card(
        spec,
        cache=not args.no_cache,
        on_warning=lambda message: print(f"warning: {message}", file=sys.stderr),
    )
    verdicts = card_verdicts(
        result, seeds=args.seeds, resamples=args.resamples, family=args.family, draws=args.draws
    )
    if args.json:
        _emit(
            json.dumps(verdicts_json(result, verdicts), ensure_ascii=False, indent=1) + "\n",
            args.output,
        )
    else:
        _emit(format_verdicts(result, verdicts, markdown=args.markdown), args.output)
    return 0


def run_rebaseline(args: argparse.Namespace) -> int:
    from .card.rebaseline import find_checkout, format_accepted, rebaseline
    from .data.fetch import fetched_state  # the data side knows what was fetched

    accepted = rebaseline(
        find_checkout(), say=lambda line: print(line, flush=True), hub_copy=fetched_state
    )
    print(format_accepted(accepted))
    return 0


def run_cache(args: argparse.Namespace) -> int:
    from .batch import cache_report

    print(cache_report(clear=args.clear))
    return 0


def run_explain(args: argparse.Namespace) -> int:
    from .explain import explanation

    print(explanation(args.text, args.other), end="")
    return 0


def run_make_refs(args: argparse.Namespace) -> int:
    from .data.sources import load_sources

    if args.force and not args.ids:
        raise ScoringError("--force", "goes with --ids (it lets --ids write ids files that exist)")
    made = make_refs(
        args.out,
        load_sources(args.card),
        args.sets,
        ids_dir=args.ids_dir,
        hub=Hub(offline=args.offline),
        write_ids=args.ids,
        force=args.force,
        warn=lambda message: print(f"warning: {message}", file=sys.stderr),
    )
    for set_name in made.ids_kept:
        print(
            f"{args.ids_dir / (set_name + '.jsonl')}: kept as it is (--force writes it "
            "again from the source)"
        )
    for set_name, (clips, clusters) in made.ids_written.items():
        print(
            f"{args.ids_dir / (set_name + '.jsonl')}: {plural(clips, 'clip')} in "
            f"{plural(clusters, 'cluster')}"
        )
    for set_name, count in made.counts.items():
        print(f"{args.out / (set_name + '.jsonl')}: {plural(count, 'reference')}")
    return 0


def run_fetch(args: argparse.Namespace) -> int:
    from .data.fetch import CARD_FILE, DEFAULT_FOLDER, DEFAULT_REPO, fetch_card_data

    repo = args.repo or DEFAULT_REPO
    fetched = fetch_card_data(
        Hub(offline=args.offline),
        args.out,
        repo_id=repo,
        revision=args.revision,
        folder=DEFAULT_FOLDER if args.path is None else args.path,
        force=args.force,
    )
    for name in fetched.removed:
        print(f"removed: {name} (gone from {repo})")
    print(
        f"{args.out}: {plural(fetched.counts['ids'], 'ids file')}, "
        f"{plural(fetched.counts['hypotheses'], 'hypothesis file')}"
        + (f", the model card as {CARD_FILE}" if fetched.counts["card"] else ", no model card")
        + f" (from {repo} at {fetched.commit[:12]})"
    )
    return 0


def run_gate(args: argparse.Namespace) -> int:
    import shlex

    from .gate import DEFAULT_PLOT, DEFAULT_REPORT, PYTEST_ARGS
    from .gate import run_gate as gate

    result = gate(
        args.root,
        hub=Hub(),
        refs_cache=args.refs_cache,
        report=args.report or DEFAULT_REPORT,
        plot=args.plot or DEFAULT_PLOT,
        pytest_args=shlex.split(args.pytest_args) if args.pytest_args else PYTEST_ARGS,
        fetch=not args.no_fetch,
        open_pr=args.open_pr,
        say=lambda line: print(line, flush=True),
    )
    return 0 if result.passed else 1


def run_join_audio(args: argparse.Namespace) -> int:
    if args.list:
        recordings = recordings_from_list(args.list)
    else:
        if args.clips is None:
            raise ScoringError("--ids", "needs --clips DIR, the folder holding <id>.wav")
        recordings = recordings_from_ids(args.ids, args.clips)
    counts = join_audio(recordings, args.out, resample=args.resample)
    print(joined_summary(args.out, counts))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    mismatch = unpinned_pythainlp_message()
    if mismatch:
        print(f"warning: {mismatch}", file=sys.stderr)
    with watching_for_ctrl_c() as interrupts:
        try:
            code = args.run(args)
            if not interrupts.seen:
                return code
            raise KeyboardInterrupt  # the Ctrl-C was swallowed on its way: it still counts
        except (ScoringError, ValueError) as error:  # ValueError: e.g. --level 2
            print(f"error: {error}", file=sys.stderr)
            return 2
        except BrokenPipeError:  # output piped into `head`: not an error
            sys.stderr.close()
            return 0
        except BaseException as error:
            # Ctrl-C, or a worker pool broken by the Ctrl-C that reached its workers first.
            if not (isinstance(error, KeyboardInterrupt) or interrupts.seen):
                raise
            return interrupts.end()


def entry() -> None:
    """The command line's process: after Ctrl-C it exits at once, never waiting at exit for a
    worker pool's threads."""
    code = main()
    if code == INTERRUPTED:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(INTERRUPTED)
    sys.exit(code)
