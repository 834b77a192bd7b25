"""A tree map of a function the project defines holds what that function returns (stop 52).

`jax.tree.map(f, tree)` calls `f` on each leaf, so the mapped tree's leaves are `f`'s return
values: Python values where `f` returns one whatever leaf it gets (a dtype or `isinstance` test,
equinox's `_not_symbolic_zero`), tracers where it computes on the leaf. The analysis already
read a lambda's body and a library's static call for that (tests/test_precision_round9.py);
here the function is a `def`, read through its own trace. Four spellings and the look-alikes
beside them; every snippet is linted whole, `# expect: CODE` marks each line to be reported.
"""

from __future__ import annotations

from labelled import assert_labels_match


def test_a_named_dtype_test_mapped_over_a_tree_is_a_python_bool():
    """A `def` comparing each leaf's dtype, mapped and reduced by `any`: a Python bool decided
    while tracing, as with the lambda spelling (no finding); the `def` summing each leaf gives
    tracers, and an `if` on them raises under jit."""
    assert_labels_match("""
        import jax
        import jax.numpy as jnp


        def _is_f32(p):
            return p.dtype == jnp.float32


        def _positive(p):
            return p.sum() > 0


        @jax.jit
        def step(params, x):
            if any(jax.tree.leaves(jax.tree.map(_is_f32, params))):
                x = x + 1
            if all(jax.tree_util.tree_leaves(jax.tree_util.tree_map(_positive, params))):  # expect: ACC201
                x = x * 2
            return x
    """)


def test_a_named_function_returning_its_leaf_leaks_under_a_transform():
    """Under `jax.linearize` a custom_jvp rule writing `nonlocal kept = tree_map(_double,
    tangents)` keeps a tree of tracers past the transform (jax#2048's property); a map of a
    predicate on the leaf's type keeps Python bools (equinox `_loop/checkpointed.py`)."""
    assert_labels_match("""
        import jax
        import jax.tree_util as jtu


        def _not_symbolic_zero(x):
            return not isinstance(x, jax.custom_derivatives.SymbolicZero)


        def _double(t):
            return t * 2


        def run(x):
            flags = None
            kept = None

            @jax.custom_jvp
            def record(v):
                return v

            def record_jvp(primals, tangents):
                nonlocal flags, kept
                flags = jtu.tree_map(_not_symbolic_zero, tangents)
                kept = jtu.tree_map(_double, tangents)  # expect: ACC405
                return primals[0], tangents[0]

            record.defjvp(record_jvp)
            jax.linearize(record, x)
            return flags
    """)


def test_a_named_rank_test_defined_after_its_use():
    """The mapped function defined below the jitted one that maps it, returning the leaf's rank
    through a helper of its own: still a Python int per leaf, so `max` of them is one."""
    assert_labels_match("""
        import jax


        @jax.jit
        def step(params, x):
            if max(jax.tree.leaves(jax.tree.map(_rank, params))) > 2:
                x = x - 1
            return x


        def _rank(p):
            return _ndim_of(p)


        def _ndim_of(p):
            return p.ndim
    """)


def test_a_named_function_of_a_leaf_converted_to_a_float_is_still_a_conversion():
    """The look-alike on the other side: a `def` returning the leaf's norm makes a tree of
    tracers, and `float` of one of its leaves is a host conversion under jit."""
    assert_labels_match("""
        import jax
        import jax.numpy as jnp


        def _norm(p):
            return jnp.linalg.norm(p)


        @jax.jit
        def step(params):
            norms = jax.tree.map(_norm, params)
            return float(norms["w"])  # expect: ACC302
    """)
