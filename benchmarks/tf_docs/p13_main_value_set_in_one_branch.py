# source: https://www.tensorflow.org/guide/function#conditionals
# run: error (ValueError: in user code:)
# framework: TF
# property: P13
# In main(), a compiled step names its scale only when the loss is large, then uses it.
import tensorflow as tf


def main():
    @tf.function
    def step(loss):
        if loss > 1.0:  # label: ACC2
            scale = 0.5
        else:
            pass
        return loss * scale

    print(float(step(tf.constant(3.0))))


main()
