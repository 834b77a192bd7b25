"""A starred target in a binding of wrapper applications (`a, *rest, b = jax.jit(f), ...,
jax.jit(g)`): each name outside the star binds the value in its place, counted from its own end,
as Python unpacks it; the starred name binds a list, no compiled callable. Run (jax 0.10.2, 6
passes): `a` and `b` compile on every pass in each spelling below, as `a = jax.jit(mul,
static_argnums=1)` alone does."""

import pytest

from labelled import family_labels_and_findings
from test_loops import HEADER, _tuple_case

STARRED = {
    "a star in the middle": "a, *rest, b = jax.jit(mul, static_argnums=1), jax.jit(add), jax.jit(add, static_argnums=1)",
    "a star first": "*rest, a, b = jax.jit(add), jax.jit(mul, static_argnums=1), jax.jit(add, static_argnums=1)",
    "a star left empty, in a list": "[a, b, *rest] = [jax.jit(mul, static_argnums=1), jax.jit(add, static_argnums=1)]",
    "a star binding the rest, parenthesized": "(a, b, *rest) = (jax.jit(mul, static_argnums=1), jax.jit(add, static_argnums=1), jax.jit(mul))",
}


@pytest.mark.parametrize("binding", STARRED.values(), ids=STARRED.keys())
def test_the_names_outside_a_star_are_compiled_callables(binding):
    expected, found = family_labels_and_findings(HEADER + _tuple_case(binding, True), "ACC5")
    assert found == expected


@pytest.mark.parametrize("binding", [
    "a, *b = jax.jit, add, mul",  # `a` is the wrapper itself, `b` a list of plain functions
    "a, *b = add, mul",
    "a, b, *c = jax.jit(mul, static_argnums=1)",  # one value, not spelled out element-wise: `a, b` hold what iterating it gives
])
def test_no_compiled_callable_where_none_is_bound_in_place(binding):
    expected, found = family_labels_and_findings(HEADER + _tuple_case(binding, False), "ACC5")
    assert expected == [] and found == []
