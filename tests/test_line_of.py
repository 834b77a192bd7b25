"""bindings.line_of, which rules use to name a line in a message, against libcst's own positions.

It generates only the module-level statement holding a node with positions and counts the lines
of the statements before it in their plain code; every node of these modules must get the line
libcst's PositionProvider (a generation of the whole module) gives it.
"""

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from acclint.analysis.bindings import line_of
from acclint.analysis.walk import walk_all

SOURCE = '''#!/usr/bin/env python
# a header comment

"""A docstring
over lines."""
import jax

# a comment before the decorators
@jax.jit

# between decorators
@other
def f(x):
    text = """one
two"""
    return (lambda y: y +
            x)(1)


class C:
    def m(self):  # trailing
        return [
            i for i in range(3)
        ]
x = 1; y = f(
    x)
'''


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("trailing", [True, False])
def test_every_node_gets_libcsts_line(newline, trailing):
    source = SOURCE.replace("\n", newline)
    if not trailing:
        source = source.rstrip(newline)
    module = cst.parse_module(source)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    cache: dict = {}
    nodes = [node for node in walk_all(module) if node in expected and node is not module]
    assert len(nodes) > 50
    assert [line_of(module, node, cache) for node in nodes] == [expected[node].start.line for node in nodes]


def test_lines_asked_last_statement_first():
    """The statements' lines are counted only as far as asked: a late statement first, then
    earlier ones from the same cache, then one past the counted prefix."""
    module = cst.parse_module(SOURCE)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    nodes = [node for node in walk_all(module) if node in expected and node is not module]
    cache: dict = {}
    order = [*reversed(nodes[len(nodes) // 2:]), *nodes[: len(nodes) // 2]]
    assert [line_of(module, node, cache) for node in order] == [expected[node].start.line for node in order]
    cache = {}
    middle = nodes[len(nodes) // 2]
    assert line_of(module, middle, cache) == expected[middle].start.line
    assert [line_of(module, node, cache) for node in nodes] == [expected[node].start.line for node in nodes]
