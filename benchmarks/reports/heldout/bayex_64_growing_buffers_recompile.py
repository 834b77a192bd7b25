# source: https://github.com/alonfnt/bayex/issues/64
# framework: JAX
# bayex's "Make the optimization loop scannable and vmappable": "`fit` calls `expand` outside
# jit, which resizes buffers and forces recompilation" - each Bayesian-optimization iteration
# appends the new observation to the history arrays and calls the jitted GP fit on arrays one
# row longer, a new shape each time. Reduced to the history growth and a jitted GP posterior.
# verify: c.jax['gp_fit'] >= 8
import jax
import jax.numpy as jnp


@jax.jit
def gp_fit(xs, ys):
    k = jnp.exp(-0.5 * (xs[:, None] - xs[None, :]) ** 2) + 1e-3 * jnp.eye(xs.shape[0])
    alpha = jnp.linalg.solve(k, ys)
    return alpha


def expand(xs, ys, x_new, y_new):
    return jnp.append(xs, x_new), jnp.append(ys, y_new)


xs = jnp.array([0.0, 1.0])
ys = jnp.array([0.0, 1.0])
for it in range(10):
    alpha = gp_fit(xs, ys)  # label[g]: ACC5
    x_new = 0.5 + 0.1 * it
    xs, ys = expand(xs, ys, x_new, jnp.sin(x_new))  # label[g]
print(xs.shape)
