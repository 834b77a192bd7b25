# source: https://github.com/google-research/seed_rl/issues/52
# framework: TF
# The user updates a Python counter (`a += 1`) and draws `np.random.random()` inside a
# tf.function and finds neither changes between calls: both run only while the function is
# traced. (Reduced from the thread's `random1` example and its description.)
# verify: c.a == 1 and e.a == 5
# verify: len(set(c.draws)) == 1 and len(set(e.draws)) == 5
import numpy as np
import tensorflow as tf

a = 0


@tf.function
def random1():
    global a
    a += 1  # label: ACC4
    i = np.random.random()  # label: ACC1
    tf.print("number_random", i)
    return tf.constant(i)


draws = [float(random1()) for _ in range(5)]
