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
