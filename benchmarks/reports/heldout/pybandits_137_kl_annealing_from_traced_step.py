# source: https://github.com/PlaytikaOSS/pybandits/pull/137
# framework: JAX
# label: none
# "Add KL annealing to BNN VI training": the KL annealing factor is computed from the traced
# step index inside the scanned SVI body, `kl_annealing_factor = jnp.minimum(1.0, (step + 1.0)
# / kl_warmup_f)`, and an epoch runs as `jax.jit(lambda state, steps: jax.lax.scan(_svi_body,
# state, steps))` (the review only questions the factor's first value). Reduced with a
# stand-in for numpyro's `svi.update` (a gradient step on a toy ELBO weighted by the factor):
# one compile for all epochs, and the factor follows the step index, as in eager.
# verify: c.jax["<lambda>"] == 1 and close(c.states, e.states)
import jax
import jax.numpy as jnp

x_jnp = jnp.array([0.5, 1.5, 2.0])
kl_warmup_steps = 4


def svi_update(state, x, kl_annealing_factor):
    def elbo(mu):
        return jnp.mean((x - mu) ** 2) + kl_annealing_factor * mu**2
    loss, grad = jax.value_and_grad(elbo)(state)
    return state - 0.1 * grad, loss


kl_warmup_f = jnp.float32(kl_warmup_steps)


def _svi_body(state, step):  # step is a traced int32 scalar (global index)
    kl_annealing_factor = jnp.minimum(1.0, (step.astype(jnp.float32) + 1.0) / kl_warmup_f)
    state, loss = svi_update(state, x_jnp, kl_annealing_factor)
    return state, loss


_run_epoch = jax.jit(
    lambda state, steps: jax.lax.scan(_svi_body, state, steps),
)
state = jnp.array(0.0)
states = []
for epoch in range(3):
    steps = jnp.arange(epoch * 3, epoch * 3 + 3, dtype=jnp.int32)
    state, losses = _run_epoch(state, steps)
    states.append(state)
print(states)
