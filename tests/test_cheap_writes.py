"""bindings.Written: what a module's code may write, read off its statements, which lets ACC601,
ACC602, ACC604 and ACC605 answer "nothing changes it" without building the module bindings
(stop 49, issue 36's cost). Each answer must be the bindings' own: the findings are the same
with and without it, the hazard spelt every way the bindings' walk knows is still found, and a
read nothing writes builds no bindings."""

from __future__ import annotations

import textwrap
from pathlib import Path

import libcst as cst
import pytest

from acclint.analysis.bindings import written
from acclint.analysis.module import ModuleAnalysis
from acclint.api import options_for
from acclint.lint.engine import lint_source
from acclint.run.config import Settings

ROOT = Path(__file__).resolve().parents[1]
OPTIONS = options_for(Settings())


def _lint(source: str) -> tuple[list[tuple[str, int]], ModuleAnalysis]:
    """The (code, line) of each finding, and the analysis the lint used."""
    source = textwrap.dedent(source)
    module = cst.parse_module(source)
    analysis = ModuleAnalysis(module, OPTIONS.markers)
    result = lint_source(source.encode(), "mod.py", OPTIONS, module, analysis)
    return sorted((f.code, f.line) for f in result.findings), analysis


READS_ONLY = """
import jax
import jax.numpy as jnp
import settings

SCALE = 2.0

def helper(x):
    return x * 2

@jax.jit
def f(x):
    return helper(jnp.zeros(3) + x * SCALE * settings.scale)

f(1.0)
settings.other = 3.0  # another attribute: no change of what the trace reads
f(1.0)
"""


def test_reads_nothing_writes_build_no_bindings():
    """`jnp.zeros`, `settings.scale` (its `other` written), a module-level function defined once
    and a constant bound once: no code changes what the trace reads, and the bindings, which
    cost most of ACC6, are not built to say so. (On a19d649 they were built.)"""
    found, analysis = _lint(READS_ONLY)
    assert [f for f in found if f[0].startswith("ACC6")] == []
    assert analysis._bindings is None


# The attribute `settings.scale` the trace reads, written after a build every way the bindings'
# walk records an attribute write: each must still be found (ACC602), on the line of the read.
ATTRIBUTE_WRITES = [
    "settings.scale = 3.0",
    "settings.scale += 1.0",
    "settings.scale: float = 3.0",
    "del settings.scale",
    "settings.scale, other = 3.0, 1",
    "[*rest, settings.scale] = [1, 3.0]",
    "for settings.scale in (3.0,): pass",
    'setattr(settings, "scale", 3.0)',
    'settings.__dict__["scale"] = 3.0',
    'vars(settings)["scale"] = 3.0',
    "s = settings; s.scale = 3.0",
    "if True:\n    settings.scale = 3.0",
    "try:\n    pass\nfinally:\n    settings.scale = 3.0",
]


@pytest.mark.parametrize("write", ATTRIBUTE_WRITES)
def test_every_spelling_of_an_attribute_write_is_still_found(write):
    source = textwrap.dedent("""
    import jax
    import settings

    @jax.jit
    def f(x):
        return x * settings.scale

    f(1.0)
    """) + write + "\nf(1.0)\n"
    found, _ = _lint(source)
    assert ("ACC602", 7) in found


# A module-level variable or function the trace reads, changed after a build: ACC601 (rebound) or
# ACC602 (changed in place), with the bindings built to find it.
VALUE_CHANGES = [
    ("SCALE = 3.0", "ACC601"),
    ("SCALE += 1.0", "ACC601"),
    ('globals()["SCALE"] = 3.0', "ACC601"),
    ("def tune():\n    global SCALE\n    SCALE = 3.0\ntune()", "ACC601"),
]


@pytest.mark.parametrize("change, code", VALUE_CHANGES)
def test_a_changed_value_is_still_found(change, code):
    source = textwrap.dedent("""
    import jax

    SCALE = 2.0

    @jax.jit
    def f(x):
        return x * SCALE

    f(1.0)
    """) + change + "\nf(1.0)\n"
    found, analysis = _lint(source)
    assert (code, 8) in found
    assert analysis._bindings is not None


