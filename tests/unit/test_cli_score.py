"""`scoring score`: human output, the --json schema and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import editdistance
import numpy as np
import pytest

from conftest import REPO_ROOT, write_jsonl
from scoring import NORMALIZER_VERSION, normalize
from scoring.bootstrap import fewest_resamples
from scoring.cli import main
from scoring.robustness import FEW_CLUSTERS


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def cer_by_editdistance(folder, hypotheses: str) -> float:
    """The set's CER as an oracle of no code here computes it: editdistance over the
    normalised texts, summed over clips, over the references' characters."""

    def texts(path, field):
        lines = (folder / path).read_text(encoding="utf-8").splitlines()
        return {r["id"]: normalize(r[field]) for r in map(json.loads, lines)}

    refs, hyps = texts("refs/tiny.jsonl", "text"), texts(hypotheses, "pred_text")
    return sum(editdistance.eval(refs[i], hyps[i]) for i in refs) / sum(map(len, refs.values()))


def test_two_hypotheses_print_cers_and_interval(tiny_benchmark, capsys, monkeypatch):
    """Human output: two CERs, the difference with its interval, the signature."""
    monkeypatch.chdir(tiny_benchmark)
    code, out, _ = run(
        capsys, "score", "refs/tiny.jsonl", "hypotheses/a.jsonl", "hypotheses/b.jsonl"
    )
    assert code == 0
    assert f"A  CER {100 * cer_by_editdistance(tiny_benchmark, 'hypotheses/a.jsonl'):.2f} %" in out
    assert "B  CER " in out and "A - B" in out and "95 % CI [" in out
    assert f"signature: metric:cer|nrm:th-{NORMALIZER_VERSION}|pythainlp:5.3.5|" in out


def test_json_matches_the_schema(tiny_benchmark, capsys, monkeypatch):
    """--json prints exactly one object with the documented keys."""
    monkeypatch.chdir(tiny_benchmark)
    code, out, _ = run(
        capsys, "score", "refs/tiny.jsonl", "hypotheses/a.jsonl", "hypotheses/b.jsonl", "--json"
    )
    assert code == 0
    report = json.loads(out)
    # (Two clusters, fewer than the bootstrap needs: the exact reading is there too.)
    assert set(report) == {"set", "signature", "n_clips", "ref_chars", "a", "b", "diff", "exact"}
    assert set(report["a"]) == set(report["b"]) == {"file", "cer", "edits"}
    assert set(report["diff"]) == {"estimate", "low", "high", "resamples", "seed", "level", "tie"}
    assert set(report["exact"]) == {
        "estimate",
        "low",
        "high",
        "p_value",
        "clusters",
        "assignments",
        "enumerated",
        "level",
        "tie",
    }
    # Two clusters give four sign assignments: no p-value under 2/4, no bounded interval.
    assert report["exact"]["low"] is None and report["exact"]["high"] is None
    assert report["exact"]["p_value"] >= 0.5 and report["exact"]["tie"]
    assert report["set"] == "tiny" and report["n_clips"] == 3
    assert report["a"]["cer"] == pytest.approx(
        cer_by_editdistance(tiny_benchmark, "hypotheses/a.jsonl"), abs=1e-12
    )
    assert report["b"]["cer"] == report["b"]["edits"] / report["ref_chars"]
    assert report["diff"]["estimate"] == pytest.approx(
        report["a"]["cer"] - report["b"]["cer"], abs=1e-12
    )
    assert report["diff"]["tie"] == (report["diff"]["low"] <= 0 <= report["diff"]["high"])


def test_json_with_one_hypothesis_has_no_b_or_diff(tiny_benchmark, capsys, monkeypatch):
    """One hypothesis: no "b" and no "diff"."""
    monkeypatch.chdir(tiny_benchmark)
    code, out, _ = run(capsys, "score", "refs/tiny.jsonl", "hypotheses/b.jsonl", "--json")
    assert code == 0
    assert set(json.loads(out)) == {"set", "signature", "n_clips", "ref_chars", "a"}


def test_ids_option_overrides_the_default(tiny_benchmark, capsys):
    """--ids lets the command run from any directory."""
    code, out, _ = run(
        capsys,
        "score",
        str(tiny_benchmark / "refs/tiny.jsonl"),
        str(tiny_benchmark / "hypotheses/a.jsonl"),
        "--ids",
        str(tiny_benchmark / "ids/tiny.jsonl"),
        "--json",
    )
    assert code == 0 and json.loads(out)["n_clips"] == 3


