"""An item written through an attribute of a static `self` is a write of what the trace read.

Property: with `self` static to `jax.jit` (keyed by identity), `obj.attr[k][i] = v` changes in
place what a trace reading `self.attr[k][i]` (or `self.attr[k]`, or `self.attr`) read while
tracing, so later calls keep the old value, as after `obj.attr = v` (ACC604); an item write
whose keys lead elsewhere (`obj.attr["A"]`, `obj.attr["B"][1]`) changes nothing the trace read
(run: benchmarks/framework_runs.py jit_static_self_item_written, jax 0.10.2; pymdp#165).
Writes by module-level code and by functions are judged; a method's item writes are left out
(numpyro's MCMC fills `self._collection_params[...]` before each run, whose pmap is new).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings

HEAD = """
from functools import partial

import jax
import jax.numpy as jnp


class Env:
    def __init__(self, params):
        self.params = params

    @partial(jax.jit, static_argnums=0)
    def step(self, state):
        return self.params["B"][2] @ state


swap = jnp.array([[0.0, 1.0], [1.0, 0.0]])
state = jnp.array([1.0, 0.0])
"""


def found(tail: str) -> list[tuple[str, str]]:
    source = HEAD + textwrap.dedent(tail)
    lines = source.splitlines()
    return sorted(
        (lines[f.line - 1].strip(), f.code) for f in lint_text(source, "m.py", Settings()).findings if f.code == "ACC604"
    )


READ = ('return self.params["B"][2] @ state', "ACC604")


def test_the_item_read_written_between_steps():
    assert found("""
        env = Env({"B": [jnp.eye(2)] * 3})
        state = env.step(state)
        env.params["B"][2] = swap
        state = env.step(state)
    """) == [READ]


def test_the_list_holding_the_item_replaced():
    assert found("""
        env = Env({"B": [jnp.eye(2)] * 3})
        state = env.step(state)
        env.params["B"] = [swap, swap, swap]
        state = env.step(state)
    """) == [READ]


def test_in_a_function_on_an_object_it_makes():
    assert found("""
        def run(s):
            env = Env({"B": [jnp.eye(2)] * 3})
            s = env.step(s)
            env.params["B"][2] = swap
            return env.step(s)
    """) == [READ]


def test_a_module_level_function_writing_the_item_between_steps():
    assert found("""
        def set_b(e, m):
            e.params["B"][2] = m


        env = Env({"B": [jnp.eye(2)] * 3})
        state = env.step(state)
        set_b(env, swap)
        state = env.step(state)
    """) == [READ]


def test_fine_items_the_trace_does_not_read():
    assert found("""
        env = Env({"A": 0, "B": [jnp.eye(2)] * 3})
        state = env.step(state)
        env.params["A"] = 1
        env.params["B"][1] = swap
        state = env.step(state)
    """) == []
