"""A boolean mask reaches an index through a local name, or is staged from static sizes.

Property (ACC305): inside a jitted function, indexing by a boolean array (`x[m]`, `x.at[m]`)
whose value is traced raises NonConcreteBooleanIndexError, whether the mask is spelt in the
index (`x[x > 0]`) or bound first to a local name every binding of which is a mask (`mask = x >
0; x[mask]`), and whether its operands are traced data or a JAX call of static values only
(`jnp.arange(x.shape[0]) < n`: the jnp call is staged, so the comparison is a tracer). Written
for the dev report jax_4471 (a mask built from sizes only, fine before omnistaging).

Run (jax 0.10.2, benchmarks/framework_runs.py jax_boolean_mask_through_a_name): each hazard
below raises NonConcreteBooleanIndexError under jit; the NumPy mask of a static size and
`jnp.where(mask, x, 0)` run.
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
"""

CASES = {
    "a mask of static sizes through a name (jax_4471)": """
@partial(jax.jit, static_argnums=1)
def masked_sum(x, n):
    mask = jnp.arange(x.shape[0]) < n
    return x[mask].sum()  # expect: ACC305
""",
    "a mask of data through a name": """
@jax.jit
def positive(x):
    mask = x > 0
    return x[mask].sum()  # expect: ACC305
""",
    "a staged mask written in the index, two comparisons joined": """
@jax.jit
def window(x):
    return x[(jnp.arange(x.shape[0]) >= 2) & (jnp.arange(x.shape[0]) < 5)].sum()  # expect: ACC305
""",
    "an indexed update through a mask name": """
@jax.jit
def clip_negative(x):
    negative = x < 0
    return x.at[negative].set(0.0)  # expect: ACC305
""",
    "look-alike: a NumPy mask of a static size": """
@jax.jit
def head(x):
    mask = np.arange(x.shape[0]) < 3
    return x[mask].sum()
""",
    "look-alike: the mask given to jnp.where": """
@jax.jit
def head(x):
    mask = jnp.arange(x.shape[0]) < 3
    return jnp.where(mask, x, 0).sum()
""",
    "look-alike: a name bound to a mask and to an index": """
@jax.jit
def pick(x, flag: bool = False):
    sel = x > 0
    sel = 0
    return x[sel]
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_traced_boolean_mask_through_a_name(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC3")
    assert found == expected
