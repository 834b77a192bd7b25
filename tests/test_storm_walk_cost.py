"""The cache-key analysis's shortcuts (stop 50, issue 36's cost) give what the long way gives:
`_walk_children` steps through the commonest pass-through nodes by one field (`_ONE_CHILD`,
`_BODIES`) where `children` loops over every field, and `changes` works the per-pass summaries
of the functions loops run (`_helper_passes`) out only for a compiled call in one of them
(`_run_on_passes`). The hazards those summaries find are still found, spelt three ways, and a
look-alike no loop runs is not."""

from __future__ import annotations

import textwrap
from pathlib import Path

import libcst as cst
import pytest

from acclint.analysis import loop_helpers, loop_walk, loops
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.walk import children, walk_all
from acclint.api import options_for
from acclint.lint.engine import lint_source
from acclint.rules.acc5_storms import storm_facts
from acclint.run.config import Settings

ROOT = Path(__file__).resolve().parents[1]
OPTIONS = options_for(Settings())
FIXTURES = sorted((ROOT / "fixtures").glob("*.py"))


def _code_below(nodes) -> list[cst.CSTNode]:
    """What a walk enters of `nodes`: leaves (names, literals) hold nothing."""
    return [n for n in nodes if type(n) not in loop_helpers._LEAVES]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_one_field_is_all_the_code_below(path):
    module = cst.parse_module(path.read_text())
    seen = 0
    for node in walk_all(module):
        kind = type(node)
        if kind in loop_walk._ONE_CHILD:
            assert _code_below([getattr(node, loop_walk._ONE_CHILD[kind])]) == _code_below(children(node)), kind
            seen += 1
        elif kind in loop_walk._BODIES:
            assert list(node.body) == children(node), kind
            seen += 1
    assert seen


def _facts(source: str) -> loops.LoopFacts:
    module = cst.parse_module(textwrap.dedent(source))
    return storm_facts(ModuleAnalysis(module, OPTIONS.markers))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_passes_only_for_functions_loops_run(path):
    facts = _facts(path.read_text())
    assert set(facts._helper_passes()) <= facts._run_on_passes


def _codes(source: str) -> list[tuple[str, int]]:
    source = textwrap.dedent(source)
    module = cst.parse_module(source)
    result = lint_source(source.encode(), "mod.py", OPTIONS, module, ModuleAnalysis(module, OPTIONS.markers))
    return sorted((f.code, f.line) for f in result.findings if f.code.startswith("ACC5"))


HEAD = """
import functools
import jax
import jax.numpy as jnp

@functools.partial(jax.jit, static_argnums=1)
def scaled(x, k):
    return x * k

x = jnp.ones(3)
"""

SPELLINGS = {
    "a function the loop calls": HEAD + """
def step(i):
    return scaled(x, i + 1)  # expect: ACC502

for i in range(100):
    step(i)
""",
    "two calls down": HEAD + """
def inner(k):
    return scaled(x, k)  # expect: ACC502

def outer(i):
    return inner(i * 2)

for i in range(100):
    outer(i)
""",
    "a method of an object the loop calls": HEAD + """
class Runner:
    def run(self, i):
        return scaled(x, i)  # expect: ACC502

runner = Runner()
for i in range(100):
    runner.run(i)
""",
}


def _expected(source: str) -> list[tuple[str, int]]:
    source = textwrap.dedent(source)
    return sorted(
        (line.split("# expect: ")[1].strip(), number) for number, line in enumerate(source.splitlines(), 1) if "# expect: " in line
    )


@pytest.mark.parametrize("name", SPELLINGS)
def test_helper_pass_spellings_still_found(name):
    source = SPELLINGS[name]
    assert _codes(source) == _expected(source)
    facts = _facts(source)
    assert any(call.scope.fn is not None and call.scope.fn in facts._run_on_passes for call in facts.calls)


def test_function_no_loop_runs_is_no_storm():
    source = HEAD + """
def step(i):
    return scaled(x, i + 1)

for i in range(100):
    print(i)
step(3)
"""
    assert _codes(source) == []
    facts = _facts(source)
    assert facts.calls and not facts._run_on_passes
