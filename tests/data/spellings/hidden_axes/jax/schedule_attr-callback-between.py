# spelling: framework=jax what=schedule_attr who=callback order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


class Schedule:
    def __init__(self):
        self.lr = 2.0

    def __call__(self, epoch):
        self.lr = self.lr * 1.5


SCHEDULE = Schedule()


@jax.jit
def step(x):
    return x * SCHEDULE.lr  # read


def fit(step_fn, hooks):
    for epoch in range(2):
        print(float(step_fn(X)))
        for hook in hooks:
            hook(epoch)


fit(step, [SCHEDULE])
