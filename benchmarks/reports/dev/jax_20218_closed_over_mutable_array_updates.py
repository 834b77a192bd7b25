# source: https://github.com/jax-ml/jax/pull/20218
# framework: JAX
# "[mutable-arrays] support closed-over mutable arrays in jit": a jitted `f` closes over a
# mutable array and increments an element. The PR hoists closed-over mutable arrays out of the
# constants so each execution reads and writes the current buffer, not a value baked in at the
# trace: three calls leave [3, 0, 0], as eagerly. Fine. On jax 0.10 the API is `jax.new_ref`
# (the PR's `mutable_array`).
# label: none
# verify: c.jax['f'] == 1 and close(c.final, e.final) and c.final[0] == 3
import jax
import jax.numpy as jnp

x_mut = jax.new_ref(jnp.zeros(3))


@jax.jit
def f():
    x_mut[0] += 1


for _ in range(3):
    f()  # don't crash!
final = x_mut[...].tolist()
print(final)
