# source: https://www.tensorflow.org/guide/function#changing_python_global_and_free_variables
# run: fine (same output as eager)
# framework: TF
# property: P3
# label: none
# Setup before the first call: the global is rebound once, before anything is traced.
import tensorflow as tf

loss_scale = 1.0


@tf.function
def scaled_loss(x):
    return tf.reduce_sum(x) * loss_scale


def main():
    global loss_scale
    loss_scale = 0.5
    for epoch in range(3):
        print(epoch, float(scaled_loss(tf.constant([1.0, 1.0]))))


main()
