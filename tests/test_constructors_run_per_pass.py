"""Making an instance of a module class on every pass runs its `__init__` on every pass; calling
a method through the class runs that method.

Property (ACC501, the reach of "a function the loop runs"): `Cls(...)` in a loop calls
`Cls.__init__` on each pass, and `Cls.method(...)` (a classmethod, a staticmethod) calls that
method, so a compiled callable such a function makes anew and calls (a jitted local function, a
wrapper applied to a lambda) compiles on every pass, as it does when the loop calls a plain
function that makes it. Written for the dev reports interpax_99 (a class built per step whose
`__init__` calls `approx_df`, which jits a local function) and ergo_338 (a classmethod called
per question that jits its local loss). Look-alikes: an `__init__` that calls a module-level
jitted function, or jits a module-level function (cached on it).
`cls(...)` inside a classmethod is a construction of the classmethod's class.
Run (jax 0.10.2, compile log, 6 passes): the `__init__` through a helper 6 compiles, a
classmethod 6, a staticmethod in a while loop 6; the look-alikes 1 and 1.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "a class built on each pass whose __init__ calls a function jitting a local def (interpax#99)": """
def approx_df(x, f, axis=-1):
    def fun(x, f):
        return jnp.diff(f, axis=axis)
    return jax.jit(fun)(x, f)  # expect: ACC501

class Interpolator:
    def __init__(self, x, f):
        self.fx = approx_df(x, f, 0)

def simulate(x, n):
    for k in range(n):
        interp = Interpolator(x, jnp.sin(x + k))
""",
    "a classmethod called through its class on each pass jits its local loss": """
class Dist:
    def __init__(self, logps):
        self.logps = logps

    @classmethod
    def fit(cls, target):
        def loss(p):
            return ((p - target) ** 2).sum()
        loss = jax.jit(loss)  # expect: ACC501
        return cls(loss(jnp.zeros(3)))

def fit_all(targets):
    for t in targets:
        Dist.fit(t)
""",
    "a staticmethod called through its class in a while loop wraps a lambda": """
class Ops:
    @staticmethod
    def scaled(x, k):
        return jax.jit(lambda v: v * k)(x)  # expect: ACC501

def run(x, n):
    i = 0
    while i < n:
        x = Ops.scaled(x, 2.0)
        i += 1
""",
    "`cls(...)` in a classmethod a comprehension calls, its __init__ jitting a partial": """
class Model:
    def __init__(self, w, k):
        self.y = jax.jit(functools.partial(jnp.multiply, k))(w)  # expect: ACC501

    @classmethod
    def make(cls, w):
        return cls(w, 3.0)

def fit(ws):
    return [Model.make(w) for w in ws]
""",
    "look-alike: a parameter that shadows the class is no construction": """
class Smoother:
    def __init__(self, x, k):
        self.out = jax.jit(lambda v: v * k)(x)

def main(Smoother):
    while True:
        s = Smoother(jnp.ones(3), 2)
        if s.out.sum() > 10:
            break
""",
    "look-alike: __init__ calls a module-level jitted function": """
@jax.jit
def derivative(f):
    return jnp.diff(f)

class Cached:
    def __init__(self, f):
        self.fx = derivative(f)

def simulate(x, n):
    for k in range(n):
        Cached(jnp.sin(x + k))
""",
    "look-alike: __init__ jits a module-level function (cached on it)": """
def derivative(f):
    return jnp.diff(f)

class Rewrapped:
    def __init__(self, f):
        self.fx = jax.jit(derivative)(f)

def simulate(x, n):
    for k in range(n):
        Rewrapped(jnp.sin(x + k))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_constructor_or_class_method_runs_on_every_pass(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
