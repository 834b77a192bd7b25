"""Training loops that rebuild what a compiled step is keyed on, or change what it read.

The runs (jax 0.10.2, optax 0.2.8, flax 0.12.8, dm-haiku 0.0.17; benchmarks/framework_runs.py
jax_training_objects_rebuilt_per_pass and benchmarks/train_spellings.py): a pytree given a new
object in a field declared static compiles on every pass (6 traces in 6: a flax.struct class's
own field, TrainState's `tx`; its `apply_fn` is declared the same way in flax's source), so does
`jax.jit` of `apply` of a haiku transform made each pass; the hoisted look-alikes once. A
hyperparameter a jitted step reads, written in the loop of the function that calls the step, is
stale from the second step; written once before the loop, it is set-up.
"""

from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text

HEAD = """
import functools
from typing import Callable

import equinox as eqx
import haiku as hk
import jax
import jax.numpy as jnp
import optax
from flax import struct
from flax.training import train_state


@struct.dataclass
class Holder:
    w: jax.Array
    fn: Callable = struct.field(pytree_node=False)


@jax.jit
def use(h):
    return h.fn(h.w)


@jax.jit
def step(state):
    return state


class Scaled(eqx.Module):
    w: jax.Array
    scale: float


@eqx.filter_jit
def scaled_loss(model, x):
    return (x @ model.w) * model.scale


class Config:
    lr = 0.1


CFG = Config()


@jax.jit
def reads_config(p):
    return p * CFG.lr
"""


def _found(body: str) -> set[tuple[int, str]]:
    source = HEAD + textwrap.dedent(body)
    result = lint_text(source, "train.py")
    assert result.error is None
    offset = len(HEAD.splitlines())
    return {(f.line - offset, f.code) for f in result.findings if f.code[:4] in ("ACC5", "ACC6")}


HAZARDS = {
    "own struct, a new lambda in its static field": ("""
        def main(n):
            for i in range(n):
                use(Holder(w=jnp.ones(3), fn=lambda v: v * 2))
        """, (4, "ACC502")),
    "TrainState.replace(apply_fn=...) of a new partial each pass": ("""
        def fit(state, model_cls, n):
            for i in range(n):
                state = state.replace(apply_fn=functools.partial(model_cls, i))
                state = step(state)
        """, (5, "ACC502")),
    "TrainState.create in a function the loop calls": ("""
        def epoch(state, i):
            fresh = train_state.TrainState.create(apply_fn=None, params=state.params, tx=optax.sgd(0.1 * 0.9 ** i))
            return step(fresh)


        def main(state, n):
            for i in range(n):
                state = epoch(state, i)
        """, (4, "ACC502")),
    "a transform's apply, the transform made in a function the loop calls": ("""
        def evaluate(params, x, f):
            net = hk.transform(f)
            return jax.jit(net.apply)(params, None, x)


        def main(params, x, f, n):
            for i in range(n):
                evaluate(params, x, f)
        """, (4, "ACC501")),
    "a hyperparameter written in the loop of the method calling the step": ("""
        class Trainer:
            def fit(self, p, n):
                for i in range(n):
                    p = reads_config(p)
                    CFG.lr = CFG.lr * 0.5
                return p


        if __name__ == "__main__":
            Trainer().fit(1.0, 10)
        """, (None, "ACC602")),
    # run: jit 0.001, eager 0.000125 after 3 steps
    "a global rebound in the loop of the function calling the step": ("""
        LR = 0.1


        @jax.jit
        def by_global(p):
            return p * LR


        def main(p, n):
            global LR
            for i in range(n):
                p = by_global(p)
                LR = LR * 0.5
            return p


        if __name__ == "__main__":
            main(1.0, 10)
        """, (None, "ACC601")),
    # train_spellings.py eqx_float_field: 4 -> 8 traces
    "a Python float leaf set each step under filter_jit, in a function the loop calls": ("""
        def one(model, x, i):
            model = eqx.tree_at(lambda m: m.scale, model, 0.1 * 0.9 ** i)
            return scaled_loss(model, x)


        def main(model, x, n):
            for i in range(n):
                one(model, x, i)
        """, (4, "ACC502")),
}

FINE = {
    "the TrainState's params replaced (a traced field)": """
        def fit(state, grads, n):
            for i in range(n):
                state = state.replace(params=optax.apply_updates(state.params, grads))
                state = step(state)
        """,
    "the TrainState made once, outside the loop": """
        def fit(params, n):
            state = train_state.TrainState.create(apply_fn=None, params=params, tx=optax.adam(1e-3))
            for i in range(n):
                state = step(state)
        """,
    # train_spellings.py eqx_array_field: 1 trace
    "an array leaf set each step under filter_jit (by keyword), in a function the loop calls": """
        def one(model, x, i):
            model = eqx.tree_at(lambda m: m.scale, model, replace=jnp.asarray(0.1 * 0.9 ** i))
            return scaled_loss(model, x)


        def main(model, x, n):
            for i in range(n):
                one(model, x, i)
        """,
    "a tree map of a lambda handed to a jitted step": """
        def fit(state, n):
            for i in range(n):
                state = step(jax.tree_util.tree_map(lambda p: p * 0.9, state))
        """,
    "the transform made once, its apply jitted each pass": """
        def main(params, x, f, n):
            net = hk.transform(f)
            for i in range(n):
                jax.jit(net.apply)(params, None, x)
        """,
    # (a script: a function no module-level code calls may be called again, out of sight)
    "a hyperparameter set before the loop": """
        def main(p, n):
            CFG.lr = 0.05
            for i in range(n):
                p = reads_config(p)
            return p


        if __name__ == "__main__":
            main(1.0, 10)
        """,
    "a hyperparameter written after the loop's last call": """
        def main(p, n):
            for i in range(n):
                p = reads_config(p)
            CFG.lr = 0.0
            return p


        if __name__ == "__main__":
            main(1.0, 10)
        """,
}


@pytest.mark.parametrize("name", HAZARDS)
def test_hazard_found(name):
    body, (line, code) = HAZARDS[name]
    found = _found(body)
    assert any(c == code and (line is None or l == line) for l, c in found), found


@pytest.mark.parametrize("name", FINE)
def test_look_alike_not_flagged(name):
    assert _found(FINE[name]) == set()
