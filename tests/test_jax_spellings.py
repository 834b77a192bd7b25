"""acclint on the generated JAX spellings of ACC1-ACC4 (benchmarks/jax_spellings.py).

The programs put each hazard (and each look-alike) into each context JAX and its libraries
trace; their labels are what running them with jax 0.10.2 (flax, equinox, haiku, optax) showed,
stored beside them, so this reads them without running JAX. The floors are what acclint reached
when they were set: a change that loses a spelling, or flags a fine one, fails here.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "jax_spellings.py"
spec = importlib.util.spec_from_file_location("jax_spellings", BENCH)
spellings = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = spellings  # its dataclasses look their module up
spec.loader.exec_module(spellings)

# What acclint reached on the stored set (hazard programs found on their hazard's lines / all
# hazard programs; programs with a finding that are hazards there / all programs with one).
RECALL_FLOOR = (690, 726)
PRECISION_FLOOR = (690, 692)


@pytest.fixture(scope="module")
def index():
    return spellings.load_index()


def test_the_labels_match_the_generator(index):
    """Every stored label names a program the generator makes, its hazard lines are the body's,
    and every label is one a run gives."""
    made = {p.name: p for p in spellings.programs()}
    assert len(index) >= 200
    for entry in index:
        program = made[entry["name"]]
        start, end = entry["hazard_lines"]
        body = [line.strip() for line in spellings.HAZARDS[program.hazard][0].splitlines()]
        assert [line.strip() for line in program.text.splitlines()[start - 1:end]] == body, entry["name"]
        assert entry["label"] in ("error", "wrong", "fine")


def test_a_third_of_the_set_is_fine_and_every_hazard_label_occurs(index):
    labels = [e["label"] for e in index]
    assert labels.count("fine") * 4 >= len(labels)
    assert {"error", "wrong", "fine"} <= set(labels)


def test_recall_and_precision_stay_at_their_floors(index):
    row = spellings.score(index, spellings.predictions(index))["all"]
    tp, fp = row.get("tp", 0), row.get("fp", 0)
    found, hazards = RECALL_FLOOR
    right, flagged = PRECISION_FLOOR
    assert tp * hazards >= found * row["hazards"], f"recall {tp}/{row['hazards']} below {found}/{hazards}"
    assert tp * flagged >= right * (tp + fp), f"precision {tp}/{tp + fp} below {right}/{flagged}"
