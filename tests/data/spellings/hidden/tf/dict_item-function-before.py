# spelling: framework=tf what=dict_item who=function order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


CFG = {"scale": 2.0}


@tf.function
def f(x):
    return x * CFG["scale"]  # read


def set_scale(v):
    CFG.update(scale=v)


set_scale(3.0)
print(float(f(X)))
print(float(f(X)))
