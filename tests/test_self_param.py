"""Which name holds a method's instance (`FunctionInfo.self_name`), as Python binds it: a
method's first parameter, also seen from a closure unless the closure has a parameter of that
name of its own; a staticmethod has none, a classmethod's first parameter holds the class, and a
function of no class has none. The analyses that read or write `self.x` ask it instead of
taking any function's first parameter (ACC5's `_self_assignments`, ACC6's bindings, the module
classes' attributes, the ACC6 rules' `__init__` reads)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from acclint.analysis.scopes import index_module
from labelled import assert_labels_match

MODULE = """
class Net:
    def forward(this, x):
        def inner(y):
            return y
        def shadowing(this, y):
            return y
        scale = lambda y: y
        return inner(x)

    @staticmethod
    def helper(obj, x):
        def inner(y):
            return y
        return inner(x)

    @classmethod
    def make(cls):
        return cls()


def plain(self, x):
    def inner(y):
        return y
    return inner(x)
"""


@pytest.mark.parametrize("path, expected", [
    ("forward", "this"),  # any first parameter's name
    ("forward.inner", "this"),  # seen from a closure
    ("forward.shadowing", None),  # the closure's own `this` is another object
    ("forward.<lambda>", "this"),
    ("helper", None),  # a staticmethod is given no instance
    ("helper.inner", None),
    ("make", None),  # a classmethod's first parameter holds the class
    ("plain", None),  # a function of no class
    ("plain.inner", None),
])
def test_self_name(path, expected):
    functions = index_module(cst.parse_module(textwrap.dedent(MODULE)), frozenset()).all_functions

    def path_of(fn) -> str:
        return f"{path_of(fn.parent)}.{fn.name}" if fn.parent is not None else fn.name

    (fn,) = [f for f in functions if path_of(f) == path]
    assert fn.self_name == expected


# Each run (jax 0.10.2): the closures' writes make the second call return the first call's
# value ([1. 1.] twice, where 2 is due); the shadowing closure writes another object, and the
# object's own value never changes ([0. 0.] twice, right). Before, a closure's first parameter
# was taken for `self`, so the closures' writes were no write before the call (tunix's
# `Sampler.__call__` written inside a helper).
SAMPLER = """
import jax
import jax.numpy as jnp


class Other:
    eos_ids = 0


class Sampler:
    eos_ids = 0

    def __init__(self):
        self._prefill = jax.jit(self._prefill_fn)

    def _prefill_fn(self, x):
        return x + self.eos_ids  # expect: ACC604

    def __call__(self, x, eos):
        def run(y):
            self.eos_ids = jnp.array(eos)
            return self._prefill(y)
        return run(x)
"""

SPELLINGS = {
    "a closure": SAMPLER,
    "a closure in a closure": SAMPLER.replace('''        def run(y):
            self.eos_ids = jnp.array(eos)
            return self._prefill(y)
        return run(x)''', '''        def outer():
            def inner(y):
                self.eos_ids = jnp.array(eos)
                return self._prefill(y)
            return inner(x)
        return outer()'''),
    "a closure with a default": SAMPLER.replace("def run(y):", "def run(y, eos=eos):"),
    "a closure writing its own parameter `self` (fine)": SAMPLER.replace("  # expect: ACC604", "").replace('''        def run(y):
            self.eos_ids = jnp.array(eos)
            return self._prefill(y)
        return run(x)''', '''        def run(self, y):
            self.eos_ids = jnp.array(eos)
            return y
        run(Other(), x)
        return self._prefill(x)'''),
}


@pytest.mark.parametrize("name", list(SPELLINGS))
def test_a_closure_in_a_method_writes_through_the_methods_self(name):
    assert SPELLINGS[name] != SAMPLER or name == "a closure"
    assert_labels_match(SPELLINGS[name])


# A staticmethod's first parameter is whatever the caller passes: `logger.step(...)` there calls
# a Logger's method, not the Runner's compiled `step`, so writing `r.scale` before it is no write
# before a stale call. The same write before `r.step(...)` is one (run: 2.0 where 6.0 is due).
RUNNER = """
from functools import partial
import jax


class Logger:
    def step(self, message):
        print(message)


class Runner:
    def __init__(self):
        self.scale = 1.0

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        return x * self.scale{label}

    @staticmethod
    def log(logger):
        logger.step("done")


