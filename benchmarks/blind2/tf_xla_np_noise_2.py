# source: blind56:tf_xla_np_noise_2
# framework: TF
# An exploration policy compiled with `tf.function(jit_compile=True)` adds action noise drawn
# by a NumPy helper. The noise is drawn once while tracing, so every call adds the same
# "random" vector (the check counts distinct actions over calls on the same observation).
# verify: c.n_distinct == 1 and e.n_distinct == 5
import numpy as np
import tensorflow as tf


def exploration_noise(dim, scale):
    return np.random.normal(0.0, scale, size=(dim,)).astype(np.float32)  # label: ACC1


class Policy(tf.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.w = tf.Variable(tf.ones((3, cfg["action_dim"])) * 0.1)

    @tf.function(jit_compile=True)
    def act(self, obs):
        mean = tf.tanh(obs @ self.w)
        return mean + exploration_noise(self.cfg["action_dim"], self.cfg["noise"])


def rollout(policy, steps):
    obs = tf.ones((1, 3))
    return [policy.act(obs).numpy() for _ in range(steps)]


actions = rollout(Policy({"action_dim": 2, "noise": 0.3}), 5)
n_distinct = len({a.tobytes() for a in actions})
