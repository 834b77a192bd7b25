"""Precision on batch 20 of the reports corpus (stop 45): false findings of the dev half, each
fixed at its cause and tested on other spellings of the property, written before the change,
beside the hazard that must stay found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. The framework facts are runs (torch 2.13, TF 2.21; the numbers below).
"""

from __future__ import annotations

import pytest

from labelled import BREAKS, assert_labels_match

# -- 1. a parameter every call passes a Python number, under a marker that keys on it ----------
# MLSys-Experiments `graph_tracing.py` (dev, batch 20): `@torch.compile def fn(x, n): ... if n >=
# 0:` called as `fn(x, 2)`, `fn(x, 3)`, `fn(x, -2)`, `fn(x, 4)`. ACC201 called the branch a graph
# break, but a Python number handed to torch.compile is no tensor: Dynamo guards on it (and, once
# it goes dynamic, on the sign of the symbolic int), so the branch is decided per call without a
# break. Run (benchmarks/framework_runs.py: compile_branch_on_python_number_argument): with
# `fullgraph=True` (where a break raises) ten int values compile 3 graphs, six floats after them
# 1 more, two bools 2, every result equal to eager; a branch on `b.sum() < 0` raises `Unsupported`. What the analysis got wrong: a decorated function's parameters are
# pytrees of tracers at entry, and only a marker that traces Python scalars (`jax.jit`) looked
# at what its calls pass (acclint.analysis.scalar_calls).


def test_a_python_int_every_call_passes_to_a_compiled_function_is_no_graph_break():
    assert_labels_match("""
        import torch

        @torch.compile
        def fn(x, n):
            y = x ** 2
            if n >= 0:
                return (n + 1) * y
            else:
                return y / n

        x = torch.randn(200)
        fn(x, 2)
        fn(x, 3)
        fn(x, -2)
        fn(x, 4)
    """, BREAKS)


def test_other_spellings_of_a_python_number_every_call_passes():
    """A float in a conditional expression (ACC203's spelling), an int bounding a `while` loop
    (unrolled: with `fullgraph=True`, 4 graphs in 4 calls, one per value, and no break), and an
    int passed by keyword to a function compiled with options, compared for equality."""
    assert_labels_match("""
        import torch

        @torch.compile
        def scaled(x, scale):
            return x * scale if scale > 0.5 else x - scale

        @torch.compile
        def repeat(x, steps):
            i = 0
            while i < steps:
                x = x * 2
                i += 1
            return x

        @torch.compile(dynamic=True)
        def picked(x, k):
            if k == 2:
                return x + k
            return x - k

        t = torch.ones(3)
        scaled(t, 0.7)
        scaled(t, 0.2)
        repeat(t, 3)
        repeat(t, 5)
        picked(t, k=2)
        picked(t, k=-1)
    """, BREAKS)


def test_a_tensor_or_a_traced_scalar_at_that_parameter_stays_reported():
    """One call passing a tensor makes the branch a graph break again; a compiled function no
    call in the module reaches keeps its parameters tensors; one handed to another call or
    bound to another name may be called with a tensor there; jax.jit traces the Python int, so
    the branch raises, and a marker whose data do not say (pjit: no `scalars`) keeps it."""
    assert_labels_match("""
        import jax
        import torch
        from jax.experimental.pjit import pjit

        @torch.compile
        def handed(x, n):
            if n >= 0:  # expect: ACC201
                return x * n
            return x

        @torch.compile
        def aliased(x, n):
            if n >= 0:  # expect: ACC201
                return x * n
            return x

        @torch.compile
        def listed(x, n):
            if n >= 0:  # expect: ACC201
                return x * n
            return x

        def run(f, x):
            return f(x, torch.tensor(1))

        handed(torch.ones(3), 2)
        run(handed, torch.ones(3))
        aliased(torch.ones(3), 2)
        other = aliased
        listed(torch.ones(3), 2)
        steps = [listed]

        @torch.compile
        def fn(x, n):
            if n >= 0:  # expect: ACC201
                return x * n
            return x

        @torch.compile
        def uncalled(x, n):
            if n >= 0:  # expect: ACC201
                return x * n
            return x

        @jax.jit
        def jitted(x, n):
            if n >= 0:  # expect: ACC201
                return x * n
            return x

        @pjit
        def unknown(x, n):
            if n >= 0:  # expect: ACC201
                return x * n
            return x

        x = torch.ones(3)
        fn(x, 2)
        fn(x, torch.tensor(3))
        jitted(jax.numpy.ones(3), 2)
        unknown(jax.numpy.ones(3), 2)
    """, BREAKS)


def test_the_markers_keyed_on_python_scalars_are_named_in_their_data():
    """`scalars = "keyed"`: torch.compile and tf.function (framework_runs.py runs), and
    equinox.filter_jit, run here: `if n >= 0` on `f(x, 2)` is a Python branch."""
    import jax.numpy as jnp

    from acclint.frameworks.markers import load_markers

    markers = load_markers().markers
    keyed = sorted(name for name, m in markers.items() if m.scalars_keyed)
    assert keyed == ["equinox.filter_jit", "tensorflow.compat.v2.function", "tensorflow.function", "torch.compile"]
    assert not any(markers[name].scalars_traced for name in keyed)
    eqx = pytest.importorskip("equinox", reason="equinox's keyed scalars are checked by running it")

    @eqx.filter_jit
    def f(x, n):
        if n >= 0:
            return x * n
        return x - n

    assert [float(f(jnp.ones(3), n).sum()) for n in (2, -2)] == [6.0, 9.0]
