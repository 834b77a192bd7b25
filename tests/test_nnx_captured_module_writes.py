"""ACC409: a variable of an nnx Module written in a trace that reaches the Module by closure.

Runs on flax 0.12.8 (benchmarks/framework_runs.py nnx_captured_module_writes): `self.count.value
+= 1` in `__call__` of a Module a jitted function calls through a module-level name raises
TraceContextError under `nnx.jit` and `jax.jit`, as does `self.total.value = ...` in a method so
called and a write in a Module reached through a captured holder's attribute; the Module passed
as an argument counts, and a captured Module only read is fine (flax/flax#4333,
benchmarks/reports/dev/flax_4333_nnx_jit_closure_over_counter.py).
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "jax_jit_closure_over_a_counter": """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Counter(nnx.Module):
            def __init__(self):
                self.count = nnx.BatchStat(jnp.array(0))

            def __call__(self):
                self.count.value += 1  # expect: ACC409

        counter = Counter()

        @jax.jit
        def step(x):
            counter()
            return x * 2
    """,
    "method_assigning_a_variable": """
        import jax.numpy as jnp
        from flax import nnx

        class Stats(nnx.Module):
            def __init__(self):
                self.total = nnx.Variable(jnp.array(0.0))

            def add(self, x):
                self.total.value = self.total.value + x.sum()  # expect: ACC409
                return x

        stats = Stats()

        @nnx.jit
        def record(x):
            return stats.add(x)
    """,
    "through_a_captured_holder": """
        import jax.numpy as jnp
        from flax import nnx

        class Counter(nnx.Module):
            def __init__(self):
                self.count = nnx.BatchStat(jnp.array(0))

            def __call__(self):
                self.count.value += 1  # expect: ACC409

        class Model(nnx.Module):
            def __init__(self):
                self.calls = Counter()

            def __call__(self, x):
                self.calls()
                return x

        model = Model()

        @nnx.jit
        def forward(x):
            return model(x)
    """,
}

LOOK_ALIKES = {
    "module_passed_as_an_argument": """
        import jax.numpy as jnp
        from flax import nnx

        class Counter(nnx.Module):
            def __init__(self):
                self.count = nnx.BatchStat(jnp.array(0))

            def __call__(self):
                self.count.value += 1

        counter = Counter()

        @nnx.jit
        def increment(c):
            c()

        increment(counter)
    """,
    "captured_module_only_read": """
        import jax.numpy as jnp
        from flax import nnx

        class Counter(nnx.Module):
            def __init__(self):
                self.count = nnx.BatchStat(jnp.array(0))

            def __call__(self):
                self.count.value += 1

            def read(self, x):
                return x * self.count.value

        counter = Counter()

        @nnx.jit
        def scale(x):
            return counter.read(x)

        @nnx.jit
        def increment(c):
            c()
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_captured_module_writes_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)
