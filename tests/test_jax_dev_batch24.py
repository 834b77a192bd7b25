"""Batch 24's JAX dev misses as general properties (stop 50, branch jaxdev50).

Each property is spelt here from scratch, not copied from the report, with a look-alike that is
fine; every finding a snippet should give is marked `# expect:`, and no other finding may
appear (one finding per hazard). The framework facts were run with jax 0.10.2 (the numbers are
in each block's comment and in docs/rules).
"""

import pytest

from labelled import assert_labels_match

# A PRNG key whose seed is a value the host computes while JAX traces (a clock read, a host
# draw, the next value of a host counter) is a constant of the trace: every call draws the same
# numbers. Run (three calls each, distinct outputs counted): `PRNGKey(int(time.time()))` 1 (calls
# 1.05 s apart), `key(np.random.randint(1 << 30))` 1, a seed bound first to a local from
# `time.time_ns()` 1; `PRNGKey(step)` of a traced step 3, a key made on the host from the clock
# and passed in 3, the same clock-seeded key in eager code 3. The finding is the frozen key
# (ACC103); the clock read or host draw in its seed is that same hazard, not a second one.
HOST_SEEDS = {
    "a clock read in the seed, drawn from inline": """
import time
import jax
from jax import random

@jax.jit
def noisy_step(x):
    return x + random.normal(random.PRNGKey(int(time.time())), x.shape)  # expect: ACC103
""",
    "the next value of a host counter, bound to a name the draw takes": """
import itertools
import jax

_seeds = itertools.count()

@jax.jit
def jitter(x):
    rng = jax.random.key(next(_seeds))  # expect: ACC103
    return x * jax.random.uniform(rng, x.shape)
""",
    "a NumPy draw as the seed, a split then a draw": """
import jax
import numpy as np

@jax.jit
def dropout(x):
    k1, k2 = jax.random.split(jax.random.PRNGKey(np.random.randint(0, 2**31 - 1)))  # expect: ACC103
    return x * jax.random.bernoulli(k2, 0.9, x.shape)
""",
    "a seed computed from the clock into a local first": """
import time
import jax

@jax.jit
def sample(logits):
    seed = time.time_ns() % 100003
    return jax.random.categorical(jax.random.PRNGKey(seed), logits)  # expect: ACC103
""",
    "fine: a traced step, a static seed, a host key passed in, eager code": """
import time
from functools import partial
import jax

@jax.jit
def by_step(x, step):
    return x + jax.random.normal(jax.random.PRNGKey(step), x.shape)

@partial(jax.jit, static_argnames="seed")
def by_seed(x, seed):
    return x + jax.random.normal(jax.random.PRNGKey(int(seed)), x.shape)

@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

def eager(x):
    return x + jax.random.normal(jax.random.PRNGKey(int(time.time())), x.shape)

def run(x):
    return noisy(x, jax.random.PRNGKey(int(time.time())))
""",
}


@pytest.mark.parametrize("source", HOST_SEEDS.values(), ids=HOST_SEEDS.keys())
def test_a_key_seeded_by_a_host_value_inside_a_trace_is_frozen(source):
    assert_labels_match(source)


def test_the_frozen_key_names_its_host_seed():
    from acclint.api import lint_text

    result = lint_text(HOST_SEEDS["a clock read in the seed, drawn from inline"], "case.py")
    (finding,) = result.findings
    assert finding.code == "ACC103" and "int(time.time())" in finding.message and "host" in finding.message


