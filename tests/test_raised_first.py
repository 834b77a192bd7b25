"""A call handed a host conversion of a traced value, where the framework's conversions raise
(jax.jit: `float(tracer)`, `.item()`; tf.function: `.numpy()`, `float(t)` of a symbolic tensor),
never runs: the conversion is the finding (ACC3), and neither the call's own effect (ACC4) nor an
effect in a function it calls is reported (acclint.analysis.raised_first; benchmarks/blind
jax_float_in_jit_1: ConcretizationTypeError before `meter.update` runs, jax 0.10.2). Where the
argument does not raise (no conversion, a Python value converted, or torch.jit.trace, which
records a conversion as a constant), the effect is reported as before."""

import pytest

from labelled import assert_labels_match

RAISES_FIRST = {
    "outer_list_appended_a_float": """
        import jax
        import jax.numpy as jnp

        history = []

        @jax.jit
        def step(w, x):
            loss = jnp.mean((x @ w) ** 2)
            history.append(float(loss))  # expect: ACC302
            return w - 0.1 * loss
    """,
    "helper_steps_a_global_with_an_int": """
        import jax
        import jax.numpy as jnp

        SEEN = 0

        def count(n):
            global SEEN
            SEEN += n

        @jax.jit
        def step(x):
            count(int(jnp.sum(x > 0)))  # expect: ACC302
            return x * 2
    """,
    "method_of_an_outer_object_given_an_item": """
        import jax
        import jax.numpy as jnp

        class Meter:
            def __init__(self):
                self.last = 0.0

            def update(self, v):
                self.last = v

        meter = Meter()

        @jax.jit
        def step(x):
            meter.update(jnp.mean(x).item())  # expect: ACC303
            return x + 1
    """,
}

STILL_REPORTED = {
    "no_conversion": """
        import jax
        import jax.numpy as jnp

        class Meter:
            def __init__(self):
                self.total = 0.0

            def update(self, v):
                self.total += v  # expect: ACC409

        meter = Meter()

        @jax.jit
        def step(x):
            loss = jnp.mean(x)
            meter.update(loss)  # expect: ACC406
            return x - loss
    """,
    "python_value_converted": """
        import jax
        import jax.numpy as jnp

        history = []

        @jax.jit
        def step(x, lr=0.1):
            history.append(float(lr))  # expect: ACC406
            return x * lr
    """,
    "torch_trace_records_the_conversion": """
        import torch

        history = []

        def f(x):
            history.append(float(x.sum()))  # expect: ACC302 ACC406
            return x * 2

        traced = torch.jit.trace(f, torch.ones(3))
    """,
}


@pytest.mark.parametrize("source", list(RAISES_FIRST.values()) + list(STILL_REPORTED.values()), ids=list(RAISES_FIRST) + list(STILL_REPORTED))
def test_a_call_whose_argument_raises_carries_no_effect_finding(source):
    assert_labels_match(source)


# The same property one statement wider: a statement that converts a traced value where that
# raises, outside a condition, stops the trace there, so its own store and every later statement
# of its block never run (benchmarks/blind2 tf_function_numpy_metric_2: `self.total +=
# value.numpy()` raises before the store, and `self.count += 1` after it is never reached).
STATEMENTS_AFTER_A_RAISE = {
    "tf_method_updates_from_numpy_then_counts": """
        import tensorflow as tf

        class Trainer:
            def __init__(self):
                self.w = tf.Variable(1.0)
                self.total, self.count = 0.0, 0

            @tf.function
            def step(self, x):
                loss = tf.reduce_mean(x * self.w)
                self.total = self.total + loss.numpy()  # expect: ACC303
                self.count += 1
                return loss
    """,
    "jax_float_bound_then_appended": """
        import jax
        import jax.numpy as jnp

        history = []

        @jax.jit
        def step(w, x):
            loss = jnp.mean((x @ w) ** 2)
            value = float(loss)  # expect: ACC302
            history.append(value)
            return w - 0.1 * loss
    """,
    "jax_method_stores_an_item_and_steps": """
        import jax
        import jax.numpy as jnp

        class Trainer:
            def __init__(self):
                self.step = jax.jit(self._step)
                self.best, self.seen = 0.0, 0

            def _step(self, x):
                self.best = jnp.max(x).item()  # expect: ACC303
                self.seen += 1
                return x * 2
    """,
    "tf_numpy_then_printed": """
        import tensorflow as tf

        @tf.function
        def step(x):
            n = tf.reduce_sum(x).numpy()  # expect: ACC303
            print("positives", n)
            return x * 2
    """,
}

AFTER_A_CAUGHT_OR_CONDITIONAL_RAISE = {
    "caught_in_a_try_the_next_block_runs": """
        import jax
        import jax.numpy as jnp

        history = []

        @jax.jit
        def step(x):
            try:
                value = float(jnp.mean(x))  # expect: ACC302
            except Exception:
                value = 0.0
            history.append(value)  # expect: ACC406
            return x * 2
    """,
    "conversion_in_one_branch_of_a_conditional_expression": """
        import jax
        import jax.numpy as jnp

        history = []

        @jax.jit
        def step(x, exact=False):
            value = float(jnp.mean(x)) if exact else 0.0  # expect: ACC302
            history.append(value)  # expect: ACC406
            return x * 2
    """,
    "torch_trace_records_the_conversion_and_stores": """
        import torch
        from torch import nn

        class Norm(nn.Module):
            def forward(self, x):
                scale = x.abs().max().item()  # expect: ACC303
                self.last_scale = scale  # expect: ACC409
                return x / scale

        traced = torch.jit.trace(Norm(), torch.ones(1, 4))
    """,
}


@pytest.mark.parametrize(
    "source", list(STATEMENTS_AFTER_A_RAISE.values()) + list(AFTER_A_CAUGHT_OR_CONDITIONAL_RAISE.values()),
    ids=list(STATEMENTS_AFTER_A_RAISE) + list(AFTER_A_CAUGHT_OR_CONDITIONAL_RAISE),
)
def test_a_statement_that_raises_ends_its_block(source):
    assert_labels_match(source)
