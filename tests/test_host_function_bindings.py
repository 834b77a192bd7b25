"""A host function's own names are followed to what it binds them to, as module-level names are.

Property: in `def main(): m = Model(np.ones(10)); f(m); f(n)` (run by `if __name__ ==
"__main__": main()`), `m` and `n` are the objects `main` made, so a jitted call given an instance
whose static field holds an array raises on its second lookup (jax#7826) exactly as when the
same code runs at module level. Found by benchmarks/reports/perturb.py (rewrite R4, module code
into `main()`: dev jax_7826 was lost). The run behind the key is the module-level one
(docs/contexts.md, "Cache keys": jax 0.10, "arrays cannot be passed as metadata fields"); the
cases below were run as written with jax 0.10.2, flax and equinox 0.13: the second instance's
call raises ValueError in both (the same instance called twice does not: identity is checked
first, so no such case is claimed here).
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import numpy as np
import equinox as eqx
from flax.struct import dataclass, field
from jax import jit


@dataclass
class Model:
    c: np.ndarray = field(pytree_node=False)


class Net(eqx.Module):
    w: np.ndarray = eqx.field(static=True)


@jit
def f(model):
    return 1.0


@eqx.filter_jit
def g(net):
    return 1.0
"""

CASES = {
    "flax.struct, two instances made in main()": """
def main():
    m = Model(np.ones(10))
    n = Model(np.ones(10))
    f(m)
    f(n)  # expect: ACC502
""",
    "a second instance, in a training function": """
def train():
    model = Model(np.zeros(3))
    other = Model(np.zeros(3))
    f(model)
    f(other)  # expect: ACC502
""",
    "equinox static field, filter_jit, in main()": """
def main():
    net = Net(np.ones(4))
    net2 = Net(np.ones(4))
    g(net)
    g(net2)  # expect: ACC502
""",
    "look-alike: the name bound twice, the second time to a plain object": """
def main():
    m = Model(np.ones(10))
    m = object()
    f(m)
    f(m)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_host_functions_names_hold_what_it_binds(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert set(found) == set(expected)
