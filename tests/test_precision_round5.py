"""The brief's precision round 5: false-finding causes left on the real-code benchmark after
round 4, each a property of what the frameworks run (docs/analysis.md), tested on valid shapes
written fresh (no finding) beside other spellings of the hazard, which must still be found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. a part of a pytree of tracers is never a host leaf ----------------------------------
# levanter visualization.py:303: `isinstance(x[0], np.ndarray)` in a jitted function is False
# in every trace (a traced list holds tracers), so its branch is eager-only code.

HOST_LEAF_TESTS = """
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, out_shardings=None)
def concatenate(x):
    if isinstance(x[0], np.ndarray):  # never holds in a trace: the branch is eager-only
        return np.concatenate(x)
    return jnp.concatenate(x)


@jax.jit
def first_scale(batch):
    if isinstance(batch["scale"], (int, float)):  # a traced dict holds no Python number
        return float(batch["scale"]) * batch["x"]
    return batch["scale"] * batch["x"]


# -- other spellings of the hazard: still found ----------------------------------------------

@jax.jit
def unguarded(x):
    return np.concatenate(x)  # expect: ACC304


@jax.jit
def held_for_tracers(x):
    if isinstance(x[0], jax.Array):  # holds in a trace
        return np.concatenate(x)  # expect: ACC304
    return jnp.concatenate(x)


@jax.jit
def negated(x):
    if not isinstance(x[0], np.ndarray):  # holds in a trace
        return np.concatenate(x)  # expect: ACC304
    return jnp.concatenate(x)


@jax.jit
def container_test(batch):
    if isinstance(batch["xs"], list):  # a traced list is still a list: the branch is traced
        return np.concatenate(batch["xs"])  # expect: ACC304
    return batch["xs"]


@jax.jit
def other_subject(x, y):
    if isinstance(y.shape, tuple):  # says nothing of x
        return np.concatenate(x)  # expect: ACC304
    return jnp.concatenate(x)
"""


def test_a_part_of_a_traced_pytree_is_no_host_leaf():
    assert_labels_match(HOST_LEAF_TESTS)


# -- 2. a truth test reads the bindings that reach it ----------------------------------------
# flax graphlib.py:2451: `graphdef` is bound from a GraphState's static field in the `if`
# branch and to the traced argument only in the `elif`, which never reaches the test; levanter
# attention.py:660: `QPos = q.resolve_axis(QPos)` in the function's own block replaces the
# argument before the loop that compares it.

REACHING_TRUTH_TESTS = """
import jax


class GraphState:
    pass


@jax.jit
def merge(graphdef_or_state, *states):
    if isinstance(graphdef_or_state, GraphState):
        graphdef = graphdef_or_state._graphdef
        for state in (graphdef_or_state, *states):
            if state._graphdef != graphdef:  # only the static field reaches here
                raise ValueError("GraphDef must be the same for all GraphState objects")
    else:
        graphdef = graphdef_or_state
    return graphdef


@jax.jit
def primary_heads(q, QPos):
    QPos = q.resolve_axis(QPos)  # the argument no longer reaches the loop
    found = []
    for a in reversed(q.axes[1:]):
        if a.name != QPos.name:
            found.append(a)
        elif a == QPos and found:
            break
    return found


# -- other spellings of the hazard: still found ----------------------------------------------

@jax.jit
def rebound_traced(x):
    x = x * 2  # a tracer replaces a tracer
    if x > 0:  # expect: ACC201
        return x
    return -x


@jax.jit
def conditional_rebinding(q, QPos, resolve: bool):
    if resolve:
        QPos = q.resolve_axis(QPos)  # may not run: the argument still reaches
    if q.axes[0] == QPos:  # expect: ACC201
        return q
    return None


@jax.jit
def rebound_later_in_a_loop(x, n: int):
    limit = 0
    for _ in range(n):
        if limit > 1:  # expect: ACC201
            break
        limit = x.sum()  # the next pass sees it
    return limit


@jax.jit
def updated_not_replaced(x, ys):
    x += 1  # keeps what x was given
    if x > 0:  # expect: ACC201
        return x
    ys[0] = 0  # an item assignment keeps the rest of ys
    if ys[1] > 0:  # expect: ACC201
        return x
    return -x


@jax.jit
def branch_binding_before(x, flag: bool):
    total = 0
    if flag:
        total = x.sum()  # may have run
    if total > 0:  # expect: ACC201
        return x
    return -x
"""


def test_a_truth_test_reads_the_bindings_that_reach_it():
    assert_labels_match(REACHING_TRUTH_TESTS)
