# source: https://github.com/tensorflow/tensorflow/issues/39369
# framework: TF
# Label: fine look-alike under today's TensorFlow. The report (TF 2.1): a model saved with
# `tf.saved_model.save` and a signature whose first dimension is None traced again for each batch
# size once loaded. With TF 2.21 the restored function traces once for six batch sizes
# (`experimental_get_tracing_count()` of the restored call is 1). A tf.Module with the same
# signature stands in for the reporter's custom Keras model, which the report does not show.
# label: none
# verify: c.count == 1
import tempfile

import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        self.w = tf.Variable(tf.ones([4, 2]))

    @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
    def __call__(self, x):
        return tf.matmul(x, self.w)


path = tempfile.mkdtemp()
tf.saved_model.save(Model(), path)
loaded = tf.saved_model.load(path)
for batch in [1, 2, 3, 4, 5, 6]:
    out = loaded(tf.ones([batch, 4]))
count = loaded.__call__.experimental_get_tracing_count()
print(count)
