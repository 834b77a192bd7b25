"""`map(f, xs)` is a loop: it calls `f` once per item, as `[f(x) for x in xs]` does.

Property: the function given to the builtin `map` (a name, a `partial` of one, or a lambda,
whose body then runs once per item) runs once per item of the iterable, so what it makes is new
on every item, exactly as in a comprehension over the same iterable (already a loop here); a
literal iterable bounds it as a literal `for` does. Storm_spellings' comprehension case, written
as `map`: a jit of a new lambda per item compiles once per item (the same run as the
comprehension: benchmarks/framework_runs.py jax_reuse_on_the_pass counts a comprehension's).
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PREDICT = """
def predict(params, x):
    return jax.jit(lambda p: p @ x)(params)  # expect: ACC501
"""

PRELUDE = """
@jax.jit
def cached_predict(params, x):
    return params @ x

def predict_cached(x):
    return cached_predict(x, x)

BATCHES = [jnp.ones(3)] * 10

@jax.jit
def embed(x):
    return x * 2
"""

CASES = {
    "a lambda calling a function that jits a new lambda": PREDICT + """
def evaluate(params, batches):
    return list(map(lambda x: predict(params, x), batches))
""",
    "a function named": PREDICT + """
def evaluate(batches):
    return list(map(predict_item, batches))

def predict_item(x):
    return predict(x, x)
""",
    "a partial over a function, at module level": PREDICT + """
results = list(map(functools.partial(predict, jnp.ones(3)), BATCHES))
""",
    "look-alike: a literal pair of modes, each a configuration": """
def run(mode):
    return jax.jit(functools.partial(step, mode=mode))(jnp.ones(3))

def step(x, mode):
    return x * 2 if mode == "train" else x

results = list(map(run, ("train", "eval")))
""",
    "look-alike: the mapped function calls a module-level jitted function (cached)": """
def evaluate(batches):
    return list(map(predict_cached, batches))
""",
    # A lambda's parameter that takes the items of a `range` is that range's loop target: a
    # shape built from it is new on every item, as in `[embed(jnp.zeros(n)) for n in range(...)]`.
    "a lambda's parameter takes a range's items": """
def sweep():
    return list(map(lambda n: embed(jnp.zeros(n)), range(1, 1000)))  # expect: ACC503
""",
    "a positional-only parameter takes them": """
def sweep():
    return list(map(lambda n, /: embed(jnp.zeros(n)), range(1, 1000)))  # expect: ACC503
""",
    "a module-level map with a keyword-only default beside": """
results = list(map(lambda n, *, pad=0: embed(jnp.ones((n + pad, 2))), range(2, 500)))  # expect: ACC503
""",
    "look-alike: the keyword-only parameter is not an item (its default every time)": """
def sweep():
    return list(map(lambda n, *, size=8: embed(jnp.zeros(size)), range(1, 1000)))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_map_runs_its_function_once_per_item(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
