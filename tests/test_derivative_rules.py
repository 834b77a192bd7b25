"""The rules a custom-derivative function registers run in the traces the function runs in.

Property: `f.defvjp(fwd, bwd)`, `f.defjvp(jvp)` and `@f.defjvp` on a `jax.custom_vjp` /
`jax.custom_jvp` function register rules JAX runs where `f` is differentiated, inside the trace
`f` runs in, every input a pytree of tracers: under `jax.jit(jax.grad(loss))` once per trace,
under an eager `jax.grad` on every call, never under a plain `f(x)` (jax 0.10.2, a counter in
each rule over three calls; benchmarks/jax_spellings.py context custom_vjp_bwd, 25 hazards found
by no rule at 7e3653d). A function that is no custom-derivative function's rule stays unreached.
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


def test_a_print_in_the_bwd_rule_under_jit_of_grad():
    assert found("""
        import jax


        @jax.custom_vjp
        def f(x):
            return x * 2


        def f_fwd(x):
            return x * 2, x


        def f_bwd(res, g):
            print("bwd", g)
            return (g * 2,)


        f.defvjp(f_fwd, f_bwd)


        @jax.jit
        def step(x):
            return jax.grad(lambda v: f(v).sum())(x)
        """) == [(14, "ACC401")]


def test_a_branch_on_the_cotangent_in_a_nondiff_custom_vjp_bwd():
    assert found("""
        import functools

        import jax


        @functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
        def clip(x, bound):
            return x


        def clip_fwd(x, bound):
            return x, None


        def clip_bwd(bound, res, g):
            if g.sum() > bound:
                return (g / 2,)
            return (g,)


        clip.defvjp(clip_fwd, clip_bwd)


        def loss(x):
            return clip(x, 1.0).sum()


        train = jax.jit(jax.grad(loss))
        """) == [(16, "ACC201")]


def test_a_host_draw_in_a_jvp_rule_registered_by_decorator():
    assert found("""
        import jax
        import numpy as np


        @jax.custom_jvp
        def h(x):
            return x * 3


        @h.defjvp
        def h_jvp(primals, tangents):
            (x,), (t,) = primals, tangents
            return x * 3, t * 3 + np.random.normal()


        @jax.jit
        def step(x):
            return jax.jvp(h, (x,), (x,))[1]
        """) == [(13, "ACC101")]


def test_an_eager_grad_runs_the_fwd_rule_traced_but_uncached():
    assert found("""
        import jax


        @jax.custom_vjp
        def f(x):
            return x


        def f_fwd(x):
            print("fwd")
            return x, float(x.sum())


        def f_bwd(res, g):
            return (g,)


        f.defvjp(f_fwd, f_bwd)
        grads = jax.grad(lambda v: f(v).sum())
        """) == [(11, "ACC302")]


def test_the_same_functions_unregistered_are_not_reached():
    assert found("""
        import jax


        @jax.custom_vjp
        def f(x):
            return x


        def f_fwd(x):
            print("fwd")
            return x, None


        def f_bwd(res, g):
            print("bwd")
            return (g,)


        step = jax.jit(jax.grad(lambda v: f(v).sum()))
        f_fwd(1.0)
        """) == []


def test_python_values_in_residuals_and_nondiff_arguments_are_not_traced():
    """maxtext's ragged sort keeps a Python int in its residuals and branches on it in `bwd`,
    flax's fp8 ops take dtypes by `nondiff_argnums`: JAX hands both over as they are (jax
    0.10.2 under jit(grad): `int` in bwd's residuals and nondiff arguments, in fwd, bwd and
    jvp); the cotangent and the primal arrays stay traced."""
    assert found("""
        import functools

        import jax
        import numpy as np


        @functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
        def scale(dtype, x, n):
            return x * n


        def scale_fwd(dtype, x, n):
            assert dtype is not None
            return x * n, (x.shape[0], n)


        def scale_bwd(dtype, res, g):
            size, n = res
            if size >= 4:
                g = g / 2
            return (g * np.float32(1), None)


        scale.defvjp(scale_fwd, scale_bwd)


        @functools.partial(jax.custom_jvp, nondiff_argnums=(0,))
        def dot(dims, x):
            return x


        @dot.defjvp
        def dot_jvp(dims, primals, tangents):
            order = np.argsort(dims)
            return primals[0], tangents[0] * float(primals[0].sum()) + order[0]


        step = jax.jit(jax.grad(lambda v: scale(np.float32, v, 2.0).sum() + dot((1, 0), v).sum()))
        """) == [(35, "ACC302")]
