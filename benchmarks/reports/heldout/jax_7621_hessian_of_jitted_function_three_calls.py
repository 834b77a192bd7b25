# source: https://github.com/jax-ml/jax/issues/7621
# framework: JAX
# Written from the regression test of the pull request that fixed this issue (jax-ml/jax#7626;
# the test names this issue): `jax.hessian` of a jitted function called three times used to
# compile on every call (each vmap made a fresh axis name, a new cache key). Fixed: two
# compiles (the forward and the backward pass of a grad-of-jit), then cache hits.
# label: none
# verify: c.jax['<lambda>'] <= 2 and close(c.h3, e.h3)
import jax
import jax.numpy as jnp

f = lambda x: jnp.square(x).mean()
jf = jax.jit(f)
x = jax.random.uniform(jax.random.PRNGKey(0), shape=(8, 4))

h1 = jax.hessian(jf)(x).block_until_ready()
h2 = jax.hessian(jf)(x).block_until_ready()
h3 = jax.hessian(jf)(x).block_until_ready()
