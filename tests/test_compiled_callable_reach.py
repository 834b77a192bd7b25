"""Every call of a compiled callable reached from host code, however the callable gets there (stop 51).

Properties, each written from benchmarks/call_spellings.py's axes (its programs' labels come from
runs: tests/data/spellings/calls) with three other spellings and a fine look-alike:

- A memoised factory (a module function or method under `functools.lru_cache` or
  `functools.cache`, `[storms] memoizers`) hands back one object per arguments: a call of what it
  returns is a call of that compiled callable, keyed as it was made (`make()(x, i + 1)`), and
  never a new identity (run: `lru_cache`d `make()` returning `jax.jit(lambda ...)`, called each
  pass: 1 trace in 8 passes; returning `jax.jit(body, static_argnums=1)`: 4 -> 8).
- `functools.partial` of a compiled callable is that callable with its positions shifted past
  the bound ones, whether its first argument is a name or the wrapper application itself
  (`partial(jax.jit(body, static_argnums=1), b=0.5)`: 4 -> 8).
- Lowering a compiled callable (`[storms] lowering`: JAX's `C.lower(*args)` and `C.trace(*args)`,
  TF's `C.get_concrete_function(*args)`) traces it for the key of its arguments as a call
  does; a wrapper application lowered at once (`jax.jit(lambda v: ...).lower(x)`) is one
  called at once (runs: `F.lower(x, i + 1).compile()`, `jax.jit(body).lower(jnp.ones(i + 1),
  2.0)`: 4 -> 8; `get_concrete_function(tf.TensorSpec([i + 1]))`: 4 traces in 4 passes).
- A module function whose every `return` is a local function calling the function's
  parameter with the local function's own `*args` and `**kwargs` (a logging or timing
  decorator) gives back what calls that parameter with the same arguments: applied to a
  compiled callable, its result is that compiled callable, keyed alike (`logged(jax.jit(body,
  static_argnums=1))`: 4 -> 8).
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

BODY = """
def body(v, k, b=1.0):
    return v * k + b
"""
LOGGED = """
def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner
"""

MEMOISED = {
    "an lru_cache'd factory's compiled callable, a static argument new each pass": BODY + """
@functools.lru_cache
def make():
    return jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        make()(x, i + 1)  # expect: ACC502
""",
    "functools.cache'd factory, a float static argument through a caller": BODY + """
@functools.cache
def get_step():
    return jax.jit(body, static_argnums=1)

def one(x, i):
    return get_step()(x, float(i))  # expect: ACC502

def run(n):
    for i in range(n):
        one(jnp.ones(3), i)
""",
    "a plain factory's compiled callable called at once, a new shape each pass": BODY + """
def make():
    return jax.jit(body)

def run(n):
    for i in range(n):
        make()(jnp.ones(i + 1), 2.0)  # expect: ACC503
""",
    "a method's compiled callable called at once, a static argument new each pass": BODY + """
class Steps:
    def compiled(self):
        return jax.jit(body, static_argnums=1)

def run(n):
    steps = Steps()
    x = jnp.ones(3)
    for i in range(n):
        steps.compiled()(x, i + 1)  # expect: ACC502
""",
    "look-alike: an lru_cache'd factory of a jitted lambda, called each pass": """
@functools.lru_cache
def make():
    return jax.jit(lambda v, k: v * k)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        make()(x, 2.0)
""",
    "look-alike: an lru_cache'd factory's compiled callable, an invariant static argument": BODY + """
@functools.lru_cache(maxsize=None)
def make():
    return jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        make()(x * i, 3)
""",
}

PARTIALS = {
    "partial of a jit application, a static argument new each pass": BODY + """
F = functools.partial(jax.jit(body, static_argnums=1), b=0.5)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x, i + 1)  # expect: ACC502
""",
    "partial of a filter_jit application binding the array, a Python int each pass": BODY + """
import equinox as eqx
F = partial(eqx.filter_jit(body), jnp.ones(3))

def run(n):
    for i in range(n):
        F(i + 1)  # expect: ACC502
""",
    "partial of a tf.function application, a new shape each pass": """
def scale(v, w):
    return v * w

F = functools.partial(tf.function(scale), w=2.0)

