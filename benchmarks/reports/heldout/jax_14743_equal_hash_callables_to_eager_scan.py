# source: https://github.com/jax-ml/jax/issues/14743
# framework: JAX
# The report: two instances of a callable class with the same `__hash__` passed to an eager
# `jax.lax.scan` compile the scan twice ("unnecessary re-compiles"); jakevdp: equal hashes are
# not enough, `__eq__` must say the two are equal too. The user's two calls, written out one by
# one (a bounded set: two compiles).
# label: none
# verify: c.jax['scan'] == 2
import jax
import jax.numpy as jnp


class Identity():
    def __call__(self, *x):
        return x

    def __hash__(self):
        return 0


jax.config.update("jax_log_compiles", True)

s1 = Identity()
s2 = Identity()
assert hash(s1) == hash(s2)

_ = jax.lax.scan(s1, None, jnp.arange(3))
_ = jax.lax.scan(s2, None, jnp.arange(3))
