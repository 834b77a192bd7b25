# source: https://github.com/jcmgray/autoray/issues/27
# framework: JAX
# autoray keeps one global JAX key and splits it on every `do("random.normal", like="jax")`.
# Under `jax.jit` the split runs once, while tracing: the key is read then (a constant of the
# trace) and the write stores a tracer, so every later call of `sampler()` returns the same
# sample (the report prints 0.11975035 ten times); eagerly each call draws anew. autoray's
# helper is written out here (a module-level key, split on each draw), the user's loop kept.
# verify: close(c.samples[0], c.samples[9]) and not close(e.samples[0], e.samples[9])
import jax

_JAX_KEY = jax.random.PRNGKey(0)


def jax_random_get_key():
    global _JAX_KEY
    _JAX_KEY, subkey = jax.random.split(_JAX_KEY)  # label: ACC4
    return subkey


@jax.jit
def sampler():
    return jax.random.normal(key=jax_random_get_key())


samples = []
for _ in range(10):
    samples.append(sampler())
    print(samples[-1])
