"""Wrappers inferred from the code acclint reads (acclint.analysis.wrappers), and objects
followed to the methods a marker runs (acclint.analysis.objects): issue 33's probe shapes, each
with three other spellings and a look-alike that is fine."""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from labelled import BREAKS, assert_labels_match
from two_modules import write_files


def _found(root: Path) -> set[tuple[str, int, str]]:
    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}


# -- point 1: a function that hands its callable parameter to a marker is a wrapper -----------
IN_MODULE = {
    "returns_the_jitted_parameter": """
        import jax

        def compile_step(fn):
            return jax.jit(fn)

        @compile_step
        def step(x):
            print(x)  # expect: ACC401
            return x
    """,
    "a_wrapper_called_not_decorating_with_fixed_options": """
        import jax

        def fast(fn):
            return jax.jit(fn, static_argnums=(1,))

        def step(x, n):
            if n > 2:
                return x
            if x.sum() > 0:  # expect: ACC201
                return x
            return -x

        run = fast(step)
    """,
    "a_jitted_closure_that_calls_the_parameter": """
        import functools
        import jax

        def compiled(fn):
            @functools.wraps(fn)
            @jax.jit
            def inner(*args):
                return fn(*args)
            return inner

        @compiled
        def step(x):
            return float(x.sum())  # expect: ACC302
    """,
    "a_wrapper_of_a_wrapper": """
        import jax

        def my_jit(fn):
            return jax.jit(fn)

        def tuned(fn, verbose=False):
            return my_jit(fn)

        @tuned
        def step(x):
            print(x)  # expect: ACC401
            return x
    """,
    "a_fixed_point_loop_wrapper": """
        import jax.numpy as jnp
        from jax import lax

        def fixed_point(f, x0, iterations=10):
            def body(i, x):
                return f(x)
            return lax.fori_loop(0, iterations, body, x0)

        def update(x):
            if x.sum() > 1.0:  # expect: ACC201
                return x / 2
            return x

        result = fixed_point(update, jnp.ones(3))
    """,
    "a_while_loop_wrapper_with_lambdas": """
        from jax import lax

        def iterate(step, done, x0):
            return lax.while_loop(lambda c: ~done(c), lambda c: step(c), x0)

        def halve(x):
            print("step")  # expect: ACC401
            return x / 2

        def small(x):
            return x.sum() < 1.0

        def solve(x):
            return iterate(halve, small, x)
    """,
    "a_scan_wrapper_handing_the_parameter_directly": """
        from jax import lax

        def run_scan(cell, carry, xs):
            return lax.scan(cell, carry, xs)

        def cell(c, x):
            return c + x, float(x)  # expect: ACC302

        final = run_scan(cell, 0.0, None)
    """,
    "a_loop_wrapper_called_inside_a_jitted_function": """
        import jax
        from jax import lax

        def repeat(f, x, n):
            return lax.fori_loop(0, n, lambda i, c: f(c), x)

        def body(c):
            print(c)  # expect: ACC401
            return c * 2

        @jax.jit
        def step(x):
            return repeat(body, x, 3)
    """,
    "a_method_of_a_class_that_wraps": """
        from jax.experimental.pjit import pjit

        class Partitioner:
            def partition(self, fn, in_shardings=None):
                return pjit(fn, in_shardings=in_shardings)

        def train_step(state, batch):
            print(batch)  # expect: ACC401
            return state

        def make(partitioner):
            return partitioner.partition(train_step)
    """,
    "a_wrapper_that_recurses_is_no_hang": """
        import jax

        def w(fn, depth=0):
            if depth > 3:
                return jax.jit(fn)
            return w(fn, depth + 1)

        def a(fn):
            return b(fn)

        def b(fn):
            return a(fn)

        @w
        def step(x):
            print(x)  # expect: ACC401
            return x

        @a
        def other(x):
            print(x)
            return x
    """,
    # look-alikes: a function storing a callable (no trace), a wrapper applied to host code
    "a_helper_that_transforms_and_inits_at_once_traces_nothing": """
        import haiku as hk
        import jax
        import jax.numpy as jnp

        def show_shapes(fn):
            params = hk.transform(fn).init(jax.random.PRNGKey(0), jnp.ones((2, 3)))
            print(jax.tree.map(lambda p: p.shape, params))

        def f(x):
            print("building", x.shape)  # init runs eagerly: this prints every time
            return hk.Linear(2)(x)

        show_shapes(f)
    """,
    "storing_a_callable_is_no_wrapper": """
        import jax

        HANDLERS = []

        def register(fn):
            HANDLERS.append(fn)
            return fn

        @register
        def handler(x):
            print(x)
            return x

        @jax.jit
        def step(x):
            return x * 2
    """,
    "a_callback_wrapper_runs_on_the_host": """
        import jax

        def on_host(fn):
            def run(x):
                return jax.debug.callback(fn, x)
            return run

        def log(x):
            print(x)

        @jax.jit
        def step(x):
            on_host(log)(x)
            return x
    """,
    "a_wrapper_whose_body_never_traces_the_callable": """
        import jax

        def timed(fn):
            def run(*args):
                return fn(*args)
            jax.jit(lambda x: x)
            return run

        @timed
        def slow(x):
            print(x)
            return x
    """,
}


