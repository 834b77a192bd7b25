# source: https://keras.io/guides/writing_a_training_loop_from_scratch/
# run: storm (9 traces in 8 calls)
# framework: TF
# property: P5
# Written at stop 44 before any change: the guide's from-scratch loop over a tf.data dataset,
# with a warmup learning rate computed from the step and handed to the compiled step as a float.
import keras
import numpy as np
import tensorflow as tf

model = keras.Sequential([keras.layers.Dense(1)])
loss_fn = keras.losses.MeanSquaredError()
optimizer = keras.optimizers.SGD()


@tf.function
def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_weights)
    optimizer.learning_rate.assign(lr)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    return loss


train_dataset = tf.data.Dataset.from_tensor_slices(
    (np.ones((32, 3), "float32"), np.ones((32, 1), "float32"))).batch(4)
calls = 0
for step, (x_batch, y_batch) in enumerate(train_dataset):
    lr = 0.01 * min(1.0, (step + 1) / 8)
    train_step(x_batch, y_batch, lr)  # label: ACC502
    calls += 1
print("TRACES", train_step.experimental_get_tracing_count(), "OF", calls)
