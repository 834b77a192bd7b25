# source: https://bobondemon.github.io/2020/06/26/TF-Notes-some-TF2-x-eager-mode-practices/tf_dataset_api_cache_and_map.ipynb
# framework: TF
# label: none
# "tf.data.Dataset map(), cache(), and shuffle() notes": "if there has random ops in `func`, data
# will be affected by random op only once (first epoch)" when `cache()` comes after `map()`, while
# "`map()` Augmentation with `tf.random`: every epoch of dataset is RANDOM". The map function is
# traced once, but `tf.random.truncated_normal` is an op of the traced graph, drawn again for every
# element on every pass; only the cache replays the first pass. The notebook's `map_tf_randn` on
# its data, iterated for two epochs without and with `.cache()` after the map.
# verify: not close(c.uncached[0], c.uncached[1]) and close(c.cached[0], c.cached[1])
import numpy as np
import tensorflow as tf

rawvalue = np.arange(8, dtype=np.float32)
rawindex = np.arange(8, dtype=np.int64)


def map_tf_randn(v, i):
    return (tf.add(v, tf.random.truncated_normal(shape=())), i)


dataset = tf.data.Dataset.from_tensor_slices((rawvalue, rawindex)).batch(2)
dataset = dataset.map(map_tf_randn, num_parallel_calls=tf.data.experimental.AUTOTUNE)
uncached = [np.concatenate([d.numpy() for d, _ in dataset]) for _ in range(2)]

cached_dataset = dataset.cache()
cached = [np.concatenate([d.numpy() for d, _ in cached_dataset]) for _ in range(2)]
print(uncached, cached)