def test_input_files_tolerate_bom_crlf_and_blank_lines(tiny_benchmark, capsys, monkeypatch):
    """A BOM, CRLF endings, blank lines and shuffled lines change nothing."""
    monkeypatch.chdir(tiny_benchmark)
    _, before, _ = run(capsys, "score", "refs/tiny.jsonl", "hypotheses/b.jsonl", "--json")
    hyp = tiny_benchmark / "hypotheses/b.jsonl"
    lines = hyp.read_text(encoding="utf-8").splitlines()
    hyp.write_bytes(b"\xef\xbb\xbf" + "\r\n\r\n".join(reversed(lines)).encode() + b"\r\n")
    _, after, _ = run(capsys, "score", "refs/tiny.jsonl", "hypotheses/b.jsonl", "--json")
    assert json.loads(after)["a"]["edits"] == json.loads(before)["a"]["edits"]


def _spoil(root, name, content: bytes):
    (root / name).write_bytes(content)


BAD_INPUTS = {
    "malformed-json": (
        "hypotheses/a.jsonl",
        b'{"id": "c1", "pred_text": \n',
        r"hypotheses/a\.jsonl:1: malformed JSON",
    ),
    "missing-id": (
        "hypotheses/a.jsonl",
        b'{"pred_text": "x"}\n',
        r'hypotheses/a\.jsonl:1: missing "id"',
    ),
    "non-string-id": (
        "refs/tiny.jsonl",
        b'{"id": 3, "text": "x"}\n',
        r'refs/tiny\.jsonl:1: "id" must be a string, not int',
    ),
    "missing-text": ("refs/tiny.jsonl", b'{"id": "c1"}\n', r'refs/tiny\.jsonl:1: missing "text"'),
    "non-string-pred-text": (
        "hypotheses/a.jsonl",
        b'{"id": "c1", "pred_text": null}\n',
        r'hypotheses/a\.jsonl:1: "pred_text" must be a string',
    ),
    "duplicate-id": (
        "hypotheses/a.jsonl",
        b'{"id": "c1", "pred_text": "x"}\n{"id": "c1", "pred_text": "y"}\n',
        r"hypotheses/a\.jsonl:2: id 'c1' appears twice \(first on line 1\)",
    ),
    "duplicate-id-in-refs": (
        "refs/tiny.jsonl",
        b'{"id": "c2", "text": "x"}\n{"id": "c2", "text": "y"}\n',
        r"refs/tiny\.jsonl:2: id 'c2' appears twice \(first on line 1\)",
    ),
    "duplicate-id-in-ids": (
        "ids/tiny.jsonl",
        b'{"id": "c1", "cluster": "v"}\n{"id": "c1", "cluster": "v"}\n',
        r"ids/tiny\.jsonl:2: id 'c1' appears twice",
    ),
    "hypothesis-missing-a-clip": (
        "hypotheses/a.jsonl",
        b'{"id": "c1", "pred_text": "x"}\n{"id": "c2", "pred_text": "y"}\n',
        r"hypotheses/a\.jsonl: hypothesis is missing 1 of the 3 clips of set 'tiny' \('c3'\)",
    ),
    "hypothesis-extra-id": (
        "hypotheses/a.jsonl",
        "".join(f'{{"id": "{i}", "pred_text": "x"}}\n' for i in ["c1", "c2", "c3", "zz"]).encode(),
        r"hypotheses/a\.jsonl: hypothesis has 1 id that is not in .*tiny\.jsonl \('zz'\)",
    ),
    "reference-extra-id": (
        "refs/tiny.jsonl",
        "".join(f'{{"id": "{i}", "text": "ก"}}\n' for i in ["c1", "c2", "c3", "c9"]).encode(),
        r"refs/tiny\.jsonl: reference has 1 id that is not in",
    ),
    "zero-reference-characters": (
        "refs/tiny.jsonl",
        "".join(f'{{"id": "{i}", "text": " "}}\n' for i in ["c1", "c2", "c3"]).encode(),
        r"refs/tiny\.jsonl: references of set 'tiny' have no characters",
    ),
    "not-utf8": (
        "hypotheses/a.jsonl",
        b'{"id": "c1", "pred_text": "\xff"}\n',
        r"hypotheses/a\.jsonl:1: is not UTF-8",
    ),
    "not-an-object": (
        "hypotheses/a.jsonl",
        b'["c1", "x"]\n',
        r"hypotheses/a\.jsonl:1: expected a JSON object",
    ),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS), ids=list(BAD_INPUTS))
