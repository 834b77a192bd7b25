# source: blind57:jax_static_rate_arg_1
# framework: JAX
# The dropout rate is a static argument of the jitted forward (so it can be used in Python),
# and a schedule object lowers it every epoch: each new rate is a new compile.
# verify: c.jax['forward'] >= 8
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("rate",))
def forward(params, x, key, rate):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0) @ params


class DropoutSchedule:
    def __init__(self, start=0.5, epochs=10):
        self.start, self.epochs = start, epochs

    def rate(self, epoch):
        return self.start * (1 - epoch / self.epochs)


def run_epoch(params, key, rate):
    return forward(params, jnp.ones((4, 3)), key, rate=rate)  # label: ACC5


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
