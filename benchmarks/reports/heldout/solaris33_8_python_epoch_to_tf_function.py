# source: https://github.com/solaris33/deep-learning-tensorflow-book-code/issues/8
# framework: TF
# The Python `epoch` of the training loop is passed to the tf.function `train_step` (for its
# summaries): a new Python int on every epoch, so every epoch traces the step again. The GAN is
# a pair of Dense layers; summaries are left out.
# verify: c.tf['train_step'] >= 8
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3)])
discriminator = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(1)])
generator_optimizer = tf.keras.optimizers.Adam(2e-4)
discriminator_optimizer = tf.keras.optimizers.Adam(2e-4)
summary_writer = None
EPOCHS = 10
train_dataset = tf.data.Dataset.from_tensor_slices((tf.ones((4, 3)), tf.ones((4, 3)))).batch(2)


@tf.function
def train_step(input_image, target, epoch, generator, discriminator, generator_optimizer, discriminator_optimizer, summary_writer):
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        gen_output = generator(input_image, training=True)
        disc_real_output = discriminator(tf.concat([input_image, target], -1), training=True)
        disc_generated_output = discriminator(tf.concat([input_image, gen_output], -1), training=True)
        gen_loss = -tf.reduce_mean(disc_generated_output)
        disc_loss = tf.reduce_mean(disc_generated_output - disc_real_output)
    generator_gradients = gen_tape.gradient(gen_loss, generator.trainable_variables)
    discriminator_gradients = disc_tape.gradient(disc_loss, discriminator.trainable_variables)
    generator_optimizer.apply_gradients(zip(generator_gradients, generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(discriminator_gradients, discriminator.trainable_variables))


for epoch in range(EPOCHS):
    print("Epoch: ", epoch)
    for n, (input_image, target) in train_dataset.enumerate():
        train_step(input_image, target, epoch, generator, discriminator, generator_optimizer, discriminator_optimizer, summary_writer)  # label: ACC5
