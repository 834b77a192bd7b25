"""The loop facts behind ACC5 (acclint.analysis.loops): what counts as changing on every pass, what is a
bounded set, and which wrapper applications are storms, shown on small modules.

Each case is a module whose `# expect:` labels give the ACC5 (and ACC103) lines; the rules'
own VALID/INVALID examples (tests/test_rule_examples.py) and fixtures/ cover the common shapes,
these the edges that decide precision.
"""


import pytest

from acclint.api import lint_text
from labelled import family_labels_and_findings

HEADER = """
import functools
import itertools
from functools import partial
import jax
import jax.numpy as jnp
from acclint.runtime import dlaccelerate, dlarray, dlfeval

@partial(jax.jit, static_argnums=1)
def by_position(x, n):
    return x * n

@partial(jax.jit, static_argnames="n")
def by_name(x, n):
    return x * n

@jax.jit
def total(x):
    return x.sum()

@dlaccelerate
def accelerated(x, k):
    return x * k
"""

CASES = {
    "static argnames reach a positional argument": """
def f(x, steps):
    for i in range(steps):
        by_name(x, i)  # expect: ACC502
        by_position(x, n=i)  # expect: ACC502
""",
    "a literal range of five passes is a bounded set, of six is not": """
def f(x):
    for i in range(5):
        by_position(x, i)
    for i in range(6):
        by_position(x, i)  # expect: ACC502
""",
    "a range bounded through a name bound once to a literal": """
N = 3

def f(x):
    m = 4
    for i in range(N):
        by_position(x, i)
    for i in range(m):
        by_position(x, i)
""",
    # (a bounded loop bounds the values it derives, not the objects made anew on each pass: a
    # lambda that reads nothing the loop binds is wrapped again for nothing, tests/test_bounded_rewraps.py)
    "loops over literal collections, also enumerated, are bounded (numbers: up to five, as a range)": """
MODES = ("train", "eval", "test")

def f(x):
    for mode in MODES:
        jax.jit(lambda v: v)(x)  # expect: ACC501
        jax.jit(lambda v: v if mode == "train" else -v)(x)
    for i, mode in enumerate(MODES):
        by_position(x, i)
    for n in [1, 2, 3, 4, 5]:
        by_position(x, n)
    for n in [1, 2, 3, 4, 5, 6, 7]:
        by_position(x, n)  # expect: ACC502
""",
    "values from an iterable of unknown contents may repeat": """
def f(x, sizes):
    for n in sizes:
        by_position(x, n)
        total(x[:n])
""",
    "a counter stepped by a literal, unless reset in the loop": """
def f(x):
    step, other = 0, 0
    while True:
        by_position(x, step)  # expect: ACC502
        by_position(x, other)
        step += 1
        other += 1
        other = 0
""",
    "arithmetic keeps a value changing, a remainder or a comparison does not": """
def f(x, steps):
    for i in range(steps):
        lr = 0.1 * 0.9 ** i
        by_position(x, lr)  # expect: ACC502
        by_position(x, i % 2)
        by_position(x, i > 3)
        by_position(x, i - i)
""",
    "ordinary arguments are traced: a changing scalar is no storm": """
def f(x, steps):
    for i in range(steps):
        total(x * i)
        by_position(x * i, 2)
""",
    "a slice with one moving end changes length; a window does not": """
def f(x, n, bs):
    for i in range(n):
        total(x[:i])  # expect: ACC503
        total(x[i:i + bs])
        end = min(i + bs, n)
        total(x[i:end])
        total(x[:, :i + 1])  # expect: ACC503
        total(x[i])
""",
    "rewrapping a module-level function is cached; a lambda, partial or local def is not": """
def update(p):
    return p

def f(x, n):
    for i in range(n):
        jax.jit(update)(x)
        jax.jit(lambda v: v)(x)  # expect: ACC501
        jax.jit(functools.partial(update))(x)  # expect: ACC501
        def local(v):
            return v
        jax.jit(local)(x)  # expect: ACC501
""",
    "a wrapper result called more than once per pass is a per-pass compile, not a storm": """
def f(x, configs):
    for c in configs:
        g = jax.jit(lambda v: v * c)
        g(x)
        g(x)
        h = jax.jit(lambda v: v + c)
        for _ in range(100):
            h(x)
        k = jax.jit(lambda v: v - c)  # expect: ACC501
        k(x)
""",
    "a wrapper result handed to another call is used twice; a sweep over a literal grid is bounded": """
def f(x, n, measure):
    for i in range(n):
        g = jax.jit(lambda v: v * i)
        g(x)
        measure(g)
    for a, b in itertools.product((1, 2, 4, 8), (16, 32, 64)):
        jax.jit(lambda v: v * a * b)(x)
    for a, b in itertools.product((1, 2, 4, 8), range(n)):
        jax.jit(lambda v: v * a * b)(x)  # expect: ACC501
""",
    # Stop 41, written before the change: a bounded iterable bound to a name first is as bounded
    # as written in the loop (an autotuning grid in jax's pallas reduce_scatter_mgpu.py, reported
    # while the reuse exemption was lifted). The grid through `range(n)` is not.
    "a bounded iterable bound to a name first is bounded": """
def f(x, n):
    tuning = itertools.product((4, 8, 16), (1024, 2048))
    for blocks, tile in tuning:
        jax.jit(lambda v: v * blocks * tile)(x)
    modes = zip(("train", "eval"), (1, 2))
    for mode, k in modes:
        jax.jit(lambda v: v * k)(x)
    grid = range(4)
    for i in grid:
        jax.jit(lambda v: v + i)(x)
    open_grid = itertools.product(range(n), (1, 2))
    for i, k in open_grid:
        jax.jit(lambda v: v - i)(x)  # expect: ACC501
""",
    "a wrapper that is never called there is not reported": """
def f(fns):
    return [jax.jit(lambda v: v) for _ in fns]
""",
    "a wrapper in a nested bounded loop inside an unbounded one": """
def f(x, n):
    for i in range(n):
        for mode in ("a", "b"):
            jax.jit(lambda v: v)(x)  # expect: ACC501
""",
    "a function that wraps a fresh callable, called in a loop": """
def step(x):
    return jax.jit(lambda v: v * 2)(x)  # expect: ACC501

def once(x):
    return jax.jit(lambda v: v * 3)(x)

def train(x, n):
    once(x)
    for i in range(n):
        x = step(x)
    return x
""",
    "dlaccelerate: every wrap is a new cache; changing non-dlarray inputs, also through dlfeval": """
def g(x, k):
    return x * k

def f(x, n):
    fast = dlaccelerate(g)
    for i in range(n):
        dlaccelerate(g)(x, 1)  # expect: ACC501
        fast(x, i)  # expect: ACC504
        accelerated(x, i)  # expect: ACC504
        dlfeval(accelerated, x, i)  # expect: ACC504
        accelerated(x, dlarray(float(i)))
        accelerated(dlarray(x[:i]), 1)  # expect: ACC503
""",
    "a name rebound to something else is no longer the jitted function": """
def f(x, n, other):
    fn = jax.jit(total)
    fn = other
    for i in range(n):
        fn(x[:i])
""",
    "comprehensions are loops; itertools.count counts": """
def f(x):
    a = [by_position(x, i) for i in range(10)]  # expect: ACC502
    for t in itertools.count():
        total(x[t:])  # expect: ACC503
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_loop_rules_report_exactly_the_labelled_lines(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected


def test_a_module_without_loops_or_jitted_calls_has_no_storm():
    result = lint_text(HEADER, "case.py")
    assert [f for f in result.findings if f.code.startswith("ACC5")] == []


# A tuple of wrapper applications binds each name to its own compiled callable, as one
# application bound alone does: element-wise, for targets and values of equal length.
TUPLE_BINDINGS = {
    "a tuple of applications": "a, b = jax.jit(mul, static_argnums=1), jax.jit(add, static_argnums=1)",
    "a parenthesized tuple of applications": "a, b = (jax.jit(mul, static_argnums=1), jax.jit(add, static_argnums=1))",
    "a list of applications, one through partial": "[a, b] = [jax.jit(mul, static_argnums=1), partial(jax.jit, static_argnums=1)(add)]",
}


def _tuple_case(binding: str, labelled: bool) -> str:
    label = "  # expect: ACC502" if labelled else ""
    return f"""
def mul(x, n):
    return x * n

def add(x, n):
    return x + n

{binding}

def run(x, steps):
    for i in range(steps):
        x = a(x, i){label}
        x = b(x, i){label}
    return x
"""


@pytest.mark.parametrize("binding", TUPLE_BINDINGS.values(), ids=TUPLE_BINDINGS.keys())
def test_each_name_of_a_tuple_of_applications_is_a_compiled_callable(binding):
    expected, found = family_labels_and_findings(HEADER + _tuple_case(binding, True), "ACC5")
    assert found == expected


def test_a_tuple_holding_the_wrapper_unapplied_binds_no_compiled_callable():
    """`a` is `jax.jit` itself and `b` a plain function: neither call compiles anything."""
    expected, found = family_labels_and_findings(HEADER + _tuple_case("a, b = jax.jit, add", False), "ACC5")
    assert expected == [] and found == []
