"""acclint on the generated TF / Keras / torch spellings (benchmarks/tf_torch_spellings.py).

The programs put each hazard (and each look-alike) into each context TF, Keras and torch trace;
their labels are what running them with TF 2.21 / torch 2.13 showed, stored beside them, so this
reads them without either framework. The floors are what acclint reached when they were set: a
change that loses a spelling, or flags a fine one, fails here.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "tf_torch_spellings.py"
spec = importlib.util.spec_from_file_location("tf_torch_spellings", BENCH)
spellings = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = spellings  # its dataclasses look their module up
spec.loader.exec_module(spellings)

# What acclint reached on the stored set (hazard programs found on their hazard's lines / all
# hazard programs; programs with a finding that are hazards there / all programs with one).
# torch at stop 54: 7 traced-size kinds added (22 hazard programs; 2debb52 finds 86/123, 86/88 of
# the set; the legacy constructor raises under torch.compile and TorchScript too, not claimed).
RECALL_FLOOR = {"tf": (129, 140), "torch": (96, 123)}
PRECISION_FLOOR = {"tf": (129, 129), "torch": (96, 98)}


@pytest.fixture(scope="module")
def index():
    return spellings.load_index()


@pytest.fixture(scope="module")
def scores(index):
    return spellings.score(index, spellings.predictions(index), lambda e: e["framework"])


def test_the_store_matches_the_generator(index):
    """Every stored program (and the sibling module it imports its class from) is the
    generator's text for its pair, under its label's docstring, and its hazard lines are the body's."""
    made = {p.name: p for p in spellings.programs()}
    assert len(index) > 600
    for entry in index:
        program = made[entry["file"].split("/")[1][:-3]]
        assert (spellings.STORE / entry["file"]).read_text().endswith(program.text), entry["file"]
        hazard_text = (spellings.STORE / entry["hazard_file"]).read_text()
        assert hazard_text.endswith(program.nets_text or program.text), entry["hazard_file"]
        assert entry["label"] in ("error", "wrong", "break", "fine")
        start, end = entry["hazard_lines"]
        body = HAZARD_BODY(program)
        assert [line.strip() for line in hazard_text.splitlines()[start - 1:end]] == body, entry["file"]


def HAZARD_BODY(program):
    tf_body, torch_body, _ = spellings.HAZARDS[program.hazard]
    return [line.strip() for line in (tf_body if program.framework == "tf" else torch_body).splitlines()]


def test_both_labels_occur_in_every_framework(index):
    """The set is no set of positives: each framework has hazards and fine programs."""
    for framework in ("tf", "torch"):
        labels = {e["label"] for e in index if e["framework"] == framework}
        assert {"fine"} < labels and labels & {"error", "wrong"}, framework


@pytest.mark.parametrize("framework", ["tf", "torch"])
def test_recall_and_precision_stay_at_their_floors(scores, framework):
    row = scores[framework]
    tp, fp = row.get("tp", 0), row.get("fp", 0)
    found, hazards = RECALL_FLOOR[framework]
    right, flagged = PRECISION_FLOOR[framework]
    assert tp * hazards >= found * row["hazards"], f"recall {tp}/{row['hazards']} below {found}/{hazards}"
    assert tp * flagged >= right * (tp + fp), f"precision {tp}/{tp + fp} below {right}/{flagged}"
