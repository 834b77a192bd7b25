# source: https://www.tensorflow.org/guide/function#changing_python_global_and_free_variables
# run: wrong (graph printed 4 lines, eager 4; first difference: '2 2.0' vs '2 1.0')
# framework: TF
# property: P3
# Module level: a global loss scale is read by the step and lowered halfway through training.
import tensorflow as tf

loss_scale = 1.0


@tf.function
def scaled_loss(x):
    return tf.reduce_sum(x) * loss_scale  # label[g]: ACC6


for epoch in range(4):
    if epoch == 2:
        loss_scale = 0.5  # label[g]
    print(epoch, float(scaled_loss(tf.constant([1.0, 1.0]))))
