# source: https://github.com/tensorflow/tensorflow/issues/36574
# framework: TF
# `train_step(model, mask_model, optimizer, x, y)` is a tf.function given the same Python model
# and optimizer objects on every step: they are keyed by identity, so the traces made on the
# first call (two: the optimizer creates its variables there) serve every batch of every epoch.
# Fine. Metrics and early stopping are left out.
# label: none
# verify: c.tf['train_step'] <= 2
import tensorflow as tf

loss_fn = tf.keras.losses.MeanSquaredError()


@tf.function
def train_step(model, mask_model, optimizer, x, y):
    with tf.GradientTape() as tape:
        y_pred = model(x)
        loss = loss_fn(y, y_pred)

    grads = tape.gradient(loss, model.trainable_variables)

    optimizer.apply_gradients(zip(grads, model.trainable_variables))

    return None


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
mask_model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(1e-3)
train_dataset = tf.data.Dataset.from_tensor_slices((tf.ones((8, 3)), tf.ones((8, 1)))).batch(4)
for epoch in range(5):
    for x, y in train_dataset:
        train_step(model, mask_model, optimizer, x, y)
