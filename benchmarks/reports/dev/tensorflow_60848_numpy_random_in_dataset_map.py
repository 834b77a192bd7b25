# source: https://github.com/tensorflow/tensorflow/issues/60848
# framework: TF
# `np.random.randint` in the function given to `Dataset.map`: map traces the function once, so
# the draw is a constant of the graph and every element of every epoch gets the same number
# (`tf.random.uniform` gives fresh values). The user's pandas records are a dict of lists here.
# verify: len(c.draws) == 10 and len(set(c.draws)) == 1
import numpy as np
import tensorflow as tf

dict_of_list = {"key": [0, 1, 2, 3, 4], "value": [0.1, 0.2, 0.3, 0.4, 0.5]}
dataset = tf.data.Dataset.from_tensor_slices(dict_of_list)


def test_function(x, f="key", low=0, high=100):
    x[f] = np.random.randint(low, high)  # label: ACC1
    return x


dataset = dataset.map(test_function)
draws = []
for i in range(2):
    for b in dataset:
        draws.append(int(b["key"]))
print(draws)
