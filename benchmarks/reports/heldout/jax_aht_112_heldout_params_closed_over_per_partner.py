# source: https://github.com/LARG/jax-aht/pull/112
# framework: JAX
# jax-aht's "Reuse XLA compilations across heldout eval partners": "heldout params were closed
# over as jit constants, so every partner triggered its own ~16s XLA compile even when partners
# shared a policy. `run_episodes` also built a fresh `jax.jit` object per call, giving each an
# empty cache." Reduced to an evaluation that jits a rollout closing over each partner's
# parameters, for 8 partners: 8 compiles (the fix passes the parameters as arguments and keeps
# one compiled function).
# verify: c.jax['rollout'] >= 8
import jax
import jax.numpy as jnp


def run_episodes(ego_params, partner_params, key):
    def rollout(key):
        obs = jax.random.normal(key, (4,))
        ego_action = jnp.tanh(ego_params @ obs)
        partner_action = jnp.tanh(partner_params @ obs)
        return jnp.sum(ego_action * partner_action)

    return jax.jit(rollout)(key)  # label: ACC5


ego_params = jnp.eye(4)
partners = [jnp.eye(4) * (i + 1) for i in range(8)]
key = jax.random.PRNGKey(0)
returns = [float(run_episodes(ego_params, p, key)) for p in partners]
print(returns)
