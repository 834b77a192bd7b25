"""A branch that runs only when a value not known to be static is a NumPy array is host-only.

Code reached from a trace is handed tensors (and Python numbers or dtypes as settings); a NumPy
array reaches a helper from eager callers, or as a constant the trace's own code makes, which
the value analysis knows as static. So in precise mode a block under `isinstance(x,
np.ndarray)` (NumPy arrays and scalars, acclint.analysis.narrowing.NUMPY_VALUE_TYPES), where
`x` is of unknown kind, is not traced; where every traced caller hands a NumPy array it is, and
`--strictness pedantic` keeps it. Found on real code: keras-cv's `smart_resize`
(keras_cv/src/backend/tf_ops.py:112) returns `img.numpy()` under `if isinstance(x,
np.ndarray):`, a block its tf.data pipeline never runs (a tensor there would raise at once:
a symbolic tensor has no `.numpy()`), a false ACC303 of stop 49.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported.
"""

from __future__ import annotations

from acclint.run.config import Settings
from labelled import assert_labels_match

_TF_HELPER = '''
    import numpy as np
    import tensorflow as tf
    from data import load

    def helper(x):
        img = tf.convert_to_tensor(x) * 2
        if {test}:
            return img.numpy(){expect}
        return img
'''

_TRACED_UNKNOWN = '''
    @tf.function
    def step(y):
        return helper(load(y))
'''


def _tf(test: str, expect: str = "", callers: str = _TRACED_UNKNOWN) -> str:
    return _TF_HELPER.format(test=test, expect=expect) + callers


def test_an_ndarray_guard_on_an_unknown_value_is_host_only():
    assert_labels_match(_tf("isinstance(x, np.ndarray)"))


def test_numpy_scalar_types_and_a_tuple_of_them_guard_alike():
    assert_labels_match(_tf("isinstance(x, (np.ndarray, np.generic))"))
    assert_labels_match(_tf("isinstance(x, np.floating)"))


def test_an_and_with_another_test_still_needs_the_array():
    assert_labels_match(_tf("isinstance(x, np.ndarray) and x.ndim == 3"))


def test_a_conditional_expression_under_jit_is_host_only_too():
    assert_labels_match('''
        import numpy as np
        import jax
        import jax.numpy as jnp
        from data import load

        def total(x, scale):
            y = jnp.sum(jnp.asarray(x)) * scale
            return float(y) if isinstance(x, np.ndarray) else y

        @jax.jit
        def step(v):
            return total(load(v), v)
    ''')


def test_a_frozen_draw_under_the_guard_is_host_only_as_well():
    assert_labels_match('''
        import numpy as np
        import jax
        import jax.numpy as jnp
        from data import load

        def jitter(x):
            if isinstance(x, np.ndarray):
                return x + np.random.normal(size=x.shape)
            return x

        @jax.jit
        def step(v):
            return jitter(load(v)) * 2
    ''')


def test_a_numpy_array_every_traced_caller_hands_keeps_the_branch_traced():
    """The constant the trace's own code makes: `x` is static, the branch runs while tracing,
    and `.numpy()` of the tensor made from it raises there."""
    assert_labels_match(_tf("isinstance(x, np.ndarray)", "  # expect: ACC303", '''
    @tf.function
    def step(y):
        return helper(np.ones(3)) + y
    '''))


def test_a_python_number_guard_keeps_the_branch_traced():
    """Python numbers are settings a traced helper is handed: the branch may run in a trace."""
    assert_labels_match(_tf("isinstance(x, int)", "  # expect: ACC303"))


def test_an_or_with_a_python_number_keeps_the_branch_traced():
    assert_labels_match(_tf("isinstance(x, np.ndarray) or isinstance(x, float)", "  # expect: ACC303"))


def test_pedantic_keeps_the_branch():
    assert_labels_match(_tf("isinstance(x, np.ndarray)", "  # expect: ACC303"), Settings(strictness="pedantic"))
