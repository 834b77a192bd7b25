# source: https://www.tensorflow.org/guide/data#applying_arbitrary_python_logic
# run: wrong (graph printed 2 lines, eager 2; first difference: '1 [1.0, 2.0]' vs '1 [10.0, 20.0]')
# framework: TF
# property: P3
# A helper maps token ids through a module-level table; the table is extended before the second
# epoch, and the mapped function, traced once at map(), keeps the first table.
import tensorflow as tf

BOOST = {"scale": 1.0}


def scale_ids(x):
    return x * BOOST["scale"]  # label[g]: ACC6


def make_dataset():
    return tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(scale_ids)


ds = make_dataset()
for epoch in range(2):
    print(epoch, [float(v) for v in ds])
    BOOST["scale"] = 10.0  # label[g]
