"""Precision round 9 (stop 42): false shapes of round 5 of the real-code benchmark, code bases
nobody here had tuned to (benchmarks/README.md, "Round 5, before"), each fixed at its cause and
tested on other spellings of the property, written before the change, beside the hazard that
must stay found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. The framework facts behind them are runs in benchmarks/framework_runs.py.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. a tree mapped by a function that returns a Python value holds Python values -----------
# netket `tree_leaf_iscomplex`: `any(tree_leaves(tree_map(jnp.iscomplexobj, pars)))`.
# `iscomplexobj` reads a tracer's dtype and returns a Python bool, so every leaf of the mapped
# tree is one, and so is `any` of them: an `if` on it is decided while tracing, as the author
# means (run: `tree_map_of_a_dtype_test`).


def test_a_dtype_test_mapped_over_a_tree_is_a_python_bool():
    assert_labels_match("""
        import jax
        import jax.numpy as jnp

        def tree_leaf_iscomplex(pars):
            return any(jax.tree_util.tree_leaves(jax.tree_util.tree_map(jnp.iscomplexobj, pars)))

        @jax.jit
        def update(x, params_structure):
            if tree_leaf_iscomplex(params_structure):
                return x * 2
            return x
    """)


def test_other_spellings_of_a_host_valued_tree_map():
    """`jax.tree.map` of `jnp.isrealobj` under `all`, a lambda comparing each leaf's dtype, and
    `jnp.ndim` mapped then compared leaf by leaf: each leaf a Python value, so no finding."""
    assert_labels_match("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def step(params, x):
            if all(jax.tree.leaves(jax.tree.map(jnp.isrealobj, params))):
                x = x + 1
            is_f32 = jax.tree_util.tree_map(lambda p: p.dtype == jnp.float32, params)
            if not any(jax.tree_util.tree_leaves(is_f32)):
                x = x * 2
            ndims = jax.tree.leaves(jax.tree.map(jnp.ndim, params))
            if max(ndims) > 2:
                x = x - 1
            return x
    """)


def test_a_tree_map_of_array_values_stays_traced():
    """The hazard beside it: `jnp.isnan` and a lambda summing each leaf return arrays, so their
    mapped trees hold tracers and an `if` on them bakes one branch (it raises under jit)."""
    assert_labels_match("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def step(params, x):
            if any(jax.tree.leaves(jax.tree.map(jnp.isnan, params))):  # expect: ACC201
                x = x + 1
            positive = jax.tree_util.tree_map(lambda p: p.sum() > 0, params)
            if all(jax.tree_util.tree_leaves(positive)):  # expect: ACC201
                x = x * 2
            return x
    """)


def test_a_lambda_reading_a_starred_leaf_stays_traced():
    """Every parameter of the mapped lambda is a leaf, a starred one too: `lambda *ps: ps[0] > 0`
    compares the leaf's value, so the tree it makes holds tracers."""
    assert_labels_match("""
        import jax

        @jax.jit
        def step(params, x):
            flags = jax.tree.map(lambda *ps: ps[0].sum() > 0, params)
            if all(jax.tree.leaves(flags)):  # expect: ACC201
                x = x + 1
            return x
    """)



# -- 2. the keys of a value a trace passes are Python values: it is a mapping ------------------
# tensorflow/privacy `gradient_clipping_utils.py`: a loss function a factory returns, called in
# a tf.function with dicts of tensors, loops `for k in y_true.keys():` and appends to a Python
# list. No tensor has a `keys` method, so a value it is called on is a mapping (a dict of
# tensors) whatever the kinds its callers pass merge to, its keys Python values, and AutoGraph
# leaves a loop over them a Python loop (run: `tf_loop_over_the_keys_of_a_dict_of_tensors`).


def test_a_loop_over_the_keys_of_a_traced_argument_is_a_python_loop():
    assert_labels_match("""
        import tensorflow as tf

        def make_loss(weights):
            def per_example_loss(y_true, y_pred):
                loss_values = []
                for k in y_true.keys():
                    loss_values.append(weights[k] * (y_true[k] - y_pred[k]))
                return tf.math.add_n(loss_values)
            return per_example_loss

        loss_fn = make_loss({"a": 1.0})

        @tf.function
        def step(x, y):
            return loss_fn(x * 2, y)
    """)


def test_other_spellings_of_keys_of_a_traced_argument_and_the_hazard_beside_them():
    """The keys sorted, taken into a list first, and a helper called directly with a traced
    value are Python values too; a `tf.range` over a traced count is still a converted loop."""
    assert_labels_match("""
        import tensorflow as tf

        def sorted_keys(y_true):
            out = []
            for k in sorted(y_true.keys()):
                out.append(y_true[k] * 2)
            return tf.stack(out)

        def listed_keys(y_true):
            keys = list(y_true.keys())
            out = []
            for k in keys:
                out.append(y_true[k] + 1)
            return tf.stack(out)

        def counted(n):
            out = []
            for i in tf.range(n):
                out.append(i * 2)  # expect: ACC205
            return tf.stack(out)

        @tf.function
        def step(x):
            return sorted_keys(x * 2) + listed_keys(x + 1) + counted(tf.shape(x)[0])
    """)
