# source: https://github.com/florence-bockting/elicito/pull/52
# framework: TF
# "Compile the training with tf.function": the PR makes one epoch a traced graph and notes that
# a graph cannot use `tf.random.set_seed` (the seeding wrapper of the eager forward simulation),
# "it clears the kernel caches, and the next call rebuilds the whole graph", so every draw is
# given a stateless seed pair instead. Here the wrapper's seeding is kept beside a traced
# simulation step: `tf.random.set_seed(seed + epoch)` runs before each call. On TF 2.21 the
# function is not traced again (one trace), and its `tf.random.normal` restarts from the seed
# it took when traced, so every epoch simulates the same draws; eagerly each epoch has its own.
# The generative model is a scaled normal draw.
# verify: c.same and not e.same
import tensorflow as tf


@tf.function
def simulate(scale):
    return scale * tf.random.normal((3,))


seed = 7
draws = []
for epoch in range(4):
    tf.random.set_seed(seed + epoch)  # label[s]
    draws.append(simulate(tf.constant(1.0)).numpy().tolist())  # label[s]: ACC6
same = all(d == draws[0] for d in draws)
print(same)
