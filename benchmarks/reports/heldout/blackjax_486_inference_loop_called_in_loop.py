# source: https://github.com/blackjax-devs/blackjax/issues/486
# framework: JAX
# The user runs the `inference_loop` of "A Quick Introduction to Blackjax" inside an outer
# Python loop, one sample per call ("to be really inefficient ... `for _ in range(1000):
# inference_loop(..., num_samples=1)`"), and sees the process's memory grow on every outer
# iteration. `inference_loop` defines and jits a new `one_step` closure on every call and
# scans it outside any `jit`: every call traces and compiles the scan again and keeps the new
# program. The introduction's code as in the thread (its model and kernel), with today's
# blackjax API (`pip install blackjax`: `logdensity_fn`, `blackjax.nuts(...)` returning `init`
# and `step`) and the outer loop `num_iterations` long (10 in the run, 1000 in the thread).
# verify: c.jax['scan'] >= 8
import blackjax
import jax
import jax.numpy as jnp
import jax.scipy.stats as stats
import numpy as np

loc, scale = 10, 20
observed = np.random.normal(loc, scale, size=1_000)


def logdensity_fn(loc, log_scale, observed=observed):
    """Univariate Normal"""
    scale = jnp.exp(log_scale)
    logjac = log_scale
    logpdf = stats.norm.logpdf(observed, loc, scale)
    return logjac + jnp.sum(logpdf)


logdensity = lambda x: logdensity_fn(**x)

inv_mass_matrix = np.array([0.5, 0.01])
step_size = 1e-3

nuts = blackjax.nuts(logdensity, step_size, inv_mass_matrix)
initial_position = {"loc": 1.0, "log_scale": 1.0}
initial_state = nuts.init(initial_position)


def inference_loop(rng_key, kernel, initial_state, num_samples):
    @jax.jit
    def one_step(state, rng_key):  # label[a]
        state, _ = kernel(rng_key, state)
        return state, state

    keys = jax.random.split(rng_key, num_samples)
    _, states = jax.lax.scan(one_step, initial_state, keys)  # label[a]: ACC5

    return states


rng_key = jax.random.PRNGKey(0)
num_iterations = 10
samples = []
for _ in range(num_iterations):
    rng_key, sample_key = jax.random.split(rng_key)
    states = inference_loop(sample_key, nuts.step, initial_state, num_samples=1)  # label[a]
    initial_state = jax.tree.map(lambda x: x[-1], states)
    samples.append(states.position["loc"])
