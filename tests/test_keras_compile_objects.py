"""A loss or metric OBJECT given to Keras' `compile` runs its methods in `fit`'s traced step.

Property: the methods Keras calls on a loss or metric object handed to `compile(loss=...,
metrics=[...], weighted_metrics=[...])` - a `Loss` subclass's `call`, a `Metric` subclass's
`update_state` and `result` - run inside the train step `fit` traces, as a loss function handed
there does: a host conversion there raises (run on TF 2.21 / Keras 3.15: in 16 steps over 2
epochs `update_state` and `Loss.call` ran 2 times, `result` 4; `.numpy()` in `result` raises
NotImplementedError; benchmarks/framework_runs.py keras_compile_objects;
tensorflow/tensorflow#46640, benchmarks/reports/dev/tensorflow_46640_metric_update_state_numpy.py).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings

HEAD = """
import numpy as np
import tensorflow as tf
from tensorflow import keras

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
"""


def found(source: str, family: str = "ACC3") -> list[tuple[int, str]]:
    text = textwrap.dedent(HEAD).lstrip("\n") + textwrap.dedent(source)
    return sorted((f.line, f.code) for f in lint_text(text, "m.py", Settings()).findings if f.code.startswith(family))


def test_metric_object_update_state_in_a_list():
    assert found("""
        class F1(keras.metrics.Metric):
            def update_state(self, y_true, y_pred, sample_weight=None):
                self.v.assign(np.mean(y_true.numpy() == y_pred.numpy()))

            def result(self):
                return self.v

        model.compile(optimizer="adam", loss="mse", metrics=["accuracy", F1()])
    """) == [(9, "ACC303"), (9, "ACC303")]


def test_loss_object_call():
    assert found("""
        class Hinge(tf.keras.losses.Loss):
            def call(self, y_true, y_pred):
                return np.maximum(0.0, 1.0 - y_true.numpy() * y_pred.numpy()).mean()

        model.compile(optimizer="adam", loss=Hinge())
    """) == [(9, "ACC303"), (9, "ACC303")]


def test_metric_object_bound_to_a_name_weighted():
    assert found("""
        class Count(keras.metrics.Metric):
            def update_state(self, y_true, y_pred, sample_weight=None):
                self.n.assign_add(float(y_pred.numpy().sum()))

            def result(self):
                return self.n

        counter = Count()
        model.compile("adam", "mse", weighted_metrics=[counter])
    """) == [(9, "ACC303")]


def test_metric_result_printed_in_the_trace():
    # `result` runs in the traced step (twice in 16 steps) and at each epoch's end: not per step
    assert found("""
        class Mean(keras.metrics.Metric):
            def update_state(self, y_true, y_pred, sample_weight=None):
                self.total.assign_add(keras.ops.sum(y_pred))

            def result(self):
                print("mean", self.total)
                return self.total

        model.compile(optimizer="adam", loss="mse", metrics=(Mean(),))
    """, "ACC4") == [(12, "ACC401")]


def test_metric_object_updated_by_hand_is_eager():
    # the same metric never handed to compile: its methods run as Python, on concrete tensors
    assert found("""
        class F1(keras.metrics.Metric):
            def update_state(self, y_true, y_pred, sample_weight=None):
                self.v.assign(np.mean(y_true.numpy() == y_pred.numpy()))

            def result(self):
                return self.v.numpy()

        metric = F1()
        model.compile(optimizer="adam", loss="mse", metrics=["accuracy"])
        metric.update_state(np.ones(3), model.predict(np.ones((3, 4))))
        print(metric.result())
    """) == []


def test_compiled_to_run_eagerly():
    # `run_eagerly=True`: the loss and metrics run as Python on every step (16 of 16)
    assert found("""
        class F1(keras.metrics.Metric):
            def update_state(self, y_true, y_pred, sample_weight=None):
                self.v.assign(np.mean(y_true.numpy() == y_pred.numpy()))

            def result(self):
                return self.v

        model.compile(optimizer="adam", loss="mse", metrics=[F1()], run_eagerly=True)
    """) == []
