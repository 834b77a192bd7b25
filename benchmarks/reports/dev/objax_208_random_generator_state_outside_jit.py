# source: https://github.com/google/objax/issues/208
# framework: JAX
# objax's `DEFAULT_GENERATOR` holds its key in a variable that `objax.Jit(function,
# VarCollection())` does not know about: the jitted function reads the key once, while
# tracing, and its write of the split key does not outlive the trace, so three calls return
# the same number (0.58595073); unjitted they differ. objax is not installed: its generator is
# written out (a key attribute split on each draw) and `objax.Jit` with an empty collection is
# `jax.jit`.
# verify: close(c.outs[0], c.outs[2]) and not close(e.outs[0], e.outs[2])
import jax


class Generator:
    def __init__(self, seed=0):
        self.key = jax.random.PRNGKey(seed)

    def __call__(self):
        self.key, k = jax.random.split(self.key)  # label: ACC4
        return k


DEFAULT_GENERATOR = Generator()


def uniform(shape):
    return jax.random.uniform(DEFAULT_GENERATOR(), shape)


def function():
    d = uniform((1,))
    return d


function_jit = jax.jit(function)
outs = [function_jit() for _ in range(3)]
print(outs)
