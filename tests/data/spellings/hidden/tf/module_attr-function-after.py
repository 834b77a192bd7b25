# spelling: framework=tf what=module_attr who=function order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
import tensorflow as tf

X = tf.constant(1.0)


import spell_settings


@tf.function
def f(x):
    return x * spell_settings.scale  # read


def set_scale(v):
    spell_settings.scale = v


print(float(f(X)))
print(float(f(X)))
set_scale(3.0)
