# source: https://github.com/florence-bockting/elicito/pull/52
# framework: TF
# "Compile the training with tf.function": the PR makes one epoch a traced graph and notes that
# a graph cannot rely on `tf.random.set_seed` (the per-epoch seeding the eager loop used), so
# every draw is given a stateless seed pair instead. Here the eager loop's seeding is kept
# beside a traced simulation step: `tf.random.set_seed(seed + epoch)` runs before each call, but
# the traced `tf.random.normal` took its seed when the function was traced, so every epoch
# simulates the same draws; eagerly each epoch has its own. The generative model is a scaled
# normal draw.
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
