"""A marker passed by keyword to another module's function traces what that function hands it
(issue 33, diffrax's `outer_while_loop`): `solve.py`'s `loop(*, outer_while_loop, ...)` calls
`outer_while_loop(cond_fun, body_fun, init)`, and `adjoint.py` calls `loop(...,
outer_while_loop=ft.partial(_outer_loop, kind="lax"))` with `_outer_loop =
jax.named_call(lax.while_loop, name="outer-loop")`: `body_fun` runs in a `lax.while_loop` trace.
The same `Passed` seed as a compiled callable's (acclint.analysis.passed), carrying the marker
(not an application of it); in the called module the parameter is a wrapper of that marker
(acclint.analysis.wrappers `table_for`). Passed through a property returning the imported
function (`self._loop`, diffrax's `AbstractAdjoint._loop`), bound to one name in both branches.

Run with jax 0.10.2 (a Python side effect in each body): `partial(jax.named_call(lax.while_loop,
name=...))` and `lax.while_loop` passed by keyword trace `body_fun` once (its print runs once,
at trace time, for three iterations), as in-module; a plain Python loop passed instead runs it
three times, untraced.

Each spelling fails at bcc3805; the look-alike passes on both."""

from two_modules import found_in, labelled_in, write_files

SOLVE = """
    def loop(*, cond_fun, init, outer_while_loop):
        def body_fun(state):
            print("step")  # expect: ACC401
            return state + 1

        return outer_while_loop(cond_fun, body_fun, init)

    def scan_all(xs, *, scanner):
        def step(carry, x):
            print(carry)  # expect: ACC401
            return carry + x, x

        return scanner(step, 0.0, xs)
"""

SPELLINGS = {
    "pkg/__init__.py": "",
    "pkg/solve.py": SOLVE,
    "pkg/adjoint.py": """
        import functools as ft
        import jax
        from jax import lax

        _outer_loop = jax.named_call(lax.while_loop, name="outer-loop")

        class Adjoint:
            @property
            def _loop(self):
                from .solve import loop

                return loop

        class Direct(Adjoint):
            def run(self, x, checkpointed):
                if checkpointed:
                    outer = ft.partial(_outer_loop)
                else:
                    outer = ft.partial(_outer_loop)
                return self._loop(cond_fun=lambda s: s < 3, init=x, outer_while_loop=outer)
    """,
    "pkg/scans.py": """
        import jax
        from .solve import scan_all

        def total(xs):
            return scan_all(xs, scanner=jax.lax.scan)
    """,
}

LOOK_ALIKES = {
    "pkg/__init__.py": "",
    "pkg/solve.py": SOLVE.replace("  # expect: ACC401", ""),
    "pkg/plain.py": """
        from .solve import loop, scan_all

        def python_while(cond_fun, body_fun, state):
            while cond_fun(state):
                state = body_fun(state)
            return state

        def python_scan(f, carry, xs):
            for x in xs:
                carry, _ = f(carry, x)
            return carry, None

        def run(x, xs):
            return loop(cond_fun=lambda s: s < 3, init=x, outer_while_loop=python_while), scan_all(xs, scanner=python_scan)
    """,
}


def test_a_marker_passed_by_keyword_traces_what_the_other_module_hands_it(tmp_path):
    root = write_files(tmp_path, SPELLINGS)
    assert found_in(root) == labelled_in(root, SPELLINGS)


def test_a_plain_function_passed_there_traces_nothing(tmp_path):
    root = write_files(tmp_path, LOOK_ALIKES)
    assert found_in(root) == set()
