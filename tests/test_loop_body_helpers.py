"""A loop body moved into a helper keeps what the loop did: a watched attribute written on what
a loop reaches from a model, by a function the loop hands it to (ACC607).

Property: `for layer in model.layers[0].layers: unfreeze(layer)`, where `unfreeze(layer)` sets
`layer.trainable = True`, writes `trainable` on what is reached from `model`, as `layer.trainable
= True` written in the loop does: after a `fit` built the train function and before a later
`fit` reuses it, with no `compile()` between, the change is ignored (keras-team/keras#9940).
The finding is at the call that hands the layer on (where a handed write of the model itself,
`make_trainable(net, False)`, is reported).

Found by benchmarks/reports/perturb.py, rewrite R5 (a module-level loop's body moved into
`def _body(..)` called in the loop): dev keras_9940 lost its ACC6 label on 9a5e9af. Where the
body sits changes nothing at run time: the report's run (benchmarks/reports/verify.py, keras 3
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


@pytest.mark.parametrize("body", CASES.values(), ids=CASES)
def test_loop_body_helpers(body):
    assert_labels_match(HEADER + body)
