# source: blind56:tf_hidden_cfg_noise_fine_1
# framework: TF
# label: none
# The same schedule with the corruption level held in a tf.Variable on the config: the traced
# step reads the variable's current value, so every epoch uses its own level, one trace.
# verify: close(c.losses, e.losses) and c.tf['train_step'] == 1
import dataclasses

import tensorflow as tf


@dataclasses.dataclass
class DAEConfig:
    noise_level: tf.Variable = None
    lr: float = 0.05

    def __post_init__(self):
        self.noise_level = tf.Variable(0.5, trainable=False)


class DenoisingAE(tf.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.enc = tf.Variable(tf.eye(4) * 0.5)
        self.dec = tf.Variable(tf.eye(4) * 0.5)

    @tf.function
    def train_step(self, x):
        corrupted = x + self.cfg.noise_level * tf.ones_like(x)
        with tf.GradientTape() as tape:
            recon = (corrupted @ self.enc) @ self.dec
            loss = tf.reduce_mean((recon - x) ** 2)
        g_enc, g_dec = tape.gradient(loss, [self.enc, self.dec])
        self.enc.assign_sub(self.cfg.lr * g_enc)
        self.dec.assign_sub(self.cfg.lr * g_dec)
        return loss


def lower_noise(cfg, epoch):
    cfg.noise_level.assign(0.5 / (epoch + 2))


model = DenoisingAE(DAEConfig())
batch = tf.ones((8, 4))
losses = []
for epoch in range(3):
    losses.append(model.train_step(batch))
    lower_noise(model.cfg, epoch)
