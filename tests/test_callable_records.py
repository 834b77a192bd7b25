"""A library record of callables runs the function it was made with when its field is called.

Property: `tx = optax.GradientTransformation(init_fn, update_fn)` (a NamedTuple `(init,
update)`, optax 0.2.8 optax/_src/base.py; `GradientTransformationExtraArgs` too) keeps the
functions it is given, by position or keyword, and `tx.update(g, s)` in a jitted step runs
`update_fn` in that trace: a print in it ran once per trace (benchmarks/jax_spellings.py context
optax_update, 25 hazards found by no rule at 7e3653d; jax 0.10.2). The record's fields are data
(`[callable_records]` in acclint/frameworks/libraries/optax.toml). `tx.update` called outside any
trace runs it eagerly: not flagged.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code.startswith(("ACC1", "ACC2", "ACC3", "ACC4"))
    )


def test_an_update_function_given_by_position_runs_in_the_jitted_step():
    assert found("""
        import jax
        import optax


        def update_fn(updates, state, params=None):
            print("update", updates)
            return updates, state


        tx = optax.GradientTransformation(lambda params: optax.EmptyState(), update_fn)


        @jax.jit
        def step(grads, state):
            return tx.update(grads, state)
        """) == [(6, "ACC401")]


def test_by_keyword_with_extra_args_and_a_branch_on_the_updates():
    assert found("""
        import jax
        import optax
        from optax import GradientTransformationExtraArgs


        def init_fn(params):
            return optax.EmptyState()


        def update_fn(updates, state, params=None, **extra):
            if updates.sum() > 0:
                updates = updates * 2
            return updates, state


        clipper = GradientTransformationExtraArgs(init=init_fn, update=update_fn)


        def step(grads):
            updates, _ = clipper.update(grads, clipper.init(grads))
            return updates


        train = jax.jit(step)
        """) == [(11, "ACC201")]


def test_a_conversion_in_a_local_record_under_jit():
    assert found("""
        import jax
        import optax


        @jax.jit
        def step(grads):
            def scale(updates, state, params=None):
                return updates * float(updates.sum()), state

            tx = optax.GradientTransformation(lambda p: optax.EmptyState(), scale)
            return tx.update(grads, tx.init(grads))[0]
        """) == [(8, "ACC302")]


def test_an_update_called_eagerly_is_not_flagged():
    assert found("""
        import optax


        def update_fn(updates, state, params=None):
            print("update", updates)
            return updates, state


        tx = optax.GradientTransformation(lambda params: optax.EmptyState(), update_fn)


        def step(grads, state):
            return tx.update(grads, state)
        """) == []
