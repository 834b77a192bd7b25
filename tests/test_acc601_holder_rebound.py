"""ACC601: a module-level name that alone holds a compiled callable (`step = jax.jit(lambda x:
body(x))`), rebound by module-level code to a new one, is a new cache for every call reaching
the trace through it (`run()` calling `step(x)`), as a rebinding of the called name is
(acclint.analysis.bindings: `_holders`). objax's tutorial rebinds `gv`, `opt` and `train_op =
objax.Jit(train_op_nojit, ...)` in one cell; found at stop 47 when objax's `objax.Jit` became a
wrapper. Run (jax 0.10.2, tests' shapes): a new lambda or a wrapper jitting a new closure gives
the new value (3.0, 5.0); not rebinding the holder, or `jax.jit(body)` of the same function
again, keeps the old one (3.0 for 4.0; 5.0 for 6.0)."""

import pytest

from labelled import assert_labels_match

CASES = {
    "a_new_lambda_bound_to_the_holder": """
        import jax

        scale = 2.0

        def body(x):
            return x * scale

        step = jax.jit(lambda x: body(x))

        def run(x):
            return step(x)

        run(1.0)
        scale = 3.0
        step = jax.jit(lambda x: body(x))
        run(1.0)
    """,
    "a_wrapper_of_the_module_jitting_a_new_closure": """
        import jax

        scale = 2.0

        def my_jit(f):
            return jax.jit(lambda *a: f(*a))

        def body(x):
            return x * scale

        step = my_jit(body)

        def run(x):
            return step(x)

        run(1.0)
        scale = 5.0
        step = my_jit(body)
        run(1.0)
    """,
    "a_lambda_reading_the_global_itself": """
        import jax

        model = 2.0
        predict = jax.jit(lambda x: x * model)

        def accuracy(x):
            return predict(x)

        accuracy(1.0)
        model = 3.0
        predict = jax.jit(lambda x: x * model)
        accuracy(1.0)
    """,
    "look_alike_the_holder_not_rebound": """
        import jax

        model = 2.0
        predict = jax.jit(lambda x: x * model)  # expect: ACC601

        def accuracy(x):
            return predict(x)

        accuracy(1.0)
        model = 4.0
        accuracy(1.0)
    """,
    "look_alike_the_same_function_jitted_again": """
        import jax

        scale = 5.0

        def body(x):
            return x * scale  # expect: ACC601

        step = jax.jit(body)

        def run(x):
            return step(x)

        run(1.0)
        scale = 6.0
        step = jax.jit(body)
        run(1.0)
    """,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_rebound_holder_is_a_new_cache(name):
    assert_labels_match(CASES[name])
