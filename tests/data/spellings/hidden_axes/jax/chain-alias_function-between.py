# spelling: framework=jax what=chain who=alias_function order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


class Opt:
    def __init__(self):
        self.lr = 2.0


class Model:
    def __init__(self):
        self.cfg = Opt()
        self.step = jax.jit(self._step)

    def _step(self, x):
        return x * self.cfg.lr  # read


def main():
    model = Model()
    print(float(model.step(X)))
    c = model.cfg
    c.lr = 3.0
    print(float(model.step(X)))


main()