def test_bad_input_is_one_line_exit_2(case, tiny_benchmark, capsys, monkeypatch):
    """Each bad input: one line on stderr naming file and line, exit 2, no output."""
    monkeypatch.chdir(tiny_benchmark)
    name, content, pattern = BAD_INPUTS[case]
    _spoil(tiny_benchmark, name, content)
    code, out, err = run(
        capsys, "score", "refs/tiny.jsonl", "hypotheses/a.jsonl", "hypotheses/b.jsonl"
    )
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("error: ")
    import re

    assert re.search(pattern, err), err


def test_missing_ids_file(tiny_benchmark, capsys, monkeypatch):
    """No ids/<set>.jsonl: say which file was expected."""
    monkeypatch.chdir(tiny_benchmark)
    (tiny_benchmark / "ids/tiny.jsonl").unlink()
    code, _, err = run(capsys, "score", "refs/tiny.jsonl", "hypotheses/a.jsonl")
    assert code == 2 and err.count("\n") == 1
    assert "ids/tiny.jsonl: ids file not found" in err
    assert err.rstrip().endswith("pass --ids FILE if it is elsewhere")


def test_missing_hypothesis_file(tiny_benchmark, capsys, monkeypatch):
    """A path that does not exist is named."""
    monkeypatch.chdir(tiny_benchmark)
    code, _, err = run(capsys, "score", "refs/tiny.jsonl", "hypotheses/nope.jsonl")
    assert code == 2 and err == "error: hypotheses/nope.jsonl: no such file\n"


def test_module_entry_point_has_no_traceback(tiny_benchmark):
    """`python -m scoring` exits 2 with one stderr line on bad input."""
    write_jsonl(tiny_benchmark / "hypotheses/bad.jsonl", [{"id": "c1"}])
    result = subprocess.run(
        [sys.executable, "-m", "scoring", "score", "refs/tiny.jsonl", "hypotheses/bad.jsonl"],
        cwd=tiny_benchmark,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stderr == 'error: hypotheses/bad.jsonl:1: missing "pred_text"\n'


def test_unpinned_pythainlp_is_warned_about(tiny_benchmark, capsys, monkeypatch):
    """Another PyThaiNLP release still scores, with one warning line naming the pin."""
    monkeypatch.chdir(tiny_benchmark)
    monkeypatch.setattr("scoring.provenance.pythainlp_version", lambda: "5.4.0")
    code, out, err = run(capsys, "score", "refs/tiny.jsonl", "hypotheses/a.jsonl")
    assert code == 0 and "pythainlp:5.4.0" in out
    assert err.startswith("warning: PyThaiNLP 5.4.0 is installed but the card pins 5.3.5")
    assert sum("PyThaiNLP" in line for line in err.splitlines()) == 1


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--level", "1.5", "--level: must be a fraction between 0 and 1"),
        ("--resamples", "0", "--resamples: must be 1 or more"),
    ],
)
def test_bad_bootstrap_settings_are_one_line(
    tiny_benchmark, capsys, monkeypatch, option, value, message
):
    """Impossible bootstrap settings are refused in one line."""
    monkeypatch.chdir(tiny_benchmark)
    code, out, err = run(
        capsys,
        "score",
        "refs/tiny.jsonl",
        "hypotheses/a.jsonl",
        "hypotheses/b.jsonl",
        option,
        value,
    )
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_by_cluster_shares_add_up_to_the_estimate(capsys):
    """Each cluster's share of A - B, largest first; together they are A - B exactly."""
    from fractions import Fraction

    from scoring import paired_bootstrap, score_files
    from scoring.report import cluster_shares, points

    demo = REPO_ROOT / "examples" / "demo"
    ref, ids = demo / "refs/isan.jsonl", demo / "ids/isan.jsonl"
    hyps = [
        demo / f"hypotheses/{s}_560ms_isan.jsonl"
        for s in ("openthai2.0-asr-streaming", "typhoon-asr-streaming-0.6b")
    ]
    _, (a, b) = score_files(ref, hyps, ids)
    shares = cluster_shares(a, b)
    assert sum((r.share for r in shares), Fraction(0)) == Fraction(
        a.total_edits - b.total_edits, a.total_ref_chars
    )
    assert float(sum((r.share for r in shares), Fraction(0))) == paired_bootstrap(a, b).estimate
    assert [abs(r.share) for r in shares] == sorted((abs(r.share) for r in shares), reverse=True)
    assert sum(r.clips for r in shares) == len(a.ids) and len(shares) == len(set(a.clusters))

    assert (
        main(["score", str(ref), *map(str, hyps), "--ids", str(ids), "--by-cluster", "--top", "3"])
        == 0
    )
    out = capsys.readouterr().out
    rows = out.split("where A - B comes from")[1].splitlines()[2:]
    assert len(rows) == 5 and rows[0].split()[0] == shares[0].cluster
    rest = shares[3:]
    assert rows[3].strip().startswith(f"(the other {len(rest)})")
    assert rows[3].split()[-1] == points(sum((r.share for r in rest), Fraction(0)))
    assert rows[4].split()[-1] == points(Fraction(a.total_edits - b.total_edits, a.total_ref_chars))


