"""A callback's write of an attribute a layer's traced `call` read is ignored by `fit`'s step.

Property: a hook of a callback handed to `fit` that writes an attribute of a layer - the one
the callback was handed at construction (`self.layer.scale = v`, `self.layer` bound to its
`__init__` parameter) or one reached from its model (`self.model.layers[0].scale = v`) - which the
layer's traced `call` reads through `self`, writes a value `fit`'s traced step read once: the
step keeps the first value (run: benchmarks/framework_runs.py keras_callback_writes_layer_attribute,
TF 2.21 / Keras 3.15: fit [4, 4, 4] against eager [4, 16, 36]; gradient_reversal_keras_tf#7,
keras#4837). A `keras.Variable` changed with `assign`, or an attribute `call` never reads, is fine.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings

HEAD = """
import numpy as np
from tensorflow import keras


class Scale(keras.layers.Layer):
    def __init__(self, scale, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale
        self.note = None

    def call(self, x):
        return x * self.scale


x = np.ones((4, 2), np.float32)
y = np.zeros((4, 1), np.float32)
layer = Scale(1.0)
model = keras.Sequential([keras.Input((2,)), layer, keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
"""


def found(tail: str) -> list[tuple[str, str]]:
    source = HEAD + textwrap.dedent(tail)
    lines = source.splitlines()
    return sorted(
        (lines[f.line - 1].strip(), f.code) for f in lint_text(source, "m.py", Settings()).findings if f.code.startswith("ACC6")
    )


def test_the_layer_handed_to_the_callback():
    assert found("""
        class Raise(keras.callbacks.Callback):
            def __init__(self, layer):
                super().__init__()
                self.layer = layer

            def on_epoch_end(self, epoch, logs=None):
                self.layer.scale = self.layer.scale + 1.0


        model.fit(x, y, epochs=3, callbacks=[Raise(layer)])
    """) == [("self.layer.scale = self.layer.scale + 1.0", "ACC607")]


def test_a_layer_reached_from_the_callbacks_model():
    assert found("""
        class Raise(keras.callbacks.Callback):
            def on_epoch_end(self, epoch, logs=None):
                self.model.layers[0].scale = 2.0 * epoch


        model.fit(x, y, epochs=3, callbacks=[Raise()])
    """) == [("self.model.layers[0].scale = 2.0 * epoch", "ACC607")]


def test_a_schedule_set_at_epoch_begin_held_by_tuple_assignment():
    """gradient_reversal_keras_tf#7's shape: `self.layer, self.epochs = layer, epochs`."""
    assert found("""
        class Schedule(keras.callbacks.Callback):
            def __init__(self, layer, epochs):
                super().__init__()
                self.layer, self.epochs = layer, epochs

            def on_epoch_begin(self, epoch, logs=None):
                self.layer.scale = float(np.exp(-epoch / self.epochs))


        model.fit(x, y, epochs=3, callbacks=[Schedule(layer, 3)])
    """) == [("self.layer.scale = float(np.exp(-epoch / self.epochs))", "ACC607")]


def test_a_callback_list_bound_to_a_name():
    assert found("""
        class Raise(keras.callbacks.Callback):
            def __init__(self, target):
                super().__init__()
                self.target = target

            def on_train_batch_end(self, batch, logs=None):
                self.target.scale *= 1.1


        callbacks = [Raise(layer)]
        model.fit(x, y, epochs=3, callbacks=callbacks)
    """) == [("self.target.scale *= 1.1", "ACC607")]


def test_fine_an_attribute_call_does_not_read_and_a_variable_assigned():
    assert found("""
        class Note(keras.callbacks.Callback):
            def __init__(self, layer, weight):
                super().__init__()
                self.layer = layer
                self.weight = weight

            def on_epoch_end(self, epoch, logs=None):
                self.layer.note = epoch
                self.weight.assign(self.weight + 1.0)


        model.fit(x, y, epochs=3, callbacks=[Note(layer, keras.Variable(1.0))])
    """) == []


def test_a_model_a_factory_builds_and_no_name_keeps():
    """benchmarks/blind2 tf_hidden_layer_attr_3's shape: `build(layer).fit(..., callbacks=[...])`."""
    assert found("""
        class Raise(keras.callbacks.Callback):
            def __init__(self, layer):
                super().__init__()
                self.layer = layer

            def on_epoch_end(self, epoch, logs=None):
                self.layer.scale = min(4.0, self.layer.scale * 2.0)


        def build(scale_layer):
            made = keras.Sequential([keras.Input((2,)), scale_layer, keras.layers.Dense(1)])
            made.compile(optimizer="sgd", loss="mse")
            return made


        build(layer).fit(x, y, epochs=3, callbacks=[Raise(layer)])
    """) == [("self.layer.scale = min(4.0, self.layer.scale * 2.0)", "ACC607")]


def test_fine_a_factory_built_model_whose_callback_writes_what_call_does_not_read():
    assert found("""
        class Note(keras.callbacks.Callback):
            def __init__(self, layer):
                super().__init__()
                self.layer = layer

            def on_epoch_end(self, epoch, logs=None):
                self.layer.note = epoch


        def build(scale_layer):
            made = keras.Sequential([keras.Input((2,)), scale_layer, keras.layers.Dense(1)])
            made.compile(optimizer="sgd", loss="mse")
            return made


        build(layer).fit(x, y, epochs=3, callbacks=[Note(layer)])
    """) == []
