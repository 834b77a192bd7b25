# source: blind58:acc605_tf_fine_set_before_call_3
# framework: TF
# label: none
# The enclosing function's local weight is rebound by the config branch after the tf.function
# is defined but before its first call, and never again: the trace reads the final value.
# verify: close(c.outs, e.outs) and c.tf['scaled'] == 1
import tensorflow as tf


def evaluate(config):
    weight = 1.0

    @tf.function
    def scaled(x):
        return x * weight

    if config.get("double"):
        weight = 2.0
    return [scaled(tf.constant([1.0, float(i)])).numpy() for i in range(3)]


outs = evaluate({"double": True})
