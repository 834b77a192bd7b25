# source: https://github.com/tensorflow/tensorflow/issues/35403
# framework: TF
# `load_image`, given to `Dataset.map`, picks the label with a conditional expression on
# `tf.strings.regex_full_match(img_path, ...)`, a tensor; the report (TF 2.2) is "using a
# `tf.Tensor` as a Python `bool` is not allowed". On TF 2.21 AutoGraph converts the conditional
# expression in a map function and the labels are right. Fine today. (File paths from a list;
# the image decoding is left out.)
# label: none
# verify: c.error is None and c.labels == [1, 0]
import tensorflow as tf


def load_image(img_path, size=(32, 32)):
    label = tf.constant(1, tf.int8) if tf.strings.regex_full_match(img_path, ".*automobile.*") \
        else tf.constant(0, tf.int8)
    return img_path, label


error = None
try:
    ds_train = tf.data.Dataset.from_tensor_slices(
        ["train/automobile/1.jpg", "train/airplane/2.jpg"]).map(load_image)
    labels = [int(lab) for _, lab in ds_train]
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