# Inside a jit every jax.numpy (and lax, nn) call gives a tracer, even of Python numbers and
# static shapes (run: `jnp.log2(8)`, `jnp.array(3)`, `jnp.float32(2.0)`, `lax.max(2, 3)` are
# DynamicJaxprTracer; `jnp.shape`, `jnp.ndim`, `jnp.iinfo(...).max`, `jnp.dtype` stay Python
# values); a count or shape made from one raises: `random.split(key, 2 ** jnp.log2(n) - 1)`
# TypeError, `jnp.zeros(jnp.int32(n) * 2)` TypeError, `jnp.arange(jnp.max(...))`
# ConcretizationTypeError, `random.normal(key, (jnp.sqrt(n).astype(int),))` TypeError,
# `x.reshape(jnp.prod(...))` TypeError; `math.log2` / `np.log2` / `np.prod` of a shape run.
STAGED_SIZES = {
    "a split count from jnp.log2 of a shape, through two names": """
import jax
import jax.numpy as jnp

@jax.jit
def tree_keys(points, key):
    levels = jnp.log2(points.shape[0]).astype(jnp.int32)
    count = 2 ** levels - 1
    return jax.random.split(key, count)  # expect: ACC305
""",
    "a draw's shape from jnp.sqrt of a Python number": """
import jax
import jax.numpy as jnp

@jax.jit
def noise(x, key):
    side = jnp.sqrt(x.shape[0]).astype(int)
    return jax.random.normal(key, (side, side))  # expect: ACC305
""",
    "a zeros shape from jnp.maximum of sizes": """
import jax
import jax.numpy as jnp

@jax.jit
def padded(x):
    width = jnp.maximum(x.shape[-1], 16)
    return jnp.zeros((x.shape[0], width))  # expect: ACC305
""",
    "a reshape to a jnp.prod of the shape": """
import jax
import jax.numpy as jnp

@jax.jit
def flat(x):
    return x.reshape(jnp.prod(jnp.array(x.shape)))  # expect: ACC305
""",
    "fine: math and NumPy on shapes, jnp on sizes outside the trace": """
import math
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def tree_keys(points, key):
    count = 2 ** int(math.log2(points.shape[0])) - 1
    flat = points.reshape(np.prod(points.shape))
    return jax.random.split(key, count), jnp.zeros(int(np.log2(flat.shape[0]))), jnp.sqrt(points.shape[0]) * flat

def host(key, n):
    return jax.random.split(key, int(jnp.log2(n)))
""",
}


@pytest.mark.parametrize("source", STAGED_SIZES.values(), ids=STAGED_SIZES.keys())
def test_a_jnp_result_is_traced_even_of_static_operands(source):
    assert_labels_match(source)


# Keras 3 with its JAX backend: a `keras.random` op given no seed draws from Keras' global
# SeedGenerator, whose state lives on the host; a Keras layer that draws (Dropout,
# GaussianNoise, ...) makes its own generator. Under a plain `jax.jit` that state is read once
# while tracing. Run with Keras 3.15.1 and jax 0.10.2 (/work/venvs/tftorch, KERAS_BACKEND=jax;
# three calls, distinct outputs counted): unseeded `keras.random.uniform`, `normal` (also from a
# helper the jitted function calls) and `keras.random.dropout` raise ValueError ("[JAX RNG] When
# tracing a JAX function, you should only use seeded random ops"); `Dropout`, `GaussianNoise`,
# `GaussianDropout`, `SpatialDropout1D`, `AlphaDropout` made in the trace and called with
# `training=True` 1; the same unseeded op eagerly 3; seeded by a JAX key the call passes 3.
KERAS_DRAWS = {
    "an unseeded keras.random op in a jitted function": """
import jax
import keras

@jax.jit
def jittered(x):
    return x + keras.random.uniform(x.shape, minval=-0.1, maxval=0.1)  # expect: ACC101
""",
    "an unseeded draw in a helper a jitted step calls, keras.random imported as a module": """
import jax
from keras import random as krandom

def noise(x):
    return x + krandom.normal(x.shape, stddev=0.1)  # expect: ACC101

step = jax.jit(lambda x: noise(x) * 2)
""",
    "keras.random.dropout with its seed left None": """
import jax
import keras

def forward(x):
    return keras.random.dropout(x, 0.5, seed=None)  # expect: ACC101

forward_jit = jax.jit(forward)
""",
    "a dropout layer made inside the trace": """
import jax
import keras

@jax.jit
def noisy_features(x):
    return keras.layers.GaussianNoise(0.1)(x, training=True)  # expect: ACC101
""",
    "fine: a key the call passes as the seed, eager draws and layers, a generator made": """
import jax
import keras

@jax.jit
def jittered(x, key):
    return x + keras.random.uniform(x.shape, seed=key)

def augment(x):
    return x + keras.random.normal(x.shape) + keras.layers.Dropout(0.5)(x, training=True)

generator = keras.random.SeedGenerator(0)
""",
}


@pytest.mark.parametrize("source", KERAS_DRAWS.values(), ids=KERAS_DRAWS.keys())
def test_an_unseeded_keras_draw_under_jax_jit_reads_host_generator_state(source):
    assert_labels_match(source)


