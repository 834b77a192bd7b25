"""The reports corpus (benchmarks/reports, issue 36) stays well-formed and its splits stay the
draws that were committed: measure.py reads every module's labels, every module's address was
collected in a batch and drawn into the half it sits in (or moved out of the held-out half, with
the reason, in `moved.tsv`), re-drawing a batch reproduces its
split file, and `--batch` keeps exactly the modules of the batches named. No module is run or linted here
(that is verify.py and measure.py, benchmarks); this only reads files.
"""

from __future__ import annotations

import csv
import importlib.util
import random
import sys
from pathlib import Path

import pytest

REPORTS = Path(__file__).resolve().parent.parent / "benchmarks" / "reports"
BATCHES = sorted(p.stem[len("split"):] for p in REPORTS.glob("split*.tsv"))


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"reports_{name}", REPORTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


measure = _load("measure")
split = _load("split")


def _rows(path: Path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def _modules():
    return sorted(REPORTS.glob("dev/*.py")) + sorted(REPORTS.glob("heldout/*.py"))


DRAWN = {row["url"]: row["half"] for batch in BATCHES for row in _rows(REPORTS / f"split{batch}.tsv")}
MOVED = {row["url"]: row for row in _rows(REPORTS / "moved.tsv")}  # amendments to the draws


def test_every_module_reads_and_sits_in_the_half_its_address_was_drawn_into():
    dropped = {row["url"] for row in _rows(REPORTS / "dropped.tsv")}
    for path in _modules():
        report = measure.read_report(path)  # raises on a malformed label or header
        assert report.source in DRAWN, f"{path.name}: {report.source} was not collected in a batch"
        half = MOVED.get(report.source, {}).get("now", DRAWN[report.source])
        assert half == path.parent.name, f"{path.name} is not in its drawn half"
        assert report.source not in dropped, f"{path.name}: its address is also dropped"


def test_a_moved_report_names_the_half_it_was_drawn_into_and_why():
    """A move (only ever out of the held-out half, for a report found contaminated) amends the
    draw without re-drawing: the record keeps the drawn half, and the reason is stated."""
    assert MOVED, "moved.tsv has no rows"
    for url, row in MOVED.items():
        assert DRAWN[url] == row["drawn"] == "heldout" and row["now"] == "dev", url
        assert len(row["reason"].split()) >= 5, f"{url}: the move needs its reason"


@pytest.mark.parametrize("batch", BATCHES)
def test_drawing_a_batch_again_gives_its_committed_split(batch):
    rows = _rows(REPORTS / f"candidates{batch}.tsv")
    order = list(range(len(rows)))
    random.Random(split.SEED).shuffle(order)
    dev = set(order[: len(rows) // 2])
    committed = _rows(REPORTS / f"split{batch}.tsv")
    assert [row["url"] for row in committed] == [row["url"] for row in rows]
    assert [row["half"] for row in committed] == ["dev" if i in dev else "heldout" for i in range(len(rows))]


SETS = [["4", "5", "6"], ["7", "8"], ["9"], ["10"], ["21"], ["22"], ["23"], ["24"]]  # the batches collected to be reported alone


@pytest.mark.parametrize("batches", SETS)
def test_a_set_reported_alone_keeps_one_module_for_each_report_not_dropped(batches):
    sources = measure.batch_sources(batches)
    collected = {row["url"] for b in batches for row in _rows(REPORTS / f"candidates{b}.tsv")}
    dropped = {row["url"] for row in _rows(REPORTS / "dropped.tsv")}
    kept = [measure.read_report(p).source for p in _modules()]
    kept = [source for source in kept if source in sources]
    assert sources == collected
    assert sorted(kept) == sorted(collected - dropped)


def test_an_unknown_batch_is_refused_with_its_file_named():
    with pytest.raises(SystemExit, match="split99.tsv"):
        measure.batch_sources(["99"])


def test_findings_are_tallied_per_family_and_other_is_acc1_to_acc4():
    """A label is matched by its family (ACC1 .. ACC6); the `other` row adds ACC1 to ACC4."""
    hazards = [measure.Hazard("ACC201", {3}), measure.Hazard("ACC501", {7})]
    report = measure.Report(Path("m.py"), "TF", "s", hazards, False)
    misses, extras = [], []
    tallies = measure.score(report, [(3, "ACC203"), (5, "ACC401"), (9, "ACC502")], misses, extras)
    assert (tallies["ACC2"].labels, tallies["ACC2"].found, tallies["ACC2"].true) == (1, 1, 1)
    assert (tallies["ACC4"].findings, tallies["ACC4"].true) == (1, 0)
    assert (tallies["ACC5"].labels, tallies["ACC5"].found, tallies["ACC5"].findings) == (1, 0, 1)
    assert [measure.group_of(f) for f in ("ACC1", "ACC4", "ACC5", "ACC6")] == [
        "other", "other", "ACC5", "ACC6"]
    assert len(misses) == 1 and len(extras) == 2
