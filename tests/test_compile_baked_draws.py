"""torch.compile bakes some draws of a `random.Random` object into its graph.

Property: under torch.compile, a `random.Random` instance's `random()`, `randint()`,
`randrange()` or `uniform()` is drawn once, while Dynamo traces, and every call that reuses the
graph repeats that number; the stdlib module's own functions (`random.random()`), the
instance's other methods (`gauss`, `choice`, ...) and NumPy's draws are drawn anew on every
call (runs: benchmarks/framework_runs.py compile_random_object_draws, torch 2.13;
pytorch#196437, where a fourth call hitting the third's dynamic graph repeats its draw).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code.startswith("ACC1")
    )


def test_a_module_level_random_object_drawn_in_a_compiled_function():
    assert found("""
        import random

        import torch

        RNG = random.Random(0)


        @torch.compile
        def jitter(x):
            return x * RNG.uniform(0.9, 1.1)
    """) == [(10, "ACC101")]


def test_randint_of_a_random_object_in_a_helper_of_a_compiled_function():
    assert found("""
        import random

        import torch

        gen = random.Random(1234)


        def shift():
            return gen.randint(0, 10)


        def step(x):
            return torch.roll(x, shift())


        fast = torch.compile(step)
    """) == [(9, "ACC101")]


def test_random_of_a_random_object_in_a_compiled_module_forward():
    assert found("""
        import random

        import torch
        from torch import nn

        chooser = random.Random()


        class Drop(nn.Module):
            def forward(self, x):
                if chooser.random() < 0.5:
                    return x
                return x * 0


        model = torch.compile(Drop())
    """) == [(11, "ACC101")]


def test_fine_the_module_functions_and_other_methods_are_drawn_each_call():
    """`random.random()`, `np.random.rand()` and the object's `gauss` are fresh on every call."""
    assert found("""
        import random

        import numpy as np
        import torch

        RNG = random.Random(0)


        @torch.compile
        def noisy(x):
            return x + random.random() + np.random.rand() + RNG.gauss(0.0, 1.0)
    """) == []
