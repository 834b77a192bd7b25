# source: https://github.com/liesel-devs/liesel/issues/364
# framework: JAX
# A sampler state starts with weakly typed Python scalars; the jitted step returns it strongly
# typed, so the second step compiles again ("a second compilation is triggered") and every later
# step reuses that: at most two compiles for any number of steps, bounded, a fine look-alike (on
# jax 0.10 the weak type of this state survives the step: one compile). The report's
# `fn(a, b_weak)` / `fn(a, b_strong)` pair, two compiles, is kept; the loop runs `num_steps`.
# label: none
# verify: 1 <= c.jax['step'] <= 2 and c.jax['fn'] == 2
import jax
import jax.numpy as jnp


def to_strong_jax(x):
    return jnp.asarray(x, dtype=jnp.asarray(x).dtype)


def fn(a, b):
    return a + b


fn = jax.jit(fn)
a = jnp.arange(5, dtype=jnp.float16)
b_weak = 1.0
b_strong = to_strong_jax(1.0)
print(fn(a, b_weak).dtype)
print(fn(a, b_strong).dtype)


@jax.jit
def step(state):
    return {"position": state["position"] * 0.9, "step_size": state["step_size"]}


state = {"position": 1.0, "step_size": 0.1}
num_steps = 10
for i in range(num_steps):
    state = step(state)
