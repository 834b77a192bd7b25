# source: https://github.com/amifunny/tf-stitch/blob/HEAD/templates/custom_train.py
# framework: TF
# Label: fine look-alike. A template for a custom training loop: a tf.function `train_step`
# updates a metric and returns the loss; the loop outside logs `float(loss_value)` every 200
# steps and reads `float(train_acc)` per epoch. The conversions run eagerly on the returned
# tensors, so nothing is baked and `train_step` traces once for equal batch shapes. The template
# leaves the model, loss, optimizer, metrics, datasets and `test_step` to the user; they are filled
# in here as the Keras guide the template follows writes them (small random data, 2 epochs, batch
# sizes that divide the data so every batch has one shape).
# label: none
# verify: c.tf['train_step'] == 1 and c.tf['test_step'] == 1
import time

import numpy as np
import tensorflow as tf
from tensorflow import keras

model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(3)])
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = keras.optimizers.SGD(learning_rate=1e-2)
train_acc_metric = keras.metrics.SparseCategoricalAccuracy()
val_acc_metric = keras.metrics.SparseCategoricalAccuracy()
x = np.random.rand(256, 8).astype("float32")
y = np.random.randint(0, 3, 256)
train_dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(64)
val_dataset = tf.data.Dataset.from_tensor_slices((x[:128], y[:128])).batch(64)


@tf.function
def train_step(x, y):

    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss_value = loss_fn(y, logits)

    grads = tape.gradient(loss_value, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    train_acc_metric.update_state(y, logits)

    return loss_value


@tf.function
def test_step(x, y):
    val_logits = model(x, training=False)
    val_acc_metric.update_state(y, val_logits)


epochs = 2

for epoch in range(epochs):

    start_time = time.time()

    for step, (x_batch_train, y_batch_train) in enumerate(train_dataset):

        loss_value = train_step(x_batch_train, y_batch_train)

        if step % 200 == 0:
            print(
                "Training loss (for one batch) at step %d: %.4f"
                % (step, float(loss_value))
            )
            print("Seen so far: %d samples" % ((step + 1) * 64))

    train_acc = train_acc_metric.result()
    print("Training acc over epoch: %.4f" % (float(train_acc),))

    train_acc_metric.reset_state()

    for x_batch_val, y_batch_val in val_dataset:
        test_step(x_batch_val, y_batch_val)

    val_acc = val_acc_metric.result()
    val_acc_metric.reset_state()
    print("Validation acc: %.4f" % (float(val_acc),))
    print("Time taken: %.2fs" % (time.time() - start_time))
