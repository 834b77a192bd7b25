"""ACC204's message says what an `assert` on a traced value does, in each framework that uses the
rule's own words or JAX's (issue 35): under `jax.jit` it raises, under the runtime's
`dlaccelerate` it checks the call that builds the trace and never a cached call. Each message is
checked against a run of the flagged code."""

from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_bytes, options_for
from acclint.run.config import Settings

jax = pytest.importorskip("jax")
runtime = pytest.importorskip("acclint.runtime")

SOURCE = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp
    from acclint.runtime import dlaccelerate


    @jax.jit
    def normalise(p):
        assert jnp.all(p >= 0)
        return p / p.sum()


    @dlaccelerate
    def scale(p):
        assert p > 0
        return p * 2
    """
)


def _messages() -> dict[int, str]:
    settings = Settings()
    result = lint_bytes(SOURCE.encode(), "m.py", settings, options_for(settings))
    return {f.line: f.message for f in result.findings if f.code == "ACC204"}


def _module():
    namespace: dict = {}
    exec(compile(SOURCE, "m.py", "exec"), namespace)  # noqa: S102 (the source above)
    return namespace


def test_under_jax_jit_the_message_says_it_raises_and_it_does():
    message = _messages()[8]
    assert "raises a tracer error" in message and "first" not in message
    with pytest.raises(jax.errors.TracerBoolConversionError):
        _module()["normalise"](jax.numpy.ones(3))


def test_under_dlaccelerate_the_message_says_only_the_tracing_call_is_checked_and_so_it_is():
    message = _messages()[14]
    assert "checks only the values of the call that builds the trace" in message and "raises" not in message
    scale = _module()["scale"]
    assert float(runtime.extractdata(scale(runtime.dlarray(jax.numpy.float32(1.0))))) == 2.0
    # the cached call skips the assert: a value it would refuse passes
    assert float(runtime.extractdata(scale(runtime.dlarray(jax.numpy.float32(-1.0))))) == -2.0
