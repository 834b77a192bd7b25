# source: https://www.tensorflow.org/api_docs/python/tf/function
# framework: TF
# The `tf.function` API page: "func may also use ops with side effects, such as tf.print,
# tf.Variable and others", but `l = []; def f(x): for i in x: l.append(i + 1)  # Caution! Will
# only happen once when tracing`, and recommends `tf.TensorArray` instead. The page's example,
# called twice: AutoGraph turns the loop over the tensor into a graph loop whose body is traced
# once, so the list gets one symbolic tensor, where the eager function appends six values.
# verify: c.appended == 1 and e.appended == 6
import tensorflow as tf

l = []


@tf.function
def f(x):
    for i in x:
        l.append(i + 1)  # label: ACC4


f(tf.constant([1, 2, 3]))
f(tf.constant([4, 5, 6]))
appended = len(l)
print(appended)
