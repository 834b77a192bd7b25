"""A global bound to the object an imported call makes is an object, not a module.

Property: an attribute write in a cached trace to a global bound to the result of a call
(`BOX = types.SimpleNamespace()`, `CFG = ml_collections.ConfigDict()`, `STATE = Holder()` from
an import) is a write to an object from outside the trace (ACC409): the call made an object,
and the write runs once per trace (benchmarks/jax_spellings.py, hazard attribute_write: under
jax.jit the attribute keeps a tracer, under the eager twin an array; jax 0.10.2). A name an
import binds (`import config`, `from pkg import settings`) or an alias of one (`cfg =
config`) stays a module whose attributes are not flagged.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code.startswith("ACC4")
    )


def test_a_namespace_made_by_an_imported_call():
    assert found("""
        import types

        import jax

        BOX = types.SimpleNamespace(last=None)


        @jax.jit
        def f(x):
            BOX.last = x
            return x + 1
        """) == [(10, "ACC409")]


def test_a_config_dict_updated_under_jit_of_a_call():
    assert found("""
        import jax
        import ml_collections

        CFG = ml_collections.ConfigDict()


        def step(x):
            CFG.scale = x.mean()
            return x * 2


        train = jax.jit(step)
        """) == [(8, "ACC409")]


def test_an_imported_class_instance_written_through_a_chain():
    assert found("""
        import jax
        from stats import Tracker

        TRACKER = Tracker()


        @jax.jit
        def f(x):
            TRACKER.state.calls += 1
            return x + 1
        """) == [(9, "ACC409")]


def test_attributes_of_modules_and_their_aliases_are_not_flagged():
    assert found("""
        import jax
        import config
        from pkg import settings

        cfg = config


        @jax.jit
        def f(x):
            config.seen = True
            settings.flag = 1
            cfg.other = 2
            return x + 1
        """) == []
