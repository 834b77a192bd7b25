"""A loop body moved into a helper keeps what the loop did.

Property 1 (ACC607): a watched attribute written on what a loop reaches from a model, by a
function the loop hands it to. `for layer in model.layers[0].layers: unfreeze(layer)`, where `unfreeze(layer)` sets
`layer.trainable = True`, writes `trainable` on what is reached from `model`, as `layer.trainable
= True` written in the loop does: after a `fit` built the train function and before a later
`fit` reuses it, with no `compile()` between, the change is ignored (keras-team/keras#9940).
The finding is at the call that hands the layer on (where a handed write of the model itself,
`make_trainable(net, False)`, is reported).

Property 2 (ACC105): a compiled call in a module-level function, in no loop of its own, given a
PRNG key the function takes as a parameter and never rebinds, draws the same numbers on every
pass of a loop that calls the function with a name the loop never rebinds (`for step in
range(3): _body(dropout_key, x)`, flax#2631), as the same call in the loop body does; a key
split in the loop and a sweep over a literal collection are not flagged. Reported at the
compiled call (where the label of the loop-body spelling sits).

Found by benchmarks/reports/perturb.py, rewrite R5 (a module-level loop's body moved into
`def _body(..)` called in the loop): dev keras_9940 lost its ACC6 label on 9a5e9af. Where the
body sits changes nothing at run time (flax_2631 lost its ACC1 label the same way): the report's run (benchmarks/reports/verify.py, keras 3
on TF 2.21) is the same program. Each case fails on 9a5e9af but the look-alikes.
"""

import pytest

from labelled import assert_labels_match

HEADER = """
import numpy as np
from tensorflow import keras

base = keras.Sequential([keras.layers.Dense(8), keras.layers.Dense(8)])
model = keras.Sequential([keras.Input((4,)), base, keras.layers.Dense(1)])
x = np.ones((8, 4), "float32")

def set_trainable(layer, flag):
    layer.trainable = flag

def unfreeze(layer):
    layer.trainable = True
"""

CASES = {
    "a helper unfreezing each layer of the base, between two fits (keras#9940)": """
for layer in model.layers[0].layers:
    set_trainable(layer, False)
model.compile(optimizer="sgd", loss="mse")
model.fit(x, x[:, :1], verbose=0)
for layer in model.layers[0].layers:
    unfreeze(layer)  # expect: ACC607
model.fit(x, x[:, :1], verbose=0)
""",
    "the flag given to the helper, in a function between two train_on_batch calls": """
def finetune(model):
    model.compile(optimizer="sgd", loss="mse")
    model.train_on_batch(x, x[:, :1])
    for layer in model.layers:
        set_trainable(layer, False)  # expect: ACC607
    model.train_on_batch(x, x[:, :1])
""",
    "each pass of a training loop freezes the layers through the helper": """
model.compile(optimizer="sgd", loss="mse")
for epoch in range(3):
    model.fit(x, x[:, :1], verbose=0)
    for layer in model.layers:
        set_trainable(layer, epoch > 0)  # expect: ACC607
""",
    "look-alike: compile() again after the helper's loop": """
model.compile(optimizer="sgd", loss="mse")
model.fit(x, x[:, :1], verbose=0)
for layer in model.layers[0].layers:
    unfreeze(layer)
model.compile(optimizer="sgd", loss="mse")
model.fit(x, x[:, :1], verbose=0)
""",
    "look-alike: the helper run on each layer before the first fit": """
for layer in model.layers:
    set_trainable(layer, False)
model.compile(optimizer="sgd", loss="mse")
model.fit(x, x[:, :1], verbose=0)
model.fit(x, x[:, :1], verbose=0)
""",
}


KEYS = {
    "a helper the loop body moved into, handed the same dropout key (flax#2631)": """
import jax
import jax.numpy as jnp

@jax.jit
def dropout(h, key):
    return h * jax.random.bernoulli(key, 0.5, h.shape)

key = jax.random.PRNGKey(0)
x = jnp.ones(8)
masks = []

def _body(key, masks, x):
    masks.append(dropout(x, key))  # expect: ACC105

for step in range(3):
    _body(key, masks, x)
""",
    "a step function called in a while loop of a training function": """
import jax

@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

def run_step(x, key):
    return noisy(x, key)  # expect: ACC105

def train(x, key, steps):
    i = 0
    while i < steps:
        x = run_step(x, key)
        i += 1
    return x
""",
    "the key given by keyword to a helper called in a for loop over data": """
import jax

@jax.jit
def augment(batch, rng):
    return batch + jax.random.uniform(rng, batch.shape)

def step(batch, rng=None):
    return augment(batch, rng)  # expect: ACC105

def epoch(batches, rng):
    for batch in batches:
        step(batch, rng=rng)
""",
    "look-alike: a key split on each pass before the helper's call": """
import jax

@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

def run_step(x, key):
    return noisy(x, key)

def train(x, key, steps):
    for i in range(steps):
        key, sub = jax.random.split(key)
        x = run_step(x, sub)
    return x
""",
    "look-alike: a sweep over a literal collection of modes": """
import jax

@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

def evaluate(x, key, mode):
    return noisy(x, key)

def report(x, key):
    for mode in ("train", "eval"):
        evaluate(x, key, mode)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES)
def test_loop_body_helpers(body):
    assert_labels_match(HEADER + body)


@pytest.mark.parametrize("source", KEYS.values(), ids=KEYS)
def test_keys_through_loop_body_helpers(source):
    assert_labels_match(source)
