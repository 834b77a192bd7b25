# source: https://github.com/tensorflow/tensorflow/issues/32842
# framework: TF
# `Dataset.map` over elements that are Python dicts of tensors: the mapping function calls
# `.numpy()` on a feature and fails, because `map` traces the function into a graph and the
# features are symbolic tensors there, even with eager execution on ("I was really expecting
# that TF 2.0 ... would really execute the whole code eagerly"). The error is caught.
# The mapping function is the one a reply in the thread posts (the user's own is not stored).
# verify: c.error is not None and "numpy" in c.error
import tensorflow as tf

dataset = tf.data.Dataset.from_tensor_slices({"text": ["a b", "c d e"], "label": [0, 1]})


def parse_str(features):
    raw_string = features["text"].numpy().decode("utf-8")  # label: ACC3
    features["text"] = "AAA" + raw_string
    return features


error = None
try:
    dataset = dataset.map(parse_str)
    for element in dataset:
        print(element)
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
