# source: https://www.tensorflow.org/guide/random_numbers
# framework: TF
# "Random number generation" guide, "Interaction with tf.function": a `tf.random.Generator`
# created outside a tf.function and used inside it "obeys the same rules as tf.Variable": its
# state is a variable the graph reads and advances, so every call draws new numbers, and the
# sequence equals the eager one. The guide's pattern: `g = tf.random.Generator.from_seed(1)`,
# `@tf.function def foo(): return g.normal([])`, called three times. Fine.
# label: none
# verify: c.tf['foo'] == 1 and len(set(c.draws)) == 3 and close(c.draws, e.draws)
import tensorflow as tf

g = tf.random.Generator.from_seed(1)


@tf.function
def foo():
    return g.normal([])


draws = [float(foo()) for _ in range(3)]
print(draws)
