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


# The same property for an assignment: a store whose value converts a traced value where that
# raises, outside a condition, never runs, so ACC409 leaves it alone (benchmarks/blind2
# tf_function_numpy_metric_2:15, `self.total += value.numpy()`). A statement after it is judged
# as if the raise were fixed, as tests/test_tf_torch_frameworks.py lists hazards line by line.
STORE_RAISES = {
    "tf_method_updates_from_numpy": """
        import tensorflow as tf

        class Trainer:
            def __init__(self):
                self.w = tf.Variable(1.0)
                self.total, self.count = 0.0, 0

            @tf.function
            def step(self, x):
                loss = tf.reduce_mean(x * self.w)
                self.total = self.total + loss.numpy()  # expect: ACC303
                self.count += 1  # expect: ACC409
                return loss
    """,
    "jax_method_stores_an_item": """
        import jax
        import jax.numpy as jnp

        class Trainer:
            def __init__(self):
                self.step = jax.jit(self._step)
                self.best = 0.0

            def _step(self, x):
                self.best = jnp.max(x).item()  # expect: ACC303
                return x * 2
    """,
    "jax_augmented_store_of_a_float": """
        import jax
        import jax.numpy as jnp

        class Meter:
            def __init__(self):
                self.total = 0.0

        class Trainer:
            def __init__(self, meter):
                self.meter = meter
                self.step = jax.jit(self._step)

            def _step(self, x):
                self.meter.total += float(jnp.mean(x))  # expect: ACC302
                return x * 2

        trainer = Trainer(Meter())
    """,
    "tf_helper_of_an_outside_object_stores_numpy": """
        import tensorflow as tf

        class Log:
            def __init__(self):
                self.seen = 0

            def record(self, value):
                self.seen += int((value > 0).numpy().sum())  # expect: ACC303

        log = Log()

        @tf.function
        def step(x):
            log.record(tf.reduce_sum(x))
            return x + 1
    """,
}

STORE_STILL_REPORTED = {
    "conversion_in_one_branch_of_a_conditional_expression": """
        import jax
        import jax.numpy as jnp

        class Trainer:
            def __init__(self):
                self.step = jax.jit(self._step)
                self.best = 0.0

            def _step(self, x, exact=False):
                self.best = float(jnp.max(x)) if exact else 0.0  # expect: ACC302 ACC409
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
    "a_store_of_a_traced_value_unconverted": """
        import jax
        import jax.numpy as jnp

        class Trainer:
            def __init__(self):
                self.step = jax.jit(self._step)
                self.best = 0.0

            def _step(self, x):
                self.best = jnp.max(x)  # expect: ACC409
                return x * 2
    """,
}


@pytest.mark.parametrize(
    "source", list(STORE_RAISES.values()) + list(STORE_STILL_REPORTED.values()), ids=list(STORE_RAISES) + list(STORE_STILL_REPORTED),
)
def test_a_store_whose_value_raises_is_no_write(source):
    assert_labels_match(source)


def _framework(name: str):
    from acclint.api import options_for
    from acclint.run.config import Settings

    return next(f for f in options_for(Settings()).markers.frameworks if f.name == name)


def test_the_converted_values_are_read_off_the_call_alone():
    """`converted_values` (which the context analysis keeps per call, stop 56) names what each
    raising conversion among a call's arguments converts, at any depth and in source order: a
    host method (`.item()`, `.tolist()` under jax.jit), a one-argument scalar conversion; not
    `int(s, 2)` nor a keyword's, nor a lambda's body (it does not run there); none where the
    framework's conversions do not raise (torch.jit.trace records them)."""
    import libcst as cst

    from acclint.analysis.raised_first import converted_values
    from acclint.frameworks.markers import CACHED

    call = cst.parse_expression("f(a.item(), g(float(b)), int(s, 2), int(x=d), lambda: float(e), h=t.tolist(), k=a.numpy())")
    resolve = lambda e: e.value if isinstance(e, cst.Name) else None  # noqa: E731
    found = converted_values(call, _framework("jax"), (CACHED,), resolve)
    assert [cst.Module([]).code_for_node(v) for v in found] == ["a", "b", "t"]
    assert converted_values(call, _framework("torch.jit.trace"), (CACHED,), resolve) == ()
