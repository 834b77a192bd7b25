"""Spellings of a recompilation storm, composed from ACC5's property and labelled by running them.

ACC5's property: *a compiled callable, called from host code on every pass of a loop, whose cache
key has a component that is new on every pass (so it compiles again each pass)*. This script
writes small programs along the property's axes, independently of any report and of acclint:

- WHICH key component changes: the callable's identity (a lambda, a local `def`, a `partial`, a
  bound method of any object, a transform's result, an instance made each pass), a static or
  by-value argument (the counter, values derived from it through `float`/`min`/`np.exp`/
  arithmetic/f-strings/tuples, a new object, an unhashable one), a traced argument's shape (a
  slice, a shape constructor, through a container or a comprehension), a value a torch.compile
  guard reads;
- HOW the call is reached from the loop: directly, in a `while` on a stepped counter, in a
  function or a method the loop calls (one or two levels down), nested under `if`/`try`/`with`;
- FRAMEWORK: `jax.jit` (call, decorator, `partial(jax.jit, static_argnums/argnames)`),
  `equinox.filter_jit`, `tf.function`, `torch.compile`;

and for each hazard look-alikes that are fine (the wrapper hoisted, a constant, a bounded set of
values, a two-valued flag, a fixed shape, a loop over a literal set, a loop that runs once).

Each program defines `run(n)`. Its label comes from running it, never from acclint: the program
is loaded twice (new function objects, empty caches) and run with N and 2N passes while
acclint.crosscheck.storms.TraceCounter counts the traces (JAX's trace event, TensorFlow's
concrete-function builder, Dynamo's frame compiler) per program line. A line whose traces grow
by at least N/2 between the two runs is a storm (`# label: storm line=L`); a call that raises
because a static argument cannot be hashed is labelled `unhashable` (ACC502 flags it at any
call). Everything else is `fine`. The counts are written into each file.

    # in a venv with jax, equinox, optax, tensorflow-cpu and torch (CPU) installed:
    python benchmarks/storm_spellings.py            # regenerate and relabel tests/data/spellings/storms
    python benchmarks/storm_spellings.py --measure  # acclint's recall and precision on the stored set

`--measure` needs no framework: it reads the stored labels (tests/test_storm_spellings.py does
the same and fails below the recorded floor).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import textwrap
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "spellings" / "storms"
PASSES = 4  # N: each program runs N and 2N passes
HEAD = 3  # the lines each stored program starts with (spelling, run, label)
LABEL = re.compile(r"^# label: (storm|unhashable|fine)(?: line=(\d+))?$", re.M)


@dataclass(frozen=True)
class Component:
    """One key component made to change (or, for a look-alike, made not to): `body` is the loop
    body (using the loop variable `i` and the input `x`); `prelude` is module-level code."""

    name: str
    framework: str
    axis: str  # identity | static | shape | guard
    body: str
    prelude: str = ""
    hazard: bool = True  # what the spelling is meant to be (the run decides the label)
    reaches: tuple[str, ...] = ()  # () : every reach of the framework


HEADERS = {
    "jax": "import functools\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax import random\n",
    "equinox": "import equinox as eqx\nimport jax\nimport jax.numpy as jnp\n",
    "tf": "import numpy as np\nimport tensorflow as tf\n",
    "torch": "import torch\n",
}
INPUTS = {"jax": "jnp.ones(3)", "equinox": "jnp.ones(3)", "tf": "tf.ones(3)", "torch": "torch.ones(3)"}

JAX_PRELUDE = '''
def scale(v, k=2.0):
    return v * k


def loss(v):
    return (v ** 2).sum()


class Scaler:
    def apply(self, v):
        return v * 3.0


class Config:
    pass


@jax.jit
def total(v):
    return v.sum()


@functools.partial(jax.jit, static_argnums=1)
def times(v, k):
    return v * k


@functools.partial(jax.jit, static_argnames="k")
def times_named(v, k):
    return v * k


times_wrapped = jax.jit(scale, static_argnums=1)


@functools.partial(jax.jit, static_argnums=1)
def keyed(v, k):  # k only in the key: any hashable value
    return v * 2.0


def schedule(s):
    return 0.1 * 0.9 ** s


class Scaled:
    def __init__(self, k):
        self.k = k

    @functools.partial(jax.jit, static_argnums=0)
    def apply(self, v):
        return v * self.k
'''

JAX_OWNER = '''
class Trainer:
    def __init__(self):
        self.step = jax.jit(self._step)

    def _step(self, v):
        return v * 2.0
'''

_J = "jax"
# A module whose `forward` steps an int attribute: a new value for Dynamo's guard on every call.
COUNTING_MODULE = '''class Counting(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def forward(self, v):
        self.calls += 1
        return v * self.calls


'''
# Compiled functions keyed by a str's value and by a dict's keys (the hazard and its look-alike).
BY_MODE = "@torch.compile\ndef by_mode(v, mode):\n    return v * 2.0 if mode.endswith(\"0\") else v - 1.0\n"
BY_KEYS = "@torch.compile\ndef by_keys(v, weights):\n    return v * sum(weights.values())\n"
PROBE = ("direct", "helper", "method")
COMPONENTS = [
    # -- JAX: the callable's identity -------------------------------------------------------
    Component("lambda", _J, "identity", "jax.jit(lambda v: v * 2.0)(x)"),
    Component("local_def", _J, "identity", "def f(v):\n    return v * 2.0\njax.jit(f)(x)"),
    Component("decorated_local_def", _J, "identity", "@jax.jit\ndef f(v):\n    return v * 2.0\nf(x)"),
    Component("partial", _J, "identity", "jax.jit(functools.partial(scale, k=2.0))(x)"),
    Component("partial_named", _J, "identity", "g = jax.jit(functools.partial(scale, k=2.0))\ng(x)"),
    Component("bound_method", _J, "identity", "obj = Scaler()\njax.jit(obj.apply)(x)"),
    Component("bound_method_of_param", _J, "identity", "g = jax.jit(OBJ.apply)\ng(x)", prelude="OBJ = Scaler()\n"),
    Component("transform_result", _J, "identity", "jax.jit(jax.grad(loss))(x)"),
    Component("instance_each_pass", _J, "identity", "t = Trainer()\nt.step(x)", prelude=JAX_OWNER),
    Component("rebound_under_if", _J, "identity",
              "def f(v):\n    return v * 2.0\nif USE_JIT:\n    f = jax.jit(f)\nf(x)", prelude="USE_JIT = True\n"),
    Component("partial_decorated_local_def", _J, "identity",
              "@functools.partial(jax.jit, static_argnums=(1,))\ndef inner(p, k):\n    return p * k\ninner(x, 3)"),
    Component("partial_jit_applied", _J, "identity",
              "g = functools.partial(jax.jit, static_argnums=1)(lambda v, k: v * k)\ng(x, 2)"),
    # look-alikes
    Component("hoisted_lambda", _J, "identity", "HOISTED(x)", prelude="HOISTED = jax.jit(lambda v: v * 2.0)\n", hazard=False),
    Component("module_function_rewrapped", _J, "identity", "jax.jit(scale)(x)", hazard=False),
    Component("bound_method_held", _J, "identity", "jax.jit(METHOD)(x)",
              prelude="METHOD = Scaler().apply\n", hazard=False),
    # (a lambda reading nothing the loop binds, wrapped on each pass of a bounded loop, is a storm
    # by policy, not by a count that grows with n: tests/test_bounded_rewraps.py)
    Component("lambda_bounded_loop", _J, "identity", "jax.jit(lambda v: v * 2.0)(x)", hazard=False, reaches=("once",)),
    Component("partial_of_the_loop_value_bounded_loop", _J, "identity", "jax.jit(functools.partial(scale, k=i + 1.0))(x)",
              hazard=False, reaches=("bounded", "once")),
    # -- JAX: a static argument ------------------------------------------------------------
    Component("static_counter", _J, "static", "times(x, i)"),
    Component("static_float", _J, "static", "times(x, float(i))"),
    Component("static_min", _J, "static", "times(x, min(i, 1000))"),
    Component("static_max", _J, "static", "times(x, max(i, 1))"),
    Component("static_round", _J, "static", "times(x, round(i * 1.5))"),
    Component("static_np_exp", _J, "static", "times(x, float(np.exp(-i / 10)))"),
    Component("static_arith", _J, "static", "times(x, 0.1 * 0.99 ** i)"),
    Component("static_fstring", _J, "static", 'keyed(x, f"mode{i}")'),
    Component("static_tuple", _J, "static", "keyed(x, (i, 2))"),
    Component("static_named", _J, "static", "times_named(x, k=i + 1)"),
    Component("static_wrapped", _J, "static", "times_wrapped(x, i)"),
    Component("static_through_name", _J, "static", "lr = 0.1 / (1 + i)\ntimes(x, lr)"),
    Component("static_through_if", _J, "static", "k = 1\nif i > 0:\n    k = i * 2\ntimes(x, k)"),
    Component("static_new_object", _J, "static", "keyed(x, Config())"),
    Component("static_self_instance", _J, "static", "Scaled(2.0).apply(x)"),
    Component("static_str", _J, "static", "keyed(x, str(i))"),
    Component("static_floordiv", _J, "static", "keyed(x, i // 2)"),
    Component("static_np_float32", _J, "static", "keyed(x, np.float32(i))"),
    Component("static_through_module_function", _J, "static", "keyed(x, schedule(i))"),
    Component("static_through_tuple_index", _J, "static", "pair = (i, 2)\nkeyed(x, pair[0])"),
    Component("static_through_dict", _J, "static", 'cfg = {"lr": 0.1 * i}\nkeyed(x, cfg["lr"])'),
    Component("static_unhashable", _J, "static", "keyed(x, [1, 2])"),
    # look-alikes
    Component("static_constant", _J, "static", "times(x, 3)", hazard=False),
    Component("static_bool", _J, "static", "keyed(x, bool(i))", hazard=False),
    Component("static_str_two_valued", _J, "static", "keyed(x, str(i % 2))", hazard=False),
    Component("static_len_constant", _J, "static", "keyed(x, len(LONG))", prelude="LONG = jnp.ones(64)\n", hazard=False),
    Component("static_self_module_instance", _J, "static", "SCALED.apply(x)", prelude="SCALED = Scaled(2.0)\n", hazard=False),
    Component("static_min_of_two_bounded", _J, "static", "keyed(x, min(i, 1))", hazard=False),
    Component("static_two_valued", _J, "static", "times(x, i % 2)", hazard=False),
    Component("static_flag", _J, "static", "times(x, i > 1)", hazard=False),
    Component("static_min_bounded", _J, "static", "times(x, min(i, 2))", hazard=False),
    Component("static_module_object", _J, "static", "keyed(x, CONFIG)", prelude="CONFIG = Config()\n", hazard=False),
    Component("traced_counter", _J, "static", "total(x * i)", hazard=False),
    Component("traced_float", _J, "static", "scale_jit(x, float(i))", prelude="scale_jit = jax.jit(scale)\n", hazard=False),
    Component("static_bounded_loop", _J, "static", "times(x, i)", hazard=False, reaches=("bounded", "once")),
    # -- JAX: a traced argument's shape ----------------------------------------------------
    Component("shape_slice", _J, "shape", "total(LONG[:i + 1])", prelude="LONG = jnp.ones(64)\n"),
    Component("shape_np_ones", _J, "shape", "total(np.ones((i + 1, 3)))"),
    Component("shape_jnp_zeros", _J, "shape", "total(jnp.zeros([i + 1]))"),
    Component("shape_random", _J, "shape", "total(random.normal(random.PRNGKey(0), (5, i + 1)))"),
    Component("shape_through_tuple", _J, "shape", "shape = (i + 1, 2)\ntotal(np.ones(shape))"),
    Component("shape_comprehension", _J, "shape", "total(jnp.asarray([float(j) for j in range(i + 1)]))"),
    Component("shape_list_range", _J, "shape", "total(np.array(list(range(i + 1))))"),
    Component("shape_arange", _J, "shape", "total(jnp.arange(i + 1))"),
    # look-alikes
    Component("shape_fixed_window", _J, "shape", "total(LONG[i:i + 2])", prelude="LONG = jnp.ones(64)\n", hazard=False),
    Component("shape_fixed_value", _J, "shape", "total(np.ones((3, 3)) * i)", hazard=False),
    Component("shape_full", _J, "shape", "total(np.full((3,), i))", hazard=False),
    Component("shape_fixed_dtype", _J, "shape", "total(np.ones(3, dtype=np.float32) * i)", hazard=False),
    Component("shape_bounded", _J, "shape", "total(np.ones(1 + i % 2))", hazard=False),
    Component("weak_type_scalar", _J, "shape", "total(jnp.asarray(i))", hazard=False),
    Component("shape_comprehension_fixed", _J, "shape", "total(jnp.asarray([float(i) for _ in range(3)]))", hazard=False),
    # -- probes: written after the analysis change, measured before any change for them ------
    Component("probe_vmap_result", _J, "identity", "jax.jit(jax.vmap(scale))(x)", reaches=PROBE),
    Component("probe_callable_instance", _J, "identity", "jax.jit(Doubler())(x)", reaches=PROBE,
              prelude="class Doubler:\n    def __call__(self, v):\n        return v * 2.0\n"),
    Component("probe_closure_factory", _J, "identity", "jax.jit(make(2.0))(x)", reaches=PROBE,
              prelude="def make(k):\n    return lambda v: v * k\n"),
    Component("probe_static_attribute", _J, "static", "STATE.step = i\nkeyed(x, STATE.step)", reaches=PROBE,
              prelude="STATE = Config()\n"),
    Component("probe_static_unpacked", _J, "static", "a, b = i, 2\nkeyed(x, a)", reaches=PROBE),
    Component("probe_static_walrus", _J, "static", "keyed(x, (k := i * 2))", reaches=PROBE),
    Component("probe_static_ifexp", _J, "static", "keyed(x, i if i > 0 else 1)", reaches=PROBE),
    Component("probe_shape_negative_slice", _J, "shape", "total(LONG[-(i + 1):])", prelude="LONG = jnp.ones(64)\n", reaches=PROBE),
    Component("probe_shape_pad", _J, "shape", "total(jnp.pad(x, (0, i)))", reaches=PROBE),
    Component("probe_shape_tile", _J, "shape", "total(jnp.tile(x, i + 1))", reaches=PROBE),
    Component("probe_static_ifexp_two_valued", _J, "static", "keyed(x, 1 if i > 3 else 2)", hazard=False, reaches=PROBE),
    Component("probe_static_unpacked_invariant", _J, "static", "a, b = 3, i\nkeyed(x, a)", hazard=False, reaches=PROBE),
    Component("probe_shape_pad_fixed", _J, "shape", "total(jnp.pad(x, (0, 2)) * i)", hazard=False, reaches=PROBE),
    Component("probe_tf_numpy_scalar", "tf", "static", "train_step(x, np.float32(i))", reaches=PROBE),
    Component("probe_torch_shape_static", "torch", "shape", "fixed(torch.ones(i + 1), 2)", reaches=("direct",),
              prelude="def _fixed(v, k):\n    return v * k\n\n\nfixed = torch.compile(_fixed, dynamic=False)\n"),
    # -- equinox.filter_jit --------------------------------------------------------------
    Component("eqx_lambda", "equinox", "identity", "eqx.filter_jit(lambda v: v * 2.0)(x)"),
    Component("eqx_python_int", "equinox", "static", "scaled(x, i)",
              prelude="@eqx.filter_jit\ndef scaled(v, k):\n    return v * k\n"),
    Component("eqx_array_arg", "equinox", "static", "scaled(x, jnp.asarray(i))",
              prelude="@eqx.filter_jit\ndef scaled(v, k):\n    return v * k\n", hazard=False),
    # -- tf.function ---------------------------------------------------------------------
    Component("tf_float", "tf", "static", "train_step(x, float(i))"),
    Component("tf_counter", "tf", "static", "train_step(x, i)"),
    Component("tf_np_exp", "tf", "static", "w = float(np.exp(-i / 10))\ntrain_step(x, w)"),
    Component("tf_new_object", "tf", "static", "keyed(x, Config())"),
    Component("tf_fstring", "tf", "static", 'keyed(x, f"step{i}")'),
    Component("tf_local_def", "tf", "identity", "@tf.function\ndef f(v):\n    return v * 2.0\nf(x)"),
    Component("tf_lambda", "tf", "identity", "tf.function(lambda v: v * 2.0)(x)"),
    Component("tf_rewrap_module_function", "tf", "identity", "tf.function(double)(x)"),
    Component("tf_shape", "tf", "shape", "train_step(tf.ones([i + 1]), 1.0)"),
    # look-alikes
    Component("tf_tensor_value", "tf", "static", "train_step(x, tf.constant(float(i)))", hazard=False),
    Component("tf_constant", "tf", "static", "train_step(x, 0.5)", hazard=False),
    Component("tf_two_valued", "tf", "static", "train_step(x, float(i % 2))", hazard=False),
    Component("tf_shape_relaxed", "tf", "shape", "relaxed(tf.ones([i + 1]))", hazard=False),
    Component("tf_hoisted", "tf", "identity", "DOUBLE(x)", prelude="DOUBLE = tf.function(double)\n", hazard=False),
    Component("tf_bounded_loop", "tf", "static", "train_step(x, float(i))", hazard=False, reaches=("bounded", "once")),
    # -- torch.compile -------------------------------------------------------------------
    Component("torch_module_int", "torch", "guard", "COUNTING(x)", prelude="\n" + COUNTING_MODULE + "COUNTING = torch.compile(Counting())\n"),
    Component("torch_range_bound", "torch", "static", "repeat(x, i)",
              prelude="@torch.compile\ndef repeat(v, k):\n    v = v * 2.0  # a graph even when k is 0\n    for _ in range(k):\n        v = v + 1\n    return v\n"),
    Component("torch_global_int", "torch", "guard", "global STEP\nSTEP = i + 1\nby_global(x)",
              prelude="STEP = 0\n\n\n@torch.compile\ndef by_global(v):\n    return v * STEP\n"),
    Component("torch_new_module", "torch", "identity", "torch.compile(Doubling())(x)",
              prelude="class Doubling(torch.nn.Module):\n    def forward(self, v):\n        return v * 2.0\n"),
    Component("torch_static_int", "torch", "static", "fixed(x, i)",
              prelude="def _fixed(v, k):\n    return v * k\n\n\nfixed = torch.compile(_fixed, dynamic=False)\n"),
    # Dynamo's guard catalogue (stop 53, torch/_dynamo/guards.py GuardBuilder): a value each guard
    # kind reads, new on every pass (docs/contexts.md, "PyTorch's own catalogue")
    Component("torch_float_arg", "torch", "static", "plain(x, i * 0.5 + 0.25)",
              prelude="@torch.compile\ndef plain(v, k):\n    return v * k\n"),
    Component("torch_str_arg", "torch", "guard", "by_mode(x, f\"mode{i}\")",
              prelude=BY_MODE),
    Component("torch_tuple_int_arg", "torch", "guard", "by_pair(x, (i, 2))",
              prelude="@torch.compile\ndef by_pair(v, pair):\n    return v * pair[0] + pair[1]\n"),
    Component("torch_dict_keys", "torch", "guard", "by_keys(x, {f\"k{i}\": 1.0})",
              prelude=BY_KEYS),
    Component("torch_list_length", "torch", "guard", "summed(x, [x] * (i + 1))",
              prelude="@torch.compile\ndef summed(v, parts):\n    return v + sum(parts)\n"),
    Component("torch_global_float", "torch", "guard", "global SCALE\nSCALE = i * 0.5 + 0.25\nby_scale(x)",
              prelude="SCALE = 1.0\n\n\n@torch.compile\ndef by_scale(v):\n    return v * SCALE\n"),
    Component("torch_object_attribute", "torch", "guard", "CONFIG.steps = i + 1\nby_config(x, CONFIG)",
              prelude="class Config:\n    steps = 0\n\n\nCONFIG = Config()\n\n\n"
                      "@torch.compile\ndef by_config(v, config):\n    return v * config.steps\n"),
    Component("torch_module_attribute_set", "torch", "guard", "SCALED.scale = i + 1\nSCALED(x)",
              prelude="class Scaled(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                      "        self.scale = 1\n\n    def forward(self, v):\n        return v * self.scale\n\n\n"
                      "SCALED = torch.compile(Scaled())\n"),
    Component("torch_closure_cell", "torch", "guard", "torch.compile(scaled_by(i + 1))(x)",
              prelude="def scaled_by(k):\n    def scaled(v):\n        return v * k\n    return scaled\n"),
    # look-alikes
    Component("torch_bool_arg", "torch", "static", "by_flag(x, i % 2 == 0)",
              prelude="@torch.compile\ndef by_flag(v, flag):\n    return v * 2.0 if flag else v - 1.0\n", hazard=False),
    Component("torch_str_two_valued", "torch", "guard", "by_mode(x, (\"mode0\", \"mode1\")[i % 2])",
              prelude=BY_MODE, hazard=False),
    Component("torch_dynamic_int", "torch", "static", "dyn(x, i)",
              prelude="def _dyn(v, k):\n    return v * k\n\n\ndyn = torch.compile(_dyn, dynamic=True)\n", hazard=False),
    Component("torch_dict_values", "torch", "guard", "by_keys(x, {\"k\": float(i)})",
              prelude=BY_KEYS, hazard=False),
    Component("torch_int_arg", "torch", "static", "plain(x, i)",
              prelude="@torch.compile\ndef plain(v, k):\n    return v * k\n", hazard=False),
    Component("torch_lambda", "torch", "identity", "torch.compile(lambda v: v * 2.0)(x)", hazard=False),
    Component("torch_shape", "torch", "shape", "plain(torch.ones(i + 1), 2)",
              prelude="@torch.compile\ndef plain(v, k):\n    return v * k\n", hazard=False),
]

TF_PRELUDE = '''
class Config:
    pass


def double(v):
    return v * 2.0


@tf.function
def train_step(v, w):
    return v * w


@tf.function(reduce_retracing=True)
def relaxed(v):
    return v * 2.0


@tf.function
def keyed(v, k):  # k only in the key
    return v * 2.0
'''
PRELUDES = {"jax": JAX_PRELUDE, "equinox": "", "tf": TF_PRELUDE, "torch": ""}

# How the call is reached from the loop. `{body}` is indented where it stands; `{x}` the input.
REACHES = {
    "direct": "def run(n):\n    x = {x}\n    for i in range(n):\n{body:8}",
    "while": "def run(n):\n    x = {x}\n    i = 0\n    while i < n:\n{body:8}\n        i += 1",
    "enumerate": "def run(n):\n    x = {x}\n    for i, _ in enumerate([None] * n):\n{body:8}",
    "comprehension": "def run(n):\n    x = {x}\n    return [one(x, i) for i in range(n)]\n\n\ndef one(x, i):\n{body:4}",
    "helper": "def step(x, i):\n{body:4}\n\n\ndef run(n):\n    x = {x}\n    for i in range(n):\n        step(x, i)",
    "two_levels": "def inner(x, i):\n{body:4}\n\n\ndef step(x, i):\n    inner(x, i)\n\n\n"
                  "def run(n):\n    x = {x}\n    for i in range(n):\n        step(x, i)",
    "method": "class Runner:\n    def step(self, x, i):\n{body:8}\n\n\n"
              "def run(n):\n    x = {x}\n    runner = Runner()\n    for i in range(n):\n        runner.step(x, i)",
    "self_method": "class Runner:\n    def step(self, x, i):\n{body:8}\n\n    def loop(self, x, n):\n"
                   "        for i in range(n):\n            self.step(x, i)\n\n\ndef run(n):\n    Runner().loop({x}, n)",
    "under_if": "def run(n, on=True):\n    x = {x}\n    for i in range(n):\n        if on:\n{body:12}",
    "under_try": "def run(n):\n    x = {x}\n    for i in range(n):\n        try:\n{body:12}\n        except KeyError:\n            pass",
    "under_with": "import contextlib\n\n\ndef run(n):\n    x = {x}\n    for i in range(n):\n"
                  "        with contextlib.nullcontext():\n{body:12}",
    # look-alike loops: a literal set of values, a loop that runs once
    "bounded": "def run(n):\n    x = {x}\n    for i in (0, 1):\n{body:8}",
    "once": "def run(n):\n    x = {x}\n    for i in range(1):\n{body:8}",
}
LOOKALIKE_REACHES = ("bounded", "once")
HAZARD_REACHES = tuple(r for r in REACHES if r not in LOOKALIKE_REACHES)
FRAMEWORK_REACHES = {  # fewer for the slow frameworks: the reach is the same analysis
    "jax": HAZARD_REACHES, "equinox": ("direct", "helper", "while"),
    "tf": ("direct", "helper", "method", "while", "under_if"), "torch": ("direct", "helper"),
}


def _indent(template: str, body: str) -> str:
    def fill(match: re.Match[str]) -> str:
        return textwrap.indent(body, " " * int(match.group(1)))
    return re.sub(r"\{body:(\d+)\}", fill, template)


def programs() -> dict[str, tuple[Component, str, str]]:
    """name -> (component, reach, source) for every spelling."""
    out = {}
    for c in COMPONENTS:
        reaches = c.reaches or FRAMEWORK_REACHES[c.framework]
        for reach in reaches:
            if c.axis == "identity" and reach == "while" and c.name.startswith("instance"):
                continue
            body = _indent(REACHES[reach], c.body).replace("{x}", INPUTS[c.framework])
            source = HEADERS[c.framework] + PRELUDES[c.framework] + "\n" + c.prelude + "\n\n" + body + "\n"
            source = re.sub(r"\n{3,}", "\n\n\n", source)
            out[f"{c.framework}__{c.axis}__{c.name}__{reach}"] = (c, reach, source)
    return out


# -- labelling by running (in a child process per framework) --------------------------------
CHILD = r'''
import ast, importlib.util, json, sys, traceback
from collections import Counter
sys.path.insert(0, sys.argv[1])
from jax import monitoring
from acclint.crosscheck.storms import TraceCounter

COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"


def contents(cell):
    """What a closure cell holds (None while it is empty)."""
    try:
        return cell.cell_contents
    except ValueError:
        return None


class ProgramTraces(TraceCounter):
    """Also counts equinox.filter_jit's traces: it traces a wrapper of its own (code in
    equinox/_jit.py) around the program's function, which the programs alone wrap; and
    `jax.pmap`'s, a closure over the program's function (jax 0.10: `_cached_shard_map`'s `_fun`,
    over `_shard_map`'s `wrapped`, over a `_fun` holding it in a `WrappedFun`).
    And it counts XLA compiles of the program's functions (the event names `jit(f)`), which
    JAX makes without the trace event for a jit under `jax.grad` (run: 2 compiles a pass, no
    trace event): a line's count is the larger of its traces and its compiles."""

    def __init__(self, fixture_files, names):
        super().__init__(fixture_files)
        self.names = {f"jit({name})" for name in names}
        self.compiles = Counter()

    def __enter__(self):
        monitoring.register_event_duration_secs_listener(self._on_compile)
        return super().__enter__()

    def __exit__(self, *exc):
        monitoring.unregister_event_duration_listener(self._on_compile)
        return super().__exit__(*exc)

    def _on_compile(self, event, duration, fun_name="", **kwargs):
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename not in self.fixture_files:
            frame = frame.f_back
        if event == COMPILE_EVENT and fun_name in self.names and frame is not None:
            self.compiles[frame.f_lineno] += 1

    def _in_fixture(self, fun):
        code = getattr(fun, "__code__", None)
        if code is not None and code.co_filename.replace("\\", "/").endswith("equinox/_jit.py"):
            return True
        return super()._in_fixture(fun) or self._closes_over_fixture(fun, 4)

    def _closes_over_fixture(self, fun, depth):
        """A function of JAX's own (pmap's `_fun`) closing, a few closures deep, over one of the program's."""
        code = getattr(fun, "__code__", None)
        if depth == 0 or code is None or "jax/_src/" not in code.co_filename.replace("\\", "/"):
            return False
        held = [contents(cell) for cell in fun.__closure__ or ()]
        cells = [c if callable(c) else getattr(c, "f", None) for c in held]  # a `linear_util.WrappedFun` holds `f`
        return any(super(ProgramTraces, self)._in_fixture(c) or self._closes_over_fixture(c, depth - 1) for c in cells)


passes = int(sys.argv[2])
results = {}
for path in sys.argv[3:]:
    counts, error = [], None
    for run, n in enumerate((passes, 2 * passes)):
        spec = importlib.util.spec_from_file_location(f"prog{run}_{len(results)}", path)
        module = importlib.util.module_from_spec(spec)
        source = ast.parse(open(path).read())
        counter = ProgramTraces({path}, {n.name for n in ast.walk(source) if isinstance(n, ast.FunctionDef)} | {"<lambda>"})
        per_line = Counter()
        module.PASSES = n  # a module-level loop's bound (call_spellings.py); its code runs counted
        try:
            with counter:
                counter.next_call()
                spec.loader.exec_module(module)
                if hasattr(module, "run"):
                    module.run(n)
        except Exception as exc:
            tb = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == path]
            error = [type(exc).__name__, " ".join(str(exc).split())[:200], tb[-1].lineno if tb else 0]
        for c in counter.calls:
            for (_, line), k in c.items():
                per_line[line] += k
        for line, k in counter.compiles.items():
            per_line[line] = max(per_line[line], k)
        counts.append(dict(per_line))
    results[path] = {"counts": counts, "error": error}
    print(json.dumps({path: results[path]}), flush=True)
