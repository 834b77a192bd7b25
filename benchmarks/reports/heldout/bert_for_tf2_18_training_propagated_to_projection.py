# source: https://github.com/kpe/bert-for-tf2/issues/18
# framework: TF
# Label: fine look-alike. The question: in `SingleTransformerEncoderLayer.call`, the
# `ProjectionLayer` is called without passing `training`; should it be? The author: Keras passes
# `training` (and `mask`) to nested layers by itself. Checked with Keras 3 on TF 2.21: a model
# built from the two layers drops out in a training call and not in an inference call, compiled
# with tf.function as in eager. The layers are cut to the dense/dropout/residual path.
# label: none
# verify: close(c.infer1, c.infer2) and not close(c.train1, c.infer1) and close(c.infer1, e.infer1)
import tensorflow as tf
from tensorflow import keras


class ProjectionLayer(keras.layers.Layer):
    def __init__(self, hidden_size, hidden_dropout=0.5, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(hidden_size)
        self.dropout = keras.layers.Dropout(rate=hidden_dropout)
        self.layer_norm = keras.layers.LayerNormalization()

    def call(self, inputs, mask=None, training=None):
        output, residual = inputs
        output = self.dense(output)
        output = self.dropout(output, training=training)
        return self.layer_norm(output + residual)


class SingleTransformerEncoderLayer(keras.layers.Layer):
    def __init__(self, hidden_size, **kwargs):
        super().__init__(**kwargs)
        self.intermediate_layer = keras.layers.Dense(hidden_size * 2, activation="gelu")
        self.projection_layer = ProjectionLayer(hidden_size)

    def call(self, inputs, mask=None, training=None):
        intermediate_output = self.intermediate_layer(inputs)
        return self.projection_layer([intermediate_output, inputs], mask=mask)


keras.utils.set_random_seed(0)
layer = SingleTransformerEncoderLayer(8)
x = tf.ones((2, 4, 8))


@tf.function
def run(x, training):
    return layer(x, training=training)


train1 = run(x, True)
infer1 = run(x, False)
infer2 = run(x, False)
print(train1, infer1)
