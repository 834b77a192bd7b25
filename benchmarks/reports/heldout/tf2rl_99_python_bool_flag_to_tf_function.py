# source: https://github.com/keiohta/tf2rl/issues/99
# framework: TF
# `_get_action_body(state, test)` is a tf.function taking a Python bool `test`; the maintainers
# suspected "passing Python objects instead of tensors". A bool has two values: at most two
# traces per input shape, however many steps. Fine. The policy is a Dense layer; one
# exploration loop and one evaluation loop.
# label: none
# verify: c.tf['_get_action_body'] <= 2
import numpy as np
import tensorflow as tf


class VPG:
    def __init__(self):
        self.actor = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
        self._state_ndim = 1

    def get_action(self, state, test=False):
        is_single_input = state.ndim == self._state_ndim
        if is_single_input:
            state = np.expand_dims(state, axis=0).astype(np.float32)
        action, logp = self._get_action_body(state, test)
        if is_single_input:
            return action.numpy()[0], logp.numpy()
        return action.numpy(), logp.numpy()

    @tf.function
    def _get_action_body(self, state, test):
        out = self.actor(state)
        if test:
            return out, tf.zeros(tf.shape(out)[0])
        return out + tf.random.normal(tf.shape(out)), tf.ones(tf.shape(out)[0])


agent = VPG()
for step in range(10):
    agent.get_action(np.ones(3, np.float32))
for step in range(10):
    agent.get_action(np.ones(3, np.float32), test=True)
