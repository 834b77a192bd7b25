# source: blind56:jax_eqx_float_field_2
# framework: JAX
# A module's integer field counts the samples it has seen; the data loop bumps it through
# `eqx.tree_at` after every batch, and the filter_jit'd forward pass is traced once per count.
# verify: c.jax['forward'] >= 8
import equinox as eqx
import jax
import jax.numpy as jnp


class RunningScaler(eqx.Module):
    scale: jax.Array
    seen: int

    def bump(self, n):
        return eqx.tree_at(lambda m: m.seen, self, self.seen + n)  # label[a]


@eqx.filter_jit
def forward(scaler, x):
    return x * scaler.scale / (1.0 + scaler.seen)


def loader(n):
    for i in range(n):
        yield jnp.full((4,), float(i))


class Pipeline:
    def __init__(self):
        self.scaler = RunningScaler(jnp.float32(2.0), 0)

    def process(self, batch):
        out = forward(self.scaler, batch)  # label[a]: ACC5
        self.scaler = self.scaler.bump(batch.shape[0])
        return out


pipe = Pipeline()
outs = [pipe.process(b) for b in loader(10)]  # label[a]
