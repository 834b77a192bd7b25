"""Jitted parameters that the module passes a Python bool or number are scalar tracers
(acclint.analysis.scalar_calls): their truth tests are reported by default; a parameter
declared static, a function jitted under another name, a marker that keeps scalars static
(`equinox.filter_jit`) and a parameter passed only containers stay silent."""

import textwrap

from acclint.api import lint_text


def codes(text: str) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in lint_text(textwrap.dedent(text)).findings]


def test_a_literal_argument_makes_the_parameter_a_tracer():
    assert codes("""
        from functools import partial
        import jax

        @jax.jit
        def gated(x, flag, temperature, training: bool = False):
            if True and flag:
                x = -x
            if training:
                x = 2 * x
            return x / (temperature or 1.0)

        gated(1.0, True, 0.7, training=True)
    """) == [(7, "ACC201"), (9, "ACC201"), (11, "ACC202")]


def test_static_other_names_static_markers_and_containers_stay_silent():
    assert codes("""
        from functools import partial
        import equinox as eqx
        import jax

        @partial(jax.jit, static_argnames="flag")
        def declared(x, flag):
            return x if flag else -x

        def plain(x, flag):
            return x if flag else -x

        plain_jit = jax.jit(plain)

        @eqx.filter_jit
        def filtered(x, flag):
            return x if flag else -x

        @jax.jit
        def options(x, opts):
            return x if opts else -x

        declared(1.0, True)
        plain(1.0, True)
        plain_jit(1.0, flag=None)
        filtered(1.0, False)
        options(1.0, {"a": 1})
    """) == []


def test_an_array_argument_makes_the_parameter_a_leaf_here_and_in_its_helpers():
    # probdiffeq#813: `output_scale or default` in a helper the jitted solve passes its
    # parameter, which the module calls with an array. Three other spellings: `not` in the
    # jitted function itself, `and` in a helper reached by keyword, an `if` on a random array.
    assert codes("""
        import jax
        import jax.numpy as jnp
        from jax import random

        def init_state(u0, output_scale=None):
            output_scale = output_scale or jnp.ones(())
            return u0 * output_scale

        @jax.jit
        def solve(u0, output_scale):
            return init_state(u0, output_scale)

        @jax.jit
        def masked(x, mask):
            keep = not mask
            return x if keep else -x

        def gate(x, enabled):
            return enabled and x

        @jax.jit
        def gated(x, enabled):
            return gate(x, enabled=enabled)

        @jax.jit
        def noisy(x, noise):
            if noise:
                x = x + noise
            return x

        solve(jnp.ones(3), jnp.array(2.0))
        masked(jnp.ones(3), jnp.asarray(True))
        gated(jnp.ones(3), enabled=jnp.full((), True))
        noisy(jnp.ones(3), random.normal(random.PRNGKey(0), ()))
    """) == [(7, "ACC202"), (16, "ACC202"), (20, "ACC202"), (28, "ACC201")]


def test_containers_of_arrays_none_and_lists_an_op_makes_stay_pytrees():
    # The look-alikes: the same truth tests where every call passes a pytree whose truth is
    # its structure (a tuple of arrays, None, the list `jnp.split` gives, a scan's carry).
    assert codes("""
        import jax
        import jax.numpy as jnp

        def init_state(u0, output_scale=None):
            output_scale = output_scale or jnp.ones(())
            return u0 * output_scale[0]

        @jax.jit
        def solve(u0, output_scale):
            return init_state(u0, output_scale)

        @jax.jit
        def parts(x, pieces):
            return x if pieces else -x

        solve(jnp.ones(3), (jnp.array(2.0),))
        solve(jnp.ones(3), None)
        parts(jnp.ones(4), jnp.split(jnp.ones(4), 2))
    """) == []
