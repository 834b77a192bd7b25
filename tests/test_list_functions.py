"""An array library's functions that give a Python list of arrays (`keras.ops.split`,
`jnp.split`, `jnp.meshgrid`; `list_functions` in acclint/frameworks/python.toml): iterating
the list is Python's own loop, fine in every trace. Run with TF 2.21 / Keras 3.15
(benchmarks/framework_runs.py keras_ops_list_functions_in_call): in a layer's `call` under
`fit`, `keras.ops.split`, `unstack` and `meshgrid` give a `list` and a comprehension over it
works, as keras-hub's `flux_maths.py` does (`q, k, v = [ops.squeeze(s, 0) for s in
ops.split(...)]`, a false ACC206 once layer outputs were known to be tensors). The hazard
beside them: a comprehension over the tensor itself raises there (ACC206)."""

from labelled import assert_labels_match


def test_iterating_a_split_is_fine_and_iterating_the_tensor_is_not():
    assert_labels_match("""
        import keras
        from keras import ops


        class Heads(keras.layers.Layer):
            def __init__(self):
                super().__init__()
                self.qkv = keras.layers.Dense(12)

            def call(self, x):
                qkv = self.qkv(x)
                q, k, v = [ops.squeeze(s, 0) for s in ops.split(ops.expand_dims(qkv, 0), 3, axis=-1)]
                rows = [ops.sum(r) for r in ops.unstack(qkv, axis=0)]
                grid = [g * 2 for g in ops.meshgrid(q, k)]
                doubled = [r * 2 for r in qkv]  # expect: ACC206
                return q + k + v
    """)
