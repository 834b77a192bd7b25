# source: https://www.tensorflow.org/guide/function#depending_on_python_objects
# run: wrong (graph printed 1 lines, eager 1; first difference: 'w 0.7' vs 'w 0.889')
# framework: TF
# property: P4
# Written after the stop-43 changes: a trainer class's compiled step takes an eq=False dataclass
# config, whose learning rate the driver lowers between epochs.
import dataclasses

import tensorflow as tf


@dataclasses.dataclass(eq=False)
class Config:
    lr: float = 0.1


class Trainer:
    def __init__(self):
        self.w = tf.Variable(1.0)
        self.step = tf.function(self._step)

    def _step(self, cfg, g):
        self.w.assign_sub(cfg.lr * g)  # label[g]: ACC6
        return self.w.read_value()


cfg = Config()
trainer = Trainer()
for epoch in range(3):
    trainer.step(cfg, tf.constant(1.0))
    cfg.lr = cfg.lr / 10  # label[g]
print("w", round(float(trainer.w.numpy()), 4))
