# source: https://www.tensorflow.org/guide/function#accumulating_values_in_a_loop
# run: error (InaccessibleTensorError: in user code:)
# framework: TF
# property: P9
# In main(), a compiled rollout grows a list in a while loop whose condition is a tensor.
import tensorflow as tf


def main():
    @tf.function
    def rollout(state, horizon):
        states = []
        t = tf.constant(0)
        while t < horizon:
            state = state * 0.5
            states.append(state)  # label: ACC205
            t += 1
        return tf.stack(states)

    print(rollout(tf.constant(8.0), tf.constant(3)).numpy().tolist())


main()
