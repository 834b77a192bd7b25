# source: https://github.com/lingxiaoli94/CWB/issues/2
# framework: TF
# A static checker reported the Python `k` passed to the tf.function
# `compute_kth_marginal_moment` from a `for` loop. The loop is in `compute_CMD`, itself a
# tf.function: it runs while that one is traced, for k = 2..5, and the four traces are reused
# by every later call. Fine.
# label: none
# verify: c.tf['compute_kth_marginal_moment'] <= 4 and c.tf['compute_CMD'] == 1
import tensorflow as tf


@tf.function
def compute_kth_marginal_moment(ps, k):
    mean = tf.reduce_mean(ps, 0)
    ps = ps - tf.expand_dims(mean, 0)
    tmp = tf.math.pow(ps, k)
    return tf.reduce_mean(tmp, 0)


@tf.function
def compute_CMD(ps, qs, L, K=5):
    p_mean = tf.reduce_mean(ps, 0)
    q_mean = tf.reduce_mean(qs, 0)
    result = tf.norm(p_mean - q_mean) / L
    for k in range(2, K + 1):
        p_ck = compute_kth_marginal_moment(ps, k)
        q_ck = compute_kth_marginal_moment(qs, k)
        tmp = tf.norm(p_ck - q_ck) / (L**k)
        result += tmp
    return result


for it in range(10):
    d = compute_CMD(tf.random.normal((8, 2)), tf.random.normal((8, 2)), 2.0)
