# source: https://github.com/tensorflow/probability/issues/1698
# framework: TF
# A static checker reported window_tune_nuts_sampling.py: "Python type argument `num_steps` is
# passed to tf.function decorated function `slow_adaptation_interval` instead of tensors. As
# there is a for loop, every time the value changes, a new graph will be generated." The code
# doubles `num_steps` per tuning window, but decorates the function with
# `input_signature=[tf.TensorSpec(shape=None, dtype=tf.int32), ...]` by default
# (`use_input_signature=True`): the Python ints are converted to int32 tensors and one graph
# serves every window. Reduced: the window body keeps the running mean/covariance update of
# `body_fn_window2` under the same `tf.while_loop`, without the HMC kernel and XLA. Fine.
# label: none
# verify: c.tf['slow_adaptation_interval'] == 1 and close(c.final_n, e.final_n)
import tensorflow as tf

total_ndims = 3
dtype = tf.float32
use_input_signature = True

if use_input_signature:
    input_signature = [
        tf.TensorSpec(shape=None, dtype=tf.int32),
        tf.TensorSpec(shape=None, dtype=tf.int32),
        tf.TensorSpec(shape=[None, total_ndims], dtype=dtype),
        tf.TensorSpec(shape=[None, total_ndims], dtype=dtype),
        tf.TensorSpec(shape=[None, total_ndims, total_ndims], dtype=dtype),
    ]
else:
    input_signature = None


def body_fn_window2(i, previous_state, previous_mean, previous_cov):
    next_state = previous_state * 0.9 + 0.1
    n_next = i + 1
    delta_pre = previous_state - previous_mean
    next_mean = previous_mean + delta_pre / tf.cast(n_next, delta_pre.dtype)
    delta_post = previous_state - next_mean
    next_cov = previous_cov + tf.expand_dims(delta_post, -1) * tf.expand_dims(delta_pre, -2)
    next_mean.set_shape(previous_mean.shape)
    next_cov.set_shape(previous_cov.shape)
    return n_next, next_state, next_mean, next_cov


@tf.function(input_signature=input_signature, autograph=False)
def slow_adaptation_interval(num_steps, previous_n, previous_state, previous_mean, previous_cov):
    total_n, next_state, next_mean, next_cov = tf.while_loop(
        lambda i, *_: i < num_steps + previous_n,
        body_fn_window2,
        loop_vars=(previous_n, previous_state, previous_mean, previous_cov),
        maximum_iterations=num_steps)
    return total_n, next_state, next_mean, next_cov


next_state = tf.ones([2, total_ndims])
next_mean = tf.zeros_like(next_state)
next_cov = tf.zeros([2, total_ndims, total_ndims])
total_n = 0
for i, num_steps in enumerate((25, 25, 25, 25, 25)):
    num_steps = num_steps * 2**i
    total_n, next_state, next_mean, next_cov = slow_adaptation_interval(
        num_steps, total_n, next_state, next_mean, next_cov)
final_n = int(total_n)
print(final_n)
