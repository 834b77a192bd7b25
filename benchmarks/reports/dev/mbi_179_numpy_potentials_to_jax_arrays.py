# source: https://github.com/ryan112358/mbi/pull/179
# framework: JAX
# "Ensure model potentials are jax.Array before JIT to prevent constant folding": potentials
# held as NumPy arrays (after unpickling) could end up as `stablehlo.constant`s that XLA
# folds, which made compiling very slow on big models; the fix converts them with
# `jax.tree.map(jnp.asarray, model.potentials)` before they enter the jitted message passing.
# The fixed code: the converted potentials are traced arguments, one compile serves both
# calls and the result matches eager. Fine. A dict of factors stands for `CliqueVector`.
# label: none
# verify: c.jax['message_passing'] == 1 and close(c.totals, e.totals)
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def message_passing(potentials, total):
    return {k: total * jax.nn.softmax(v.ravel()).reshape(v.shape) for k, v in potentials.items()}


rng = np.random.default_rng(0)
loaded = {("A", "B"): rng.random((3, 4)), ("B", "C"): rng.random((4, 2))}  # NumPy after unpickling
potentials = jax.tree.map(jnp.asarray, loaded)
totals = []
for total in (100.0, 200.0):
    marginals = message_passing(potentials, total)
    totals.append(float(sum(m.sum() for m in marginals.values())))
print(totals)
