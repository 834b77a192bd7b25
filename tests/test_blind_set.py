"""The blind sets' format and their splits (benchmarks/blind, blind2, blind3, blind4), not
acclint's score on them.

Each program must be a module `measure.py` can read (a source, a framework, labels or
`# label: none`), carry `# verify:` lines that are Python expressions, and be named
`<framework>_<idea>_<n>.py` (`<rule>_<framework>_<idea>_<n>.py` in a set written per rule);
each set's `split.tsv` must name every program once, in a half, and be the fixed draw
`blind/split.py` makes of that folder (grouped by framework, or by rule for a per-rule set).
"""

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLIND = ROOT / "benchmarks" / "blind"
# each set: its folder, the `# source:` prefix its programs carry (the stop that wrote it),
# what its split groups programs by, and the fewest programs it may have
SETS = {
    "blind": (BLIND, "blind55", "framework", 80),
    "blind2": (ROOT / "benchmarks" / "blind2", "blind56", "framework", 80),
    "blind3": (ROOT / "benchmarks" / "blind3", "blind57", "framework", 80),
    "blind4": (ROOT / "benchmarks" / "blind4", "blind58", "rule", 70),
}
PREFIX = {"jax": "JAX", "tf": "TF", "torch": "PyTorch"}
NAME = re.compile(r"^(?:(acc\d+)_)?(jax|tf|torch)_[a-z0-9_]+_\d+\.py$")
VERIFY = re.compile(r"^#\s*verify:\s*(.+)$", re.M)


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


measure = load("blind_set_measure", ROOT / "benchmarks" / "reports" / "measure.py")
split = load("blind_set_split", BLIND / "split.py")
PROGRAMS = [(name, path) for name, (folder, *_) in SETS.items()
            for path in split.programs(folder)]


@pytest.mark.parametrize("name", SETS)
def test_the_set_has_hazards_and_look_alikes_of_every_framework(name):
    folder, _, _, fewest = SETS[name]
    reports = [measure.read_report(p) for p in split.programs(folder)]
    assert len(reports) >= fewest
    for framework in PREFIX.values():
        mine = [r for r in reports if r.framework == framework]
        assert any(r.fine for r in mine) and any(r.hazards for r in mine), framework


@pytest.mark.parametrize("name, path", PROGRAMS, ids=lambda p: getattr(p, "name", p))
def test_program_is_labelled_named_and_verifiable(name, path):
    report = measure.read_report(path)  # exits on a label without a code, or none beside labels
    assert report.fine or report.hazards
    assert report.source == f"{SETS[name][1]}:{path.stem}"
    match = NAME.match(path.name)
    assert match, "named [<rule>_]<framework>_<idea>_<n>.py"
    rule, prefix = match.groups()
    assert PREFIX[prefix] == report.framework
    assert not rule or all(h.code == rule.upper() for h in report.hazards), "labels its rule"
    checks = VERIFY.findall(path.read_text())
    assert checks, "a `# verify:` line"
    for check in checks:
        compile(check, path.name, "eval")
    lines = path.read_text().splitlines()
    for hazard in report.hazards:
        for number in hazard.lines:
            assert not lines[number - 1].lstrip().startswith("#"), "a label ends a line of code"


@pytest.mark.parametrize("name", SETS)
def test_split_names_every_program_once_in_a_half(name):
    folder = SETS[name][0]
    rows = split.read_split(folder)
    names = [row[0] for row in rows]
    assert sorted(names) == [p.name for p in split.programs(folder)]
    assert {row[3] for row in rows} == {"dev", "heldout"}
    for framework in PREFIX.values():
        assert {row[3] for row in rows if row[1] == framework} == {"dev", "heldout"}


@pytest.mark.parametrize("name", SETS)
def test_split_is_the_fixed_draw(name):
    folder, _, by, _ = SETS[name]
    assert split.read_split(folder) == split.draw(folder, by)
