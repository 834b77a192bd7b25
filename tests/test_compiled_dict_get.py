"""An item a dict of compiled callables gives by `.get(k)` is that compiled callable at its
call, as `fns[k]` is (acclint.analysis.loops: `_got_from`): a new shape each pass is a cache
storm (ACC503). Run (jax 0.10.2, 5 passes, a new shape each pass): `fns.get("a")(x)` made 5
cache entries of `jax.jit(double)`, as `fns["a"](x)` does. Not a storm: a dict of plain
functions, one shape on every pass, a `.get` with a default (the call may run the default)."""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "an item got from a dict of jitted callables, called with a new shape each pass": """
def double(x):
    return x * 2

def inc(x):
    return x + 1

def run(n):
    fns = {"a": jax.jit(double), "b": jax.jit(inc)}
    for i in range(1, n):
        for k in ("a", "b"):
            fns.get(k)(jnp.ones(i))  # expect: ACC503
""",
    "a name bound to an item got from the dict": """
def double(x):
    return x * 2

def run(n, mode):
    fns = {"a": jax.jit(double)}
    step = fns.get(mode)
    for i in range(1, n):
        step(jnp.ones(i))  # expect: ACC503
""",
    "an item stored by key, then got": """
def double(x):
    return x * 2

def run(n):
    cache = {}
    cache["double"] = jax.jit(double)
    for i in range(1, n):
        cache.get("double")(jnp.ones((i, 2)))  # expect: ACC503
""",
    "look-alike: a dict of plain functions got from": """
def double(x):
    return x * 2

def run(n):
    fns = {"a": double}
    for i in range(1, n):
        fns.get("a")(jnp.ones(i))
""",
    "look-alike: one shape on every pass": """
def double(x):
    return x * 2

def run(n):
    fns = {"a": jax.jit(double)}
    for i in range(1, n):
        fns.get("a")(jnp.ones(3))
""",
    "look-alike: a get with a plain default may run the default": """
def double(x):
    return x * 2

def run(n, k):
    fns = {"a": jax.jit(double)}
    for i in range(1, n):
        fns.get(k, double)(jnp.ones(i))
""",
}


@pytest.mark.parametrize("body", sorted(CASES))
def test_an_item_got_from_a_dict_of_compiled_callables_is_one_at_its_call(body):
    labelled, found = family_labels_and_findings(HEADER + CASES[body], "ACC5")
    assert found == labelled
