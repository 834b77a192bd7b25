# source: https://github.com/tensorflow/tensorflow/issues/46640
# framework: TF
# "AttributeError: 'Tensor' object has no attribute 'numpy'": a custom Keras Metric computes an
# F1 score with scikit-learn in `update_state`, calling `y_true.numpy()` and `y_pred.numpy()`.
# `fit` runs `update_state` inside its traced train step, where the labels are symbolic tensors
# without `.numpy()`. Reduced to the metric (scikit-learn's f1_score replaced by a NumPy
# accuracy, the conversion is the point) in a compiled `fit`: it raises, where the eager twin
# trains and reports the metric.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf
from tensorflow.keras.metrics import Metric


class SelfF1(Metric):
    def __init__(self, name="self_f1", **kwargs):
        super().__init__(name=name, **kwargs)
        self.f1_value = self.add_weight(name="sf", initializer="zeros", dtype="float64")

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = tf.reshape(tf.argmax(y_pred, axis=1), shape=(-1,))
        y_true = tf.reshape(tf.argmax(y_true, axis=1), shape=(-1,))
        f1_value = np.mean(y_true.numpy() == y_pred.numpy())  # label: ACC3
        self.f1_value.assign(f1_value)

    def result(self):
        return self.f1_value


tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=[SelfF1()])
x = np.random.rand(32, 4).astype("float32")
y = tf.keras.utils.to_categorical(np.random.randint(0, 3, 32), 3)
error = None
try:
    model.fit(x, y, epochs=1, batch_size=8, verbose=0)
except Exception as exc:
    error = type(exc).__name__
print(error)