CONTAINER_CHANGES = [
    'CFG["scale"] = 3.0', 'CFG.update(scale=3.0)', 'c = CFG\nc["scale"] = 3.0',
    'def tune(target, v):\n    target["scale"] = v\ntune(CFG, 3.0)',  # handed to a function that writes its item
    'def tune(target):\n    t = target\n    t["scale"] = 3.0\ntune(CFG)',
    'def tune(target):\n    target.update(scale=3.0)\ntune(CFG)',
]


@pytest.mark.parametrize("change", CONTAINER_CHANGES)
def test_a_container_changed_in_place_is_still_found(change):
    source = textwrap.dedent("""
    import jax

    CFG = {"scale": 2.0}

    @jax.jit
    def f(x):
        return x * CFG["scale"]

    f(1.0)
    """) + change + "\nf(1.0)\n"
    found, _ = _lint(source)
    assert ("ACC602", 8) in found


def test_a_value_bound_in_a_loop_is_no_constant():
    """Bound once in the source but inside the loop that calls the trace: rebound on each pass."""
    found, _ = _lint("""
    import jax

    @jax.jit
    def f(x):
        return x + y

    for step in range(3):
        y = step
        f(1.0)
    """)
    assert ("ACC601", 6) in found


def test_a_function_bound_again_is_still_found():
    found, _ = _lint("""
    import jax

    def helper(x):
        return x * 2

    @jax.jit
    def f(x):
        return helper(x)

    f(1.0)

    def helper(x):
        return x * 3

    f(1.0)
    """)
    assert ("ACC601", 9) in found


def test_a_closure_whose_runner_is_never_called_there_builds_no_bindings():
    """ACC605: a factory returning its jitted closure never calls it, so no rebinding of the
    closure's variable falls between two calls there; one that calls it, rebinds and calls
    again is found."""
    factory = """
    import jax

    def make(a):
        @jax.jit
        def step(x):
            return x * a
        a = a + 1
        return step
    """
    found, analysis = _lint(factory)
    assert found == [] and analysis._bindings is None
    found, _ = _lint(factory.replace("        a = a + 1\n", "        step(1.0)\n        a = a + 1\n        step(1.0)\n"))
    assert ("ACC605", 7) in found


def _superset_holds(source: str) -> None:
    """`written`'s sets hold every name the bindings' walk records a write of."""
    module = cst.parse_module(source)
    analysis = ModuleAnalysis(module, OPTIONS.markers)
    cheap = written(module, analysis.index)
    bindings = analysis.bindings
    attributes = {e.name for e in bindings.events if e.kind == "attr" and not e.in_class}
    assert attributes <= cheap.attributes
    binds = {e.name for e in bindings.events if e.kind == "bind"}
    assert binds <= cheap.names
    if any(e.kind == "mutate_param" for e in bindings.events):
        assert cheap.handed
    for name in {e.name for e in bindings.events if e.kind in ("bind", "mutate")}:
        changes = [e for e in bindings._named[name] if e.kind in ("bind", "mutate") and not e.in_class]
        if len(changes) > 1 or any(e.kind == "mutate" or e.loops for e in changes):
            assert name in cheap.changed, name


def test_written_holds_what_the_bindings_record_in_the_fixtures():
    """The superset, checked against the bindings' own events on every fixture module and
    every stored ACC6 spelling program (a name missing would turn a finding into none)."""
    paths = sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "tests/data/spellings/hidden").rglob("*.py"))
    assert len(paths) > 900
    for path in paths:
        source = path.read_text(encoding="utf-8")
        try:
            cst.parse_module(source)
        except cst.ParserSyntaxError:
            continue
        _superset_holds(source)


def test_an_iterator_read_is_judged_without_bindings_only_where_none_can_be_made_outside():
    """ACC603: a loop in a top-level trace over a name neither local nor a module-level value
    (an import) asks nothing of the bindings; a module-level iterator is still found."""
    found, analysis = _lint("""
    import jax
    from data import BATCHES

    @jax.jit
    def f(x):
        for b in BATCHES:
            x = x + b
        return x
    """)
    assert found == [] and analysis._bindings is None
    found, _ = _lint("""
    import jax

    batches = iter([1.0, 2.0])

    @jax.jit
    def f(x):
        return x + next(batches)
    """)
    assert ("ACC603", 8) in found
