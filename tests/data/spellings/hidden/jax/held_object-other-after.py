# spelling: framework=jax what=held_object who=other order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class Env:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v

    def value(self):
        return self.scale  # read


env = Env()


class Wrapper:
    def __init__(self, inner):
        self._env = inner

        def run(x):
            return x * self._env.value()

        self.run = jax.jit(run)


gym = Wrapper(env)


class Tuner:
    def apply(self, target, v):
        target.scale = v


TUNER = Tuner()


print(float(gym.run(X)))
print(float(gym.run(X)))
TUNER.apply(env, 3.0)
