# source: https://github.com/tensorflow/tensorflow/issues/43555
# framework: TF
# The thread's reduction: a Keras layer class defined inside the loop and a new model built and
# asked to predict on every pass, with retracing warnings. Each model traces its own predict
# function once; nothing is retraced for a model already seen: the warnings count ten models.
# Fine. (Keras 3 refuses the comment's `Input(tensor=...)` and a list as `x`: a plain
# `Input(shape=(1,))` and an array.)
# label: none
# verify: sum(c.tf.values()) <= 10 * 2
import numpy as np
import tensorflow as tf

for ii in range(10):
    class MyLayer(tf.keras.layers.Layer):
        def __init__(self, **kwargs):
            super(MyLayer, self).__init__(**kwargs)

        def call(self, inputs, training=None):
            return inputs

    i1 = tf.keras.Input(shape=(1,))
    logits = MyLayer()(i1)
    model = tf.keras.Model(inputs=i1, outputs=logits)
    print(model.predict(x=np.array([[0.0], [1.0], [3.0]]), batch_size=1, verbose=0))
