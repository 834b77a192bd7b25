"""A loop over a literal display of numbers makes as many passes as it has entries, counted as a
literal `range`'s are: more than five (`_MAX_BOUNDED_PASSES`) is no small set of configurations
but a storm, and a display of numbers spelt each differently gives its target a new value on
every pass (jax_803's ten literal batch sizes, as `range(10)` already was). String literals are
values keyed by value too (opentau_114's eight prompts): a display of them counts as one of
numbers does. A display of anything else (names, objects, tensors) stays a set of
configurations. Run (benchmarks/framework_runs.py literal_display_passes and
literal_string_display_passes, jax 0.10 / TF 2.21 / torch 2.13): every hazard below traces once
per entry (10, 6, 7, 8; a warm-up and a timed call per size, 6 in 12 calls; strings 8, 6, 7, 6),
the look-alikes once or five times (six tensors to a tf.function: once; five prompts five).
"""
from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text


def _acc5(source: str) -> list[tuple[int, str]]:
    result = lint_text(textwrap.dedent(source), "display.py")
    assert result.error is None, result.error
    return [(f.line, f.code) for f in result.findings if f.code.startswith("ACC5")]


def _expected(source: str) -> list[tuple[int, str]]:
    return [(n, text.rsplit("# expect: ", 1)[1]) for n, text in enumerate(textwrap.dedent(source).splitlines(), 1) if "# expect: " in text]


STORMS = {
    "jax_803: enumerate over ten literal batch sizes, the size of a host array": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        grad_loss = jax.jit(jax.grad(lambda w, x, y: jnp.mean((x @ w - y) ** 2)))
        rng = np.random.default_rng(0)
        w = jnp.zeros(3)
        for step, batch_size in enumerate([32, 17, 25, 9, 30, 12, 21, 28, 5, 14]):
            x = rng.random((batch_size, 3), dtype=np.float32)
            y = x.sum(axis=1)
            w = w - 0.1 * grad_loss(w, x, y)  # expect: ACC503
    """,
    "a module-level tuple of six sizes, the shape of a made array": """
        import jax
        import jax.numpy as jnp

        SIZES = (8, 16, 24, 32, 40, 48)

        @jax.jit
        def f(x):
            return x.sum()

        def sweep():
            for n in SIZES:
                f(jnp.zeros((n, 4)))  # expect: ACC503
    """,
    "seven literal values as a static argument": """
        from functools import partial

        import jax
        import jax.numpy as jnp

        @partial(jax.jit, static_argnums=1)
        def power(x, k):
            return x ** k

        x = jnp.ones(3)
        for k in [1, 2, 3, 4, 5, 6, 7]:
            x = power(x, k)  # expect: ACC502
    """,
    "keras-cv's benchmark: six sizes, a warm-up call then the timed one, only the first compiles": """
        import time

        import tensorflow as tf

        x_train = tf.ones((10000, 8))

        @tf.function()
        def apply_aug(inputs):
            return inputs * 2

        for n_images in [1000, 2000, 3000, 4000, 5000, 10000]:
            apply_aug(x_train[:n_images])  # expect: ACC503
            t0 = time.time()
            r1 = apply_aug(x_train[:n_images])
            t1 = time.time()
    """,
    "eight literal Python numbers given to a tf.function": """
        import tensorflow as tf

        @tf.function
        def scale(x, s):
            return x * s

        x = tf.ones(3)
        for s in [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0]:
            y = scale(x, s)  # expect: ACC502
    """,
    "opentau_114: eight literal prompts to a bound method compiled in place": """
        import torch
        from torch import nn

        class Policy(nn.Module):
            def sample_actions(self, state, prompt):
                return state * len(prompt)

        policy = Policy()
        policy.sample_actions = torch.compile(policy.sample_actions)
        for prompt in ["pick up the red block", "open the drawer", "push the button", "stack the cups",
                       "close the door", "wipe the table", "pour the water", "fold the towel"]:
            policy.sample_actions(torch.ones(2, 8), prompt)  # expect: ACC502
    """,
    "a module-level tuple of six task names to a torch.compile function": """
        import torch

        TASKS = ("a", "b", "c", "d", "e", "f")

        @torch.compile
        def head(x, task):
            return x + (1 if task == "a" else 2)

        def run():
            for task in TASKS:
                head(torch.ones(3), task)  # expect: ACC502
    """,
    "enumerate of seven activation names as a jax.jit static argument": """
        from functools import partial

        import jax
        import jax.numpy as jnp

        @partial(jax.jit, static_argnames="kind")
        def act(x, kind):
            return jnp.tanh(x) if kind == "tanh" else x

        for i, kind in enumerate(["tanh", "relu", "gelu", "silu", "elu", "selu", "sigmoid"]):
            act(jnp.ones(3), kind=kind)  # expect: ACC502
    """,
    "six literal strs given to a tf.function": """
        import tensorflow as tf

        @tf.function
        def tagged(x, tag):
            return x * len(tag)

        for tag in ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]:
            tagged(tf.ones(3), tag)  # expect: ACC502
    """,
}


@pytest.mark.parametrize("source", STORMS.values(), ids=STORMS.keys())
def test_a_long_literal_display_is_a_storm_as_a_long_range_is(source):
    assert _acc5(source) == _expected(source)


FINE = {
    "five literal sizes: a small set, as range(5) is": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            return x.sum()

        for n in [8, 16, 32, 64, 128]:
            f(jnp.zeros((n, 4)))
    """,
    "eight entries that reach no cache key": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def step(w, x):
            return w - 0.1 * x

        w, x = jnp.zeros(3), jnp.ones(3)
        for lr in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]:
            w = step(w, x) * lr
    """,
    "eight tensors of one shape given to a tf.function: keyed by shape, not by value": """
        import tensorflow as tf

        @tf.function
        def scale(x, s):
            return x * s

        x = tf.ones(3)
        for s in [tf.constant(0.5), tf.constant(1.0), tf.constant(1.5), tf.constant(2.0), tf.constant(2.5), tf.constant(3.0)]:
            y = scale(x, s)
    """,
    "eight entries all the same size": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            return x.sum()

        for n in [16, 16, 16, 16, 16, 16, 16, 16]:
            f(jnp.zeros((n, 4)))
    """,
    "five literal prompts: a small set of configurations": """
        import torch

        fast = torch.compile(lambda x, p: x * len(p))
        for prompt in ["pick", "open", "push", "stack", "close"]:
            fast(torch.ones(3), prompt)
    """,
    "eight names that reach no cache key (a log line beside the compiled call)": """
        import torch

        fast = torch.compile(lambda x: x * 2)
        for name in ["pick", "open", "push", "stack", "close", "wipe", "pour", "fold"]:
            y = fast(torch.ones(3))
            print(name, y)
    """,
    "a test per named setting (jwave's TEST_SETTINGS): each compiles its own configuration once": """
        from functools import partial

        import jax
        import jax.numpy as jnp

        SETTINGS = {"a": 8, "b": 16, "c": 24, "d": 32, "e": 40, "f": 48, "g": 56}

        def check(name):
            n = SETTINGS[name]

            @partial(jax.jit, backend="cpu")
            def run(x):
                return x * n

            return run(jnp.ones(n))

        for key in SETTINGS:
            check(key)
    """,
}


