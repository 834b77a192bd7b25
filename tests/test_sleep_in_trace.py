"""A wait (`time.sleep`) in a cached trace is a host effect that runs once per trace (ACC408).

Property: a host call whose effect is the call itself runs only while a trace is built, so
`time.sleep` (a rate limit, a poll, a back-off) waits once per trace under jax.jit, lax loop
bodies and tf.function, not on each call: jax 0.10.2 (benchmarks/jax_spellings.py hazard sleep:
2 waits over 4 calls of two shapes, 4 eagerly) and TF 2.21 (3 calls of a tf.function, 1 wait).
torch.compile breaks the graph at it and waits on every call (torch 2.13, backend="eager": 3
calls, 3 waits): not reported there, as ACC408 is not under torch.compile. A sleep outside the
trace, between traced calls, is fine.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code.startswith("ACC4")
    )


def test_a_sleep_in_a_jitted_step():
    assert found("""
        import time

        import jax


        @jax.jit
        def step(x):
            time.sleep(0.1)
            return x + 1
        """) == [(8, "ACC408")]


def test_a_sleep_imported_by_name_in_a_scan_body():
    assert found("""
        from time import sleep

        import jax


        def body(carry, x):
            sleep(0.01)
            return carry + x, x


        def run(xs):
            return jax.lax.scan(body, 0.0, xs)
        """) == [(7, "ACC408")]


def test_a_sleep_in_a_tf_function():
    assert found("""
        import time

        import tensorflow as tf


        @tf.function
        def poll(x):
            time.sleep(1)
            return x * 2
        """) == [(8, "ACC408")]


def test_a_sleep_under_torch_compile_and_between_jitted_calls_is_not_flagged():
    assert found("""
        import time

        import jax
        import torch


        @torch.compile
        def f(x):
            time.sleep(0.1)
            return x + 1


        @jax.jit
        def step(x):
            return x + 1


        def train(x):
            for _ in range(3):
                x = step(x)
                time.sleep(0.1)
            return x
        """) == []
