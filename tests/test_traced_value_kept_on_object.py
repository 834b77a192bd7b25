"""A traced value written to an object that outlives the trace escapes it (ACC409): the `self`
of a Keras `train_step`/`test_step` override is the model `fit` traces the step for, and the
object a `tf.function` method runs on lives on after the call; host code reading the attribute
afterwards (a callback, code after `fit` or the call) finds a graph tensor of a finished trace (run on TF
2.21 / Keras 3.15: benchmarks/framework_runs.py traced_values_kept_on_objects, `TypeError` on
each use; cms-tau-pog/TauMLTools#109). Keras' and tf.function's own idioms stay fine: a Python
value set (`self.built = True`), a variable given `assign`, a metric's `update_state`, a
`tf.Variable` made on the first call; and a traced value kept under a name no code of the
module reads, or read only by code the trace runs (efficientnet's `endpoints`), or set by a
helper the traced method calls, which may run once (tensorflow/addons' `setup_memory`).
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "train_step_keeps_labels_and_predictions": """
        import tensorflow as tf
        from tensorflow import keras

        class DeepTauModel(keras.Model):
            def train_step(self, data):
                x, y = data
                with tf.GradientTape() as tape:
                    y_pred = self(x, training=True)
                    loss = tf.reduce_mean(keras.losses.categorical_crossentropy(y, y_pred))
                grads = tape.gradient(loss, self.trainable_variables)
                self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                self.y = y  # expect: ACC409
                self.loss = loss  # expect: ACC409
                return {"loss": loss}

        class Rates(keras.callbacks.Callback):
            def on_train_batch_end(self, batch, logs=None):
                print(self.model.y[:, 0], self.model.loss)
    """,
    "test_step_keeps_its_loss": """
        import tensorflow as tf
        from tensorflow import keras

        class Net(keras.Model):
            def test_step(self, data):
                x, y = data
                loss = tf.reduce_mean(tf.square(self(x, training=False) - y))
                self.last_loss = loss  # expect: ACC409
                return {"loss": loss}

        class Report(keras.callbacks.Callback):
            def on_test_end(self, logs=None):
                print(float(self.model.last_loss))
    """,
    "tf_function_method_keeps_its_result": """
        import tensorflow as tf

        class Stepper:
            def __init__(self):
                self.last = None

            @tf.function
            def step(self, x):
                y = x * 2
                self.last = y  # expect: ACC409
                return y

        stepper = Stepper()
        stepper.step(tf.ones(2))
        print(stepper.last.numpy())
    """,
}

FINE = {
    "memory_set_up_by_a_helper_on_the_first_call": """
        import tensorflow as tf
        from tensorflow import keras

        class Attention(keras.layers.Layer):
            def __init__(self):
                super().__init__()
                self.values = None

            def call(self, inputs, setup_memory=False):
                if setup_memory:
                    self.setup_memory(inputs)
                    return self.values
                return inputs * 2

            def setup_memory(self, memory):
                self.values = tf.nn.l2_normalize(memory, -1)

        layer = Attention()
        print(layer.values)
    """,
    "endpoints_read_by_the_traced_call_itself": """
        import tensorflow as tf
        from tensorflow import keras

        class Block(keras.layers.Layer):
            def call(self, x):
                y = tf.nn.relu(x)
                self.endpoints = {"expansion_output": y}
                return y * 2

        class Net(keras.Model):
            def __init__(self):
                super().__init__()
                self.block = Block()

            def call(self, x):
                out = self.block(x)
                return out + self.block.endpoints["expansion_output"]
    """,
    "train_step_keeps_a_tensor_no_code_reads": """
        import tensorflow as tf
        from tensorflow import keras

        class Net(keras.Model):
            def train_step(self, data):
                x, y = data
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
                grads = tape.gradient(loss, self.trainable_variables)
                self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                self.batch_inputs = x
                return {"loss": loss}
    """,
    "train_step_updates_metrics_and_variables": """
        import tensorflow as tf
        from tensorflow import keras

        class Net(keras.Model):
            def __init__(self):
                super().__init__()
                self.loss_tracker = keras.metrics.Mean(name="loss")
                self.seen = tf.Variable(0.0)

            def train_step(self, data):
                x, y = data
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
                grads = tape.gradient(loss, self.trainable_variables)
                self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                self.loss_tracker.update_state(loss)
                self.seen.assign(loss)
                self.stepped = True
                return {"loss": self.loss_tracker.result()}
    """,
    "tf_function_makes_its_variable_on_the_first_call": """
        import tensorflow as tf

        class Count:
            def __init__(self):
                self.acc = None

            @tf.function
            def __call__(self, x):
                if self.acc is None:
                    self.acc = tf.Variable(tf.zeros_like(x))
                self.acc.assign_add(x)
                return self.acc.read_value()
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_traced_value_written_to_an_outliving_object_escapes(source):
    assert_labels_match(source)
