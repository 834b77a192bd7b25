# source: https://github.com/probml/dynamax/issues/414
# framework: JAX
# `run_sgd` "only optimizes the first mini batch": its while-loop body calls
# `next(sample_generator)` on a generator made outside the body, and the body is traced once,
# so the first minibatch is baked into the compiled loop and every step trains on it (the
# library's own comment asks "Does this work inside while_loop??"; the fix, probml/dynamax#415,
# runs the loops in Python around a jitted value_and_grad). The library functions are
# dynamax's before the fix (`dynamax/utils/optimize.py`, `pytree_len` inlined); the example is
# the user's (its first run, on `mini_batch_1` alone, left out), with `num_epochs` 200 for
# 100_000 to run quickly: compiled, the parameter goes
# to the first batch's mean (0); eager, it stays about the whole dataset's (0.5).
# verify: float(c.solution) < 0.35 and abs(float(e.solution) - 0.5) < 0.05
import jax.numpy as jnp
import jax.random as jr
import optax
from jax import lax, value_and_grad
from jax.tree_util import tree_leaves, tree_map


def pytree_len(pytree):
    return len(tree_leaves(pytree)[0])


def sample_minibatches(key, dataset, batch_size, shuffle):
    """Sequence generator.

    NB: The generator does not preform as expected when used to yield data
        within jit'd code. This is likely because the generator internally
        updates a state with each yield (which doesn't play well with jit).
    """
    n_data = pytree_len(dataset)
    perm = jnp.where(shuffle, jr.permutation(key, n_data), jnp.arange(n_data))
    for idx in range(0, n_data, batch_size):
        yield tree_map(lambda x: x[perm[idx:min(idx + batch_size, n_data)]], dataset)


def run_sgd(loss_fn,
            params,
            dataset,
            optimizer=optax.adam(1e-3),
            batch_size=1,
            num_epochs=50,
            shuffle=False,
            key=jr.PRNGKey(0)):
    opt_state = optimizer.init(params)
    num_batches = pytree_len(dataset)
    num_complete_batches, leftover = jnp.divmod(num_batches, batch_size)
    num_batches = num_complete_batches + jnp.where(leftover == 0, 0, 1)
    loss_grad_fn = value_and_grad(loss_fn)

    if batch_size >= num_batches:
        shuffle = False

    def train_step(carry, key):
        """One step of the algorithm."""
        params, opt_state = carry
        sample_generator = sample_minibatches(key, dataset, batch_size, shuffle)  # label[a]

        def cond_fun(state):
            """Condition for while loop."""
            itr, params, opt_state, avg_loss = state
            return itr < num_batches

        def body_fun(state):
            """Body of while loop."""
            itr, params, opt_state, avg_loss = state
            minibatch = next(sample_generator)  ## TODO: Does this work inside while_loop??  # label[a]: ACC6
            this_loss, grads = loss_grad_fn(params, minibatch)
            updates, opt_state = optimizer.update(grads, opt_state)
            params = optax.apply_updates(params, updates)
            return itr + 1, params, opt_state, (avg_loss * itr + this_loss) / (itr + 1)

        init_val = (0, params, opt_state, 0.0)
        _, params, opt_state, avg_loss = lax.while_loop(cond_fun, body_fun, init_val)  # label[a]
        return (params, opt_state), avg_loss

    keys = jr.split(key, num_epochs)
    (params, _), losses = lax.scan(train_step, (params, opt_state), keys)
    return params, losses


def loss(a, x):
    return  jnp.sum((x - a)**2 / 2)

# Average `mini_batch_1`: 0.0
mini_batch_1 = jnp.array([ 0.5333575 ,  1.5523977 , -0.34479547, -0.80614984, -0.93481004])
# Average `mini_batch_2`: 1.0
mini_batch_2 = jnp.array([0.52032334, 1.6625587 , 1.1381058 , 1.2635592 , 0.41545272])
# Average `X_train`: 0.5
X_train = jnp.concatenate([mini_batch_1, mini_batch_2]).reshape(-1, 1)

param_init = jnp.array(0.5)
settings = {
    'params': param_init, 'num_epochs': 200, 'optimizer': optax.adam(1e-3), 'batch_size': 5,
}
# Train on X_train with mini batch size five (=half the dataset).
solution, losses = run_sgd(loss, dataset=X_train, **settings)
# Expected solution: 0.5
