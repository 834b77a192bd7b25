"""The reach stop 41 added for the fresh probe shapes' misses (tests/test_probe_shapes_fresh.py):
each property in one sentence, three other spellings, and a look-alike that is fine."""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from labelled import BREAKS, assert_labels_match, labels
from two_modules import write_files

# A name or attribute rebound to a marker applied to itself (`m = torch.compile(m)`) still holds
# the object it held: the marker runs that object's method.
REBOUND = {
    "a_module_level_name_rebound_to_its_compiled_self": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                return x if x.sum() > 0 else -x  # expect: ACC203

        model = Net()
        model = torch.compile(model)
    """,
    "rebound_under_a_flag_in_a_function": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                if x.mean() > 0:  # expect: ACC201
                    return x
                return -x

        def main(use_compile):
            net = Net().to("cpu")
            if use_compile:
                net = torch.compile(net, dynamic=True)
            return net
    """,
    "a_callable_object_rebound_to_its_jitted_self": """
        import jax

        class Scale:
            def __call__(self, x):
                print("scale", x)  # expect: ACC401
                return x * 2

        f = Scale()
        f = jax.jit(f)
    """,
    # look-alike: rebound to a wrapper that is no marker, and never compiled: it runs eagerly
    "rebound_to_a_data_parallel_wrapper": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                return x * x.sum().item()

        model = Net()
        model = torch.nn.DataParallel(model)
    """,
}

# `nn.Sequential(a, b)`, called, runs each module it holds, so a marker handed one runs their
# `forward`s; and an object a module-level function returns is of the class the function's
# returns are (`make_ds().map(f)`, `build().compile()`).
MADE = {
    "a_sequential_of_blocks_compiled": """
        import torch
        from torch import nn

        class Block(nn.Module):
            def forward(self, x):
                if x.sum() > 0:  # expect: ACC201
                    return x
                return -x

        model = torch.compile(nn.Sequential(nn.Linear(3, 3), Block()))
    """,
    "a_sequential_unpacked_from_a_comprehension_compiled_in_place": """
        import torch.nn as nn

        class Layer(nn.Module):
            def forward(self, x):
                return x if x.max() > 0 else -x  # expect: ACC203

        stack = nn.Sequential(*[Layer() for _ in range(4)])
        stack.compile()
    """,
    "a_dataset_a_function_returns_mapped": """
        import numpy as np
        import tensorflow as tf

        def make_dataset(files):
            ds = tf.data.TFRecordDataset(files)
            return ds.shuffle(64)

        def decode(record):
            return record + np.random.rand()  # expect: ACC101

        train = make_dataset(["a.tfrecord"]).map(decode)
    """,
    "a_keras_model_a_function_builds_compiled_with_a_loss": """
        import keras

        def build():
            return keras.Sequential([keras.layers.Dense(1)])

        def loss(y_true, y_pred):
            return float(keras.ops.mean(y_pred - y_true))  # expect: ACC302

        model = build()
        model.compile(optimizer="sgd", loss=loss)
    """,
    # look-alikes: a Sequential that is never compiled; a function returning a pandas Series
    "a_sequential_run_eagerly": """
        import torch
        from torch import nn

        class Block(nn.Module):
            def forward(self, x):
                if x.sum() > 0:
                    return x
                return -x

        model = nn.Sequential(Block(), Block())
        y = model(torch.ones(3))
    """,
    "a_series_a_function_returns_mapped": """
        import numpy as np
        import pandas as pd

        def load():
            return pd.Series([1.0, 2.0])

        def jitter(v):
            return v + np.random.rand()

        values = load().map(jitter)
    """,
}

# A callable bound by `partial` into, or passed to, a module-level function that calls it is
# called wherever that function runs: handed to a lax loop, it is traced.
BOUND_INTO_A_CALLER = {
    "bound_by_partial_inline": """
        import functools
        from jax import lax

        def _step(f, i, x):
            return f(x)

        def repeat(f, x, n):
            return lax.fori_loop(0, n, functools.partial(_step, f), x)

        def halve(x):
            print("halve", x)  # expect: ACC401
            return x / 2

        y = repeat(halve, 1.0, 3)
    """,
    "bound_by_partial_to_a_name_with_other_arguments": """
        from functools import partial
        from jax import lax

        def _body(fn, scale, carry):
            return fn(carry) * scale

        def iterate(fn, x0, scale=1.0):
            body = partial(_body, fn, scale)
            return lax.while_loop(lambda c: c.sum() < 10, body, x0)

        def grow(c):
            if c.max() > 3:  # expect: ACC201
                return c
            return c * 2

        out = iterate(grow, 1.0)
    """,
    "passed_to_the_caller_in_a_lambda": """
        import jax.numpy as jnp
        from jax import lax

        def _apply(f, carry, x):
            return f(carry, x)

        def accumulate(f, init, xs):
            return lax.scan(lambda c, x: _apply(f, c, x), init, xs)

        def add(c, x):
            return c + x, float(x)  # expect: ACC302

        total = accumulate(add, 0.0, jnp.arange(3.0))
    """,
    # look-alike: the module function reads the callable's name, never calls it
    "bound_into_a_function_that_keeps_it": """
        import functools
        from jax import lax

        def _note(f, i, x):
            return x + i * len(f.__name__)

        def repeat(f, x, n):
            return lax.fori_loop(0, n, functools.partial(_note, f), x)

        def halve(x):
            print("halve", x)
            return x / 2

        y = repeat(halve, 1.0, 3)
    """,
}

# A class that keeps what its constructor is given (`self.fun = fun`, or a dataclass field) and
# hands it to a marker, or calls it in a nested function handed to one, traces it: calling the
# class is calling a wrapper of that argument.
KEEPING_CLASSES = {
    "a_dataclass_field_looped_by_while_loop": """
        import dataclasses
        from typing import Callable

        from jax import lax

        @dataclasses.dataclass
        class Solver:
            fun: Callable
            maxiter: int = 10

            def run(self, x0):
                def body(state):
                    x, k = state
                    return self.fun(x), k + 1
                return lax.while_loop(lambda s: s[1] < self.maxiter, body, (x0, 0))

        def relax(x):
            print("relax", x)  # expect: ACC401
            return x / 2

        result = Solver(relax).run(1.0)
    """,
    "a_kept_function_jitted_in_a_method": """
        import jax

        class Runner:
            def __init__(self, name, step_fn):
                self.name = name
                self._step_fn = step_fn

            def compiled(self):
                return jax.jit(self._step_fn)

        def step(x):
            if x.sum() > 0:  # expect: ACC201
                return x
            return -x

        runner = Runner("train", step)
    """,
    "a_keyword_only_function_scanned": """
        from jax import lax

        class Unroller:
            def __init__(self, *, cell, length):
                self.cell = cell
                self.length = length

            def __call__(self, carry, xs):
                return lax.scan(lambda c, x: self.cell(c, x), carry, xs, length=self.length)

        def cell(c, x):
            return c + x, float(c)  # expect: ACC302

        unroll = Unroller(cell=cell, length=4)
    """,
    # look-alike: the class calls what it keeps in a Python loop, on the host
    "a_class_calling_what_it_keeps_in_python": """
        class Iterate:
            def __init__(self, fun, steps=5):
                self.fun = fun
                self.steps = steps

            def run(self, x):
                for _ in range(self.steps):
                    x = self.fun(x)
                return x

        def relax(x):
            print("relax", x)
            if x > 1:
                return x / 2
            return x

        result = Iterate(relax).run(8.0)
    """,
}

IN_MODULE = {**REBOUND, **MADE, **BOUND_INTO_A_CALLER, **KEEPING_CLASSES}


@pytest.mark.parametrize("name", sorted(IN_MODULE))
def test_reach(name):
    assert_labels_match(IN_MODULE[name], BREAKS)


# A wrapper a package `__init__` (or any module) imports is a wrapper under that module's name
# too: `pkg.solve(f)`, `from pkg import solve`, `import pkg as p; p.solve(f)`.
WRAPPER = """
    from jax import lax

    def anderson_solve(f, x0):
        return lax.while_loop(lambda c: c[1] < 3, lambda c: (f(c[0]), c[1] + 1), (x0, 0))[0]

    def describe(f, x0):
        return f"{f.__name__}({x0})"
"""
USES = {
    "the_package_attribute": ("import solvers\n", "solvers.solve"),
    "imported_from_the_package": ("from solvers import solve\n", "solve"),
    "the_package_under_another_name": ("import solvers as s\n", "s.solve"),
    # look-alike: the package re-exports a plain function of the same module
    "a_re_exported_plain_function": ("import solvers\n", "solvers.describe"),
}


@pytest.mark.parametrize("name", sorted(USES))
def test_a_wrapper_re_exported_by_a_package(tmp_path, name):
    imports, callee = USES[name]
    expect = "  # expect: ACC302" if "plain" not in name else ""
    root = write_files(tmp_path, {
        "solvers/__init__.py": "from solvers.fixed import anderson_solve as solve\nfrom .fixed import describe\n",
        "solvers/fixed.py": WRAPPER,
        "model.py": f"{imports}\ndef layer(z):\n    return float(z.sum()){expect}\n\ndef deq(x):\n    return {callee}(layer, x)\n",
    })
    found = {(Path(f.path).name, f.line, f.code) for f in lint_paths([root])}
    assert found == {("model.py", line, code) for line, code in labels((root / "model.py").read_text())}


# A module-level name bound to a call that gives a wrapper back unchanged for tracing
# (`[transparent]`: `jax.custom_vjp`, `jax.custom_jvp`, `jax.named_call`) is that wrapper.
TRANSPARENT_ALIASES = {
    "a_custom_vjp_of_a_fixed_point_loop": """
        import jax
        from jax import lax

        def fixpoint_iter(cond_fn, body_fn, constants, state):
            return lax.while_loop(lambda s: cond_fn(constants, s), lambda s: body_fn(constants, s), state)

        fixpoint_iter_backprop = jax.custom_vjp(fixpoint_iter, nondiff_argnums=(0, 1))

        def body_fn(constants, state):
            print("body", state)  # expect: ACC401
            return state + constants

        def solve(x):
            return fixpoint_iter_backprop(lambda c, s: s < 10, body_fn, 1.0, x)
    """,
    "a_named_call_of_a_scan_wrapper": """
        import jax
        import jax.numpy as jnp
        from jax import lax

        def run(cell, carry, xs):
            return lax.scan(cell, carry, xs)

        traced_run = jax.named_call(run, name="outer")

        def cell(c, x):
            if c > 0:  # expect: ACC201
                return c, x
            return c + x, x

        out = traced_run(cell, 0.0, jnp.arange(3.0))
    """,
    "a_custom_jvp_of_a_jitting_helper": """
        import jax

        def compiled(fn, x):
            return jax.jit(fn)(x)

        smooth = jax.custom_jvp(compiled, nondiff_argnums=(0,))
        smooth.defjvp(lambda fn, primals, tangents: (compiled(fn, *primals), tangents[0]))

        def f(x):
            return float(x)  # expect: ACC302

        y = smooth(f, 1.0)
    """,
    # look-alike: bound through a call that is no transparent wrapper (a registry): no wrapper
    "bound_through_a_registry": """
        from jax import lax

        REGISTRY = {}

        def register(fn):
            REGISTRY[fn.__name__] = fn
            return None

        def run(cell, carry, xs):
            return lax.scan(cell, carry, xs)

        registered = register(run)

        def cell(c, x):
            print("cell", c)
            return c, x
    """,
}

# Calls that make `tf.data` datasets (`[[instances]]` makers): `Dataset.counter()`,
# `tf.data.experimental.Counter()`, dm-reverb's `TrajectoryDataset` (a `tf.data.Dataset`).
DATASET_MAKERS = {
    "a_counter_dataset_mapped": """
        import numpy as np
        import tensorflow as tf

        def to_index(i):
            return i + np.random.randint(3)  # expect: ACC101

        ids = tf.data.Dataset.counter().map(to_index)
    """,
    "an_experimental_counter_bound_then_mapped": """
        import tensorflow as tf

        def locate(i):
            print("locating", i)  # expect: ACC401
            return i * 2

        ds = tf.data.experimental.Counter()
        ds = ds.map(locate).unbatch()
    """,
    "a_reverb_trajectory_dataset_mapped": """
        import reverb
        import tensorflow as tf

        def first_step(sample):
            print("sample", sample)  # expect: ACC401
            return tf.nest.map_structure(lambda t: t[0], sample)

        dataset = reverb.TrajectoryDataset("localhost:8000", "table", None, None, 1)
        dataset = dataset.map(first_step)
    """,
    # look-alike: Python's own counter, mapped eagerly by the builtin `map`
    "an_itertools_counter_mapped_eagerly": """
        import itertools

        def locate(i):
            print("locating", i)
            return i * 2

        firsts = list(map(locate, itertools.islice(itertools.count(), 3)))
    """,
}

# A module-level annotated assignment (`model: nn.Module = Net()`) binds its name as a plain
# one does.
ANNOTATED = {
    "an_annotated_module_compiled_with_fullgraph": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x):
                if x.sum() > 0:  # expect: ACC201
                    return x
                return -x

        model: nn.Module = Net()
        model: nn.Module = torch.compile(model, dynamic=False, fullgraph=True)
    """,
    "an_annotated_dataset_mapped": """
        import numpy as np
        import tensorflow as tf

        def parse(x):
            return x * np.random.rand()  # expect: ACC101

        ds: tf.data.Dataset = tf.data.TFRecordDataset(["a.tfrecord"])
        ds = ds.map(parse)
    """,
    "an_annotated_callable_object_jitted": """
        import jax

        class Scale:
            def __call__(self, x):
                print("scale", x)  # expect: ACC401
                return x * 2

        scale: Scale = Scale()
        fast = jax.jit(scale)
    """,
    # look-alike: an annotated module that is never compiled
    "an_annotated_module_run_eagerly": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x):
                if x.sum() > 0:
                    return x
                return -x

        model: nn.Module = Net()
        y = model(torch.ones(3))
    """,
}

MORE = {**TRANSPARENT_ALIASES, **DATASET_MAKERS, **ANNOTATED}


@pytest.mark.parametrize("name", sorted(MORE))
def test_more_reach(name):
    assert_labels_match(MORE[name])


# A wrapping method of an object whose class another module defines is a wrapper where the
# object is made by a call of that class (`partitioner = PjitPartitioner(...)`), as it is where
# the object is unknown.
PARTITIONING = """
    from jax.experimental.pjit import pjit

    class BasePartitioner:
        def partition(self, fn, in_axis_resources, out_axis_resources, static_argnums=()):
            return pjit(fn, in_shardings=in_axis_resources, static_argnums=static_argnums)

    class PjitPartitioner(BasePartitioner):
        def partition(self, fn, in_axis_resources, out_axis_resources, static_argnums=()):
            return super().partition(fn, in_axis_resources, out_axis_resources, static_argnums)
