"""The brief's precision round 4: false-finding causes on the real-code benchmark, each a
property of what the frameworks run (docs/analysis.md, docs/contexts.md), tested on VALID shapes
written fresh (no finding) beside other spellings of the hazard, which must still be found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. a function decorated by a marker runs as that marker's function ---------------------

DECORATED_KERAS_CALL = """
import keras
import tensorflow as tf


class Converted(tf.keras.layers.Layer):
    @tf.function
    def call(self, x):
        for _ in tf.range(tf.shape(x)[0]):  # AutoGraph converts it: a tf.while_loop
            x = x + 1
        if tf.reduce_sum(x) > 0:  # a tf.cond
            x = x * 2
        return self.helper(x)

    def helper(self, x):
        for _ in tf.range(3):  # converted too: AutoGraph converts what a converted function calls
            x = x - 1
        return x


class WithSignature(keras.Model):
    @tf.function(input_signature=[tf.TensorSpec(shape=[None, None, 3], dtype=tf.float32)])
    def call(self, data):
        steps = tf.shape(data)[0]
        for i in tf.range(steps):
            data = data + 1
        return data


# -- look-alikes that are hazards --------------------------------------------------------

def other_decorator(fn):
    return fn


class NotConverted(keras.layers.Layer):
    def call(self, x):
        for _ in keras.ops.arange(3):  # expect: ACC207
            x = x + 1
        return x


class ForeignDecorator(tf.keras.layers.Layer):
    @other_decorator
    def call(self, x):
        for _ in tf.range(3):  # expect: ACC207
            x = x + 1
        return x


class HelperOfKeras(keras.layers.Layer):
    def call(self, x):
        return self.step(x)

    def step(self, x):
        for _ in tf.range(3):  # expect: ACC207
            x = x + 1
        return x


class ComprehensionUnderTfFunction(tf.keras.layers.Layer):
    @tf.function
    def call(self, x):
        return tf.stack([row * 2 for row in tf.range(3)])  # expect: ACC206
"""


def test_a_keras_call_decorated_by_tf_function_runs_converted():
    assert_labels_match(DECORATED_KERAS_CALL)


# -- 3. a function that runs on the host whoever calls it is in no traced context -----------

HOST_FUNCTIONS = """
import functools
import time

import tensorflow as tf


def map_decorator(func):
    def wrapper(steps, values):
        # tf.py_function runs `func` eagerly, on every element
        return tf.py_function(func, inp=(steps, values), Tout=(steps.dtype, values.dtype))
    return wrapper


@map_decorator
def timed(steps, values):
    enter = time.perf_counter()
    return steps, values + enter


def numpy_decorator(func):
    return lambda x: tf.numpy_function(func=func, inp=[x], Tout=tf.float32)


@numpy_decorator
def logged(x):
    print("element", x)
    return x


@tf.py_function(Tout=tf.float32)
def direct(x):
    start = time.time()
    return x


ds = tf.data.Dataset.range(4).map(timed).map(logged).map(direct)


# -- look-alikes that are hazards --------------------------------------------------------

def passes_through(func):
    @functools.wraps(func)
    def wrapper(*args):
        return func(*args)  # the wrapper runs func in the trace
    return wrapper


@passes_through
def traced_clock(x):
    t = time.perf_counter()  # expect: ACC404
    return x + t


def both(func):
    def wrapper(x):
        y = tf.py_function(func, inp=[x], Tout=tf.float32)
        return func(y)  # and once more, traced
    return wrapper


@both
def traced_print(x):
    print(x)  # expect: ACC401
    return x


def compiled(func):
    return tf.function(func)


@compiled
def compiled_clock(x):
    return x * time.time()  # expect: ACC404


ds2 = tf.data.Dataset.range(4).map(traced_clock).map(traced_print)


def plain(x):
    t = time.perf_counter()  # expect: ACC404
    return x + t


ds3 = tf.data.Dataset.range(4).map(plain)
"""


def test_a_function_run_by_py_function_is_no_trace():
    assert_labels_match(HOST_FUNCTIONS)


# -- 2. an iteration reads the bindings that reach it ------------------------------------------

ITERATION_BEFORE_REBINDING = """
from typing import List, Tuple, Union

import keras
import tensorflow as tf


