"""What a traced method gets from calling its own module (`self(x)`) or a Keras layer: a traced
value (benchmarks/framework_runs.py: keras_model_and_layer_outputs_in_train_step, TF 2.21 /
Keras 3.15: a SymbolicTensor each under `fit`, whose `.numpy()` raises). Three spellings besides
the run's own, and look-alikes that are fine: the same calls in eager methods, and a layer made
but not applied to a traced value."""

from labelled import assert_labels_match


def test_the_model_called_on_itself_in_a_train_step_gives_a_tensor():
    assert_labels_match("""
        import keras


        class Net(keras.Model):
            def __init__(self):
                super().__init__()
                self.dense = keras.layers.Dense(1)

            def call(self, x):
                return self.dense(x)

            def train_step(self, data):
                x, y = data
                y_pred = self(x, training=True)
                value = y_pred.numpy()  # expect: ACC303
                return {"loss": keras.ops.mean(y_pred)}

            def predict_numpy(self, x):
                return self(x).numpy()
    """)


def test_a_model_without_its_own_call_called_on_itself_gives_a_tensor():
    """A subclass of `keras.Sequential` inherits the `call` a `self(x)` runs."""
    assert_labels_match("""
        import keras


        class Stack(keras.Sequential):
            def test_step(self, data):
                x, y = data
                if self(x, training=False).numpy().mean() > 0:  # expect: ACC303
                    pass
                return {}
    """)


def test_a_keras_layer_called_on_a_traced_value_gives_a_tensor():
    """Inline (`keras.layers.Dense(2)(x)`), through an attribute the `__init__` bound, and
    through `tf.keras`; a layer merely made, or called on a Python value, is no tensor. (The
    Dense made and called in `call` also makes its weights in the trace `fit` builds, which
    raises: ACC410, tests/test_keras_state_in_call.py.)"""
    assert_labels_match("""
        import keras
        import tensorflow as tf


        class Block(keras.layers.Layer):
            def __init__(self):
                super().__init__()
                self.proj = tf.keras.layers.Dense(4)
                self.units = 4

            def call(self, x):
                h = keras.layers.Dense(2)(x)  # expect: ACC410
                g = self.proj(x)
                spare = keras.layers.Dense(self.units)
                n = int(self.units * 2)
                a = float(h[0, 0])  # expect: ACC302
                b = g.numpy()  # expect: ACC303
                return h
    """)


def test_the_same_calls_outside_any_trace_are_fine():
    assert_labels_match("""
        import keras


        class Net(keras.Model):
            def __init__(self):
                super().__init__()
                self.dense = keras.layers.Dense(1)

            def call(self, x):
                return self.dense(x)

            def report(self, x):
                y = self(x)
                z = self.dense(x)
                return y.numpy(), z.numpy()


        model = Net()
        print(model.report(keras.ops.ones((2, 3))))
    """)
