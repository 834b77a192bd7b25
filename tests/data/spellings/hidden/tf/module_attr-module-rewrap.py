# spelling: framework=tf what=module_attr who=module order=rewrap
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


import spell_settings


def f_impl(x):
    return x * spell_settings.scale  # read


f = tf.function(f_impl)


print(float(f(X)))
spell_settings.scale = 3.0
f = tf.function(f_impl)
print(float(f(X)))
