# source: https://github.com/tensorflow/tensorflow/issues/33453
# framework: TF
# "tf.print operations inside tf.function do not print in order": `find_next_odd` prints a
# `tf.Variable`, increments it, prints it, and on `if v % 2 == 0` increments and prints again.
# AutoGraph turns the `if` on the variable into a `tf.cond`, so the branch runs on the value;
# the ordering of the printed lines was a TF 2.0 quirk fixed in nightly. Today: the variable
# ends at 7 as it does eagerly. The report's function.
# label: none
# verify: int(c.v.numpy()) == 7 and close(c.v, e.v)
import tensorflow as tf

v = tf.Variable(5)


@tf.function
def find_next_odd():
    tf.print('1:', v)
    v.assign(v + 1)
    tf.print('2:', v)
    if v % 2 == 0:
        v.assign(v + 1)
        tf.print('3:', v)


find_next_odd()
print(v.numpy())
