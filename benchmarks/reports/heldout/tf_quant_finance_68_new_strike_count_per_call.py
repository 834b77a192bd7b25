# source: https://github.com/google/tf-quant-finance/issues/68
# framework: TF
# "Memory leak with TF.function": the pricing function is a tf.function and the test loop calls it
# with `strikes = tf.constant(np.random.rand(i) * (0.5*spot) + spot, dtype)` for i = 1, 2, 3, ...,
# a new shape on every call, so it traces a new graph on every call (the growing memory in the
# report). The reply: give the input a None dimension (an input signature). The Monte Carlo
# pricer is cut to a Black-Scholes style payoff; ten iterations instead of 100000.
# verify: c.tf['price_eu_options'] >= 10
import numpy as np
import tensorflow as tf

dtype = tf.float64
spot, sigma = 100.0, 0.2


@tf.function
def price_eu_options(strikes, spot, sigma):
    normal = tf.random.stateless_normal([1000], seed=[1, 2], dtype=dtype)
    paths = spot * tf.exp(-0.5 * sigma**2 + sigma * normal)
    payoffs = tf.maximum(paths[None, :] - strikes[:, None], 0.0)
    return tf.reduce_mean(payoffs, axis=1)


for i in range(1, 11):
    strikes = tf.constant(np.random.rand(i) * (0.5 * spot) + spot, dtype)
    prices = price_eu_options(strikes, spot, sigma)  # label: ACC5
print(prices)
