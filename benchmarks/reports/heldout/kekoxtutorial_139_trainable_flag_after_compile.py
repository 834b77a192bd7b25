# source: https://github.com/KerasKorea/KEKOxTutorial/issues/139
# framework: TF
# Label: fine look-alike. A reviewer points at the GAN tutorial's loop, which sets
# `discriminator.trainable` before each `train_on_batch`: the flag is read when a model is
# compiled (built), so setting it afterwards has no effect ("이 플래그는 컴파일할 때만 적용되므로
# 컴파일 이후에는 아무 영향이 없을 듯 합니다"), and the author agrees. As the loop sets each value
# back to the one its model was built with, the training is as intended: the discriminator
# learns in its own step and not in the GAN's. The loop lines are the tutorial's as quoted; the
# models, compiles, data and loop bounds are stand-ins; the weight checks are added.
# label: none
# verify: c.d_trained and not c.d_moved_by_gan
import numpy as np
import tensorflow as tf

random_dim = 8
batch_size = 4
generator = tf.keras.Sequential([tf.keras.Input((random_dim,)), tf.keras.layers.Dense(16)])
discriminator = tf.keras.Sequential([tf.keras.Input((16,)), tf.keras.layers.Dense(1, activation="sigmoid")])
discriminator.compile(loss="binary_crossentropy", optimizer="adam")
discriminator.trainable = False
gan_input = tf.keras.Input((random_dim,))
gan = tf.keras.Model(gan_input, discriminator(generator(gan_input)))
gan.compile(loss="binary_crossentropy", optimizer="adam")
x_train = np.random.rand(12, 16).astype("float32")

d_trained = d_moved_by_gan = False
num_epochs = 2
for e in range(num_epochs):
    for _ in range(len(x_train) // batch_size):
        noise = np.random.normal(0, 1, size=[batch_size, random_dim])
        generated_images = generator.predict(noise, verbose=0)
        image_batch = x_train[np.random.randint(0, x_train.shape[0], size=batch_size)]
        X = np.concatenate([image_batch, generated_images])
        y_dis = np.zeros(2*batch_size)
        y_dis[:batch_size] = 0.9

        # Discriminator를 학습시킵니다.
        discriminator.trainable = True
        before = discriminator.get_weights()[0].copy()
        discriminator.train_on_batch(X, y_dis)
        d_trained |= not np.allclose(before, discriminator.get_weights()[0])

        # Generator를 학습시킵니다.
        noise = np.random.normal(0, 1, size=[batch_size, random_dim])
        y_gen = np.ones(batch_size)
        discriminator.trainable = False
        before = discriminator.get_weights()[0].copy()
        gan.train_on_batch(noise, y_gen)
        d_moved_by_gan |= not np.allclose(before, discriminator.get_weights()[0])
