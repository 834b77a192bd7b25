"""A parameter whose default is the `numpy` module is NumPy where a traced call leaves it out.

Property: in `def helper(x, xnp=np)`, called inside a trace without `xnp`, `xnp.<fn>(traced)` is
`numpy.<fn>` on a tracer, a host conversion (ACC304); where every traced call passes `xnp=jnp`
it is not (run: benchmarks/framework_runs.py jit_numpy_module_default, jax 0.10.2:
`xnp.asarray` and `xnp.stack` raise TracerArrayConversionError; multinerf#62).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[str, str]]:
    source = textwrap.dedent(source).lstrip("\n")
    lines = source.splitlines()
    return sorted(
        (lines[f.line - 1].strip(), f.code) for f in lint_text(source, "m.py", Settings()).findings if f.code == "ACC304"
    )


def test_keyword_only_default_left_out_by_a_jitted_caller():
    assert found("""
        import jax
        import numpy as np


        def converted(x, *, xnp=np):
            return xnp.asarray(x) * 2


        @jax.jit
        def step(x):
            return converted(x)
    """) == [("return xnp.asarray(x) * 2", "ACC304")]


def test_an_aliased_numpy_default_through_a_helper_chain():
    assert found("""
        import jax
        import jax.numpy as jnp
        import numpy as onp


        def stacked(x, xp=onp):
            return xp.stack([x, x])


        def middle(x):
            return stacked(x + 1)


        def step(x):
            return jnp.sum(middle(x))


        fast = jax.jit(step)
    """) == [("return xp.stack([x, x])", "ACC304")]


def test_array_of_a_traced_value_in_a_method_default():
    assert found("""
        import jax
        import numpy as np


        def to_array(x, backend=np):
            return backend.array(x)


        @jax.jit
        def step(x):
            return to_array(x * 2.0)
    """) == [("return backend.array(x)", "ACC304")]


def test_fine_every_traced_call_passes_jax_numpy():
    assert found("""
        import jax
        import jax.numpy as jnp
        import numpy as np


        def stacked(x, xnp=np):
            return xnp.stack([x, x])


        @jax.jit
        def step(x):
            return stacked(x, xnp=jnp)


        host = stacked(np.ones(3))
    """) == []
