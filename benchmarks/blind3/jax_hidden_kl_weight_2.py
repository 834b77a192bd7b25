# source: blind57:jax_hidden_kl_weight_2
# framework: JAX
# A factory builds the jitted train step as a closure over a hyperparameter dict; the outer
# loop's schedule writes a new `beta` into the same dict each epoch. The closure was traced
# once, with the first beta.
# verify: not close(c.final, e.final)
import jax
import jax.numpy as jnp


def make_train_step(hparams):
    def loss(params, x):
        return jnp.mean((x * params - 1.0) ** 2) + hparams["beta"] * jnp.sum(params ** 2)  # label[a]: ACC6

    @jax.jit
    def train_step(params, x):
        return params - 0.1 * jax.grad(loss)(params, x)

    return train_step


def beta_schedule(hparams, epoch):
    hparams["beta"] = 0.1 * epoch  # label[a]


def main():
    hparams = {"beta": 0.0}
    train_step = make_train_step(hparams)
    params = jnp.ones(2)
    for epoch in range(4):
        beta_schedule(hparams, epoch)
        for _ in range(3):
            params = train_step(params, jnp.ones(2))
    return params


final = main()
