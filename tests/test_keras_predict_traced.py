"""A Keras model's `predict` converts its input to NumPy, which a traced tensor cannot be.

Property: `model.predict(t)` / `model.predict_on_batch(t)` of a Keras model on a traced tensor
(inside a tf.function) raises while tracing (`AttributeError: 'SymbolicTensor' object has no
attribute 'numpy'`), where calling the model (`model(t)`) or its `predict_step(t)` traces
(runs: benchmarks/framework_runs.py keras_predict_inside_tf_function, TF 2.21 / Keras 3;
keras-team/keras#13671, benchmarks/reports/dev/keras_13671_model_predict_inside_tf_function.py).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code.startswith("ACC3")
    )


def test_predict_of_a_module_level_model_in_a_tf_function():
    assert found("""
        import tensorflow as tf
        from tensorflow import keras

        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])


        @tf.function
        def serve(x):
            return model.predict(x, verbose=0)
    """) == [(9, "ACC304")]


def test_predict_on_batch_of_a_loaded_model_in_a_tf_function():
    assert found("""
        import tensorflow as tf

        model = tf.keras.models.load_model("m.keras")


        @tf.function(input_signature=[tf.TensorSpec([None, 4])])
        def serve(batch):
            scores = model.predict_on_batch(batch)
            return scores
    """) == [(8, "ACC304")]


def test_predict_of_a_model_handed_to_the_tf_function():
    """The model is a parameter; the module's call hands it a `keras.Sequential`."""
    assert found("""
        import numpy as np
        import keras
        import tensorflow as tf

        net = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])


        @tf.function
        def score(m, inputs):
            preds = m.predict(inputs)
            return tf.reduce_mean(preds)


        score(net, np.ones((5, 3), "float32"))
    """) == [(10, "ACC304")]


def test_fine_calling_the_model_or_predict_outside():
    """`model(x)` and `predict_step(x)` trace; `predict` outside the tf.function runs eagerly."""
    assert found("""
        import tensorflow as tf
        from tensorflow import keras

        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])


        @tf.function
        def serve(x):
            return model(x) + model.predict_step(x)


        host = model.predict(tf.ones((2, 4)), verbose=0)
    """) == []
