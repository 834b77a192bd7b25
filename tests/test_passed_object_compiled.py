"""A compiled callable an object holds is called through a parameter every call passes that object.

Property: where every host call of a function passes one object for its parameter `p`, `p.m(...)`
in it calls what that object's `m` is: a method compiled in place (`policy.sample_actions =
torch.compile(policy.sample_actions)`), an attribute bound to a wrapper's result (`box.step =
jax.jit(f, static_argnums=1)`), so its cache key is the one the object's callable keys
(ACC502 when a component is new on every pass). perturb.py's R5 (a module-level loop's body
moved into `def _body(policy, prompt, state)`, called in the loop with the module's objects)
lost opentau_114's storm on e02e5be: the helper's `policy` was no object with a compiled method.
Each hazard fails on e02e5be; the look-alikes (two objects passed, one compiled; a plain method)
stay silent.
"""
from __future__ import annotations

import pytest

from labelled import assert_labels_match


HAZARDS = {
    "a method compiled in place, its object passed to the loop's helper": """
        import torch
        from torch import nn

        class Policy(nn.Module):
            def act(self, state, n):
                return state * n

        policy = Policy()
        policy.act = torch.compile(policy.act, dynamic=False)

        def _body(policy, n):
            return policy.act(torch.ones(2), n)  # expect: ACC502

        for n in range(100):
            _body(policy, float(n))
    """,
    "a jitted attribute with a static argument, its box passed by keyword": """
        import jax
        import jax.numpy as jnp

        class Box:
            pass

        box = Box()
        box.step = jax.jit(lambda x, k: x * k, static_argnums=1)

        def run(i, holder):
            return holder.step(jnp.ones(3), i)  # expect: ACC502

        for i in range(100):
            run(i, holder=box)
    """,
    "two helpers down": """
        from functools import partial

        import jax
        import jax.numpy as jnp

        class Box:
            pass

        box = Box()
        box.step = jax.jit(lambda x, k: x * k, static_argnums=1)

        def inner(b, i):
            return b.step(jnp.ones(3), i)  # expect: ACC502

        def outer(b, i):
            return inner(b, i)

        i = 0
        while True:
            i += 1
            outer(box, i)
    """,
}


@pytest.mark.parametrize("source", HAZARDS.values(), ids=HAZARDS.keys())
def test_the_objects_compiled_callable_through_a_parameter(source):
    assert_labels_match(source)


FINE = {
    "two objects passed, only one with a compiled attribute": """
        import jax
        import jax.numpy as jnp

        class Box:
            def step(self, x, k):
                return x * k

        fast, slow = Box(), Box()
        fast.step = jax.jit(fast.step, static_argnums=1)

        def run(b, i):
            return b.step(jnp.ones(3), i)

        for i in range(100):
            run(fast, i)
            run(slow, i)
    """,
    "a plain method of the object passed": """
        import jax.numpy as jnp

        class Box:
            def step(self, x, k):
                return x * k

        box = Box()

        def run(b, i):
            return b.step(jnp.ones(3), i)

        for i in range(100):
            run(box, i)
    """,
}


@pytest.mark.parametrize("source", FINE.values(), ids=FINE.keys())
def test_no_compiled_callable_every_call_passes(source):
    assert_labels_match(source)
