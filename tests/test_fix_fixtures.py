"""The fixes on every fixable fixture: their expected output (tests/data/fixed/, reviewed by
hand: the spec, not a snapshot), that the fixed code lints clean for what was fixed, that a
second run changes nothing, and that the fixed functions run under their transform and compute
what the original computes eagerly, on inputs that take every branch.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import jax
import numpy as np
import pytest

from acclint.api import lint_bytes, options_for
from acclint.run.config import Settings
from acclint.crosscheck import runtime_evidence
from acclint.crosscheck.frameworks import as_tensors
from acclint.crosscheck.execute import _plain_callable, materialize, resolve
from acclint.crosscheck.fixture_set import FixtureModule, load_fixtures
from acclint.crosscheck.static import strictness_of
from acclint.fix.apply import FixOutcome, fix_source

ROOT = Path(__file__).resolve().parent.parent
SOURCES = {"fixtures": ROOT / "fixtures", "fix_cases": ROOT / "tests" / "data" / "fix_cases"}
EXPECTED = ROOT / "tests" / "data" / "fixed"
STRICTNESSES = ("precise", "pedantic")
SETTINGS = {name: Settings(strictness=name) for name in STRICTNESSES}
OPTIONS = {name: options_for(SETTINGS[name]) for name in STRICTNESSES}
SCALES = (-16.0, -4.0, -1.0, -0.25, 0.25, 1.0, 4.0, 16.0)  # flip signs and span magnitudes: every branch runs
SEEDS = (0, 1, 2)


def _lint(data: bytes, shown: str, path: Path):
    """The findings on `data`, linted with the strictness the module at `path` names (a fixture
    of graph breaks: acclint.crosscheck.static)."""
    strictness = strictness_of(path)
    return lint_bytes(data, shown, SETTINGS[strictness], OPTIONS[strictness])


@cache  # the tests only read an outcome; each file is fixed once a session, not once a test
def _fix(path: Path, unsafe: bool = True) -> FixOutcome:
    shown = str(path.relative_to(ROOT))
    return fix_source(path.read_bytes(), shown, lambda data: _lint(data, shown, path), unsafe)


def _fixable() -> list[tuple[str, Path]]:
    out = []
    for group, directory in SOURCES.items():
        for path in sorted(directory.glob("*.py")):
            if any(f.fixable for f in _lint(path.read_bytes(), str(path), path).findings):
                out.append((group, path))
    return out


FIXABLE = _fixable()
IDS = [f"{group}/{path.name}" for group, path in FIXABLE]


def test_every_fixture_family_with_a_fix_is_covered():
    names = {path.name for _, path in FIXABLE}
    assert {"jax_control_flow.py", "runtime_control_flow.py", "jax_side_effects.py", "runtime_rng.py",
            "jax_selects.py", "jax_imports.py", "runtime_selects.py"} <= names


@pytest.mark.parametrize(("group", "path"), FIXABLE, ids=IDS)
def test_fixed_form_is_the_expected_one(group, path):
    expected = EXPECTED / group / path.name
    assert _fix(path).fixed == expected.read_bytes()


@pytest.mark.parametrize(("group", "path"), FIXABLE, ids=IDS)
def test_fixed_form_parses_lints_clean_for_fixed_findings_and_is_a_fixpoint(group, path):
    outcome = _fix(path)
    ast.parse(outcome.fixed)
    left = outcome.result.findings
    assert outcome.applied and not outcome.skipped
    assert [f for f in left if f.fixable] == []
    before = _lint(path.read_bytes(), "x.py", path).findings
    unfixed = Counter(f.code for f in before if not f.fixable)
    assert Counter(f.code for f in left) == unfixed  # only what had no fix is left
    again = fix_source(outcome.fixed, "again.py", lambda data: _lint(data, "again.py", path), True)
    assert again.fixed == outcome.fixed and again.applied == []


def test_unsafe_fixes_wait_for_the_flag():
    path = SOURCES["fix_cases"] / "jax_selects.py"
    safe_only = _fix(path, unsafe=False)
    # signed_pair (`x * 2.0` or `-x`): an int x gives the branches two dtypes, and a cond cannot
    # take an arm that reads what it assigned (`z = y + 1.0`)
    assert [(s.finding.code, "--unsafe-fixes" in s.reason) for s in safe_only.skipped] == [("ACC201", True)]
    assert "may differ in dtype" in safe_only.skipped[0].reason
    assert b"        y = x * 2.0\n" in safe_only.fixed and b"        y = x * 2.0\n" not in _fix(path).fixed
    # ramp (`x * 3.0` or `x`), safe_log (`log(x)` or `x`): no select is exact, a cond is
    assert b"jax.lax.cond(x.min() > 0, lambda: jax.numpy.log(x), lambda: x)" in safe_only.fixed
    assert b"jax.lax.cond(x.max() > 0.5, lambda: x * 3.0, lambda: x)" in safe_only.fixed


# -- running the fixed code ------------------------------------------------------------------

@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    """(original, fixed) FixtureModule pairs with the fixed ACC2 findings' lines, per module."""
    directory = tmp_path_factory.mktemp("fixed")
    pairs = {}
    for group, path in FIXABLE:
        outcome = _fix(path)
        (directory / path.name).write_bytes(outcome.fixed)
        pairs[path.name] = (path, outcome)
    originals = {m.path.name: m for d in SOURCES.values() for m in load_fixtures(d) if m.path.name in pairs}
    fixed = {m.path.name: m for m in load_fixtures(directory)}
    return {name: (originals[name], fixed[name], outcome) for name, (_, outcome) in pairs.items()}


