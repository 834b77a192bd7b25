# source: https://www.tensorflow.org/guide/function#using_python_iterators_and_generators
# run: wrong (graph printed 3 lines, eager 3; first difference: '1 1.0' vs '1 0.5')
# framework: TF
# property: P8
# In main(), a generator of learning rates is consumed by the compiled step.
import tensorflow as tf


def schedule():
    lr = 1.0
    while True:
        yield lr
        lr /= 2


def main():
    lrs = schedule()

    @tf.function
    def step(g):
        return g * next(lrs)  # label: ACC603

    for i in range(3):
        print(i, float(step(tf.constant(1.0))))


main()
