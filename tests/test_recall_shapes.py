"""Issue 21's two remaining recall shapes, as rule tests (their fixture pairs are in
fixtures/jax_user_reports.py and jax_safe_user_reports.py).

A solver's output: `if out.errors[-1] < 1 and out.converged:` on the named tuple a function of
the module returns (acclint.analysis.records). A linen dropout: `nn.Dropout(deterministic=not
training)` where a jitted `model.apply` passes `training` from a scalar tracer
(acclint.analysis.applied).
"""

from __future__ import annotations

from labelled import assert_labels_match

SOLVER = """
from collections import namedtuple
from typing import NamedTuple

import jax
import jax.numpy as jnp
import ott


class Output(NamedTuple):
    errors: jax.Array
    converged: jax.Array
    n_iters: int


Pair = namedtuple("Pair", "value ok")


def solve(x):
    errors = jnp.abs(x - jnp.mean(x))
    return Output(errors, errors[-1] < 1e-3, 3)


@jax.jit
def cost(x):
    out = solve(x)
    if out.errors[-1] < 1 and out.converged:  # expect: ACC201
        return x.sum()
    if out.n_iters > 2:  # a field built from a Python int: static
        return x.mean()
    return x


@jax.jit
def unpacked(x):
    errors, converged, n = solve(x)
    if converged:  # expect: ACC201
        return x
    return -x


@jax.jit
def built_here(x):
    pair = Pair(jnp.sum(x), jnp.all(x > 0))
    return pair.value if pair.ok else 0.0  # expect: ACC203


@jax.jit
def reassigned(x, other):
    out = solve(x)
    out = other  # not always a record: its fields stay unknown
    if out.converged:
        return x
    return -x


@jax.jit
def third_party(geom):
    out = ott.solvers.linear.sinkhorn.solve(geom)  # what an unknown library returns stays unknown
    if out.converged:
        return out.reg_ot_cost
    return jnp.nan
"""


def test_a_named_tuple_returned_by_a_solver_gives_its_fields_kinds():
    assert_labels_match(SOLVER)


DROPOUT = """
from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp


class DNN(nn.Module):
    @nn.compact
    def __call__(self, x, training):
        x = nn.Dense(4)(x)
        x = nn.Dropout(rate=0.1, deterministic=not training)(x)  # expect: ACC202
        return nn.Dropout(0.1)(x, deterministic=not training)  # expect: ACC202


class Quiet(nn.Module):
    @nn.compact
    def __call__(self, x, training):
        return nn.Dropout(rate=0.1, deterministic=not training)(x)


model = DNN()
quiet = Quiet()


@jax.jit
def predict(params, x, training):
    return model.apply(params, x, training, rngs={"dropout": jax.random.key(0)})


@partial(jax.jit, static_argnames="training")
def static_predict(params, x, training):
    return quiet.apply(params, x, training, rngs={"dropout": jax.random.key(0)})


@jax.jit
def unknown_flag(params, x, training):
    return quiet.apply(params, x, training)  # no call gives it a Python bool: a pytree argument


@jax.jit
def other_method(params, x, training):
    return quiet.apply(params, x, training, method=Quiet.__call__)  # `method=` is not followed (a miss)


def run(params, x):
    return predict(params, x, True), static_predict(params, x, training=True), other_method(params, x, True)
"""


def test_a_jitted_apply_passes_a_scalar_tracer_to_the_modules_flag():
    assert_labels_match(DROPOUT)


JITTED_APPLY = """
import flax.linen as nn
import jax


class DNN(nn.Module):
    @nn.compact
    def __call__(self, x, training):
        return nn.Dropout(0.1)(x, deterministic=not training)  # expect: ACC202


class Static(nn.Module):
    @nn.compact
    def __call__(self, x, training):
        return nn.Dropout(0.1)(x, deterministic=not training)


model = DNN()
static = Static()
apply = jax.jit(model.apply)
static_apply = jax.jit(static.apply, static_argnums=2)


def run(params, x):
    return apply(params, x, True), static_apply(params, x, True)
"""


def test_jax_jit_of_model_apply_called_with_a_python_bool():
    assert_labels_match(JITTED_APPLY)
