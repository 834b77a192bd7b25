# source: https://github.com/immortal3/AutoEncoder-Based-Communication-System/issues/1
# framework: TF
# label: none
# "Regarding set_random_seed": the autoencoder adds channel noise to the encoder output in
# training, and the program calls `set_random_seed(3)`; the question is whether the same noise
# is added at every step. The answer in the thread says the noise comes from TensorFlow's random
# ops. Reduced to a tf.function training step that adds `tf.random.normal` channel noise after
# `tf.random.set_seed(3)`: the random op is stateful inside the graph, so each step draws new
# noise (the same sequence on every run of the program); the step traces at most twice (Keras 3's
# optimizer creates its variables in the first trace, and TF retraces once for that).
# verify: c.tf["train_step"] <= 2 and c.distinct == 6 and e.distinct == 6
import numpy as np
import tensorflow as tf

tf.random.set_seed(3)
encoder = tf.keras.layers.Dense(2)
decoder = tf.keras.layers.Dense(4, activation="softmax")
optimizer = tf.keras.optimizers.Adam(0.01)
messages = tf.one_hot(np.arange(8) % 4, 4)
encoder(messages)
decoder(tf.zeros((8, 2)))


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        encoded = tf.math.l2_normalize(encoder(x), axis=1)
        noise = tf.random.normal(tf.shape(encoded), stddev=0.3)
        decoded = decoder(encoded + noise)
        loss = tf.reduce_mean(tf.keras.losses.categorical_crossentropy(x, decoded))
    variables = encoder.trainable_variables + decoder.trainable_variables
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return tf.reduce_sum(noise)


noise_sums = [float(train_step(messages)) for _ in range(6)]
distinct = len(set(round(n, 6) for n in noise_sums))
print(noise_sums)
