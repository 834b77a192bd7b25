# spelling: framework=tf what=module_attr who=function order=loop_call_write
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


import spell_settings


@tf.function
def f(x):
    return x * spell_settings.scale  # read


def set_scale(v):
    spell_settings.scale = v


for v in (3.0, 4.0):
    print(float(f(X)))
    set_scale(v)
