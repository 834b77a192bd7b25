"""Key components a grid of bounded loops gives more values than a bounded set holds.

Property (ACC502): nested bounded loops, each over a few Python values (a display of numbers
spelt each differently, a literal `range`), whose targets a compiled call's by-value key
components read, give those components as many values together as the product of the loops'
passes; above the bound one loop may have (five) that is a storm, as a `range` of as many passes
is. The loops are those around the call, and, for an argument that reads a parameter of the
function the call sits in, those around that function's host calls, up the chain of callers. Dev report
tensorboard_5009: `run_all` binds an ambient temperature (3 values) and a heat coefficient (2)
in nested `for` loops and hands them through `run`'s parameters to the `tf.function`
`one_step`, which keys Python floats by value: 6 traces (benchmarks/reports/verify.py,
`c.tf['one_step'] >= 6`). Each case finds nothing on batch29 (1626dac9); the look-alikes find
nothing on both. A single loop over `itertools.product(a, b)` is such a grid: its passes are the
product of its factors' passes, each item of its target an axis of its own factor's passes (the
product cases find nothing on 20b0321).
"""

import pytest

from labelled import assert_labels_match

HEADER = """
import jax
import jax.numpy as jnp
import tensorflow as tf


@tf.function
def one_step(temp, ambient, coefficient):
    temp.assign_add(-coefficient * (temp - ambient))


def f(x, i, j):
    return x * i + j

jf = jax.jit(f, static_argnums=(1, 2))
"""

CASES = {
    "a tf.function given a helper's parameters, bound by its callers' nested loops (tensorboard_5009)": """
def run(initial, ambient, coefficient):
    temp = tf.Variable(initial)
    for step in range(3):
        one_step(temp, ambient, coefficient)  # expect: ACC502

def run_all():
    for initial in [270.0, 310.0, 350.0]:
        for ambient in [270.0, 310.0, 350.0]:
            for coefficient in [0.001, 0.005]:
                run(initial, ambient, coefficient)
""",
    "the nested literal loops around the call itself": """
temp = tf.Variable(1.0)
for ambient in (1.0, 2.0, 3.0):
    for coefficient in (0.1, 0.2):
        one_step(temp, ambient, coefficient)  # expect: ACC502
""",
    "static arguments of jax.jit from two literal ranges": """
def sweep(x):
    for i in range(3):
        for j in range(3):
            jf(x, i, j)  # expect: ACC502
""",
    "values derived from the loops, passed by keyword to the helper": """
def simulate(t, a, k):
    one_step(t, a, k)  # expect: ACC502

temp = tf.Variable(1.0)
for a in [1.0, 2.0]:
    for k in [0.1, 0.2, 0.3]:
        simulate(t=temp, a=a + 273.0, k=k * 2)
""",
    "the loop body moved into a helper (perturb R5): two callers up": """
def run(ambient, coefficient):
    one_step(tf.Variable(1.0), ambient, coefficient)  # expect: ACC502

def _body(ambient, coefficient):
    run(ambient, coefficient)

for ambient in [270.0, 310.0, 350.0]:
    for coefficient in [0.001, 0.005]:
        _body(ambient, coefficient)
""",
    "one loop over itertools.product of two literal lists": """
import itertools

def sweep(x):
    for i, j in itertools.product([1, 2, 3], [4, 5, 6]):
        jf(x, i, j)  # expect: ACC502
""",
    "a single target over product of two ranges, a static tuple": """
from itertools import product

def shifted(x, pair):
    return x * pair[0] + pair[1]

jshifted = jax.jit(shifted, static_argnums=1)

def sweep(x):
    for pair in product(range(3), range(4)):
        jshifted(x, pair)  # expect: ACC502
""",
    "product of names bound once to literals, a tf.function keyed by value": """
import itertools

AMBIENTS = [270.0, 310.0, 350.0]
COEFFICIENTS = [0.001, 0.005]
temp = tf.Variable(1.0)
for ambient, coefficient in itertools.product(AMBIENTS, COEFFICIENTS):
    one_step(temp, ambient, coefficient)  # expect: ACC502
""",
    "a product loop nested in a literal loop": """
import itertools

def sweep(x):
    for i in range(3):
        for j, _mode in itertools.product((1, 2), ("a", "b")):
            jf(x, i, j)  # expect: ACC502
""",
}

LOOK_ALIKES = {
    "a product of four values (2 by 2)": """
import itertools

def sweep(x):
    for i, j in itertools.product([1, 2], [3, 4]):
        jf(x, i, j)
""",
    "only one factor of a 3 by 3 product reaches the key": """
import itertools

def sweep(x):
    for i, j in itertools.product([1, 2, 3], [4, 5, 6]):
        jf(x, i, 0)
""",
    "only one axis of the grid reaches the key (3 values)": """
def run(initial, ambient):
    temp = tf.Variable(initial)
    one_step(temp, ambient, 0.01)

for initial in [270.0, 310.0, 350.0]:
    for ambient in [270.0, 310.0, 350.0]:
        run(initial, ambient)
""",
    "the values wrapped in tf.constant (keyed by shape)": """
def run(ambient, coefficient):
    one_step(tf.Variable(1.0), tf.constant(ambient), tf.constant(coefficient))

for ambient in [270.0, 310.0, 350.0]:
    for coefficient in [0.001, 0.005]:
        run(ambient, coefficient)
""",
    "a grid of four values (2 by 2)": """
temp = tf.Variable(1.0)
for ambient in (1.0, 2.0):
    for coefficient in (0.1, 0.2):
        one_step(temp, ambient, coefficient)
""",
    "two callers up, only one axis passed on": """
def run(ambient):
    one_step(tf.Variable(1.0), ambient, 0.01)

def _body(ambient, coefficient):
    run(ambient)

for ambient in [270.0, 310.0, 350.0]:
    for coefficient in [0.001, 0.005]:
        _body(ambient, coefficient)
""",
    "a grid of modes, not numbers, the call given none of them": """
def run(x):
    return jf(x, 1, 2)

for mode in ("a", "b", "c"):
    for split in ("train", "test"):
        run(jnp.ones(3))
""",
}


@pytest.mark.parametrize("name", [*CASES, *LOOK_ALIKES])
def test_loop_grids(name):
    assert_labels_match(HEADER + CASES.get(name, LOOK_ALIKES.get(name)))
