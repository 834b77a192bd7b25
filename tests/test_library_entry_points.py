"""A library's compiled entry points are compiled callables (acclint/frameworks/libraries/,
`[compiled]`; inferred from the installed source where the library is installed).

Property: a function a library defines under a jit-family decorator (`diffrax.diffeqsolve` and
optimistix's `root_find`, `minimise`, `fixed_point`, `least_squares`: each `@eqx.filter_jit`) is
a compiled callable whose key is its decorator's; called on every pass of a loop with a key
component new on each pass, it compiles on each pass: ACC5 at the call, as for a name the
project binds to `eqx.filter_jit(f)`. filter_jit's key: arrays by shape and dtype, every other
leaf of the arguments static (a function by identity, a Python scalar by value, an equinox
Module by its fields), so a function made anew on each pass, given directly or inside a term
(`dfx.ODETerm(vector_field)`), is new in the key; a new `dfx.Dopri5()` (equal fields) is not.

Run (benchmarks/framework_runs.py `jax_library_entry_points`, jax 0.10.2, equinox 0.13.8,
diffrax 0.7.2, optimistix 0.1.0, 5 calls after a first): `diffeqsolve` given the same
module-level field 0 compiles, a new closure or a lambda 5, a new `Dopri5()` 0, an int `args`
per call 5, an array `args` 0, a new `y0` shape per call 10 (several compiles per shape); `root_find` the same function 0, a
new lambda 5, an int `args` 5. The first case is the dev report diffrax_142; the others are
other spellings written for this test.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
import diffrax as dfx
import optimistix as optx

def field(t, y, args):
    return -0.1 * y

def residual(y, args):
    return y - 0.5

N, Y0 = 10, jnp.ones(3)
"""

CASES = {
    "a local def given through ODETerm by a function a script's loop runs (diffrax_142)": """
def solve_ode():
    def vector_field(t, x, _): return -0.1*x
    return dfx.diffeqsolve(  # expect: ACC502
        terms=dfx.ODETerm(vector_field), solver=dfx.Dopri5(), t0=0.0, t1=1.0, dt0=0.1, y0=1.0)

for i in range(N):
    ys = solve_ode()
""",
    "a lambda given to optimistix.root_find on each pass": """
for i in range(N):
    sol = optx.root_find(lambda y, a: y - 0.5 * i, optx.Newton(1e-5, 1e-5), Y0)  # expect: ACC502
""",
    "a partial inside a term, in a method a while loop runs": """
class Model:
    def simulate(self, k):
        term = dfx.ODETerm(partial(field, args=k))
        return dfx.diffeqsolve(term, dfx.Tsit5(), 0.0, 1.0, 0.1, Y0)  # expect: ACC502

model, size = Model(), N
while size > 1:
    model.simulate(size)
    size -= 1
""",
    "an int args per pass, the entry point imported by name": """
from diffrax import diffeqsolve, ODETerm, Dopri5

for step in range(N):
    sol = diffeqsolve(ODETerm(field), Dopri5(), 0.0, 1.0, 0.1, Y0, args=step)  # expect: ACC502
""",
    "a new shape per pass": """
for n in range(N):
    sol = dfx.diffeqsolve(dfx.ODETerm(field), dfx.Dopri5(), 0.0, 1.0, 0.1, jnp.ones(n + 1))  # expect: ACC503
""",
    "look-alike: a module function and a new Dopri5() on each pass (equal fields: one compile)": """
for i in range(N):
    sol = dfx.diffeqsolve(dfx.ODETerm(field), dfx.Dopri5(), 0.0, 1.0, 0.1, Y0)
""",
    "look-alike: an array args per pass (traced, keyed by shape)": """
for i in range(N):
    sol = optx.root_find(residual, optx.Newton(1e-5, 1e-5), Y0, args=jnp.asarray(float(i)))
""",
    "look-alike: an array made from the counters, through a helper the loop runs (keyed by shape)": """
def solve(initial_state, damping):
    return dfx.diffeqsolve(dfx.ODETerm(field), dfx.Tsit5(), 0.0, 1.0, 0.01, initial_state, damping)

for x in range(-4, 5):
    for y in range(-4, 5):
        initial_state = jnp.array([x, y])
        trajectory = solve(initial_state, 1.0)
""",
    "look-alike: a local def solved once, outside any loop": """
def solve_once():
    def vector_field(t, x, _): return -0.1*x
    return dfx.diffeqsolve(dfx.ODETerm(vector_field), dfx.Dopri5(), 0.0, 1.0, 0.1, 1.0)

ys = solve_once()
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_library_entry_point_given_a_new_key_on_each_pass(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
