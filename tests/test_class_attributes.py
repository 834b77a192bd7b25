"""A class's own attributes are hidden inputs too: a cached trace reading `Model.scale`, or
`cls.scale` in a classmethod (`jax.jit(Model.apply)`, or a classmethod jitted with the class
static), keeps the value it saw while tracing after the class attribute is rebound (ACC602).

Each program was run (jax 0.10.2): every labelled one prints 2.0 twice where 3.0 is due on the
second call; the look-alikes print what is due (the instance's own attribute leaves the class's
unchanged: 2.0 and 2.0; a write before the first call: 3.0 and 3.0)."""

from __future__ import annotations

import pytest

from labelled import assert_labels_match

JITTED_CLASSMETHOD = """
import jax


class Model:
    scale = 2.0

    @classmethod
    def apply(cls, x):
        return x * cls.scale  # expect: ACC602


step = jax.jit(Model.apply)
print(step(1.0))
Model.scale = 3.0
print(step(1.0))
"""

SPELLINGS = {
    "jax.jit(Model.apply), the class attribute rebound through the class": JITTED_CLASSMETHOD,
    "a classmethod jitted with the class static": """
from functools import partial

import jax


class Model:
    scale = 2.0

    @classmethod
    @partial(jax.jit, static_argnums=0)
    def apply(cls, x):
        return x * cls.scale  # expect: ACC602


print(Model.apply(1.0))
Model.scale = 3.0
print(Model.apply(1.0))
""",
    "a jitted function reading the class's attribute by its name": """
import jax


class Model:
    scale = 2.0


@jax.jit
def apply(x):
    return x * Model.scale  # expect: ACC602


print(apply(1.0))
Model.scale = 3.0
print(apply(1.0))
""",
    "rebound by another classmethod": JITTED_CLASSMETHOD.replace(
        "    @classmethod\n    def apply", "    @classmethod\n    def set_scale(cls, s):\n        cls.scale = s\n\n    @classmethod\n    def apply",
    ).replace("Model.scale = 3.0", "Model.set_scale(3.0)"),
    "an instance's own attribute written (fine)": JITTED_CLASSMETHOD.replace("  # expect: ACC602", "").replace(
        "Model.scale = 3.0", "m = Model()\nm.scale = 3.0",
    ),
    "the class attribute rebound before the first call (fine)": JITTED_CLASSMETHOD.replace("  # expect: ACC602", "").replace(
        "print(step(1.0))\nModel.scale = 3.0\n", "Model.scale = 3.0\nprint(step(1.0))\n",
    ),
}


@pytest.mark.parametrize("name", list(SPELLINGS))
def test_a_class_attribute_read_in_a_cached_trace(name):
    assert SPELLINGS[name] != JITTED_CLASSMETHOD or name.startswith("jax.jit(Model.apply)")
    assert_labels_match(SPELLINGS[name])
