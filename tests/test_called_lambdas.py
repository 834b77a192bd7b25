"""A function a traced body calls runs in that trace, whether a `def` or a lambda: one bound to
a name (`fun = lambda x: ...; fun(y)`), called where it is written, or wrapped by `partial` or
`jax.tree_util.Partial` (a `functools.partial` subclass) with nothing bound by position
(dynamiqs#441: a jitted function's `Partial(lambda x: my_fun(x, *args))` reads the module's
`args`, rebound after the first call: the cache keeps the first value)."""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def codes(source: str) -> dict[int, set[str]]:
    """Line -> the codes found there (lines of the dedented source, 1-based)."""
    out: dict[int, set[str]] = {}
    for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings:
        out.setdefault(f.line, set()).add(f.code)
    return out


def test_a_lambda_called_in_a_jitted_function_reads_the_rebound_global():
    """The report's `Partial(lambda ...)` and three other spellings: a lambda bound to a name,
    one called where it is written, and `functools.partial` of a lambda given a keyword."""
    found = codes("""
        import functools
        import jax
        from jax.tree_util import Partial


        def named(y):
            fun = lambda x: x * scale
            return fun(y)


        def inline(y):
            return (lambda x: x * scale)(y)


        def tree_partial(y):
            fun = Partial(lambda x: x * scale)
            return fun(y)


        def keyword(y):
            fun = functools.partial(lambda x, k: x * k * scale, k=2.0)
            return fun(y)


        a = jax.jit(named)
        b = jax.jit(inline)
        c = jax.jit(tree_partial)
        d = jax.jit(keyword)
        scale = 2.0
        first = a(1.0) + b(1.0) + c(1.0) + d(1.0)
        scale = 4.0
        second = a(1.0) + b(1.0) + c(1.0) + d(1.0)
    """)
    assert found == {7: {"ACC601"}, 12: {"ACC601"}, 16: {"ACC601"}, 21: {"ACC601"}}


def test_a_traced_lambda_is_checked_as_a_def_is():
    """Other families, too: `float()` of a tracer inside a lambda the jitted function calls."""
    assert codes("""
        import jax


        @jax.jit
        def f(y):
            to_host = lambda v: float(v)
            return to_host(y) * y
    """) == {6: {"ACC302"}}


def test_lambdas_outside_traces_or_reading_set_up_globals_are_fine():
    """Look-alikes: the same lambda called by an eager function (no trace to go stale), and a
    lambda in a jitted function reading a global set before the first call and never again."""
    assert codes("""
        import jax


        def eager(y):
            fun = lambda x: x * scale
            return fun(y)


        def traced(y):
            fun = lambda x: x * offset
            return fun(y)


        offset = 1.0
        step = jax.jit(traced)
        scale = 2.0
        a = eager(1.0) + step(1.0)
        scale = 4.0
        b = eager(1.0) + step(1.0)
    """) == {}
