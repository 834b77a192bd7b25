# spelling: framework=tf what=module_attr who=module order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
import tensorflow as tf

X = tf.constant(1.0)


import spell_settings


@tf.function
def f(x):
    return x * spell_settings.scale  # read


for v in (2.0, 3.0, 4.0):
    spell_settings.scale = v
    print(float(f(X)))
