"""ACC101 under torch.compile: a `random.Random` object handed in under another name.

Property: torch.compile bakes a `random.Random` object's `random()`, `randint()`,
`randrange()` and `uniform()` into its graph, whatever name the compiled function knows the
object by: a parameter the module's calls hand one to, through the compiled callable
(`opt_fn = torch.compile(fn)`, `opt_fn(x, rng)`) or the decorated function's own name (run:
benchmarks/framework_runs.py compile_random_object_draws, "argument": baked for those four,
fresh for `gauss`, `choice`, ... and NumPy generators; pytorch#196437).
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


def test_handed_through_the_compiled_callable_under_another_name():
    assert found("""
        import random

        import torch


        def fn(x, gen):
            return x + gen.randint(1, 100)


        opt_fn = torch.compile(fn, dynamic=True)
        rng = random.Random(0)
        draws = [opt_fn(torch.zeros(3), rng) for _ in range(4)]
    """) == [(7, "ACC101")]


def test_handed_to_a_decorated_function_by_its_name():
    assert found("""
        import random

        import torch


        @torch.compile
        def jitter(x, source):
            return x * source.uniform(0.9, 1.1)


        out = jitter(torch.ones(3), random.Random(1))
    """) == [(8, "ACC101")]


def test_made_in_the_host_function_that_calls_the_compiled_step():
    assert found("""
        import random

        import torch


        def train_step(x, r):
            keep = r.random() > 0.1
            return x * keep


        step = torch.compile(train_step)


        def main(seed):
            r = random.Random(seed)
            for _ in range(10):
                step(torch.ones(3), r)
    """) == [(7, "ACC101")]


def test_look_alikes_fresh_methods_and_a_numpy_generator():
    assert found("""
        import random

        import numpy as np
        import torch


        def fn(x, gen, nprng):
            return x + gen.gauss(0, 1) + gen.choice([1, 2]) + nprng.normal()


        opt_fn = torch.compile(fn)
        out = opt_fn(torch.zeros(3), random.Random(0), np.random.default_rng(0))
    """) == []
