"""The hooks of a callback handed to `fit(callbacks=...)` are host code that `fit` runs between
training steps, after its train function was built: a write of the model's `trainable` there is a
write after the first trace, ignored as one between two `fit` calls is (ACC607). Run on Keras
3.15 / TF 2.21 (docs/contexts.md, `keras_fit_callback_writes`; keras#3268): a freeze in
`on_epoch_end`, `on_train_batch_end`, `on_batch_end`, a `LambdaCallback`'s `on_epoch_end`, and in
`on_epoch_begin`/`on_train_batch_begin` from the second epoch or batch on, keeps training the
layer (eagerly it stops); one in `on_train_begin`, or in the first `on_epoch_begin`, is seen by the
build and holds; `stop_training` is read by `fit` on the host and works.
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "a_callback_class_in_a_list_literal": """
        import keras

        class FreezeFirstLayer(keras.callbacks.Callback):
            def on_epoch_end(self, epoch, logs=None):
                if epoch == 0:
                    self.model.layers[0].trainable = False  # expect: ACC607

        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, y, epochs=3, callbacks=[FreezeFirstLayer()])
    """,
    "a_list_variable_in_a_function_and_a_batch_hook": """
        from tensorflow import keras

        class Freeze(keras.callbacks.Callback):
            def on_train_batch_end(self, batch, logs=None):
                self.model.trainable = False  # expect: ACC607

        def train(x, y):
            model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
            model.compile(optimizer="sgd", loss="mse")
            callbacks = [keras.callbacks.History(), Freeze()]
            model.fit(x, y, epochs=2, callbacks=callbacks)
            return model
    """,
    "a_lambda_callback_given_a_function": """
        import keras

        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse")

        def freeze(epoch, logs):
            if epoch == 0:
                model.layers[0].trainable = False  # expect: ACC607

        model.fit(x, y, epochs=3, callbacks=[keras.callbacks.LambdaCallback(on_epoch_end=freeze)])
    """,
    "an_unfreeze_loop_at_a_later_epoch_begin": """
        import keras

        class Unfreeze(keras.callbacks.Callback):
            def on_epoch_begin(self, epoch, logs=None):
                if epoch == 2:
                    for layer in self.model.layers:
                        layer.trainable = True  # expect: ACC607

        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1)])
        model.layers[0].trainable = False
        model.compile(optimizer="sgd", loss="mse")
        cb = Unfreeze()
        model.fit(x, y, epochs=4, callbacks=[cb])
    """,
}

LOOK_ALIKES = {
    "a_callback_that_only_logs_and_stops": """
        import keras

        class Monitor(keras.callbacks.Callback):
            def on_epoch_end(self, epoch, logs=None):
                print(epoch, logs)
                if logs["loss"] < 0.01:
                    self.model.stop_training = True

        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, y, epochs=3, callbacks=[Monitor()])
    """,
    "a_freeze_before_the_first_step": """
        import keras

        class FreezeAtStart(keras.callbacks.Callback):
            def on_train_begin(self, logs=None):
                self.model.layers[0].trainable = False

            def on_epoch_begin(self, epoch, logs=None):
                self.model.layers[1].trainable = False

        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, y, epochs=3, callbacks=[FreezeAtStart()])
    """,
    "a_callback_class_never_handed_to_fit": """
        import keras

        class FreezeFirstLayer(keras.callbacks.Callback):
            def on_epoch_end(self, epoch, logs=None):
                self.model.layers[0].trainable = False

        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, y, epochs=3)
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_a_trainable_write_in_a_fit_callback_hook_is_stale(source):
    assert_labels_match(source)
