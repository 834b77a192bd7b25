# source: https://github.com/tensorflow/tensorflow/issues/31439
# framework: TF
# The user added `tf.math.argmax(predictions).numpy()` to print the prediction inside a
# `@tf.function` train step written after TF's NMT-with-attention tutorial: while tracing,
# `predictions` is a symbolic tensor with no `.numpy()` (AttributeError); eagerly it works. The
# tutorial's step is reduced to a dense model and a loss; the error is caught to be checked.
# verify: c.error is not None and "numpy" in c.error and e.error is None
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])
optimizer = tf.keras.optimizers.Adam()
loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


@tf.function
def train_step(inp, targ):
    with tf.GradientTape() as tape:
        predictions = model(inp)
        loss = loss_object(targ, predictions)
    print(tf.math.argmax(predictions, axis=-1).numpy())  # label: ACC3
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


error = None
try:
    train_step(tf.ones((2, 4)), tf.constant([0, 1]))
except AttributeError as exc:
    error = str(exc)
print(error)
