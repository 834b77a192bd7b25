# source: https://github.com/bardhh/cbfkit/pull/41
# framework: JAX
# Written from the pull request's description (the benchmark's code is in the repository, not
# in the thread): a control loop that regenerates the controller closure on every step makes a
# new function object each time, so JAX recompiles it on every step (~4000x slower than reusing
# one cached closure). The controller is a stand-in proportional law; the loop runs `n_steps`.
# verify: c.jax['controller'] >= 8
import jax
import jax.numpy as jnp


def make_controller(gain):
    @jax.jit
    def controller(t, x):  # label[a]
        return -gain * x

    return controller


def step(x, u, dt=0.01):
    return x + dt * u


x = jnp.ones(2)
n_steps = 10
for k in range(n_steps):
    controller = make_controller(2.0)  # label[a]
    u = controller(k * 0.01, x)  # label[a]: ACC5
    x = step(x, u)
