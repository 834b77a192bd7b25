# source: blind57:jax_hidden_kl_weight_fine_2
# framework: JAX
# label: none
# The factory closes over a hyperparameter dict, but a new train step is built (and traced)
# only when the schedule changes beta, once per epoch, so every epoch uses its own beta.
# verify: close(c.final, e.final)
import jax
import jax.numpy as jnp


def make_train_step(hparams):
    beta = hparams["beta"]

    def loss(params, x):
        return jnp.mean((x * params - 1.0) ** 2) + beta * jnp.sum(params ** 2)

    @jax.jit
    def train_step(params, x):
        return params - 0.1 * jax.grad(loss)(params, x)

    return train_step


def beta_schedule(hparams, epoch):
    hparams["beta"] = 0.1 * epoch


def main():
    hparams = {"beta": 0.0}
    params = jnp.ones(2)
    for epoch in range(4):
        beta_schedule(hparams, epoch)
        train_step = make_train_step(hparams)
        for _ in range(3):
            params = train_step(params, jnp.ones(2))
    return params


final = main()
