"""A traced value written to a binding that outlives the trace escapes under every JAX tracing
transform, not only under jit (jax#2048; benchmarks/framework_runs.py has no JAX runner, the runs
are docs/contexts.md's row "tracer escapes under grad, jvp, vmap", jax 0.10.2).

Property: in a function `jax.grad`, `jax.jvp`, `jax.vjp`, `jax.vmap` (... the differentiated and
vmapped contexts) trace, writing a traced value to a `global` or `nonlocal` name leaks a tracer
(UnexpectedTracerError where it is used after the transform: 7 of 7 transforms run); writing a
Python value there (a counter, a shape) runs on every call and is fine (3 counts in 3 calls).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


def test_nonlocal_write_of_a_primal_in_a_nested_jvp():
    assert found("""
        import jax


        def D(f, x):
            return jax.jvp(f, (x,), (1.0,))[1]


        def f(x):
            def inner(y):
                nonlocal x
                x = y
                return x

            return D(inner, x) * x


        D(f, 1.0)
    """) == [(11, "ACC405")]


def test_global_write_of_a_traced_value_under_grad():
    assert found("""
        import jax

        LAST = None


        def loss(w):
            global LAST
            LAST = w * 2
            return (w * 3).sum()


        g = jax.grad(loss)
    """) == [(8, "ACC405")]


def test_nonlocal_write_in_a_vmapped_closure():
    assert found("""
        import jax


        def outer(xs):
            saved = None

            def row(x):
                nonlocal saved
                saved = x + 1
                return x * 2

            out = jax.vmap(row)(xs)
            return out, saved
    """) == [(9, "ACC405")]


def test_augmented_write_of_a_traced_value_under_value_and_grad():
    assert found("""
        import jax

        TOTAL = 0.0


        def loss(w):
            global TOTAL
            TOTAL += w.sum()
            return (w * 3).sum()


        vg = jax.value_and_grad(loss)
    """) == [(8, "ACC405")]


def test_a_counter_under_grad_or_vmap_runs_on_every_call():
    assert found("""
        import jax

        CALLS = 0
        ROWS = 0


        def loss(w):
            global CALLS
            CALLS += 1
            return (w * 3).sum()


        def row(x):
            global ROWS
            ROWS = x.shape[0]
            return x * 2


        g = jax.grad(loss)
        v = jax.vmap(row)
    """) == []
