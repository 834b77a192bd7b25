# source: https://github.com/jax-ml/jax/issues/17197
# framework: JAX
# `jax.jit(obj)` where `obj` is a dataclass with `__call__`, registered as a pytree: calling the
# jitted object raises `TypeError: unhashable type: 'A'`, while the same class written without
# `@dataclass` works. The maintainer: working as expected, a dataclass with `eq=True` and not
# frozen sets `__hash__` to None, and jit keys its cache on the callable. Checked with jax 0.10:
# the plain class runs, the dataclass raises (caught here); eagerly both run.
# verify: "unhashable" in c.error and e.error is None
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node


@dataclass
class A:
    val: jnp.ndarray

    def __call__(self, x):
        return self.val * x


class B:
    def __init__(self, val: jnp.ndarray):
        self.val = val

    def __call__(self, x):
        return self.val * x


def flatten(obj):
    return (obj.val,), None


def unflatten_a(aux_data, children):
    return A(*children)


def unflatten_b(aux_data, children):
    return B(*children)


register_pytree_node(A, flatten, unflatten_a)
register_pytree_node(B, flatten, unflatten_b)

b = B(jnp.zeros(10))
fast_call_b = jax.jit(b)
fast_call_b(1.0)

a = A(jnp.zeros(10))
fast_call_a = jax.jit(a)  # label[a]: ACC5
error = None
try:
    fast_call_a(1.0)  # label[a]
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
