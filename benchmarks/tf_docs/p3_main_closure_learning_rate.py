# source: https://www.tensorflow.org/guide/function#changing_python_global_and_free_variables
# run: wrong (graph printed 1 lines, eager 1; first difference: 'w 0.6' vs 'w 0.8125')
# framework: TF
# property: P3
# In main(), the step closes over main's learning rate, which a schedule decays every epoch.
import tensorflow as tf


def main():
    w = tf.Variable(1.0)
    lr = 0.1

    @tf.function
    def train_step(g):
        w.assign_sub(lr * g)  # label[g]: ACC6
        return w.read_value()

    for epoch in range(4):
        train_step(tf.constant(1.0))
        lr = lr * 0.5  # label[g]
    print("w", round(float(w.numpy()), 4))


main()
