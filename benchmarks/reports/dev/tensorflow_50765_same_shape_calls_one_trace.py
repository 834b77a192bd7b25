# source: https://github.com/tensorflow/tensorflow/issues/50765
# framework: TF
# Label: fine look-alike. In a thread on RAM growth in custom training loops with
# `tf.function`, a user reduces it to an identity function called in a loop with one tensor of
# one shape ("it is not an issue about not passing tensorflow objects to the wrapper, neither
# about having the shape of the tensor changing"). As to traces the loop is fine: the function
# is traced once and every later call reuses it (the memory growth reported is in TensorFlow's
# runtime, not a retrace). The report's `range(100000000)` is shortened to 1000 calls to run.
# label: none
# verify: c.tf['operate'] == 1 and c.s.shape == (6, 6, 7)
import tensorflow as tf

@tf.function
def operate(img):
    return img

img = tf.zeros((6,6,7))
for i in range (1000):
    if i%20000==0: print('hi')
    s= operate(img)
