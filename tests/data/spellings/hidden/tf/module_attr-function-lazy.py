# spelling: framework=tf what=module_attr who=function order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


import spell_settings
spell_settings.scale = None


@tf.function
def f(x):
    return x * spell_settings.scale  # read


def set_scale(v):
    spell_settings.scale = v


for step in range(3):
    if spell_settings.scale is None:
        set_scale(3.0)
    print(float(f(X)))
