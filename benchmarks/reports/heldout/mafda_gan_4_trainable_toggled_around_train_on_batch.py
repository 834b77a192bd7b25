# source: https://github.com/mafda/generative_adversarial_networks_101/issues/4
# framework: TF
# Label: fine look-alike. The user asks why the GAN notebook sets `discriminator.trainable =
# False` before `d_g.train_on_batch` when `d_g` was compiled with the discriminator already
# frozen; the author answers that the model has to be set to false there. Each model's train
# function keeps the trainable weights it was built with (the discriminator's with its weights,
# `d_g`'s without them), and the loop sets the flag back to that value before each call, so the
# toggles change nothing: the discriminator trains in its own step and stays as it was in
# `d_g`'s. The loop is the user's; the generator, discriminator, their compiles and the data
# are stand-ins (the notebook's are not quoted), with 2 epochs of 3 batches; the weight
# comparisons around the calls are added to check it.
# label: none
# verify: c.d_changed_by_d and not c.d_changed_by_gan and c.g_changed_by_gan
import numpy as np
import tensorflow as tf

latent_dim = 8
batch_size = 4
smooth = 0.1
epochs = 2
X_train = np.random.rand(12, 16).astype("float32")
real = np.ones((batch_size, 1))
fake = np.zeros((batch_size, 1))

generator = tf.keras.Sequential([tf.keras.Input((latent_dim,)), tf.keras.layers.Dense(16)])
discriminator = tf.keras.Sequential([tf.keras.Input((16,)), tf.keras.layers.Dense(1, activation="sigmoid")])
discriminator.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
discriminator.trainable = False
z_in = tf.keras.Input((latent_dim,))
d_g = tf.keras.Model(z_in, discriminator(generator(z_in)))
d_g.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])

d_changed_by_d = d_changed_by_gan = g_changed_by_gan = False
for e in range(epochs):
    for i in range(len(X_train) // batch_size):

        # Train Discriminator weights
        discriminator.trainable = True

        # Real samples
        X_batch = X_train[i*batch_size:(i+1)*batch_size]
        before = discriminator.get_weights()[0].copy()
        d_loss_real = discriminator.train_on_batch(x=X_batch, y=real * (1 - smooth))
        d_changed_by_d |= not np.allclose(before, discriminator.get_weights()[0])

        # Fake Samples
        z = np.random.normal(loc=0, scale=1, size=(batch_size, latent_dim))
        X_fake = generator.predict_on_batch(z)
        d_loss_fake = discriminator.train_on_batch(x=X_fake, y=fake)

        # Discriminator loss
        d_loss_batch = 0.5 * (d_loss_real[0] + d_loss_fake[0])

        # Train Generator weights
        discriminator.trainable = False
        before_d, before_g = discriminator.get_weights()[0].copy(), generator.get_weights()[0].copy()
        d_g_loss_batch = d_g.train_on_batch(x=z, y=real)
        d_changed_by_gan |= not np.allclose(before_d, discriminator.get_weights()[0])
        g_changed_by_gan |= not np.allclose(before_g, generator.get_weights()[0])
