"""`jax.tree_util.Partial(fn, ...)` stands for `fn` where a wrapper is inferred, as
`functools.partial` does (one set of such calls, acclint.analysis.wrappers.PARTIAL, that the
contexts read too). Run with jax 0.10.2: each body below ran once for its wrapper's calls, a
trace (`jax.jit(Partial(step, 2.0))` called twice: `step` ran once; `lax.scan(Partial(cell,
p), ...)` and `lax.fori_loop(0, 3, jtu.Partial(_body, f), x)`: once each)."""

import pytest

from labelled import assert_labels_match

CASES = {
    "jitted_through_the_dotted_partial": """
        import jax

        def compiled(fn, scale):
            return jax.jit(jax.tree_util.Partial(fn, scale))

        def step(scale, x):
            print("step", x)  # expect: ACC401
            return x * scale

        fast = compiled(step, 2.0)
    """,
    "scanned_through_the_imported_name": """
        import jax
        from jax.tree_util import Partial

        def scanned(cell, params, xs):
            return jax.lax.scan(Partial(cell, params), 0.0, xs)

        def cell(p, c, x):
            if x > 0:  # expect: ACC201
                return c + x * p, x
            return c, x

        def run(xs):
            return scanned(cell, 2.0, xs)
    """,
    "bound_into_a_module_function_that_calls_it": """
        import jax
        import jax.tree_util as jtu

        def _body(f, i, x):
            return f(x)

        def loop(f, x):
            return jax.lax.fori_loop(0, 3, jtu.Partial(_body, f), x)

        def inc(x):
            return float(x.sum())  # expect: ACC302

        def run(x):
            return loop(inc, x)
    """,
    "a_partial_kept_as_a_tree_is_no_wrapper": """
        import jax
        from jax.tree_util import Partial

        def bundle(fn, scale):
            return Partial(fn, scale)

        def step(scale, x):
            print("step runs eagerly", x)
            return x * scale

        tree = bundle(step, 2.0)
        out = tree(1.0)
    """,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_tree_partial_stands_for_its_function(name):
    assert_labels_match(CASES[name])
