"""ACC105: a PRNG key a loop hands unchanged to a compiled call that draws from it (stop 49, flax_2631).

A key passed as an argument to a compiled call on every pass of a loop, where the loop never
rebinds it (no `split`, `fold_in`, `jax.random.key(step)`, no reassignment), is the same key on
every pass, so every draw the trace makes from it repeats: the loop-level twin of ACC103's
constant key in a trace. Run with jax 0.10.2 and flax 0.12.8 (three passes, distinct outputs
counted): flax `nn.Dropout` given `rngs={"dropout": key}` 1, `jax.random.normal(key, ...)` 1, a
split of the key inside the trace then a draw 1, a constant `PRNGKey(0)` passed inline 1; a key
split on each pass 3, a key folded in the trace with the traced step 3 (docs/rules/ACC105.md).
Each spelling below is written from scratch, not copied from the report.
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import flax.linen as nn
import jax
import jax.numpy as jnp
from functools import partial


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        return nn.Dropout(0.5, deterministic=not train)(x)


model = Net()
x = jnp.ones((4, 8))
"""

CASES = {
    "flax dropout through rngs=, a module-level for loop": """
@jax.jit
def train_step(variables, batch, rng):
    return model.apply(variables, batch, train=True, rngs={"dropout": rng})

key = jax.random.PRNGKey(0)
variables = model.init(key, x, train=False)
outs = []
for epoch in range(10):
    outs.append(train_step(variables, x, key))  # expect: ACC105
""",
    "a jax.random draw in the step, a while loop in a function, the key by keyword": """
@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

def run(x, seed, n):
    rng = jax.random.key(seed)
    i = 0
    while i < n:
        x = noisy(x, key=rng)  # expect: ACC105
        i += 1
    return x
""",
    "a split inside the trace, a wrapper bound to a name, a loop over data": """
def _augment(batch, key):
    k1, k2 = jax.random.split(key)
    return batch * jax.random.bernoulli(k2, 0.9, batch.shape)

augment = jax.jit(_augment)

def epoch(batches, key):
    return [augment(b, key) for b in batches]  # expect: ACC105
""",
    "a constant key made inline on each pass, a draw in a helper the step calls": """
def sample(key, shape):
    return jax.random.uniform(key, shape)

@partial(jax.jit, static_argnums=1)
def jitter(x, n, key):
    return x + sample(key, (n,))

def loop(x, steps):
    for _ in range(steps):
        x = jitter(x, 8, jax.random.PRNGKey(0))  # expect: ACC105
    return x
""",
    "a key stream handed to plain jax.jit, its state not carried back": """
from flax import nnx

streams = nnx.Rngs(0)

@jax.jit
def noisy_step(streams: nnx.Rngs, x):
    return x + streams.normal(x.shape)

def run(x, n):
    for _ in range(n):
        x = noisy_step(streams, x)  # expect: ACC105
    return x
""",
    "a key split on each pass, folded in the trace, returned, or made from the step": """
@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

@jax.jit
def folded(x, key, step):
    return x + jax.random.normal(jax.random.fold_in(key, step), x.shape)

@jax.jit
def carried(x, key):
    key, sub = jax.random.split(key)
    return x + jax.random.normal(sub, x.shape), key

def train(x, key, n):
    for step in range(n):
        key, sub = jax.random.split(key)
        x = noisy(x, sub)
    for step in range(n):
        x = folded(x, key, step)
    for step in range(n):
        x, key = carried(x, key)
    for step in range(n):
        x = noisy(x, jax.random.PRNGKey(step))
        x = noisy(x, jax.random.fold_in(key, step))
    return x
""",
    "a key used only for init, a deterministic apply, one pass, or a sweep over configurations": """
@jax.jit
def init(key, batch):
    return model.init(key, batch, train=False)

@jax.jit
def evaluate(variables, batch, rng):
    return model.apply(variables, batch, train=False, rngs={"dropout": rng})

@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

def run(batches, key):
    for batch in batches:
        variables = init(key, batch)
        evaluate(variables, batch, key)
    for _ in range(1):
        noisy(x, key)
    for scale in (0.5, 1.0):
        noisy(x * scale, key)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_key_handed_unchanged_to_a_compiled_draw_on_every_pass(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC1")
    assert found == expected


def test_the_finding_names_the_key_the_loop_and_the_draw():
    from acclint.api import lint_text

    result = lint_text(HEADER + CASES["flax dropout through rngs=, a module-level for loop"], "case.py")
    (finding,) = [f for f in result.findings if f.code == "ACC105"]
    assert "'key'" in finding.message and "'train_step'" in finding.message and "rngs=" in finding.message


LOOK_ALIKES_FROM_REAL_CODE = {
    "a key stream handed on every pass to nnx.jit (flax's view guide)": """
from flax import nnx

rngs = nnx.Rngs(0)

@nnx.jit
def stream_step(m, rngs: nnx.Rngs, x):
    return m(x, rngs=rngs)

@nnx.jit
def plain_step(m, r, x):
    return m(x, rngs=r)

for step in range(10):
    stream_step(model, rngs, x)
    plain_step(model, rngs, x)
""",
    "a key stream handed to jax.jit where Variables are JAX values (flax's hijax demo)": """
from flax import nnx

nnx.var_defaults(hijax=True)
rngs = nnx.Rngs(0)

@jax.jit
def step(m, rngs: nnx.Rngs, x):
    return m(x, rngs=rngs)

for _ in range(10):
    step(model, rngs, x)
""",
    "keys folded with the step in a comprehension inside the trace (flax's sst2 example)": """
@jax.jit
def train_step(variables, batch, rngs, step):
    rngs = {name: jax.random.fold_in(r, step) for name, r in rngs.items()}
    return model.apply(variables, batch, train=True, rngs=rngs)

def epoch(variables, batches, rngs):
    for step, batch in enumerate(batches):
        train_step(variables, batch, rngs, step)
""",
}


@pytest.mark.parametrize("body", LOOK_ALIKES_FROM_REAL_CODE.values(), ids=LOOK_ALIKES_FROM_REAL_CODE.keys())
def test_a_key_stream_or_a_key_folded_in_the_trace_is_not_reused(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC1")
    assert found == expected == []
