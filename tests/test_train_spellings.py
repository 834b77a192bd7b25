"""ACC5 and ACC6 on whole training programs (benchmarks/train_spellings.py).

Each stored program under tests/data/spellings/train was labelled by running it (jax, optax,
flax, equinox, haiku): traces counted with N and 2N steps, and the result compared with its eager
twin; no framework is needed here. The floors are what the analysis reached when they were set (at
the base, e21c3ac: 39 of 56, 0 false on 44 look-alikes); a change that loses a hazard, or adds a
false finding, fails here.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "train_spellings.py"


@pytest.fixture(scope="module")
def measured() -> dict:
    spec = importlib.util.spec_from_file_location("train_spellings", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module.measure()


def test_the_set_holds_every_library_and_reach(measured):
    assert measured["all"]["positives"] >= 50 and measured["all"]["fine"] >= 40
    assert set(measured["framework"]) == {"jax", "optax", "flax", "equinox", "nnx", "haiku"}
    assert set(measured["reach"]) == {"script", "main", "trainer", "nested"}
    assert {"identity", "static", "shape", "stale"} <= set(measured["axis"])


def test_every_hazard_found_and_no_look_alike_flagged(measured):
    misses = [r["name"] for r in measured["rows"] if r["positive"] and not r["hit"]]
    false = [(r["name"], r["false"]) for r in measured["rows"] if r["false"]]
    assert not misses, f"missed: {misses}"
    assert not false, f"false findings: {false}"