# The entries of a container argument of a jitted function are traced as the argument is: jax.jit
# traces every leaf of every argument not declared static, Python numbers included, so an entry
# read where JAX needs a Python int (a slice bound, a shape) is a tracer there. Run with jax
# 0.10.2: `x[: d["num"]]` of a dict argument IndexError, `x[window[0]: window[1]]` of a tuple
# IndexError, `x[:: opts["stride"]]` IndexError, `jnp.zeros(cfg["n"])` TypeError; the tuple
# declared static, a module-level dict, a shape's entry and a dict entry used as an array run.
ENTRIES = {
    "a dict entry as a slice's start": """
import jax

@jax.jit
def tail(x, cfg):
    return x[cfg["start"]:]  # expect: ACC305
""",
    "the entries of a tuple argument as both bounds": """
import jax

@jax.jit
def crop(x, window):
    return x[window[0]: window[1]]  # expect: ACC305
""",
    "a dict entry as the step, under partial(jax.jit)": """
from functools import partial
import jax

@partial(jax.jit, donate_argnums=0)
def strided(x, opts):
    return x[:: opts["stride"]]  # expect: ACC305
""",
    "a dict entry as a shape": """
import jax
import jax.numpy as jnp

@jax.jit
def blank(cfg):
    return jnp.zeros(cfg["n"])  # expect: ACC305
""",
    "fine: a static tuple, a module-level dict, a shape's entry, an entry used as an array": """
from functools import partial
import jax

CFG = {"start": 2}

@partial(jax.jit, static_argnames="window")
def crop(x, window):
    return x[window[0]: window[1]]

@jax.jit
def tail(x, d):
    return x[CFG["start"]:] + x[: x.shape[0] // 2].sum() + d["val"]

def host(x, cfg):
    return x[cfg["start"]:]
""",
}


@pytest.mark.parametrize("source", ENTRIES.values(), ids=ENTRIES.keys())
def test_an_entry_of_a_traced_argument_is_traced(source):
    assert_labels_match(source)


def test_a_tensor_slice_bound_under_tf_function_is_no_hazard():
    """TensorFlow slices by a tensor (a strided slice): the bound need not be a Python int."""
    assert_labels_match("""
import tensorflow as tf

@tf.function
def head(x, n):
    k = tf.reduce_sum(tf.ones_like(x, dtype=tf.int32))
    return x[: k // 2] + x[: n]
""")


# Two calls of JAX's namespaces that do not give a tracer of Python values (run with jax 0.10.2):
# `jax.lax.psum(1, axis_name)` is the axis size as a Python int inside pmap and shard_map
# (maxtext's shmap_collective_matmul loops `range(axis_size)` over it), and `lax.scan` returns
# what its body builds, here a dict whose truth is its keys.
def test_a_collective_sum_of_a_python_number_and_a_scan_s_tree_stay_what_they_are():
    assert_labels_match("""
from functools import partial
import jax

@partial(jax.pmap, axis_name="i")
def rotate(x):
    size = jax.lax.psum(1, axis_name="i")
    perm = [(j, (j + 1) % size) for j in range(size)]
    return jax.lax.ppermute(x, "i", perm)

@jax.jit
def stacked(x, params):
    carry, layers = jax.lax.scan(lambda c, p: (c, p), x, params)
    if layers:
        layers = jax.tree.map(lambda a: a * 2, layers)
    return carry, layers
""")


def test_jax_computed_at_compile_time_is_concrete():
    """Inside `with jax.ensure_compile_time_eval():` a jnp call runs on concrete values (jax
    0.10.2: `jnp.log2(8)` is an ArrayImpl there under jit), and a value-sized op sizes nothing
    traced because a jnp call made it (netket's constrained Hilbert indices)."""
    assert_labels_match("""
import jax
import jax.numpy as jnp

@jax.jit
def split_known(key, table):
    with jax.ensure_compile_time_eval():
        n = jnp.log2(8).astype(int)
        ids = jnp.arange(0, 8)
        keep = ids % 2 == 0
        (picked,) = jnp.nonzero(keep)
        return jax.random.split(key, int(n)), jnp.zeros(n), picked
""")


def test_a_static_view_of_a_staged_array_is_a_python_value():
    """`len(a)` and `jnp.shape(a)` of an array a jnp call made are its static shape (ott's
    k_means, jumanji's 2048, big_vision, jraph: found at the merge's whole real-code run).
    Run (jax 0.10.2): `jnp.arange(len(jnp.argmin(m, axis=1)))` under jit compiles and indexes."""
    assert_labels_match('''
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(cost_matrix):
            assignment = jnp.argmin(cost_matrix, axis=1)
            rows = jnp.arange(len(assignment)) + jnp.arange(jnp.shape(assignment)[0])
            return cost_matrix[rows, assignment]
    ''')
