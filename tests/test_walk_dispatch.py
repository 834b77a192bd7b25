"""The cache-key walk passes through the nodes it does nothing at without calling `_walk` for
each (`LoopFacts._walk_children`): the types it tests a node for and `_DISPATCHED` must agree,
or a node type `_walk` learns to handle would be passed through unseen."""

import ast
import inspect
import textwrap

import libcst as cst

from acclint.analysis import loop_helpers, loop_walk
from acclint.analysis.loops import LoopFacts


def _tested_types() -> set[type]:
    """The libcst types `_walk` compares a node's type (`kind`) with."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(LoopFacts._walk)))
    found: set[type] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == "kind":
            for part in ast.walk(ast.Tuple(elts=node.comparators)):
                if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id == "cst":
                    found.add(getattr(cst, part.attr))
    return found


def test_every_type_walk_handles_is_dispatched():
    tested = _tested_types()
    assert {cst.FunctionDef, cst.For, cst.Call, cst.Assign} <= tested  # the reading above finds them
    assert tested - loop_helpers._LEAVES <= loop_walk._DISPATCHED


def test_dispatched_and_leaves_are_apart():
    assert not loop_walk._DISPATCHED & loop_helpers._LEAVES