@pytest.mark.parametrize("source", FINE.values(), ids=FINE.keys())
def test_a_short_display_or_one_that_keys_nothing_new(source):
    assert _acc5(source) == []


# A str the loop gives is a str in the function the loop calls with it: the fact that an
# argument holds a str flows into helpers with the per-pass summary, as a new value does
# (perturb R5 moved opentau_114's loop body into a helper and the storm was lost).
HELPER_STORMS = {
    "opentau_114 under R5: the loop body moved into a helper given the prompt": """
        import torch
        from torch import nn

        class Policy(nn.Module):
            def sample_actions(self, state, prompt):
                return state * len(prompt)

        policy = Policy()
        policy.sample_actions = torch.compile(policy.sample_actions)
        prompts = ["pick up the red block", "open the drawer", "push the button", "stack the cups",
                   "close the door", "wipe the table", "pour the water", "fold the towel"]
        state = torch.ones(2, 8)

        def _body(policy, prompt, state):
            actions = policy.sample_actions(state, prompt)  # expect: ACC502
            return actions

        for prompt in prompts:
            actions = _body(policy, prompt, state)
    """,
    "two helpers down, to a torch.compile function": """
        import torch

        @torch.compile
        def tagged(x, tag):
            return x * len(tag)

        def inner(t):
            return tagged(torch.ones(3), t)  # expect: ACC502

        def outer(t):
            return inner(t)

        for tag in ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]:
            outer(tag)
    """,
    "a method of a runner given each task by keyword": """
        import torch

        TASKS = ("a", "b", "c", "d", "e", "f")

        @torch.compile
        def head(x, task):
            return x + (1 if task == "a" else 2)

        class Runner:
            def run(self, task):
                return head(torch.ones(3), task)  # expect: ACC502

        runner = Runner()
        for name in TASKS:
            runner.run(task=name)
    """,
    "a helper that renames the str before the call": """
        import torch

        fast = torch.compile(lambda x, p: x * len(p))

        def episode(instruction):
            prompt = instruction
            return fast(torch.ones(3), prompt)  # expect: ACC502

        for text in ["pick", "open", "push", "stack", "close", "wipe", "pour", "fold"]:
            episode(text)
    """,
}


@pytest.mark.parametrize("source", HELPER_STORMS.values(), ids=HELPER_STORMS.keys())
def test_a_str_given_to_a_helper_stays_a_str_there(source):
    assert _acc5(source) == _expected(source)


HELPER_FINE = {
    "the helper turns the str into a tensor of one shape first": """
        import torch

        fast = torch.compile(lambda x, p: x * p)

        def episode(prompt):
            prompt = torch.tensor(float(len(prompt)))
            return fast(torch.ones(3), prompt)

        for text in ["pick", "open", "push", "stack", "close", "wipe", "pour", "fold"]:
            episode(text)
    """,
    "five prompts through a helper: a small set of configurations": """
        import torch

        fast = torch.compile(lambda x, p: x * len(p))

        def episode(prompt):
            return fast(torch.ones(3), prompt)

        for text in ["pick", "open", "push", "stack", "close"]:
            episode(text)
    """,
    "a helper given the loop's str and a tensor, only the tensor compiled": """
        import torch

        fast = torch.compile(lambda x: x * 2)

        def episode(name, x):
            y = fast(x)
            print(name, y)

        for text in ["pick", "open", "push", "stack", "close", "wipe", "pour", "fold"]:
            episode(text, torch.ones(3))
    """,
}


@pytest.mark.parametrize("source", HELPER_FINE.values(), ids=HELPER_FINE.keys())
def test_a_helper_that_keys_no_new_str(source):
    assert _acc5(source) == []
