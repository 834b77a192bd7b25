# spelling: framework=tf what=dict_item who=module order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
import tensorflow as tf

X = tf.constant(1.0)


CFG = {"scale": 2.0}


@tf.function
def f(x):
    return x * CFG["scale"]  # read


print(float(f(X)))
print(float(f(X)))
CFG["scale"] = 3.0
