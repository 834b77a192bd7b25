# source: https://github.com/jax-ml/jax/issues/3596
# framework: JAX
# `rnn_jit` takes the number of operations per cell as a static argument and the user times the
# first call for five sizes: one compile per size, each measured once. The question is the
# compile time's growth, not a cache miss: five sizes, five compiles, bounded. Fine. Sizes are
# divided by 15 (75..1200 -> 5..80) and the batch by 100 to keep the run short; the IPython
# `%timeit` line is dropped.
# label: none
# verify: c.jax['rnn_test'] == 5
from time import time

import jax
import jax.numpy as jnp
from jax import jit, random

time_step = 60
batch_size = 20


def get_cell(OP_NUM):
    def cell(inputs, state):
        x, observers = inputs
        acc = x
        for i in range(OP_NUM):
            acc = acc + observers[i]
        # inputs[0] = jnp.sum(observers, axis=0)
        return inputs, state

    return cell


def rnn_test(X, state, OP_NUM):
    cell = get_cell(OP_NUM)
    observer_vars = [jnp.zeros([time_step, 1]) for v in range(OP_NUM)]
    # observer_vars = jnp.stack(observer_vars, axis=1)
    _, y = jax.lax.scan(cell, [X, observer_vars], state)
    return y


rng = jax.random.PRNGKey(0)
X = random.normal(rng, [time_step, batch_size])
state = jnp.zeros((batch_size,))


rnn_jit = jit(rnn_test, static_argnums=(2,))
# rnn_jit = rnn_test
def rnn_jit_time(OP_NUM):
    ts = time()
    rnn_jit(X, state, OP_NUM)
    print(f'{OP_NUM} Init time: {time() - ts:.3f} sec')


rnn_jit_time(5)
rnn_jit_time(10)
rnn_jit_time(20)
rnn_jit_time(40)
rnn_jit_time(80)
