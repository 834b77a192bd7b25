# source: https://github.com/le2333/RTRRL/issues/86
# framework: JAX
# "Make SGD grad clipping trace-safe under rtrrl_ensemble vmap": the ensemble entry vmaps four
# hyper-parameter configurations, and `grad_clip` varies among them, so inside `_rate_rule` it is
# a traced value; `if clip:` raises `TracerBoolConversionError` before training starts. Reduced
# to the SGD update with that rate rule, vmapped over the configurations' clip values: the vmap
# raises (vmap traces whether jit is on or off); run per configuration without vmap, the Python
# `if` sees a number (0.0 disables clipping) and every update succeeds. The error is caught.
# verify: c.error is not None and "TracerBoolConversionError" in c.error and c.per_config_ok
import jax
import jax.numpy as jnp


def _rate_rule(grad, clip):
    if clip:  # label: ACC2
        norm = jnp.linalg.norm(grad)
        grad = grad * jnp.minimum(1.0, clip / (norm + 1e-8))
    return grad


def sgd_update(params, grad, lr, clip):
    return params - lr * _rate_rule(grad, clip)


grad_clips = jnp.array([0.0, 0.3, 1.0, 3.0])
params = jnp.ones((4, 3))
grads = jnp.full((4, 3), 2.0)
error = None
try:
    updated = jax.vmap(sgd_update, in_axes=(0, 0, None, 0))(params, grads, 0.1, grad_clips)
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
    updated = None
per_config_ok = all(
    sgd_update(params[i], grads[i], 0.1, float(grad_clips[i])).shape == (3,) for i in range(4)
)
print(error, per_config_ok)
