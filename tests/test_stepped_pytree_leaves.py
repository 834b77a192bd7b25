"""A pytree rebound on every pass to a copy of itself with one leaf stepped by a literal
(`model = eqx.tree_at(lambda m: m.step, model, model.step + 1)`) carries that leaf from pass
to pass, new on each: under `eqx.filter_jit`, which keys a Python-number leaf by value, every
pass traces again (ACC502); an array leaf so stepped is keyed by shape and traces once.

Run with equinox 0.13 and jax 0.10.2 (a trace counter in the jitted body, 10 passes): a step by
keyword `replace=m.step + 2`, a float leaf halved `m.temperature / 2`, `1 + model.step` in a
function's loop each trace on every pass with a new value; an array leaf scaled `m.w * 0.9`, a
leaf set to a constant, trace no more. benchmarks/blind jax_eqx_int_field_1 and
jax_eqx_float_hparam_2 are the blind set's spellings."""

import pytest

from labelled import assert_labels_match

_MODEL = """
    import equinox as eqx
    import jax
    import jax.numpy as jnp

    class M(eqx.Module):
        w: jax.Array
        step: int
        temperature: float

        def __call__(self, x):
            return jnp.tanh(x @ self.w) / self.temperature

    @eqx.filter_jit
    def f(model, x):
        return model(x)

    x = jnp.ones((4, 3))
    m = M(jnp.eye(3), 0, 1.0)
"""

HAZARDS = {
    "step_by_keyword": _MODEL + """
    for i in range(10):
        f(m, x)  # expect: ACC502
        m = eqx.tree_at(lambda q: q.step, m, replace=m.step + 2)
    """,
    "float_leaf_divided": _MODEL + """
    for i in range(10):
        m = eqx.tree_at(lambda q: q.temperature, m, m.temperature / 2)
        f(m, x)  # expect: ACC502
    """,
    "step_in_a_training_function": _MODEL + """
    def train(model, n):
        for epoch in range(n):
            f(model, x)  # expect: ACC502
            model = eqx.tree_at(lambda q: q.step, model, 1 + model.step)
    """,
}

LOOK_ALIKES = {
    "array_leaf_scaled": _MODEL + """
    for i in range(10):
        f(m, x)
        m = eqx.tree_at(lambda q: q.w, m, m.w * 0.9)
    """,
    "leaf_set_to_a_constant": _MODEL + """
    for i in range(10):
        f(m, x)
        m = eqx.tree_at(lambda q: q.step, m, 3)
    """,
    "leaf_stepped_by_nothing": _MODEL + """
    for i in range(10):
        f(m, x)
        m = eqx.tree_at(lambda q: q.step, m, m.step * 1)
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_stepped_pytree_leaves_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)
