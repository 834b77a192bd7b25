"""A compiled callable passed as a parameter across modules is a compiled call where the other
module's function calls that parameter (issue 33, ACC5): module `loops.py`'s `run(step_fn, ...)`
calls its parameter in a host loop, and `train.py` calls `run` with `jax.jit(step, ...)`, a name
bound to a wrapper's result, a jitted `def`, by keyword, or through `functools.partial(run, ...)`.
What the caller's application keys on (its static arguments, the framework's key) is the key of
`run`'s call, as it is when both live in one module (loops.py `_passed_compiled`); the project
layer carries it from caller to callee as a `Passed` seed (acclint.analysis.passed).

The runs behind the keys are the in-module ones (tests/test_compiled_values_reach.py: a static
argument new on each pass traces on each pass, jax 0.10); where the function is defined changes
nothing at run time: `run` is handed the very object `jax.jit` returned. Checked again with jax
0.10.2 for the first spelling below (a Python side effect in `step`: 4 traces in 4 passes with
`static_argnums=1` and `i` passed; 1 trace with `2` passed).

Each spelling fails at bcc3805 (no finding in loops.py); the look-alikes pass on both."""

from two_modules import found_in, labelled_in, write_files

LOOPS = """
    import jax.numpy as jnp

    def run(step_fn, x, n):
        for i in range(n):
            step_fn(x, i)  # expect: ACC502

    def grow(step_fn, n):
        for i in range(1, n):
            step_fn(jnp.ones(i), 2)  # expect: ACC503

    def fit(x, n, update=None):
        for epoch in range(n):
            update(x, epoch)  # expect: ACC502

    def loop(body, x, n):
        for i in range(n):
            body(x, i)  # expect: ACC502

    def named(step_fn, x, n):
        for i in range(n):
            step_fn(x, i)  # expect: ACC502
"""

SPELLINGS = {
    "lib/__init__.py": "",
    "lib/loops.py": LOOPS,
    "train.py": """
        import functools
        import jax
        from lib.loops import run, grow, fit
        from lib import loops

        def scale(x, k):
            return x * k

        @functools.partial(jax.jit, static_argnums=1)
        def shift(x, k):
            return x + k

        def main(x):
            # the application itself, as an argument
            run(jax.jit(scale, static_argnums=1), x, 10)

        def sizes():
            # a name bound to a wrapper's result; the shape new each pass
            fast = jax.jit(scale, static_argnums=1)
            grow(fast, 10)

        def by_keyword(x):
            # a jitted def, by keyword
            fit(x, 10, update=shift)

        def partially(x):
            # functools.partial of the module's function, the module imported whole
            go = functools.partial(loops.loop, shift)
            go(x, 10)

        def by_name(x):
            # a static argument named, passed by position in the other module (jax.jit reads
            # the names off the signature: 4 traces in 4 passes, jax 0.10.2)
            loops.named(jax.jit(scale, static_argnames="k"), x, 10)
    """,
}

LOOK_ALIKES = {
    "lib/__init__.py": "",
    # the parameter called with invariant arguments; another called with a new one
    "lib/loops.py": """
        def run(step_fn, x, n):
            for i in range(n):
                step_fn(x, 2)

        def plain(fn, x, n):
            for i in range(n):
                fn(x, i)

        def unstatic(fn, x, n):
            for i in range(n):
                fn(x, i)
    """,
    "train.py": """
        import jax
        from lib.loops import run, plain, unstatic

        def scale(x, k):
            return x * k

        def main(x):
            run(jax.jit(scale, static_argnums=1), x, 10)
            plain(scale, x, 10)  # no compiled callable: a plain function
            unstatic(jax.jit(scale), x, 10)  # `i` traced: one trace
    """,
}


def test_a_compiled_callable_passed_to_another_modules_function_is_a_compiled_call(tmp_path):
    root = write_files(tmp_path, SPELLINGS)
    assert found_in(root) == labelled_in(root, SPELLINGS)


def test_look_alikes_are_no_storm(tmp_path):
    root = write_files(tmp_path, LOOK_ALIKES)
    assert found_in(root) == set()
