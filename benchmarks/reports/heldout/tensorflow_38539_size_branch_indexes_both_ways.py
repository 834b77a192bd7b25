# source: https://github.com/tensorflow/tensorflow/issues/38539
# framework: TF
# "tf.function decorated functions fail in graph mode if any of the branches of conditionals
# would be invalid at runtime": `if tf.size(tensor) == 2: return tensor[1] else: return
# tensor[0]` works eagerly; in graph mode AutoGraph turns the `if` on a tensor into a `tf.cond`
# that traces both branches, and `tensor[1]` of a length-1 input fails while tracing. The
# report's function and calls (with `tf.config.run_functions_eagerly` left to the eager twin).
# verify: c.error is not None and e.error is None
import tensorflow as tf


@tf.function
def test_function(tensor):
    if tf.size(tensor) == 2:  # label: ACC2
        return tensor[1]
    else:
        return tensor[0]


error = None
results = []
try:
    results.append(test_function(tf.constant([1])))
    results.append(test_function(tf.constant([1, 2])))
    results.append(test_function(tf.constant([1, 2, 3])))
except Exception as exc:
    error = type(exc).__name__
print(error, results)
