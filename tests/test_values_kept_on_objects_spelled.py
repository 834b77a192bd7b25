"""A traced value kept on an object that outlives the trace, spelt other ways than `self.y = y`:
an item set in a dict the object holds (`self.cache["x"] = x`), an append to a list it holds,
and `setattr(self, "name", x)`. Runs: benchmarks/framework_runs.py
values_kept_in_containers_and_by_setattr (TF 2.21 / Keras 3.15: a Keras `train_step` under
`fit` and a tf.function method keep SymbolicTensors, the list one per trace, 2 entries in 8
steps; using one raises TypeError) and, with jax 0.10.2 (a jitted method's `self.cache["x"] = x` keeps
a tracer: UnexpectedTracerError on use). Look-alikes: a Python value appended, a container no
host code reads under Keras, a name computed for setattr, a flax nnx module's own state."""

from labelled import assert_labels_match


def test_an_item_set_in_a_dict_a_jitted_methods_object_holds():
    assert_labels_match("""
        from functools import partial

        import jax


        class Runner:
            def __init__(self):
                self.cache = {}
                self.seen = []

            @partial(jax.jit, static_argnums=0)
            def step(self, x):
                self.cache["x"] = x  # expect: ACC406
                self.seen.append(x)  # expect: ACC406
                return x * 2
    """)


def test_containers_and_setattr_on_a_tf_function_methods_object():
    assert_labels_match("""
        import tensorflow as tf


        class Runner:
            def __init__(self):
                self.cache = {}
                self.seen = []

            @tf.function
            def step(self, x):
                self.cache["x"] = x  # expect: ACC406
                self.seen.append(x)  # expect: ACC406
                setattr(self, "last_x", x)  # expect: ACC409
                setattr(self, "label", "step")
                return x * 2


        def report(runner):
            print(runner.cache, runner.seen, runner.last_x, runner.label)
    """)


def test_containers_and_setattr_on_a_keras_model_in_its_train_step():
    assert_labels_match("""
        import keras


        class Net(keras.Model):
            def __init__(self):
                super().__init__()
                self.dense = keras.layers.Dense(1)
                self.cache = {}
                self.seen = []
                self.unread = []
                self.sizes = []

            def call(self, x):
                return self.dense(x)

            def train_step(self, data):
                x, y = data
                self.cache["x"] = x  # expect: ACC406
                self.seen.append(x)  # expect: ACC406
                setattr(self, "last_x", x)  # expect: ACC409
                self.unread.append(x)
                self.sizes.append(4)
                return {"loss": keras.ops.mean(self(x))}


        def report(model):
            print(model.cache, model.seen, model.last_x, model.sizes)
    """)


def test_a_flax_nnx_modules_own_state_is_left_alone():
    assert_labels_match("""
        from flax import nnx


        class Block(nnx.Module):
            def __init__(self, rngs):
                self.proj = nnx.Linear(2, 2, rngs=rngs)
                self.cache = {}

            def __call__(self, x):
                y = self.proj(x)
                self.cache["y"] = nnx.Intermediate(y)
                return y


        @nnx.jit
        def run(block, x):
            return block(x)
    """)
