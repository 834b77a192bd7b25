# source: https://github.com/spmallick/learnopencv/issues/806
# framework: TF
# pix2pix's `fit` passes the Python `epoch` of its loop to the tf.function `train_step`, which
# does not use it: every epoch traces `train_step` again (a static checker's report). The
# script sets EPOCHS = 1; `fit` runs for any number, 10 here. The generator and discriminator
# are Dense layers, the dataset three small batches.
# verify: c.tf['train_step'] >= 8
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4)])
discriminator = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(1)])
generator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
discriminator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
loss = tf.keras.losses.BinaryCrossentropy(from_logits=True)


def generator_loss(disc_generated_output, gen_output, target):
    gan_loss = loss(tf.ones_like(disc_generated_output), disc_generated_output)
    l1_loss = tf.reduce_mean(tf.abs(target - gen_output))
    return gan_loss + 100 * l1_loss, gan_loss, l1_loss


def discriminator_loss(disc_real_output, disc_generated_output):
    real_loss = loss(tf.ones_like(disc_real_output), disc_real_output)
    generated_loss = loss(tf.zeros_like(disc_generated_output), disc_generated_output)
    return real_loss + generated_loss


@tf.function
def train_step(input_image, target, epoch):
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        gen_output = generator(input_image, training=True)
        disc_real_output = discriminator(tf.concat([input_image, target], 1), training=True)
        disc_generated_output = discriminator(tf.concat([input_image, gen_output], 1), training=True)
        gen_total_loss, gen_gan_loss, gen_l1_loss = generator_loss(disc_generated_output, gen_output, target)
        disc_loss = discriminator_loss(disc_real_output, disc_generated_output)
    generator_gradients = gen_tape.gradient(gen_total_loss, generator.trainable_variables)
    discriminator_gradients = disc_tape.gradient(disc_loss, discriminator.trainable_variables)
    generator_optimizer.apply_gradients(zip(generator_gradients, generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(discriminator_gradients, discriminator.trainable_variables))
    return gen_gan_loss, gen_l1_loss, disc_loss


def fit(train_ds, epochs):
    for epoch in range(epochs):
        D_loss_list, G_loss_list, L1_loss_list = [], [], []
        for n, (input_image, target) in train_ds.enumerate():
            gan_l, l1_l, disc_l = train_step(input_image, target, epoch)  # label: ACC5
            G_loss_list.append(gan_l)
            D_loss_list.append(disc_l)
            L1_loss_list.append(l1_l)


train_dataset = tf.data.Dataset.from_tensor_slices((tf.ones((6, 4)), tf.zeros((6, 4)))).batch(2)
fit(train_dataset, 10)
