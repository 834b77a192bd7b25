# source: https://github.com/N3PDF/pdfflow/pull/34
# framework: TF
# Label: fine look-alike. The review asks whether the `@tf.function` integrand `singletop`,
# which takes `**kwargs`, retraces "again and again" when the Integrator calls it; the author:
# "as long as the arguments which with the function are called are always the same (which
# they are), it should not retrace". Written from the review (single_top.py is not quoted): the
# integrand's body is a stand-in product; the VegasFlow-style loop calls it with the same
# `n_dim` and a `weight` tensor of the same shape on every iteration.
# label: none
# verify: c.tf['singletop'] == 1
import tensorflow as tf


@tf.function
def singletop(xarr, **kwargs):
    return tf.reduce_prod(xarr, axis=1) * 2.0


n_dim, n_events, n_iter = 3, 1000, 10
for iteration in range(n_iter):
    xrand = tf.random.uniform((n_events, n_dim), dtype=tf.float64)
    weight = tf.ones((n_events,), dtype=tf.float64) / n_events
    res = tf.reduce_sum(singletop(xrand, n_dim=n_dim, weight=weight) * weight)
