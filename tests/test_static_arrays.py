"""An array passed as a static argument cannot be hashed: the call raises.

Property (ACC502, unhashable static argument): a jitted function's static arguments are looked
up by hash and equality; a NumPy or JAX array has no hash, so a call given one in a static
position raises (`ValueError: Non-hashable static arguments are not supported`), whether the
array is made in the call, bound to a module-level name first, or the jitted function is called
through a transform (`jax.grad(loss)(r, x, y)`). Written for the dev report openillumi
(`static_argnums=(1, 2)` given the training arrays). Look-alikes: an int and a tuple as static
arguments (hashable).
Run (jax 0.10.2): `np.linspace` bound at module level, `jnp.ones(3)` inline and `jax.grad(f)(1.0,
np.arange(3.0))` raise that ValueError; an int and a tuple run.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
@partial(jax.jit, static_argnums=(1,))
def scaled(r, x):
    return r * 2
"""

CASES = {
    "a module-level NumPy array through jax.grad (openillumi)": """
xs = np.linspace(0, 1, 100)
r = 0.0
for k in range(10):
    r = r - 0.5 * jax.grad(scaled)(r, xs)  # expect: ACC502
""",
    "a module-level NumPy array, called directly": """
grid = np.arange(5.0)
out = scaled(1.0, grid)  # expect: ACC502
""",
    "a jnp array made in the call": """
def run(r):
    return scaled(r, jnp.ones(3))  # expect: ACC502
""",
    "look-alike: an int and a tuple": """
def run(r):
    return scaled(r, 3) + scaled(r, (1, 2))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_an_array_as_a_static_argument(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
