"""The brief's precision round 6: false findings left on the real-code benchmark after round 5,
each a property of what the frameworks run (docs/analysis.md, acclint.analysis.eager_modules),
tested on valid shapes written fresh (no finding) beside other spellings of the hazard, which
must still be found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. a module run eagerly, binding by binding, and nnx.capture ------------------------------
# flax docs_nnx/guides/extracting_intermediates.ipynb: three cells define `Model` and bind
# `model` to an instance; the first hands it to a function that nnx.grad traces, the others run
# it through `nnx.capture(model, ...)(1.0)`, which calls the module at once, untraced.


def test_each_binding_of_a_class_and_of_an_instance_is_judged_alone():
    assert_labels_match("""
        import jax
        from flax import nnx

        class Model(nnx.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return 3 * x

        model = Model()

        def train_step(model, x):
            return nnx.grad(lambda m, x: m(x))(model, x)

        train_step(model, 1.0)

        class Model(nnx.Module):
            def __call__(self, x):
                print("captures:", self.__captures__)
                return 3 * x

        model = Model()
        _, perturbations = nnx.capture(model, nnx.Perturbation)(1.0)

        class Model(nnx.Module):
            def __call__(self, x):
                print("captures:", self.__captures__)
                return 3 * x

        model = Model()
        _, interms = nnx.capture(model, nnx.Intermediate, init=perturbations)(1.0)
    """)


def test_other_eager_runs_of_a_module():
    """A bare instance captured and run, a parameter of the same name as the instance (no use
    of it), and an instance called directly: each class is run eagerly alone."""
    assert_labels_match("""
        import jax
        from flax import nnx

        class Captured(nnx.Module):
            def __call__(self, x):
                print(x)
                return x

        class Probe(nnx.Module):
            def __call__(self, x):
                print(x)
                return x

        class Net(nnx.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        @nnx.jit
        def step(model, x):
            return model(x)

        _, captured = nnx.capture(Captured(), nnx.Intermediate)(1.0)
        model = Probe()
        y = model(1.0)
        model = Net()
        y = step(model, 1.0)
    """)


def test_a_module_captured_later_or_read_by_a_function_stays_traced():
    """The look-alikes: `nnx.capture(model, ...)` bound and handed on (no run seen), and a
    function that reads the module-level instance (when it runs is unknown)."""
    assert_labels_match("""
        import jax
        from flax import nnx

        class Bound(nnx.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        class ReadByFunction(nnx.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        model = Bound()
        capturing = nnx.capture(model, nnx.Intermediate)
        fast = nnx.jit(capturing)

        probe = ReadByFunction()
        y = probe(1.0)

        @nnx.jit
        def step(x):
            return probe(x)
    """)


# -- 2. a haiku transform run eagerly ----------------------------------------------------------
# dm-haiku docs/notebooks/basics.ipynb: `forward = hk.transform(lambda x: HkRandomNest()(x))`,
# then `forward.init(...)` and `forward.apply(...)` in loops, never jitted: the module's print
# runs on every call.


def test_a_haiku_transform_only_run_by_init_and_apply_traces_nothing():
    assert_labels_match("""
        import haiku as hk
        import jax

        class Nest(hk.Module):
            def __call__(self, x):
                key = hk.next_rng_key()
                print(f"draw: {jax.random.bernoulli(key, 0.5, shape=x.shape)}")
                return x

        class Named(hk.Module):
            def __call__(self, x):
                print("named", x)
                return x

        class Direct(hk.Module):
            def __call__(self, x):
                print("direct", x)
                return x

        def named_fn(x):
            return Named()(x)

        rng = jax.random.PRNGKey(0)
        x = jax.numpy.ones(3)
        forward = hk.transform(lambda x: Nest()(x))
        params = forward.init(rng, x=x)
        for _ in range(3):
            forward.apply(params, x=x, rng=rng)

        without_rng = hk.without_apply_rng(hk.transform(named_fn))
        params = without_rng.init(rng, x)
        out = without_rng.apply(params, x)

        params = hk.transform_with_state(lambda x: Direct()(x)).init(rng, x)
    """)


def test_a_haiku_transform_jitted_or_handed_on_stays_traced():
    """The look-alikes: the transform's `apply` jitted, the transformed function also handed to
    a transform whose result is jitted, the transform's result handed to a function."""
    assert_labels_match("""
        import haiku as hk
        import jax

        class Jitted(hk.Module):
            def __call__(self, x):
                print("in the step", x)  # expect: ACC401
                return x

        class Shared(hk.Module):
            def __call__(self, x):
                print("shared", x)  # expect: ACC401
                return x

        class Handed(hk.Module):
            def __call__(self, x):
                print("handed", x)  # expect: ACC401
                return x

        def shared_fn(x):
            return Shared()(x)

        rng = jax.random.PRNGKey(0)
        x = jax.numpy.ones(3)
        jitted = hk.transform(lambda x: Jitted()(x))
        params = jitted.init(rng, x)
        fast = jax.jit(jitted.apply)

        eager = hk.transform(shared_fn)
        params = eager.init(rng, x)
        fast_shared = jax.jit(hk.transform(shared_fn).apply)

        handed = hk.transform(lambda x: Handed()(x))
        train(handed, x)
    """)


# -- 3. a Keras layer called eagerly ----------------------------------------------------------
# tensorflow/docs data_augmentation.ipynb: `RandomInvert()(image)` on a concrete image, at the
# top level of the notebook: `call` runs eagerly, so its `if` on a tensor works.


def test_a_keras_layer_only_called_eagerly_is_no_trace():
    assert_labels_match("""
        import keras
        import tensorflow as tf

        def random_invert_img(x, p=0.5):
            if tf.random.uniform([]) < p:
                x = 255 - x
            return x

        class RandomInvert(keras.layers.Layer):
            def call(self, x):
                return random_invert_img(x)

        class Scale(keras.layers.Layer):
            def call(self, x):
                if tf.reduce_max(x) > 1:
                    x = x / 255
                return x

        image = tf.ones((1, 8, 8, 3))
        shown = RandomInvert()(image)[0]
        scale = Scale()
        scaled = scale(image)
    """)


def test_a_keras_layer_put_in_a_model_stays_traced():
    assert_labels_match("""
        import keras
        import tensorflow as tf

        class RandomInvert(keras.layers.Layer):
            def call(self, x):
                if tf.random.uniform([]) < 0.5:  # expect: ACC201
                    x = 255 - x
                return x

        image = tf.ones((1, 8, 8, 3))
        shown = RandomInvert()(image)
        model = keras.Sequential([RandomInvert(), keras.layers.Dense(2)])
        model.fit(image, image)
    """)


def test_a_keras_layer_called_on_a_symbolic_input_joins_a_functional_model():
    """The look-alikes: a layer called on a `keras.Input`, on a name bound to one, or on what
    another layer computed from one, is a functional model's layer (handson-ml3 cell 176,
    tensorflow/docs model_mapping cell 35); the same layer called on NumPy data runs eagerly."""
    assert_labels_match("""
        import keras
        import numpy as np
        import tensorflow as tf

        class Direct(keras.layers.Layer):
            def call(self, x):
                print("direct", x.shape)  # expect: ACC401
                return x

        class Bound(keras.layers.Layer):
            def call(self, x, training=None):
                print("training =", training)  # expect: ACC401
                return x

        class Derived(keras.layers.Layer):
            def call(self, x):
                print("derived", x.shape)  # expect: ACC401
                return x

        class OnData(keras.layers.Layer):
            def call(self, x):
                print("on data", x.shape)
                return x

        Direct()(keras.Input(shape=[2]))
        inputs = tf.keras.Input(shape=(5, 5, 5))
        outputs = Bound()(inputs)
        model = tf.keras.Model(inputs=inputs, outputs=outputs)
        hidden = keras.layers.Dense(3)(inputs)
        more = Derived()(hidden)
        OnData()(np.ones((2, 2)))
    """)


def test_a_submodule_class_bound_in_several_cells_is_the_binding_its_owner_was_defined_with():
    """flax's RNG guide defines `RNGSubModule` in two cells, each followed by an `RNGModule`
    that makes it in its method and is only initialised eagerly. Here the first owner is handed
    to a function (the look-alike: its submodule class stays traced) and the second only
    initialised eagerly (its own submodule class is no trace)."""
    assert_labels_match("""
        import jax
        import flax.linen as nn

        class Sub(nn.Module):
            def __call__(self):
                print(self.make_rng("rng_stream"))  # expect: ACC401

        class Outer(nn.Module):
            @nn.compact
            def __call__(self):
                Sub()()

        outer = Outer()
        variables = outer.init({"rng_stream": jax.random.key(0)})
        train(outer, variables)

        class Sub(nn.Module):
            def __call__(self):
                print(self.make_rng("rng_stream"))

        class Outer(nn.Module):
            @nn.compact
            def __call__(self):
                Sub()()
                Sub()()

        outer = Outer()
        variables = outer.init({"rng_stream": jax.random.key(0)})
    """)
