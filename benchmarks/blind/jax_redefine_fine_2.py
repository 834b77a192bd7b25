# source: blind55:jax_redefine_fine_2
# framework: JAX
# label: none
# Each evaluation round defines and jits its scorer after the weights are final for that round
# and calls it once; the global it reads never changes after that call (three rounds, three
# compiles, all with the current weights).
# verify: close(c.scores, e.scores) and c.jax['score'] <= 3
import jax
import jax.numpy as jnp

weights = jnp.ones((3,))
scores = []
for round_ in range(3):
    weights = weights * 0.5

    @jax.jit
    def score(x):
        return jnp.sum(x @ weights)

    scores.append(float(score(jnp.ones((2, 3)))))
