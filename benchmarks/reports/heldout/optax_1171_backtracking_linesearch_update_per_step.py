# source: https://github.com/google-deepmind/optax/issues/1171
# framework: JAX
# `scale_by_backtracking_linesearch`'s update, called outside jit once per step, compiled its
# while loop again on every call: the loop's `cond_fn`/`body_fn` are functions local to
# `update_fn`, new on each call (and the state's weak types differed between init and update).
# The report's setup (optax's linesearch chained after sgd, a small quadratic value function);
# the loop runs `num_steps` optimisation steps with the update not jitted.
# On optax 0.2.8 the loop still compiles `while` on every step.
# verify: c.jax['while'] >= 8
import jax
import jax.numpy as jnp
import optax


def fn(params):
    return jnp.sum((params - 3.0) ** 2)


solver = optax.chain(
    optax.sgd(learning_rate=1.0),
    optax.scale_by_backtracking_linesearch(max_backtracking_steps=15),
)
params = jnp.zeros(4)
opt_state = solver.init(params)
value_and_grad = jax.value_and_grad(fn)
num_steps = 10
for step in range(num_steps):
    value, grad = value_and_grad(params)
    updates, opt_state = solver.update(  # label: ACC5
        grad, opt_state, params, value=value, grad=grad, value_fn=fn)
    params = optax.apply_updates(params, updates)
print(params)
