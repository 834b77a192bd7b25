# source: https://github.com/jk983294/morph/blob/HEAD/book/tensorflow/keras_demo/custom_fit/custom_fit2.py
# framework: TF
# Label: fine look-alike. A Keras model overrides `train_step` and updates two metrics made at
# module level (`loss_tracker`, `mae_metric`), listed in the `metrics` property so `fit` resets
# them each epoch. The metrics are Keras objects with variables, so the compiled step updates
# them on every batch; the losses `fit` reports equal those of an eager run. The author's code;
# seeds added so both runs start from the same weights, and the losses kept in `losses`.
# label: none
# verify: close(c.losses, e.losses)
import tensorflow as tf
import numpy as np

tf.keras.utils.set_random_seed(0)
loss_tracker = tf.keras.metrics.Mean(name="loss")
mae_metric = tf.keras.metrics.MeanAbsoluteError(name="mae")


class CustomModel(tf.keras.Model):
    def train_step(self, data):
        x, y = data

        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)  # Forward pass
            # Compute our own loss
            loss = tf.reduce_mean(tf.square(y - y_pred), axis=-1)  # Keras 3 dropped tf.keras.losses.mean_squared_error; the same loss

        # Compute gradients
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)

        # Update weights
        self.optimizer.apply_gradients(zip(gradients, trainable_vars))

        # Compute our own metrics
        loss_tracker.update_state(loss)
        mae_metric.update_state(y, y_pred)
        return {"loss": loss_tracker.result(), "mae": mae_metric.result()}

    @property
    def metrics(self):
        return [loss_tracker, mae_metric]


if __name__ == '__main__':
    inputs = tf.keras.Input(shape=(32,))
    outputs = tf.keras.layers.Dense(1)(inputs)
    model = CustomModel(inputs, outputs)
    model.compile(optimizer="adam")  # We don't passs a loss or metrics here.

    # Just use `fit` as usual
    x = np.random.random((1000, 32))
    y = np.random.random((1000, 1))
    history = model.fit(x, y, epochs=3, verbose=0)
    losses = history.history["loss"]
    print(losses)
