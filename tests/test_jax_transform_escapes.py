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
from labelled import assert_labels_match


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


def test_a_tree_of_what_a_named_predicate_returns_is_no_tracer():
    """equinox's `_loop/checkpointed.py`: a custom_jvp rule records which tangents are symbolic
    zeros, `nonlocal flags; flags = jtu.tree_map(_not_symbolic_zero, tangents)`, a tree of
    Python bools (`not isinstance(x, SymbolicZero)` per leaf), not a tracer: no finding. The
    same map with a lambda returning the leaf, or the tangents themselves, is one."""
    assert_labels_match("""
        import jax
        import jax.tree_util as jtu


        def _not_symbolic_zero(x):
            return not isinstance(x, jax.custom_derivatives.SymbolicZero)


        def run(x):
            flags = None
            kept = None

            @jax.custom_jvp
            def record(v):
                return v

            def record_jvp(primals, tangents):
                nonlocal flags, kept
                flags = jtu.tree_map(_not_symbolic_zero, tangents)
                kept = jtu.tree_map(lambda t: t * 2, tangents)  # expect: ACC405
                return primals[0], tangents[0]

            record.defjvp(record_jvp)
            jax.linearize(record, x)
            return flags
    """)
