# source: https://cursa.app/en/page/custom-training-with-gradienttape-for-more-control
# framework: TF
# Label: fine look-alike. A course page's training step: `reg_loss = tf.add_n(model.losses) if
# model.losses else 0.0` branches on a Python list (the model's regularization losses, fixed by
# its layers), so the branch is decided once and rightly. The page's step inside a tf.function
# as the page builds it, with a model that has an L2 regularizer, on small random data; the
# stored page stops before its loop, which is added. Seeds added.
# label: none
# verify: close(c.losses, e.losses)
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([
    tf.keras.Input((8,)),
    tf.keras.layers.Dense(16, activation="relu",
                          kernel_regularizer=tf.keras.regularizers.L2(1e-3)),
    tf.keras.layers.Dense(1),
])
loss_fn = tf.keras.losses.MeanSquaredError()
optimizer = tf.keras.optimizers.SGD(1e-2)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        y_pred = model(x, training=True)
        data_loss = loss_fn(y, y_pred)
        reg_loss = tf.add_n(model.losses) if model.losses else 0.0
        total_loss = data_loss + reg_loss
    grads = tape.gradient(total_loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return total_loss


x = np.random.rand(64, 8).astype("float32")
y = np.random.rand(64, 1).astype("float32")
losses = [float(train_step(x[i:i + 16], y[i:i + 16])) for i in range(0, 64, 16)]
