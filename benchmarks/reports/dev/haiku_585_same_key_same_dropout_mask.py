# source: https://github.com/google-deepmind/dm-haiku/issues/585
# framework: JAX
# "Best Practice for using hk.next_rng_key()": the maintainer's answer. `hk.next_rng_key()` is a
# deterministic function of the key passed to `apply`: the same key gives the same dropout mask,
# a different key a different one. The answer's code, run as written. Fine: the keys come from
# the caller, nothing is fixed by a trace.
# label: none
# verify: c.same_key_same and c.new_key_differs and e.same_key_same and e.new_key_differs
import haiku as hk
import jax
import jax.numpy as jnp


def f(x):
    return hk.dropout(hk.next_rng_key(), 0.5, x)


f = hk.transform(f)

init_key = jax.random.PRNGKey(42)
x = jnp.ones([4])
params = f.init(init_key, x)

key = jax.random.PRNGKey(42)
out1 = f.apply(params, key, x)
out2 = f.apply(params, key, x)
same_key_same = bool((out1 == out2).all())

different_key = jax.random.PRNGKey(123)
out3 = f.apply(params, different_key, x)
new_key_differs = not bool((out1 == out3).all())
print(same_key_same, new_key_differs)
