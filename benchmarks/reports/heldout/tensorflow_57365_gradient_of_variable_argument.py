# source: https://github.com/tensorflow/tensorflow/issues/57365
# framework: TF
# Written from the description (its code block is not in the stored excerpt): a
# tf.function takes the gradient of a function of its `tf.Variable` argument with respect to
# that argument. Since TF 2.7 a variable argument is traced by its spec, so a second variable
# of the same shape reuses the trace, whose tape watched the first variable: the gradient the
# second call returns is computed for the variable the trace saw. As written here, TF 2.21
# reuses the one trace for `b` and still returns b's gradient (equal to the eager twin's): the
# report's own setup (not stored) may differ. Fine as run.
# label: none
# verify: c.tf['gradient'] == 1 and close(c.grad_b, e.grad_b)
import tensorflow as tf


@tf.function
def gradient(x):
    with tf.GradientTape() as tape:
        y = x * x
    return tape.gradient(y, x)


a = tf.Variable(1.0)
b = tf.Variable(2.0)
grad_a = gradient(a)
grad_b = gradient(b)
print(grad_a, grad_b)
