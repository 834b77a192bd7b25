"""A framework is data: one file in acclint/frameworks/ says everything that differs (markers,
static keywords, tracer types, families per kind of context, fix spellings, hints), and adding a
file is all it takes for acclint to lint code written for another tracing framework."""

from __future__ import annotations

import shutil
import textwrap
import tomllib

import pytest

import acclint.analysis.facts as facts
import acclint.frameworks.markers as frameworks
from acclint.api import lint_text
from acclint.run.config import Settings

TABLES = ("framework", "families", "static_arguments", "tracers", "spellings", "hints", "fixes", "values")

TOY = '''
[framework]
name = "toylib"
title = "toylib"
precedence = 2

[families]
cached = ["ACC1", "ACC4"]  # toylib converts `if` on tensors into graph conditionals

[static_arguments]
positions = ["frozen_args"]
names = []

[tracers]
types = ["toylib.Symbolic"]
arrays = []
predicates = []

[spellings]

[hints]
select = "use toylib.select"
print = "use toylib.log"

[fixes]
pure_prefixes = ["toylib.math."]

[values]
array_namespaces = ["toylib.math."]

[cached."toylib.compile"]
'''


def test_every_framework_file_says_everything_that_differs():
    files = [p for p in frameworks.FOLDER.glob("*.toml") if p.name != "python.toml"]
    assert {p.stem for p in files} >= {"jax", "runtime"}
    for path in files:
        raw = tomllib.loads(path.read_text("utf-8"))
        assert [t for t in TABLES if t not in raw] == [], path.name
        assert set(raw["families"]) <= set(frameworks.KINDS), path.name


@pytest.fixture
def toy_framework(tmp_path, monkeypatch):
    """The bundled frameworks plus toylib's file, as if it had been added to the folder."""
    folder = tmp_path / "frameworks"
    shutil.copytree(frameworks.FOLDER, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (folder / "toylib.toml").write_text(TOY)
    for cached in (frameworks.framework_files, frameworks.load_markers, facts.value_facts):
        cached.cache_clear()
    monkeypatch.setattr(frameworks, "FOLDER", folder)
    monkeypatch.setattr(facts, "FOLDER", folder)
    yield
    for cached in (frameworks.framework_files, frameworks.load_markers, facts.value_facts):
        cached.cache_clear()


def codes(result) -> list[tuple[int, str, str]]:
    return [(f.line, f.code, f.message) for f in result.findings]


SOURCE = textwrap.dedent("""
    import random
    import toylib

    @toylib.compile
    def step(x, n):
        if x > 0:
            x = x * 2
        print(x)
        return x + random.random() + n
""")


def test_a_new_framework_file_is_all_it_takes(toy_framework):
    found = codes(lint_text(SOURCE, "toy.py", Settings()))
    assert [(line, code) for line, code, _ in found] == [(9, "ACC401"), (10, "ACC101")]  # no ACC2: not in its families
    assert "; use toylib.log (no fix: " in found[0][2]  # its own hint, and no print fix
    result = lint_text(SOURCE, "toy.py", Settings())
    assert result.findings[0].fix is None  # no `print` spelling: no print fix


def test_without_the_file_the_code_is_no_context():
    assert codes(lint_text(SOURCE, "toy.py", Settings())) == []
