"""A marker handed the method of an instance made in place traces that class's method.

Property: `jax.jit(Scaler().apply)` traces `Scaler.apply` as `jax.jit(s.apply)` after
`s = Scaler()` does: the object is made by a call of a plain class of the module, and the bound
method is what the marker runs (benchmarks/jax_spellings.py, context jit_method: every hazard
of the set in `Scaler.apply` runs once per trace; jax 0.10.2). The same in a method's own
class, with arguments, or through `functools.partial`; a method of a class the module does not
define is not guessed at.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code.startswith(("ACC1", "ACC2", "ACC3", "ACC4"))
    )


def test_jit_of_a_method_of_an_instance_made_in_place():
    assert found("""
        import jax


        class Scaler:
            def apply(self, x):
                print("step", x)
                return x


        def run(xs):
            g = jax.jit(Scaler().apply)
            return [g(x) for x in xs]
        """) == [(6, "ACC401")]


def test_the_instance_made_with_arguments_at_module_level():
    assert found("""
        import jax
        import numpy as np


        class Scaler:
            def __init__(self, k):
                self.k = k

            def apply(self, x):
                return x * float(x.sum()) + np.random.rand()


        step = jax.jit(Scaler(2).apply)
        """) == [(10, "ACC101"), (10, "ACC302")]


def test_the_method_through_partial_under_vmap_in_jit():
    assert found("""
        import functools

        import jax


        class Model:
            def loss(self, x, scale):
                if x.sum() > 0:
                    return x * scale
                return x


        step = jax.jit(jax.vmap(functools.partial(Model().loss, scale=2.0)))
        """) == [(8, "ACC201")]


def test_a_class_of_another_module_is_not_guessed_at():
    assert found("""
        import jax
        from somewhere import Scaler


        class Local:
            def apply(self, x):
                print("eager")
                return x


        step = jax.jit(Scaler().apply)
        Local().apply(1.0)
        """) == []
