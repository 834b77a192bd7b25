# source: https://www.tensorflow.org/guide/function#executing_python_side_effects
# run: wrong (graph printed 1 lines, eager 1; first difference: 'evaluations recorded 1' vs 'evaluations recorded 5')
# framework: TF
# property: P1
# The loop in main() keeps a history list that the tf.function appends to (the guide's
# `external_list.append(x)`), then averages it.
import tensorflow as tf

history = []


@tf.function
def evaluate(x):
    loss = tf.reduce_sum(x * x)
    history.append(loss)  # label: ACC406
    return loss


def main():
    for i in range(5):
        evaluate(tf.constant([1.0, float(i)]))
    print("evaluations recorded", len(history))


main()
