"""Trace counters (acclint.rules.trace_counters): a test that bumps an outer counter by a
constant inside a cached trace and then only asserts, compares or prints it counts traces on
purpose, so ACC405/ACC406 leave it to `--strictness pedantic`. A counter the program goes on to
use, a write of a traced value and an accumulation are still reported at the default."""

import pytest

from labelled import assert_labels_match
from acclint.run.config import Settings

PEDANTIC = Settings(strictness="pedantic")

COUNTERS = """
    import jax
    from flax import nnx
    import flax.linen as nn

    def test_retrace(self):
        n = 0
        counts = [0, 0]
        seen = []

        @jax.jit
        def f(x):
            nonlocal n
            n += 1  # pedantic: ACC405
            counts[1] += 1  # pedantic: ACC406
            seen.append(None)  # pedantic: ACC406
            return x * 2

        f(1.0)
        self.assertEqual(n, 1)
        assert counts[1] == 1
        assert len(seen) == 1
        del seen[:]
        n = 0
        f(2.0)
        print("traces:", n)
        if n != 0:
            raise AssertionError(n)

    def test_module_counter(self):
        calls = 0

        class Block(nn.Module):
            @nn.jit
            def __call__(self, x):
                nonlocal calls
                calls += 1  # pedantic: ACC405
                return x

        Block().init(None, 1.0)
        assert calls in (1, 2)

    NUM_TRACES = 0

    @jax.jit
    def g(x):
        global NUM_TRACES
        NUM_TRACES += 1  # pedantic: ACC405
        return x

    def report():
        print("traced", NUM_TRACES, "times")
"""


def _labels(pedantic: bool) -> str:
    """The snippet with `# pedantic: CODE` made a label at that strictness, dropped otherwise."""
    return COUNTERS.replace("# pedantic:", "# expect:" if pedantic else "#")


@pytest.mark.parametrize("pedantic", [False, True])
def test_counters_checked_only_are_left_to_pedantic(pedantic):
    assert_labels_match(_labels(pedantic), PEDANTIC if pedantic else Settings())


def test_counters_the_program_uses_are_reported():
    """The same writes where the count or the list goes on to be used, where a traced value is
    written, and where the outer scope accumulates into the name: each stays a finding."""
    assert_labels_match("""
        import jax

        def steps(schedule):
            n = 0
            history = []
            seen = []

            @jax.jit
            def f(x):
                nonlocal n
                n += 1  # expect: ACC405
                history.append(x)  # expect: ACC406
                seen.append(1)  # expect: ACC406
                return x * 2

            f(1.0)
            f(2.0)  # run twice: the second call replays the trace (once is no hazard: ACC405's doc)
            assert n == 1
            assert len(history) == 1
            first = seen[0]
            return schedule(n), first

        TOTAL = 0

        @jax.jit
        def g(x):
            global TOTAL
            TOTAL += 1  # expect: ACC405
            return x

        def epoch(losses):
            global TOTAL
            for loss in losses:
                TOTAL += loss
            assert TOTAL > 0
    """)


def test_a_bump_by_a_traced_value_is_reported():
    assert_labels_match("""
        import jax

        def test_sum(self):
            total = 0

            @jax.jit
            def f(x):
                nonlocal total
                total += x.sum()  # expect: ACC405
                return x

            f(1.0)
            self.assertEqual(total, 1)
    """)


def test_a_registry_fill_of_python_values_is_left_to_pedantic():
    """`REGISTRY[name] = typ` with a Python key and value stores the same entry in every trace
    (flax's VariableTypeCache); a traced value stored is still reported."""
    source = """
        import jax

        REGISTRY = {}
        LAST = {}

        def register(name, typ):
            REGISTRY[name] = typ  # pedantic: ACC406

        @jax.jit
        def f(x):
            register("params", type(x))
            LAST["x"] = x  # expect: ACC406
            return x
    """
    assert_labels_match(source.replace("# pedantic:", "#"))
    assert_labels_match(source.replace("# pedantic:", "# expect:"), PEDANTIC)


def test_a_counter_printed_as_a_count_of_something_else_is_reported():
    """tensorflow#28841: a counter bumped in a traced function and printed bare, or beside words
    that do not say it counts traces, is a program expecting one bump per call or element (the
    write runs once per trace). Only a print whose text says traces or compiles is the idiom."""
    assert_labels_match("""
        import jax
        import tensorflow as tf

        calls = 0

        @jax.jit
        def step(x):
            global calls
            calls += 1  # expect: ACC405
            return x * 2

        for i in range(10):
            step(i)
        print("processed", calls)

        def run(batches):
            n = 0

            @tf.function
            def train(x):
                nonlocal n
                n += 1  # expect: ACC405
                return x + 1

            for b in batches:
                train(b)
            print(f"{n} batches")

        seen = []

        def parse(record):
            seen.append(None)  # expect: ACC406
            return tf.strings.length(record)

        ds = tf.data.Dataset.from_tensor_slices([b"a"] * 8).map(parse)
        print(len(seen))
    """)


def test_a_counter_printed_as_a_count_of_traces_is_left_to_pedantic():
    """The look-alike: the print's own text, or the counter's name, says what it counts
    (tensorflow/docs' random_numbers guide: `print(num_traces)`)."""
    source = """
        import jax
        import tensorflow as tf

        n = 0
        retraces = []

        @jax.jit
        def f(x):
            global n
            n += 1  # pedantic: ACC405
            return x

        @tf.function
        def g(x):
            retraces.append(None)  # pedantic: ACC406
            return x

        num_traces = 0

        @tf.function
        def h(x):
            global num_traces
            num_traces += 1  # pedantic: ACC405
            return x

        f(1.0)
        g(2.0)
        h(3.0)
        print(f"compiled {n} times")
        print("retracing count:", len(retraces))
        print(num_traces)
    """
    assert_labels_match(source.replace("# pedantic:", "#"), Settings())
    assert_labels_match(source.replace("# pedantic:", "# expect:"), PEDANTIC)
