"""ACC5 on spellings of how a compiled callable reaches the call that repeats (benchmarks/call_spellings.py).

Each stored program under tests/data/spellings/calls was labelled by running it with N and 2N
passes (traces and XLA compiles counted per line): no framework is needed here. The floors are
what the analysis reached when they were set; a change that loses a spelling, or adds a false
finding, fails here (raise the floors when it gains).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "call_spellings.py"
FOUND_FLOOR = 92  # of 99 storms (7e3653d: 79)
# ACC5 findings on a fine program or off the labelled line (7e3653d: 1, an lru_cache'd factory's
# jitted lambda). The 2 now: a jit behind a forwarding decorator (`F = logged(jax.jit(...))`,
# `F(x, i + 1)`), reported at the loop's call, where the run counts the traces one frame down, at
# the decorator's `fn(*args, **kwargs)`: the same storm, a line the measure cannot credit.
FALSE_CEILING = 2


@pytest.fixture(scope="module")
def measured() -> dict:
    sys.path.insert(0, str(BENCH.parent))
    spec = importlib.util.spec_from_file_location("call_spellings", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module.measure(module.OUT, module.KEYS)


def test_the_set_holds_storms_and_look_alikes_of_every_framework(measured):
    assert measured["all"]["positives"] >= 90 and measured["all"]["fine"] >= 40
    assert set(measured["framework"]) == {"jax", "tf", "torch"}
    assert set(measured["loop"]) == {"direct", "caller", "caller2", "object", "while", "module"}


def test_found_and_false_do_not_regress(measured):
    misses = [r["name"] for r in measured["rows"] if r["positive"] and not r["hit"]]
    false = [(r["name"], r["false"]) for r in measured["rows"] if r["false"]]
    assert measured["all"]["found"] >= FOUND_FLOOR, f"found {measured['all']['found']}; misses: {misses}"
    assert measured["all"]["false"] <= FALSE_CEILING, f"false findings: {false}"
