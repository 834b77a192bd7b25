# source: https://github.com/blackjax-devs/blackjax/pull/159
# framework: JAX
# label: none
# The pull request gives blackjax its user API (`blackjax.hmc(logprob_fn, ...)` returning
# `init` and `step`) and, in the review thread, rewrites `tests/test_compilation.py`, which
# makes sure "the log probability function is only compiled/traced once": the test now jits
# `kernel.step` once, before the loop, and calls the jitted step ten times. The step is a
# closure made once by `blackjax.hmc`; each pass calls the same compiled callable with the same
# shapes: one trace. A fine look-alike of a sampler stepped in a loop. Written with today's
# blackjax (`pip install blackjax`; `logdensity_fn` is the argument's name now, and the test's
# `chex.assert_max_traces` is left to the compile log).
# verify: c.jax['step_fn'] == 1
import blackjax
import jax
import jax.numpy as jnp
import jax.scipy as jscipy


def logprob_fn(x):
    return jscipy.stats.norm.logpdf(x)


rng_key = jax.random.PRNGKey(0)
kernel = blackjax.hmc(
    logprob_fn,
    step_size=1e-2,
    inverse_mass_matrix=jnp.array([1.0]),
    num_integration_steps=10,
)
state = kernel.init(1.0)
step = jax.jit(kernel.step)

for _ in range(10):
    rng_key, sample_key = jax.random.split(rng_key)
    state, _ = step(sample_key, state)
