# source: blind56:tf_hidden_cfg_noise_2
# framework: TF
# A denoising autoencoder's tf.function train step reads the corruption level from its config
# object; a schedule helper lowers `cfg.noise_level` each epoch. The graph traced on the first
# step keeps the first level as a constant.
# verify: not close(c.losses, e.losses)
import dataclasses

import tensorflow as tf


@dataclasses.dataclass
class DAEConfig:
    noise_level: float = 0.5
    lr: float = 0.05


class DenoisingAE(tf.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.enc = tf.Variable(tf.eye(4) * 0.5)
        self.dec = tf.Variable(tf.eye(4) * 0.5)

    @tf.function
    def train_step(self, x):
        corrupted = x + self.cfg.noise_level * tf.ones_like(x)  # label[a]: ACC6
        with tf.GradientTape() as tape:
            recon = (corrupted @ self.enc) @ self.dec
            loss = tf.reduce_mean((recon - x) ** 2)
        g_enc, g_dec = tape.gradient(loss, [self.enc, self.dec])
        self.enc.assign_sub(self.cfg.lr * g_enc)
        self.dec.assign_sub(self.cfg.lr * g_dec)
        return loss


def lower_noise(cfg, epoch):
    cfg.noise_level = 0.5 / (epoch + 2)  # label[a]


model = DenoisingAE(DAEConfig())
batch = tf.ones((8, 4))
losses = []
for epoch in range(3):
    losses.append(model.train_step(batch))
    lower_noise(model.cfg, epoch)
