# source: https://github.com/google/brax/issues/440
# framework: JAX
# The user's wrapper sets the agent's initial xy position with `set_initial_state` and then
# calls `env.reset()`: the first pose is used, but every later call of `set_initial_state`
# still yields the first pose. brax's `VectorGymWrapper` jits a closure that calls the wrapped
# env's `reset`, so `self.init_pos` is read once, while tracing, and baked into the compiled
# reset. The wrapper's methods are the user's; brax's system and pipeline are reduced to a
# 4-entry `q`, and `VectorGymWrapper` to the jitted reset it holds (written from brax's code).
# verify: close(c.pose1, e.pose1) and not close(c.pose2, e.pose2)
import jax
import jax.numpy as jnp


class InitialPoseWrapper:
    def __init__(self):
        self.q = jnp.zeros(4)
        self.init_pos = jnp.zeros(2)
        self._reset_noise_scale = 0.0

    def set_initial_state(self, init_pos: jax.Array):
        self.init_pos = self.init_pos.at[:].set(init_pos)  # label[a]

    def reset(self, rng: jax.Array):
        rng, rng1, rng2 = jax.random.split(rng, 3)

        low, hi = -self._reset_noise_scale, self._reset_noise_scale
        q = self.q
        q = q.at[:2].set(self.init_pos)  # label[a]: ACC6
        q += jax.random.uniform(rng1, (4,), minval=low, maxval=hi)
        return q


class VectorGymWrapper:
    def __init__(self, env):
        self._env = env

        def reset(key):
            key1, key2 = jax.random.split(key)
            state = self._env.reset(key2)
            return state, key1

        self._reset = jax.jit(reset)

    def reset(self, key):
        state, self._key = self._reset(key)
        return state


env = InitialPoseWrapper()
gym_env = VectorGymWrapper(env)
key = jax.random.key(0)

env.set_initial_state(jnp.array([1.0, 2.0]))
pose1 = gym_env.reset(key)[:2]
env.set_initial_state(jnp.array([5.0, -3.0]))  # label[a]
pose2 = gym_env.reset(key)[:2]
print(pose1, pose2)
