# source: https://www.ancisoft.com/blog/use-dictionary-in-tf-function-input-signature-in-tensorflow-2-0/
# framework: TF
# label: none
# A blog post on dictionaries in `tf.function`'s `input_signature`: model inputs with keys such
# as `image` and `metadata` and varying batch or sequence sizes; declaring the dict's
# `tf.TensorSpec`s with `None` dimensions makes one graph serve every shape. Reduced to that
# pattern with three differently shaped calls: one trace, results equal eager's.
# verify: c.tf['process'] == 1 and close(c.results, e.results)
import tensorflow as tf


@tf.function(
    input_signature=[
        {
            "image": tf.TensorSpec(shape=[None, None, 3], dtype=tf.float32),
            "metadata": tf.TensorSpec(shape=[None], dtype=tf.float32),
        }
    ]
)
def process(inputs):
    image_mean = tf.reduce_mean(inputs["image"], axis=[0, 1])
    return tf.reduce_sum(image_mean) + tf.reduce_sum(inputs["metadata"])


results = []
for h, w, m in [(4, 4, 2), (8, 6, 3), (5, 9, 1)]:
    batch = {"image": tf.ones((h, w, 3)), "metadata": tf.range(m, dtype=tf.float32)}
    results.append(float(process(batch)))
print(results)
