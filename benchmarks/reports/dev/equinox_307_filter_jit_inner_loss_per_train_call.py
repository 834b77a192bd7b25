# source: https://github.com/patrick-kidger/equinox/issues/307
# framework: JAX
# `eqx.filter_jit` on `loss_fn`, defined inside `train`, made training slow and then crash
# ("LLVM ERROR: pthread_create failed"): `train` runs once per episode and each run defines and
# jits a new `loss_fn`, so every episode traces and compiles it again. The thread shows `train`;
# the episode loop and a linear model stand in for the rest (rlax's loss by a squared error).
# verify: c.jax['loss_fn'] >= 8
import equinox as eqx
import jax
import jax.numpy as jnp
import optax


def train(t_optim, t_opt_state, t_params, t_eps_obs, t_eps_actions, t_eps_rewards):
    @eqx.filter_jit  # label[a]
    def loss_fn(l_model, l_states, l_rewards, l_actions):
        logits = jax.vmap(l_model)(l_states)
        return jnp.mean((logits.sum(-1) - l_rewards) ** 2)

    loss_value, grads = eqx.filter_value_and_grad(loss_fn)(t_params, t_eps_obs, t_eps_rewards, t_eps_actions)  # label[a]: ACC5
    updates, t_opt_state = t_optim.update(grads, t_opt_state)
    t_params = eqx.apply_updates(t_params, updates)
    return t_params, t_opt_state, loss_value


model = eqx.nn.Linear(4, 2, key=jax.random.PRNGKey(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
for episode in range(10):
    obs, actions, rewards = jnp.ones((5, 4)), jnp.zeros(5), jnp.ones(5)
    model, opt_state, loss = train(optim, opt_state, model, obs, actions, rewards)  # label[a]
