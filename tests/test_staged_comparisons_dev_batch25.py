"""Inside a jit trace a comparison of a JAX array is staged even when the array is concrete
(jax#9823; jax 0.10.2, the run is docs/contexts.md's row "a branch on a comparison of a jnp
result under jit").

Property: under `jax.jit`, `jnp.sin(3.0) > 0`, `jnp.log2(8) > 2`, `jnp.float32(2.0) == 2` (also
through a local every binding of which is such a call, and through one computed inside `with
jax.ensure_compile_time_eval():`) are tracers, so `if` on them raises TracerBoolConversionError;
only what is written inside that block runs eagerly (`positive = z > 0` there, then `if
positive:`, runs), and so does `if z:` of the concrete array, NumPy's `np.sin(3.0) > 0` and a
static view (`jnp.ndim(x) > 1`).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


def test_a_comparison_outside_the_compile_time_block_is_staged():
    assert found("""
        import jax
        import jax.numpy as jnp


        @jax.jit
        def f(x):
            with jax.ensure_compile_time_eval():
                y = jnp.sin(3.0)
                z = jnp.sin(y)
            if z > 0:
                return jnp.sin(x)
            return jnp.cos(x)
    """) == [(10, "ACC201")]


def test_a_comparison_of_a_jnp_call_of_constants_is_staged():
    assert found("""
        import jax
        import jax.numpy as jnp


        @jax.jit
        def f(x):
            if jnp.sin(3.0) > 0:
                return x
            return -x
    """) == [(7, "ACC201")]


def test_a_comparison_of_a_local_bound_to_jnp_calls_is_staged():
    assert found("""
        import jax
        import jax.numpy as jnp


        @jax.jit
        def f(x):
            n = jnp.log2(8)
            k = jnp.float32(2.0)
            if n > 2:
                x = x + 1
            if k == 2:
                x = x * 2
            return x
    """) == [(9, "ACC201"), (11, "ACC201")]


def test_comparisons_inside_the_block_numpy_and_static_views_run():
    assert found("""
        import jax
        import jax.numpy as jnp
        import numpy as np


        @jax.jit
        def f(x):
            with jax.ensure_compile_time_eval():
                z = jnp.sin(3.0)
                positive = z > 0
            if positive:
                x = x + 1
            if z:
                x = x * 2
            if np.sin(3.0) > 0:
                x = x - 1
            if jnp.ndim(x) > 1:
                x = x * 3
            return x


        g = jax.grad(lambda w: w * 2 if jnp.sin(3.0) > 0 else w)
    """) == []


def test_an_identity_test_of_a_returned_value_is_python():
    """netket's `if log_prob_correction is not None:` (a value a method returns): never staged."""
    assert found("""
        import jax
        import jax.numpy as jnp


        @jax.jit
        def step(rule, x):
            y, correction = rule.transition(jnp.sin(x))
            if correction is not None:
                y = y + correction
            return y
    """) == []


def test_an_attribute_of_a_config_compared_to_a_string_is_python():
    """big_vision's `if config.ordering == "maskgit":` in a jitted step: a Python string."""
    assert found("""
        import jax
        import jax.numpy as jnp


        def decode(config, x):
            config = config.replace(scale=jnp.float32(2.0))
            if config.ordering == "maskgit":
                x = x * 2
            return x


        step = jax.jit(decode, static_argnums=0)
    """) == []
