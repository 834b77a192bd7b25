# source: https://www.tensorflow.org/guide/data#applying_arbitrary_python_logic
# run: wrong (graph printed 3 lines, eager 7; first difference: '[2.0, 4.0]' vs 'parsing a record')
# framework: TF
# property: P1
# A helper builds the input pipeline; its parse function reports each record with print.
import tensorflow as tf


def parse(x):
    print("parsing a record")  # label: ACC401
    return x * 2


def make_dataset(values):
    ds = tf.data.Dataset.from_tensor_slices(values)
    ds = ds.map(parse)
    return ds.batch(2)


for batch in make_dataset([1.0, 2.0, 3.0, 4.0]):
    print([float(v) for v in batch.numpy()])
