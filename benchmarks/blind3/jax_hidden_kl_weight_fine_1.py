# source: blind57:jax_hidden_kl_weight_fine_1
# framework: JAX
# label: none
# The VAE trainer passes the KL weight into the jitted gradient as an argument, so the
# annealer's new weight reaches every step (a float argument is traced, not baked).
# verify: close(c.final, e.final)
import jax
import jax.numpy as jnp


class VAETrainer:
    def __init__(self):
        self.kl_weight = 0.0
        self.grad_fn = jax.jit(jax.grad(self.loss))

    def loss(self, params, x, kl_weight):
        recon = jnp.mean((x * params["dec"] - x) ** 2)
        kl = jnp.mean(params["enc"] ** 2)
        return recon + kl_weight * kl

    def step(self, params, x):
        grads = self.grad_fn(params, x, self.kl_weight)
        return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


class KLAnnealer:
    def __init__(self, trainer, epochs):
        self.trainer, self.epochs = trainer, epochs

    def on_epoch(self, epoch):
        self.trainer.kl_weight = min(1.0, epoch / (self.epochs - 1))


def main(epochs=4):
    trainer = VAETrainer()
    annealer = KLAnnealer(trainer, epochs)
    params = {"enc": jnp.ones(3), "dec": jnp.zeros(3)}
    for epoch in range(epochs):
        annealer.on_epoch(epoch)
        for _ in range(3):
            params = trainer.step(params, jnp.ones(3))
    return params["enc"]


final = main()
