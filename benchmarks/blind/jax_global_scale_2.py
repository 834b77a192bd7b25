# source: blind55:jax_global_scale_2
# framework: JAX
# The config dict is mutated by an "on epoch end" hook (dropout off after warmup); the jitted
# forward read cfg["keep"] while tracing and keeps the old value.
# verify: not close(c.outs, e.outs)
import jax
import jax.numpy as jnp

cfg = {"keep": 0.5, "epochs": 4}


def forward(x):
    return x * cfg["keep"]  # label[a]: ACC6


forward_jit = jax.jit(forward)


def on_epoch_end(epoch):
    if epoch >= 1:
        cfg["keep"] = 1.0  # label[a]


outs = []
for epoch in range(cfg["epochs"]):
    outs.append(float(forward_jit(jnp.ones(())).sum()))
    on_epoch_end(epoch)
