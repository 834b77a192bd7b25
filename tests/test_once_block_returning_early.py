"""A once-block that returns early is no lazy initialisation (ACC409).

Property: `if not self._flag: self._flag = True; return first(x)` followed by other code makes
the first call take a path of its own; the flag is a Python value read while tracing, so the
trace keeps the path of the call that built it - every call of a single trace returns the first
path (`tf.function`, `jax.jit` method: 0, 0, 0 against eager 0, 2, 2), and Keras' second trace of
`fit`'s step never takes it (larq#100; runs: benchmarks/framework_runs.py
keras_once_block_returning_early, jit_once_block_returning_early). A once-block that only
initialises, or returns what the code after it returns, is left alone.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[str, str]]:
    source = textwrap.dedent(source).lstrip("\n")
    lines = source.splitlines()
    return sorted(
        (lines[f.line - 1].strip(), f.code) for f in lint_text(source, "m.py", Settings()).findings if f.code == "ACC409"
    )


def test_keras_metric_update_state_returning_early():
    """larq#100's shape: the first `update_state` stores the values and returns."""
    assert found("""
        import tensorflow as tf
        from tensorflow import keras


        class Changed(keras.metrics.Mean):
            def __init__(self):
                super().__init__()
                self.prev = self.add_variable(shape=(3,), initializer="zeros", name="prev")
                self._seen = False

            def update_state(self, values, sample_weight=None):
                if not self._seen:
                    self._seen = True
                    return self.prev.assign(values)
                super().update_state(tf.reduce_mean(tf.abs(values - self.prev)))
                return self.prev.assign(values)


        class Model(keras.Model):
            def __init__(self):
                super().__init__()
                self.dense = keras.layers.Dense(3)
                self.changed = Changed()

            def train_step(self, data):
                x, y = data
                self.changed.update_state(self.dense.kernel[0])
                return {"changed": self.changed.result()}
    """) == [("self._seen = True", "ACC409")]


def test_tf_function_method_returning_early():
    assert found("""
        import tensorflow as tf


        class Holder:
            def __init__(self):
                self._built = False

            @tf.function
            def step(self, x):
                if not self._built:
                    self._built = True
                    return x * 0.0
                return x + 1.0
    """) == [("self._built = True", "ACC409")]


def test_jitted_bound_method_returning_early():
    assert found("""
        import jax


        class Holder:
            def __init__(self):
                self._warm = False
                self.step = jax.jit(self._step)

            def _step(self, x):
                if not self._warm:
                    self._warm = True
                    return x
                y = x * 2.0
                return y + 1.0
    """) == [("self._warm = True", "ACC409")]


def test_fine_a_lazy_initialisation_without_return():
    assert found("""
        import tensorflow as tf


        class Holder:
            def __init__(self):
                self._built = False

            @tf.function
            def step(self, x):
                if not self._built:
                    self._built = True
                    self.scale = 2.0
                return x * self.scale
    """) == []


def test_fine_an_early_return_spelt_as_the_later_one():
    """Both paths return `self.fn(x)`: the first call computes what the later ones do."""
    assert found("""
        import tensorflow as tf


        class Holder:
            def __init__(self):
                self._ready = False

            @tf.function
            def step(self, x):
                if not self._ready:
                    self._ready = True
                    self.fn = tf.math.square
                    return self.fn(x)
                return self.fn(x)
    """) == []


def test_fine_a_value_stored_under_a_none_test_returning_self():
    """numpyro's handler used as a decorator: the first call stores the function and returns the
    handler; the stored value is what later calls use (set-up, not a path)."""
    assert found("""
        import jax


        class Handler:
            def __init__(self, fn=None):
                self.fn = fn

            def __call__(self, *args):
                if self.fn is None:
                    self.fn = args[0]
                    return self
                return self.fn(*args)


        @jax.jit
        def f(x):
            return Handler(lambda y: y + 1)(x)
    """) == []
