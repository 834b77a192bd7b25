"""Where ACC5's loop facts (acclint.analysis.loops) follow a call's arguments into the function it
calls, they bind them as Python does (acclint.analysis.arguments.passed): what a loop passes into
a helper, what a module function returns from a parameter given a new value, and what a pytree
class's generated `__init__` puts in each field. An argument after `*xs` has no known place (where
its place depends on `len(xs)` nothing is said), and extra positional arguments go to `*args`,
never to a keyword-only parameter.

Each line was run (jax 0.10.2, flax 0.12.8, 6 passes): the labelled helper and schedule lines
trace 6 times, the labelled fields raise on the second lookup; `spread(*(2,), i)`,
`rest_only(x, 0, i)`, `decayed(0.1, 1, i)` and `lr_at(*(2,), i)` trace once, and the two
look-alike `Table` calls run (the array is in the leaf `w`). Before the change (e0dfc2a), which
mapped positions by hand, the look-alikes were found and `rest_keyed` was missed."""

import pytest

from labelled import family_labels_and_findings
from test_loops import HEADER

HELPERS = """
def helper(n, x):
    return by_position(x, n)  # expect: ACC502

def spread(n, x):
    return by_position(x, n)

def rest_only(x, *rest, n=1):
    return by_position(x, n)

def rest_keyed(x, *rest):
    return by_position(x, rest)  # expect: ACC502

def run(x, xs, steps):
    for i in range(steps):
        helper(i, x)
        helper(x=x, n=i)
        helper(*(i,), n=i)
        spread(*xs, i)  # a valid call has one item in `xs`: `i` is `x`, traced
        rest_only(x, 0, i)  # `i` goes to `*rest`, never to the keyword-only `n`
        rest_keyed(x, 0, i)
"""

SCHEDULES = """
def schedule(s, base=0.1):
    return base * 0.9 ** s

def decayed(base, *more, s=0):
    return base * 0.9 ** s

def lr_at(s, tag):
    return 0.1 * 0.9 ** s  # `tag` only names the call

def run(x, xs, steps):
    for i in range(steps):
        by_position(x, schedule(i))  # expect: ACC502
        by_position(x, schedule(base=0.2, s=i))  # expect: ACC502
        by_position(x, decayed(0.1, s=i))  # expect: ACC502
        by_position(x, decayed(0.1, 1, i))  # `i` goes to `*more`: the result is 0.1 on every pass
        by_position(x, lr_at(*xs, i))  # a valid call has one item in `xs`: `i` is `tag`
"""

FIELDS = """
from flax import struct

class Table(struct.PyTreeNode):
    table: jax.Array = struct.field(pytree_node=False)
    w: float = 1.0

@jax.jit
def g(t):
    return 1.0

def run(xs, steps):
    for i in range(steps):
        g(Table(jnp.ones(3)))  # expect: ACC502
        g(Table(w=1.0, table=jnp.ones(3)))  # expect: ACC502
        g(Table(*xs, jnp.ones(3)))  # the array is `w` where `xs` holds one item: no known place
        g(Table((1, 2), jnp.ones(3)))  # the array is `w`, a leaf
"""

# A method called as `self.m(...)` is given its instance, a classmethod its class; a
# staticmethod is given nothing, so the loop's `i` is its first parameter (run: each labelled
# line traces 6 times in 6 passes).
METHODS = """
class Runner:
    @staticmethod
    def scaled(n, x):
        return by_position(x, n)  # expect: ACC502

    @classmethod
    def tagged(cls, n, x):
        return by_position(x, n)  # expect: ACC502

    def stepped(self, n, x):
        return by_position(x, n)  # expect: ACC502

    def run(self, x, steps):
        for i in range(steps):
            self.scaled(i, x)
            self.tagged(i, x)
            self.stepped(i, x)
"""


@pytest.mark.parametrize(
    "body", [HELPERS, SCHEDULES, FIELDS, METHODS],
    ids=["into a helper", "a function's result", "a class's fields", "into a method of any kind"],
)
def test_arguments_reach_the_parameters_python_binds_them_to(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