@pytest.mark.parametrize("name", sorted(IN_MODULE))
def test_wrapper_in_its_module(name):
    assert_labels_match(IN_MODULE[name])


def test_a_wrapper_of_another_module_and_a_wrapper_of_it(tmp_path):
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/compile.py": """
            import jax

            def my_jit(fn):
                return jax.jit(fn)
        """,
        "pkg/tuning.py": """
            from pkg.compile import my_jit

            def tuned(fn):
                return my_jit(fn)
        """,
        "pkg/steps.py": """
            from . import tuning
            from .compile import my_jit

            @my_jit
            def step(x):
                print(x)
                return x

            @tuning.tuned
            def other(x):
                return float(x)
        """,
    })
    assert _found(root) == {("pkg/steps.py", 7, "ACC401"), ("pkg/steps.py", 12, "ACC302")}


def test_a_partitioner_of_another_module(tmp_path):
    root = write_files(tmp_path, {
        "t5/__init__.py": "",
        "t5/partitioning.py": """
            from jax.experimental.pjit import pjit

            class BasePartitioner:
                def partition(self, fn, in_axis_resources, out_axis_resources):
                    raise NotImplementedError

            class PjitPartitioner(BasePartitioner):
                def partition(self, fn, in_axis_resources, out_axis_resources, static_argnums=()):
                    pjitted = pjit(fn, in_shardings=in_axis_resources, static_argnums=static_argnums)
                    return pjitted
        """,
        "t5/trainer.py": """
            def train_step(state, batch):
                if batch.sum() > 0:
                    return state
                return state

            class Trainer:
                def __init__(self, partitioner):
                    self._partitioner = partitioner
                    self._step = self._partitioner.partition(train_step, None, None)

            def words(line):
                return line.partition(":")
        """,
    })
    assert _found(root) == {("t5/trainer.py", 3, "ACC201")}


# -- point 3: objects followed to the methods a marker runs -----------------------------------
OBJECTS = {
    "a_module_instance_handed_to_torch_compile": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                if x.sum() > 0:  # expect: ACC201
                    return x
                return -x

        model = Net()
        compiled = torch.compile(model)
    """,
    "a_module_traced_by_torch_jit_trace_and_its_submodule": """
        import torch

        class Block(torch.nn.Module):
            def forward(self, x):
                print(x)  # expect: ACC401
                return x

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.block = Block()

            def forward(self, x):
                return self.block(x) * 2

            def report(self, x):
                print(x)

        traced = torch.jit.trace(Net(), torch.ones(3))
    """,
    "an_attribute_holding_a_module_handed_to_a_marker": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                return x if x.sum() > 0 else -x  # expect: ACC203

        class Trainer:
            def __init__(self):
                self.model = Net()
                self.fast = torch.compile(self.model)
    """,
    "a_callable_object_handed_to_jax_jit": """
        import jax

        class Scale:
            def __call__(self, x):
                if x.sum() > 0:  # expect: ACC201
                    return x
                return -x

        f = jax.jit(Scale())
    """,
    "a_dataset_bound_before_map": """
        import numpy as np
        import tensorflow as tf

        def parse(x):
            return x + np.random.rand()  # expect: ACC101

        def keep(x):
            return x > 0

        ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0])
        ds = ds.shuffle(10)
        ds = ds.map(parse).filter(keep)
    """,
    "a_dataset_chained_or_read_from_records": """
        import numpy as np
        import tensorflow as tf

        def parse(x):
            return x + np.random.rand()  # expect: ACC101

        def decode(x):
            return x * np.random.rand()  # expect: ACC101

        def load(files):
            records = tf.data.TFRecordDataset(files)
            return records.map(decode)

        ds = tf.data.Dataset.range(3).batch(2).map(parse)
    """,
    "keras_compile_losses_metrics_and_step_overrides": """
        import keras

        def my_loss(y_true, y_pred):
            return float(keras.ops.mean(y_pred - y_true))  # expect: ACC302

        def my_metric(y_true, y_pred):
            if keras.ops.mean(y_pred) > 0:  # expect: ACC201
                return y_pred
            return y_true

        class Model(keras.Model):
            def train_step(self, data):
                print(data)  # expect: ACC401
                return {}

        model = keras.Sequential([keras.layers.Dense(1)])
        model.compile(optimizer="adam", loss=my_loss, metrics=[my_metric])
    """,
    # look-alikes: the objects' other methods, a pool's map, a regular expression's compile
    "objects_handed_to_host_calls_are_no_context": """
        import re
        from multiprocessing import Pool

        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                return x

            def log(self, x):
                print(x)

        def work(x):
            print(x)
            return x

        model = torch.compile(Net())
        pattern = re.compile("a+")
        with Pool(2) as pool:
            done = pool.map(work, [1, 2])
    """,
}


@pytest.mark.parametrize("name", sorted(OBJECTS))
def test_objects_followed(name):
    assert_labels_match(OBJECTS[name], BREAKS)


# -- point 5: bad input is no crash and no hang -------------------------------------------------
def test_wrappers_handing_each_other_across_modules_end(tmp_path):
    """Two wrappers calling each other across modules, one of them reaching jax.jit, are both
    wrappers; two that only hand the callable to each other are none (and the run ends)."""
    root = write_files(tmp_path, {
        "a.py": """
            from b import wb, loop_b

            def wa(fn):
                return wb(fn, 1)

            def loop_a(fn):
                return loop_b(fn)
        """,
        "b.py": """
            import jax
            from a import wa, loop_a

            def wb(fn, n=0):
                return jax.jit(fn) if n else wa(fn)

            def loop_b(fn):
                return loop_a(fn)
        """,
        "c.py": """
            from a import wa, loop_a

            @wa
            def step(x):
                print(x)
                return x

            @loop_a
            def plain(x):
                print(x)
                return x
        """,
    })
    assert _found(root) == {("c.py", 6, "ACC401")}


def test_a_hand_off_naming_nothing_and_unreadable_files_are_no_wrapper(tmp_path):
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/wrap.py": """
            import jax
            from pkg.missing import absent

            def uses_absent(fn):
                return absent(fn)

            def compile_step(fn):
                return jax.jit(fn)
        """,
        "pkg/broken.py": "from pkg.wrap import compile_step\\n\\ndef f(:\\n",
        "pkg/use.py": """
            from pkg.wrap import compile_step, uses_absent

            @uses_absent
            def host(x):
                print(x)

            @compile_step
            def step(x):
                print(x)
        """,
    })
    found = _found(root)
    assert ("pkg/use.py", 10, "ACC401") in found
    assert ("pkg/use.py", 6, "ACC401") not in found
