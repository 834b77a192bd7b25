# source: blind57:jax_static_rate_arg_fine_1
# framework: JAX
# label: none
# The dropout rate is passed as an ordinary (traced) argument, so the scheduled rates are data
# and the forward compiles once.
# verify: c.jax['forward'] <= 1
import jax
import jax.numpy as jnp


@jax.jit
def forward(params, x, key, rate):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0) @ params


class DropoutSchedule:
    def __init__(self, start=0.5, epochs=10):
        self.start, self.epochs = start, epochs

    def rate(self, epoch):
        return self.start * (1 - epoch / self.epochs)


def run_epoch(params, key, rate):
    return forward(params, jnp.ones((4, 3)), key, rate)


def main():
    sched = DropoutSchedule()
    params = jnp.ones((3, 1))
    key = jax.random.PRNGKey(0)
    outs = []
    for epoch in range(10):
        key, sub = jax.random.split(key)
        outs.append(run_epoch(params, sub, sched.rate(epoch)))
    return outs


outs = main()
