"""Keras traces the `call` of a subclass of any layer class it exports, as it traces a subclass of
`keras.layers.Layer`'s.

Property: every class `keras.layers` exports but `InputSpec` is a `Layer` subclass (163 of 164 on
Keras 3.15), and `fit` traces a subclass's `call` without AutoGraph: a global counter in a
`Dense` subclass's `call` counts 1 over 8 steps, an `if` on a tensor raises
`OperatorNotAllowedInGraphError` (run: benchmarks/framework_runs.py keras_builtin_layer_subclass;
tensorflow#27519, benchmarks/reports/dev/tensorflow_27519_global_counter_and_numpy_in_dense_call.py).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


def test_a_global_counter_in_a_dense_subclass_call():
    """The report's shape: `layers.Dense` imported as a module attribute."""
    assert found("""
        from tensorflow.keras import layers

        counter = 0


        class MyDense(layers.Dense):
            def call(self, inputs):
                global counter
                counter += 1
                return super().call(inputs)
    """) == [(9, "ACC405")]


def test_a_tensor_if_in_a_conv_subclass_imported_by_name():
    """`from keras.layers import Conv1D`: the class imported by its name."""
    assert found("""
        import keras
        from keras.layers import Conv1D


        class Gated(Conv1D):
            def call(self, x):
                if keras.ops.sum(x) > 0:
                    x = x * 2
                return super().call(x)
    """) == [(7, "ACC201")]


def test_a_float_in_a_subclass_of_a_subclass_of_tf_keras_layer_normalization():
    """`tf.keras.layers.LayerNormalization` through the `tf` alias, and a subclass of that subclass."""
    assert found("""
        import tensorflow as tf


        class Base(tf.keras.layers.LayerNormalization):
            pass


        class Scaled(Base):
            def call(self, inputs):
                return super().call(inputs) * float(tf.reduce_sum(inputs))
    """) == [(10, "ACC302")]


def test_a_print_in_a_batch_norm_subclass_of_keras_layers():
    """`keras.layers.BatchNormalization` through `import keras`."""
    assert found("""
        import keras


        class Noisy(keras.layers.BatchNormalization):
            def call(self, x, training=None):
                print("normalising", x)
                return super().call(x, training=training)
    """) == [(6, "ACC401")]


def test_static_decisions_and_the_eager_guard_in_a_dense_subclass_are_fine():
    """Look-alike: a branch on a layer's own hyperparameter, and `.numpy()` behind
    `hasattr(inputs, "numpy")` (a trace's tensors have none), are fine in the same subclass;
    so is a class that subclasses `keras.layers.InputSpec`, which is no layer."""
    assert found("""
        from tensorflow.keras import layers
        import keras


        class MyDense(layers.Dense):
            def call(self, inputs):
                if self.units > 2:
                    inputs = inputs * 2
                if hasattr(inputs, "numpy"):
                    print(inputs.numpy())
                return super().call(inputs)


        class Spec(keras.layers.InputSpec):
            def call(self, x):
                print("not a layer")
                return x
    """) == []


def test_a_print_in_a_subclass_of_a_keras_2_built_in_layer():
    """Keras 2 (`tf_keras` 2.21 on TF 2.21) alike: 132 of the 133 classes `tf_keras.layers` exports
    are `Layer`s (not `InputSpec`), and `fit` traces the `call` of a `Dense` subclass as it traces
    a `Layer` subclass's (run, tf_keras 2.21.0: a model holding both, `fit` over 16 steps, ran each
    `call`'s Python code twice, not 16 times)."""
    assert found("""
        import tf_keras as keras


        class Scale(keras.layers.Layer):
            def call(self, x):
                print(x)
                return x * 2.0


        class MyDense(keras.layers.Dense):
            def call(self, x):
                print(x)
                return super().call(x)


        class Spec(keras.layers.InputSpec):
            def call(self, x):
                print(x)
                return x
    """) == [(6, "ACC401"), (12, "ACC401")]
