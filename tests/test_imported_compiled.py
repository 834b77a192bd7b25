"""A function another module of the project defines under a jit-family decorator is the compiled
callable where this module calls it (ACC5).

Property: `from model import train_step` (or `import model`, then `model.train_step`), where
`model.py` decorates `train_step` with `@jax.jit`, `@partial(jax.jit, static_argnums=...)` or
`@tf.function`, is called as that decorator made it: a host loop here that
passes it a new shape or a new static value on each pass compiles on each pass, keyed as the
decorator keys, exactly as when the def lives in this module; and what it returns is arrays
(a trace's outputs), never a Python value keyed by value. The project index keeps each
top-level function's outermost decorator with its names qualified (`FileIndex.decorated`), and
the importing module gets them as `Imported.compiled`. Not carried: what the key reads of the
body (torch.compile specialising an int used as a `range` bound, dev pytorch_114293): the
importer has the decorator, not the def.

Found by benchmarks/reports/perturb.py (rewrite R6, the compiled functions moved into a second
module: 14 of 38 labels lost, e.g. dev jax_19429, jax_3345, budoux_95, primus_turbo_318). Where
the def lives changes nothing at run time (the importer calls the object the decorator
returned); checked with jax 0.10.2 by benchmarks/reports/verify.py on the R6 rewrite of dev
jax_3345 (12 traces in 12 draws) and torch 2.13 on pytorch_114293 (8 graphs).
"""

from two_modules import found_in, labelled_in, write_files

SPELLINGS = {
    "model.py": """
        from functools import partial

        import jax
        import tensorflow as tf

        @jax.jit
        def step(x):
            return x + 1

        @partial(jax.jit, static_argnames=["epoch"])
        def train_step(state, epoch):
            return state * epoch

        @tf.function
        def tf_step(x, epoch):
            return x * tf.cast(epoch, tf.float32)

    """,
    "train.py": """
        import jax.numpy as jnp
        import tensorflow as tf

        import model
        from model import step, train_step as ts

        for i in range(10):
            step(jnp.zeros(i))  # expect: ACC503

        state = jnp.ones(3)
        for epoch in range(100):
            state = ts(state, epoch=epoch)  # expect: ACC502

        x = tf.ones(3)
        for epoch in range(50):
            x = model.tf_step(x, epoch)  # expect: ACC502
    """,
}

LOOK_ALIKES = {
    "model.py": """
        import jax
        import tensorflow as tf

        @jax.jit
        def step(x):
            return x + 1

        @tf.function
        def sample(x, alpha):
            return x + alpha

        def plain(x, n):
            return x * n
    """,
    "train.py": """
        import jax.numpy as jnp
        import tensorflow as tf
        from model import step, sample, plain

        for i in range(10):
            step(jnp.zeros(3))  # one shape: one trace
            plain(jnp.zeros(i), i)  # no compiled callable

        batch = tf.ones(3)
        for t in range(10):
            batch = sample(batch, 0.5)  # what the tf.function returns is a tensor: keyed by shape
    """,
}


def test_a_decorated_function_of_another_module_is_the_compiled_callable(tmp_path):
    root = write_files(tmp_path, SPELLINGS)
    assert found_in(root) == labelled_in(root, SPELLINGS)


def test_look_alikes_are_no_storm(tmp_path):
    root = write_files(tmp_path, LOOK_ALIKES)
    assert found_in(root) == set()
