# source: https://www.tensorflow.org/guide/function#using_python_iterators_and_generators
# run: wrong (graph printed 1 lines, eager 1; first difference: '[1.0, 1.0, 1.0]' vs '[1.0, 2.0, 3.0]')
# framework: TF
# property: P8
# Written after the stop-43 changes: in main(), a zip of inputs and targets is advanced by the step.
import tensorflow as tf


def main():
    xs = [tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)]
    ys = [tf.constant(2.0), tf.constant(4.0), tf.constant(6.0)]
    pairs = zip(xs, ys)

    @tf.function
    def step():
        x, y = next(pairs)  # label: ACC603
        return y - x

    print([float(step()) for _ in range(3)])


main()
