# source: https://github.com/JayYip/m3tl/issues/115
# framework: TF
# DLPerf's report on read_write_tfrecord.py (at a948cc9): `reshape_tensors_in_dataset` defines the
# tf.function `_reshape_tensor` inside it and calls it for each feature, and it is called for every
# problem in a loop (through `dataset.map`), so each problem builds and traces a new tf.function;
# the maintainer asked for a PR, and later versions define `_reshape_tensor` at module level.
# The TFRecord reading is replaced by in-memory examples with the same sparse-to-dense and
# reshape steps; four problems with two features each. Checked: `_reshape_tensor` traces on
# every problem (8 traces).
# verify: c.tf['_reshape_tensor'] >= 4
import tensorflow as tf


def reshape_tensors_in_dataset(example, feature_desc_dict):
    @tf.function
    def _reshape_tensor(tensor, shape_tensor, shape_tensor_in_dict):  # label[a]: ACC5
        if tf.equal(tf.size(tensor), 0):
            if tf.equal(tf.size(shape_tensor), 0):
                return tf.zeros(shape=shape_tensor_in_dict, dtype=tensor.dtype)
            else:
                return tf.zeros(shape=shape_tensor, dtype=tensor.dtype)
        return tf.reshape(tensor, shape=shape_tensor)

    for feature_key in example:
        example[feature_key] = tf.sparse.to_dense(example[feature_key])
    for feature_key in example:
        if "_shape" in feature_key:
            continue
        shape_tensor = example["{}_shape".format(feature_key)]
        shape_tensor_in_dict = tf.convert_to_tensor(
            feature_desc_dict[feature_key + "_shape_value"], dtype=tf.int32)
        example[feature_key] = _reshape_tensor(
            example[feature_key], shape_tensor, shape_tensor_in_dict)
    for feature_key in list(example.keys()):
        if "_shape" in feature_key:
            del example[feature_key]
    return example


def make_example(problem):
    ids = tf.sparse.from_dense(tf.range(1, 7, dtype=tf.int64))
    label = tf.sparse.from_dense(tf.constant([problem + 1], dtype=tf.int64))
    return {
        "input_ids": ids,
        "input_ids_shape": tf.sparse.from_dense(tf.constant([2, 3], dtype=tf.int32)),
        "label_ids": label,
        "label_ids_shape": tf.sparse.from_dense(tf.constant([1], dtype=tf.int32)),
    }


feature_desc_dict = {"input_ids_shape_value": [2, 3], "label_ids_shape_value": [1]}
dataset_dict = {}
for problem in range(4):
    dataset = tf.data.Dataset.from_tensors(make_example(problem))
    dataset = dataset.map(lambda x: reshape_tensors_in_dataset(x, feature_desc_dict))  # label[a]
    dataset_dict[problem] = dataset
print({p: next(iter(d))["input_ids"].shape for p, d in dataset_dict.items()})