def _cases(loaded, family: str):
    out = []
    for name, (original, fixed, outcome) in sorted(loaded.items()):
        lines = {f.line for f in outcome.applied if f.code.startswith(family)}
        left = {original.function_at(f.line) for f in outcome.result.findings}
        for case, call in original.calls.items():
            names = {case, *call.covers}
            functions = [original.function_named(n) for n in names]
            hit = sorted(line for line in lines if original.function_at(line) in functions)
            if hit and not any(fn in left for fn in functions):
                out.append((name, case, hit))
    return out


def _inputs(call, seed: int, scale: float):
    args, kwargs = materialize((call.args, call.kwargs), np.random.default_rng(seed))
    return _scaled(args, scale), _scaled(kwargs, scale)


def _scaled(value, scale):
    if isinstance(value, (tuple, list)):
        return type(value)(_scaled(v, scale) for v in value)
    if isinstance(value, dict):
        return {k: _scaled(v, scale) for k, v in value.items()}
    if hasattr(value, "dtype") or type(value).__name__ == "dlarray":
        return value * scale
    return value


def _host(tree):
    leaves = jax.tree.leaves(tree, is_leaf=lambda v: type(v).__name__ == "dlarray")
    return [np.asarray(getattr(leaf, "data", leaf)) for leaf in leaves]


def _reference(module: FixtureModule, case: str, call, args, kwargs):
    """The original, un-transformed: its plain callable eagerly, or, for a vmapped entry
    (which stays traced under disable_jit), its function applied row by row."""
    entry = resolve(module.module, call.entry)
    plain, eager = _plain_callable(module.module, call, entry)
    try:
        with jax.disable_jit(eager):
            return plain(*args, **kwargs)
    except jax.errors.TracerBoolConversionError:
        function = resolve(module.module, case)
        rows = [function(*[a[i] for a in args]) for i in range(args[0].shape[0])]
        return jax.numpy.stack(rows)


class _Lines:
    """Counts line events of one file while active (which branches the original took)."""

    def __init__(self, filename: str) -> None:
        self.filename, self.hits = filename, Counter()

    def __enter__(self):
        def local(frame, event, arg):
            if event == "line":
                self.hits[frame.f_lineno] += 1
            return local

        def tracer(frame, event, arg):
            return local if frame.f_code.co_filename == self.filename else None

        self._previous = sys.gettrace()
        sys.settrace(tracer)
        return self

    def __exit__(self, *exc):
        sys.settrace(self._previous)


def _branch_lines(source: str, line: int) -> tuple[list[int], bool]:
    """First lines of every arm of the `if` at `line` (elif arms included) and whether it has
    a final `else`."""
    node = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.If) and n.lineno == line)
    arms = []
    while True:
        arms.append(node.body[0].lineno)
        if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
            continue
        if node.orelse:
            arms.append(node.orelse[0].lineno)
            return arms, True
        return arms, False


@pytest.mark.parametrize("family", ["ACC2"])
def test_fixed_branches_run_under_the_transform_and_match_the_original(loaded, family):
    cases = _cases(loaded, family)
    assert len(cases) >= 15
    for name, case, lines in cases:
        original, fixed, _ = loaded[name]
        call = fixed.calls[case]
        entry = resolve(fixed.module, call.entry)
        source = original.path.read_text()
        with _Lines(str(original.path)) as seen:
            for seed in SEEDS:
                for scale in SCALES:
                    args, kwargs = as_tensors(_inputs(call, seed, scale), fixed.module)  # torch fixtures take tensors
                    runtime_evidence.prepare(entry)
                    with runtime_evidence.recorded() as hazards:
                        got = jax.block_until_ready(entry(*args, **kwargs))
                    assert not [h for h in hazards if h.family == "ACC2"], (name, case)
                    want = _reference(original, case, call, args, kwargs)
                    for a, b in zip(_host(got), _host(want), strict=True):
                        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6, err_msg=f"{name}:{case} scale {scale}")
        for line in lines:
            if not any(isinstance(n, ast.If) and n.lineno == line for n in ast.walk(ast.parse(source))):
                continue  # a conditional expression: its arms share the line
            arms, has_else = _branch_lines(source, line)
            taken = [seen.hits[arm] for arm in arms]
            assert all(taken), f"{name}:{line}: an arm never ran on the test inputs {taken}"
            head = seen.hits[line]
            assert has_else or head > sum(taken), f"{name}:{line}: the fall-through never ran"


def test_fixed_runtime_draws_record_no_frozen_randomness(loaded):
    cases = _cases(loaded, "ACC1")
    assert {case for _, case, _ in cases} >= {"dropout_layer", "policy_action"}
    for name, case, _ in cases:
        fixed = loaded[name][1]
        call = fixed.calls[case]
        entry = resolve(fixed.module, call.entry)
        runtime_evidence.prepare(entry)
        args, kwargs = _inputs(call, 0, 1.0)
        with runtime_evidence.recorded() as hazards:
            first = _host(entry(*args, **kwargs))
            second = _host(entry(*args, **kwargs))
        assert not [h for h in hazards if h.family == "ACC1"], (name, case, hazards)
        assert any(not np.array_equal(a, b) for a, b in zip(first, second)), f"{name}:{case} replays its draw"


def test_fixed_print_prints_on_every_call(loaded, capfd):
    fixed = loaded["jax_imports.py"][1]
    for value in (1.0, 2.0):
        jax.block_until_ready(fixed.module.announced(jax.numpy.full(2, value)))
    jax.effects_barrier()
    out = capfd.readouterr().out
    assert out.count("value {x} is [") == 2 and "2. 2." in out


def test_expected_outputs_are_all_used():
    used = {f"{group}/{path.name}" for group, path in FIXABLE}
    on_disk = {str(p.relative_to(EXPECTED)) for p in EXPECTED.rglob("*.py")}
    assert on_disk == used
