# source: https://github.com/jax-ml/jax/issues/28225
# framework: JAX
# `mock_fn_vec` reads the global `mock_fn`; after the first jitted call the program rebinds
# `mock_fn` and applies `jax.jit` to `mock_fn_vec` again. JAX's cache is keyed by the wrapped
# function (`mock_fn_vec`, unchanged) and its arguments, so the new wrapper reuses the first
# trace, which captured the old `mock_fn`: the jitted result disagrees with the plain call.
# verify: not close(c.jit_after, c.plain_after) and close(e.jit_after, e.plain_after)
import jax
import jax.numpy as jnp

# initialise mock input and vmap mock function
vec_input = jnp.array([1,1])
def mock_fn_vec(x):
    return jax.vmap(mock_fn)(x)  # label[g]: ACC6

# define mock function and jit version of mock function
mock_fn = lambda x: x
mock_fn_vec_jit = jax.jit(mock_fn_vec)

print(mock_fn_vec_jit(vec_input))
print(mock_fn_vec(vec_input))


# overwrite mock function and jit version of mock function
mock_fn = lambda x: -x  # label[g]
mock_fn_vec_jit = jax.jit(mock_fn_vec)

jit_after = mock_fn_vec_jit(vec_input)  # these last lines do not give the same result
plain_after = mock_fn_vec(vec_input)
print(jit_after)
print(plain_after)
