"""acclint.lint.placing.Placer places a node by generating only a statement around it, and
gives exactly the range libcst's PositionProvider gives, or nothing (the engine then places it
as before): on the fixtures, and on code made to mislead it (statements repeated verbatim,
every kind of clause, tabs, `\\r\\n` and lone `\\r` line ends, a file without a final newline,
`;` lines, a decorator continued with a backslash, comments after a block)."""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from acclint.files.decoding import decode
from acclint.lint.engine import _line_starts
from acclint.lint.placing import STATEMENTS, Placer
from acclint.parse.frontend import outline

ROOT = Path(__file__).resolve().parent.parent

TRICKY = '''import jax  ;  import jax.numpy as jnp
x = 1; y = 2


@jax.jit  # trailing
@\\
jax.named_call
def f(x, *args):
    # a comment
    h = jnp.tanh(x)
    h = jnp.tanh(x)
    if x > 0:
        h = jnp.tanh(x)
    elif x < 0:
        h = jnp.tanh(x)
        # after the elif's block
    else:
        h = jnp.tanh(x)
    try:
        h = jnp.tanh(x)
    except ValueError:
        h = jnp.tanh(x)
    finally:
        pass
    for i in range(3):
        h = jnp.tanh(x)
    else:
        h = (jnp.tanh(x) +
             1)
    while x:
        def g(y): return y
        class C:
          h = jnp.tanh(x)
    with open("a") as k:
        match x:
            case 1:
                h = jnp.tanh(x)
            case _:
                h = jnp.sin(x)
    return h
# between


class D:
	def m(self, x):
		if x: return x
		h = jnp.tanh(x)
		return h


def last(x):
    h = jnp.tanh(x)
    h = jnp.tanh(x)'''


def checked(source: bytes) -> tuple[int, int]:
    """Place every node of every statement in an indented block by that statement; assert that
    each range placed equals libcst's. Returns (placed, not placed)."""
    module = cst.parse_module(source)
    text = decode(source)
    wanted = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    placer = Placer(module, text, outline(ast.parse(source)), _line_starts(text), {})
    placed = missed = 0
    for top in module.body:
        statements = [s for s in _all(top) if isinstance(s, STATEMENTS)]
        for statement in statements:
            for node in _all(statement):
                placer.hints[id(node)] = (statement,)
                found = placer.ranges(top, [node])
                if found is None:
                    missed += 1
                else:
                    assert found[node] == wanted[node], (node, found[node], wanted[node])
                    placed += 1
    return placed, missed


def _all(node: cst.CSTNode) -> list[cst.CSTNode]:
    out, stack = [], [node]
    while stack:
        found = stack.pop()
        out.append(found)
        stack.extend(found.children)
    return out


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
@pytest.mark.parametrize("ending", ["", "\n"], ids=["no-final-newline", "final-newline"])
def test_placed_ranges_equal_libcst_s(newline, ending):
    source = (TRICKY + ending).replace("\n", newline).encode()
    placed, missed = checked(source)
    assert placed > 500 and missed > 0  # some statements are repeated verbatim: those are left


def test_the_last_statement_of_a_file_without_a_final_newline_is_left_to_the_engine():
    # Its code, generated, ends with a newline the text lacks; the same code above it occurs once.
    source = b"def f():\n    h = g(x)\n    h = g(x)"
    module = cst.parse_module(source)
    text = decode(source)
    placer = Placer(module, text, outline(ast.parse(source)), _line_starts(text), {})
    second = module.body[0].body.body[1]
    placer.hints[id(second)] = (second,)
    assert placer.ranges(module.body[0], [second]) is None


def test_a_module_libcst_and_ast_read_differently_places_nothing():
    source = b"def f():\n    h = 1\n"
    module = cst.parse_module(source)
    node = module.body[0].body.body[0]
    placer = Placer(module, decode(source), ((1, "ClassDef"),), _line_starts(decode(source)), {id(node): (node,)})
    assert placer.ranges(module.body[0], [node]) is None


def test_placed_ranges_equal_libcst_s_on_the_fixtures():
    files = sorted((ROOT / "fixtures").rglob("*.py"))
    assert files
    total = 0
    for path in files:
        placed, _ = checked(path.read_bytes())
        total += placed
    assert total > 10_000
