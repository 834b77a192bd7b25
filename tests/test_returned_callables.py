"""A function a factory returns, alone or at a place of the tuple it returns, handed to a marker
or wrapper, runs in that marker's context, in the factory's module or another (numpyro's
`init_kernel, sample_kernel = hmc(potential_fn)` then `fori_collect(..., sample_kernel, ...)`,
issue 33's wrappers set): three other spellings of each, and look-alikes that are fine."""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from labelled import assert_labels_match, labels
from two_modules import write_files

IN_MODULE = {
    "unpacked_from_the_returned_tuple": """
        import jax

        def make(n):
            def init(x):
                return x * n
            def step(x):
                print("step", x)  # expect: ACC401
                return x
            return init, step

        def main(x):
            init, step = make(3)
            return jax.jit(step)(init(x))
    """,
    "taken_by_place_of_a_name_bound_to_the_tuple": """
        import jax

        def make():
            def body(carry, x):
                if x.sum() > 0:  # expect: ACC201
                    return carry, x
                return carry, -x
            return (None, body)

        def run(xs):
            pair = make()
            return jax.lax.scan(pair[1], 0, xs)
    """,
    "taken_by_place_of_the_call_itself": """
        import jax

        def make():
            def init(x):
                return x
            def step(x):
                return float(x.sum())  # expect: ACC302
            return init, step

        fast = jax.jit(make()[1])
    """,
    "unpacked_into_a_list_then_handed_to_a_wrapper_of_the_module": """
        import jax

        def compiled(fn):
            return jax.jit(fn)

        def make():
            def step(x):
                print("step")  # expect: ACC401
                return x
            def show(x):
                print("show")
                return x
            return [show, step]

        [show, step] = make()
        fast = compiled(step)
    """,
    "the_other_place_and_a_starred_one_are_not_traced": """
        import jax

        def make():
            def init(x):
                print("init runs eagerly")
                return x
            def step(x):
                print("step")  # expect: ACC401
                return x
            def last(x):
                print("after a star: no fixed place")
                return x
            return init, step, last

        init, step, last = make()
        fast = jax.jit(step)
        first, *rest = make()
        other = jax.jit(rest[0])
    """,
}


@pytest.mark.parametrize("name", sorted(IN_MODULE))
def test_a_returned_function_in_its_module(name):
    assert_labels_match(IN_MODULE[name])


def _found(root: Path) -> set[tuple[str, int, str]]:
    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}


def _expected(root: Path, names) -> set[tuple[str, int, str]]:
    return {(name, line, code) for name in names for line, code in labels((root / name).read_text())}


# numpyro's shape: the factory, the project's loop wrapper and the caller each in a module.
ACROSS = {
    "lib/__init__.py": "",
    "lib/util.py": """
        import jax

        def fori_collect(lower, upper, body_fun, init_val):
            @jax.jit
            def _body_fn(i, val):
                return body_fun(val)
            return jax.lax.fori_loop(lower, upper, _body_fn, init_val)
    """,
    "lib/hmc.py": """
        def hmc(potential_fn):
            def init_kernel(params):
                print("init runs eagerly")
                return params

            def sample_kernel(state):
                print("sampling")  # expect: ACC401
                return state
            return init_kernel, sample_kernel

        def make_update():
            def update(x):
                if x.sum() > 0:  # expect: ACC201
                    return x
                return -x
            return update

        def make_pair():
            def first(x):
                return float(x)
            def second(x):
                return float(x)  # expect: ACC302
            return first, second
    """,
    "examples/volatility.py": """
        import jax
        from lib import hmc as kernels
        from lib.hmc import hmc, make_pair, make_update
        from lib.util import fori_collect

        def main(potential, state):
            init_kernel, sample_kernel = hmc(potential)
            state = init_kernel(state)
            return fori_collect(0, 10, sample_kernel, state)

        update = jax.jit(make_update())
        second = jax.jit(make_pair()[1])
        pair = kernels.make_pair()
    """,
}


def test_a_returned_function_of_another_module_handed_to_a_marker_or_wrapper(tmp_path):
    root = write_files(tmp_path, ACROSS)
    assert _found(root) == _expected(root, ACROSS)


def test_a_returned_name_that_is_no_function_reaches_nothing(tmp_path):
    """Bad input: the place taken is past the tuple's end, or the factory returns no function,
    or is absent: nothing is in a context, nothing crashes."""
    root = write_files(tmp_path, {
        "lib/__init__.py": "",
        "lib/make.py": """
            def make():
                def step(x):
                    print("step")
                    return x
                return step, 3
        """,
        "use.py": """
            import jax
            from lib.make import make, absent

            a, b, c = make()
            fast = jax.jit(c)
            slow = jax.jit(make()[1])
            none = jax.jit(absent()[0])
        """,
    })
    assert _found(root) == set()
