"""Which name holds a method's own instance (FunctionInfo.own_class), as Python binds it: the
first parameter of a plain method, seen also from a closure in it; not a `@staticmethod`'s first
parameter (no instance is bound), not a `@classmethod`'s (the class, not an instance), and not a
nested function's own parameter that shadows the method's `self`.

Each case reaches `Scale.__call__` (its `if` on a traced value: ACC201) only through
`self.scale(x)`, where `self.scale` is a `Scale()` made in `__init__`: the `if` is found exactly
where `self` is the instance.
"""

import pytest

from labelled import assert_labels_match

HEADER = """
import jax

class Scale:
    def __call__(self, x):
        if x > 0:{found}
            return x
        return -x

class Model:
    def __init__(self):
        self.scale = Scale()
"""

METHODS = {
    "a plain method, jitted through an instance": (True, """
    def apply(self, x):
        return self.scale(x)

m = Model()
step = jax.jit(m.apply)
"""),
    "a closure in a method reads the method's self": (True, """
    def make(self):
        def apply(x):
            return self.scale(x)
        return jax.jit(apply)
"""),
    "a closure's own parameter named self shadows the method's": (False, """
    def make(self):
        def apply(self, x):
            return self.scale(x)
        return jax.jit(apply)
"""),
    "a lambda's own parameter named self shadows the method's": (False, """
    def make(self):
        return jax.jit(lambda self, x: self.scale(x))
"""),
    "a staticmethod's first parameter is no instance": (False, """
    @staticmethod
    @jax.jit
    def apply(self, x):
        return self.scale(x)
"""),
    "a classmethod's first parameter is the class, not an instance": (False, """
    @classmethod
    @jax.jit
    def apply(self, x):
        return self.scale(x)
"""),
}


@pytest.mark.parametrize("name", sorted(METHODS))
def test_self_is_the_instance_exactly_where_python_binds_it(name):
    found, methods = METHODS[name]
    assert_labels_match(HEADER.format(found="  # expect: ACC201" if found else "") + methods)
