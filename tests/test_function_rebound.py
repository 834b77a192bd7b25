"""A module-level function a cached trace calls, rebound after a trace was built, is stale.

Property (ACC601): a trace calls the module-level functions it reaches while it is built and
keeps what they did; a later `def` of the same name, or an assignment to it, made after a call
that may build the trace and before a later call that reuses it, changes nothing in that trace
(JAX, tf.function: no guard reads the global). torch.compile guards on the global's identity
and recompiles: nothing stale.
Run (jax 0.10.2, tensorflow-cpu 2.21, torch 2.13; `helper` adds 1.0, then 100.0; f = helper * 2):
jax.jit after a second `def helper` prints 4.0 where eager gives 202.0; tf.function after
`helper = other` 4.0 (eager 202.0); torch.compile after `helper = other` 202.0 (a recompile). flax.nnx.jit keys on its arguments' graph definitions:
given a new `nnx.Optimizer(model, optax.sgd(0.1))` (a new optax transform, static in the key)
after the redefinition it traces again and prints; given the same one it keeps the old loss
(flax 0.12.8; jax-ai-stack's digits_vae notebook rebuilds the optimizer in each cell).
Written from dev44's note (a notebook cell that redefines a helper a jitted function calls).
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "jax.jit: the helper defined again after the first call (a later notebook cell)": """
def helper(x):
    return x + 1.0

@jax.jit
def f(x):
    return helper(x) * 2.0  # expect: ACC601

print(f(jnp.float32(1.0)))

def helper(x):
    return x + 100.0

print(f(jnp.float32(1.0)))
""",
    "tf.function: the helper rebound to another function between calls": """
def helper(x):
    return x + 1.0

def other(x):
    return x + 100.0

@tf.function
def f(x):
    return helper(x) * 2.0  # expect: ACC601

print(f(tf.constant(1.0)))
helper = other
print(f(tf.constant(1.0)))
""",
    "jax.jit: a function rebinds it through `global`, run between two calls": """
def activation(x):
    return jnp.tanh(x)

def use_relu():
    global activation
    activation = jax.nn.relu

@jax.jit
def layer(w, x):
    return activation(w @ x)  # expect: ACC601

y = layer(w0, x0)
use_relu()
y = layer(w0, x0)
""",
    "jax.jit: rebound on every pass of a loop, called on the next": """
def schedule(step):
    return 0.1

@jax.jit
def update(p, g):
    return p - schedule(0) * g  # expect: ACC601

for epoch in range(10):
    p = update(p, g)
    if epoch == 5:
        schedule = lambda step: 0.01
""",
    "look-alike: the helper defined again before the first call (set-up)": """
def helper(x):
    return x + 1.0

def helper(x):
    return x + 100.0

@jax.jit
def f(x):
    return helper(x) * 2.0

print(f(jnp.float32(1.0)))
""",
    "look-alike: the jitted function defined again after the helper (both cells run again)": """
def helper(x):
    return x + 1.0

@jax.jit
def f(x):
    return helper(x) * 2.0

print(f(jnp.float32(1.0)))

def helper(x):
    return x + 100.0

@jax.jit
def f(x):
    return helper(x) * 2.0

print(f(jnp.float32(1.0)))
""",
    "look-alike: torch.compile guards on the global and recompiles": """
def helper(x):
    return x + 1.0

def other(x):
    return x + 100.0

@torch.compile
def f(x):
    return helper(x) * 2.0

print(f(torch.tensor(1.0)))
helper = other
print(f(torch.tensor(1.0)))
""",
    "look-alike: a fallback def under an ImportError, before any call": """
try:
    from fancy import helper
except ImportError:
    def helper(x):
        return x

@jax.jit
def f(x):
    return helper(x) * 2.0

print(f(jnp.float32(1.0)))
""",
    "look-alike: nnx.jit given a new optimizer after the redefinition retraces": """
from flax import nnx

def vae_loss(model, x):
    return jnp.mean(model(x) ** 2)

@nnx.jit
def train_step(model, optimizer, x):
    loss, grads = nnx.value_and_grad(vae_loss)(model, x)
    optimizer.update(model, grads)
    return loss

model = nnx.Linear(3, 2, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
train_step(model, optimizer, x0)

def vae_loss(model, x):
    print("traced again")
    return jnp.mean(model(x) ** 2)

model = nnx.Linear(3, 2, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
train_step(model, optimizer, x0)
""",
    "nnx.jit given the same optimizer after the redefinition keeps the old loss": """
from flax import nnx

def vae_loss(model, x):
    return jnp.mean(model(x) ** 2)

@nnx.jit
def train_step(model, optimizer, x):
    loss, grads = nnx.value_and_grad(vae_loss)(model, x)  # expect: ACC601
    optimizer.update(model, grads)
    return loss

model = nnx.Linear(3, 2, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
train_step(model, optimizer, x0)

def vae_loss(model, x):
    print("never printed")
    return jnp.mean(model(x) ** 2)

train_step(model, optimizer, x0)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_function_rebound_after_a_trace_is_stale(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC6")
    assert found == expected
