"""ACC501's fix (acclint/fix/hoist.py): a wrapper application made on every pass of a loop is
bound once before it when it reads nothing the loop binds or changes; the look-alikes that need a
compile per pass, or whose application a function boundary or a comprehension holds, get none.
The fixed programs run beside the originals in tests/fix_hoist_differential.py."""

from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_bytes, options_for
from acclint.fix.apply import fix_source
from acclint.run.config import Settings
from fix_hoist_differential import PROGRAMS, available, check

SETTINGS = Settings()
OPTIONS = options_for(SETTINGS)
HEADER = "import functools\nfrom functools import partial\nimport jax\nimport jax.numpy as jnp\nimport tensorflow as tf\n\n"
DEFS = "def update(p, g, lr):\n    return p - lr * g\n\n\ndef loss(p, x):\n    return jnp.sum((p * x) ** 2)\n\n\n"


def _findings(source: str):
    return [f for f in lint_bytes(source.encode(), "case.py", SETTINGS, OPTIONS).findings if f.code == "ACC501"]


def _fixed(source: str, unsafe: bool = False) -> str:
    return fix_source(source.encode(), "case.py", lambda d: lint_bytes(d, "case.py", SETTINGS, OPTIONS), unsafe).fixed.decode()


def _case(body: str) -> str:
    return HEADER + DEFS + textwrap.dedent(body).lstrip()


# Spellings of the fixable shape: the hoisted binding, and the line the loop then holds.
FIXED = {
    "for_lambda_called_at_once": ("""
        def train(params, grads, steps):
            for step in range(steps):
                params = jax.jit(lambda p, g: p - 0.1 * g)(params, grads)
            return params
        """, "compiled = jax.jit(lambda p, g: p - 0.1 * g)", "params = compiled(params, grads)"),
    "while_loop_grad": ("""
        def train(params, batches):
            i = 0
            while i < len(batches):
                params = params - 0.1 * jax.jit(jax.grad(loss))(params, batches[i])
                i += 1
            return params
        """, "loss_compiled = jax.jit(jax.grad(loss))", "params = params - 0.1 * loss_compiled(params, batches[i])"),
    "bound_to_a_name_then_called": ("""
        def train(params, grads, steps):
            for step in range(steps):
                step_fn = jax.jit(functools.partial(update, lr=0.1))
                params = step_fn(params, grads)
            return params
        """, "update_compiled = jax.jit(functools.partial(update, lr=0.1))", "step_fn = update_compiled"),
    "tf_function_of_a_module_function": ("""
        def doubled(x):
            return x * 2.0


        def train(x, steps):
            for step in range(steps):
                x = tf.function(doubled)(x)
            return x
        """, "doubled_compiled = tf.function(doubled)", "x = doubled_compiled(x)"),
    "module_level_script_loop": ("""
        params = jnp.ones(3)
        for step in range(10):
            params = jax.jit(lambda p: p * 0.5)(params)
        """, "compiled = jax.jit(lambda p: p * 0.5)", "params = compiled(params)"),
}

# Look-alikes: ACC501 reports them, no fix is offered, and the reason says why.
REFUSED = {
    "closes_over_the_loop_variable": ("""
        def train(params, batches):
            for b in batches:
                params = jax.jit(lambda p: p - b)(params)
            return params
        """, "reads 'b', which the loop binds"),
    "config_changes_per_pass": ("""
        def train(params, batches):
            for i, b in enumerate(batches):
                params = jax.jit(partial(update, lr=0.1 * i))(params, b)
            return params
        """, "reads 'i', which the loop binds"),
    "loop_body_defines_f": ("""
        def train(params, grads, steps):
            step = 0
            while step < steps:
                def inner(p, g):
                    return p - 0.05 * g
                params = jax.jit(inner)(params, grads)
                step += 1
            return params
        """, "reads 'inner', which the loop binds"),
    "loop_changes_what_is_read": ("""
        def train(params, cfg, steps):
            for step in range(steps):
                cfg["lr"] = 0.1 / (step + 1)
                params = jax.jit(lambda p: p - cfg["lr"])(params)
            return params
        """, "reads 'cfg', which the loop binds or changes"),
    "comprehension": ("""
        def evaluate(w, xs):
            return [jax.jit(lambda v: v @ w)(x) for x in xs]
        """, "the loop is a comprehension"),
    "applied_in_a_function_the_loop_calls": ("""
        def predict(w, x):
            return jax.jit(lambda v: jnp.tanh(v @ w))(x)


        def evaluate(w, xs):
            out = []
            for x in xs:
                out.append(predict(w, x))
            return out
        """, "hoisting it would cross a function boundary"),
}

