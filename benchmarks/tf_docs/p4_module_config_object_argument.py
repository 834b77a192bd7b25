# source: https://www.tensorflow.org/guide/function#depending_on_python_objects
# run: wrong (graph printed 3 lines, eager 3; first difference: '1 4.0' vs '1 2.0')
# framework: TF
# property: P4
# Module level: a config object is passed to the step, and its dropout rate is changed in place.
import tensorflow as tf


class Config:
    def __init__(self):
        self.keep = 1.0


@tf.function
def forward(cfg, x):
    return x * cfg.keep  # label[g]: ACC6


cfg = Config()
for epoch in range(3):
    print(epoch, float(forward(cfg, tf.constant(4.0))))
    cfg.keep = 0.5  # label[g]
