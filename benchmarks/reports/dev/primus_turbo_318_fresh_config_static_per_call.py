# source: https://github.com/AMD-AGI/Primus-Turbo/pull/318
# framework: JAX
# A review comment on the PR: `Config` is now a pybind11 class; "when passed explicitly into
# moe_dispatch / moe_combine under jax.jit ... it will be treated as a static argument and JAX
# cache keys will typically use object identity unless __hash__/__eq__ are defined. This can
# cause unexpected recompilations when callers create a fresh Config(...) each call even if the
# field values are identical." The C++ binding is replaced by a plain class with the same fields
# and no `__hash__`/`__eq__` (identity, as the comment says); the dispatch kernel is a stand-in.
# Checked: eight calls with a fresh `get_dispatch_config()` each trace eight times.
# verify: c.jax['moe_dispatch'] >= 8
from functools import partial

import jax
import jax.numpy as jnp


class Config:
    def __init__(self, num_sms, nvl_chunk_size):
        self.num_sms = num_sms
        self.nvl_chunk_size = nvl_chunk_size


def get_dispatch_config():
    return Config(num_sms=24, nvl_chunk_size=8)


@partial(jax.jit, static_argnames=("config",))
def moe_dispatch(x, topk_idx, config):
    return jnp.take(x, topk_idx, axis=0) * config.num_sms


x = jnp.ones((16, 4))
topk_idx = jnp.arange(8)
for step in range(8):
    out = moe_dispatch(x, topk_idx, config=get_dispatch_config())  # label: ACC5
print(out.sum())
