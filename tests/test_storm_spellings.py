"""ACC5 on spellings composed from its property (benchmarks/storm_spellings.py), not from reports.

Each stored program under tests/data/spellings/storms was labelled by running it with N and 2N
passes (traces counted by the cross-check's counter): no framework is needed here. The floors are
what the analysis reached when they were set; a change that loses a spelling, or adds a false
finding, fails here (raise the floors when it gains).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "storm_spellings.py"
RECALL_FLOOR = 1.0  # 548 of 548 storms (main as found: 391, 0.714)
PRECISION_FLOOR = 1.0  # no ACC5 finding on any of 299 look-alikes or off the labelled line (main: 20 false)


@pytest.fixture(scope="module")
def measured() -> dict:
    spec = importlib.util.spec_from_file_location("storm_spellings", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module.measure()


def test_the_set_holds_storms_and_look_alikes_of_every_framework(measured):
    assert measured["all"]["positives"] >= 300 and measured["all"]["fine"] >= 100
    assert set(measured["framework"]) == {"jax", "equinox", "tf", "torch"}


def test_recall_and_precision_do_not_drop(measured):
    misses = [r["name"] for r in measured["rows"] if r["positive"] and not r["hit"]]
    false = [(r["name"], r["false"]) for r in measured["rows"] if r["false"]]
    assert measured["all"]["recall"] >= RECALL_FLOOR, f"recall {measured['all']['recall']}; misses: {misses[:20]}"
    assert measured["all"]["precision"] >= PRECISION_FLOOR, f"false findings: {false[:20]}"