class Decoder(keras.layers.Layer):
    def call(self, images, predictions):
        batch = tf.shape(predictions[0])[0]
        shapes = [p.shape[1:3] for p in predictions]  # the Python list of per-level tensors
        predictions = [tf.reshape(p, [batch, -1, 5]) for p in predictions]  # still that list
        predictions = tf.concat(predictions, axis=1)  # a tensor only from here on
        return predictions[..., :2], shapes


@tf.function
def blur(image, sigma: Union[List[float], Tuple[float], float] = 1.0):
    if not isinstance(sigma, (list, tuple)):
        sigma = (sigma,) * 2
    if any(s < 0 for s in sigma):  # a Python sequence of floats
        raise ValueError("sigma must be >= 0")
    sigma = tf.convert_to_tensor(sigma)
    return image * sigma[0]


# -- look-alikes that are hazards --------------------------------------------------------

@tf.function
def made_before(n):
    steps = tf.range(n)
    doubled = [s * 2 for s in steps]  # expect: ACC206
    steps = [1, 2]
    return doubled, steps


@tf.function
def used_as_array_first(x):
    y = x * 2
    rows = [r for r in x]  # expect: ACC206
    x = [y]
    return rows, x


@tf.function
def rebound_in_the_loop(parts):
    for _ in range(2):
        sizes = [p for p in parts]  # expect: ACC206
        parts = tf.range(len(sizes))  # the next pass iterates this tensor
    return parts


class Looping(keras.layers.Layer):
    def call(self, x):
        x = x * 2
        for row in x:  # expect: ACC207
            pass
        x = [x]
        return x
"""


def test_an_iteration_reads_the_bindings_that_reach_it():
    assert_labels_match(ITERATION_BEFORE_REBINDING)


# -- 4. a mapping's `.get(key, default)` may be the default ------------------------------------

DEFAULTED_ITEMS = """
import jax
import jax.numpy as jnp
from jax import lax


def divergence(x, **kwargs):
    is_low_rank = kwargs.get("rank", -1) > 0  # no caller need pass `rank`: maybe the int -1
    if is_low_rank:
        x = x * 2
    t0 = kwargs.get("t0", 0.0)
    if t0 > 0.5:
        x = x + 1
    if kwargs.setdefault("verbose", False):
        x = x - 1
    return x


@jax.jit
def solve(x, options):
    return divergence(x, **options)


@jax.jit
def from_a_batch(batch):
    mask = batch.get("mask")
    if mask is None:
        return batch["x"]
    return batch["x"] * mask


# -- look-alikes that are hazards --------------------------------------------------------

@jax.jit
def defaulted_to_a_tracer(x, options):
    scale = options.get("scale", x * 0 + 1)
    if scale.sum() > 0:  # expect: ACC201
        x = x * scale
    if options["rank"] > 0:  # expect: ACC201
        x = x + 1
    for v in options.values():
        if v > 0:  # expect: ACC201
            x = x - v
    return x
"""


def test_a_mappings_get_may_be_its_default():
    assert_labels_match(DEFAULTED_ITEMS)


# -- 6. single causes ------------------------------------------------------------------------

EMPTY_DISPLAY_COMPARISONS = """
import jax
import jax.numpy as jnp


@jax.jit
def scanned(carry, scan_in):
    graphdefs, pure_args = scan_in
    assert pure_args == ()  # a tuple compared with the empty tuple: a Python bool
    if pure_args != [] or carry["state"] == {}:
        carry = carry["x"] + 1
    return carry


# -- look-alikes that are hazards --------------------------------------------------------

@jax.jit
def compared_with_arrays(x, y):
    assert x == 0  # expect: ACC204
    assert x != y  # expect: ACC204
    if jnp.sum(x) == jnp.zeros(()):  # expect: ACC201
        x = x + 1
    return x
"""


def test_a_comparison_with_an_empty_display_tests_a_container():
    assert_labels_match(EMPTY_DISPLAY_COMPARISONS)


# -- 5. an optimizer state is arrays, no new key -----------------------------------------------

OPTIMIZER_STATES = """
import functools

import equinox as eqx
import jax
import optax


def train(model, data, strategy, lr):
    optim = optax.adabelief(lr)

    @eqx.filter_jit
    def make_step(batch, model, opt_state):
        updates, opt_state = optim.update(model, opt_state)
        return eqx.apply_updates(model, updates), opt_state

    for steps in strategy:
        opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))  # arrays: traced
        for batch in data:
            model, opt_state = make_step(batch, model, opt_state)
        for batch in data:
            model, fresh = make_step(batch, model, optax.sgd(lr).init(model))
    return model


