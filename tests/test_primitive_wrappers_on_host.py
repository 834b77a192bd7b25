"""A project's function that hands its callable parameter to a JAX control-flow primitive
compiles what it is given, as the primitive does.

Property (ACC501): called from host code, a function whose body passes its callable parameter
to `lax.fori_loop` / `lax.scan` / `lax.while_loop` (directly or through another such function)
is a call that compiles the callable it is given, cached on that callable's identity; given a
callable new on every pass of a host loop, it compiles on every pass, exactly as the primitive
called there would (tests/test_compiling_primitives.py, test_host_function_loops.py). Written
for the dev report numpyro_479 (`fori_collect` handing a `_body_fn` it defines on every call to
numpyro's own `fori_loop`, a thin wrapper of `lax.fori_loop`). The same host-code limits hold as
for the primitive itself: the call must run on a host pass (a loop at module level or in a
function the module calls), and not in a function some trace reaches.

Run (jax 0.10.2, XLA compiles from jax's compile log, 6 passes): the four hazards 6, 6, 6, 6;
the look-alikes: a module-level body given to the wrapper 1; the wrapper called in a jitted
step 1 (the step's own compile: the inner loop is part of its trace); the wrapper in a
function the module never calls: nothing runs.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
from jax import lax

def fori_loop(lower, upper, body_fun, init_val):
    return lax.fori_loop(lower, upper, body_fun, init_val)

def scan_all(f, init, xs):
    return lax.scan(f, init, xs)

def iterate(fn, x):
    return fori_loop(0, 3, fn, x)

def repeat(cond, body, x):
    return lax.while_loop(cond_fun=cond, body_fun=body, init_val=x)

def body(i, c):
    return c * 1.01

X, XS = jnp.ones(3), jnp.ones((4, 3))
"""

CASES = {
    "a local def handed to a project's fori_loop wrapper, per call of a looped function (numpyro_479)": """
def collect(x, scale):
    def _body_fn(i, c):
        return c * scale
    return fori_loop(0, 3, _body_fn, x)  # expect: ACC501

for run in range(6):
    collect(X, 1.0 + run)
""",
    "a lambda handed to a scan wrapper in a module-level loop": """
for step in range(6):
    carry, ys = scan_all(lambda c, v: (c + v.sum() + step, v), 0.0, XS)  # expect: ACC501
""",
    "a wrapper of a wrapper, given a partial in a while loop of a function the module calls": """
def sweep(n):
    k = 0
    while k < n:
        iterate(partial(lambda i, c, s: c + s, s=k), X)  # expect: ACC501
        k += 1

sweep(6)
""",
    "keyword hand-off to while_loop, a new closure per pass": """
def solve(limit):
    def below(c):
        return c.sum() < limit
    return repeat(below, lambda c: c + 1.0, X)  # expect: ACC501

for limit in range(6):
    solve(10.0 + limit)
""",
    "look-alike: a module-level body handed to the wrapper on every pass": """
for run in range(6):
    fori_loop(0, 3, body, X)
""",
    "look-alike: the wrapper given a local def inside a jitted step": """
@jax.jit
def step(x, scale):
    def _body_fn(i, c):
        return c * scale
    return fori_loop(0, 3, _body_fn, x)

for run in range(6):
    step(X, 1.0 + run)
""",
    "look-alike: the wrapper in a function the module never calls": """
def collect(x, scale):
    def _body_fn(i, c):
        return c * scale
    return fori_loop(0, 3, _body_fn, x)

def run_all(n):
    for run in range(n):
        collect(X, 1.0 + run)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_function_handing_its_callable_to_a_primitive_compiles_it(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