def test_by_cluster_needs_two_hypotheses(capsys):
    demo = REPO_ROOT / "examples" / "demo"
    code = main(
        [
            "score",
            str(demo / "refs/isan.jsonl"),
            str(demo / "hypotheses/openthai2.0-asr-streaming_560ms_isan.jsonl"),
            "--ids",
            str(demo / "ids/isan.jsonl"),
            "--by-cluster",
        ]
    )
    assert code == 2 and "--by-cluster needs two hypothesis files" in capsys.readouterr().err


def test_a_negative_seed_names_the_option(tiny_benchmark, capsys, monkeypatch):
    monkeypatch.chdir(tiny_benchmark)
    code, out, err = run(
        capsys,
        "score",
        "refs/tiny.jsonl",
        "hypotheses/a.jsonl",
        "hypotheses/b.jsonl",
        "--seed",
        "-1",
    )
    assert code == 2 and out == ""
    assert err == "error: --seed: must be 0 or more (a whole number), not -1\n"


@pytest.mark.parametrize("level", ["0.95", "0.99"])
def test_too_few_resamples_for_the_level_are_said_in_one_line(
    tiny_benchmark, capsys, monkeypatch, level
):
    """An interval whose ends would lie between the two most extreme draws is still printed,
    with one warning naming the fewest resamples that place them; from there on, none."""
    monkeypatch.chdir(tiny_benchmark)
    fewest = fewest_resamples(float(level))
    args = (
        "score",
        "refs/tiny.jsonl",
        "hypotheses/a.jsonl",
        "hypotheses/b.jsonl",
        "--level",
        level,
    )
    code, out, err = run(capsys, *args, "--resamples", str(fewest - 1))
    warnings = [line for line in err.splitlines() if "--resamples" in line]
    assert code == 0 and "CI [" in out and len(warnings) == 1, err
    assert warnings[0].startswith(f"warning: --resamples {fewest - 1}: ")
    assert f"use at least {fewest:,}" in warnings[0]
    code, out, err = run(capsys, *args, "--resamples", str(fewest))
    assert code == 0 and "--resamples" not in err


DEMO = REPO_ROOT / "examples" / "demo"
A_SYSTEM, B_SYSTEM = "openthai2.0-asr-streaming", "typhoon-asr-streaming-0.6b"


def demo_clusters() -> dict[str, int]:
    """The number of clusters of each demo set the 560 ms hypotheses cover."""
    counts = {}
    for ids in sorted((DEMO / "ids").glob("*.jsonl")):
        if (DEMO / f"hypotheses/{A_SYSTEM}_560ms_{ids.stem}.jsonl").is_file():
            counts[ids.stem] = len(
                {
                    json.loads(line)["cluster"]
                    for line in ids.read_text("utf-8").splitlines()
                    if line.strip()
                }
            )
    return counts


def score_demo_set(capsys, set_name: str, *more: str):
    return run(
        capsys,
        "score",
        str(DEMO / f"refs/{set_name}.jsonl"),
        str(DEMO / f"hypotheses/{A_SYSTEM}_560ms_{set_name}.jsonl"),
        str(DEMO / f"hypotheses/{B_SYSTEM}_560ms_{set_name}.jsonl"),
        "--ids",
        str(DEMO / f"ids/{set_name}.jsonl"),
        *more,
    )


