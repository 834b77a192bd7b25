"""Precision round 8 (stop 41): false shapes of round 4 of the real-code benchmark, code bases
nobody here had tuned to (benchmarks/README.md, "Round 4, before"), each fixed at its cause and
tested on other spellings of the property, written before the change, beside the hazard that
must stay found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. The framework facts behind them are runs in benchmarks/framework_runs.py.
"""

from __future__ import annotations

from labelled import BREAKS, assert_labels_match

# -- 1. a value an isinstance test proves a Python container is no tensor ---------------------
# tensorflow/gnn `pool_ops.py`: a helper returns its parameter only under
# `isinstance(value, Sequence)` (no tensor is a Sequence), else `[value]`; what it returns is a
# Python list of tensors, so iterating it or taking its length is fine in any trace.


def test_a_parameter_returned_only_as_a_container_is_a_list():
    assert_labels_match("""
        from collections.abc import Sequence
        import tensorflow as tf

        def as_list(value):
            if isinstance(value, Sequence):
                values = value
            else:
                values = [value]
            return values

        def pool(value):
            values = as_list(value)
            shapes = [v.shape[1:] for v in values]
            return tf.add_n(values)

        class Degree(tf.keras.layers.Layer):
            def call(self, x):
                return pool(tf.ones_like(x))
    """)


def test_other_spellings_of_a_container_by_isinstance():
    """A conditional expression over `(list, tuple)`, an early return under `typing.Sequence`,
    and a negated test whose `else` keeps the parameter, each iterated in a Keras `call` (where
    iterating a tensor raises); the last helper returns the tensor itself where its test fails,
    so its loop iterates a tensor and stays found."""
    assert_labels_match("""
        import typing
        import keras

        def listed(x):
            return x if isinstance(x, (list, tuple)) else [x]

        def flat(x):
            if isinstance(x, typing.Sequence):
                return x
            return [x]

        def kept(x):
            if not isinstance(x, list):
                ys = [x]
            else:
                ys = x
            return ys

        def unwrapped(x):
            if isinstance(x, list):
                return x[0]
            return x

        class Sum(keras.layers.Layer):
            def call(self, inputs):
                x = keras.ops.relu(inputs)
                total = 0.0
                for a in listed(x):
                    total = total + a
                for b in flat(x):
                    total = total + b
                for c in kept(x):
                    total = total + c
                for d in unwrapped(x):  # expect: ACC207
                    total = total + d
                return total
    """)


# -- 3. the keys of mappings zipped together are Python values ---------------------------------
# jumanji `bin_pack/env.py`: `for (name, part), (other, _) in zip(d.items(), e.items(),
# strict=False)`; each
# zipped iterable binds its own target as a loop over it alone would, so the keys are strings.


def test_keys_of_zipped_items_are_static():
    assert_labels_match("""
        import jax

        @jax.jit
        def f(x):
            parts = {"x_lo": x, "y_lo": x}
            limits = {"x_hi": x, "y_hi": x}
            for (name, part), (other, _) in zip(parts.items(), limits.items()):
                if name[0] == other[0]:
                    part = part * 2
            for i, (key, value) in enumerate(parts.items()):
                if key < "y" and i > 0:
                    x = x + value
            for (k, v), w in zip(parts.items(), [x, x], strict=False):
                if len(k) > 3 and k == name:
                    x = x + v * w
            for (k, v), w in zip(parts.items(), [x, x]):
                if w > 0:  # expect: ACC201
                    x = x + v
            for (k, v), (k2, v2) in zip(parts.items(), limits.items()):
                if v > v2:  # expect: ACC201
                    x = x + 1
            return x
    """)


# -- 4. code behind a test every tracer fails never runs in a trace ---------------------------
# keras-rs `base_distributed_embedding.py`: `x.numpy()` behind `hasattr(x, "numpy")`. A jax
# tracer, a TF graph tensor and a KerasTensor have no `numpy` attribute, so the line runs only on
# eager values; a torch tensor under torch.compile has one, so there the guard proves nothing.


