"""ACC604 through a chain from `self`: a trace keyed on its object by identity (a `@tf.function`
method, a bound method handed to `jax.jit`) reads `self.source.data_tensor` when it is built;
writing that attribute later leaves the cached trace with the old value (flamedisx#53: a
likelihood's `set_data` replaces its source's data tensor, and the autographed log-likelihood
keeps the first dataset). The chain is an attribute of an attribute of `self`, written by a
method of the class, by module-level code through the object, or by the inner object's own
method run on it."""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def codes(source: str) -> dict[int, set[str]]:
    """Line -> the codes found there (lines of the dedented source, 1-based)."""
    out: dict[int, set[str]] = {}
    for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings:
        out.setdefault(f.line, set()).add(f.code)
    return out


_TF = """
    import tensorflow as tf


    class Source:
        def __init__(self, data):
            self.data_tensor = tf.constant(data)

        def replace(self, data):
            self.data_tensor = tf.constant(data)


    class Likelihood:
        def __init__(self, data):
            self.source = Source(data)

        def set_data(self, data):
            self.source.data_tensor = tf.constant(data)

        @tf.function
        def log_likelihood(self, params):
            return tf.reduce_sum(self.source.data_tensor * params)


    lf = Likelihood([1.0, 2.0])
    before = lf.log_likelihood(tf.constant(1.0))
    {change}
    after = lf.log_likelihood(tf.constant(1.0))
"""


def test_a_method_writing_the_chain_after_the_first_call():
    """The report's shape: the outer class's method writes `self.source.data_tensor`."""
    assert codes(_TF.replace("{change}", "lf.set_data([3.0, 4.0])")) == {21: {"ACC604"}}


def test_module_level_code_writing_the_chain_after_the_first_call():
    assert codes(_TF.replace("{change}", "lf.source.data_tensor = tf.constant([3.0, 4.0])")) == {21: {"ACC604"}}


def test_the_inner_objects_method_writing_it_after_the_first_call():
    assert codes(_TF.replace("{change}", "lf.source.replace([3.0, 4.0])")) == {21: {"ACC604"}}


def test_a_jitted_bound_method_reading_a_chain_written_between_calls():
    found = codes("""
        import jax


        class Config:
            def __init__(self):
                self.scale = 1.0


        class Model:
            def __init__(self):
                self.cfg = Config()
                self.step = jax.jit(self._step)

            def _step(self, x):
                return x * self.cfg.scale


        m = Model()
        a = m.step(1.0)
        m.cfg.scale = 2.0
        b = m.step(1.0)
    """)
    assert found == {15: {"ACC604"}}


def test_a_chain_set_up_before_the_first_call_or_never_changed_is_fine():
    """Look-alikes: the chain written before the first call (set-up the trace sees), and the
    writer method defined but not run between the calls."""
    assert codes(_TF.replace("{change}", "pass").replace(
        "lf = Likelihood([1.0, 2.0])", "lf = Likelihood([1.0, 2.0])\n    lf.set_data([5.0, 6.0])"
    )) == {}


def test_the_outer_objects_own_attribute_of_the_same_name_is_another_attribute():
    """Look-alike: the trace reads `self.source.data_tensor`; what changes after the first call is
    the outer object's own `self.data_tensor` (never read by the trace): nothing stale."""
    assert codes(_TF.replace("{change}", "lf.data_tensor = tf.constant([3.0, 4.0])")) == {}