# -- look-alikes that are hazards --------------------------------------------------------

@eqx.filter_jit
def step(optimizer, model, batch):
    return model


def loop(model, data, lr, scale):
    for batch in data:
        step(optax.adam(lr), model, batch)  # expect: ACC502
        step(functools.partial(scale, 2), model, batch)  # expect: ACC502
        opt = optax.chain(optax.clip(1.0), optax.sgd(lr))
        step(opt, model, batch)  # expect: ACC502
"""


def test_an_optimizer_state_is_arrays_no_new_key():
    assert_labels_match(OPTIMIZER_STATES)


# -- 6a. an inferred wrapper traces what it hands on, and nothing else -------------------------

WRAPPER_DATA = """
from functools import partial

import jax
from jax import lax


def describe(num_warmup, i):
    return "warmup" if i < num_warmup else "sample"  # run by the caller's eager progress bar


def collect(body, n, x, **options):
    describe_at = options.pop("progbar_desc", lambda i: "")
    return lax.fori_loop(0, n, body, x), describe_at


def collect_transformed(body, n, x, transform):
    def inner(i, carry):
        return transform(body(i, carry))
    return lax.fori_loop(0, n, inner, x)


def step(i, x):
    return x + (1.0 if x > 0 else 0.0)  # expect: ACC203


def keyword_step(i, x):
    return x * (2.0 if x > 1 else 1.0)  # expect: ACC203


def clip(x):
    return x if x < 10 else x - 10  # expect: ACC203


@jax.jit
def run(x):
    y, _ = collect(step, 3, x, progbar_desc=partial(describe, 2))
    z, _ = collect(body=keyword_step, n=3, x=y)
    return collect_transformed(step, 3, z, clip)
"""


def test_an_inferred_wrapper_traces_only_what_it_hands_on():
    assert_labels_match(WRAPPER_DATA)


# -- 6d. a guessed module input used only as a size is the caller's int -----------------------

MODULE_SIZES = """
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


class RelativePositionBiases(nn.Module):  # nothing in the module calls it
    num_buckets: int = 32

    @nn.compact
    def __call__(self, qlen, klen, bidirectional=True):
        context = np.arange(qlen, dtype=jnp.int32)[:, None]
        memory = np.arange(klen, dtype=jnp.int32)[None, :]
        grid = np.zeros((qlen, 2))
        return memory - context, grid


# -- look-alikes that are hazards --------------------------------------------------------

class AlsoAnArray(nn.Module):
    @nn.compact
    def __call__(self, x):
        steps = np.arange(x)  # expect: ACC304
        return steps * jnp.sum(x)


class Converted(nn.Module):
    @nn.compact
    def __call__(self, x):
        return np.asarray(x) + 1  # expect: ACC304


@jax.jit
def jitted(n):
    return np.arange(n)  # expect: ACC304
"""


def test_a_guessed_module_input_used_only_as_a_size_is_no_tracer():
    assert_labels_match(MODULE_SIZES)


# -- 6c. a plain function called from host code builds no trace --------------------------------

EAGER_CALLS_BUILD_NO_TRACE = """
import jax
import jax.numpy as jnp

box_size = 10.0
kT_fn = lambda R: 0.05 * (1 + jnp.abs(R / box_size - 0.5))  # a plain lambda


def temperature(R):
    return R * box_size


def simulator(kT):
    @jax.jit
    def init_fn(R):
        return kT(R) + temperature(R)
    return init_fn


print(kT_fn(jnp.ones(3)), temperature(jnp.ones(3)))  # eager calls: no trace is built
box_size = 20.0
init = simulator(kT_fn)  # the first traces are built after the rebinding
print(init(jnp.ones(3)), init(jnp.ones(3)))
print(kT_fn(jnp.ones(3)), temperature(jnp.ones(3)))  # eager again: the new value, as intended


# -- look-alikes that are hazards --------------------------------------------------------

scale = 1.0
scaled = jax.jit(lambda x: x * scale)  # expect: ACC601


def shifted(x):
    return x + scale  # expect: ACC601


step = jax.jit(shifted)


@jax.jit
def decorated(x):
    return x - scale  # expect: ACC601


print(scaled(1.0), step(1.0), decorated(1.0))
scale = 2.0
print(scaled(1.0), step(1.0), decorated(1.0))
"""


def test_a_plain_function_called_from_host_code_builds_no_trace():
    assert_labels_match(EAGER_CALLS_BUILD_NO_TRACE)
