"""Load a fixture directory: each module's source, labels, functions, recipes and imported module.

A module is named ``<style>_<topic>.py`` where style is ``jax``, ``runtime``, ``tf`` or ``torch``;
a ``tf``/``torch`` module whose framework is not installed is skipped, with the reason
(acclint.crosscheck.frameworks), and neither imported nor linted. It is imported
once, from its path, under a name unique to that path, so a temporary copy of a fixture module
(as the tests make) never collides with the original. A module that fails to import or to parse
is kept with its error, and the others still load.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib.util
import io
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from acclint.crosscheck.frameworks import missing_framework
from acclint.crosscheck.labels import Function, LabelError, read_functions, read_labels
from acclint.crosscheck.recipes import Call

STYLES = ("jax", "runtime", "tf", "torch")


@dataclass
class FixtureModule:
    """One fixture module and what it claims; ``error`` says why it could not be used."""

    path: Path
    style: str
    labels: dict[int, frozenset[str]] = field(default_factory=dict)
    functions: list[Function] = field(default_factory=list)
    calls: dict[str, Call] = field(default_factory=dict)
    module: ModuleType | None = None
    error: str | None = None
    skipped: str | None = None  # why its framework cannot run here

    @property
    def name(self) -> str:
        return self.path.stem

    def function_at(self, line: int) -> Function | None:
        return next((f for f in self.functions if f.holds(line)), None)

    def function_named(self, qualname: str) -> Function | None:
        return next((f for f in self.functions if f.qualname == qualname), None)


def fixture_paths(directory: Path) -> list[Path]:
    """The fixture modules of ``directory``: its ``*.py`` files not ``_``-prefixed, by name."""
    return [path for path in sorted(Path(directory).resolve().glob("*.py"))
            if not path.name.startswith("_")]


def load_fixtures(directory: Path) -> list[FixtureModule]:
    """Every fixture module of ``directory`` (:func:`fixture_paths`), loaded."""
    return [_load(path) for path in fixture_paths(directory)]


def _load(path: Path) -> FixtureModule:
    style = path.stem.split("_", 1)[0]
    fixture = FixtureModule(path, style)
    if style not in STYLES:
        fixture.error = f"module name must start with one of {STYLES}"
        return fixture
    fixture.skipped = missing_framework(style)
    if fixture.skipped is not None:
        return fixture
    source = path.read_text()
    try:
        fixture.labels = read_labels(source, path)
        fixture.functions = read_functions(ast.parse(source, str(path)), path)
    except (SyntaxError, LabelError) as exc:
        fixture.error = f"cannot read: {exc}"
        return fixture
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
    spec = importlib.util.spec_from_file_location(f"acclint_fixture_{digest}_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # what runs at import (a haiku `init`) is no report
            spec.loader.exec_module(module)
    except Exception as exc:  # a broken fixture is reported, the rest still run
        del sys.modules[spec.name]
        fixture.error = f"import failed: {type(exc).__name__}: {exc}"
        return fixture
    fixture.module = module
    calls = getattr(module, "CALLS", None)
    if not isinstance(calls, dict) or not all(isinstance(c, Call) for c in calls.values()):
        fixture.error = "no CALLS dict of Call recipes"
        return fixture
    fixture.calls = calls
    return fixture
