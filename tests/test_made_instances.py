"""A method a traced function calls on an object it makes itself runs in that trace.

Property: a traced function that makes an instance of a plain class of its module and calls a
method on it (`Scaler(2.0).apply(x)`, or `s = Scaler(k)` then `s.apply(x)`) runs the method in
its own trace with the arguments it passes, so a hazard in the method's body is the trace's; the
object is the trace's scratch, so writes to its own attributes are no finding
(acclint/analysis/made_instances.py). The module-level instance's method was already followed
(`_outer_instance_method`); one made in the trace was left alone. From the dev report
pytorch_197896 (`Helper().touch()` in a compiled function), whose own label (a Dynamo bug with
local classes) this does not reach.

Run (jax 0.10.2 / TF 2.21, benchmarks/framework_runs.py method_of_instance_made_in_trace): a
branch on a traced argument in such a method raises TracerBoolConversionError under jax.jit; a
NumPy draw there gives 1 distinct value in 3 calls under jax.jit and under tf.function; writes to
the made object's attributes give eager's results (2, 4, 6).
"""

import pytest

from labelled import family_labels_and_findings

HAZARDS = {
    "a branch in a method of an instance made in place": """
import jax
import jax.numpy as jnp

class Scaler:
    def __init__(self, k):
        self.k = k

    def apply(self, x):
        if x.sum() > 0:  # expect: ACC201
            return x * self.k
        return x

@jax.jit
def f(x):
    return Scaler(2.0).apply(x)
""",
    "a NumPy draw in a method of an instance bound to a local name": """
import jax
import numpy as np

class Noise:
    def __init__(self, scale):
        self.scale = scale

    def add(self, x):
        return x + self.scale * np.random.normal()  # expect: ACC101

@jax.jit
def f(x):
    noise = Noise(0.1)
    return noise.add(x)
""",
    "a NumPy draw in a method, under tf.function": """
import numpy as np
import tensorflow as tf

class Jitter:
    def apply(self, x):
        return x + np.random.uniform()  # expect: ACC101

@tf.function
def step(x):
    return Jitter().apply(x)
""",
    "a host conversion in a method of an instance bound to a local name": """
import jax
import jax.numpy as jnp

class Normaliser:
    def __init__(self, eps):
        self.eps = eps

    def scale(self, x):
        return float(x.max()) + self.eps  # expect: ACC302

@jax.jit
def f(x):
    n = Normaliser(1e-6)
    return n.scale(x)
""",
}

FINE = {
    "writes to the made object's own attributes: scratch": """
import jax
import jax.numpy as jnp

class Acc:
    def __init__(self):
        self.total = 0.0
        self.items = []

    def add(self, x):
        self.total = self.total + x
        self.items.append(x)
        return self

@jax.jit
def f(x):
    return Acc().add(x).total
""",
    "an instance made in an eager function": """
import numpy as np

class Noise:
    def add(self, x):
        return x + np.random.normal()

def f(x):
    return Noise().add(x)
""",
    "a method that only does array arithmetic": """
import jax
import jax.numpy as jnp

class Scaler:
    def __init__(self, k):
        self.k = k

    def apply(self, x):
        return jnp.where(x.sum() > 0, x * self.k, x)

@jax.jit
def f(x):
    return Scaler(2.0).apply(x)
""",
}


@pytest.mark.parametrize("source", HAZARDS.values(), ids=HAZARDS.keys())
def test_a_hazard_in_a_method_of_an_object_the_trace_makes(source):
    expected, found = family_labels_and_findings(source, "ACC")
    assert expected and found == expected


@pytest.mark.parametrize("source", FINE.values(), ids=FINE.keys())
def test_scratch_writes_an_eager_maker_or_array_code(source):
    expected, found = family_labels_and_findings(source, "ACC")
    assert expected == [] and found == []


def test_objects_the_made_object_makes_are_scratch_too():
    """evojax's slimevolley: the jitted step makes `Game(state)`, whose `__init__` makes the
    ball and agents; their methods, called through the game's attributes and their own `self`,
    rebind their own attributes (scratch), while a draw two objects down is the trace's."""
    source = """
import jax
import numpy as np

class Particle:
    def __init__(self, p):
        self.p = p

    def move(self):
        self.p = self.p + 1.0
        self.settle()

    def settle(self):
        self.p = self.p * 0.5

    def jitter(self):
        return self.p + np.random.normal()  # expect: ACC101

class Game:
    def __init__(self, state):
        self.ball = Particle(state)

    def step(self):
        self.ball.move()
        return self.ball.jitter()

@jax.jit
def step(state):
    game = Game(state)
    return game.step()
"""
    expected, found = family_labels_and_findings(source, "ACC")
    assert expected and found == expected
