"""A component of a cache key that changes is reported at the call whose key it is.

Property (ACC5, issue 36: "report at the call, naming the component that changes and the
loop"): the hazard is the call that looks the cache up, so the finding's line is
the call's (where it starts), whatever line the changing argument is written on; the message names
the argument. Written for diffrax#142 (dev report diffrax_142: `dfx.diffeqsolve(` on one line,
`terms=dfx.ODETerm(vector_field)` on the next); each spelling below is the same cache key on
another component. A multi-line call whose arguments do not change is not flagged.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "a static argument new on every pass, on its own line (ACC502)": """
@partial(jax.jit, static_argnums=2)
def update(params, grads, lr):
    return params - lr * grads

def train(params, grads, steps):
    for step in range(steps):
        params = update(  # expect: ACC502
            params,
            grads,
            0.1 * 0.99**step,
        )
    return params
""",
    "a new shape on every pass, on its own line (ACC503)": """
@jax.jit
def decode(tokens):
    return tokens.sum()

def generate(tokens, n):
    for t in range(1, n):
        decode(  # expect: ACC503
            tokens[:t])
""",
    "an object built around a new closure, a keyword on its own line (ACC502)": """
@eqx.filter_jit
def solve(terms, y0):
    return terms.f(y0)

class Term(eqx.Module):
    f: object

def run(y0, n):
    for i in range(n):
        def field(y):
            return -0.1 * y
        solve(  # expect: ACC502
            terms=Term(field),
            y0=y0,
        )
""",
    "an unhashable static argument on its own line (ACC502, raises at the call)": """
@partial(jax.jit, static_argnums=1)
def pick(x, idx):
    return x[idx[0]]

def run(x):
    return pick(  # expect: ACC502
        x,
        [0, 1],
    )
""",
    "look-alike: a multi-line call whose arguments do not change": """
@partial(jax.jit, static_argnums=2)
def update(params, grads, lr):
    return params - lr * grads

def train(params, grads, steps):
    for step in range(steps):
        params = update(
            params,
            grads,
            0.1,
        )
    return params
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_changing_key_component_is_reported_at_the_call(body):
    expected, found = family_labels_and_findings("import equinox as eqx\n" + HEADER + body, "ACC5")
    assert found == expected
