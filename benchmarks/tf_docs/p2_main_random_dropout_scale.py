# source: https://www.tensorflow.org/guide/function#executing_python_side_effects
# run: wrong (graph printed 1 lines, eager 1; first difference: 'distinct rates 1' vs 'distinct rates 5')
# framework: TF
# property: P2
# In main(), a step function defined there draws a dropout rate with Python's random module.
import random

import tensorflow as tf


def main():
    @tf.function
    def step(x):
        rate = random.uniform(0.1, 0.5)  # label: ACC101
        return x * (1.0 - rate)

    seen = {round(float(step(tf.constant(1.0))), 4) for _ in range(5)}
    print("distinct rates", len(seen))


if __name__ == "__main__":
    main()
