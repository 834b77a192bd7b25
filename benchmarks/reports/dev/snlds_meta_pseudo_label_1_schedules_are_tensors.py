# source: https://github.com/yerkojahve/Meta-Pseudo-label/issues/1
# framework: TF
# A static checker reported `learning_rate`, `temperature` and `cross_entropy_coef`, computed in
# the `while` loop, as Python values passed to the tf.function `train_step`. In the code (a copy
# of google-research's snlds trainer) the schedules are TensorFlow ops on
# `optimizer.iterations`, a variable: tensors, one trace for every step. Fine. (The model is one
# Dense layer; the schedules are the repository's, shortened.)
# label: none
# verify: c.tf['train_step'] <= 2
import tensorflow as tf


def learning_rate_schedule(global_step, learning_rate=1e-3, warmup_steps=5.0):
    step = tf.cast(global_step, tf.float32)
    return tf.cond(step < warmup_steps,
                   lambda: learning_rate * step / warmup_steps,
                   lambda: tf.constant(learning_rate))


def schedule_exponential_decay(global_step, initial=1.0, rate=0.9, kickin=2.0, decay=10.0):
    step = tf.cast(global_step, tf.float32)
    decayed = initial * rate ** (tf.math.maximum(step - kickin, 0.0) / decay)
    return tf.cond(step < kickin, lambda: tf.constant(initial), lambda: decayed)


model = tf.keras.layers.Dense(3)
optimizer = tf.keras.optimizers.Adam()


@tf.function
def train_step(batch, model, optimizer, learning_rate, temperature, cross_entropy_coef):
    with tf.GradientTape() as tape:
        out = model(batch) * temperature
        objective = tf.reduce_mean(out ** 2) + cross_entropy_coef
    grads = tape.gradient(objective, model.trainable_variables)
    optimizer.learning_rate = learning_rate
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return objective


batch = tf.ones((4, 3))
while optimizer.iterations < 12:
    learning_rate = learning_rate_schedule(optimizer.iterations)
    temperature = schedule_exponential_decay(optimizer.iterations)
    cross_entropy_coef = schedule_exponential_decay(optimizer.iterations, initial=0.5)
    train_step(batch, model, optimizer, learning_rate, temperature, cross_entropy_coef)
