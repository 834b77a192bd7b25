# spelling: framework=tf what=dict_item who=module order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
import tensorflow as tf

X = tf.constant(1.0)


CFG = {"scale": 2.0}


@tf.function
def f(x):
    return x * CFG["scale"]  # read


for v in (2.0, 3.0, 4.0):
    CFG["scale"] = v
    print(float(f(X)))
