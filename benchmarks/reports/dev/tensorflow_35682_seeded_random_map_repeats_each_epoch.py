# source: https://github.com/tensorflow/tensorflow/issues/35682
# framework: TF
# "tf.data.Dataset.map repeats random numbers in each epoch of a Keras training loop when a
# graph-level seed is set": the map function draws with `tf.random.uniform` and no op seed, and
# with `tf.random.set_seed` called first every epoch sees the same draws, so the augmentation
# never changes. The map function is traced once; each new iterator (one per epoch) restarts
# its random kernels from the seed fixed at trace time. Run with the map function executed
# eagerly (tf.data debug mode, switched on here in the eager twin) the epochs differ. Reduced:
# two passes over a three-element dataset stand in for the Keras epochs.
# verify: c.same and not e.same
import tensorflow as tf

if tf.config.functions_run_eagerly():
    tf.data.experimental.enable_debug_mode()  # the eager twin runs the map function eagerly too

tf.random.set_seed(0)
dataset = tf.data.Dataset.range(3).map(lambda i: tf.random.uniform(()))  # label: ACC1
epochs = [[float(v) for v in dataset] for _ in range(2)]
same = epochs[0] == epochs[1]
print(epochs, same)
