# source: https://github.com/jax-ml/jax/issues/4085
# framework: JAX
# jakevdp's example in the thread: jit flattens a dict by its sorted keys, so the same dict with
# its keys in another order is the same cache key: `first_value(x2)` reuses the trace made for
# `x1` ("this is a very good thing, because it avoids unexpected recompilations"). One trace for
# the two calls. (Which value comes first differs from eager Python, the thread's subject; no
# family of this corpus states it, so it is not labelled.)
# label: none
# verify: c.jax['first_value'] == 1
import jax
import jax.numpy as jnp


@jax.jit
def first_value(x: dict[str, jax.Array]) -> jax.Array:
    first_key = next(iter(x))
    return x[first_key]


x1 = {'a': jnp.int32(1), 'b': jnp.float32(2)}
r1 = first_value(x1)
x2 = {'b': jnp.float32(2), 'a': jnp.int32(1)}
r2 = first_value(x2)
