"""acclint.lint.positions.PositionState gives every node the range libcst's PositionProvider
gives it (the engine places findings with it), on the fixtures and on code that exercises
what positions are made of: decorators, comments, blank lines, strings spanning lines,
`\\r\\n` line ends, parentheses, semicolons, a tab indent."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from acclint.lint.positions import PositionState

ROOT = Path(__file__).resolve().parent.parent

ODD = '''# a comment
import jax  ;  import jax.numpy as jnp


@jax.jit  # trailing
@(lambda f: f)
def f(x, *args, y: int = 3, **kw) -> "jnp.ndarray":
    """doc
    string"""
    s = """one
two""" + f"{x!r:>{y}}"
    if (x > 0 and
            y < 2):
        print(x, (y), [a for a in args if a], {k: v for k, v in kw.items()})
    elif x:
        pass
    else:
        z = lambda q, *, r=1: q[1:2, ::3]
    with open("a") as h, open("b"):
        return (yield from x) if x else y


async def g(y):
	return await y
'''


def ranges_of(module: cst.Module) -> tuple[dict, dict]:
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    state = PositionState(module.default_indent, module.default_newline)
    module._codegen(state)
    found = {node: ((r[0][0], r[0][1]), (r[1][0], r[1][1])) for node, r in state.computed.items()}
    wanted = {node: ((r.start.line, r.start.column), (r.end.line, r.end.column)) for node, r in expected.items()}
    return found, wanted


@pytest.mark.parametrize("source", [ODD, ODD.replace("\n", "\r\n")], ids=["odd", "crlf"])
def test_the_ranges_equal_libcst_s(source):
    found, wanted = ranges_of(cst.parse_module(source))
    assert found == wanted


def test_the_ranges_equal_libcst_s_on_the_fixtures():
    files = sorted((ROOT / "fixtures").rglob("*.py"))
    assert files
    for path in files:
        found, wanted = ranges_of(cst.parse_module(path.read_bytes()))
        assert found == wanted, path
