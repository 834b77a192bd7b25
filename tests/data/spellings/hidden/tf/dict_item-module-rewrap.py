# spelling: framework=tf what=dict_item who=module order=rewrap
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


CFG = {"scale": 2.0}


def f_impl(x):
    return x * CFG["scale"]  # read


f = tf.function(f_impl)


print(float(f(X)))
CFG["scale"] = 3.0
f = tf.function(f_impl)
print(float(f(X)))
