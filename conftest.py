"""Shared test settings and helpers for the whole suite."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# One profile for every property test; CI can raise the effort with
# HYPOTHESIS_PROFILE=thorough without editing tests.
settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

REPO_ROOT = Path(__file__).resolve().parent


def pytest_addoption(parser):
    parser.addoption(
        "--require-real-card", action="store_true",
        help="fail, instead of skip, when the real card's refs/ and hypotheses/ "
             "are absent (also: CARD_REQUIRE_REAL=1)")


def write_jsonl(path: Path, records) -> Path:
    """Write records as JSON Lines, creating parent folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
        encoding="utf-8",
    )
    return path


@pytest.fixture
def tiny_benchmark(tmp_path: Path) -> Path:
    """A three-clip set in the benchmark layout, with two hypothesis files."""
    write_jsonl(tmp_path / "ids" / "tiny.jsonl", [
        {"id": "c1", "cluster": "v1"},
        {"id": "c2", "cluster": "v1"},
        {"id": "c3", "cluster": "v2"},
    ])
    write_jsonl(tmp_path / "refs" / "tiny.jsonl", [
        {"id": "c1", "text": "ราคาสองพันห้าร้อยบาท"},
        {"id": "c2", "text": "เขาทำหน้าที่ได้ดี"},
        {"id": "c3", "text": "ประชุม “ด่วน” วันที่ ๑๒"},
    ])
    write_jsonl(tmp_path / "hypotheses" / "a.jsonl", [
        {"id": "c1", "pred_text": "ราคา 2500 บาท"},
        {"id": "c2", "pred_text": "เขาทําหน้าที่ได้ดี"},
        {"id": "c3", "pred_text": 'ประชุม "ด่วน" วันที่ 12'},
    ])
    write_jsonl(tmp_path / "hypotheses" / "b.jsonl", [
        {"id": "c1", "pred_text": "ราคาสองพันบาท"},
        {"id": "c2", "pred_text": "เขาทำหน้าที"},
        {"id": "c3", "pred_text": "ประชุมด่วนวันที่สิบสอง"},
    ])
    return tmp_path
