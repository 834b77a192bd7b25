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


# The parameter is NumPy for the value analysis too: what a NumPy function that calls its
# argument's own method gives back for a tracer (`xnp.moveaxis`, `xnp.sum`: a tracer) is traced,
# so a later conversion of it, or a branch on it, is found (multinerf#62's `convert_to_ndc`, whose
# `xnp.stack` converts the rays `xnp.moveaxis` split).

def codes(source: str) -> list[tuple[str, str]]:
    source = textwrap.dedent(source).lstrip("\n")
    lines = source.splitlines()
    return sorted((lines[f.line - 1].strip(), f.code) for f in lint_text(source, "m.py", Settings()).findings)


def test_rays_split_by_the_default_module_then_stacked():
    assert codes("""
        import jax
        import jax.numpy as jnp
        import numpy as np


        def convert(origins, xnp=np):
            ox, oy, oz = xnp.moveaxis(origins, -1, 0)
            return xnp.stack([ox / oz, oy / oz], axis=-1)


        def cast(origins, xnp):
            return convert(origins * xnp.ones_like(origins))


        @jax.jit
        def step(origins):
            return jnp.sum(cast(origins, xnp=jnp))
    """) == [("return xnp.stack([ox / oz, oy / oz], axis=-1)", "ACC304")]


def test_a_sum_by_an_aliased_default_then_converted():
    assert codes("""
        import jax
        import numpy as onp


        def total(x, xp=onp):
            s = xp.sum(x, axis=0)
            return xp.asarray(s)


        def step(x):
            return total(x) + 1


        fast = jax.jit(step)
    """) == [("return xp.asarray(s)", "ACC304")]


def test_a_branch_on_a_mean_by_the_default_module():
    assert codes("""
        import jax
        import numpy as np


        def clipped(x, xnp=np):
            if xnp.mean(x) > 0:
                return x
            return -x


        @jax.jit
        def step(x):
            return clipped(x * 2.0)
    """) == [("if xnp.mean(x) > 0:", "ACC201")]


def test_fine_the_parameter_rebound_in_the_body():
    """`xnp` is rebound to what the array's type says: no longer the default module."""
    assert codes("""
        import jax
        import jax.numpy as jnp
        import numpy as np


        def clipped(x, xnp=np):
            xnp = jnp if isinstance(x, jax.Array) else xnp
            if xnp.mean(x) > 0:
                return x
            return -x


        @jax.jit
        def step(x):
            return clipped(x * 2.0)
    """) == []


def test_fine_a_default_that_is_a_function_of_the_module():
    """`op=combine` names the module's own function, no import: nothing is known of it."""
    assert codes("""
        import jax
        import numpy as np


        def combine(x):
            return x


        def clipped(x, op=combine):
            if op(x).mean() > 0:
                return x
            return -x


        @jax.jit
        def step(x):
            return clipped(np.float32(1.0) * 2.0)
    """) == []
