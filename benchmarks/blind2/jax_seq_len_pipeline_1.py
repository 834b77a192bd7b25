# source: blind56:jax_seq_len_pipeline_1
# framework: JAX
# A text data pipeline yields each batch at the length of its longest sentence (no padding
# to a bucket), and the model's jitted loss sees a new shape almost every batch: one trace
# per distinct length.
# verify: c.jax['loss_and_grad'] >= 8
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass
class DataConfig:
    batch_size: int = 4
    max_len: int = 40
    vocab: int = 50


def sentence_batches(cfg: DataConfig, n_batches, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n_batches):
        lengths = rng.integers(3, cfg.max_len, size=cfg.batch_size)
        longest = int(lengths.max())
        tokens = np.zeros((cfg.batch_size, longest), dtype=np.int32)
        for row, n in enumerate(lengths):
            tokens[row, :n] = rng.integers(1, cfg.vocab, size=n)
        yield tokens


@jax.jit
def loss_and_grad(emb, tokens):
    def loss(e):
        h = e[tokens].mean(axis=1)
        return jnp.mean(h ** 2)

    return jax.value_and_grad(loss)(emb)


class LanguageModelTrainer:
    def __init__(self, cfg):
        self.emb = jnp.ones((cfg.vocab, 8)) * 0.1

    def step(self, tokens):
        loss, g = loss_and_grad(self.emb, tokens)  # label[a]: ACC5
        self.emb = self.emb - 0.1 * g
        return loss


cfg = DataConfig()
trainer = LanguageModelTrainer(cfg)
losses = [trainer.step(t) for t in sentence_batches(cfg, 12)]  # label[a]
