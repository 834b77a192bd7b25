# source: blind57:tf_data_map_np_random_1
# framework: TF
# A jitter augmentation draws its noise scale with NumPy inside a `.map` function built by
# an augmentation factory; `.map` traces the function once, so every element of every epoch
# gets the same "random" scale.
# verify: len({round(float(v), 5) for v in c.ratios}) == 1
import numpy as np
import tensorflow as tf

AUG = {"jitter": 0.3}


def make_jitter(cfg):
    def jitter(x):
        scale = 1.0 + np.random.uniform(-cfg["jitter"], cfg["jitter"])  # label: ACC1
        return x * scale

    return jitter


def build_pipeline(cfg):
    ds = tf.data.Dataset.from_tensor_slices(np.ones((12, 2), np.float32))
    return ds.map(make_jitter(cfg)).batch(4)


def collect(ds, epochs=2):
    return [float(v) for _ in range(epochs) for b in ds for v in b[:, 0].numpy()]


np.random.seed(0)
ratios = collect(build_pipeline(AUG))
