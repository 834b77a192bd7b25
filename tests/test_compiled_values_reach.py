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
    "a dict of jitted callables indexed in a loop, a new shape each pass": """
def double(x):
    return x * 2

def inc(x):
    return x + 1

def run(n):
    fns = {"a": jax.jit(double), "b": jax.jit(inc)}
    for i in range(1, n):
        for k in ("a", "b"):
            fns[k](jnp.ones(i))  # expect: ACC503
""",
    "a list of jitted callables iterated, a new shape each pass": """
def double(x):
    return x * 2

def inc(x):
    return x + 1

def run(n):
    fns = [jax.jit(double), jax.jit(inc)]
    for i in range(1, n):
        for fn in fns:
            fn(jnp.ones((i, 2)))  # expect: ACC503
""",
    "a tuple of jitted callables indexed by a literal": """
def double(x):
    return x * 2

def inc(x):
    return x + 1

def run(n):
    fns = (jax.jit(double), jax.jit(inc))
    for i in range(1, n):
        fns[0](jnp.ones(i))  # expect: ACC503
""",
    "look-alike: a list of jitted callables called with one shape": """
def double(x):
    return x * 2

def inc(x):
    return x + 1

def run(n):
    fns = [jax.jit(double), jax.jit(inc)]
    for i in range(1, n):
        for fn in fns:
            fn(jnp.ones(3))
""",
    "look-alike: a dict of plain functions indexed": """
def double(x):
    return x * 2

def inc(x):
    return x + 1

def run(n):
    fns = {"a": double, "b": inc}
    for i in range(1, n):
        for k in ("a", "b"):
            fns[k](jnp.ones(i))
""",
    "an attribute set on an object to a jitted callable, called in a loop": """
def double(x):
    return x * 2

class Box:
    pass

def run(n):
    box = Box()
    box.step = jax.jit(double)
    for i in range(1, n):
        box.step(jnp.ones(i))  # expect: ACC503
""",
    "look-alike: an attribute set on an object to a plain function": """
def double(x):
    return x * 2

class Box:
    pass

def run(n):
    box = Box()
    box.step = double
    for i in range(1, n):
        box.step(jnp.ones(i))
""",
    "a lambda forwarding its parameter to a static position": """
def scale(x, k):
    return x * k

def run(x, n):
    jitted = jax.jit(scale, static_argnums=1)
    go = lambda v, k: jitted(v, k)  # expect: ACC502
    for i in range(n):
        go(x, i)
""",
    "a lambda forwarding its parameter to a traced position, a new shape": """
def scale(x, k):
    return x * k

def run(n):
    jitted = jax.jit(scale, static_argnums=1)
    go = lambda v: jitted(v, 2)  # expect: ACC503
    for i in range(1, n):
        go(jnp.ones(i))
""",
    "a small def forwarding its parameter to a static position (reported where it calls, as for any function the loop runs)": """
def scale(x, k):
    return x * k

def run(x, n):
    jitted = jax.jit(scale, static_argnums=1)
    def go(k):
        return jitted(x, k)  # expect: ACC502
    for i in range(n):
        go(i)
""",
    "look-alike: a lambda dropping the changing argument": """
def scale(x, k):
    return x * k

def run(x, n):
    jitted = jax.jit(scale, static_argnums=1)
    go = lambda v, k: jitted(v, 3)
    for i in range(n):
        go(x, i)
""",
    "a jitted callable passed as a parameter, its static argument new each pass": """
def scale(x, k):
    return x * k

def train(step_fn, x, n):
    for i in range(n):
        step_fn(x, i)  # expect: ACC502

def main(x):
    train(jax.jit(scale, static_argnums=1), x, 10)
""",
    "a name bound to a jitted callable passed as a parameter": """
def scale(x, k):
    return x * k

def train(step_fn, n):
    for i in range(1, n):
        step_fn(jnp.ones(i), 2)  # expect: ACC503

def main():
    fast = jax.jit(scale, static_argnums=1)
    train(fast, 10)
""",
    "look-alike: call sites that do not agree on the parameter": """
def scale(x, k):
    return x * k

def train(step_fn, x, n):
    for i in range(n):
        step_fn(x, i)

def main(x):
    train(jax.jit(scale, static_argnums=1), x, 10)
    train(scale, x, 10)
""",
    "look-alike: a jitted callable without statics passed as a parameter": """
def scale(x, k):
    return x * k

def train(step_fn, x, n):
    for i in range(n):
        step_fn(x, i)

def main(x):
    train(jax.jit(scale), x, 10)
""",
    "static options forwarded through a project wrapper": """
def scale(x, k):
    return x * k

def my_jit(fn, static=()):
    return jax.jit(fn, static_argnums=static)

def run(x, n):
    g = my_jit(scale, static=(1,))
    for i in range(n):
        g(x, i)  # expect: ACC502
""",
    "static options forwarded through a decorator factory": """
def compiled(static=()):
    def deco(fn):
        return jax.jit(fn, static_argnums=static)
    return deco

@compiled(static=(1,))
def scaled(x, k):
    return x * k

def run(x, n):
    for i in range(n):
        scaled(x, i)  # expect: ACC502
""",
    "look-alike: a project wrapper given no static options": """
def scale(x, k):
    return x * k

def my_jit(fn, static=()):
    return jax.jit(fn, static_argnums=static)

def run(x, n):
    g = my_jit(scale)
    for i in range(n):
        g(x, i)
""",
    "the binding that reaches the return is the jitted one": """
def double(x):
    return x * 2

def make():
    step = double
    step = jax.jit(double)
    return step

def run(n):
    s = make()
    for i in range(1, n):
        s(jnp.ones(i))  # expect: ACC503
""",
    "look-alike: a jitted binding replaced before the return": """
def double(x):
    return x * 2

def make(k):
    step = jax.jit(lambda x: x * k)
    step = double
    return step

def run(n):
    for i in range(n):
        make(i)(jnp.ones(3))
""",
    "an item assigned to a jitted callable (a cache of compiled callables)": """
def double(x):
    return x * 2

def run(n):
    cache = {}
    cache["double"] = jax.jit(double)
    for i in range(1, n):
        cache["double"](jnp.ones(i))  # expect: ACC503
""",
    "a name bound to an item of a dict of jitted callables": """
def double(x):
    return x * 2

def inc(x):
    return x + 1

def run(n, mode):
    fns = {"a": jax.jit(double), "b": jax.jit(inc)}
    step = fns[mode]
    for i in range(1, n):
        step(jnp.ones(i))  # expect: ACC503
""",
    "one of two jitted callables chosen by a conditional expression": """
def double(x):
    return x * 2

def inc(x):
    return x + 1

def run(n, fast):
    step = jax.jit(double) if fast else jax.jit(inc)
    for i in range(1, n):
        step(jnp.ones(i))  # expect: ACC503
""",
    "a parameter left out, its default a jitted callable": """
def scale(x, k):
    return x * k

fast = jax.jit(scale, static_argnums=1)

def train(x, n, step_fn=fast):
    for i in range(n):
        step_fn(x, i)  # expect: ACC502

def main(x):
    train(x, 10)
""",
    "look-alike: a cache of jitted callables called with one shape": """
def double(x):
    return x * 2

def run(n):
    cache = {}
    cache["double"] = jax.jit(double)
    for i in range(1, n):
        cache["double"](jnp.ones(3))
""",
    "look-alike: one jitted callable or a plain function by a conditional expression": """
def double(x):
    return x * 2

def run(n, fast):
    step = jax.jit(double) if fast else double
    for i in range(1, n):
        step(jnp.ones(i))
""",
    "a jitted callable given to a constructor and kept as an attribute": """
def scale(x, k):
    return x * k

class Trainer:
    def __init__(self, step_fn):
        self.step_fn = step_fn

    def fit(self, x, n):
        for i in range(n):
            self.step_fn(x, i)  # expect: ACC502

def main(x):
    Trainer(jax.jit(scale, static_argnums=1)).fit(x, 10)
""",
    "look-alike: a plain function given to a constructor and kept": """
def scale(x, k):
    return x * k

class Trainer:
    def __init__(self, step_fn):
        self.step_fn = step_fn

    def fit(self, x, n):
        for i in range(n):
            self.step_fn(x, i)

def main(x):
    Trainer(scale).fit(x, 10)
""",
    "the gradient of a jitted function, its static argument new each pass": """
def loss(x, k):
    return (x * k).sum()

def run(x, n):
    fast = jax.jit(loss, static_argnums=1)
    grad_fn = jax.grad(fast)
    for i in range(n):
        grad_fn(x, i)  # expect: ACC502
""",
    "look-alike: the gradient of a jitted function, one static value": """
def loss(x, k):
    return (x * k).sum()

def run(x, n):
    fast = jax.jit(loss, static_argnums=1)
    grad_fn = jax.grad(fast)
    for i in range(n):
        grad_fn(x, 2)
""",
    "a factory returning a jitted local def, called outside the loop": """
def make_step(scale):
    @jax.jit
    def step(x):
        return x * scale
    return step

def run(n):
    step = make_step(2.0)
    for i in range(1, n):
        step(jnp.ones(i))  # expect: ACC503
""",
    "a method returning a wrapper application": """
class Trainer:
    def compiled_step(self):
        return jax.jit(lambda x: x * 2)

def run(n):
    t = Trainer()
    step = t.compiled_step()
    for i in range(1, n):
        step(jnp.ones(i))  # expect: ACC503
""",
    "look-alike: a factory's jitted local def called with one shape": """
def make_step(scale):
    @jax.jit
    def step(x):
        return x * scale
    return step

def run(n):
    step = make_step(2.0)
    for i in range(1, n):
        step(jnp.ones(3))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_value_holding_a_compiled_callable_is_one_at_its_call(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected


def test_static_options_forwarded_by_a_wrapper_of_another_module(tmp_path):
    from pathlib import Path

    from acclint.api import lint_paths
    from two_modules import write_files

    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/compile.py": """
            import jax

            def my_jit(fn, static=()):
                return jax.jit(fn, static_argnums=static)
        """,
        "pkg/train.py": """
            from .compile import my_jit

            def scale(x, k):
                return x * k

            def run(x, n):
                g = my_jit(scale, static=(1,))
                h = my_jit(scale)
                for i in range(n):
                    g(x, i)
                    h(x, i)
        """,
    })
    found = {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root]) if f.code.startswith("ACC5")}
    assert found == {("pkg/train.py", 11, "ACC502")}  # `g(x, i)`; not `h(x, i)`
