# source: https://github.com/dynastes-team/dynastes/issues/4
# framework: TF
# A static checker's report on tests/t2t_attention_layers_test.py: `test_layer` defines the
# tf.function `test_func` and calls it, and the test calls `test_layer` in a loop over
# configurations, so each configuration makes a new tf.function that traces again. Written from
# the report's description of the structure (its code is in the linked repository): the
# attention layer is a Dense layer and the configurations `num_configs` layers built on one
# input shape.
# verify: c.tf['test_func'] >= 8
import tensorflow as tf


def test_layer(layer, x):
    @tf.function  # label[s]
    def test_func(x):
        return layer(x)

    return test_func(x)  # label[s]: ACC5


num_configs = 10
x = tf.ones((2, 4))
for config in range(num_configs):
    layer = tf.keras.layers.Dense(4, use_bias=config % 2 == 0)
    test_layer(layer, x)  # label[s]
