# source: blind58:acc601_jax_generator_rebind_5
# framework: JAX
# A data generator rebinds a module-level normalisation mean (`global`) each time it yields
# a new shard; the jitted preprocessing traced with the first shard's mean keeps it.
# verify: not close(c.outs, e.outs)
import jax
import jax.numpy as jnp

MEAN = 0.0


def shards(n):
    global MEAN
    for i in range(n):
        data = jnp.arange(4.0) + 10 * i
        MEAN = float(data.mean())  # label[a]
        yield data


preprocess = jax.jit(lambda x: x - MEAN)  # label[a]: ACC601

outs = [preprocess(shard) for shard in shards(4)]
