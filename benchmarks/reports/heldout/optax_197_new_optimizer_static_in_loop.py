# source: https://github.com/google-deepmind/optax/issues/197
# framework: JAX
# `jit(inference, static_argnums=0)(gt1)` with `gt1 = adam(0.05)` made anew on every pass: the
# static optimizer hashes by identity, so every pass compiles (the user counts 100 compiles in
# 100 passes). tjax's half and the State dataclass are left out (a tuple carry).
# verify: c.compiled_times >= 8
import jax.numpy as jnp
from jax import grad, jit
from jax.lax import scan
from optax import adam


def loss(parameters):
    return jnp.square(parameters - 1.0)


def inference(gt):
    global compiled_times
    compiled_times += 1  # label: ACC4

    def do_one(state, _):
        parameters, gt_state = state
        gradient = grad(loss)(parameters)
        new_gradient, gt_state = gt.update(gradient, gt_state, parameters)
        parameters = parameters + new_gradient
        return (parameters, gt_state), parameters

    state = (0.0, gt.init(0.0))
    final_state, trajectory = scan(do_one, state, None, 10)
    return trajectory


compiled_times = 0
for _ in range(10):
    gt1 = adam(0.05)
    jit(inference, static_argnums=0)(gt1)  # label: ACC5
print(f"optax compiled {compiled_times} times")