def test_numpy_behind_hasattr_numpy_is_eager_only():
    assert_labels_match("""
        import keras
        import tensorflow as tf

        def to_dense(x):
            if hasattr(x, "numpy") and callable(getattr(x, "numpy")):
                x = x.numpy()
            return x

        def early(x):
            if not hasattr(x, "numpy"):
                return x
            return x.numpy()

        class Embed(keras.layers.Layer):
            def call(self, inputs):
                return {k: to_dense(v) for k, v in inputs.items()}

        @tf.function
        def g(x):
            y = x.numpy() if hasattr(x, "numpy") else x
            return early(y)

        @tf.function
        def h(x):
            if hasattr(x, "shape"):
                x = x.numpy()  # expect: ACC303
            return x
    """)


def test_hasattr_numpy_proves_nothing_under_torch_compile():
    """A torch tensor has a `numpy` method in a torch.compile trace too: a branch on it behind
    the guard is still a graph break."""
    assert_labels_match("""
        import torch

        @torch.compile
        def f(x):
            if hasattr(x, "numpy"):
                if x.sum() > 0:  # expect: ACC201
                    x = x * 2
            return x
    """, BREAKS)


# -- 2. a `call` argument every seen call passes as a string is a Python str ------------------
# tensorflow/gnn `graph_tensor_ops.py:313`: the test's `_MaskEdges` layer, its only caller
# `edge_masker(graph_in, 'aa', ...)` in a test method, hands `call` a string, which `call`
# passes on; Keras hands non-tensor arguments through unchanged and no framework traces a str
# (`keras_str_call_argument`), so `k != name` compares two strings.

MASK = """
    import tensorflow as tf

    def mask(graph, name):
        out = {}
        for k, v in graph.items():
            if k != name:LABEL
                out[k] = v
        return out

    class Mask(tf.keras.layers.Layer):
        def call(self, graph, name):
            return mask(graph, name)
"""


def test_a_call_argument_every_caller_passes_as_a_string():
    """A local bound to the layer in a test function, the layer called at once at module level
    (by keyword), and a second caller with another string."""
    assert_labels_match(MASK.replace("LABEL", "") + """
    def test_mask():
        masker = Mask()
        masker({"a": tf.ones(2), "b": tf.ones(2)}, "a")

    Mask()({"a": tf.ones(2)}, name="b")

    def test_other():
        return Mask()({"c": tf.ones(2)}, "c" "d")
    """)


def test_a_call_argument_some_caller_passes_a_tensor_stays_traced():
    assert_labels_match(MASK.replace("LABEL", "  # expect: ACC201") + """
    def test_mask():
        masker = Mask()
        masker({"a": tf.ones(2)}, "a")
        masker({"a": tf.ones(2)}, tf.constant("a"))
    """)


# -- 5. a trace built after the last change of what it reads is not stale ----------------------
# keras-rs `examples/dcn.py`: `vocab` filled by a loop that maps the dataset `ds` (another
# function, reading the loop's `name`), then `ds.map(lambda x: ... vocab ...)` after the loop.
# tf.data traces a map's function when `map` is called, so this trace reads `vocab` complete; a
# call through `ds` before `ds` holds this map builds nothing of it.


def test_a_map_built_after_the_loop_that_fills_what_it_reads():
    """The report's shape, a named function mapped after a loop that writes its dict while
    filtering the dataset, and a list appended in a `while` loop that batches and maps it."""
    assert_labels_match("""
        import numpy as np
        import tensorflow as tf

        ds = tf.data.Dataset.from_tensor_slices({"a": np.arange(4), "b": np.arange(4)})
        vocab = {}
        for name in ["a", "b"]:
            vocab[name] = np.unique(np.concatenate(list(ds.batch(10).map(lambda x: x[name]))))
        ds = ds.map(lambda x: {name: x[name] * 2 for name in vocab})

        weights = {}

        def scale_all(x):
            return {k: x[k] * weights[k] for k in weights}

        for key in ["a", "b"]:
            weights[key] = float(len(list(ds.filter(lambda x: x[key] > 0))))
        ds = ds.map(scale_all)

        names = []
        while len(names) < 2:
            names.append(["a", "b"][len(names)])
            ds.batch(2).map(lambda x: x["a"])
        ds = ds.map(lambda x: [x[n] for n in names])
    """)


def test_a_trace_called_again_after_the_loop_writes_what_it_read_stays_stale():
    assert_labels_match("""
        import tensorflow as tf

        vocab = {}

        @tf.function
        def lookup(x):
            return x * len(vocab)  # expect: ACC602

        for name in ["a", "b"]:
            vocab[name] = 1.0
            lookup(tf.ones(2))
    """)
