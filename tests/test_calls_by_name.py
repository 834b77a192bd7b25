"""`Objects._calls_by_name` (the calls of a bare name a module makes, each with the function
making it) read off the module index's calls (stop 56, perf56) holds exactly the pairs the body
facts of every function of the module hold, with the module's own statements' calls, without
working out those facts for every function: on every fixture and on a module spelling where a
call may be said to lie (a nested def's decorator and default, a lambda's body and default, a
class body at module level and in a function, a method, a comprehension)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import libcst as cst
import pytest

from acclint.analysis.module import ModuleAnalysis
from acclint.api import options_for
from acclint.run.config import Settings

ROOT = Path(__file__).resolve().parents[1]
OPTIONS = options_for(Settings())

PLACES = textwrap.dedent("""
    import functools
    import jax

    def helper(x, k=make(1)):
        return x

    top = helper(make(2))

    class Top:
        field = helper(3)

        def method(self, y=helper(4)):
            return helper(y)

    def outer(x):
        @functools.partial(jax.jit, static_argnums=helper(5))
        def inner(y, z=helper(6)):
            return helper(y)

        class Local(base(helper(7))):
            kept = helper(8)

        f = lambda v, w=helper(9): helper(v)
        return [helper(i) for i in range(3)], f, inner, Local
""")


def _long_way(analysis: ModuleAnalysis) -> set[tuple[int, int]]:
    """(function or None, call) of every bare-name call: the module's own statements' calls
    (outside any function or class body) and each function's body facts' calls."""
    index = analysis.index
    found = {
        (id(None), id(node)) for walk in index.walks.values() for node, fn, cls in walk
        if fn == cls == -1 and type(node) is cst.Call and isinstance(node.func, cst.Name)
    }
    for fn in index.all_functions:
        found |= {(id(fn), id(call)) for call in analysis.body(fn).calls if isinstance(call.func, cst.Name)}
    return found


def _read(analysis: ModuleAnalysis) -> set[tuple[int, int]]:
    calls = analysis._contexts.objects._calls_by_name()
    return {(id(fn), id(call)) for pairs in calls.values() for fn, call in pairs}


@pytest.mark.parametrize("path", sorted((ROOT / "fixtures").glob("*.py")), ids=lambda p: p.name)
def test_the_index_gives_the_body_facts_calls(path):
    analysis = ModuleAnalysis(cst.parse_module(path.read_text()), OPTIONS.markers)
    assert _read(analysis) == _long_way(analysis)


def test_every_place_a_call_may_lie():
    analysis = ModuleAnalysis(cst.parse_module(PLACES), OPTIONS.markers)
    read = _read(analysis)
    assert read == _long_way(analysis)
    calls = analysis._contexts.objects._calls_by_name()
    # a class body's calls (`helper(3)`, `helper(8)`, the method's default `helper(4)`) are made
    # by no function; the other nine each by the scope evaluating it
    assert len(calls["helper"]) == 9 and len(calls["make"]) == 2 and "base" in calls
    assert {fn.name if fn else None for fn, _ in calls["helper"]} == {None, "method", "outer", "inner", "<lambda>"}
