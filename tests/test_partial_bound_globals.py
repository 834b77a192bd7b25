"""A module-level value bound by `functools.partial` into a traced function is read by its trace.

Property: `functools.partial(f, w=W)` (or `partial(f, W)`, filling `w` by position) makes `f`'s
parameter `w` hold the object `W` names where the partial is made, wherever that is (module-level
code, `main()`, a training function), on every call; a trace of `f` reads it once (a NumPy array becomes a constant), so `W` changed in place
afterwards (`W[:] = v`, `W[0] = v`) is not seen by cached calls (ACC602); rebinding `W` leaves
the partial's object alone, eagerly too, and `len(w)`/`w.shape` are kept by an in-place write
(runs: benchmarks/framework_runs.py keras_partial_bound_array_changed, TF 2.21 / Keras 3.15:
fit [4, 4, 4] against eager [4, 8, 16]; jit_partial_bound_array_changed, jax 0.10.2: stale;
keras#9598).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[str, str]]:
    source = textwrap.dedent(source).lstrip("\n")
    lines = source.splitlines()
    return sorted(
        (lines[f.line - 1].strip(), f.code) for f in lint_text(source, "m.py", Settings()).findings if f.code == "ACC602"
    )


KERAS = """
    import functools

    import numpy as np
    from tensorflow import keras


    def weighted(y_true, y_pred, weights):
        n = len(weights)
        return keras.ops.mean(keras.ops.square(y_true - y_pred)) * weights[0] / n
"""


def test_keras_loss_partial_changed_in_place_by_a_callback():
    assert found(KERAS + """

    class Double(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            W[:] = W * 2.0


    W = np.ones(1, np.float32)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss=functools.partial(weighted, weights=W))
    model.fit(np.ones((4, 2)), np.zeros((4, 1)), epochs=3, callbacks=[Double()])
    """) == [("return keras.ops.mean(keras.ops.square(y_true - y_pred)) * weights[0] / n", "ACC602")]


def test_jitted_partial_item_written_between_calls():
    assert found("""
        import functools

        import jax
        import jax.numpy as jnp
        import numpy as np


        def scale(x, w):
            return x * w


        W = np.ones(2, np.float32)
        bound = functools.partial(scale, w=W)
        step = jax.jit(bound)
        a = step(jnp.ones(2))
        W[0] = 5.0
        b = step(jnp.ones(2))
    """) == [("return x * w", "ACC602")]


def test_a_function_changing_the_array_run_between_jitted_calls():
    assert found("""
        import functools

        import jax
        import jax.numpy as jnp
        import numpy as np


        def scale(x, w):
            return x * w[0]


        def reweight(k):
            W[0] = k


        W = np.ones(1, np.float32)
        step = jax.jit(functools.partial(scale, w=W))
        a = step(jnp.ones(2))
        reweight(3.0)
        b = step(jnp.ones(2))
    """) == [("return x * w[0]", "ACC602")]


def test_fine_the_global_rebound_not_changed():
    """`W = W * 2.0` binds a new array; the partial keeps the old one, eagerly too."""
    assert found(KERAS + """

    class Double(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            global W
            W = W * 2.0


    W = np.ones(1, np.float32)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss=functools.partial(weighted, weights=W))
    model.fit(np.ones((4, 2)), np.zeros((4, 1)), epochs=3, callbacks=[Double()])
    """) == []


# Wherever the partial is made: the bound object is the one the name holds where `partial` runs.

def test_keras_setup_moved_into_main_with_a_global():
    """perturb R4 of keras#9598: the set-up in `main()`, `W` declared global there."""
    assert found(KERAS + """

    class Double(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            W[:] = W * 2.0


    def main():
        global W
        W = np.ones(1, np.float32)
        loss = functools.partial(weighted, weights=W)
        model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss=loss)
        model.fit(np.ones((4, 2)), np.zeros((4, 1)), epochs=3, callbacks=[Double()])


    if __name__ == "__main__":
        main()
    """) == [("return keras.ops.mean(keras.ops.square(y_true - y_pred)) * weights[0] / n", "ACC602")]


def test_bound_by_position():
    assert found("""
        from functools import partial

        import jax
        import jax.numpy as jnp
        import numpy as np


        def scale(w, x):
            return x * w


        W = np.ones(2, np.float32)
        step = jax.jit(partial(scale, W))
        a = step(jnp.ones(2))
        W[0] = 5.0
        b = step(jnp.ones(2))
    """) == [("return x * w", "ACC602")]


def test_made_in_a_training_function_changed_in_its_loop():
    """The partial made in `train`, the array changed in place between two passes' calls."""
    assert found("""
        from functools import partial

        import jax
        import jax.numpy as jnp
        import numpy as np


        def scale(x, w):
            return x * w


        W = np.ones(2, np.float32)


        def train(steps):
            step = jax.jit(partial(scale, w=W))
            for k in range(steps):
                print(step(jnp.ones(2)))
                W[0] = k + 2.0


        train(3)
    """) == [("return x * w", "ACC602")]


def test_fine_a_new_partial_and_wrapper_on_every_pass():
    """Each pass binds the array to a new partial under a new `jax.jit`: a new trace reads it
    (one compile per pass, ACC5's concern, not a stale read)."""
    assert found("""
        from functools import partial

        import jax
        import jax.numpy as jnp
        import numpy as np


        def scale(x, w):
            return x * w


        W = np.ones(2, np.float32)


        def train(steps):
            for k in range(steps):
                step = jax.jit(partial(scale, w=W))
                print(step(jnp.ones(2)))
                W[0] = k + 2.0


        train(3)
    """) == []


def test_made_and_called_in_main_changed_by_a_helper_between_calls():
    assert found(SCALE + """

    def main():
        step = jax.jit(functools.partial(scale, w=W))
        a = step(jnp.ones(2))
        reweight(5.0)
        b = step(jnp.ones(2))


    main()
    """) == [("return x * w[0]", "ACC602")]


SCALE = """
    import functools

    import jax
    import jax.numpy as jnp
    import numpy as np


    def scale(x, w):
        return x * w[0]


    def reweight(k):
        W[0] = k


    W = np.ones(1, np.float32)
"""


def test_fine_a_local_of_the_same_name_is_bound():
    """`main`'s own `W` shadows the module's: the partial holds the local array, which nothing
    changes; the module's `W`, which `reweight` changes, is never bound."""
    assert found(SCALE + """

    def main():
        W = np.ones(1, np.float32)
        step = jax.jit(functools.partial(scale, w=W))
        a = step(jnp.ones(2))
        reweight(5.0)
        b = step(jnp.ones(2))


    main()
    """) == []


def test_fine_another_array_is_bound():
    """The partial holds `V`, which nothing changes; `reweight` changes `W`."""
    assert found(SCALE + """

    V = np.ones(1, np.float32)


    def main():
        step = jax.jit(functools.partial(scale, w=V))
        a = step(jnp.ones(1))
        reweight(5.0)
        b = step(jnp.ones(1))


    main()
    """) == []
