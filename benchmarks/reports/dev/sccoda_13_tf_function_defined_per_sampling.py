# source: https://github.com/theislab/scCODA/issues/13
# framework: TF
# `sampling` defines its `@tf.function` sample_mcmc anew on every call, so each chain the user
# runs traces it again ("5 out of the last 5 calls to <function
# CompositionalModel.sampling.<locals>.sample_mcmc> triggered tf.function retracing").
# tfp.mcmc.sample_chain is replaced by a few steps of plain TF ops.
# verify: c.tf['sample_mcmc'] >= 8
import time

import tensorflow as tf


class CompositionalModel:
    def __init__(self, y):
        self.y = y
        self.init_params = tf.zeros_like(y)

    def sampling(self, num_results, num_burnin, kernel, init_state, trace_fn):
        @tf.function(autograph=False)  # label[a]
        def sample_mcmc(num_results_, num_burnin_, kernel_, current_state_, trace_fn):
            state = current_state_
            for _ in range(num_burnin_ + num_results_):
                state = kernel_(state)
            return state, trace_fn(state)

        start = time.time()
        states, kernel_results = sample_mcmc(num_results, num_burnin, kernel, init_state, trace_fn)  # label[a]: ACC5
        duration = time.time() - start
        print("MCMC sampling finished. ({:.3f} sec)".format(duration))
        return states, kernel_results, duration

    def sample_hmc(self, num_results=5, num_burnin=2):
        def kernel(state):
            return 0.5 * (state + self.y)

        def trace_fn(state):
            return tf.reduce_sum(state)

        return self.sampling(num_results, num_burnin, kernel, self.init_params, trace_fn)


model = CompositionalModel(tf.ones(4))
for chain in range(10):
    model.sample_hmc()  # label[a]
