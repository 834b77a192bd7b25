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
