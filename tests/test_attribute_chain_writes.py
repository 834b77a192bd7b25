"""ACC409 on an object reached from outside the trace through attributes: `self.model.weight.
requires_grad = True` in a traced forward, or the same object under a local name bound to that
chain (`w = self.model.weight`), runs once, while the trace is built (pytorch#53515: a forward
that toggles its parameter's `requires_grad` around the model; the traced module keeps the
value it was left with). The object written is not made by the trace, whatever name reaches it."""

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


def test_writes_through_a_chain_or_an_alias_of_one():
    """A chain from `self` under torch.jit.trace, a local alias of one, a counter on an object a
    jitted bound method's `self` holds, and a chain from a module-level object."""
    found = codes("""
        import jax
        import torch
        from torch import nn


        class Toggle(nn.Module):
            def __init__(self):
                super().__init__()
                self.model = nn.Linear(1, 1)

            def forward(self, x):
                self.model.weight.requires_grad = True
                w = self.model.bias
                w.requires_grad = False
                return self.model(x)


        class Stats:
            def __init__(self):
                self.count = 0


        class Trainer:
            def __init__(self):
                self.stats = Stats()
                self.step = jax.jit(self._step)

            def _step(self, x):
                self.stats.count += 1
                return x * 2


        class Config:
            def __init__(self):
                self.opt = Stats()


        CONFIG = Config()


        @jax.jit
        def update(x):
            CONFIG.opt.count = x
            return x


        traced = torch.jit.trace(Toggle(), (torch.ones(1),))
    """)
    assert found == {12: {"ACC409"}, 14: {"ACC409"}, 29: {"ACC409"}, 43: {"ACC409"}}


def test_objects_the_trace_makes_and_framework_modules_state_are_fine():
    """Look-alikes: a chain on an object the trace makes (`h = Holder()`), a local rebound to a
    new object before the write, and an nnx module writing its submodule's state (nnx carries
    it)."""
    assert codes("""
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Inner:
            def __init__(self):
                self.x = 0


        class Holder:
            def __init__(self):
                self.inner = Inner()


        @jax.jit
        def make(x):
            h = Holder()
            h.inner.x = x
            w = h.inner
            w.x = x
            return x


        class Counter(nnx.Module):
            def __init__(self):
                self.count = nnx.Variable(jnp.array(0))


        class Model(nnx.Module):
            def __init__(self):
                self.counter = Counter()

            def __call__(self, x):
                self.counter.count.value += 1
                return x


        @nnx.jit
        def run(model, x):
            return model(x)
    """) == {}