def run(n):
    for i in range(n):
        F(tf.ones([i + 1]))  # expect: ACC503
""",
    "look-alike: partial of a jit application, an invariant static argument": BODY + """
F = functools.partial(jax.jit(body, static_argnums=1), b=0.5)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x * i, 3)
""",
}

LOWERED = {
    "a compiled name lowered with a static argument new each pass": BODY + """
F = jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F.lower(x, i + 1).compile()  # expect: ACC502
""",
    "a jit application lowered at once with a new shape each pass": BODY + """
def run(n):
    for i in range(n):
        exe = jax.jit(body).lower(jnp.ones(i + 1), 2.0).compile()  # expect: ACC503
        exe(jnp.ones(i + 1), 2.0)
""",
    "a jitted lambda lowered at once on each pass": """
def run(n):
    x = jnp.ones(3)
    for i in range(n):
        jax.jit(lambda v: v * 2.0).lower(x).compile()(x)  # expect: ACC501
""",
    "a compiled name traced with a new shape each pass": BODY + """
F = jax.jit(body)

def run(n):
    for i in range(n):
        F.trace(jnp.zeros((i + 1, 3)), 2.0)  # expect: ACC503
""",
    "a tf.function's concrete function for a new shape each pass": """
@tf.function
def double(v):
    return v * 2.0

def run(n):
    for i in range(n):
        double.get_concrete_function(tf.ones([i + 1]))  # expect: ACC503
""",
    "look-alike: lowered and compiled once, the executable called each pass": BODY + """
EXE = jax.jit(body).lower(jnp.ones(3), 2.0).compile()

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        EXE(x * i, 2.0)
""",
    "look-alike: a compiled name lowered with an invariant static argument": BODY + """
F = jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F.lower(x * i, 3)
""",
}

DECORATED_AFTER = {
    "a logging decorator applied to a jit, a static argument new each pass": BODY + LOGGED + """
F = logged(jax.jit(body, static_argnums=1))

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x, i + 1)  # expect: ACC502
""",
    "a timing decorator called at once on a jit, a new shape each pass": BODY + """
import time

def timed(fn):
    def inner(*a, **kw):
        start = time.time()
        out = fn(*a, **kw)
        print(time.time() - start)
        return out
    return inner

def run(n):
    for i in range(n):
        timed(jax.jit(body))(jnp.ones(i + 1), 2.0)  # expect: ACC503
""",
    "a decorator stacked on a decorated jit, a static argument new each pass (found at 7e3653d too)": LOGGED + """
@logged
@partial(jax.jit, static_argnums=1)
def update(v, k):
    return v * k

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        update(x, i + 1)  # expect: ACC502
""",
    "a decorated jit handed to a function holding the loop": BODY + LOGGED + """
def train(step_fn, x, n):
    for i in range(n):
        step_fn(x, float(i))  # expect: ACC502

def run(n):
    train(logged(jax.jit(body, static_argnums=1)), jnp.ones(3), n)
""",
    "look-alike: a decorator that calls nothing it is given": BODY + """
def stub(fn):
    def inner(*args, **kwargs):
        return 0.0
    return inner

F = stub(jax.jit(body, static_argnums=1))

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x, i + 1)
""",
    "look-alike: a logging decorator on a jit, an invariant static argument": BODY + LOGGED + """
F = logged(jax.jit(body, static_argnums=1))

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x * i, 3)
""",
}


def check(body: str) -> None:
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected


@pytest.mark.parametrize("body", MEMOISED.values(), ids=MEMOISED.keys())
def test_a_memoised_factory_hands_back_one_compiled_callable(body):
    check(body)


@pytest.mark.parametrize("body", PARTIALS.values(), ids=PARTIALS.keys())
def test_a_partial_of_a_wrapper_application_is_that_compiled_callable(body):
    check(body)


@pytest.mark.parametrize("body", LOWERED.values(), ids=LOWERED.keys())
def test_lowering_a_compiled_callable_traces_it_for_its_arguments(body):
    check(body)


@pytest.mark.parametrize("body", DECORATED_AFTER.values(), ids=DECORATED_AFTER.keys())
def test_a_forwarding_decorator_passes_the_compiled_callable_through(body):
    check(body)
