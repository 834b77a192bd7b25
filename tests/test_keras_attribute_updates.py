"""ACC409 under Keras: an attribute a traced Keras method (`train_step`, a layer's `call`) updates
from its own value counts traces, not batches (framework data: keras.toml's `[effects]
attribute_writes = "updates"`; run: benchmarks/framework_runs.py keras_attribute_updates_under_fit,
2 and 3 of 12 batches; bayesflow#223, benchmarks/reports/dev/bayesflow_223_python_step_counter_in_train_step.py).
A plain set of an attribute (`self.built = True`, a value kept for later) is Keras' set-up idiom
and is not reported there."""

from __future__ import annotations

from labelled import assert_labels_match


def test_an_attribute_updated_from_itself_in_a_keras_trace_is_reported():
    assert_labels_match("""
        import keras
        import tensorflow as tf


        class Count(keras.layers.Layer):
            def __init__(self):
                super().__init__()
                self.n = 0

            def call(self, x):
                self.n += 1  # expect: ACC409
                return x


        class Model(keras.Model):
            def __init__(self):
                super().__init__()
                self.steps = 0

            def train_step(self, data):
                x, y = data
                self.steps = self.steps + 1  # expect: ACC409
                return {"loss": tf.reduce_mean(x)}


        class Legacy(tf.keras.Model):
            def test_step(self, data):
                self.evaluated -= 1  # expect: ACC409
                return {}
    """)


def test_a_plain_set_in_a_keras_trace_is_not_reported():
    """Look-alike: set-up writes in `call` run the same on every trace."""
    assert_labels_match("""
        import keras


        class Attention(keras.layers.Layer):
            def call(self, x, memory=None):
                if memory is not None:
                    self.values = memory
                    self.batch_size = 4
                self.built = True
                return x
    """)
