# source: https://github.com/microsoft/AirSim-Drone-Racing-VAE-Imitation/issues/10
# framework: TF
# `train(images, labels, epoch, training_mode)` is a tf.function given the Python `epoch` of
# the loop (unused in the body) and the mode string: every epoch traces it again. The model is
# a Dense layer; only the 'full' mode.
# verify: c.tf['train'] >= 8
import tensorflow as tf

bc_model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4)])
optimizer = tf.keras.optimizers.Adam(1e-3)
train_loss_rec_v = tf.keras.metrics.Mean()
epochs = 10
training_mode = "full"
train_ds = tf.data.Dataset.from_tensor_slices((tf.ones((4, 3)), tf.ones((4, 4)))).batch(2)


def compute_loss(labels, predictions):
    return (labels - predictions) ** 2


@tf.function
def train(images, labels, epoch, training_mode):
    with tf.GradientTape() as tape:
        if training_mode == "full":
            predictions = bc_model(images)
        recon_loss = tf.reduce_mean(compute_loss(labels, predictions))
    gradients = tape.gradient(recon_loss, bc_model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, bc_model.trainable_variables))
    train_loss_rec_v(recon_loss)


for epoch in range(epochs):
    for train_images, train_labels in train_ds:
        train(train_images, train_labels, epoch, training_mode)  # label: ACC5
