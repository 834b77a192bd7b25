# source: https://github.com/nakamasato/ml-training/blob/HEAD/tensorflow/parameter-server-training/tf_func_practice.py
# framework: TF
# Label: fine look-alike. `worker_fn` is a tf.function that calls `next(iterator)` on a
# tf.data iterator passed as its argument and adds the element to a variable; called once per
# element, it traces once (the iterator is a tensor-like argument) and advances the iterator on
# every call, so the final assert holds. `func_basic` (a tf.range loop assigning to a variable)
# is defined but not called by the script; it is kept. The author's code, unchanged.
# label: none
# verify: c.tf['worker_fn'] == 1
import tensorflow as tf


def func_basic():
    v = tf.Variable(1)

    @tf.function
    def f(x):
        for i in tf.range(x):
            v.assign_add(i)

    f(3)
    print(v)


def normal_variable():
    data = [1, 2, 3, 4, 5]

    def dataset_fn():
        return tf.data.Dataset.from_tensor_slices(data)

    v = tf.Variable(initial_value=0)

    print(v.read_value())
    @tf.function
    def worker_fn(iterator):
        v.assign_add(next(iterator))
        return v.read_value()

    iterator = iter(dataset_fn())
    for _ in range(len(data)):
        worker_fn(iterator)

    print(f"{v=}")
    print(f"{v.read_value()}")
    assert v.read_value() == sum(data)

normal_variable()
