"""arguments.passed: what a call passes to each parameter, as Python binds arguments."""

from __future__ import annotations

import libcst as cst
import pytest

from acclint.analysis.arguments import passed
from acclint.analysis.scopes import index_module


def _passed(definition: str, call: str, **options) -> dict[str, str]:
    module = cst.parse_module(f"{definition}\n{call}\n")
    fn = index_module(module, frozenset()).all_functions[0]
    node = module.body[-1].body[0].value
    given = passed(node, fn, **options)
    return {name: cst.Module([]).code_for_node(value) for name, value in given.items()}


@pytest.mark.parametrize("definition, call, options, expected", [
    ("def f(a, b): pass", "f(1, b=2)", {}, {"a": "1", "b": "2"}),
    ("def f(a, *rest, k=0, **kw): pass", "f(1, 2, 3, z=4)", {}, {"a": "1", "rest": "(2, 3)", "kw": "{'z': 4}"}),
    ("def f(a, *rest, k=0, **kw): pass", "f(1, 2, 3, z=4)", {"defaults": True}, {"a": "1", "rest": "(2, 3)", "kw": "{'z': 4}", "k": "0"}),
    ("def f(a, /, b=5): pass", "f(1, a=2)", {}, {"a": "1"}),  # a positional-only name given by keyword goes to no parameter
    ("def f(a, b=5, *rest): pass", "f(*xs, 1)", {"defaults": True}, {}),  # `*xs` may fill a, b and rest
    ("def f(a, b=5, **kw): pass", "f(1, **extra)", {"defaults": True}, {"a": "1"}),  # `**extra` may give b, or more
    ("def m(self, a, b=5): pass", "obj.m(1)", {"bound": True, "defaults": True}, {"a": "1", "b": "5"}),
    ("def f(a, b): pass", "f(1, 2, 3)", {}, {"a": "1", "b": "2"}),  # Python refuses the third: no parameter takes it
])
def test_passed(definition, call, options, expected):
    assert _passed(definition, call, **options) == expected