'''

FRAMEWORK_PYTHON = os.environ.get("STORM_PYTHON", sys.executable)


def label(paths: list[Path], python: str) -> dict[str, dict]:
    """Run each program with N and 2N passes in one child process (the frameworks are slow to
    import); what each line traced, and any error."""
    out: dict[str, dict] = {}
    proc = subprocess.run([python, "-c", CHILD, str(ROOT), str(PASSES), *map(str, paths)],
                          capture_output=True, text=True, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            out.update(json.loads(line))
    if len(out) < len(paths):
        sys.stderr.write(proc.stderr[-3000:])
    return out


def verdict(result: dict) -> tuple[str, int | None, str]:
    """(label, line, counts text) from a run (lines as stored, after the HEAD lines): a storm at the line whose traces grow by at least
    N/2 between N and 2N passes; `unhashable` where a static argument cannot be hashed."""
    first, second = (result["counts"] + [{}, {}])[:2]
    lines = sorted(set(first) | set(second), key=int)
    text = ", ".join(f"line {int(l) + HEAD}: {first.get(l, 0)} -> {second.get(l, 0)}" for l in lines) or "no traces"
    error = result["error"]
    if error and ("hash" in error[1].lower()):
        return "unhashable", error[2] + HEAD, f"{error[0]}: {error[1]}"
    if error:
        return "error", None, f"{error[0]}: {error[1]}"
    grown = [int(l) for l in lines if second.get(l, 0) - first.get(l, 0) >= PASSES / 2]
    return ("storm", grown[0] + HEAD, text) if grown else ("fine", None, text)


def generate(python: str, only: str | None) -> None:
    made = {name: (c.framework, c.axis, c.name, reach, c.hazard, source)
            for name, (c, reach, source) in programs().items()
            if not only or any(part in name for part in only.split(","))}
    label_and_store(made, OUT, python, "/tmp/storm_spellings")


def label_and_store(made: dict[str, tuple[str, str, str, str, bool, str]], out: Path, python: str, tmp: str,
                    extra: dict[str, str] | None = None) -> None:
    """Run each program (name -> framework, axis, component, reach, written as a hazard, source),
    grouped by framework, and store it in `out` with its spelling line (and `extra[name]`, more
    `key=value` fields), its counts and its label; a program that fails is dropped, said on stderr."""
    out.mkdir(parents=True, exist_ok=True)
    by_framework: dict[str, list[Path]] = defaultdict(list)
    for name, (framework, *_, source) in made.items():
        path = Path(tmp) / f"{name}.py"
        path.parent.mkdir(exist_ok=True)
        path.write_text(source)
        by_framework[framework].append(path)
    for framework, paths in by_framework.items():
        print(f"{framework}: running {len(paths)} programs", file=sys.stderr, flush=True)
        results = label(paths, python)
        for path in paths:
            framework, axis, component, reach, hazard, source = made[path.stem]
            result = results.get(str(path))
            if result is None:
                print(f"  {path.stem}: no result (crashed child?)", file=sys.stderr)
                continue
            kind, line, text = verdict(result)
            if kind == "error":
                print(f"  {path.stem}: dropped, it fails: {text}", file=sys.stderr)
                continue
            head = (f"# spelling: framework={framework} axis={axis} component={component} reach={reach} "
                    f"written-as={'hazard' if hazard else 'look-alike'}{' ' + extra[path.stem] if extra else ''}\n"
                    f"# run ({PASSES} -> {2 * PASSES} passes, traces per line): {text}\n"
                    f"# label: {kind}" + (f" line={line}" if line else "") + "\n")
            (out / path.name).write_text(head + source)
            mark = "" if (kind != "fine") == hazard else "   <- differs from what it was written as"
            print(f"  {path.stem}: {kind}{mark}", file=sys.stderr)


# -- measuring acclint on the stored set ---------------------------------------------------
def stored(folder: Path = OUT) -> list[tuple[Path, dict[str, str], str, int | None]]:
    """(path, spelling fields, label, labelled line) of every program stored in `folder`."""
    out = []
    for path in sorted(folder.glob("*.py")):
        text = path.read_text()
        fields = dict(kv.split("=", 1) for kv in text.splitlines()[0].removeprefix("# spelling: ").split())
        match = LABEL.search(text)
        out.append((path, fields, match.group(1), int(match.group(2)) if match.group(2) else None))
    return out


def measure(folder: Path = OUT, keys: tuple[str, ...] = ("framework", "axis", "reach")) -> dict:
    """Per program: labelled positive or not, and acclint's ACC5 findings. A positive is found
    when an ACC5 finding is on the labelled line (an ACC501 finding at a wrapper application: on
    the line of the call it names, `traced_line`); any ACC5 finding in a fine program, or on
    another line, is a false finding."""
    sys.path.insert(0, str(ROOT))
    from acclint.api import lint_text  # noqa: PLC0415 (the script's generator half needs no acclint)
    from acclint.rules.acc5_storms import traced_line  # noqa: PLC0415

    rows = []
    for path, fields, kind, line in stored(folder):
        result = lint_text(path.read_text(), path.name)
        # an ACC501 finding at a wrapper application is on the storm whose call it names
        found = sorted({(traced_line(f.line, f.code, f.message), f.code) for f in result.findings if f.code.startswith("ACC5")})
        positive = kind != "fine"
        hit = positive and any(l == line for l, _ in found)
        false = [f for f in found if not (positive and f[0] == line)]
        rows.append({"name": path.stem, **fields, "positive": positive, "hit": hit, "false": false, "found": found})
    return summarise(rows, keys)


def summarise(rows: list[dict], keys: tuple[str, ...] = ("framework", "axis", "reach")) -> dict:
    def score(subset: list[dict]) -> dict:
        pos = [r for r in subset if r["positive"]]
        hits = sum(r["hit"] for r in pos)
        false = sum(len(r["false"]) for r in subset)
        return {"positives": len(pos), "found": hits, "fine": len(subset) - len(pos), "false": false,
                "recall": round(hits / len(pos), 3) if pos else None,
                "precision": round(hits / (hits + false), 3) if hits + false else None}
    out = {"all": score(rows), "rows": rows, "keys": keys}
    for key in keys:
        groups = defaultdict(list)
        for r in rows:
            groups[r[key]].append(r)
        out[key] = {k: score(v) for k, v in sorted(groups.items())}
    return out


def table(result: dict) -> str:
    lines = ["| group | storms | found | recall | fine | false findings | precision |", "|---|---|---|---|---|---|---|"]
    def row(name, s):
        lines.append(f"| {name} | {s['positives']} | {s['found']} | {s['recall']} | {s['fine']} | {s['false']} | {s['precision']} |")
    row("**all**", result["all"])
    for key in result["keys"]:
        for name, s in result[key].items():
            row(f"{key}: {name}", s)
    return "\n".join(lines)


def run_cli(doc: str, measure, generate, python: str) -> None:
    """The command line of a generated spelling set (this one, train_spellings.py): `--measure`
    scores acclint on the stored programs (`--misses` lists what it missed or found falsely),
    otherwise the programs are generated and labelled with `--python` (`--only` some)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--measure", action="store_true", help="score acclint on the stored set")
    parser.add_argument("--misses", action="store_true", help="with --measure: list misses and false findings")
    parser.add_argument("--only", help="regenerate only the programs whose name contains one of these (comma-separated)")
    parser.add_argument("--python", default=python, help="the interpreter with the frameworks installed")
    args = parser.parse_args()
    if args.measure:
        result = measure()
        print(table(result))
        if args.misses:
            for r in result["rows"]:
                if (r["positive"] and not r["hit"]) or r["false"]:
                    print(f"{'MISS ' if r['positive'] and not r['hit'] else 'FALSE'} {r['name']} {r['found']}")
        return
    generate(args.python, args.only)


def main() -> None:
    run_cli(__doc__, measure, generate, FRAMEWORK_PYTHON)


if __name__ == "__main__":
    main()
