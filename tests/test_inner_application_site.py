"""ACC501's site when the callable made anew on each pass comes from a project function that
applies the wrapper inside itself, to a function it defines (gpflow_2074: `Scipy.eval_func` runs
`tf.function(_tf_eval)` on every call, `minimize` calls it, the module calls `minimize` ten times:
ten traces, benchmarks/README.md's dev52 section): the finding goes to that inner application,
where the new compiled callable is made and where caching it is written, not to the middle of
the chain; applied and called at once (`make_update()(p, g)`), it stays at that call
(tests/test_compiled_factories.py). `# expect` marks the line.
"""
from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text


def _acc5(source: str) -> list[tuple[int, str]]:
    result = lint_text(textwrap.dedent(source), "inner.py")
    assert result.error is None, result.error
    return [(f.line, f.code) for f in result.findings if f.code.startswith("ACC5")]


def _expected(source: str) -> list[tuple[int, str]]:
    return [(n, text.rsplit("# expect: ", 1)[1]) for n, text in enumerate(textwrap.dedent(source).splitlines(), 1) if "# expect: " in text]


INNER = {
    "gpflow_2074: a classmethod wraps its local def, a method calls it, the module loops": """
        import tensorflow as tf

        class Scipy:
            def minimize(self, closure, x):
                func = self.eval_func(closure)
                return func(x)

            @classmethod
            def eval_func(cls, closure):
                def _tf_eval(x):
                    return closure() * x

                _tf_eval = tf.function(_tf_eval)  # expect: ACC501

                def _eval(x):
                    return _tf_eval(tf.convert_to_tensor(x)).numpy()

                return _eval

        opt = Scipy()
        for _ in range(10):
            opt.minimize(lambda: tf.constant(2.0), 1.0)
    """,
    "a module-level function jits its local def and returns it; a helper run per step calls it": """
        import jax

        def make_step(loss_fn):
            def step(p, x):
                return p - 0.1 * jax.grad(loss_fn)(p, x)

            return jax.jit(step)  # expect: ACC501

        def train_step(loss_fn, p, x):
            step = make_step(loss_fn)
            return step(p, x)

        def train(loss_fn, p, batches):
            for x in batches:
                p = train_step(loss_fn, p, x)
            return p
    """,
    "a method binds the inner tf.function to a name it returns, called through `self` per batch": """
        import tensorflow as tf

        class Trainer:
            def compiled(self, model):
                def forward(x):
                    return model(x)

                fn = tf.function(forward)  # expect: ACC501
                return fn

            def predict(self, model, x):
                run = self.compiled(model)
                return run(x)

        trainer = Trainer()
        for x in batches:
            trainer.predict(model, x)
    """,
}


@pytest.mark.parametrize("source", INNER.values(), ids=INNER.keys())
def test_the_finding_goes_to_the_application_inside_the_project_function(source):
    assert _acc5(source) == _expected(source)


def test_a_project_function_that_wraps_its_parameter_keeps_the_site_at_its_call():
    source = """
        import jax

        def compile_fn(fn):
            return jax.jit(fn)

        def train_step(p, x):
            step = compile_fn(lambda p, x: p - x)  # expect: ACC501
            return step(p, x)

        def train(p, batches):
            for x in batches:
                p = train_step(p, x)
            return p
    """
    assert _acc5(source) == _expected(source)


def test_a_project_function_run_once_outside_any_loop():
    assert _acc5("""
        import tensorflow as tf

        class Scipy:
            def minimize(self, closure, x):
                func = self.eval_func(closure)
                return func(x)

            @classmethod
            def eval_func(cls, closure):
                def _tf_eval(x):
                    return closure() * x

                return tf.function(_tf_eval)

        Scipy().minimize(lambda: tf.constant(2.0), 1.0)
    """) == []


def test_two_callers_of_the_project_function_make_one_finding_at_its_application():
    source = """
        import tensorflow as tf

        class Scipy:
            def minimize(self, closure, x):
                func = self.eval_func(closure)
                return func(x)

            def refine(self, closure, x):
                func = self.eval_func(closure)
                return func(x)

            @classmethod
            def eval_func(cls, closure):
                def _tf_eval(x):
                    return closure() * x

                return tf.function(_tf_eval)  # expect: ACC501

        opt = Scipy()
        for _ in range(10):
            opt.minimize(lambda: tf.constant(2.0), 1.0)
            opt.refine(lambda: tf.constant(2.0), 1.0)
    """
    assert _acc5(source) == _expected(source)
