# source: https://www.tensorflow.org/guide/function#depending_on_python_objects
# run: wrong (graph printed 3 lines, eager 3; first difference: '1 3.0' vs '1 1.5')
# framework: TF
# property: P4
# In main(), a hyperparameter dataclass is handed to the step and annealed between epochs.
import dataclasses

import tensorflow as tf


@dataclasses.dataclass(eq=False)
class Hparams:
    beta: float = 1.0


@tf.function
def loss_fn(hp, x):
    return tf.reduce_sum(x) * hp.beta  # label[g]: ACC6


def main():
    hp = Hparams()
    for epoch in range(3):
        print(epoch, float(loss_fn(hp, tf.constant([1.0, 2.0]))))
        hp.beta = hp.beta * 0.5  # label[g]


main()
