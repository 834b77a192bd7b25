# run (jax 0.10.2: compiled prints [1. 2.] [1. 2.]; eager (JAX_DISABLE_JIT=1) prints [1. 2.] [ 5. -3.])
import jax
import jax.numpy as jnp


class Env:
    def __init__(self):
        self.init_pos = jnp.zeros(2)

    def place(self, pos):
        self.init_pos = pos

    def initial(self, key):
        return self.init_pos + 0.0 * jax.random.uniform(key, (2,))  # read


class Wrapper:
    def __init__(self, env):
        self._env = env

        def start(key):
            return self._env.initial(key)

        self._start = jax.jit(start)

    def reset(self, key):
        return self._start(key)


env = Env()
gym = Wrapper(env)
key = jax.random.key(0)
env.place(jnp.array([1.0, 2.0]))
first = gym.reset(key)
env.place(jnp.array([5.0, -3.0]))
second = gym.reset(key)
print(first, second)
