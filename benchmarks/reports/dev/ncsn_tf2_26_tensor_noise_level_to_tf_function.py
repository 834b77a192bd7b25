# source: https://github.com/Xemnas0/NCSN-TF2.0/issues/26
# framework: TF
# A static checker reported `alpha_i`, computed from each noise level, passed to the tf.function
# `sample_one_step` in a loop ("a new graph every time the value changes"). The noise levels
# come from `utils.get_sigma_levels()`, a `tf.linspace` tensor, so `alpha_i` is a tensor, keyed
# by shape and dtype: one trace for every level and step. Fine. The score model is a stand-in;
# 10 noise levels, T = 5.
# label: none
# verify: c.tf['sample_one_step'] == 1
import tensorflow as tf


def model(inputs):
    x, idx_sigmas = inputs
    return -x


@tf.function
def sample_one_step(model, x, idx_sigmas, alpha_i):
    z_t = tf.random.normal(shape=x.get_shape(), mean=0, stddev=1.0)
    score = model([x, idx_sigmas])
    noise = tf.sqrt(alpha_i) * z_t
    return x + alpha_i / 2 * score + noise


def sample_many(model, sigmas, batch_size=4, eps=2 * 1e-5, T=5, n_images=4):
    x = tf.data.Dataset.from_tensor_slices(tf.random.uniform(shape=(n_images, 2))).batch(batch_size)
    for i_batch, batch in enumerate(x):
        for i, sigma_i in enumerate(sigmas):
            alpha_i = eps * (sigma_i / sigmas[-1]) ** 2
            idx_sigmas = tf.ones(batch.get_shape()[0], dtype=tf.int32) * i
            for t in range(T):
                batch = sample_one_step(model, batch, idx_sigmas, alpha_i)
    return batch


sigmas = tf.linspace(1.0, 0.01, 10)
samples = sample_many(model, sigmas)
