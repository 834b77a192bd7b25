"""A hook of a Keras callback that `fit` runs on every epoch or step (`on_epoch_end`,
`on_train_batch_end`, `on_epoch_begin`, ...: `[built_state.callbacks]`) runs on every pass of
fit's own loop: a compiled callable it makes anew on each call (a `tf.function` of a function it
defines) traces on every epoch or step (ACC501). benchmarks/blind tf_new_function_loop_2 is the
blind set's spelling (run with TF 2.21 / Keras 3: 10 traces in 10 epochs). The hazards below, run
so with a trace counter in each traced body: a lambda per batch 12 traces in 12 batches, a
decorated local def per epoch 10 in 10, a helper method's local def per epoch 10 in 10; a
`tf.function` made in `__init__` and called per epoch 1."""

import pytest

from labelled import assert_labels_match

_FIT = """
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
        model.compile("sgd", "mse")
        x, y = np.ones((16, 3), np.float32), np.ones((16, 1), np.float32)
"""

HAZARDS = {
    "lambda_per_batch": """
        import numpy as np
        import tensorflow as tf
        from tensorflow import keras

        class Norms(keras.callbacks.Callback):
            def on_train_batch_end(self, batch, logs=None):
                norm = tf.function(lambda w: tf.norm(w))(self.model.weights[0])  # expect: ACC501
    """ + _FIT + """
        model.fit(x, y, epochs=3, batch_size=4, verbose=0, callbacks=[Norms()])
    """,
    "decorated_def_in_a_subclass_of_a_module_base": """
        import numpy as np
        import tensorflow as tf
        from tensorflow import keras

        class Base(keras.callbacks.Callback):
            pass

        class Probe(Base):
            def __init__(self, x):
                super().__init__()
                self.x = x

            def on_epoch_begin(self, epoch, logs=None):
                @tf.function
                def mean_out(v):
                    return tf.reduce_mean(self.model(v))

                print(float(mean_out(self.x)))  # expect: ACC501
    """ + _FIT + """
        model.fit(x, y, epochs=10, verbose=0, callbacks=[Probe(tf.constant(x))])
    """,
    "helper_method_the_hook_calls": """
        import numpy as np
        import tensorflow as tf
        from tensorflow import keras

        class Eval(keras.callbacks.Callback):
            def __init__(self, x):
                super().__init__()
                self.x = x

            def _score(self):
                def score(v):
                    return tf.reduce_sum(self.model(v))
                return tf.function(score)(self.x)  # expect: ACC501

            def on_epoch_end(self, epoch, logs=None):
                logs["score"] = float(self._score())
    """ + _FIT + """
        model.fit(x, y, epochs=10, verbose=0, callbacks=[Eval(tf.constant(x))])
    """,
}

LOOK_ALIKES = {
    "compiled_once_in_init": """
        import numpy as np
        import tensorflow as tf
        from tensorflow import keras

        class Probe(keras.callbacks.Callback):
            def __init__(self, x):
                super().__init__()
                self.x = x
                self.probe = tf.function(self._probe)

            def _probe(self, v):
                return tf.reduce_mean(self.model(v))

            def on_epoch_end(self, epoch, logs=None):
                print(float(self.probe(self.x)))
    """ + _FIT + """
        model.fit(x, y, epochs=10, verbose=0, callbacks=[Probe(tf.constant(x))])
    """,
    "hook_fit_runs_once": """
        import numpy as np
        import tensorflow as tf
        from tensorflow import keras

        class Summary(keras.callbacks.Callback):
            def on_train_end(self, logs=None):
                def total(w):
                    return tf.reduce_sum(w)
                print(float(tf.function(total)(self.model.weights[0])))
    """ + _FIT + """
        model.fit(x, y, epochs=10, verbose=0, callbacks=[Summary()])
    """,
    "not_a_callback": """
        import tensorflow as tf

        class Report:
            def on_epoch_end(self, w):
                def total(v):
                    return tf.reduce_sum(v)
                return tf.function(total)(w)

        Report().on_epoch_end(tf.ones(3))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_fit_hook_rewraps_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)
