"""The dynamic cross-check: run every labelled fixture as a user would and hold the linter and
the labels to what actually happens (``python -m acclint.crosscheck fixtures/``).

The pieces: :mod:`.recipes` (how fixtures say how to call them), :mod:`.fixture_set` and
:mod:`.labels` (loading and reading fixtures), :mod:`.observe` and :mod:`.execute` (running a
case and turning what happens into :mod:`.evidence`), :mod:`.runtime_evidence` (the runtime's
recorder and tolerance check), :mod:`.static` (the linter's side), :mod:`.agreement` and
:mod:`.report`. See ``docs/crosscheck.md``.
"""

from __future__ import annotations

from pathlib import Path

from acclint.crosscheck.agreement import Comparison, compare
from acclint.crosscheck.dynamic import run_all
from acclint.crosscheck.evidence import CaseRun
from acclint.crosscheck.fixture_set import FixtureModule, load_fixtures
from acclint.crosscheck.static import lint_fixtures


def crosscheck(directory: Path | str, select: list[str] | None = None,
               ignore: list[str] | None = None, lint: bool = True,
               runs: list[CaseRun] | None = None,
               fixtures: list[FixtureModule] | None = None) -> Comparison:
    """Load the fixtures, run them (unless ``runs`` from an earlier run are given), lint them
    (unless ``lint`` is False) and compare. ``select``/``ignore`` are passed to the linter."""
    fixtures = load_fixtures(Path(directory)) if fixtures is None else fixtures
    runs = run_all(fixtures) if runs is None else runs
    paths = [f.path for f in fixtures if f.error is None and f.skipped is None]
    static = lint_fixtures(paths, select, ignore) if lint else None
    return compare(fixtures, runs, static)