def test_with_few_clusters_score_gives_the_exact_randomisation_reading(capsys):
    """Where clusters are few, `score` adds the randomisation test over whole clusters: its
    p-value is scipy's permutation test over the per-cluster sums `--by-cluster` prints, its
    interval the module's on those sums, and its verdict says whether p is under 5 %."""
    from scipy.stats import permutation_test

    from scoring.randomisation import randomisation_test

    counts = demo_clusters()
    fewest = min(counts, key=counts.get)
    assert counts[fewest] < FEW_CLUSTERS
    code, out, err = score_demo_set(capsys, fewest, "--json", "--by-cluster")
    report = json.loads(out)
    assert code == 0 and "`exact` gives the randomisation test" in err
    edits_a = np.array([c["edits_a"] for c in report["clusters"]], dtype=float)
    edits_b = np.array([c["edits_b"] for c in report["clusters"]], dtype=float)
    chars = np.array([c["ref_chars"] for c in report["clusters"]])
    scipys = permutation_test(
        (edits_a, edits_b),
        lambda x, y, axis=-1: x.sum(axis=axis) - y.sum(axis=axis),
        permutation_type="samples",
        alternative="two-sided",
        n_resamples=np.inf,
        vectorized=True,
    )
    exact = report["exact"]
    assert exact["p_value"] == pytest.approx(float(scipys.pvalue), rel=1e-12)
    assert exact["clusters"] == len(chars) and exact["enumerated"]
    assert exact["assignments"] == 2 ** len(chars)
    ours = randomisation_test(edits_a.astype(int), edits_b.astype(int), chars)
    assert (exact["low"], exact["high"]) == (
        ours.low if ours.bounded else None,
        ours.high if ours.bounded else None,
    )
    assert exact["tie"] == (exact["p_value"] > 0.05)

    code, out, _ = score_demo_set(capsys, fewest)
    [line] = [line for line in out.splitlines() if line.startswith("  exact  ")]
    assert f"all {2 ** len(chars):,} sign assignments of {len(chars)} clusters" in line
    assert line.split("  ")[-2] == (
        "tie"
        if exact["tie"]
        else "A better (lower CER)"
        if exact["estimate"] < 0
        else "B better (lower CER)"
    )


def test_with_many_clusters_score_gives_the_bootstrap_alone(capsys):
    counts = demo_clusters()
    most = max(counts, key=counts.get)
    assert counts[most] >= FEW_CLUSTERS
    code, out, err = score_demo_set(capsys, most, "--json")
    assert code == 0 and "exact" not in json.loads(out) and err == ""


# ------------------------------------------------- someone scoring their own system


def _score_json(capsys, *files: str) -> tuple[dict, str]:
    from conftest import run_cli

    code, out, err = run_cli(capsys, "score", "refs/tiny.jsonl", *files, "--json")
    assert code == 0, err
    return json.loads(out), err


def _set_text(path: str, field: str, clip_id: str, text: str) -> str:
    """Rewrite one clip's text in a JSON Lines file; the text it had."""
    from pathlib import Path

    from scoring.jsonl import read_text_by_id

    texts = read_text_by_id(path, field)
    was, texts[clip_id] = texts[clip_id], text
    write_jsonl(Path(path), [{"id": i, field: t} for i, t in texts.items()])
    return was


@pytest.mark.parametrize(
    "name, field", [("hypotheses/a.jsonl", "pred_text"), ("refs/tiny.jsonl", "text")]
)
def test_ids_not_in_the_set_name_only_listed(tiny_benchmark, capsys, monkeypatch, name, field):
    """A file of a larger decode is refused in one line that names the option scoring the
    set's clips alone; with it, the same files score."""
    from conftest import run_cli

    monkeypatch.chdir(tiny_benchmark)
    with open(name, "a", encoding="utf-8") as stream:
        stream.write(json.dumps({"id": "c9", field: "ก"}) + "\n")
    code, out, err = run_cli(capsys, "score", "refs/tiny.jsonl", "hypotheses/a.jsonl")
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert "has 1 id that is not in" in err and "('c9')" in err and "--only-listed" in err
    code, _, _ = run_cli(capsys, "score", "refs/tiny.jsonl", "hypotheses/a.jsonl", "--only-listed")
    assert code == 0
    # A mistyped id (one missing, one extra) is no larger decode: --only-listed would not help.
    _set_text(name, field, "c1", "x")
    lines = [line.replace('"c1"', '"c7"', 1) for line in open(name, encoding="utf-8")]
    open(name, "w", encoding="utf-8").writelines(lines)
    code, _, err = run_cli(capsys, "score", "refs/tiny.jsonl", "hypotheses/a.jsonl")
    assert code == 2 and "is missing 1 of the 3 clips" in err and "--only-listed" not in err


