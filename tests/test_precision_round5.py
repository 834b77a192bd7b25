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
