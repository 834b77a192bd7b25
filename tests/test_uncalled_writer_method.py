"""ACC604 counts a write in a method only where the host program runs it after the first call.

Property: an attribute a cached trace of a bound method reads is stale only when a write of it
runs on a path the host program takes after the first traced call. A method of the object's class
that writes it (`reset`) but that no code of the script calls is no such path: handing a bound
method to a tracing wrapper (`jax.jit(counter.count)`, `tf.function(model.step)`) uses the object
in the script itself, and the wrapper runs only that method (jax#20732: the tutorial's `Counter`,
whose `reset` the program never calls; the traced `self.n += 1` is ACC409's). A `reset()` called
between two traced calls stays found.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str, prefix: str = "ACC604") -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code.startswith(prefix)
    )


COUNTER = """
    import jax


    class Counter:
        def __init__(self):
            self.n = 0

        def count(self):
            return self.n + 1

        def reset(self):
            self.n = 0


    counter = Counter()
    fast_count = jax.jit(counter.count)
"""


def test_a_writer_method_the_script_never_calls_is_no_change():
    assert found(COUNTER + """
    counts = [int(fast_count()) for _ in range(3)]
    """) == []


def test_the_writer_method_called_between_two_traced_calls_is_found():
    assert found(COUNTER + """
    first = fast_count()
    counter.reset()
    second = fast_count()
    """) == [(9, "ACC604")]


def test_the_writer_method_called_in_the_host_loop_is_found():
    assert found(COUNTER + """
    for step in range(3):
        fast_count()
        counter.reset()
    """) == [(9, "ACC604")]


def test_the_writer_method_called_before_the_first_call_only_is_set_up():
    assert found(COUNTER + """
    counter.reset()
    counts = [int(fast_count()) for _ in range(3)]
    """) == []


def test_a_tf_function_of_a_bound_method_with_an_uncalled_setter():
    source = """
        import tensorflow as tf


        class Model:
            def __init__(self):
                self.scale = 2.0

            def step(self, x):
                return x * self.scale

            def set_scale(self, s):
                self.scale = s


        model = Model()
        step = tf.function(model.step)
        for i in range(3):
            step(tf.constant(1.0))
    """
    assert found(source) == []
    assert found(source + "        model.set_scale(0.5)\n") == [(9, "ACC604")]


def test_the_writer_handed_on_as_a_callback_may_run_after_any_call():
    assert found(COUNTER + """
    hooks.append(counter.reset)
    counts = [int(fast_count()) for _ in range(3)]
    """) == [(9, "ACC604")]