def test_an_empty_reference_is_warned_of_and_says_how_it_counts(
    tiny_benchmark, capsys, monkeypatch
):
    """A clip whose reference is empty still scores, with one warning line naming it and
    saying how it counts: no reference characters, and every character of each hypothesis
    an insertion (the edits it adds are what an empty hypothesis there takes away)."""
    from scoring import normalize

    monkeypatch.chdir(tiny_benchmark)
    files = ("hypotheses/a.jsonl", "hypotheses/b.jsonl")
    before, err = _score_json(capsys, *files)
    assert "empty reference" not in err
    old_ref = _set_text("refs/tiny.jsonl", "text", "c2", "")
    report, err = _score_json(capsys, *files)
    [warning] = [line for line in err.splitlines() if "empty reference" in line]
    assert warning.startswith("warning: refs/tiny.jsonl: 1 clip has an empty reference")
    assert "'c2'" in warning and "insertion" in warning
    assert report["ref_chars"] == before["ref_chars"] - len(normalize(old_ref))
    for key, label in zip("ab", "AB"):
        hyp = _set_text(f"hypotheses/{key}.jsonl", "pred_text", "c2", "")
        inserted = len(normalize(hyp))
        assert inserted > 0 and f"{label} {inserted}" in warning, warning
        without, _ = _score_json(capsys, *files)
        assert report[key]["edits"] - without[key]["edits"] == inserted
        _set_text(f"hypotheses/{key}.jsonl", "pred_text", "c2", hyp)


@pytest.mark.parametrize(
    "name, codec, named",
    [
        ("hypotheses/b.jsonl", "tis_620", "TIS-620"),
        # The references hold curly quotes: Windows' superset of TIS-620 has them.
        ("refs/tiny.jsonl", "cp874", "CP874"),
    ],
)
def test_a_thai_file_in_a_legacy_encoding_says_so_and_how_to_convert_it(
    tiny_benchmark, capsys, monkeypatch, name, codec, named
):
    """A Thai file saved in TIS-620 (or Windows-874) is refused in one line that says it is
    probably in that encoding and gives the command that converts it; the command, run,
    gives back the scores of the UTF-8 file."""
    import re
    import shutil
    from pathlib import Path

    from conftest import run_cli

    monkeypatch.chdir(tiny_benchmark)
    files = ("hypotheses/a.jsonl", "hypotheses/b.jsonl")
    before, _ = _score_json(capsys, *files)
    path = Path(name)
    path.write_bytes(path.read_text(encoding="utf-8").encode(codec))
    code, out, err = run_cli(capsys, "score", "refs/tiny.jsonl", *files)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"error: {name}:1: is not UTF-8") and f"probably {named}" in err, err
    command = re.search(r"`(iconv [^`]+)`", err).group(1)
    assert command.startswith(f"iconv -f {named} -t UTF-8 {name} ")
    if shutil.which("iconv") is None:
        pytest.skip("no iconv here to run the command the message gives")
    subprocess.run(command, shell=True, check=True)
    after, _ = _score_json(capsys, *files)
    assert after == before


def test_a_stray_byte_in_a_utf8_thai_file_is_not_called_tis620(tiny_benchmark, capsys, monkeypatch):
    """One bad byte in a UTF-8 file of Thai text is a damaged UTF-8 file, not another
    encoding: no hint of one (even where the whole file happens to read as Windows-874)."""
    from pathlib import Path

    from conftest import run_cli

    monkeypatch.chdir(tiny_benchmark)
    path = Path("hypotheses/b.jsonl")
    path.write_bytes(
        b'{"id": "c1", "pred_text": "\xe0\xb8\xaa\xe0\xb8\xa7\xe0\xb8\xb1'
        b'\xe0\xb8\xaa\xe0\xb8\x94\xe0\xb8\xb5\xb5"}\n'
    )  # สวัสดี, then a bad byte
    path.read_bytes().decode("cp874")  # it would read as Thai in Windows-874
    code, _, err = run_cli(capsys, "score", "refs/tiny.jsonl", "hypotheses/b.jsonl")
    assert code == 2 and "is not UTF-8" in err and "TIS-620" not in err and "CP874" not in err
