# source: https://github.com/ryancheunggit/tensorflow2_model_zoo/issues/13
# framework: TF
# A static checker reported the consistency weight `w = min(W_MAX, 50 / (1 + np.exp(NUM_EPOCHS
# / 8 - epoch)))`, new on each epoch, passed to the tf.function `train_step`. A run on TF 2.21:
# until it reaches W_MAX, `w` is a NumPy float64, which tf.function takes as a tensor (keyed by
# dtype, not value); then the Python float W_MAX: three traces in 40 epochs (with the
# optimizer's first-call retrace). Fine today. Mixup and
# the EMA model are left out; the model runs in float64 so that `w * loss` type-checks.
# label: none
# verify: c.tf['train_step'] <= 3
import numpy as np
import tensorflow as tf

tf.keras.backend.set_floatx("float64")
NUM_EPOCHS = 40
W_MAX = 30.0
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
optimizer = tf.keras.optimizers.Adam(1e-3)
train_dataset = tf.data.Dataset.from_tensor_slices((tf.ones((4, 3), tf.float64), tf.ones((4, 2), tf.float64))).batch(4)


@tf.function
def train_step(x_batch, y_batch, w):
    with tf.GradientTape() as tape:
        x_out = model(x_batch, training=True)
        data_loss = tf.reduce_mean((y_batch - x_out) ** 2)
        consistency_loss = w * tf.reduce_mean(x_out**2)
        loss = data_loss + consistency_loss
    grad = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grad, model.trainable_variables))


for epoch in range(NUM_EPOCHS):
    w = min(W_MAX, 50 / (1 + np.exp(NUM_EPOCHS / 8 - epoch)))
    for idx, (x_batch, y_batch) in enumerate(train_dataset):
        train_step(x_batch, y_batch, w)