"""
CALLERS = {
    "a_local_instance_in_a_method": """
        from pkg.partitioning import PjitPartitioner

        class Pipeline:
            def shard(self, rules):
                partitioner = PjitPartitioner()

                def generate(params, features, ids, flag):
                    print("generate", features)  # expect: ACC401
                    return params

                self.p_generate = partitioner.partition(generate, in_axis_resources=None, out_axis_resources=None, static_argnums=(3,))
    """,
    "a_module_level_instance_through_the_module": """
        from pkg import partitioning

        PARTITIONER = partitioning.PjitPartitioner()

        def step(state, batch):
            if batch.sum() > 0:  # expect: ACC201
                return state
            return batch

        p_step = PARTITIONER.partition(step, None, None)
    """,
    "an_instance_made_inline": """
        from pkg.partitioning import PjitPartitioner

        def loss(params, batch):
            return float(batch.mean())  # expect: ACC302

        p_loss = PjitPartitioner().partition(loss, None, None)
    """,
    # look-alike: `partition` of a string, handed no function
    "a_string_partitioned": """
        from pkg.partitioning import PjitPartitioner

        def describe(name):
            print("describing", name)
            return name

        head, _, tail = describe("a.b").partition(".")
        partitioner = PjitPartitioner()
    """,
}


@pytest.mark.parametrize("name", sorted(CALLERS))
def test_a_wrapping_method_of_an_imported_class(tmp_path, name):
    root = write_files(tmp_path, {"pkg/__init__.py": "", "pkg/partitioning.py": PARTITIONING, "pkg/use.py": CALLERS[name]})
    found = {(Path(f.path).name, f.line, f.code) for f in lint_paths([root])}
    assert found == {("use.py", line, code) for line, code in labels((root / "pkg/use.py").read_text())}


# A method called on a parameter annotated with a class of the module (`obj: First`, or the
# string `"First"`) is that class's method, and runs in the caller's context (tensorflow#31363).
ANNOTATED_PARAMETERS = {
    "a_tf_function_updating_through_an_annotated_parameter": """
        import tensorflow as tf

        class Accumulator:
            def __init__(self):
                self.total = tf.constant(0.0)

            def add(self, x):
                self.total = self.total + x  # expect: ACC409

        @tf.function
        def step(acc: Accumulator, x):
            acc.add(x)
            return x
    """,
    "a_string_annotation_under_jax_jit": """
        import jax

        class Tracker:
            def log(self, x):
                print("value", x)  # expect: ACC401

        def step(x, tracker: "Tracker"):
            tracker.log(x)
            return x * 2

        fast = jax.jit(step, static_argnums=1)
    """,
    "a_keyword_only_annotated_parameter_under_torch_compile": """
        import torch

        class Scaler:
            def scale(self, x):
                return x if x.max() > 0 else -x  # expect: ACC203

        @torch.compile
        def forward(x, *, scaler: Scaler):
            return scaler.scale(x)
    """,
    # look-alike: the same call in a function nothing traces
    "an_annotated_parameter_in_eager_code": """
        import tensorflow as tf

        class Accumulator:
            def __init__(self):
                self.total = tf.constant(0.0)

            def add(self, x):
                self.total = self.total + x

        def step(acc: Accumulator, x):
            acc.add(x)
            return x
    """,
}

# Under tf.function an attribute updated from its own value (`self.calls += 1`) keeps the trace's
# symbolic tensor (run `tf_attribute_update_in_function`): ACC409; a plain set and a variable
# made on the first call are TensorFlow's own idioms.
TF_ATTRIBUTE_UPDATES = {
    "a_tf_function_method_counting_its_calls": """
        import tensorflow as tf

        class Model:
            def __init__(self):
                self.calls = 0

            @tf.function
            def step(self, x):
                self.calls += 1  # expect: ACC409
                return x * 2
    """,
    "a_module_level_counter_bumped_in_a_tf_function": """
        import tensorflow as tf

        class Counter:
            def __init__(self):
                self.n = tf.constant(0)

            def bump(self):
                self.n = self.n + 1  # expect: ACC409

        COUNTER = Counter()

        @tf.function
        def train_step(x):
            COUNTER.bump()
            return x
    """,
    "a_running_mean_kept_on_self_in_a_tf_function_call": """
        import tensorflow as tf

        class Normalizer:
            def __init__(self):
                self.mean = tf.constant(0.0)
                self.apply = tf.function(self._apply)

            def _apply(self, x):
                self.mean = 0.9 * self.mean + 0.1 * tf.reduce_mean(x)  # expect: ACC409
                return x - self.mean
    """,
    # look-alike: a variable made on the first call, and a plain set
    "variables_made_on_the_first_call_and_a_plain_set": """
        import tensorflow as tf

        class Layer:
            def __init__(self):
                self.w = None
                self.last_batch = 0

            @tf.function
            def __call__(self, x):
                if self.w is None:
                    self.w = tf.Variable(tf.ones_like(x))
                self.last_batch = 4
                return x * self.w
    """,
}

ATTRIBUTES = {**ANNOTATED_PARAMETERS, **TF_ATTRIBUTE_UPDATES}


@pytest.mark.parametrize("name", sorted(ATTRIBUTES))
def test_attribute_reach(name):
    assert_labels_match(ATTRIBUTES[name], BREAKS)
