# source: blind56:jax_seq_len_pipeline_fine_1
# framework: JAX
# label: none
# The same text pipeline, but it pads each batch up to one of two bucket lengths, so the jitted
# loss sees at most two shapes however many batches come.
# verify: c.jax['loss_and_grad'] <= 2
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass
class DataConfig:
    batch_size: int = 4
    max_len: int = 40
    vocab: int = 50
    buckets: tuple = (20, 40)


def bucket_for(cfg, length):
    return next(b for b in cfg.buckets if length <= b)


def sentence_batches(cfg: DataConfig, n_batches, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n_batches):
        lengths = rng.integers(3, cfg.max_len, size=cfg.batch_size)
        width = bucket_for(cfg, int(lengths.max()))
        tokens = np.zeros((cfg.batch_size, width), dtype=np.int32)
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
        loss, g = loss_and_grad(self.emb, tokens)
        self.emb = self.emb - 0.1 * g
        return loss


cfg = DataConfig()
trainer = LanguageModelTrainer(cfg)
losses = [trainer.step(t) for t in sentence_batches(cfg, 12)]
