# source: https://github.com/jax-ml/jax/issues/1426
# framework: JAX
# "JIT loses access to local variables": `loss_sum` closes over a local `a`; `jax.grad(loss_sum)`
# follows `a` when it is rebound from 10 to 20, but `jax.jit(jax.grad(loss_sum))` keeps the value
# it read while tracing, so the second gradient is still the one for a = 10 (jax 0.10: both calls
# give [40, 60, 480, 750]; eagerly the second is [80, 120, 960, 1500]). The asserts of the report
# are turned into values the check reads.
# verify: close(c.gs1, c.gs2) and not close(e.gs1, e.gs2)
import jax
import jax.numpy as np


def test_retain():
    a = 10

    def loss_sum(val):
        loss = np.sum(val[:2] ** 2 + val[2:] ** 3) * a  # label[a]: ACC6
        return loss

    grad = jax.jit(jax.grad(loss_sum))
    gs1 = grad(np.array([2, 3, 4, 5], dtype=float))
    a = 20  # label[a]
    gs2 = grad(np.array([2, 3, 4, 5], dtype=float))
    return gs1, gs2


gs1, gs2 = test_retain()
print(gs1, gs2)
