# source: https://www.tensorflow.org/guide/function#accumulating_values_in_a_loop
# run: error (InaccessibleTensorError: in user code:)
# framework: TF
# property: P9
# Module level: the step accumulates per-timestep outputs of a loop over a tensor in a list.
import tensorflow as tf


@tf.function
def unroll(xs):
    outs = []
    for x in xs:
        outs.append(x * 2)  # label: ACC205
    return tf.stack(outs)


print(unroll(tf.constant([1.0, 2.0, 3.0])).numpy().tolist())
