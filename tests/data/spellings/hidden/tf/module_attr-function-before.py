# spelling: framework=tf what=module_attr who=function order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


import spell_settings


@tf.function
def f(x):
    return x * spell_settings.scale  # read


def set_scale(v):
    spell_settings.scale = v


set_scale(3.0)
print(float(f(X)))
print(float(f(X)))
