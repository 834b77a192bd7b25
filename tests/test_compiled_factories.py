"""A call of a function that returns a compiled callable it makes anew is a wrapper application.

Property: a module function whose every `return` gives a compiled callable made on that call (a
function defined in its body under a wrapper that keys its cache on the function object, or such
a wrapper applied there to a lambda, a local function or a `partial`) makes a new compiled
callable, with an empty cache, each time it is called; calling its result on each pass of a loop
compiles on each pass (ACC501), as `jax.jit(lambda ...)(x)` written in the loop does. Run:
benchmarks/framework_runs.py jax_reuse_on_the_pass (a new jit per pass compiles per pass) and the
report tensorflow_50379 (a `@tf.function` defined in the step builder: one trace per step).
torch.compile keys on the code object, so its decorated local function is not new (ACC501's
page); a factory called once before the loop, or returning a module-level compiled function,
makes nothing new per pass.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "a tf.function defined in the builder, called at once in a module-level loop": """
def train_step():
    @tf.function
    def step(x, lr):
        return x * lr
    return step

for i in range(100):
    train_step()(tf.ones(3), 0.1)  # expect: ACC501
""",
    "jax.jit of a lambda returned, bound in the loop, then called": """
def make_step(lr):
    return jax.jit(lambda p: p - lr)

def train(params, epochs):
    for epoch in range(epochs):
        step = make_step(0.1)  # expect: ACC501
        params = step(params)
    return params
""",
    "a jitted local function returned by name, in main's while loop": """
def make_update():
    def update(p, g):
        return p - 0.1 * g
    fast = jax.jit(update)
    return fast

def main(params, grads):
    done = False
    while not done:
        params = make_update()(params, grads)  # expect: ACC501
        done = bool(params.sum() < 0)
""",
    "look-alike: the factory called once, before the loop": """
def make_step(lr):
    return jax.jit(lambda p: p - lr)

def train(params, epochs):
    step = make_step(0.1)
    for epoch in range(epochs):
        params = step(params)
    return params
""",
    "look-alike: the factory returns a module-level jitted function (cached)": """
@jax.jit
def cached(p):
    return p - 0.1

def make_step():
    return cached

def train(params, epochs):
    for epoch in range(epochs):
        params = make_step()(params)
    return params
""",
    "look-alike: a parameter named as the factory (a pytest fixture) is what the caller passes": """
def select_action(env):
    return jax.jit(lambda key, obs: obs.sum())

def test_rollout(env, select_action):
    step_fn = jax.jit(env.step)
    key = jax.random.PRNGKey(0)
    state, done = env.reset(key), False
    while not done:
        action = select_action(key, state)
        state, done = step_fn(state, action)
""",
    "look-alike: jax.jit of what a parameter named as a callable factory returns": """
def make_loss(scale):
    return lambda p: p * scale

def fit(params, make_loss, steps):
    for step in range(steps):
        params = jax.jit(make_loss(2.0))(params)
    return params
""",
    "look-alike: torch.compile keys on the code object": """
import torch

def make_step():
    @torch.compile
    def step(x):
        return x * 2
    return step

for i in range(100):
    make_step()(torch.ones(3))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_calling_what_a_compiled_factory_returns_in_a_loop(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
