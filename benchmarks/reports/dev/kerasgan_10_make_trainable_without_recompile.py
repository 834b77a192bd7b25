# source: https://github.com/osh/KerasGAN/issues/10
# framework: TF
# The repository's `make_trainable(net, val)` sets every layer's `trainable` flag and is called
# during GAN training without compiling again; the reporter confirmed that after
# `make_trainable(discriminator, False)` a `train_on_batch` still changed the discriminator's
# predictions. So it does on Keras 3 / TF 2.21: the train function traced before the flags
# changed still updates every weight; run eagerly the frozen model does not change. A small
# dense discriminator on random data stands in for the repository's.
# verify: not c.frozen and e.frozen
import numpy as np
import tensorflow as tf


def make_trainable(net, val):
    net.trainable = val
    for l in net.layers:
        l.trainable = val


X = np.random.rand(32, 8).astype("float32")
y = np.eye(2)[np.random.randint(0, 2, 32)].astype("float32")

discriminator = tf.keras.Sequential(
    [tf.keras.Input((8,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(2, activation="softmax")]
)
discriminator.compile(loss="categorical_crossentropy", optimizer="adam")
discriminator.train_on_batch(X, y)

before = discriminator.predict(X, verbose=0)
make_trainable(discriminator, False)  # label[a]
discriminator.train_on_batch(X, y)  # label[a]: ACC6
after = discriminator.predict(X, verbose=0)
frozen = bool(np.allclose(before, after))
print(frozen)
