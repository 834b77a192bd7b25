# source: https://github.com/bardhh/cbfkit/pull/333
# framework: JAX
# label: none
# cbfkit's parameter sweeps recompiled the simulation for every parameter combination ("Every
# call to `conduct_monte_carlo_gpu` created fresh Python closure objects ... new closures =
# cache miss = full recompilation on every parameter combo"). The pull request's fix (commit
# 416b112 for the single-integrator sweep) builds the jitted, vmapped kernel in `_get_sim_fn`,
# memoised with `@lru_cache(maxsize=16)` on `(n_obstacles, num_steps)`, and passes `alpha`
# and `control_limit` as traced inputs: the batch runner calls `_get_sim_fn` once per combo,
# gets the same jitted object back, and the sweep compiles once. This is the fix, a fine
# look-alike of a jit made inside a function called on every pass (the code before the fix
# went through the library's generic Monte Carlo runner and is not reduced here). The module
# holds `_get_sim_fn` and `_si_batch_runner` as merged, reduced: the QP projection of the
# nominal control onto the barrier constraints is a clip to the control limit plus a barrier
# term, the metrics are the final distances; the sweep runs 3 x 3 combinations of 2 seeds.
# verify: c.jax['_simulate'] == 1 and len(c.sweep) == 9
from functools import lru_cache

import jax
import jax.numpy as jnp
from jax import lax, random

DEFAULT_GOAL = jnp.array([10.0, 10.0])


@lru_cache(maxsize=16)
def _get_sim_fn(n_obstacles: int, num_steps: int):
    def _simulate(key, x0, alpha, control_limit, centers, radii, goal, dt):
        """Simulate one trajectory with dynamic sweep parameters."""

        def _step(carry, _step_idx):
            key, x = carry
            key, _subkey = random.split(key)

            # Nominal controller: proportional drive toward goal
            u_nom = 2.0 * (goal - x)

            # h_i(x) = ||x - c_i||^2 - r_i^2
            diffs = x[None, :] - centers  # (n_obs, 2)
            h_vals = jnp.sum(diffs**2, axis=1) - radii**2  # (n_obs,)
            grad_h = 2.0 * diffs  # (n_obs, 2)
            push = jnp.sum(grad_h * jnp.exp(-alpha * h_vals)[:, None], axis=0)
            u = jnp.clip(u_nom + push, -control_limit, control_limit)

            # Forward-Euler integration (single integrator: x' = u)
            x_next = x + dt * u
            diffs_next = x_next[None, :] - centers
            h_next = jnp.sum(diffs_next**2, axis=1) - radii**2
            return (key, x_next), (x_next, u, h_next)

        _, (xs, us, hs) = lax.scan(_step, (key, x0), jnp.arange(num_steps))
        return xs, us, hs

    # vmap over (key, x0); sweep params broadcast
    return jax.jit(jax.vmap(_simulate, in_axes=(0, 0, None, None, None, None, None, None)))


def _si_batch_runner(seeds, params):
    alpha = float(params.get("alpha", 1.0))
    control_limit = float(params.get("control_limit", 5.0))
    n_obstacles = int(params.get("n_obstacles", 2))
    dt = 0.1
    num_steps = 100
    goal = DEFAULT_GOAL

    key = random.PRNGKey(0)
    key_c, key_r = random.split(key)
    centers = random.uniform(key_c, (n_obstacles, 2), minval=2.0, maxval=8.0)
    radii = random.uniform(key_r, (n_obstacles,), minval=0.5, maxval=1.0)

    # Get (or build) cached simulation function
    sim_fn = _get_sim_fn(n_obstacles, num_steps)

    keys = jnp.stack([random.PRNGKey(s) for s in seeds])
    x0s = jnp.stack([random.uniform(random.PRNGKey(s + 1), (2,), minval=-1.0, maxval=1.0)
                     for s in seeds])

    # Run: first combo compiles, subsequent combos are JIT cache hits
    xs, us, hs = sim_fn(keys, x0s, alpha, control_limit, centers, radii, goal, dt)
    return [float(jnp.linalg.norm(xs[i, -1, :] - goal)) for i in range(len(seeds))]


sweep = []
for alpha in (0.5, 1.0, 2.0):
    for control_limit in (2.0, 5.0, 10.0):
        params = {"alpha": alpha, "control_limit": control_limit, "n_obstacles": 2}
        sweep.append(_si_batch_runner([0, 1], params))
