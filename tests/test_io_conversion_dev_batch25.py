"""A host-I/O call given a traced array converts it first (jax#3766; jax 0.10.2, the run is
docs/contexts.md's row "saving a traced array inside jit").

Property: `jnp.save`, `np.save` (by position or `arr=`), `np.savetxt`, `np.savez` of a traced
array under `jax.jit` raise TracerArrayConversionError before anything is written, so the
conversion family owns the line (ACC304) and not file I/O at trace time (ACC402); I/O of a host
value (a shape, a string) at trace time stays ACC402.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


def test_jnp_save_of_a_traced_array_is_a_conversion():
    assert found("""
        import jax
        import jax.numpy as jnp

        PATH = "x.npy"


        @jax.jit
        def step(x):
            y = x * 2
            jnp.save(PATH, y)
            return y
    """) == [(10, "ACC304")]


def test_numpy_writers_of_a_traced_array_are_conversions():
    assert found("""
        import jax
        import numpy as np

        PATH = "x.npy"


        @jax.jit
        def step(x):
            np.save(file=PATH, arr=x)
            np.savetxt(PATH, x * 2)
            np.savez(PATH, a=x)
            return x
    """) == [(9, "ACC304"), (10, "ACC304"), (11, "ACC304")]


def test_saving_a_host_value_inside_jit_is_io_at_trace_time():
    assert found("""
        import jax
        import numpy as np

        PATH = "x.npy"


        @jax.jit
        def step(x):
            np.save(PATH, np.array(x.shape))
            with open("log.txt", "a") as fh:
                fh.write("step")
            return x
    """) == [(9, "ACC402"), (10, "ACC402")]
