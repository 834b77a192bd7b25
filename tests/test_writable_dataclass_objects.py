"""An attribute of a module-level dataclass instance is a hidden input like a plain object's:
a dataclass not declared `frozen=True` takes attribute writes (its `eq`, which decides how it
hashes, does not matter to a write), so a cached trace reading `CFG.scale` keeps the value it
saw while tracing after a function, a method of the object, or module-level code writes it
(ACC602; blind3 jax_hidden_linen_cfg_1).

Each program was run (jax 0.10.2, TF 2.21): the labelled ones print the first value again
where the eager program prints the new one (2.0 2.0; 0.5 0.25 0.125 where the rate halves but
the update keeps 0.5; 0.1 three times where alpha grows); the look-alikes print what is due
(a write before the first call: 3.0 3.0; a write of another attribute: 2.0 three times)."""

from __future__ import annotations

import pytest

from labelled import assert_labels_match

SETTINGS_TUNED = """
from dataclasses import dataclass

import jax


@dataclass
class Settings:
    gain: float = 2.0


SETTINGS = Settings()


@jax.jit
def scaled(x):
    return x * SETTINGS.gain  # expect: ACC602


def tune(settings, gain):
    settings.gain = gain


def main():
    print(scaled(1.0))
    tune(SETTINGS, 3.0)
    print(scaled(1.0))


main()
"""

PROGRAMS = {
    "a bare @dataclass written by a function handed the object, between two calls": SETTINGS_TUNED,
    "@dataclasses.dataclass() written by its own method in the loop": """
import dataclasses

import jax


@dataclasses.dataclass()
class Schedule:
    rate: float = 0.5

    def decay(self):
        self.rate = self.rate * 0.5


SCHEDULE = Schedule()


@jax.jit
def update(w):
    return w - SCHEDULE.rate * w  # expect: ACC602


w = 1.0
for epoch in range(3):
    w = update(w)
    SCHEDULE.decay()
    print(w)
""",
    "@dataclass(eq=True, frozen=False) written by a function in the loop": """
from dataclasses import dataclass

import tensorflow as tf


@dataclass(eq=True, frozen=False)
class Mixing:
    alpha: float = 0.1


MIX = Mixing()


def anneal(mixing, step):
    mixing.alpha = 0.1 * (step + 2)


@tf.function
def blend(a, b):
    return a + MIX.alpha * b  # expect: ACC602


for step in range(3):
    print(float(blend(tf.constant(0.0), tf.constant(1.0))))
    anneal(MIX, step)
""",
    "fine: written before the first call (set-up)": SETTINGS_TUNED.replace("  # expect: ACC602", "").replace(
        "    print(scaled(1.0))\n    tune(SETTINGS, 3.0)\n", "    tune(SETTINGS, 3.0)  # set-up, before the first call\n    print(scaled(1.0))\n"
    ),
    "fine: another attribute written": """
from dataclasses import dataclass

import jax


@dataclass
class Settings:
    gain: float = 2.0
    calls: int = 0


SETTINGS = Settings()


@jax.jit
def scaled(x):
    return x * SETTINGS.gain


for step in range(3):
    print(scaled(1.0))
    SETTINGS.calls += 1  # another attribute: what the trace reads never changes
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_a_writable_dataclass_attribute_read_in_a_cached_trace(name):
    assert_labels_match(PROGRAMS[name])
