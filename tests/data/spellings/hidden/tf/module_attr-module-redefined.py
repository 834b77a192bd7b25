# spelling: framework=tf what=module_attr who=module order=redefined
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


import spell_settings


@tf.function
def f(x):
    return x * spell_settings.scale  # read


print(float(f(X)))
spell_settings.scale = 3.0
@tf.function
def f(x):
    return x * spell_settings.scale  # read
print(float(f(X)))
