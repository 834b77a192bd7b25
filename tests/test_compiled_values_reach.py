"""A name bound to a value that holds a compiled callable is that compiled callable at its call.

Property (ACC5, the stage table's S3): the cache-key analysis follows a compiled callable to a
call also where a name is bound, once, to what a module function returns when its one `return`
is a wrapper application (`step = get()` with `def get(): return jax.jit(f)`), and to
`functools.partial` of a name bound to one (`g = partial(jitted, 1.0)`: the bound positional
arguments shift the positions its key sees). Run (jax 0.10.2, 6 passes, a new shape each
pass): the returned one 6 cache entries, the partial's jitted callable 6. Not a storm: a
returned plain function, a partial of a plain function, a partial whose call keeps one shape.
Written at the end of stop 45 from a probe written from scratch (note45's S3 probe), not from
any report.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "a module function returning jax.jit(f), bound once, called with a new shape each pass": """
def doubled(x):
    return x * 2

def get_step():
    return jax.jit(doubled)

def run(n):
    step = get_step()
    for i in range(1, n):
        step(jnp.ones(i))  # expect: ACC503
""",
    "the same returned through a name the function binds": """
def doubled(x):
    return x * 2

def make():
    compiled = jax.jit(doubled)
    return compiled

def run(n):
    step = make()
    for i in range(1, n):
        step(jnp.ones((i, 3)))  # expect: ACC503
""",
    "functools.partial of a jitted callable, the new shape after the bound argument": """
@jax.jit
def add(y, x):
    return x + y

def run(n):
    g = functools.partial(add, 1.0)
    for i in range(1, n):
        g(jnp.ones(i))  # expect: ACC503
""",
    "partial of a jitted callable keeps its static position, shifted": """
@partial(jax.jit, static_argnums=(1,))
def scaled(x, k, z):
    return x * k + z

def run(x, n):
    g = partial(scaled, x)
    for i in range(1, n):
        g(float(i), x)  # expect: ACC502
""",
    "look-alike: a module function returning a plain function": """
def doubled(x):
    return x * 2

def get_step():
    return doubled

def run(n):
    step = get_step()
    for i in range(1, n):
        step(jnp.ones(i))
""",
    "look-alike: a partial of a jitted callable called with one shape": """
@jax.jit
def add(y, x):
    return x + y

def run(n):
    g = functools.partial(add, 1.0)
    for i in range(1, n):
        g(jnp.ones(3))
""",
    "look-alike: a partial of a plain function": """
def add(y, x):
    return x + y

def run(n):
    g = functools.partial(add, 1.0)
    for i in range(1, n):
        g(jnp.ones(i))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_value_holding_a_compiled_callable_is_one_at_its_call(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