logger = Logger()
r = Runner()
r.step(2.0)
r.scale = 3.0
{after}
"""


@pytest.mark.parametrize("after, label", [
    ("r.log(logger)", ""),
    ("Runner.log(logger)", ""),
    ("r.step(2.0)", "  # expect: ACC604"),
    ("r.log(logger)\nr.step(2.0)", "  # expect: ACC604"),
])
def test_a_staticmethods_parameter_is_no_self(after, label):
    assert_labels_match(RUNNER.format(after=after, label=label))


# What a traced call `self.step(y)` runs (the context analysis's `_method_via_self`): the class's
# method where the name holds the method's instance (a closure sees it), the class itself
# (`Net.step`, a classmethod's `cls.pick`); not where a closure's own parameter or a
# staticmethod's first holds another object. Each run (jax 0.10.2): the labelled `if`s raise on
# a tracer when `hazards()` runs; `fine()` runs and prints 2.0 4.0 6.0. Before, the three
# look-alikes made Net.step traced (one false ACC201).
METHODS = """
from functools import partial
import jax


class Other:
    def step(self, y):
        return y * 2


class Net:
    def step(self, x):
        if x > 0:  # expect: ACC201
            return x
        return -x

    @staticmethod
    def pick(x):
        if x > 0:  # expect: ACC201
            return x
        return -x

    def closure(self, x):
        @jax.jit
        def inner(y):
            return self.step(y)
        return inner(x)

    def by_class(self, x):
        return jax.jit(lambda y: Net.step(self, y))(x)

    @classmethod
    def through_cls(cls, x):
        return jax.jit(lambda y: cls.pick(y))(x)

    def own_self(self, x):
        def inner(self, y):
            return self.step(y)
        return jax.jit(partial(inner, Other()))(x)

    def default_self(self, x):
        @jax.jit
        def inner(y, self=Other()):
            return self.step(y)
        return inner(x)

    @staticmethod
    def given(obj, x):
        return jax.jit(lambda y: obj.step(y))(x)
"""


def test_a_traced_call_through_self_runs_the_method_the_name_holds():
    assert_labels_match(METHODS)


def test_only_the_look_alikes_leave_the_method_untraced():
    look_alikes = METHODS.split("    def closure(")[0] + METHODS[METHODS.index("    def own_self("):]
    assert_labels_match(look_alikes.replace("  # expect: ACC201", ""))


# Which object `x.compile(loss=...)` in a class's code is a Keras model of the class
# (`objects.types`): the method's instance, also from a closure in the method; not a
# staticmethod's first parameter (whatever the caller passes), nor a classmethod's `cls` (run,
# Keras 3.15: `Net.setup()` raises "compile() missing 1 required positional argument: 'self'",
# and the loss never runs). Before, any method's first parameter was taken for the instance.
KERAS = """
import keras


def my_loss(y, p):
    print(p){label}
    return p


class Net(keras.Model):
    def call(self, x):
        return x

{method}
"""


@pytest.mark.parametrize("method, label", [
    ("    def setup(self):\n        self.compile(loss=my_loss)", "  # expect: ACC401"),
    ("    def setup(self):\n        def inner():\n            self.compile(loss=my_loss)\n        inner()", "  # expect: ACC401"),
    ("    @staticmethod\n    def setup(runner):\n        runner.compile(loss=my_loss)", ""),
    ("    @classmethod\n    def setup(cls):\n        cls.compile(loss=my_loss)", ""),
], ids=["a method", "a closure in a method", "a staticmethod (fine)", "a classmethod (fine)"])
def test_the_model_compiled_in_a_class_is_its_instance(method, label):
    assert_labels_match(KERAS.format(method=method, label=label))


# A container `__init__` makes on the instance and a jitted method appends to (ACC406) is the
# same attribute whatever each method names its instance (run, jax 0.10.2: two calls of each
# `step` leave one item in each history, where two are due). Before, the method's first
# parameter's name was looked for in `__init__`'s targets, so `this` against `self` matched nothing.
HISTORY = """
from functools import partial

import jax


class Tracker:
    def __init__({init}):
        {init}.history = []

    @partial(jax.jit, static_argnums=0)
    def step({me}, x):
        {me}.history.append(x)  # expect: ACC406
        return x
"""


@pytest.mark.parametrize("init, me", [("self", "self"), ("self", "this"), ("me", "self")])
def test_a_container_made_in_init_whatever_each_method_names_its_instance(init, me):
    assert_labels_match(HISTORY.format(init=init, me=me))
