# spelling: framework=jax what=global who=callback order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


LR = 2.0


class Halve:
    def on_epoch_end(self, epoch):
        global LR
        LR = LR * 1.5


@jax.jit
def step(x):
    return x * LR  # read


def fit(step_fn, callbacks):
    for epoch in range(2):
        print(float(step_fn(X)))
        for cb in callbacks:
            cb.on_epoch_end(epoch)


fit(step, [Halve()])