# Fixed, but only with --unsafe-fixes: the reason names what acclint cannot prove the same.
UNSAFE = {
    "bound_method_of_self": ("""
        class Trainer:
            def step(self, x):
                return x * 0.9

            def run(self, x, steps):
                for _ in range(steps):
                    x = jax.jit(self.step)(x)
                return x
        """, "reads 'self'"),
    "traced_code_prints": ("""
        def noisy(x):
            print("tracing")
            return x * 2.0


        def train(x, steps):
            for step in range(steps):
                x = tf.function(noisy)(x)
            return x
        """, "calls 'print', which runs once per trace"),
    "a_call_in_the_application": ("""
        def make(k):
            return lambda v: v * k


        def train(x, steps):
            for step in range(steps):
                x = jax.jit(make(2.0))(x)
            return x
        """, "'make(2.0)' runs once before the loop"),
    "module_function_read_in_the_module": ("""
        def log(x):
            print("tracing")
            return x


        def model(x):
            return log(x) * 2.0


        def train(x, steps):
            def log(v):
                return v + 1
            x = log(x)
            for step in range(steps):
                x = tf.function(model)(x)
            return x
        """, "calls 'print', which runs once per trace"),  # `model` reads the module's `log`, not train's
}


@pytest.mark.parametrize("name", sorted(FIXED))
def test_fixable_spellings_are_hoisted_and_the_fix_is_a_fixpoint(name):
    body, binding, call = FIXED[name]
    source = _case(body)
    finding, = _findings(source)
    assert finding.fixable and finding.fix.safe
    fixed = _fixed(source)
    lines = [line.strip() for line in fixed.splitlines()]
    loop = next(i for i, line in enumerate(lines) if line.startswith(("for ", "while ")))
    assert lines[loop - 1] == binding and call in lines
    assert not _findings(fixed)
    assert _fixed(fixed) == fixed


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_look_alikes_are_reported_without_a_fix(name):
    body, why = REFUSED[name]
    source = _case(body)
    finding, = _findings(source)
    assert not finding.fixable and "(no fix: " in finding.message and why in finding.message
    assert _fixed(source, unsafe=True) == source


@pytest.mark.parametrize("name", sorted(UNSAFE))
def test_unprovable_hoists_are_unsafe_with_the_reason(name):
    body, why = UNSAFE[name]
    source = _case(body)
    finding, = _findings(source)
    assert finding.fixable and not finding.fix.safe and why in finding.fix.reason
    assert _fixed(source) == source
    assert _fixed(source, unsafe=True) != source


def test_the_binding_keeps_the_comments_and_blank_lines_above_the_loop():
    source = _case("""
        def train(params, grads, steps):
            params = params * 1.0

            # the training loop
            for step in range(steps):
                params = jax.jit(lambda p, g: p - 0.1 * g)(params, grads)  # a step
            return params
        """)
    fixed = _fixed(source)
    assert "    params = params * 1.0\n\n    # the training loop\n    compiled = jax.jit(" in fixed
    assert "params = compiled(params, grads)  # a step" in fixed


def test_a_fresh_name_shadows_nothing():
    source = _case("""
        compiled = 3


        def train(params, steps):
            for step in range(steps):
                params = jax.jit(lambda p: p * 0.5)(params)
            return params
        """)
    assert "compiled_1 = jax.jit(lambda p: p * 0.5)" in _fixed(source)


@pytest.mark.parametrize(("framework", "name"), [(f, n) for f, cases in PROGRAMS.items() for n in cases])
def test_fixed_programs_compute_the_same_with_one_trace(framework, name):
    if not available(framework):
        pytest.skip(f"{framework} is not installed")
    ok, line = check(framework, name)
    assert ok, line
