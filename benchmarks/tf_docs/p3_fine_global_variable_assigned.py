# source: https://www.tensorflow.org/guide/function#changing_python_global_and_free_variables
# run: fine (same output as eager)
# framework: TF
# property: P3
# label: none
# The guide's fix: the global is a tf.Variable, updated with assign; the trace reads it on every call.
import tensorflow as tf

loss_scale = tf.Variable(1.0)


@tf.function
def scaled_loss(x):
    return tf.reduce_sum(x) * loss_scale


for epoch in range(4):
    if epoch == 2:
        loss_scale.assign(0.5)
    print(epoch, float(scaled_loss(tf.constant([1.0, 1.0]))))
