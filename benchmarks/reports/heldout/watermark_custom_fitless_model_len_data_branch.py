# source: https://github.com/andreacos/Deep-Neural-Networks-Robust-Watermark/blob/HEAD/CustomFitlessModel.py
# framework: TF
# Label: fine look-alike. A Keras `train_step` that branches on `len(data) == 2` ("Condition added
# when moving to TF 2.5.0"): `data` is the tuple `fit` passes, whose length is fixed while tracing,
# so the branch is decided once and rightly. The author's class; a small model and random data
# stand in for the watermarking network, fitted with and without sample weights. On Keras 3
# `compiled_loss`/`compiled_metrics` are deprecated shims that still work. Seeds added.
# label: none
# verify: close(c.losses, e.losses) and close(c.losses_w, e.losses_w)
import numpy as np
import tensorflow as tf


class CustomModel(tf.keras.models.Model):
    def train_step(self, data):
        # Condition added when moving to TF 2.5.0
        if len(data) == 2:
            x, y = data
        else:
            x, y, _ = data

        with tf.GradientTape() as tape:
            # Forward pass
            y_pred = self(x, training=True)
            # Compute the loss value (the loss function is configured in `compile()`)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)

        # Compute gradients
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        # Update weights
        self.optimizer.apply_gradients(zip(gradients, trainable_vars))
        # Update metrics (includes the metric that tracks the loss)
        self.compiled_metrics.update_state(y, y_pred)
        # Return a dict mapping metric names to current value
        return {m.name: m.result() for m in self.metrics}


tf.keras.utils.set_random_seed(0)
inputs = tf.keras.Input((16,))
model = CustomModel(inputs, tf.keras.layers.Dense(1)(inputs))
model.compile(optimizer="sgd", loss="mse")
x = np.random.rand(128, 16).astype("float32")
y = np.random.rand(128, 1).astype("float32")
losses = model.fit(x, y, epochs=2, batch_size=32, verbose=0).history["loss"]
losses_w = model.fit(x, y, sample_weight=np.ones(128), epochs=2, batch_size=32,
                     verbose=0).history["loss"]
