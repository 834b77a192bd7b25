# source: https://github.com/USGS-R/river-dl/pull/109
# framework: TF
# river-dl's fix "use tf.shape for batch_size for h_/c_init": the LSTM layer read the batch size
# from `inputs.shape[0]` to build its initial states, which only worked with
# `run_eagerly=True`: in the compiled train step the batch dimension is unknown (None).
# Reduced to the layer in a subclassed model and a compiled fit on 10 samples in batches of 4:
# the first trace sees a batch of 4, the last smaller batch makes Keras retrace with the batch
# dimension relaxed to None, and `tf.zeros((None, 4))` fails. Eagerly the shape is always known.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf


class RGCN(tf.keras.layers.Layer):
    def __init__(self, hidden_size, **kwargs):
        super().__init__(**kwargs)
        self.hidden_size = hidden_size
        self.cell = tf.keras.layers.Dense(hidden_size)

    def call(self, inputs):
        batch_size = inputs.shape[0]  # label: ACC3
        h = tf.zeros((batch_size, self.hidden_size))
        outs = []
        for t in range(inputs.shape[1]):
            h = tf.tanh(self.cell(tf.concat([inputs[:, t, :], h], axis=-1)))
            outs.append(h)
        return tf.stack(outs, axis=1)


class Model(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.rgcn = RGCN(4)
        self.out = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.rgcn(x))


model = Model()
model.compile(optimizer="adam", loss="mse")
error = None
try:
    model.fit(np.ones((10, 5, 3)), np.ones((10, 5, 1)), epochs=2, batch_size=4, verbose=0)
except Exception as exc:
    error = type(exc).__name__
print(error)
