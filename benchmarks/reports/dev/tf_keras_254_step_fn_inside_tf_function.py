# source: https://github.com/keras-team/tf-keras/issues/254
# framework: TF
# A static checker reported `step_fn`, a tf.function defined inside `train_epoch`, which is
# called once per epoch. `train_epoch` is a tf.function too: it is traced once, and `step_fn`
# is defined and traced only while it is; later epochs replay the graph. Fine. Reduced: no
# distribution strategy, a Dense model, 4 batches.
# label: none
# verify: c.tf['train_epoch'] == 1 and c.tf['step_fn'] <= 1
import tensorflow as tf

_NUM_EPOCHS = 8
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
optimizer = tf.keras.optimizers.SGD(0.1)
dataset = tf.data.Dataset.from_tensor_slices((tf.ones((16, 3)), tf.ones((16, 2)))).batch(4)


@tf.function
def train_epoch(dist_input):
    @tf.function
    def step_fn(inputs):
        samples, labels = inputs
        with tf.GradientTape() as tape:
            logits = model(samples)
            loss = tf.reduce_mean((labels - logits) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    total_loss = 0.0
    num_batches = 0
    for x in dist_input:
        total_loss += step_fn(x)
        num_batches += 1
    return total_loss / tf.cast(num_batches, dtype=tf.float32)


for _ in range(_NUM_EPOCHS):
    loss = train_epoch(dataset)
