# source: https://github.com/oremnirv/ATP
# framework: TF
# ATP's training graph (model/atp_graph.py): `@tf.function(experimental_relax_shapes=True) def
# train_step(atp_model, optimizer, x, y, n_C, n_T, training=True)`, where `n_C` and `n_T` - the
# numbers of context and target points - are Python ints drawn per batch and slice the targets
# (`y[:, n_C:n_T+n_C]`). Relaxing shapes does not relax Python values: every new (n_C, n_T) pair
# is a new trace. Reduced to a small model and 12 batches with pairs drawn from a seeded
# generator: one trace per distinct pair (10).
# verify: c.tf['train_step'] >= 8
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(0)


def build_graph():
    @tf.function(experimental_relax_shapes=True)
    def train_step(atp_model, optimizer, x, y, n_C, n_T, training=True):
        with tf.GradientTape(persistent=True) as tape:
            mu = atp_model(x)
            likpp = tf.reduce_mean((y[:, n_C : n_T + n_C] - mu[:, n_C : n_T + n_C]) ** 2)
        gradients = tape.gradient(likpp, atp_model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, atp_model.trainable_variables))
        return mu, likpp

    return train_step


atp_model = tf.keras.Sequential([tf.keras.Input((20,)), tf.keras.layers.Dense(20)])
optimizer = tf.keras.optimizers.Adam(0.01)
train_step = build_graph()
rng = np.random.default_rng(0)
x = np.ones((2, 20), dtype="float32")
y = np.ones((2, 20), dtype="float32")
losses = []
for batch in range(12):
    n_C, n_T = int(rng.integers(3, 8)), int(rng.integers(3, 8))
    mu, likpp = train_step(atp_model, optimizer, x, y, n_C, n_T)  # label: ACC5
    losses.append(float(likpp))
print(losses[-1])
