"""The framework facts acclint's data rest on, shown by running TensorFlow, Keras and torch.

Each fact below is a tiny program run the way a user runs it; it prints what happened (an
error, a silently wrong value, a graph break, or the same result as eager). docs/contexts.md's
tables cite these runs by name, and the framework data (acclint/frameworks/*.toml) follow them.
Rerun one or all (needs tensorflow-cpu and torch's CPU build: docs/crosscheck.md):

    python benchmarks/framework_runs.py                  # every fact
    python benchmarks/framework_runs.py keras_if_in_call # one

A fact whose framework is not installed says so and is skipped. These are runs, not unit tests:
tests/test_tf_torch_frameworks.py checks what the linter says of the same programs.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
import warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
FACTS = {}


def fact(*needs: str):
    """Register a run; `needs` are the packages it imports."""

    def register(run):
        FACTS[run.__name__] = (needs, run)
        return run

    return register


def _error(call) -> str:
    try:
        call()
    except Exception as error:  # what the framework raises is the finding
        return f"error: {type(error).__name__}"
    return "fine: no error"


# --- TensorFlow and Keras ---------------------------------------------------------------------


@fact("tensorflow")
def keras_builtin_layer_subclass() -> str:
    """Which classes `keras.layers` exports are `Layer` subclasses, and what `fit` does with the
    `call` of a subclass of a built-in one: a global counter in a `Dense` subclass's `call` over 8
    batches (tensorflow#27519), an `if` on a tensor in a `Conv1D` subclass's, `float(t)` in a
    subclass of a subclass of `LayerNormalization`, a print in a `BatchNormalization` subclass's."""
    import inspect

    import keras
    import numpy as np
    import tensorflow as tf

    classes = [n for n in dir(keras.layers) if inspect.isclass(getattr(keras.layers, n))]
    not_layers = [n for n in classes if not issubclass(getattr(keras.layers, n), keras.layers.Layer)]
    seen = {"counter": 0, "prints": 0}

    class MyDense(keras.layers.Dense):
        def call(self, inputs):
            seen["counter"] += 1
            return super().call(inputs)

    class Gated(keras.layers.Conv1D):
        def call(self, x):
            if tf.reduce_sum(x) > 0:
                x = x * 2
            return super().call(x)

    class Base(tf.keras.layers.LayerNormalization):
        pass

    class Scaled(Base):
        def call(self, inputs):
            return super().call(inputs) * float(tf.reduce_sum(inputs))

    class Noisy(keras.layers.BatchNormalization):
        def call(self, x, training=None):
            seen["prints"] += 1  # where a print would print
            return super().call(x, training=training)

    def fit(shape, layer, out) -> str:
        def run():
            model = keras.Sequential([keras.Input(shape), layer])
            model.compile(optimizer="sgd", loss="mse")
            model.fit(np.ones((8, *shape)), np.ones((8, *out)), batch_size=2, epochs=2, verbose=0)

        return _error(run)

    fit((2,), MyDense(1), (1,))
    dense = seen["counter"]
    gated = fit((4, 2), Gated(1, 2), (3, 1))
    scaled = fit((2,), Scaled(), (2,))
    fit((2,), Noisy(), (2,))
    return (
        f"{len(classes) - len(not_layers)} of {len(classes)} classes are Layers (not: {', '.join(not_layers)}); "
        f"4 batches x 2 epochs: Dense subclass call counted {dense} (eager 8), BatchNormalization subclass "
        f"{seen['prints']}; Conv1D subclass if: {gated}; LayerNormalization subclass's subclass float: {scaled}"
    )


def _fit(layer_class) -> str:
    import numpy as np
    import tensorflow as tf

    def run():  # building the model already calls `call` on symbolic tensors, as fit does
        model = tf.keras.Sequential([tf.keras.Input((3,)), layer_class()])
        model.compile(loss="mse", optimizer="sgd")
        model.fit(np.ones((4, 3)), np.ones((4, 3)), epochs=1, verbose=0)

    return _error(run)


@fact("tensorflow")
def keras_attribute_updates_under_fit() -> str:
    """A Python attribute a Keras model's `train_step` or a layer's `call` updates from itself
    (`self.n += 1`, `self.n = self.n + 1`), counted over `fit` of 3 epochs x 4 batches; and the
    look-alike, a layer's `call` setting an attribute (`self.last_batch = 4`): set, not counted."""
    import numpy as np
    import tensorflow as tf

    class Count(tf.keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.n = 0
            self.last_batch = None

        def call(self, x):
            self.n += 1
            self.last_batch = 4
            return x

    class Model(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(1)
            self.count = Count()
            self.steps = 0

        def call(self, x):
            return self.dense(self.count(x))

        def train_step(self, data):
            x, y = data
            self.steps = self.steps + 1
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean((self(x) - y) ** 2)
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            return {"loss": loss}

    model = Model()
    model.compile(optimizer="sgd")
    model.fit(np.ones((8, 2), "float32"), np.zeros((8, 1), "float32"), batch_size=2, epochs=3, verbose=0)
    return f"12 batches: train_step's self.steps = {model.steps}, call's self.n = {model.count.n}, call's self.last_batch = {model.count.last_batch}"


@fact("tensorflow")
def keras_callback_writes_layer_attribute() -> str:
    """A layer's `call` reads a Python float `self.scale`; a callback's `on_epoch_end` raises it
    during `fit` through the layer it was handed (`self.layer.scale = ...`, gradient_reversal_keras_tf#7,
    keras#4837) or through `self.model.layers[0].scale`; the look-alike keeps a `keras.Variable`
    and calls `assign`. Losses over 3 epochs with SGD(0): traced against `run_eagerly=True`."""
    import numpy as np
    from tensorflow import keras

    class Scale(keras.layers.Layer):
        def __init__(self, variable=False):
            super().__init__()
            self.scale = keras.Variable(1.0, trainable=False) if variable else 1.0

        def call(self, x):
            return x * self.scale

    class Held(keras.callbacks.Callback):
        def __init__(self, layer):
            super().__init__()
            self.layer = layer

        def on_epoch_end(self, epoch, logs=None):
            self.layer.scale = self.layer.scale + 1.0

    class Through(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            self.model.layers[0].scale = self.model.layers[0].scale + 1.0

    class Assigned(Held):
        def on_epoch_end(self, epoch, logs=None):
            self.layer.scale.assign(self.layer.scale + 1.0)

    def losses(callback, variable: bool, eager: bool) -> list[float]:
        layer = Scale(variable)
        model = keras.Sequential([keras.Input((2,)), layer, keras.layers.Dense(1, kernel_initializer="ones")])
        model.compile(optimizer=keras.optimizers.SGD(0.0), loss="mse", run_eagerly=eager)
        made = callback(layer) if callback is not Through else Through()
        history = model.fit(np.ones((4, 2), "float32"), np.zeros((4, 1), "float32"), epochs=3, batch_size=4, verbose=0, callbacks=[made])
        return [round(v, 2) for v in history.history["loss"]]

    return "; ".join(
        f"{name}: fit {losses(cb, var, False)}, eager {losses(cb, var, True)}"
        for name, cb, var in [("self.layer.scale", Held, False), ("self.model.layers[0].scale", Through, False), ("fine: keras.Variable assign", Assigned, True)]
    )


@fact("tensorflow")
def keras_partial_bound_array_changed() -> str:
    """A loss bound by `functools.partial` to a module-level NumPy array (keras#9598), changed in
    place by a callback's `on_epoch_end` (`w[:] = w * 2.0`), rebound instead (`w = w * 2.0`: the
    partial keeps the old object, eagerly too), and a `keras.Variable` bound and `assign`ed.
    Losses over 3 epochs with SGD(0), traced against `run_eagerly=True`."""
    import functools

    import numpy as np
    from tensorflow import keras

    def loss(y_true, y_pred, weights):
        return keras.ops.mean(keras.ops.square(y_true - y_pred)) * weights[0]

    def losses(kind: str, eager: bool) -> list[float]:
        w = keras.Variable([1.0], trainable=False) if kind == "variable" else np.ones(1, np.float32)
        box = {"w": w}

        class Change(keras.callbacks.Callback):
            def on_epoch_end(self, epoch, logs=None):
                if kind == "in place":
                    box["w"][:] = box["w"] * 2.0
                elif kind == "rebound":
                    box["w"] = box["w"] * 2.0
                else:
                    box["w"].assign(box["w"] * 2.0)

        model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
        model.compile(optimizer=keras.optimizers.SGD(0.0), loss=functools.partial(loss, weights=w), run_eagerly=eager)
        history = model.fit(np.ones((4, 2), "float32"), np.zeros((4, 1), "float32"), epochs=3, batch_size=4, verbose=0, callbacks=[Change()])
        return [round(v, 2) for v in history.history["loss"]]

    return "; ".join(f"{kind}: fit {losses(kind, False)}, eager {losses(kind, True)}" for kind in ("in place", "rebound", "variable"))


@fact("tensorflow")
def keras_once_block_returning_early() -> str:
    """A once-block that returns early (`if not self._built: self._built = True; return
    first(x)`, larq#100) in a metric's `update_state` called by a model's `train_step` under
    `fit`, and in a `tf.function` method: which path do the kept traces take, against the eager
    run? The look-alike: a once-block that only initialises (no return), whose later calls
    compute what the first does. Counts are (first path, later path) over 4 steps."""
    import numpy as np
    import tensorflow as tf
    from tensorflow import keras

    class Early(keras.metrics.Mean):
        def __init__(self):
            super().__init__()
            self._flag = False
            self.paths = self.add_variable(shape=(2,), initializer="zeros", name="paths")

        def update_state(self, values, sample_weight=None):
            if not self._flag:
                self._flag = True
                self.paths.assign_add([1.0, 0.0])
                return
            self.paths.assign_add([0.0, 1.0])

    class Lazy(Early):
        def update_state(self, values, sample_weight=None):
            if not self._flag:
                self._flag = True
                self.scale = 1.0
            self.paths.assign_add([0.0, self.scale])

    def fitted(make, eager: bool) -> list[float]:
        class Model(keras.Model):
            def __init__(self):
                super().__init__()
                self.dense = keras.layers.Dense(1)
                self.tracker = make()

            def call(self, x):
                return self.dense(x)

            def train_step(self, data):
                x, y = data
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(tf.square(self(x) - y))
                grads = tape.gradient(loss, self.trainable_variables)
                self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                self.tracker.update_state(loss)
                return {"loss": loss}

        keras.utils.set_random_seed(0)
        model = Model()
        model.compile(optimizer="sgd", run_eagerly=eager)
        model.fit(np.ones((8, 2), "float32"), np.zeros((8, 1), "float32"), batch_size=2, epochs=1, verbose=0)
        return [float(v) for v in model.tracker.paths.numpy()]

    class Holder:
        def __init__(self):
            self._built = False

        @tf.function
        def step(self, x):
            if not self._built:
                self._built = True
                return x * 0.0
            return x + 1.0

    h = Holder()
    calls = [float(h.step(tf.constant(1.0))) for _ in range(3)]
    return (
        f"metric returning early: fit {fitted(Early, False)}, eager {fitted(Early, True)}; "
        f"fine: lazy init: fit {fitted(Lazy, False)}, eager {fitted(Lazy, True)}; "
        f"tf.function method returning early, 3 calls (eager: 0, 2, 2): {calls}"
    )


@fact("tensorflow")
def tf_attribute_update_in_function() -> str:
    """A method a tf.function calls updating an attribute from its own value (`self.value +=
    1`, tensorflow#31363), and the look-alikes: a plain set and a variable made on the first
    call. Each object is called once eagerly, then once through the tf.function."""
    import tensorflow as tf

    class Counter:
        def __init__(self):
            self.value = tf.constant(100)
            self.last = None
            self.w = None

        def increment(self, x):
            self.value += 1

        def remember(self, x):
            self.last = 4

        def build(self, x):
            if self.w is None:
                self.w = tf.Variable(x)
            return self.w.assign_add(x)

    def run(method: str) -> str:
        obj = Counter()
        getattr(obj, method)(tf.constant(1))
        tf.function(lambda o, x: getattr(o, method)(x))(obj, tf.constant(1))
        value = {"increment": obj.value, "remember": obj.last, "build": obj.w}[method]
        return "symbolic tensor kept" if tf.is_tensor(value) and not hasattr(value, "numpy") else f"{value!r}"[:40]

    return "; ".join(f"{m}: {run(m)}" for m in ("increment", "remember", "build"))


@fact("tensorflow")
def traced_values_kept_on_objects() -> str:
    """A traced value written to an object that outlives the trace (cms-tau-pog/TauMLTools#109):
    a Keras model's `train_step` keeping `self.y = y`, `setattr(self, "y_pred", y_pred)`,
    `self.cache["p"] = y_pred`, a layer's `call` keeping `self.memory = x`, under `fit`, and a
    method run by `tf.function` keeping `self.last = y`: what host code reads there after the
    run (a callback, code after `fit`). Look-alikes: the same under `run_eagerly=True`, a
    `tf.Variable` attribute given `assign(...)`, a metric's `update_state`."""
    import numpy as np
    import tensorflow as tf
    from tensorflow import keras

    class Memory(keras.layers.Layer):
        def call(self, x):
            self.memory = x
            return x

    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)
            self.keep = Memory()
            self.cache = {}
            self.tracker = keras.metrics.Mean()
            self.seen = tf.Variable(0.0)

        def call(self, x):
            return self.dense(self.keep(x))

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x)
                loss = tf.reduce_mean((y_pred - y) ** 2)
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            self.y = y
            setattr(self, "y_pred", y_pred)
            self.cache["p"] = y_pred
            self.tracker.update_state(loss)
            self.seen.assign(loss)
            return {"loss": loss}

    def usable(value) -> str:
        try:
            np.asarray(value + 0)
            return "usable"
        except Exception as error:  # a graph tensor of a finished trace
            return f"error {type(error).__name__}"

    said = []
    for eager in (False, True):
        model = Model()
        model.compile(optimizer="sgd", run_eagerly=eager)
        model.fit(np.ones((8, 2), "float32"), np.zeros((8, 1), "float32"), batch_size=4, epochs=1, verbose=0)
        kept = {"self.y": model.y, "setattr y_pred": model.y_pred, "self.cache['p']": model.cache["p"],
                "call's self.memory": model.keep.memory, "variable.assign": model.seen, "metric": model.tracker.result()}
        said.append(("run_eagerly: " if eager else "fit: ") + ", ".join(f"{k} {usable(v)}" for k, v in kept.items()))

    class Stepper:
        @tf.function
        def step(self, x):
            y = x * 2
            self.last = y
            return y

    stepper = Stepper()
    stepper.step(tf.ones(2))
    said.append(f"tf.function method: self.last {usable(stepper.last)}")
    return "; ".join(said)


@fact("tensorflow")
def tf_keras_is_keras3() -> str:
    """`tf.keras` on TF >= 2.16 is the `keras` package (Keras 3), not Keras 2."""
    import keras
    import tensorflow as tf

    return f"tf {tf.__version__}: tf.keras.layers.Layer is keras.layers.Layer: {tf.keras.layers.Layer is keras.layers.Layer}"


@fact("tensorflow")
def keras_if_in_call() -> str:
    """An `if` on a tensor in a `tf.keras` layer's `call` under `fit` (no AutoGraph)."""
    import tensorflow as tf

    class Branch(tf.keras.layers.Layer):
        def call(self, x):
            if tf.reduce_sum(x) > 0:
                return x * 2
            return x

    return _fit(Branch)


@fact("tensorflow")
def keras_state_made_in_call() -> str:
    """A Keras layer's `call` constructing a stateful Keras object, under `fit` (Keras 3, TF
    backend; keras-cv#1951): a layer with weights or a seed generator, a `SeedGenerator`, a
    `tf.Variable`; against stateless layers made there (`Activation`, `Reshape`, `Flatten`)."""
    import keras
    import numpy as np
    import tensorflow as tf

    layers = keras.layers
    made = {
        "Dropout": lambda x: layers.Dropout(0.2)(x, training=True),
        "Dense": lambda x: layers.Dense(3)(x),
        "GaussianNoise": lambda x: layers.GaussianNoise(0.1)(x, training=True),
        "GaussianDropout": lambda x: layers.GaussianDropout(0.1)(x, training=True),
        "BatchNormalization": lambda x: layers.BatchNormalization()(x),
        "LayerNormalization": lambda x: layers.LayerNormalization()(x),
        "Embedding": lambda x: x + layers.Embedding(4, 3)(keras.ops.zeros((1,), "int32")),
        "Conv1D": lambda x: layers.Conv1D(3, 1)(x[:, None, :])[:, 0, :],
        "SeedGenerator": lambda x: x + keras.random.normal((3,), seed=keras.random.SeedGenerator(1)),
        "tf.Variable": lambda x: x + tf.Variable(np.zeros(3, "float32")),
        "Activation": lambda x: layers.Activation("relu")(x),
        "Reshape": lambda x: layers.Reshape((3,))(x),
        "Flatten": lambda x: layers.Flatten()(x),
    }

    def outcome(make) -> str:
        class Block(layers.Layer):
            def call(self, inputs):
                return make(inputs)

        inputs = keras.Input((3,))
        model = keras.Model(inputs, Block()(inputs))
        model.compile(optimizer="sgd", loss="mse")
        try:
            model.fit(np.ones((8, 3)), np.ones((8, 3)), epochs=1, batch_size=4, verbose=0)
        except ValueError as error:
            return "singleton error" if "singleton tf.Variables" in str(error) else f"error: {type(error).__name__}"
        return "fine"

    return ", ".join(f"{what}: {outcome(make)}" for what, make in made.items())


@fact("tensorflow")
def keras_batch_size_read_statically() -> str:
    """A Keras layer's `call` reading its input's batch size statically (`x.shape[0]`) and giving
    it to a tensor maker or a reshape as a dimension, under `fit` (Keras 3, TF backend;
    river-dl#109): `fit` traces the step at the first batch's size, then retraces with the batch
    dimension relaxed to None for a smaller last batch, where the maker raises; on data that a
    batch size divides, no such retrace. Against the traced size (`tf.shape(x)[0]`,
    `keras.ops.shape(x)[0]`), a fallback where the read is None, and a fixed axis (`x.shape[1]`)."""
    import keras
    import tensorflow as tf

    def through_a_name(x):
        batch_size = x.shape[0]
        return x + tf.zeros((batch_size, 3))

    def fallback(x):
        batch_size = x.shape[0]
        if batch_size is None:
            batch_size = tf.shape(x)[0]
        return x + tf.zeros((batch_size, 3))

    made = {
        "tf.zeros of a name bound to x.shape[0]": through_a_name,
        "keras.ops.zeros of x.shape[0]": lambda x: x + keras.ops.zeros((x.shape[0], 3)),
        "tf.reshape to (x.shape[0], -1)": lambda x: tf.reshape(x, (x.shape[0], -1)),
        "tf.random.normal of shape (x.shape[0], 3)": lambda x: x + tf.random.normal((x.shape[0], 3)),
        "fine: tf.zeros of tf.shape(x)[0]": lambda x: x + tf.zeros((tf.shape(x)[0], 3)),
        "fine: keras.ops.zeros of keras.ops.shape(x)[0]": lambda x: x + keras.ops.zeros((keras.ops.shape(x)[0], 3)),
        "fine: a fallback where the read is None": fallback,
        "fine: tf.zeros of x.shape[1]": lambda x: x + tf.zeros((1, x.shape[1])),
    }

    said = [f"{what}: 10 samples {_fit_block(make, 10)}, 8 samples {_fit_block(make, 8)}" for what, make in made.items()]
    return "; ".join(said + [_batch_read_under_backend(backend) for backend in ("jax", "torch")])


def _fit_block(make, samples: int, predict: bool = False) -> str:
    """Fit (and `predict`, if asked) a subclassed Keras model whose inner layer's `call` is
    `make(inputs)`, on `samples` rows in batches of 4: what the framework raises, or fine."""
    import keras
    import numpy as np

    class Block(keras.layers.Layer):
        def call(self, inputs):
            return make(inputs)

    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.block = Block()
            self.out = keras.layers.Dense(1)

        def call(self, x):
            return self.out(self.block(x))

    model = Net()
    model.compile(optimizer="sgd", loss="mse")
    x, y = np.ones((samples, 3), "float32"), np.ones((samples, 1), "float32")
    return _error(lambda: (model.fit(x, y, epochs=1, batch_size=4, verbose=0), predict and model.predict(x, batch_size=4, verbose=0)))


_BATCH_READ_SCRIPT = """
import keras
from framework_runs import _fit_block

print(_fit_block(lambda x: x + keras.ops.zeros((x.shape[0], 3)), 10, predict=True))
"""


def _batch_read_under_backend(backend: str) -> str:
    """keras_batch_size_read_statically's first spelling with `KERAS_BACKEND=backend`, in a
    process of its own (Keras fixes its backend at import)."""
    import subprocess

    env = {**os.environ, "KERAS_BACKEND": backend, "TF_CPP_MIN_LOG_LEVEL": "3"}
    here = os.path.dirname(os.path.abspath(__file__))
    run = subprocess.run([sys.executable, "-c", _BATCH_READ_SCRIPT], env=env, capture_output=True, text=True, timeout=300, cwd=here)
    lines = run.stdout.strip().splitlines()
    return f"KERAS_BACKEND={backend}, fit and predict on 10 samples: {lines[-1] if lines else run.stderr.strip()[-200:]}"


@fact("tensorflow")
def keras_for_over_tensor_in_call() -> str:
    """A `for` over a tensor in a `tf.keras` layer's `call` under `fit`."""
    import tensorflow as tf

    class Loop(tf.keras.layers.Layer):
        def call(self, x):
            total = x
            for _ in tf.range(3):
                total = total + x
            return total

    return _fit(Loop)


@fact("tensorflow")
def keras_float_in_call() -> str:
    """`float(t)` in a `tf.keras` layer's `call` under `fit` (AutoGraph would make it a cast)."""
    import tensorflow as tf

    class Cast(tf.keras.layers.Layer):
        def call(self, x):
            return x * float(tf.reduce_sum(x))

    return _fit(Cast)


@fact("tensorflow")
def tf_local_append_in_converted_loop() -> str:
    """Appending a tensor to a local list in a `for` AutoGraph converts (`tf.range`)."""
    import tensorflow as tf

    @tf.function
    def collect(n):
        out = []
        for i in tf.range(n):
            out.append(i * 2)
        return tf.stack(out)

    return _error(lambda: collect(tf.constant(3)))


@fact("tensorflow")
def tf_local_append_in_python_loop() -> str:
    """The look-alike: appending in a `for` over a Python `range` (unrolled while tracing)."""
    import tensorflow as tf

    @tf.function
    def collect(x):
        out = []
        for i in range(3):
            out.append(x * i)
        return tf.stack(out)

    return _error(lambda: collect(tf.constant(3)))


@fact("tensorflow")
def tf_local_append_in_converted_while() -> str:
    """Appending a tensor to a local list in a `while` on a tensor (converted)."""
    import tensorflow as tf

    @tf.function
    def collect(n):
        out = []
        i = tf.constant(0)
        while i < n:
            out.append(i)
            i += 1
        return tf.stack(out)

    return _error(lambda: collect(tf.constant(3)))


@fact("tensorflow")
def tf_comprehension_over_tensor() -> str:
    """A list comprehension over `tf.range(n)` in a tf.function (AutoGraph leaves it alone)."""
    import tensorflow as tf

    @tf.function
    def doubled(n):
        return tf.stack([b * 2 for b in tf.range(n)])

    return _error(lambda: doubled(tf.constant(3)))


@fact("tensorflow")
def tf_for_over_tensor() -> str:
    """The look-alike: the same iteration as a `for` statement (converted to a while_loop)."""
    import tensorflow as tf

    @tf.function
    def summed(n):
        total = tf.constant(0)
        for b in tf.range(n):
            total += b * 2
        return total

    return _error(lambda: summed(tf.constant(3)))


@fact("tensorflow")
def tf_flag_is_false_after_converted_if() -> str:
    """A Python bool set in a converted `if` is a tensor after it: `flag is False` is False."""
    import tensorflow as tf

    def pick(x):
        flag = False
        if x > 0:
            flag = True
        if flag is False:
            return x - 1
        return x + 1

    eager = float(pick(tf.constant(-1.0)))
    traced = float(tf.function(pick)(tf.constant(-1.0)))
    verdict = "fine" if eager == traced else "wrong"
    return f"{verdict}: eager {eager}, tf.function {traced}"


def _variable_steps(step) -> str:
    """`step(v, x)` eagerly and under tf.function, on a fresh tf.Variable each."""
    import tensorflow as tf

    eager = float(step(tf.Variable(0.0), tf.constant(2.0)))
    try:
        traced = float(tf.function(step)(tf.Variable(0.0), tf.constant(2.0)))
    except AttributeError as error:
        return f"error: {str(error).splitlines()[-1].strip()[:80]}; eager {eager}"
    return f"{'fine' if eager == traced else 'wrong'}: eager {eager}, tf.function {traced}"


@fact("tensorflow")
def tf_variable_method_after_converted_if() -> str:
    """`v = v.assign_add(x)` in a converted `if`: on the loop's next pass `v` is a tensor."""

    def step(v, x):
        for _ in range(3):
            if x > 0:
                v = v.assign_add(x)
        return v.read_value()

    return _variable_steps(step)


@fact("tensorflow")
def tf_variable_method_without_rebinding() -> str:
    """The look-alike: `v.assign_add(x)` without rebinding `v` keeps the variable."""

    def step(v, x):
        for _ in range(3):
            if x > 0:
                v.assign_add(x)
        return v.read_value()

    return _variable_steps(step)


@fact("tensorflow")
def tf_flag_not_after_converted_if() -> str:
    """The look-alike: `if not flag:` on the same flag is converted too, and right."""
    import tensorflow as tf

    def pick(x):
        flag = False
        if x > 0:
            flag = True
        if not flag:
            return x - 1
        return x + 1

    eager = float(pick(tf.constant(-1.0)))
    traced = float(tf.function(pick)(tf.constant(-1.0)))
    verdict = "fine" if eager == traced else "wrong"
    return f"{verdict}: eager {eager}, tf.function {traced}"


@fact("tensorflow")
def keras_tf_function_call() -> str:
    """A `tf.keras` layer whose `call` is a `@tf.function`: its `for` over `tf.range` (and the one
    in a method it calls) under `fit`. Keras calls the tf.function, which AutoGraph converts."""
    import tensorflow as tf

    class Converted(tf.keras.layers.Layer):
        @tf.function
        def call(self, x):
            for _ in tf.range(3):
                x = x + 1
            if tf.reduce_sum(x) > 0:
                x = x * 2
            return self.helper(x)

        def helper(self, x):
            for _ in tf.range(2):
                x = x - 1
            return x

    return _fit(Converted)


@fact("tensorflow")
def tf_py_function_map() -> str:
    """A `dataset.map` body wrapped by a decorator that hands it to `tf.py_function`: how often
    its Python body (a clock read) runs over 4 elements, twice through the dataset."""
    import tensorflow as tf

    runs = []

    def map_decorator(func):
        def wrapper(x):
            return tf.py_function(func, inp=(x,), Tout=tf.int64)
        return wrapper

    @map_decorator
    def body(x):
        runs.append(1)
        return x + 1

    ds = tf.data.Dataset.range(4).map(body)
    for _ in range(2):
        list(ds)
    return f"the Python body ran {len(runs)} times for 8 elements (a traced body runs once per trace)"


@fact("tensorflow")
def tf_comprehension_over_list_before_rebinding() -> str:
    """A comprehension over a Python list of tensors (a tf.function's argument) before the name
    is rebound to a tensor, and over a Python tuple before `convert_to_tensor`."""
    import tensorflow as tf

    @tf.function
    def decode(preds, sigma):
        shapes = [p.shape[0] for p in preds]
        preds = tf.concat(preds, axis=0)
        if any(s < 0 for s in sigma):
            raise ValueError("sigma must be >= 0")
        sigma = tf.convert_to_tensor(sigma)
        return preds * sigma[0] + sum(shapes)

    return _error(lambda: decode([tf.ones(2), tf.ones(3)], (1.0, 2.0)))


@fact("tensorflow")
def tf_op_of_unknown_value_is_symbolic() -> str:
    """A TensorFlow op in a tf.function on what an unmodelled call gave (a Keras model's output)
    and on a Python number: `.numpy()` of either, as a print's argument (tensorflow#31439)."""
    import tensorflow as tf

    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])

    @tf.function
    def of_model(x):
        print(tf.math.argmax(model(x), axis=-1).numpy())
        return x

    @tf.function
    def of_number(x):
        return x * tf.reduce_sum(3.0).numpy()

    return f"of a model's output: {_error(lambda: of_model(tf.ones((2, 4))))}; of a number: {_error(lambda: of_number(tf.ones(2)))}"


@fact("tensorflow")
def keras_is_tensor_guard_in_call() -> str:
    """`if not tf.is_tensor(n) and n == 1:` in a `tf.keras` layer's `call` under `fit`, where `n`
    is the static batch size or, when unknown, `tf.shape(x)[0]` (tensorflow/agents'
    DynamicUnroll): the guard keeps the symbolic tensor out of the `==`."""
    import tensorflow as tf

    class Unroll(tf.keras.layers.Layer):
        def call(self, x):
            n = x.shape[0] or tf.shape(x)[0]
            if not tf.is_tensor(n) and n == 1:
                return x
            return x * 2

    return _fit(Unroll)


@fact("tensorflow")
def keras_str_call_argument() -> str:
    """A `tf.keras` layer whose `call` compares a str argument (`if k != name:`), called in a
    functional model with the literal "a" (tensorflow/gnn's `_MaskEdges`), then `predict`: Keras
    hands `call` the str as it is, so the `if` compares two strings; a str never reaches `call`
    as a tensor."""
    import numpy as np
    import tensorflow as tf

    class Mask(tf.keras.layers.Layer):
        def call(self, graph, name):
            return tf.add_n([v for k, v in graph.items() if k != name])

    def predicted(positional: bool) -> str:
        def run():
            inputs = {"a": tf.keras.Input((2,)), "b": tf.keras.Input((2,))}
            outputs = Mask()(inputs, "a") if positional else Mask()(inputs, name="a")
            tf.keras.Model(inputs, outputs).predict({"a": np.ones((3, 2)), "b": np.ones((3, 2))}, verbose=0)
        return _error(run)

    return f"by keyword: {predicted(False)}; positional: {predicted(True)} (Keras 3 takes only tensors positionally)"


@fact("tensorflow")
def tf_data_map_traces_at_map() -> str:
    """When tf.data traces a map's function: a dict filled by a loop that maps the same dataset
    name with another function, then `ds.map(f)` reading the dict after the loop (keras-rs'
    `examples/dcn.py`), then the dict changed and the dataset iterated."""
    import numpy as np
    import tensorflow as tf

    traced = []
    vocab = {}
    ds = tf.data.Dataset.from_tensor_slices({"a": np.ones(4), "b": np.ones(4)})
    for name in ["a", "b"]:
        vocab[name] = float(sum(1 for _ in ds.batch(10).map(lambda x: x[name])))

    def scale(x):
        traced.append(sorted(vocab))
        return {k: x[k] * vocab[k] for k in vocab}

    mapped = ds.map(scale)
    at_map = len(traced)
    first = next(iter(mapped))["a"].numpy()
    vocab["a"] = 100.0
    later = next(iter(mapped))["a"].numpy()
    return (
        f"traced at map(): {at_map} (keys {traced[0]}), traces after iterating: {len(traced)}; "
        f"first element scaled by the loop's count: {first}; after the dict changed: {later} (stale)"
    )


@fact("tensorflow", "jax")
def tracers_have_no_numpy() -> str:
    """Whether the value a trace hands a function has a `numpy` attribute: a jax tracer under
    `jax.jit`, a graph tensor under `tf.function`, a KerasTensor and the graph tensor `fit`
    traces `call` with; an eager tensor and a NumPy array have one. So `x.numpy()` behind
    `hasattr(x, "numpy")` (keras-rs' `to_dense`) runs only eagerly (torch: torch_tensor_has_numpy)."""
    import jax
    import numpy as np
    import tensorflow as tf

    seen = {}

    def note(name):
        def run(x):
            seen[name] = hasattr(x, "numpy")
            return x
        return run

    jax.jit(note("jax.jit"))(np.ones(2))
    tf.function(note("tf.function"))(tf.ones(2))
    note("eager tf")(tf.ones(2))

    class Probe(tf.keras.layers.Layer):
        def call(self, x):
            seen.setdefault("keras symbolic", hasattr(x, "numpy"))
            seen["keras fit"] = hasattr(x, "numpy")
            return x

    model = tf.keras.Sequential([tf.keras.Input((3,)), Probe()])
    model.compile(loss="mse", optimizer="sgd")
    model.fit(np.ones((4, 3)), np.ones((4, 3)), epochs=1, verbose=0)
    return ", ".join(f"{k}: hasattr numpy {v}" for k, v in seen.items())


@fact("tensorflow", "jax")
def tracers_have_shape_dtype_ndim() -> str:
    """Whether the value a trace hands a function has `shape`, `dtype` and `ndim`: a jax tracer
    under `jax.jit` and a graph tensor under `tf.function` have all three, so what fails
    `hasattr(x, "shape")` is no tracer (optax's `a.shape if hasattr(a, "shape") else
    np.asarray(a).shape` jits; `[tracers] have`)."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    import tensorflow as tf

    seen = {}

    def note(name):
        def run(x):
            seen[name] = all(hasattr(x, a) for a in ("shape", "dtype", "ndim"))
            return x
        return run

    jax.jit(note("jax.jit"))(np.ones(2))
    tf.function(note("tf.function"))(tf.ones(2))

    def shape_of(a):
        return a.shape if hasattr(a, "shape") else np.asarray(a).shape

    guarded = jax.jit(lambda x: jnp.zeros(shape_of(x)))(jnp.ones(3)).shape
    return ", ".join(f"{k}: shape, dtype and ndim {v}" for k, v in seen.items()) + f"; the guarded helper jits: {guarded}"


@fact("tensorflow")
def tf_distributed_dataset_iterator_in_function() -> str:
    """`next()` in a tf.function on the iterator of a tf.distribute strategy's dataset (acme's
    learners: `iter(strategy.experimental_distribute_dataset(ds))`, and
    `distribute_datasets_from_function`) advances on every call, as a tf.data iterator does
    (`[iterators] methods`)."""
    import tensorflow as tf

    strategy = tf.distribute.get_strategy()
    dist = iter(strategy.experimental_distribute_dataset(tf.data.Dataset.range(10).batch(1)))
    from_fn = iter(strategy.distribute_datasets_from_function(lambda ctx: tf.data.Dataset.range(10)))

    @tf.function
    def step():
        return next(dist), next(from_fn)

    got = [step() for _ in range(3)]
    return f"experimental_distribute_dataset: {[int(a[0]) for a, _ in got]}; distribute_datasets_from_function: {[int(b) for _, b in got]}"


@fact("tensorflow")
def tf_strategy_run_in_function() -> str:
    """A callable handed to a tf.distribute strategy's `run` inside a tf.function runs in that
    trace: its Python code runs while tracing only (`[runs_functions] methods`), so a print in it
    shows once in three calls; called eagerly, `run` runs it eagerly, once per call."""
    import tensorflow as tf

    strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
    seen = {"traced": 0, "eager": 0}

    def traced_step(x):
        seen["traced"] += 1
        return x + 1

    def eager_step(x):
        seen["eager"] += 1
        return x + 1

    @tf.function
    def step(x):
        return strategy.run(traced_step, args=(x,))

    for i in range(3):
        step(tf.constant(float(i)))
        strategy.run(eager_step, args=(tf.constant(float(i)),))
    return f"inside tf.function: the step's Python ran {seen['traced']} time(s) in 3 calls; eagerly: {seen['eager']}"


@fact("jax", "flax")
def nnx_captured_module_writes() -> str:
    """A variable of an nnx Module written inside a jitted function that reaches the Module by
    closure (flax#4333): `self.count.value += 1` in `__call__` under `nnx.jit` and `jax.jit`,
    `self.total.value = ...` in a method, a write through a captured holder's attribute;
    against the Module passed as an argument and a captured Module only read."""
    import jax
    import jax.numpy as jnp
    from flax import nnx

    class Counter(nnx.Module):
        def __init__(self):
            self.count = nnx.BatchStat(jnp.array(0))
            self.total = nnx.Variable(jnp.array(0.0))

        def __call__(self):
            self.count.value += 1

        def add(self, x):
            self.total.value = self.total.value + x.sum()
            return x

        def read(self, x):
            return x * self.count.value

    class Holder(nnx.Module):
        def __init__(self):
            self.c = Counter()

        def __call__(self, x):
            self.c()
            return x

    captured, passed, holder = Counter(), Counter(), Holder()
    x = jnp.ones(2)
    runs = {
        "nnx.jit closure __call__": lambda: nnx.jit(lambda: captured())(),
        "jax.jit closure __call__": lambda: jax.jit(lambda y: (captured(), y)[1])(x),
        "nnx.jit closure method": lambda: nnx.jit(lambda y: captured.add(y))(x),
        "nnx.jit captured holder": lambda: nnx.jit(lambda y: holder(y))(x),
        "nnx.jit argument": lambda: nnx.jit(lambda c: c())(passed),
        "nnx.jit closure read only": lambda: nnx.jit(lambda y: captured.read(y))(x),
    }
    return "; ".join(f"{name}: {_error(run)}" for name, run in runs.items()) + f"; argument counted to {int(passed.count.value)}"


@fact("jax", "flax")
def nnx_closure_over_module_updated() -> str:
    """An nnx Module made at module level, closed over by a jitted function and updated between
    two calls (flax#5485): the kernel's `.value` set, an item write, the Param replaced, under
    `jax.jit` and `nnx.jit`, and a Sequential's layer's Param replaced; against the Module
    passed to `nnx.jit` as an argument."""
    import jax
    import jax.numpy as jnp
    from flax import nnx

    x = jnp.ones((1, 2))
    updates = {
        "kernel.value =": lambda m: setattr(m.kernel, "value", m.kernel.value * 2.0),
        "kernel[...] =": lambda m: m.kernel.__setitem__(..., m.kernel[...] * 2.0),
        "kernel = nnx.Param": lambda m: setattr(m, "kernel", nnx.Param(m.kernel.value * 2.0)),
    }
    out = []
    for jit_name, jit in (("jax.jit", jax.jit), ("nnx.jit", nnx.jit)):
        for name, update in updates.items():
            model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
            f = jit(lambda y, model=model: model(y))
            first = f(x)
            update(model)
            out.append(f"{jit_name} closure {name} {'stale' if jnp.allclose(first, f(x)) else 'seen'}")
    model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
    g = nnx.jit(lambda m, y: m(y))
    first = g(model, x)
    updates["kernel.value ="](model)
    out.append(f"nnx.jit argument {'stale' if jnp.allclose(first, g(model, x)) else 'seen'}")
    net = nnx.Sequential(nnx.Linear(2, 2, rngs=nnx.Rngs(0)))
    h = jax.jit(lambda y: net(y))
    first = h(jnp.ones(2))
    net.layers[0].bias = nnx.Param(jnp.ones(2))
    out.append(f"jax.jit closure Sequential layers[0].bias = nnx.Param {'stale' if jnp.allclose(first, h(jnp.ones(2))) else 'seen'}")
    return "; ".join(out)


@fact("jax")
def jit_numpy_module_default() -> str:
    """A helper whose parameter defaults to the `numpy` module (`xnp=np`, multinerf#62) runs
    `xnp.moveaxis`/`xnp.asarray`/`xnp.stack` on a traced value when a jitted caller leaves it
    out; the look-alike passes `xnp=jnp`."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    def moved(x, xnp=np):
        return xnp.moveaxis(x, -1, 0)

    def converted(x, *, xnp=np):
        return xnp.asarray(x) * 2

    def stacked(x, xp=np):
        return xp.stack([x, x])

    out = []
    for name, call in [
        ("moveaxis, default", lambda x: moved(x)), ("asarray, keyword-only default", lambda x: converted(x)),
        ("stack, default", lambda x: stacked(x)), ("fine: moveaxis, xnp=jnp", lambda x: moved(x, xnp=jnp)),
    ]:
        try:
            jax.jit(call)(jnp.ones((2, 3)))
            out.append(f"{name}: runs")
        except jax.errors.TracerArrayConversionError:
            out.append(f"{name}: TracerArrayConversionError")
    return "; ".join(out)


@fact("jax")
def jit_partial_bound_array_changed() -> str:
    """`jax.jit(functools.partial(f, w=W))` over a module-level NumPy array changed in place
    between two calls (`W[:] = 5.0`; keras#9598's shape under jax)."""
    import functools

    import jax
    import jax.numpy as jnp
    import numpy as np

    w = np.ones(2, np.float32)
    step = jax.jit(functools.partial(lambda x, w: x * w, w=w))
    first = step(jnp.ones(2))
    w[:] = 5.0
    return "stale" if np.allclose(first, step(jnp.ones(2))) else "seen"


@fact("jax")
def jit_static_self_item_written() -> str:
    """A jitted method with `self` static reads `self.params["B"][2]` (pymdp#165); between two
    calls the program writes an item through the attribute: the item read (`env.params["B"][2]
    = m`), the list holding it (`env.params["B"] = [...]`), and the look-alikes, an item the trace
    does not read (`env.params["B"][1]`, `env.params["A"]`). "stale" = the second call returns
    what the first did although the read item changed."""
    from functools import partial

    import jax
    import jax.numpy as jnp

    class Env:
        def __init__(self):
            self.params = {"A": 0, "B": [jnp.eye(2), jnp.eye(2), jnp.eye(2)]}

        @partial(jax.jit, static_argnums=0)
        def step(self, s):
            return self.params["B"][2] @ s

    swap = jnp.array([[0.0, 1.0], [1.0, 0.0]])
    s = jnp.array([1.0, 0.0])
    writes = {
        'params["B"][2] = m': lambda e: e.params["B"].__setitem__(2, swap),
        'params["B"] = [m, m, m]': lambda e: e.params.__setitem__("B", [swap, swap, swap]),
        'fine: params["B"][1] = m': lambda e: e.params["B"].__setitem__(1, swap),
        'fine: params["A"] = 1': lambda e: e.params.__setitem__("A", 1),
    }
    out = []
    for spelt, write in writes.items():
        env = Env()
        first = env.step(s)
        write(env)
        fresh = env.params["B"][2] @ s
        second = env.step(s)
        changed = not bool(jnp.allclose(first, fresh))
        out.append(f"{spelt}: {'stale' if changed and bool(jnp.allclose(first, second)) else 'seen' if changed else 'unchanged (fine)'}")
    return "; ".join(out)


@fact("jax")
def jit_once_block_returning_early() -> str:
    """A jitted bound method whose once-block returns early (`if not self._built: self._built =
    True; return x * 0.0`; larq#100's shape): 3 calls, against eager 0.0, 2.0, 2.0."""
    import jax
    import jax.numpy as jnp

    class Holder:
        def __init__(self):
            self._built = False
            self.step = jax.jit(self._step)

        def _step(self, x):
            if not self._built:
                self._built = True
                return x * 0.0
            return x + 1.0

    h = Holder()
    return f"3 calls: {[float(h.step(jnp.float32(1.0))) for _ in range(3)]}"


@fact("jax")
def jax_closure_defined_and_jitted_on_each_pass() -> str:
    """A closure defined and jitted anew on each pass of a loop over the value it reads is a new
    function each pass, traced with that pass's value (neural-tangents' dtype loop); jitted once
    before the loop, or rebound between two calls of one pass's wrapper, the trace keeps the
    value it saw (ACC605)."""
    import jax

    fresh = []
    for scale in [1.0, 2.0, 3.0]:
        def f(x):
            return x * scale
        fresh.append(float(jax.jit(f)(1.0)))
    held = 1.0

    def g(x):
        return x * held

    g_jit = jax.jit(g)
    kept = []
    for held in [1.0, 2.0, 3.0]:
        kept.append(float(g_jit(1.0)))
    within = []
    for scale2 in [1.0]:
        def h(x):
            return x * scale2
        h_jit = jax.jit(h)
        within.append(float(h_jit(1.0)))
        scale2 = scale2 * 2
        within.append(float(h_jit(1.0)))
    return f"defined and jitted per pass: {fresh}; jitted before the loop: {kept} (stale); rebound within a pass: {within} (stale)"


@fact("jax")
def jax_indexed_min_update_of_traced_values() -> str:
    """`c.at[j].min(r)` with a traced `j` and `r` is an indexed update (optax's Hungarian
    algorithm), while `x.min(axis)` with a traced axis raises (ACC305)."""
    import jax
    import jax.numpy as jnp

    updated = jax.jit(lambda c, j, r: c.at[j].min(r))(jnp.array([5.0, 5.0, 5.0]), 1, jnp.float32(2.0))
    try:
        jax.jit(lambda x, a: x.min(jnp.asarray(a)))(jnp.ones((2, 2)), 0)
        reduction = "ran"
    except Exception as exc:  # noqa: BLE001 - the error's type is the fact
        reduction = type(exc).__name__
    return f"at[j].min(r): {updated.tolist()}; x.min(traced axis): {reduction}"


@fact("tensorflow")
def tf_loop_target_after_converted_if() -> str:
    """A name a converted `if` binds in one branch, then bound by a Python `for` before any read
    after it (acme's two target-network updates in a row), traces; read after the `if`, it
    raises ValueError (ACC210)."""
    import tensorflow as tf

    sources, targets, n = [tf.Variable(1.0), tf.Variable(2.0)], [tf.Variable(0.0), tf.Variable(0.0)], tf.Variable(0)

    @tf.function
    def two_ifs():
        if tf.math.mod(n, 2) == 0:
            for src, dest in zip(sources, targets):
                dest.assign(src)
        if tf.math.mod(n, 3) == 0:
            for src, dest in zip(sources, targets):
                dest.assign(src * 2)
        return n + 0

    @tf.function
    def read_after():
        if tf.math.mod(n, 2) == 0:
            for src in sources:
                y = src * 2.0
        return y  # noqa: F821 - the hazard: unbound on the other path

    two_ifs()
    try:
        read_after()
        after = "ran"
    except ValueError as exc:
        after = f"ValueError ({str(exc).splitlines()[0][:40]})"
    return f"two ifs: {[float(t.numpy()) for t in targets]}; read after: {after}"


@fact("torch")
def torch_tensor_has_numpy() -> str:
    """Under torch.compile the traced tensor has a `numpy` attribute, as an eager one has: the
    guard `hasattr(x, "numpy")` proves nothing there."""
    import torch

    seen = {}

    def f(x):
        seen["torch.compile"] = hasattr(x, "numpy")
        return x + 1

    torch.compile(f, backend="eager")(torch.ones(2))
    return ", ".join(f"{k}: hasattr numpy {v}" for k, v in seen.items())


@fact("tensorflow", "jax", "torch")
def tensors_are_no_sequences() -> str:
    """`isinstance(x, Sequence)` (or list, tuple, Mapping) of the traced value under jax.jit,
    tf.function, Keras `fit` and torch.compile: never true, so a value that passes such a test
    is a Python container (tensorflow/gnn's `pool_ops`, where `[value]` is the other branch)."""
    from collections.abc import Mapping, Sequence

    import jax
    import numpy as np
    import tensorflow as tf
    import torch

    seen = {}

    def note(name):
        def run(x):
            seen[name] = isinstance(x, (Sequence, Mapping, list, tuple))
            return x
        return run

    jax.jit(note("jax.jit"))(np.ones(2))
    tf.function(note("tf.function"))(tf.ones(2))
    note("eager tf")(tf.ones(2))
    torch.compile(note("torch.compile"), backend="eager")(torch.ones(2))

    class Probe(tf.keras.layers.Layer):
        def call(self, x):
            seen["keras fit"] = isinstance(x, (Sequence, Mapping, list, tuple))
            return x

    model = tf.keras.Sequential([tf.keras.Input((3,)), Probe()])
    model.compile(loss="mse", optimizer="sgd")
    model.fit(np.ones((4, 3)), np.ones((4, 3)), epochs=1, verbose=0)
    return ", ".join(f"{k}: a container {v}" for k, v in seen.items())


@fact("tensorflow")
def keras_fit_callback_writes() -> str:
    """A callback handed to `fit` freezes a layer (`trainable = False`) in one hook, once; the
    layer's kernel is compared before and after the rest of training (keras#3268), compiled and
    with `run_eagerly=True`. Also a `LambdaCallback(on_epoch_end=...)`, an unfreeze at a later
    `on_epoch_begin` of a layer frozen before `compile`, and `stop_training` set in a hook."""
    import keras
    import numpy as np

    x = np.random.RandomState(0).rand(64, 4).astype("float32")
    y = x.sum(axis=1, keepdims=True)

    def make():
        keras.utils.set_random_seed(0)
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1)])
        model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
        return model

    def frozen_after(hook: str, when: int | None, eagerly: bool) -> str:
        kept = {}

        def body(self, step=None, logs=None):
            if (when is None or step == when) and "kernel" not in kept:
                self.model.layers[0].trainable = False
                kept["kernel"] = self.model.layers[0].kernel.numpy().copy()

        model = make()
        model.run_eagerly = eagerly
        callback = type("Freeze", (keras.callbacks.Callback,), {hook: body})()
        model.fit(x, y, epochs=3, batch_size=16, verbose=0, callbacks=[callback])
        return "trained on" if not np.allclose(kept["kernel"], model.layers[0].kernel.numpy()) else "frozen"

    said = [
        f"{hook}({when}): {frozen_after(hook, when, False)} (eagerly {frozen_after(hook, when, True)})"
        for hook, when in (("on_train_begin", None), ("on_epoch_begin", 0), ("on_epoch_begin", 1), ("on_epoch_end", 0),
                           ("on_train_batch_begin", 0), ("on_train_batch_begin", 2), ("on_train_batch_end", 0), ("on_batch_end", 0))
    ]
    model, kept = make(), {}

    def freeze(epoch, logs):
        if epoch == 0:
            model.layers[0].trainable = False
            kept["kernel"] = model.layers[0].kernel.numpy().copy()

    model.fit(x, y, epochs=3, batch_size=16, verbose=0, callbacks=[keras.callbacks.LambdaCallback(on_epoch_end=freeze)])
    said.append(f"LambdaCallback on_epoch_end: {'trained on' if not np.allclose(kept['kernel'], model.layers[0].kernel.numpy()) else 'frozen'}")
    model = make()
    model.layers[0].trainable = False
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    before = model.layers[0].kernel.numpy().copy()

    class Unfreeze(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            if epoch == 1:
                for layer in self.model.layers:
                    layer.trainable = True

    model.fit(x, y, epochs=3, batch_size=16, verbose=0, callbacks=[Unfreeze()])
    said.append(f"unfreeze at on_epoch_begin(1): {'trained' if not np.allclose(before, model.layers[0].kernel.numpy()) else 'still frozen'}")

    class Stop(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            self.model.stop_training = True

    ran = len(make().fit(x, y, epochs=3, batch_size=16, verbose=0, callbacks=[Stop()]).history["loss"])
    said.append(f"stop_training in on_epoch_end: {ran} of 3 epochs")
    return "; ".join(said)


@fact("tensorflow")
def keras_fit_inside_tf_function() -> str:
    """Keras 3's `fit`, `evaluate`, `predict` and `train_on_batch` called inside a tf.function
    given tensors: what each does (raises, or the losses and kernel against eager calls)."""
    import keras
    import numpy as np
    import tensorflow as tf

    def model():
        keras.utils.set_random_seed(0)
        made = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
        made.compile(keras.optimizers.SGD(0.01), "mse")
        return made

    x, y = tf.constant(np.ones((8, 4), "float32")), tf.constant(np.full((8, 1), 3.0, "float32"))
    said = []
    for name in ("fit", "evaluate", "predict"):
        m = model()
        call = {"fit": lambda a, b: m.fit(a, b, verbose=0), "evaluate": lambda a, b: m.evaluate(a, b, verbose=0),
                "predict": lambda a, b: m.predict(a, verbose=0)}[name]
        said.append(f"{name}: {_error(lambda: tf.function(call)(x, y))}")
    runs = []
    for wrap in (tf.function, lambda f: f):
        m = model()
        step = wrap(lambda a, b: m.train_on_batch(a, b))
        runs.append(([round(float(np.asarray(step(x, y))), 4) for _ in range(3)], round(float(m.layers[0].kernel.numpy().sum()), 4)))
    said.append(f"train_on_batch: {'same as eager' if runs[0] == runs[1] else f'{runs[0]} vs eager {runs[1]}'}")
    return "; ".join(said)


# --- torch ------------------------------------------------------------------------------------


def _trace_vs_eager(fn, example, other) -> str:
    import torch

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(fn, (example,), check_trace=False)
    same = torch.equal(traced(other), fn(other)) if traced(other).shape == fn(other).shape else False
    told = sorted({type(w.message).__name__ for w in caught if "Tracer" in type(w.message).__name__})
    verdict = "fine" if same else "wrong"
    return f"{verdict}: traced == eager on a new input: {same}; warnings: {told or 'none'}"


@fact("torch")
def torch_stepped_submodule_ints() -> str:
    """Graphs torch.compile builds in 12 calls of a module whose call steps a Python counter
    (torchtune#1663): its own `forward` (`self.n += 1`), a helper method `forward` calls, a
    submodule's `forward`, a submodule's method stepping by a size (`self.size += x.shape[1]`),
    against a submodule's float stepped, an int only read, and an int stepped by a tensor."""
    import torch
    import torch._dynamo as dynamo
    from torch import nn

    class Counter(nn.Module):
        def __init__(self):
            super().__init__()
            self.n, self.size, self.scale, self.total = 0, 0, 0.5, 0

        def forward(self, x):
            self.n += 1
            return x * self.n

        def update(self, x):
            self.size += x.shape[1]
            return x[:, : self.size]

        def bump(self):
            self.scale += 1.0

        def add(self, x):
            self.total += x.sum()
            return x

    class Holder(nn.Module):
        def __init__(self, body):
            super().__init__()
            self.c, self.k, self.body = Counter(), 0, body

        def _advance(self):
            self.k += 2

        def forward(self, x):
            return self.body(self, x)

    def own_forward(m, x):
        return m.c.forward(x)  # the Counter's own forward, compiled as the module itself below

    bodies = {
        "helper method": lambda m, x: (m._advance(), x + m.k)[1],
        "submodule forward": lambda m, x: m.c(x) + 1,
        "submodule method by a size": lambda m, x: m.c.update(x).sum(),
        "submodule float": lambda m, x: (m.c.bump(), x * m.c.scale)[1],
        "submodule int read": lambda m, x: x[:, : m.c.size + 1],
        "submodule int stepped by a tensor": lambda m, x: m.c.add(x) + 1,
    }
    counts = []
    for name, body in [("own forward", own_forward)] + list(bodies.items()):
        dynamo.reset()
        graphs = []
        model = torch.compile(Holder(body), backend=lambda gm, ex: graphs.append(1) or gm.forward)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _ in range(12):
                model(torch.randn(1, 40, 4))
        counts.append(f"{name} {len(graphs)}")
    return "graphs in 12 calls: " + ", ".join(counts)


@fact("torch")
def torch_hooks_registered_after_compile() -> str:
    """A hook registered after the first compiled call on a module the compiled code calls
    (pytorch#117265): each hook kind doubling the output or the gradient, on a module-level
    layer a compiled function calls, on the compiled module itself, and on a submodule of a
    module the compiled function calls; against the hook registered before the first call
    (pytorch#91665). Stale: the second call's output and input gradient differ from eager."""
    import functools

    import torch
    import torch._dynamo as dynamo
    from torch import nn

    hooks = {
        "forward": lambda m: m.register_forward_hook(lambda mod, i, o: o * 2),
        "forward_pre": lambda m: m.register_forward_pre_hook(lambda mod, i: (i[0] * 2,)),
        "full_backward": lambda m: m.register_full_backward_hook(lambda mod, gi, go: tuple(g * 2 for g in gi)),
        "full_backward_pre": lambda m: m.register_full_backward_pre_hook(lambda mod, go: tuple(g * 2 for g in go)),
        "backward": lambda m: m.register_backward_hook(lambda mod, gi, go: tuple(g if g is None else g * 2 for g in gi)),
    }

    def build():
        outer = nn.Sequential(nn.Linear(3, 3, bias=False))
        outer[0].weight = nn.Parameter(torch.eye(3))
        return outer

    def run(register, where, compiled, before=False, fullgraph=False):
        dynamo.reset()
        outer = build()
        hooked = outer[0] if where == "submodule" else outer
        compile_ = functools.partial(torch.compile, fullgraph=fullgraph)
        call = (compile_(outer) if where == "compiled module" else compile_(lambda x: outer(x))) if compiled else outer
        if before:
            register(hooked)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call(torch.ones(3, requires_grad=True))
            if not before:
                register(hooked)
            x = torch.ones(3, requires_grad=True)
            y = call(x)
            y.sum().backward()
        return y.tolist(), x.grad.tolist()

    out = []
    for where in ("layer a function calls", "compiled module", "submodule"):
        stale = [name for name, register in hooks.items() if run(register, where, True) != run(register, where, False)]
        out.append(f"{where}: stale {stale or 'none'}")
    before = [name for name, register in hooks.items() if run(register, "layer a function calls", True, True) != run(register, "layer a function calls", False, True)]
    fullgraph = [name for name, register in hooks.items() if run(register, "layer a function calls", True, fullgraph=True) != run(register, "layer a function calls", False)]
    return "; ".join(out) + f"; registered before the first call: stale {before or 'none'}; fullgraph=True, after: stale {fullgraph or 'none'}"


@fact("torch")
def trace_len_of_input() -> str:
    """`len(x)` under torch.jit.trace, traced with a batch of 4, called with a batch of 8."""
    import torch

    def mean(x):
        return x.sum(0) / len(x)

    return _trace_vs_eager(mean, torch.ones(4, 3), torch.ones(8, 3))


@fact("torch")
def trace_write_through_attribute_chain() -> str:
    """A traced forward writing an attribute of an object it reaches through `self`
    (`self.model.weight.requires_grad`, and a counter on a submodule, directly and through a
    local alias): the writes run while torch.jit.trace records, never when the trace runs
    (pytorch#53515)."""
    import torch
    from torch import nn

    class Toggle(nn.Module):
        def __init__(self):
            super().__init__()
            self.model = nn.Linear(1, 1)
            self.model.calls = 0

        def forward(self, x):
            self.model.weight.requires_grad = True
            inner = self.model
            inner.calls += 1
            return self.model(x)

    module = Toggle()
    traced = torch.jit.trace(module, (torch.ones(1),), check_trace=False)
    module.model.weight.requires_grad = False
    module.model.calls = 0
    for _ in range(3):
        traced(torch.ones(1))
    flag, calls = module.model.weight.requires_grad, module.model.calls
    verdict = "fine" if flag and calls == 3 else "wrong"
    return f"{verdict}: after 3 traced calls requires_grad is {flag} (eager: True), the counter {calls} (eager: 3)"


@fact("torch")
def module_iterators_yield_own_objects() -> str:
    """What `parameters()`, `buffers()`, `modules()` and `children()` yield is the module's own
    objects (`next(m.parameters()) is m.weight`), so a traced forward writing one (`next(self.
    parameters())`, a `for` over them, `list(self.modules())[1]`) writes state from outside the
    trace: after 3 traced calls, is it as eagerly? And the look-alike under torch.compile, which
    replays the writes (pytorch#53515)."""
    import torch
    from torch import nn

    bn = nn.BatchNorm1d(2)
    seq = nn.Sequential(nn.Linear(1, 1))
    own = (
        next(bn.parameters()) is bn.weight and list(bn.buffers())[0] is bn.running_mean
        and list(seq.modules())[1] is seq[0] and next(seq.children()) is seq[0]
    )

    class Toggle(nn.Module):
        def __init__(self):
            super().__init__()
            self.model = nn.Linear(1, 1)
            self.model.calls = 0

        def forward(self, x):
            param = next(self.parameters())
            param.requires_grad = True
            for p in self.model.parameters():
                p.flagged = True
            inner = list(self.modules())[1]
            inner.calls += 1
            return self.model(x)

    def after_three(wrap) -> tuple[bool, bool, int]:
        module = Toggle()
        run = wrap(module)
        run(torch.ones(1))  # a trace, or a first compile
        module.model.weight.requires_grad = False
        module.model.weight.flagged = False
        module.model.calls = 0
        for _ in range(3):
            run(torch.ones(1))
        w = module.model.weight
        return w.requires_grad, w.flagged, module.model.calls

    traced = after_three(lambda m: torch.jit.trace(m, (torch.ones(1),), check_trace=False))
    compiled = after_three(lambda m: torch.compile(m, backend="eager"))
    eager = after_three(lambda m: m)
    verdict = "wrong" if traced != eager else "fine"
    return (
        f"own objects: {own}; {verdict} under trace: requires_grad, flag, counter after 3 calls {traced} "
        f"(eager {eager}); torch.compile {compiled}"
    )


@fact("torch")
def trace_global_requiring_grad() -> str:
    """A traced function reading a module-level tensor that requires grad (made with
    `requires_grad=True`, an `nn.Parameter`, switched on with `.requires_grad_()`; pytorch#12946),
    and the look-alikes: a plain tensor changed in place after the trace, the first under
    torch.compile."""
    import torch

    def made(requires_grad):
        t = torch.zeros(3)
        t.requires_grad_(requires_grad)
        return t

    def traced(x, change=None) -> str:
        def f(inp):
            return (x + inp).sum()

        try:
            run = torch.jit.trace(f, (torch.ones(1),), check_trace=False)
        except RuntimeError as error:
            return f"error: {str(error).splitlines()[0][:58]}"
        if change is not None:
            change(x)
        return "fine" if float(run(torch.ones(1))) == float(f(torch.ones(1))) else "wrong"

    x = torch.randn(3, requires_grad=True)

    def g(inp):
        return (x + inp).sum()

    compiled = torch.compile(g, backend="eager")(torch.ones(1))
    return (
        f"requires_grad=True: {traced(torch.randn(3, requires_grad=True))}; "
        f"nn.Parameter: {traced(torch.nn.Parameter(torch.zeros(3)))}; requires_grad_(): {traced(made(True))}; "
        f"plain, add_(1) after the trace: {traced(made(False), lambda t: t.add_(1))}; "
        f"torch.compile: {'fine' if compiled.requires_grad else 'wrong'}"
    )


def _fx_tracers():
    """make_fx (its default `tracing_mode="real"`), torch.fx.symbolic_trace and torch.export.export,
    each as a function from a traced function and its example to a callable graph."""
    import torch
    from torch.fx import symbolic_trace
    from torch.fx.experimental.proxy_tensor import make_fx

    def exported(fn, example):
        class Wrap(torch.nn.Module):
            def forward(self, x):
                return fn(x)

        return torch.export.export(Wrap(), (example,)).module()

    return {
        "make_fx": lambda fn, example: make_fx(fn)(example),
        "symbolic_trace": lambda fn, example: symbolic_trace(fn),
        "export": exported,
    }


@fact("torch")
def fx_tracers_hazards() -> str:
    """What each of make_fx, torch.fx.symbolic_trace and torch.export.export does with each
    hazard (functorch#1046): traced with ones of length 3, called with other values (and, for the
    shape-dependent ones, another length). `wrong` = the graph's result differs from eager's,
    `once` = an effect ran while tracing only, `error` = tracing (or the call) raised."""
    import numpy as np
    import torch

    log = []
    glob = {"k": 2.0}

    def host_draw(x):
        return x + float(np.random.rand())

    def if_tensor(x):
        return x * 2 if x.sum() > 0 else x

    def float_of(x):
        return x * float(x.sum())

    def item(x):
        return x * x.sum().item()

    def tolist(x):
        return torch.tensor(x.tolist()) * 2

    def numpy_call(x):
        return torch.from_numpy(np.asarray(x.numpy()) * 2)

    def append(x):
        log.append(1)
        return x * 2

    def for_over_input(x):
        y = x[0] * 0
        for r in x:
            y = y + r
        return y

    def tensor_of_a_list(x):
        return torch.tensor([v * 2 for v in x])

    def tensor_of_map_zip(x):
        return torch.tensor(list(map(lambda p: p[0] - 0.05 * p[1], zip(x, x))))

    def tensor_of_a_tensor(x):
        return torch.tensor(x * 2)

    def len_of_input(x):
        return x * len(x)

    def shape_branch(x):
        return x * 2 if x.shape[0] > 2 else x

    def global_read(x):
        return x * glob["k"]

    ones, other, longer, shorter = torch.ones(3), -torch.arange(1.0, 4.0) * 3, torch.ones(5), torch.ones(2)
    sized = {for_over_input: longer, len_of_input: longer, shape_branch: shorter, tensor_of_a_list: longer}

    def outcome(tracer, fn) -> str:
        log.clear()
        glob["k"] = 2.0
        try:
            graph = tracer(fn, ones)
        except Exception as error:
            return f"error ({type(error).__name__})"
        try:
            if fn is append:
                graph(other)
                graph(other)
                return "once" if len(log) == 1 else f"{len(log)} of 3"
            if fn is host_draw:
                return "wrong (frozen)" if torch.equal(graph(ones), graph(ones)) else "fine"
            if fn is global_read:
                glob["k"] = 5.0
            x = sized.get(fn, other)
            got, want = graph(x), fn(x)
        except Exception as error:
            return f"call error ({type(error).__name__})"
        return "fine" if got.shape == want.shape and torch.allclose(got, want) else "wrong"

    cases = [host_draw, if_tensor, float_of, item, tolist, numpy_call, append, for_over_input, tensor_of_a_list,
             tensor_of_map_zip, tensor_of_a_tensor, len_of_input, shape_branch, global_read]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return " | ".join(
            f"{name}: " + ", ".join(f"{fn.__name__} {outcome(tracer, fn)}" for fn in cases)
            for name, tracer in _fx_tracers().items()
        )


@fact("torch")
def fx_symbolic_trace_batch25() -> str:
    """torch.fx's symbolic tracing as batch 25's reports use it (pytorch#51928, #54602, #77770,
    DeepVAC/deepvac#115): how many distinct values 3 calls of the graph give for a random op
    given no Proxy and for one given a Proxy; whether a parameter with a default (`None`, an
    `int`-typed 3, `False`) is a Proxy (TraceError on a branch), and not once `concrete_args`
    binds it (a dict, `dict(...)`); whether FX quantization's entry points trace the module."""
    import torch
    import torch.fx as fx
    from torch import nn
    from torch.ao.quantization import QConfigMapping, get_default_qat_qconfig, get_default_qconfig
    from torch.ao.quantization.quantize_fx import convert_fx, fuse_fx, prepare_fx, prepare_qat_fx

    x = torch.zeros(5)
    draws = {
        "randn(5)": lambda x: x + torch.randn(5), "rand(5)": lambda x: x + torch.rand(5),
        "randint": lambda x: x + torch.randint(0, 100, (5,)), "randperm": lambda x: x + torch.randperm(5),
        "normal(zeros)": lambda x: x + torch.normal(torch.zeros(5), 1.0),
        "bernoulli(full)": lambda x: x + torch.bernoulli(torch.full((5,), 0.5)),
        "multinomial": lambda x: x + torch.multinomial(torch.ones(5), 5),
        "poisson": lambda x: x + torch.poisson(torch.full((5,), 3.0)),
        "randn_like(x)": lambda x: x + torch.randn_like(x), "randn(x.shape)": lambda x: x + torch.randn(x.shape),
        "rand(x.size(0))": lambda x: x + torch.rand(x.size(0)),
    }
    # `torch.fx.wrap` must be called at the top level of an importable module: make one
    wrapped = sys.modules.setdefault("fx_wrap_probe", __import__("types").ModuleType("fx_wrap_probe"))
    exec("import torch\n@torch.fx.wrap\ndef randn_of(x, shape):\n    return torch.randn(shape)\n", wrapped.__dict__)
    draws["fx.wrap'd randn(5)"] = lambda x: x + wrapped.randn_of(x, 5)
    out = []
    for name, f in draws.items():
        graph = fx.symbolic_trace(f)
        out.append(f"{name} {len({tuple(graph(x).tolist()) for _ in range(3)})} of 3")

    def flag_none(x, flag=None):
        return x * 2 if flag else x

    def int_typed(x, n: int = 3):
        return x.repeat(n) if n > 2 else x

    def bool_default(x, training=False):
        return x * 2 if training else x

    for f in (flag_none, int_typed, bool_default):
        name = list(__import__("inspect").signature(f).parameters)[1]
        out.append(f"{f.__name__} {_error(lambda: fx.symbolic_trace(f))}")
        out.append(f"{f.__name__} concrete_args dict {_error(lambda: fx.symbolic_trace(f, concrete_args={name: True}))}")
        out.append(f"{f.__name__} concrete_args dict() {_error(lambda: fx.symbolic_trace(f, concrete_args=dict([(name, True)])))}")

    class Branch(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 3, 1)

        def forward(self, x):
            if x.sum() > 0:
                return self.conv(x)
            return x

    example = (torch.randn(1, 3, 4, 4),)
    ptq = QConfigMapping().set_global(get_default_qconfig("fbgemm"))
    qat = QConfigMapping().set_global(get_default_qat_qconfig("fbgemm"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out.append(f"prepare_fx {_error(lambda: prepare_fx(Branch().eval(), ptq, example))}")
        out.append(f"prepare_qat_fx {_error(lambda: prepare_qat_fx(Branch().train(), qat, example))}")
        out.append(f"fuse_fx {_error(lambda: fuse_fx(Branch().eval()))}")
        out.append(f"convert_fx of a plain module {_error(lambda: convert_fx(Branch().eval()))}")
    return " | ".join(out)


@fact("torch")
def func_vmap_static_numbers() -> str:
    """A batched tensor where torch needs a Python number, under `torch.func.vmap` (functorch#1133):
    `torch.arange`'s bounds, a factory's size, `range`, a slice bound, `reshape`/`view`/`repeat`
    counts; look-alikes reading the batched tensor's size, and a count `in_dims` leaves unmapped."""
    import torch

    n, x = torch.tensor([3, 3]), torch.ones(2, 4)
    cases = {
        "arange(n)": (lambda n: torch.arange(n).sum(), n), "arange(0, n)": (lambda n: torch.arange(0, n).sum(), n),
        "arange(end=n)": (lambda n: torch.arange(end=n).sum(), n), "zeros(n)": (lambda n: torch.zeros(n).sum(), n),
        "ones((n, 2))": (lambda n: torch.ones((n, 2)).sum(), n), "full((n,), 1.0)": (lambda n: torch.full((n,), 1.0).sum(), n),
        "randn(n)": (lambda n: torch.randn(n).sum(), n), "range(n)": (lambda n: sum(i for i in range(n)), n),
        "x[:n]": (lambda x, n: x[:n].sum(), x, n), "x[n:]": (lambda x, n: x[n:].sum(), x, n),
        "x[::n]": (lambda x, n: x[::n].sum(), x, n), "x.reshape(n, -1)": (lambda x, n: x.reshape(n, -1).sum(), x, n),
        "x.view(n, -1)": (lambda x, n: x.view(n, -1).sum(), x, n), "x.repeat(n)": (lambda x, n: x.repeat(n).sum(), x, n),
        "arange(x.shape[0])": (lambda x: torch.arange(x.shape[0]).sum(), x),
        "arange(x.size(0))": (lambda x: torch.arange(x.size(0)).sum(), x),
        "zeros(len(x))": (lambda x: torch.zeros(len(x)).sum(), x), "x[:2]": (lambda x: x[:2].sum(), x),
    }
    out = [f"{name} {_error(lambda: torch.func.vmap(f)(*args))}" for name, (f, *args) in cases.items()]
    unmapped = torch.func.vmap(lambda x, k: torch.arange(k).sum() + x.reshape(k, -1).sum(), in_dims=(0, None))
    out.append(f"arange(k), reshape(k, -1) with k unmapped {_error(lambda: unmapped(x, 2))}")
    return " | ".join(out)


@fact("torch")
def tensor_of_traced_elements() -> str:
    """`torch.tensor`/`torch.as_tensor` of a Python container holding traced tensors (a list of
    reductions, a tuple, a comprehension, `list(map(lambda ..., zip(x, x)))`; functorch#1046),
    and the look-alikes `torch.tensor(x * 2)` (a tensor) and `torch.tensor([x.shape[0], 2])`
    (sizes), under torch.jit.trace, make_fx, symbolic_trace, export and torch.compile: traced with
    ones, called with `arange(3)`."""
    import torch

    def reductions(x):
        return torch.tensor([x.sum(), x.max()])

    def as_tensor_tuple(x):
        return torch.as_tensor((x.mean(), x.min()))

    def comprehension(x):
        return torch.tensor([v * 2 for v in x])

    def map_zip(x):
        return torch.tensor(list(map(lambda p: p[0] - 0.05 * p[1], zip(x, x))))

    def a_tensor(x):
        return torch.tensor(x * 2)

    def sizes(x):
        return torch.tensor([x.shape[0], 2]) * x.sum()

    tracers = {
        "trace": lambda fn, example: torch.jit.trace(fn, (example,), check_trace=False),
        **_fx_tracers(),
        "compile": lambda fn, example: torch.compile(fn, backend="eager"),
    }
    ones, other = torch.ones(3), torch.arange(3.0)

    def outcome(tracer, fn) -> str:
        torch._dynamo.reset()
        try:
            graph = tracer(fn, ones)
            graph(ones)
            return "fine" if torch.equal(graph(other), fn(other)) else "wrong"
        except Exception as error:
            return f"error ({type(error).__name__})"

    cases = [reductions, as_tensor_tuple, comprehension, map_zip, a_tensor, sizes]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return " | ".join(
            f"{name}: " + ", ".join(f"{fn.__name__} {outcome(tracer, fn)}" for fn in cases) for name, tracer in tracers.items()
        )


@fact("torch")
def trace_iteration_over_input() -> str:
    """A `for` over the input, and a comprehension over it, under torch.jit.trace, traced with a
    batch of 4, called with a batch of 8 (the loop is unrolled to the example's length)."""
    import torch

    def loop(x):
        y = x[0] * 0
        for row in x:
            y = y + row
        return y

    def comprehension(x):
        return torch.stack([row * 2 for row in x])

    def outcome(fn) -> str:
        try:
            return _trace_vs_eager(fn, torch.ones(4, 3), torch.ones(8, 3))
        except RuntimeError as error:  # the recorded loop's length is checked when it runs
            return f"error: {str(error).strip().splitlines()[-1][:60]}"

    return "; ".join(f"{fn.__name__}: {outcome(fn)}" for fn in (loop, comprehension))


@fact("torch")
def export_built_when_applied() -> str:
    """torch.export.export runs the module's forward when applied: a global the forward reads,
    rebound after the export and before the exported program's first call, is not seen (as
    torch.jit.trace; `[cache] built = "applied"`)."""
    import torch

    global _EXPORT_BIAS
    _EXPORT_BIAS = 1.0

    class Shift(torch.nn.Module):
        def forward(self, x):
            return x + _EXPORT_BIAS

    program = torch.export.export(Shift(), (torch.zeros(1),))
    _EXPORT_BIAS = 5.0
    return f"exported program {float(program.module()(torch.zeros(1)))} (eager {float(Shift()(torch.zeros(1)))})"


@fact("torch")
def trace_size_of_input() -> str:
    """The look-alike: `x.size(0)` in a tensor operation is recorded, not baked."""
    import torch

    def mean(x):
        return x.sum(0) / x.size(0)

    return _trace_vs_eager(mean, torch.ones(4, 3), torch.ones(8, 3))


@fact("torch")
def trace_size_used_at_example_shape() -> str:
    """A size read as a Python number under torch.jit.trace (`int(x.shape[2] * 2)` as
    `F.interpolate`'s size, yolov5-dnn-cpp-python-v2#11): the trace called at the example's
    shape (an export's one input size), saved and loaded, and called at another shape."""
    import io

    import torch
    import torch.nn.functional as F

    class Upsample(torch.nn.Module):
        def forward(self, x):
            return F.interpolate(x, size=(int(x.shape[2] * 2), int(x.shape[3] * 2)), mode="nearest")

    block = Upsample()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(block, (torch.rand(1, 8, 20, 20),))
    same = torch.rand(1, 8, 20, 20)
    buffer = io.BytesIO()
    torch.jit.save(traced, buffer)
    buffer.seek(0)
    loaded = torch.jit.load(buffer)
    other = torch.rand(1, 8, 30, 30)
    return (f"example shape: {'same as the module' if torch.equal(traced(same), block(same)) else 'differs'}; "
            f"saved and loaded, example shape: {'same' if torch.equal(loaded(same), block(same)) else 'differs'}; "
            f"other shape: traced {tuple(traced(other).shape)}, module {tuple(block(other).shape)}")


@fact("torch")
def trace_branch_on_size() -> str:
    """A Python `if` on a size of the input (`x.shape[0] > 5`) under torch.jit.trace, traced
    with a batch of 8, called with a batch of 3."""
    import torch

    def head(x):
        if x.shape[0] > 5:
            return x * 2
        return x

    return _trace_vs_eager(head, torch.ones(8, 3), torch.ones(3, 3))


@fact("torch")
def trace_branch_on_torch_function() -> str:
    """A Python `if` on what a top-level torch function computes from the input
    (`torch.mean(torch.abs(x)) < 0.5`, also `torch.sum`, `torch.max`, `torch.any`) under
    torch.jit.trace, traced with ones, called with tens: each result is a tensor, so the
    branch is baked. Look-alike: `torch.numel(x) > 2` (a Python int, the same for both)."""
    import torch

    def by_mean(x):
        return x * 2 if torch.mean(torch.abs(x)) < 5 else x

    def by_sum(x):
        if torch.sum(x) > 20:
            return x
        return x * 2

    def by_max(x):
        while torch.max(x) < 5:
            x = x + 4
        return x

    def by_any(x):
        return x if torch.any(x > 5) else -x

    def by_numel(x):
        return x * 2 if torch.numel(x) > 2 else x

    ones, tens = torch.ones(3), torch.full((3,), 10.0)
    runs = {f.__name__: _trace_vs_eager(f, ones, tens) for f in (by_mean, by_sum, by_max, by_any, by_numel)}
    return "; ".join(f"{name}: {told}" for name, told in runs.items())


@fact("torch")
def module_methods_return_self() -> str:
    """`nn.Module`'s methods that give back the module itself (`m.eval() is m`), which
    torch.jit.trace / torch.compile then run the forward of."""
    import torch

    m = torch.nn.Linear(2, 2)
    calls = {
        "eval": lambda: m.eval(), "train": lambda: m.train(), "to": lambda: m.to("cpu"),
        "cpu": lambda: m.cpu(), "float": lambda: m.float(), "double": lambda: m.double(),
        "half": lambda: m.half(), "bfloat16": lambda: m.bfloat16(),
        "requires_grad_": lambda: m.requires_grad_(False), "type": lambda: m.type(torch.float32),
    }
    outcomes = "; ".join(f"{name}: {call() is m}" for name, call in calls.items())
    # `cuda()` without a GPU: a module holding no tensor moves nothing, and `_apply` gives back
    # the module as it does with one (it returns `self` whatever it moved)
    empty = torch.nn.Module()
    return f"{outcomes}; cuda (a module holding no tensor, no GPU): {empty.cuda() is empty}"


@fact("torch")
def compile_closures_share_code_object() -> str:
    """Two closures of one factory, each capturing another Tensor method (`__add__`,
    `__mul__`), compiled one after the other (pytorch#197811): does the second reuse the
    first's graph?"""
    import torch

    def make(op):
        def fn(x, y):
            return op(x, y)
        return fn

    torch._dynamo.reset()
    x, y = torch.tensor(6.0), torch.tensor(3.0)
    add, mul = make(torch.Tensor.__add__), make(torch.Tensor.__mul__)
    torch.compile(add, dynamic=True)(x, y)
    got = torch.compile(mul, dynamic=True)(x, y).item()
    return f"second closure: {got} (eager {mul(x, y).item()}): {'wrong (graph reused)' if got != mul(x, y).item() else 'fine'}"


@fact("torch")
def compile_closure_cells_guarded() -> str:
    """Which closure cells torch.compile guards, for two closures of one factory compiled one
    after the other (pytorch#197811's variants): a Tensor method descriptor (`torch.Tensor.__add__`
    / `__mul__`, and `torch.Tensor.add` / `mul`), a torch function, an `operator` function, a
    Python function, a lambda, a float. Stale where the second closure returns the first's result."""
    import operator

    import torch

    def make(op):
        def fn(x, y):
            return op(x, y)
        return fn

    def scale(k):
        def fn(x, y):
            return x * k + y
        return fn

    pairs = {
        "Tensor.__add__/__mul__": (make(torch.Tensor.__add__), make(torch.Tensor.__mul__)),
        "Tensor.add/mul": (make(torch.Tensor.add), make(torch.Tensor.mul)),
        "torch.add/mul": (make(torch.add), make(torch.mul)),
        "operator.add/mul": (make(operator.add), make(operator.mul)),
        "Python functions": (make(lambda a, b: a + b), make(lambda a, b: a * b)),
        "floats": (scale(2.0), scale(5.0)),
    }
    x, y = torch.tensor(6.0), torch.tensor(3.0)
    out = []
    for name, (first, second) in pairs.items():
        torch._dynamo.reset()
        torch.compile(first, backend="eager")(x, y)
        got = torch.compile(second, backend="eager")(x, y).item()
        out.append(f"{name}: {'stale' if got != second(x, y).item() else 'guarded'}")
    return "; ".join(out)


@fact("torch")
def compile_code_object_replaced() -> str:
    """A method a compiled lambda calls, whose `__code__` is replaced after the first call
    (pytorch#197860): does the compiled lambda see the new code?"""
    import torch

    def first(self, x):
        return x * 2.0

    def second(self, x):
        return x * 9.0

    class Model:
        m = first

    torch._dynamo.reset()
    model, x = Model(), torch.ones(1)
    compiled = torch.compile(lambda x: model.m(x))
    compiled(x)
    Model.m.__code__ = second.__code__
    got = compiled(x).item()
    return f"after the swap: {got} (eager {model.m(x).item()}): {'stale' if got != model.m(x).item() else 'fine'}"


@fact("torch")
def compile_code_replaced_variants() -> str:
    """pytorch#197860's variants: a function's `__code__` replaced between two calls of a
    torch.compile'd callable. The function is a helper the compiled function calls (inlined), a
    method the compiled lambda calls on an object, or the compiled function itself."""
    import torch

    def nine(x):
        return x * 9.0

    def run(target: str) -> str:
        torch._dynamo.reset()

        def helper(x):
            return x * 2.0

        def outer(x):
            return helper(x) + 1

        def itself(x):
            return x * 2.0

        class Model:
            def m(self, x):
                return x * 2.0

        model = Model()
        compiled = {
            "helper": torch.compile(outer, backend="eager"),
            "method": torch.compile(lambda x: model.m(x), backend="eager"),
            "itself": torch.compile(itself, backend="eager"),
        }[target]
        eager = {"helper": outer, "method": lambda x: model.m(x), "itself": itself}[target]
        x = torch.ones(1)
        compiled(x)
        swapped = {"helper": helper, "method": Model.m, "itself": itself}[target]
        swapped.__code__ = (nine if target != "method" else second_method).__code__
        got, want = compiled(x).item(), eager(x).item()
        return f"{target}: {'stale' if got != want else 'fine'} ({got}, eager {want})"

    def second_method(self, x):
        return x * 9.0

    return "; ".join(run(t) for t in ("helper", "method", "itself"))


@fact("torch")
def compile_local_class_appends_to_closure_list() -> str:
    """A fullgraph-compiled function making an instance of a local class whose method appends
    to a list of the enclosing function (pytorch#197896): how often does the list grow in 3
    calls?"""
    import torch

    def make(compiled):
        state = []

        class Helper:
            def touch(self):
                state.append(1)

        def f(x):
            Helper().touch()
            return x + 1

        return (torch.compile(f, backend="eager", fullgraph=True) if compiled else f), state

    torch._dynamo.reset()
    counts = []
    for compiled in (False, True):
        f, state = make(compiled)
        for _ in range(3):
            f(torch.ones(2))
        counts.append(len(state))
    return f"appends in 3 calls: eager {counts[0]}, compiled {counts[1]}"


_MODULE_LEVEL_LIST: list = []


class _ModuleLevel:
    """compile_local_class_effects' module-level class (its look-alike of a local class)."""

    def touch(self):
        _MODULE_LEVEL_LIST.append(1)


@fact("torch")
def compile_local_class_effects() -> str:
    """pytorch#197896's variants: which effects a torch.compile'd function's calls make are
    replayed on every call (3 of 3), and which are lost. A method of a class defined in the
    enclosing function, called on an instance the compiled function makes (appending to the
    enclosing function's list, also with a tensor, or also setting an attribute), on an instance
    made outside, and a class defined inside the compiled function; a nested function appending
    to the same list, the compiled function appending itself, a module-level class's method
    appending to a module-level list. Default fullgraph=False, then fullgraph=True."""
    import torch

    shared = _MODULE_LEVEL_LIST

    def variants(state):
        class Helper:
            def touch(self):
                state.append(1)

        class Setter:
            def touch(self):
                state.append(1)
                self.n = 1

        class Keeper:
            def touch(self, x):
                state.append(x)

        made_outside = Helper()

        def nested():
            state.append(1)

        def inside(x):
            class Inner:
                def touch(self):
                    state.append(1)
            Inner().touch()
            return x + 1

        return {
            "local class, instance made in the trace": lambda x: (Helper().touch(), x + 1)[1],
            "the same, also setting an attribute": lambda x: (Setter().touch(), x + 1)[1],
            "the same, appending a tensor": lambda x: (Keeper().touch(x), x + 1)[1],
            "local class, instance made outside": lambda x: (made_outside.touch(), x + 1)[1],
            "class defined in the compiled function": inside,
            "nested function": lambda x: (nested(), x + 1)[1],
            "the compiled function itself": lambda x: (state.append(1), x + 1)[1],
            "module-level class, module-level list": lambda x: (_ModuleLevel().touch(), x + 1)[1],
        }

    out = []
    for fullgraph in (False, True):
        names = list(variants([]))
        for name in names:
            torch._dynamo.reset()
            state = []
            shared.clear()
            fn = torch.compile(variants(state)[name], backend="eager", fullgraph=fullgraph)
            try:
                for _ in range(3):
                    fn(torch.ones(2))
                got = f"{len(state) + len(shared)} of 3"
            except Exception as error:  # fullgraph refuses what it cannot trace
                got = f"error: {type(error).__name__}"
            out.append(f"{'fullgraph' if fullgraph else 'default'}, {name}: {got}")
    return "; ".join(out)


@fact("torch")
def module_compile_in_place() -> str:
    """`nn.Module.compile()` on a `Sequential` of the project's modules, and on one module: does
    each module's `forward` run under the compiler?"""
    import torch

    seen: list[bool] = []

    class Block(torch.nn.Module):
        def forward(self, x):
            seen.append(torch.compiler.is_compiling())
            return x * 2

    torch._dynamo.reset()
    stack = torch.nn.Sequential(Block(), Block())
    stack.compile()
    stack(torch.ones(3))
    in_sequential = list(seen)
    seen.clear()
    single = Block()
    single.compile()
    single(torch.ones(3))
    return f"Sequential: forward compiling {in_sequential}; a module: {seen}"


@fact("torch")
def script_reads_globals() -> str:
    """What a torch.jit.script function can read of module-level values, and whether a change
    after scripting is seen: an imported module's attribute (written through the module, or by a
    function), a plain object's attribute, a class attribute, a dict item, a global name."""
    import sys
    import types

    import torch

    consts = types.ModuleType("consts_run")
    consts.K = 3
    sys.modules["consts_run"] = consts

    class Conf:
        factor = 5

    conf = Conf()
    cfg = {"k": 3}
    scale = 2

    def set_k(v):
        consts.K = v

    def by_module(x):
        return x * consts.K

    def by_module_function_write(x):
        return x * consts.K

    def by_instance(x):
        return x * conf.factor

    def by_class(x):
        return x * Conf.factor

    def by_dict(x):
        return x * cfg["k"]

    def by_name(x):
        return x * scale

    runs = [
        (by_module, lambda: setattr(consts, "K", 17)), (by_module_function_write, lambda: set_k(19)),
        (by_instance, lambda: setattr(conf, "factor", 11)), (by_class, lambda: setattr(Conf, "factor", 13)),
        (by_dict, lambda: cfg.__setitem__("k", 19)), (by_name, None),
    ]
    told = []
    x = torch.ones(1)
    for fn, change in runs:
        try:
            scripted = torch.jit.script(fn)
        except Exception as e:  # noqa: BLE001 - what scripting says is the fact
            told.append(f"{fn.__name__}: raises {type(e).__name__} when scripted")
            continue
        scripted(x)
        change()
        stale = float(scripted(x)) != float(fn(x))
        told.append(f"{fn.__name__}: {'stale' if stale else 'fine'}")
    return "; ".join(told)


@fact("torch")
def trace_tensor_made_inside() -> str:
    """A branch on a tensor the function makes (`torch.rand`) under torch.jit.trace."""
    import torch

    def noisy(x):
        noise = torch.rand(3)
        if noise.sum() > 10:  # never true: the recorded branch is the `else`
            return x + noise
        return x - noise

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(noisy, (torch.ones(3),), check_trace=False)
    told = sorted({str(w.message).split(".")[0] for w in caught if "Tracer" in type(w.message).__name__})
    return f"wrong (branch baked): {told}" if told else "fine: no TracerWarning"


def _breaks(fn, *args) -> int:
    import torch._dynamo

    torch._dynamo.reset()
    return len(torch._dynamo.explain(fn)(*args).break_reasons)


@fact("torch")
def compile_tensor_made_inside() -> str:
    """The same branch under torch.compile: a graph break."""
    import torch

    def noisy(x):
        y = x * 2
        noise = torch.rand(3)
        if noise.sum() > 10:
            return y + noise
        return y - noise

    return f"graph breaks: {_breaks(noisy, torch.ones(3))}"


@fact("torch")
def compile_print_after_last_tensor_op() -> str:
    """A print, a logging call and a clock read under torch.compile after the compiled
    function's last tensor operation (with list operations and another print between:
    torchdynamo#329), against the same before a tensor operation, in a loop, and in a helper
    the compiled function goes on computing after: how many graphs each compiles to."""
    import logging
    import time

    import torch

    def list_ops_after(x):
        alist = []
        y = x + 1
        alist.append(y)
        print("break1")
        res = alist.pop()
        print("break2")
        return res

    def log_after(x):
        y = torch.relu(x)
        logging.info("done")
        return y

    def clock_after(x):
        y = torch.relu(x)
        t = time.time()
        return y, t

    def before_op(x):
        y = x + 1
        print("break")
        return y * 2

    def in_loop(x):
        y = x + 1
        for _ in range(2):
            print("in loop")
            y = y * 2
        return y

    def helper(x):
        print("helper")
        return x + 1

    def calls_helper(x):
        return helper(x) * 2

    def graphs(fn):
        torch._dynamo.reset()
        return torch._dynamo.explain(fn)(torch.ones(2)).graph_count

    cases = [list_ops_after, log_after, clock_after, before_op, in_loop, calls_helper]
    return ", ".join(f"{fn.__name__}: {graphs(fn)} graph(s)" for fn in cases)


def _fullgraph(fn) -> str:
    import torch
    import torch._dynamo

    torch._dynamo.reset()
    compiled = torch.compile(fn, fullgraph=True, backend="eager")
    try:
        out = compiled(torch.ones(3))
    except Exception as error:
        return f"error: {type(error).__name__}"
    return f"compiles: {torch.equal(out, fn(torch.ones(3)))} (same as eager)"


@fact("torch")
def fullgraph_item() -> str:
    """`.item()` under torch.compile(fullgraph=True)."""

    def scaled(x):
        return x * (x.sum().item() + 1)

    return _fullgraph(scaled)


@fact("torch")
def fullgraph_host_draws() -> str:
    """Host draws under torch.compile(fullgraph=True): which raise, and which are traced into the
    graph (drawn anew: two calls on one input differ)."""
    import random

    import numpy as np
    import torch
    import torch._dynamo

    rng = np.random.default_rng(0)
    draws = {
        "np.random.rand()": lambda x: x + np.random.rand(),
        "random.gauss(0, 1)": lambda x: x + random.gauss(0.0, 1.0),
        "np.random.uniform(0, 1)": lambda x: x + np.random.uniform(0, 1),
        "rng.normal(0, 1)": lambda x: x + rng.normal(0.0, 1.0),
        "rng.normal(0, 1, (3,))": lambda x: x + rng.normal(0.0, 1.0, (3,)),
        "np.random.rand(3)": lambda x: x + np.random.rand(3),
        "np.random.normal(0, 1, size=3)": lambda x: x + np.random.normal(0.0, 1.0, size=3),
    }
    seen = []
    for name, draw in draws.items():
        torch._dynamo.reset()
        compiled = torch.compile(draw, fullgraph=True, backend="eager")
        try:
            fresh = not torch.equal(compiled(torch.ones(3)), compiled(torch.ones(3)))
            seen.append(f"{name}: compiles, {'fresh' if fresh else 'frozen'}")
        except Exception as error:
            seen.append(f"{name}: error {type(error).__name__}")
    return "; ".join(seen)


@fact("torch")
def fullgraph_tolist() -> str:
    """`.tolist()` under torch.compile(fullgraph=True)."""
    import torch

    def listed(x):
        return x * torch.tensor(x.tolist()).sum()

    return _fullgraph(listed)


@fact("torch")
def fullgraph_if() -> str:
    """An `if` on a tensor under torch.compile(fullgraph=True)."""

    def branch(x):
        if x.sum() > 0:
            return x * 2
        return x

    return _fullgraph(branch)


@fact("torch")
def fullgraph_print() -> str:
    """`print` under torch.compile(fullgraph=True)."""

    def printed(x):
        y = x * 2
        print("step")
        return y

    return _fullgraph(printed)


@fact("torch")
def compile_item() -> str:
    """`.item()`, `float(t)` and `.tolist()` under torch.compile with the default
    fullgraph=False: a graph break each, run eagerly, so the compiled results equal the eager
    ones on new inputs (physical-ai-studio#877: the logged loss is right)."""
    import torch

    def scaled(x):
        y = x * 2
        return y * (y.sum().item() + 1)

    def floated(x):
        y = x * 2
        return y + float(y.mean())

    def listed(x):
        y = x * 2
        return torch.tensor(y.tolist()) * 2

    said = []
    for fn in (scaled, floated, listed):
        breaks = _breaks(fn, torch.ones(3))
        torch._dynamo.reset()
        compiled = torch.compile(fn, backend="eager")
        inputs = [torch.randn(3) for _ in range(3)]
        same = all(torch.allclose(compiled(x), fn(x)) for x in inputs)
        said.append(f"{fn.__name__}: {breaks} graph break(s), {'same as eager' if same else 'differs from eager'}")
    return "; ".join(said)


@fact("torch")
def compile_clock_reads() -> str:
    """Clock reads (`datetime.now()`, `time.time()`, `time.perf_counter()`, `time.monotonic()`,
    `time.time_ns()`) after a tensor operation under torch.compile: Dynamo traces none of them,
    so each is a graph break run eagerly on every call (three calls 20 ms apart see three
    values: pytorch#125171); under fullgraph=True each raises."""
    import datetime
    import time

    import torch
    import torch._dynamo

    clocks = {
        "datetime.now()": lambda: datetime.datetime.now().microsecond,
        "time.time()": time.time,
        "time.perf_counter()": time.perf_counter,
        "time.monotonic()": time.monotonic,
        "time.time_ns()": time.time_ns,
    }
    said = []
    for name, clock in clocks.items():
        def stamped(x, clock=clock):
            return x * 2 + float(clock() % 1000)

        breaks = _breaks(stamped, torch.zeros(3))
        torch._dynamo.reset()
        compiled = torch.compile(stamped, backend="eager")
        seen = set()
        for _ in range(3):
            seen.add(float(compiled(torch.zeros(3))[0]))
            time.sleep(0.02)
        said.append(f"{name}: {breaks} break(s), {'fresh' if len(seen) == 3 else 'frozen'} per call, "
                    f"fullgraph {_fullgraph(stamped)}")
    return "; ".join(said)


@fact("torch")
def compile_assume_constant_result() -> str:
    """A function marked `torch.compiler.assume_constant_result` (or `torch._dynamo.`'s, as a
    decorator or applied) runs once while Dynamo traces its compiled caller; what it returned is a
    constant of the graph and nothing it read is guarded, so a global rebound, a module-level dict
    entry changed, or a module-level object's attribute set after the first call is read stale
    (TransformerEngine#3130). Unmarked, Dynamo guards the same reads and recompiles;
    `torch.compiler.reset()` between the calls starts a new graph. (The caller must hold a tensor
    operation: a frame with none makes no graph and runs eagerly, fresh.)"""
    import torch
    import torch._dynamo

    source = """
import torch, types
FLAG = False
TABLE = {"flag": False}
OBJ = types.SimpleNamespace(flag=False)

@torch.compiler.assume_constant_result
def read_global():
    return FLAG

def read_applied():
    return FLAG

read_applied = torch._dynamo.assume_constant_result(read_applied)

@torch.compiler.assume_constant_result
def read_entry():
    return TABLE["flag"]

@torch.compiler.assume_constant_result
def read_attribute():
    return OBJ.flag

def unmarked():
    return FLAG

def forward(x):
    if READ():
        x = x * 2
    return x + 1
"""
    said = []
    for name, read, change, reset in (
        ("torch.compiler decorator, global rebound", "read_global", "FLAG = True", False),
        ("torch._dynamo applied, global rebound", "read_applied", "FLAG = True", False),
        ("dict entry set", "read_entry", "TABLE['flag'] = True", False),
        ("object attribute set", "read_attribute", "OBJ.flag = True", False),
        ("fine: unmarked, global rebound", "unmarked", "FLAG = True", False),
        ("fine: marked, torch.compiler.reset() between", "read_global", "FLAG = True", True),
    ):
        g: dict = {}
        exec(source.replace("READ", read), g)
        torch._dynamo.reset()
        compiled = torch.compile(g["forward"], backend="eager")
        before = float(compiled(torch.ones(1))[0])
        exec(change, g)
        if reset:
            torch.compiler.reset()
        after = float(compiled(torch.ones(1))[0])
        said.append(f"{name}: {before:g} then {after:g} ({'stale' if after == before else 'fresh'}; eager 2 then 3)")
    return "; ".join(said)


@fact("torch")
def compile_ignore_logger_methods() -> str:
    """A logger method registered in `torch._dynamo.config.ignore_logger_methods` (assigned,
    added to the set, updated, `|=`, or through `torch._dynamo.config.patch`) and called as `logger.method(...)`
    in a compiled function is dropped: it logs on no call (pytorch#123288); an unregistered method
    of the same logger, or the registered one called through another name, is a graph break that
    logs on every call, as the registered one called outside the compiled function does."""
    import torch
    import torch._dynamo

    source = """
import logging, torch
records = []

class Count(logging.Handler):
    def emit(self, record):
        records.append(record)

logger = logging.getLogger("acclint_ignore_logger_methods")
logger.propagate = False
logger.handlers[:] = [Count()]
logger.setLevel(logging.INFO)
alias = logger.warning

def step(x):
    y = x + 1
    CALL("logged")
    return y * 2
"""
    config = torch._dynamo.config
    kept = set(config.ignore_logger_methods)
    said = []
    for name, call, register in (
        ("assigned", "logger.warning", "config.ignore_logger_methods = {logger.warning}"),
        ("added", "logger.info", "config.ignore_logger_methods.add(logger.info)"),
        ("config.patch", "logger.error", "patch = config.patch(ignore_logger_methods={logger.error})"),
        ("updated", "logger.warning", "config.ignore_logger_methods.update({logger.warning})"),
        ("|=", "logger.warning", "config.ignore_logger_methods |= {logger.warning}"),
        ("fine: another method (warning registered)", "logger.error", "config.ignore_logger_methods = {logger.warning}"),
        ("fine: the registered method through an alias", "alias", "config.ignore_logger_methods = {logger.warning}"),
    ):
        g: dict = {"config": config}
        exec(source.replace("CALL", call), g)
        config.ignore_logger_methods = set(kept)
        exec(register, g)
        torch._dynamo.reset()
        compiled = torch.compile(g["step"], backend="eager")
        with g.get("patch") or contextlib.nullcontext():
            for _ in range(3):
                compiled(torch.ones(2))
        said.append(f"{name}: {len(g['records'])} of 3 calls logged")
    config.ignore_logger_methods = kept
    return "; ".join(said)


@fact("jax", "tensorflow")
def literal_display_passes() -> str:
    """A loop over a literal display of sizes or static values traces once per entry, as a
    `range` over as many values does (jax_803's ten batch sizes: tests/test_display_passes.py);
    five entries trace five times, entries that reach no cache key, or one size repeated, once;
    a second call in a pass with the same arguments (a warm-up, then the timed call) adds none."""
    from functools import partial

    import jax
    import jax.numpy as jnp
    import numpy as np
    import tensorflow as tf

    traces: dict[str, int] = {}

    def counted(name, fn):
        return _counting(traces, name, fn)

    rng = np.random.default_rng(0)
    grad_loss = jax.jit(jax.grad(counted("enumerate, 10 sizes", lambda w, x, y: jnp.mean((x @ w - y) ** 2))))
    w = jnp.zeros(3)
    for _step, batch_size in enumerate([32, 17, 25, 9, 30, 12, 21, 28, 5, 14]):
        x = rng.random((batch_size, 3), dtype=np.float32)
        w = w - 0.1 * grad_loss(w, x, x.sum(axis=1))
    total = jax.jit(counted("tuple, 6 sizes", lambda x: x.sum()))
    for n in (8, 16, 24, 32, 40, 48):
        total(jnp.zeros((n, 4)))
    power = partial(jax.jit, static_argnums=1)(counted("7 static values", lambda x, k: x ** k))
    v = jnp.ones(3)
    for k in [1, 2, 3, 4, 5, 6, 7]:
        v = power(v, k)
    scale = tf.function(counted("tf.function, 8 Python floats", lambda x, s: x * s))
    for s in [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0]:
        scale(tf.ones(3), s)
    warmed = tf.function(counted("tf.function, 6 sizes, a warm-up then a timed call each", lambda x: x * 2))
    for n in [1000, 2000, 3000, 4000, 5000, 10000]:
        warmed(tf.ones((n, 3))[:n])
        warmed(tf.ones((n, 3))[:n])
    five = jax.jit(counted("fine: 5 sizes", lambda x: x.sum()))
    for n in [8, 16, 32, 64, 128]:
        five(jnp.zeros((n, 4)))
    step = jax.jit(counted("fine: 8 values reaching no key", lambda w, x: w - 0.1 * x))
    w, x = jnp.zeros(3), jnp.ones(3)
    for lr in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]:
        w = step(w, x) * lr
    tensors = tf.function(counted("fine: tf.function, 6 tensors of one shape", lambda x, s: x * s))
    for s in [tf.constant(0.5), tf.constant(1.0), tf.constant(1.5), tf.constant(2.0), tf.constant(2.5), tf.constant(3.0)]:
        tensors(tf.ones(3), s)
    same = jax.jit(counted("fine: one size 8 times", lambda x: x.sum()))
    for n in [16] * 8:
        same(jnp.zeros((n, 4)))
    return "; ".join(f"{k}: {v} trace(s)" for k, v in traces.items())


@fact("tensorflow")
def tf_function_new_model_per_fold() -> str:
    """painface_4's cross-validation: a tf.function step defined per fold, closing over the fold's
    new Keras model and optimizer, traces once per fold (twice for the train step: its first call
    makes the optimizer's variables); hoisted to module level with the model as an argument it
    traces once per new model all the same, and a hoisted train step given a second fold's new
    optimizer raises (a tf.function creates variables only on its first trace). The per-fold
    traces are a compile per configuration, no fix removes them (the report module is a fine
    look-alike since stop 54)."""
    import numpy as np
    import tensorflow as tf

    traces: dict[str, int] = {}
    loss_fn = tf.keras.losses.BinaryCrossentropy()

    def build():
        x_in = tf.keras.Input((8,))
        return tf.keras.Model(x_in, tf.keras.layers.Dense(2, activation="sigmoid")(x_in))

    x, y = tf.constant(np.ones((4, 8), np.float32)), tf.constant(np.ones((4, 2), np.float32))

    def fold_steps(model, optimizer):
        def train(x, y):
            with tf.GradientTape() as tape:
                loss = loss_fn(y, model(x, training=True))
            optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_weights), model.trainable_weights))
        return tf.function(_counting(traces, "per fold: train", train)), tf.function(_counting(traces, "per fold: validation", lambda x, y: loss_fn(y, model(x))))

    for _fold in range(4):
        train, validation = fold_steps(build(), tf.keras.optimizers.RMSprop(1e-3))
        for _step in range(3):
            train(x, y)
            validation(x, y)
    hoisted = tf.function(_counting(traces, "hoisted: validation, model as argument", lambda model, x, y: loss_fn(y, model(x))))
    for _fold in range(4):
        model = build()
        for _step in range(3):
            hoisted(model, x, y)

    def train_any(model, optimizer, x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_weights), model.trainable_weights))

    hoisted_train = tf.function(train_any)

    def two_folds():
        for _fold in range(2):
            hoisted_train(build(), tf.keras.optimizers.RMSprop(1e-3), x, y)

    said = [f"{k}: {v} trace(s)" for k, v in traces.items()]
    return "; ".join(said + [f"hoisted train step, a new optimizer per fold: {_error(two_folds)}"])


@fact("torch")
def func_vmap_randomness() -> str:
    """torch.func.vmap's default `randomness="error"` against random ops in the mapped function
    (pytorch/rl#2313; tests/test_vmap_randomness.py): a draw, functional dropout, a module with
    a Dropout called directly or through `functional_call` raise; `randomness="different"` or
    `"same"`, `training=False`, a module in `.eval()` or one without a Dropout run."""
    import copy

    import torch
    import torch.nn.functional as F
    from torch import nn
    from torch.func import functional_call, stack_module_state, vmap

    x = torch.randn(5, 4)
    net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1))
    qnets = [nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1)) for _ in range(2)]
    params, buffers = stack_module_state(qnets)
    base = copy.deepcopy(qnets[0]).to("meta")
    evaluated = copy.deepcopy(net).eval()
    plain = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    cases = {
        "torch.randn_like": lambda: vmap(lambda r: r + torch.randn_like(r))(x),
        "torch.rand": lambda: vmap(lambda r: r + torch.rand(4))(x),
        "F.dropout, training=True": lambda: vmap(lambda r: F.dropout(r, 0.1, training=True))(x),
        "F.dropout, default training": lambda: vmap(lambda r: F.dropout(r, 0.1))(x),
        "a module with a Dropout": lambda: vmap(lambda r: net(r))(x),
        "functional_call of a deepcopy of a listed module": lambda: vmap(
            lambda p, b, o: functional_call(base, (p, b), (o,)), in_dims=(0, 0, None))(params, buffers, x),
        "fine: randomness='different'": lambda: vmap(lambda r: r + torch.randn_like(r), randomness="different")(x),
        "fine: randomness='same'": lambda: vmap(lambda r: F.dropout(r, 0.1, training=True), randomness="same")(x),
        "fine: the module in eval()": lambda: vmap(lambda r: evaluated(r))(x),
        "fine: F.dropout, training=False": lambda: vmap(lambda r: F.dropout(r, 0.1, training=False))(x),
        "fine: a module without a Dropout": lambda: vmap(lambda r: plain(r))(x),
    }
    return "; ".join(f"{what}: {_error(run)}" for what, run in cases.items())


@fact("jax", "tensorflow")
def method_of_instance_made_in_trace() -> str:
    """A method called on an object the traced function makes itself (`Scaler(2.0).apply(x)`, or
    `s = Scaler(k)` then `s.noisy(x)`) runs in that trace as a helper function would
    (acclint.analysis.made_instances): under jax.jit a branch on a traced argument there raises
    and a NumPy draw there is the same on every call (tf.function: the same draw); writes to the
    object's own attributes are scratch, the result equal to eager's (the object is made anew by
    every eager call too)."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    import tensorflow as tf

    class Scaler:
        def __init__(self, k):
            self.k = k

        def apply(self, x):
            if x.sum() > 0:
                return x * self.k
            return x

        def noisy(self, x):
            return x + np.random.normal()

    class Acc:
        def __init__(self):
            self.total = 0.0
            self.items = []

        def add(self, x):
            self.total = self.total + x
            self.items.append(x)
            return self

    said = [f"jax.jit, branch in a method of Scaler(2.0): {_error(lambda: jax.jit(lambda x: Scaler(2.0).apply(x))(jnp.ones(3)))}"]

    def noisy(x):
        s = Scaler(3.0)
        return s.noisy(x)

    draws = jax.jit(noisy)
    said.append(f"jax.jit, NumPy draw in a method: {len({float(draws(jnp.zeros(())) ) for _ in range(3)})} distinct of 3 calls")
    tf_draws = tf.function(noisy)
    said.append(f"tf.function, NumPy draw in a method: {len({float(tf_draws(tf.zeros(()))) for _ in range(3)})} distinct of 3 calls")
    summed = jax.jit(lambda x: Acc().add(x).add(x).total)
    said.append(f"fine: jax.jit, writes to the made object's attributes: {[float(summed(jnp.float32(v))) for v in (1, 2, 3)]} (eager 2, 4, 6)")
    return "; ".join(said)


@fact("jax", "tensorflow", "torch")
def literal_string_display_passes() -> str:
    """A loop over a literal display of distinct strings handed to a compiled callable that keys
    strs by value traces once per entry, as a display of numbers does (opentau_114's eight
    prompts; tests/test_display_passes.py): torch.compile guards a str by value (no dynamic
    str), a jax.jit static argument and a tf.function's Python argument key by value; five
    strings trace five times, strings that reach no key once."""
    from functools import partial

    import jax
    import jax.numpy as jnp
    import tensorflow as tf
    import torch

    traces: dict[str, int] = {}

    def counted(name, fn):
        return _counting(traces, name, fn)

    prompts = ["pick", "open", "push", "stack", "close", "wipe", "pour", "fold"]
    said = [f"torch.compile, 8 prompts: {_torch_graphs(lambda b: torch.compile(lambda x, p: x * len(p), backend=b), lambda c, i: c(torch.ones(3), prompts[i]), 8)} graph(s)"]
    tasks = ("a", "b", "c", "d", "e", "f")
    said.append(f"torch.compile, module tuple of 6 tasks: {_torch_graphs(lambda b: torch.compile(lambda x, t: x + (1 if t == 'a' else 2), backend=b), lambda c, i: c(torch.ones(3), tasks[i]), 6)} graph(s)")
    said.append(f"fine: torch.compile, 5 prompts: {_torch_graphs(lambda b: torch.compile(lambda x, p: x * len(p), backend=b), lambda c, i: c(torch.ones(3), prompts[i]), 5)} graph(s)")
    said.append(f"fine: torch.compile, 8 names reaching no key: {_torch_graphs(lambda b: torch.compile(lambda x: x * 2, backend=b), lambda c, i: (c(torch.ones(3)), prompts[i]), 8)} graph(s)")
    act = partial(jax.jit, static_argnums=1)(counted("jax.jit static, enumerate of 7 kinds", lambda x, kind: jnp.tanh(x) if kind == "tanh" else x))
    for _i, kind in enumerate(["tanh", "relu", "gelu", "silu", "elu", "selu", "sigmoid"]):
        act(jnp.ones(3), kind)
    tagged = tf.function(counted("tf.function, 6 Python strs", lambda x, tag: x * len(tag)))
    for tag in ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]:
        tagged(tf.ones(3), tag)
    return "; ".join(said + [f"{k}: {v} trace(s)" for k, v in traces.items()])


@fact("torch")
def trace_size_read_per_axis() -> str:
    """torch.jit.trace bakes a size read's value for the axis it reads: a `range` over
    `x.shape[1]` traced at (2, 4) is right for inputs (5, 4) and (9, 4), which change only
    axis 0, and wrong for (2, 6); ssd_87's inner loop over the class axis of `scores[i]` (axis 2)
    is right at (3, 8, 4) where the outer loop over the batch is not (tests/test_trace_size_axes.py)."""
    import warnings

    import torch

    def columns(x):
        total = x[:, 0]
        for j in range(1, x.shape[1]):
            total = total + x[:, j]
        return total

    def classes(scores):
        per_img = scores[0]
        return torch.stack([per_img[:, c].max() for c in range(1, per_img.size(1))])

    said = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, fn, example, others in (
            ("range(x.shape[1])", columns, (2, 4), [(5, 4), (9, 4), (2, 6)]),
            ("range(1, scores[0].size(1))", classes, (2, 8, 4), [(3, 8, 4), (2, 8, 6)]),
        ):
            traced = torch.jit.trace(fn, torch.rand(*example))
            for shape in others:
                x = torch.rand(*shape)
                try:
                    right = traced(x).shape == fn(x).shape and torch.allclose(traced(x), fn(x))
                except RuntimeError:
                    right = False
                said.append(f"{name} traced at {example}, called at {shape}: {'right' if right else 'wrong'}")
    return "; ".join(said)


@fact("jax")
def returned_tuple_shapes() -> str:
    """A module function returning a tuple whose entries' shapes come from a value new on each
    pass retraces a jitted consumer on each pass, entry by entry (tests/test_returned_tuple_shapes.py,
    mace_1590): unpacked, passed whole as a pytree; an entry of fixed shape, or the padded twin,
    traces once."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    traces: dict[str, int] = {}

    def counted(name, fn):
        return jax.jit(_counting(traces, name, fn))

    def graph(n_nodes, rng):
        positions = rng.random((n_nodes, 3))
        senders, receivers = np.nonzero(~np.eye(n_nodes, dtype=bool))
        return positions, senders, receivers

    def pad(positions, senders, receivers, n_nodes=64, n_edges=4096):
        return np.zeros((n_nodes, 3)), np.zeros(n_edges, dtype=int), np.zeros(n_edges, dtype=int)

    def init(i):
        return jnp.zeros(3), jnp.ones((i, 3))

    energy = counted("graph(n) unpacked", lambda p, s, r: jnp.sum(p[s] - p[r]))
    padded = counted("fine: the padded twin", lambda p, s, r: jnp.sum(p[s] - p[r]))
    fixed = counted("fine: the fixed entry", lambda a: a.sum())
    grown = counted("the entry made from i", lambda a: a.sum())
    whole = counted("the tuple passed whole", lambda batch: jnp.mean(batch[0]) + jnp.mean(batch[1]))
    rng = np.random.default_rng(0)
    for n_nodes in range(10, 16):
        positions, senders, receivers = graph(n_nodes, rng)
        energy(positions, senders, receivers)
        padded(*pad(positions, senders, receivers))
    for i in range(1, 7):
        w, x = init(i)
        fixed(w)
        grown(x)
        whole((jnp.ones((i, 4)), jnp.zeros(4)))
    return "; ".join(f"{k}: {v} trace(s) in 6 passes" for k, v in traces.items())


@fact("torch")
def traced_and_compiled() -> str:
    """One function both traced and compiled: each framework's hazard happens in its own run
    (the host draw is frozen by the trace; the `if` breaks the compiled graph)."""
    import numpy as np
    import torch

    def both(x):
        y = x * float(np.random.rand() + 1)
        if y.sum() > 0:
            return y
        return -y

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(both, (torch.ones(3),), check_trace=False)
    frozen = len({round(float(traced(torch.ones(3))[0]), 6) for _ in range(4)}) == 1
    return f"trace: host draw frozen: {frozen}; compile: graph breaks: {_breaks(both, torch.ones(3))}"



# --- Cache keys: compiled callables each object owns (ACC501/ACC502) -------------------------


def _counting(traces: dict[str, int], name: str, fn):
    """`fn`, adding one to `traces[name]` each time its Python body runs (once per trace where
    a framework traces it)."""

    def body(*args):
        traces[name] = traces.get(name, 0) + 1
        return fn(*args)

    return body


def _traces(run) -> dict[str, int]:
    """Run `run(count)`, where the traced bodies call `count(tag)`: traces per tag."""
    counts: dict[str, int] = {}
    run(lambda tag: counts.__setitem__(tag, counts.get(tag, 0) + 1))
    return counts


@fact("jax")
def jax_jit_owned_by_each_object() -> str:
    """A new object each of 8 passes, calling a jitted callable its `__init__` made, or a method
    jitted with `self` static; the look-alikes: one object reused, a module function jitted in
    `__init__`, a class with value equality."""
    from functools import partial

    import jax
    import jax.numpy as jnp

    def run(count):
        def plain(x):
            count("jit(module function) in __init__")
            return x * 2

        class Trainer:
            def __init__(self):
                self.step = jax.jit(self._step)
                self.shared = jax.jit(plain)
                self.lam = jax.jit(lambda x: (count(f"jit(lambda) in __init__, {objects[0]}"), x + 1)[1])

            def _step(self, x):
                count("jit(self._step) in __init__")
                return x * 2

        class Static:
            @partial(jax.jit, static_argnums=0)
            def step(self, x):
                count("static self, plain class")
                return x * 2

        class Hashed:
            def __hash__(self):
                return 0

            def __eq__(self, other):
                return isinstance(other, Hashed)

            @partial(jax.jit, static_argnums=0)
            def step(self, x):
                count("static self, value equality")
                return x * 2

        x, objects = jnp.ones(3), ["a new object each pass"]
        for _ in range(8):
            t = Trainer()
            t.step(x), t.shared(x), t.lam(x)
            Static().step(x), Hashed().step(x)
        once, objects[0] = Trainer(), "one object"
        for _ in range(8):
            once.lam(x)

    return ", ".join(f"{tag}: {n}" for tag, n in _traces(run).items())


@fact("jax", "tensorflow")
def jax_reuse_on_the_pass() -> str:
    """A callable new on each of 6 passes, compiled and then reused on the pass (jax#282): in an
    inner loop, called twice, in a comprehension (tf.function), an object made each epoch reused
    over its batches; the look-alikes: a module function wrapped each pass, two literal modes."""
    import functools

    import jax
    import jax.numpy as jnp
    import tensorflow as tf

    def run(count):
        def scale(k, x):
            count("jit(partial(f, x=x)) reused in an inner loop")
            return x * k

        def plain(v):
            count("jit(module function) reused in an inner loop")
            return v * 2

        class Trainer:
            def __init__(self):
                self.step = jax.jit(self._step)

            def _step(self, v):
                count("an object made each epoch, reused over its batches")
                return v * 2

        xs, x = [jnp.ones(3) * i for i in range(6)], jnp.ones(3)
        for item in xs:
            g, f = jax.jit(functools.partial(scale, x=item)), jax.jit(plain)
            for k in range(4):
                g(k), f(item)
        for _ in range(6):
            def h(v):
                count("a jitted local def called twice")
                return v * 3
            h = jax.jit(h)
            h(x), h(x + 1)

            def body(v):
                count("tf.function(local def) in a comprehension")
                return v + 1
            step = tf.function(body)
            [step(v) for v in (tf.ones(3), tf.zeros(3))]
            fresh = Trainer()
            for _ in range(4):
                fresh.step(x)
        for mode in ("train", "eval"):
            def per_mode(v):
                count("two literal modes, each reused")
                return v * 2
            m = jax.jit(per_mode)
            for _ in range(4):
                m(x)

    return ", ".join(f"{tag}: {n}" for tag, n in _traces(run).items())


@fact("tensorflow")
def tf_input_signature_values() -> str:
    """A Python float new on each of 6 passes given a tf.function with an `input_signature`
    (a function, an attribute bound to `tf.function(self._step, input_signature=...)`, a method):
    converted to a tensor of the spec; and with `reduce_retracing=True`, which relaxes shapes only."""
    import tensorflow as tf

    def run(count):
        sig = [tf.TensorSpec([3]), tf.TensorSpec([], tf.float32)]

        @tf.function(input_signature=sig)
        def signed(x, lr):
            count("input_signature, a function")
            return x * lr

        @tf.function(reduce_retracing=True)
        def relaxed(x, lr):
            count("reduce_retracing")
            return x * lr

        class Signed:
            def __init__(self):
                self.step = tf.function(self._step, input_signature=sig)

            def _step(self, x, lr):
                count("input_signature, an attribute")
                return x * lr

            @tf.function(input_signature=sig)
            def m(self, x, lr):
                count("input_signature, a method")
                return x * lr

        s, x = Signed(), tf.ones(3)
        for e in range(6):
            signed(x, 0.1 * e), s.step(x, 0.1 * e), s.m(x, 0.1 * e), relaxed(x, 0.1 * e)

    return ", ".join(f"{tag}: {n}" for tag, n in _traces(run).items())


@fact("jax")
def jax_transform_results() -> str:
    """`jax.jit` of the callable `jax.vjp` or `jax.linearize` returns, on each of 6 passes: in a
    `while`, reused in a comprehension, in a helper the loop runs; the look-alike `jax.jvp` (values)
    then `jax.jit` of the module function. Traces of jitted callables, from jax's compile log."""
    import logging

    import jax
    import jax.numpy as jnp

    def f(x):
        return jnp.sin(x) * x

    def grad_at(x, g):
        _, vjp = jax.vjp(f, x)
        return jax.jit(vjp)(g)

    traced: list[str] = []

    class Log(logging.Handler):
        def emit(self, record):
            text = record.getMessage()
            if text.startswith("Finished tracing ") and " for jit " in text:
                traced.append(text[len("Finished tracing "):text.index(" for jit ")])

    def jitted(run) -> int:
        """Traces of the pullbacks (unnamed) and of `f` that `run` causes."""
        before = len(traced)
        run()
        return sum(name in ("<unnamed function>", "f") for name in traced[before:])

    x0, handler, logger = jnp.ones(3), Log(), logging.getLogger("jax")
    logger.addHandler(handler)
    try:
        with jax.log_compiles(True):
            counts = {
                "jit(pullback) in a while": jitted(lambda: [jax.jit(jax.vjp(f, x0 * i)[1])(x0) for i in range(6)]),
                "jit(linearize's function) reused": jitted(lambda: [
                    [lin(v) for v in (x0, x0 * 2)] for lin in (jax.jit(jax.linearize(f, x0 + i)[1]) for i in range(6))
                ]),
                "jit(pullback) in a helper": jitted(lambda: [grad_at(x0 * i, x0) for i in range(6)]),
                "jvp, then jit(module function)": jitted(lambda: [jax.jit(f)(jax.jvp(f, (x0,), (x0 * i,))[0]) for i in range(6)]),
            }
    finally:
        logger.removeHandler(handler)
    return ", ".join(f"{tag}: {n}" for tag, n in counts.items())


@fact("tensorflow")
def tf_loop_over_the_keys_of_a_dict_of_tensors() -> str:
    """A tf.function looping `for k in y_true.keys():` over a dict of tensors and appending to a
    Python list (tensorflow/privacy's per-example loss): AutoGraph leaves a loop over a dict's
    keys a Python loop, so the list collects one tensor per key; the look-alike loops over
    `tf.range` of a traced count, and its append raises."""
    import tensorflow as tf

    @tf.function
    def over_keys(y_true, y_pred):
        loss_values = []
        for k in y_true.keys():
            loss_values.append(tf.reshape(y_true[k] - y_pred[k], [-1]))
        return tf.math.add_n(loss_values)

    @tf.function
    def over_range(n):
        out = []
        for i in tf.range(n):
            out.append(i * 2)
        return tf.stack(out)

    y = {"a": tf.ones(3), "b": tf.ones(3) * 2}
    keys = f"over keys: {over_keys(y, {'a': tf.zeros(3), 'b': tf.zeros(3)}).numpy().tolist()}"
    return f"{keys}; over tf.range: {_error(lambda: over_range(tf.constant(3)))}"


@fact("tensorflow")
def tf_python_iterator_in_function() -> str:
    """A tf.function advancing an iterator made outside it (the "Better performance with
    tf.function" guide's Python iterators and generators): `next()` on a Python list's
    iterator, on a generator, and a `for` over a generator, each called three times; the
    look-alike closes over `iter(dataset)` of a tf.data dataset, whose `next()` is an operation
    of the trace."""
    import tensorflow as tf

    items = iter([tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)])

    def counting():
        n = 0.0
        while True:
            n += 1.0
            yield n

    gen = counting()
    chunks = (tf.constant(float(i)) for i in range(3))
    dataset_items = iter(tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0]))

    @tf.function
    def from_list():
        return next(items) * 1.0

    @tf.function
    def from_generator():
        return tf.constant(next(gen))

    @tf.function
    def loop_over_generator():
        s = tf.constant(0.0)
        for c in chunks:
            s += c
        return s

    @tf.function
    def from_dataset():
        return next(dataset_items) * 2.0

    runs = {"list iterator": from_list, "generator": from_generator, "for over a generator": loop_over_generator,
            "iter(dataset)": from_dataset}
    return "; ".join(f"{tag}: {[float(f()) for _ in range(3)]}" for tag, f in runs.items())


@fact("tensorflow")
def keras_compile_run_eagerly() -> str:
    """Keras 3 (TF back end) `fit` of a model whose `train_step` has an `if` on the loss (Keras'
    compile guide: `run_eagerly=True` runs the step as Python): compiled plainly, with
    `run_eagerly=True`, and compiled with it and then again without."""
    import keras
    import numpy as np
    import tensorflow as tf

    class Careful(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)

        def call(self, x):
            return self.dense(x)

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                loss = keras.ops.mean((self(x) - y) ** 2)
            if loss > 1e-3:
                grads = tape.gradient(loss, self.trainable_variables)
                self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            return {"objective": loss}

    def fit(*compiles):
        model = Careful()
        for keywords in compiles:
            model.compile(optimizer="sgd", **keywords)
        return _error(lambda: model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=1, verbose=0))

    return (f"plain: {fit({})}; run_eagerly=True: {fit({'run_eagerly': True})}; "
            f"then compiled without: {fit({'run_eagerly': True}, {})}")


@fact("tensorflow")
def keras_compile_on_each_pass() -> str:
    """Keras 3 (TF back end): traces of the train function (`train_step` run by a Python
    counter inside it) over 6 passes of a loop: compiled once before the loop and
    `train_on_batch` on each pass; compiled and `train_on_batch` on each pass; compiled and
    `fit(epochs=3)` on each pass (the trace amortised over the epochs' steps)."""
    import keras
    import numpy as np

    traces = [0]

    class Counted(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)

        def call(self, x):
            return self.dense(x)

        def train_step(self, data):
            traces[0] += 1
            return super().train_step(data)

    x, y = np.ones((8, 2), "float32"), np.ones((8, 1), "float32")

    def count(compile_each_pass: bool, step) -> int:
        traces[0] = 0
        model = Counted()
        model.compile(loss="mse", optimizer="sgd")
        for _ in range(6):
            if compile_each_pass:
                model.compile(loss="mse", optimizer="sgd")
            step(model)
        return traces[0]

    def one(model):
        model.train_on_batch(x, y)

    def epochs(model):
        model.fit(x, y, batch_size=4, epochs=3, verbose=0)

    return (f"compiled once, train_on_batch: {count(False, one)} traces in 6 passes; "
            f"compiled each pass, train_on_batch: {count(True, one)}; "
            f"compiled each pass, fit(epochs=3, 2 steps each): {count(True, epochs)} traces for 36 steps")


@fact("tensorflow")
def tf_dataclass_argument() -> str:
    """A dataclass instance passed to a tf.function that reads its field, the field written
    between two calls ("Better performance with tf.function": depending on Python objects):
    a dataclass with the default `eq=True` (unhashable), one declared `eq=False` (hashed by
    identity, as a plain class), and a frozen one (hashed by value, a new object per value)."""
    import dataclasses

    import tensorflow as tf

    @dataclasses.dataclass
    class Default:
        beta: float = 1.0

    @dataclasses.dataclass(eq=False)
    class ByIdentity:
        beta: float = 1.0

    @dataclasses.dataclass(frozen=True)
    class Frozen:
        beta: float = 1.0

    @tf.function
    def scaled(hp, x):
        return x * hp.beta

    def written(cls):
        hp = cls()
        before = float(scaled(hp, tf.constant(1.0)))
        hp.beta = 0.5
        return f"{before}, then {float(scaled(hp, tf.constant(1.0)))} (eager 0.5)"

    frozen = f"{float(scaled(Frozen(), tf.constant(1.0)))}, then {float(scaled(Frozen(0.5), tf.constant(1.0)))}"
    return (f"eq=True: {_error(lambda: written(Default))}; eq=False: {written(ByIdentity)}; "
            f"frozen, a new object per value: {frozen}")


@fact("tensorflow")
def tf_name_assigned_in_one_branch_of_converted_if() -> str:
    """A tf.function whose `if` on a tensor assigns a name in some branches only ("Better
    performance with tf.function", conditionals; AutoGraph's limitations: a variable must be
    defined in every branch of a converted `if` to be used after it). Hazards: no `else`, an
    `else` that assigns something else, an `elif` chain missing it in one branch, an augmented
    assignment reading it after; look-alikes: bound before the `if`, assigned in every branch, a
    temporary used only in its branch, rebound after the `if` before it is read, the `if` on a
    Python value, a branch that returns."""
    import tensorflow as tf

    def no_else(x):
        if tf.reduce_sum(x) > 0:
            y = x * 2
        return y

    def else_without(x):
        if tf.reduce_sum(x) > 0:
            y = x * 2
        else:
            z = x
        return y + z

    def elif_chain(x):
        if tf.reduce_sum(x) > 10:
            y = x * 3
        elif tf.reduce_sum(x) > 0:
            y = x * 2
        else:
            pass
        return y

    def augmented_after(x):
        if tf.reduce_sum(x) > 0:
            total = x
        total += 1.0
        return total

    def bound_before(x):
        y = x
        if tf.reduce_sum(x) > 0:
            y = x * 2
        return y

    def every_branch(x):
        if tf.reduce_sum(x) > 0:
            y = x * 2
        else:
            y = x
        return y

    def temporary(x):
        y = x
        if tf.reduce_sum(x) > 0:
            doubled = x * 2
            y = doubled
        return y

    def rebound_after(x):
        if tf.reduce_sum(x) > 0:
            y = x * 2
        y = x + 1
        return y

    def python_condition(x, flag=True):
        if flag:
            y = x * 2
        return y

    def branch_returns(x):
        if tf.reduce_sum(x) > 0:
            y = x * 2
        else:
            return x
        return y

    cases = [no_else, else_without, elif_chain, augmented_after, bound_before, every_branch, temporary,
             rebound_after, python_condition, branch_returns]
    x = tf.constant([1.0, 2.0])
    return "; ".join(f"{f.__name__}: {_error(lambda f=f: tf.function(f)(x))}" for f in cases)


@fact("tensorflow")
def tf_variable_made_in_function() -> str:
    """A tf.function making a tf.Variable ("Better performance with tf.function", creating
    tf.Variables): as a local, as an attribute set on every call, in a Python loop, from an
    argument, in a tf.data map function; the look-alike makes it under `if self.v is None:`."""
    import tensorflow as tf

    def local(x):
        v = tf.Variable(1.0)
        return v + x

    class Unconditional:
        def __call__(self, x):
            self.v = tf.Variable(1.0)
            return self.v + x

    class Guarded:
        def __init__(self):
            self.v = None

        def __call__(self, x):
            if self.v is None:
                self.v = tf.Variable(1.0)
            return self.v + x

    def in_loop(x):
        for i in range(2):
            x = x + tf.Variable(float(i))
        return x

    def from_argument(x):
        return tf.Variable(x) * 2

    def calls(f):
        g = tf.function(f)
        return _error(lambda: [g(tf.constant(1.0)) for _ in range(3)])

    mapped = _error(lambda: list(tf.data.Dataset.range(3).map(lambda i: tf.Variable(1.0) + tf.cast(i, tf.float32))))
    return (f"local: {calls(local)}; attribute: {calls(Unconditional())}; in a Python loop: {calls(in_loop)}; "
            f"from an argument: {calls(from_argument)}; in a tf.data map: {mapped}; guarded: {calls(Guarded())}")


@fact("jax")
def tree_map_of_a_dtype_test() -> str:
    """What a tree map holds under `jax.jit` when its function reads only a leaf's dtype or rank
    (`jnp.iscomplexobj`, `jnp.isrealobj`, `jnp.ndim`, `lambda p: p.dtype == jnp.float32`): netket's
    `tree_leaf_iscomplex` takes `any` of the leaves and branches on it. The look-alikes map
    `jnp.isnan` and a lambda summing each leaf: their leaves are tracers, and an `if` on them
    raises."""
    import jax
    import jax.numpy as jnp

    params = {"w": jnp.ones((2, 3), jnp.complex64), "b": jnp.ones(3)}
    maps = {
        "jnp.iscomplexobj": jnp.iscomplexobj,
        "jnp.isrealobj": jnp.isrealobj,
        "jnp.ndim": jnp.ndim,
        "lambda: dtype ==": lambda p: p.dtype == jnp.float32,
        "jnp.isnan": jnp.isnan,
        "lambda: sum > 0": lambda p: p.sum().real > 0,
    }
    seen = []
    for name, leaf_test in maps.items():
        leaf_types = set()

        def step(tree, x, leaf_test=leaf_test, leaf_types=leaf_types):
            leaves = jax.tree.leaves(jax.tree.map(leaf_test, tree))
            leaf_types.update(type(leaf).__name__ for leaf in leaves)
            if any(leaves):
                return x * 2
            return x

        outcome = _error(lambda step=step: jax.jit(step)(params, 1.0))
        seen.append(f"{name}: leaves {'/'.join(sorted(leaf_types))}, {outcome}")
    return "; ".join(seen)


@fact("jax")
def pytree_static_array_field() -> str:
    """An array in a field declared static, on the second lookup: an equinox field by the default
    `__init__` in a loop (filter_jit), one set by a custom `__init__` with two calls (jax.jit), a
    flax.struct field in a `while`; the look-alikes: a tuple in a static field, an array in an
    ordinary field, one call of a fresh jit."""
    import equinox as eqx
    import jax
    import jax.numpy as jnp
    import numpy as np
    from flax import struct

    class Data(eqx.Module):
        data: jax.Array = eqx.field(static=True)

    class Table(eqx.Module):
        table: np.ndarray = eqx.field(static=True)

        def __init__(self, seed):
            self.table = np.arange(seed, seed + 4)

    class Node(struct.PyTreeNode):
        k: jax.Array = struct.field(pytree_node=False)

    class Tup(eqx.Module):
        shape: tuple = eqx.field(static=True)

    class Leaf(eqx.Module):
        w: jax.Array

    def loss():
        """A new function for each case: `jax.jit` of one function shares its cache."""
        return lambda d: 1.0

    cases = {  # the single call first: after an entry with an array in its metadata exists,
        # even a new lambda of the same code looks it up (run: the same ValueError)
        "one call of a fresh jit": lambda: jax.jit(loss())(Table(5)),
        "equinox static field, loop, filter_jit": lambda: [j(Data(jnp.ones(3) * i)) for j in [eqx.filter_jit(loss())] for i in range(4)],
        "custom __init__, two calls, jax.jit": lambda: [j(t) for j in [jax.jit(loss())] for t in (Table(0), Table(1))],
        "flax.struct static field, while": lambda: [j(Node(k=jnp.zeros(3))) for j in [jax.jit(loss())] for _ in range(4)],
        "a tuple in a static field": lambda: [j(Tup((3, 4))) for j in [eqx.filter_jit(loss())] for _ in range(4)],
        "an array in an ordinary field": lambda: [j(Leaf(jnp.ones(3) * i)) for j in [eqx.filter_jit(loss())] for i in range(4)],
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return "; ".join(f"{tag}: {_error(run)}" for tag, run in cases.items())


@fact("jax")
def fed_back_static_field() -> str:
    """Six passes of `state = step(state)` where the compiled function computes a field keyed by
    value anew from itself: a flax.struct static field (`.replace`), an equinox static field
    (jax.jit), an `int` field under filter_jit; the look-alikes: a Python int through jax.jit, an
    `int` field under jax.jit (a leaf), a field passed back unchanged."""
    import equinox as eqx
    import jax
    import jax.numpy as jnp
    from flax import struct

    def run(count):
        class State(struct.PyTreeNode):
            w: jax.Array
            step: int = struct.field(pytree_node=False)

        class Mod(eqx.Module):
            w: jax.Array
            k: int = eqx.field(static=True)

        class Counter(eqx.Module):
            n: int
            w: jax.Array

        def update(s):
            count("flax.struct static field, .replace")
            return s.replace(step=s.step + 1, w=s.w * 2)

        def advance(m):
            count("equinox static field, jax.jit")
            return Mod(m.w * 0.5, m.k + 2)

        def double(c):
            count("int field, filter_jit")
            return Counter(n=c.n * 2, w=c.w + 1)

        def plain(n):
            count("a Python int through jax.jit")
            return n + 1

        def leafy(c):
            count("int field under jax.jit (a leaf)")
            return Counter(n=c.n + 1, w=c.w)

        def same(c):
            count("a field passed back unchanged")
            return Counter(n=c.n, w=c.w * 0.5)

        steps = [jax.jit(update), jax.jit(advance), eqx.filter_jit(double), jax.jit(plain), jax.jit(leafy), eqx.filter_jit(same)]
        values = [State(jnp.ones(3), 0), Mod(jnp.ones(3), 0), Counter(1, jnp.ones(3)), 0, Counter(0, jnp.ones(3)), Counter(0, jnp.ones(3))]
        for _ in range(6):
            values = [step(value) for step, value in zip(steps, values)]

    return ", ".join(f"{tag}: {n}" for tag, n in _traces(run).items())


@fact("tensorflow")
def tf_function_owned_by_each_object() -> str:
    """The same with tf.function: a `tf.function(module_fn)` made in `__init__`, a
    `@tf.function` method, each on a new object per pass, and a method of one reused object."""
    import tensorflow as tf

    def run(count):
        def plain(x):
            count("tf.function(module function) in __init__")
            return x * 2

        class Model:
            def __init__(self):
                self.fn = tf.function(plain)

            @tf.function
            def call(self, x):
                count("@tf.function method, new object")
                return x + 1

        class Reused:
            @tf.function
            def call(self, x):
                count("@tf.function method, one object")
                return x + 1

        x, reused = tf.ones(3), Reused()
        for _ in range(8):
            model = Model()
            model.fn(x), model.call(x), reused.call(x)

    tf.get_logger().setLevel("ERROR")
    return ", ".join(f"{tag}: {n}" for tag, n in _traces(run).items())



# --- Hidden inputs: attributes of objects a trace is keyed on (ACC604) ----------------------


@fact("tensorflow")
def tf_method_attributes_between_calls() -> str:
    """Attributes of a `@tf.function` method's object changed between two calls: old or new?"""
    import tensorflow as tf

    class Model:
        def __init__(self):
            self.weights, self.scale, self.var = tf.ones(3), 2.0, tf.Variable(tf.ones(3))

        @tf.function
        def by_weights(self, x):
            return x * self.weights

        @tf.function
        def by_scale(self, x):
            return x * self.scale

        @tf.function
        def by_var(self, x):
            return x * self.var

    def seen(method, change, new):
        model, x = Model(), tf.ones(3)
        method(model, x)
        change(model)
        return "new" if float(method(model, x)[0]) == new else "old"

    return ", ".join(f"{what}: {seen(*how)}" for what, how in {
        "tensor reassigned": (Model.by_weights, lambda m: setattr(m, "weights", tf.fill([3], 7.0)), 7.0),
        "float reassigned": (Model.by_scale, lambda m: setattr(m, "scale", 3.0), 3.0),
        "Variable replaced": (Model.by_var, lambda m: setattr(m, "var", tf.Variable(tf.fill([3], 9.0))), 9.0),
        "Variable assigned": (Model.by_var, lambda m: m.var.assign(tf.fill([3], 5.0)), 5.0),
    }.items())


@fact("jax")
def jax_static_objects_made_in_a_function() -> str:
    """A static argument's attribute, and a static `self`'s attribute written by a module-level
    function, each object made in a function and changed between two of its calls."""
    from functools import partial

    import jax

    class Config:
        def __init__(self):
            self.scale = 2.0

    @partial(jax.jit, static_argnums=1)
    def apply(x, cfg):
        return x * cfg.scale

    class Scaler:
        def __init__(self):
            self.k = 2.0

        @partial(jax.jit, static_argnums=0)
        def go(self, x):
            return x * self.k

    def set_k(s, k):
        s.k = k

    def static_argument():
        cfg = Config()
        apply(1.0, cfg)
        cfg.scale = 3.0
        return "new" if float(apply(1.0, cfg)) == 3.0 else "old"

    def static_self():
        s = Scaler()
        s.go(1.0)
        set_k(s, 5.0)
        return "new" if float(s.go(1.0)) == 5.0 else "old"

    return f"static argument: {static_argument()}, static self written by a function: {static_self()}"


@fact("torch")
def torch_compile_guards_attributes() -> str:
    """Attributes a torch.compile'd function reads through an argument, or a compiled module
    reads of itself, changed between two calls: Dynamo guards each (a recompile), or not?"""
    import torch

    class Holder:
        def __init__(self):
            self.scale, self.n, self.w = 2.0, 2, torch.ones(3)
            self.left, self.right = torch.ones(3), torch.zeros(3)
            self.current = self.left

    @torch.compile(backend="eager")
    def by_scale(x, h):
        return x * h.scale

    @torch.compile(backend="eager")
    def by_n(x, h):
        return x * h.n

    @torch.compile(backend="eager")
    def by_w(x, h):
        return x * h.w

    @torch.compile(backend="eager")
    def by_identity(x, h):
        return x + 1 if h.current is h.left else x - 1

    class Module(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.k, self.flag = 2, True

        def forward(self, x):
            return x * self.k if self.flag else x

    def through_argument(fn, change, new):
        h, x = Holder(), torch.ones(3)
        fn(x, h)
        change(h)
        return "new" if float(fn(x, h)[0]) == new else "old"

    def of_module(change, new, original=False):
        module = Module()
        compiled, x = torch.compile(module, backend="eager"), torch.ones(3)
        compiled(x)
        change(module if original else compiled)
        return "new" if float(compiled(x)[0]) == new else "old"

    results = {
        "float": through_argument(by_scale, lambda h: setattr(h, "scale", 3.0), 3.0),
        "int": through_argument(by_n, lambda h: setattr(h, "n", 5), 5.0),
        "tensor reassigned": through_argument(by_w, lambda h: setattr(h, "w", torch.full((3,), 7.0)), 7.0),
        "identity test": through_argument(by_identity, lambda h: setattr(h, "current", h.right), 0.0),
        "module int": of_module(lambda m: setattr(m, "k", 4), 4.0),
        "module bool": of_module(lambda m: setattr(m, "flag", False), 1.0),
        "original module's int": of_module(lambda m: setattr(m, "k", 6), 6.0, original=True),
    }
    return ", ".join(f"{what}: {seen}" for what, seen in results.items())


def _torch_graphs(make, step, calls: int = 10) -> int:
    """How many graphs torch.compile builds over `calls` calls: `make(backend)` compiles with a
    counting backend, `step(compiled, i)` makes call `i`."""
    import torch

    torch._dynamo.reset()  # each case its own caches: Dynamo caches on the code object
    count = [0]

    def backend(gm, example_inputs):
        count[0] += 1
        return gm.forward

    compiled = make(backend)
    for i in range(calls):
        step(compiled, i)
    return count[0]


def _module_reading_k():
    """A torch module whose `forward` reads its int attribute `k` (0 at first)."""
    import torch

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.k = 0

        def forward(self, x):
            return x * self.k

    return Net()


@fact("torch")
def torch_compile_guarded_reads_per_pass() -> str:
    """How many graphs 10 calls of a torch.compile'd function build when what it reads changes
    on every call (benchmarks/torch_docs): an int from a global, from a module-level object's
    attribute, from the compiled module's attribute written by the loop, a global int the body
    steps itself, a str argument; the float of each, an int through an argument object, a
    compiled bound method's own `self`, a global tensor the body rebinds."""
    import types

    import torch

    graphs = _torch_graphs

    g = types.SimpleNamespace(value=0)
    namespace = {"g": g, "torch": torch}
    exec("def read_global(x):\n    return x * VALUE\n"
         "def read_attribute(x):\n    return x * g.value\n"
         "def step_global(x):\n    global CALLS\n    CALLS += 1\n    return x * 2\n"
         "def rebind_tensor(x):\n    global TOTAL\n    TOTAL = TOTAL + x.sum()\n    return x * 2\n",
         namespace)
    namespace.update(VALUE=0, CALLS=0, TOTAL=torch.zeros(()))

    class Owner:
        def __init__(self):
            self.k = 0

        def scaled(self, x):
            return x * self.k

    def setting(what, value):
        def step(compiled, i):
            if what == "global":
                namespace["VALUE"] = value(i)
            elif what == "attribute":
                g.value = value(i)
            compiled(torch.ones(3))
        return step

    def of_module(value):
        net = _module_reading_k()

        def step(compiled, i):
            net.k = value(i)
            compiled(torch.ones(3))
        return graphs(lambda backend: torch.compile(net, backend=backend), step)

    owner = Owner()

    def of_bound_method(compiled, i):
        owner.k = i
        compiled(torch.ones(3))

    def compile_(fn):
        return lambda backend: torch.compile(fn, backend=backend)

    results = {
        "int global": graphs(compile_(namespace["read_global"]), setting("global", int)),
        "float global": graphs(compile_(namespace["read_global"]), setting("global", lambda i: 0.5 + i)),
        "module-level object's int attribute": graphs(compile_(namespace["read_attribute"]), setting("attribute", int)),
        "the object's float attribute": graphs(compile_(namespace["read_attribute"]), setting("attribute", lambda i: 0.5 + i)),
        "compiled module's int attribute written by the loop": of_module(int),
        "the module's float attribute": of_module(lambda i: 0.5 + i),
        "global int the body steps": graphs(compile_(namespace["step_global"]), lambda c, i: c(torch.ones(3))),
        "global tensor the body rebinds": graphs(compile_(namespace["rebind_tensor"]), lambda c, i: c(torch.ones(3))),
        "str argument": graphs(compile_(lambda x, tag: x + len(tag)), lambda c, i: c(torch.ones(3), f"epoch-{i}")),
        "int attribute of an argument object": graphs(
            compile_(lambda x, h: x * h.k), lambda c, i: c(torch.ones(3), types.SimpleNamespace(k=i))),
        "compiled bound method's own self": graphs(compile_(owner.scaled), of_bound_method),
    }
    return ", ".join(f"{what}: {n}" for what, n in results.items())


@fact("torch")
def torch_compile_global_state_per_pass() -> str:
    """How many graphs 10 calls of a torch.compile'd function build when a guarded global state or
    tensor property alternates on every call (Dynamo's GRAD_MODE / GLOBAL_STATE and TENSOR_MATCH
    guards, torch/_dynamo/guards.py): grad mode, the input's dtype, its requires_grad (the device
    is not run: CPU only here); each has two values, so at most one graph per value."""
    import torch

    graphs = _torch_graphs

    def double(x):
        return x * 2

    def compile_(backend):
        return torch.compile(double, backend=backend)

    def grad_mode(c, i):
        with torch.set_grad_enabled(i % 2 == 0):
            c(torch.ones(3))

    results = {
        "grad mode alternating": graphs(compile_, grad_mode),
        "dtype alternating": graphs(compile_, lambda c, i: c(torch.ones(3, dtype=(torch.float32, torch.float64)[i % 2]))),
        "requires_grad alternating": graphs(compile_, lambda c, i: c(torch.ones(3, requires_grad=i % 2 == 0))),
    }
    return ", ".join(f"{what}: {n}" for what, n in results.items())


@fact("torch")
def trace_cut_along_first_dimension() -> str:
    """What torch.jit.trace records of a traced input cut into a Python list along its first
    dimension (pytorch#27551): `torch.split(x, x.size(1))` returned, a `for` over `x.split(1)`,
    `x.unbind(0)` returned, a comprehension over `torch.unbind(x)`, `first, *rest = x.unbind()`;
    against a cut along the last dimension, and a cut unpacked into a fixed number of names.
    Traced on 2 rows, called on 5 (no TracerWarning is emitted for any of them); and the `for`
    under torch.compile, which specialises the count and guards it; and a split into listed
    sections, whose count is the list's (eager raises where they do not sum to the size)."""
    import torch

    def returned_split(x):
        return torch.split(x, x.size(1))

    def loop_over_split(x):
        out = []
        for part in x.split(1):
            out.append(part * 2)
        return torch.cat(out)

    def returned_unbind(x):
        return x.unbind(0)

    def comprehension_over_unbind(x):
        return torch.stack([row.sum() for row in torch.unbind(x)])

    def starred(x):
        first, *rest = x.unbind()
        return first * len(rest)

    def last_dimension(x):
        return torch.cat([p * 2 for p in torch.split(x, 2, dim=-1)], dim=-1)

    def fixed_unpack(x):
        a, b = x.split(1, dim=1)[:2]
        c, d = x.chunk(2, dim=0)
        return a * b + c.sum() + d.sum()

    def outcome(fn, cols):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            traced = torch.jit.trace(fn, torch.arange(2.0 * cols).reshape(2, cols))
        other = torch.arange(5.0 * cols).reshape(5, cols) if fn is not fixed_unpack else torch.arange(4.0 * cols).reshape(4, cols)
        try:
            got, want = traced(other), fn(other)
        except Exception as error:
            return f"error ({type(error).__name__})"
        pairs = list(zip(got, want)) if isinstance(want, (tuple, list)) else [(got, want)]
        same = len(got) == len(want) and all(torch.equal(g, w) for g, w in pairs)
        return "fine" if same else "wrong"

    cases = {"split returned": (returned_split, 1), "for over split(1)": (loop_over_split, 3),
             "unbind returned": (returned_unbind, 3), "comprehension over unbind": (comprehension_over_unbind, 3),
             "starred unpack of unbind": (starred, 3), "split along the last dimension": (last_dimension, 4),
             "fixed unpacks": (fixed_unpack, 2)}
    def sections(x):
        return torch.cat([p * 2 for p in torch.split(x, [1, 1])])

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        by_sections = torch.jit.trace(sections, torch.ones(2, 3))
    same = torch.equal(by_sections(torch.arange(6.0).reshape(2, 3)), sections(torch.arange(6.0).reshape(2, 3)))
    listed = f", listed sections [1, 1]: {'fine' if same else 'wrong'} at 2 rows, eager at 5 rows {_error(lambda: sections(torch.ones(5, 3)))}"
    compiled = torch.compile(loop_over_split, backend="eager")
    right = all(torch.equal(compiled(torch.ones(n, 3) * n), loop_over_split(torch.ones(n, 3) * n)) for n in (2, 5, 3))
    return ", ".join(f"{what}: {outcome(fn, cols)}" for what, (fn, cols) in cases.items()) + (
        f", the for over split(1) under torch.compile at 2, 5, 3 rows: {'fine' if right else 'wrong'}") + listed


@fact("torch")
def trace_size_conversions() -> str:
    """What torch.jit.trace keeps of a size read off a traced tensor (`x.size()`, `x.shape`)
    that Python converts, traced at one size and called at another, against eager
    (torch_trace.toml `[conversions] size_choices`, `legacy_constructors`, `legacy_methods`,
    `int_arguments`; batch 27's dev reports face-parsing#7, pytorch#34743, mmdeploy#1868,
    pix2pixHD#210, pytorch#36454, TensorRT#4184): `int` of a comprehension target over
    `x.size()[2:]`, `int` of a `for` target over `x.shape[1:]`, `float` in a helper of a size it
    is passed, `min`/`max` of a size, the legacy typed constructors and `x.new`, the int-only
    arguments of the functional convolutions, `chunk`, `tensor_split`; against sizes passed on as
    sizes (the look-alikes) and ops that record a size argument (`topk`'s k, `one_hot`, `repeat`,
    `expand`, `arange`, `narrow`, `F.pad`), and the bare/tuple split of a pool's kernel and `roll`."""
    import torch
    import torch.nn.functional as F

    def outcome(fn, example, other) -> str:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            traced = torch.jit.trace(fn, example, check_trace=False)
        warned = "TracerWarning" if any("Tracer" in type(w.message).__name__ for w in caught) else "no warning"
        want = fn(*other)
        try:
            got = traced(*other)
        except RuntimeError:
            return f"raises ({warned})"
        same = got.shape == want.shape and torch.allclose(got.float(), want.float())
        return f"{'right' if same else 'wrong'} ({warned})"

    def comprehension(x):
        return F.interpolate(x, [int(s) for s in x.size()[2:]])

    def loop(x):
        n = 1
        for s in x.shape[1:]:
            n = n * int(s)
        return x.view(-1, n)

    def helper(x, w):
        return x * float(w // 2)

    def through_helper(x):
        return helper(x, x.size(0))

    def min_then_topk(s):
        n = s.shape[0]
        return s.topk(min(n, 10))[0]

    def one_hot_buffer(m):
        size = m.size()
        return torch.FloatTensor(torch.Size((size[0], 5, size[2], size[3]))).zero_().scatter_(1, m.long(), 1.0)

    def groups(x, w):
        n = x.size(0)
        return F.conv_transpose2d(x.reshape(1, n * 2, 5, 5), w, groups=n)

    img, img2, row4, row6 = torch.randn(1, 2, 8, 8), torch.randn(1, 2, 12, 8), torch.randn(4, 3), torch.randn(6, 3)
    b1, b3, w1 = torch.randn(1, 1, 8, 8), torch.randn(1, 1, 16, 16), torch.ones(1, 1, 1, 1)
    cases = {
        "int of a comprehension target over x.size()[2:]": (comprehension, (img,), (img2,)),
        "int of a for target over x.shape[1:]": (loop, (torch.randn(2, 3, 4),), (torch.randn(2, 5, 4),)),
        "float in a helper of a size it is passed": (through_helper, (row4,), (row6,)),
        "min(n, 10) then topk": (min_then_topk, (torch.rand(20),), (torch.rand(6),)),
        "min(h, w)": (lambda x: x * min(x.shape[2], x.shape[3]), (torch.randn(1, 1, 4, 6),), (torch.randn(1, 1, 8, 6),)),
        "max(n // 2, 1) at the same branch": (lambda x: x[: max(x.shape[0] // 2, 1)], (row4,), (row6,)),
        "FloatTensor(torch.Size(tuple))": (one_hot_buffer, (torch.randint(0, 5, (1, 1, 4, 4)),), (torch.randint(0, 5, (1, 1, 8, 6)),)),
        "ByteTensor(x.size())": (lambda t: torch.ByteTensor(t.size()).zero_().float() + t, (img,), (img2,)),
        "LongTensor(n)": (lambda x: torch.LongTensor(x.size(0)).zero_(), (row4,), (row6,)),
        "torch.Tensor(n, 3)": (lambda x: torch.Tensor(x.size(0), 3).zero_(), (row4,), (row6,)),
        "x.new(n, 3)": (lambda x: x.new(x.size(0), 3).zero_(), (row4,), (row6,)),
        "conv_transpose2d groups=n": (groups, (torch.randn(2, 2, 5, 5), torch.randn(4, 1, 3, 3)), (torch.randn(3, 2, 5, 5), torch.randn(6, 1, 3, 3))),
        "conv2d stride=n // 4": (lambda x: F.conv2d(x, w1, stride=x.size(2) // 4), (b1,), (b3,)),
        "conv2d padding=(n // 4, 1)": (lambda x: F.conv2d(x, w1, padding=(x.size(2) // 4, 1)), (b1,), (b3,)),
        "conv2d dilation=n // 4": (lambda x: F.conv2d(x, torch.ones(1, 1, 3, 3), dilation=x.size(2) // 4), (b1,), (b3,)),
        "conv_transpose2d output_padding=n // 8": (
            lambda x: F.conv_transpose2d(x, torch.ones(1, 1, 3, 3), stride=3, output_padding=x.size(2) // 8), (b1,), (b3,)),
        "chunk(n, dim=1)": (lambda x: torch.cat(x.chunk(x.size(1), dim=1), 0), (torch.randn(2, 2),), (torch.randn(2, 3),)),
        "tensor_split(n // 2)": (lambda x: x.tensor_split(x.size(0) // 2)[0], (row4,), (torch.randn(8, 3),)),
        "look-alike x.view(N, -1) of unpacked sizes": (lambda x: x.view(x.size()[0], -1), (img,), (torch.randn(3, 2, 8, 8),)),
        "look-alike torch.zeros(x.size())": (lambda x: torch.zeros(x.size()) + x, (img,), (img2,)),
        "look-alike torch.zeros(torch.Size(tuple))": (lambda x: torch.zeros(torch.Size((x.size(0), 5))), (row4,), (row6,)),
        "look-alike avg_pool2d(f, f.size()[2:])": (lambda x: F.avg_pool2d(x, x.size()[2:]), (img,), (img2,)),
        "look-alike interpolate(size=y.shape[2:])": (lambda x, y: F.interpolate(x, size=y.shape[2:]), (img, img), (img, img2)),
        "look-alike topk(n // 2)": (lambda s: s.topk(s.size(0) // 2)[0], (torch.rand(20),), (torch.rand(6),)),
        "look-alike one_hot(num_classes=n)": (lambda x: F.one_hot(x, num_classes=x.size(0)), (torch.tensor([0, 1, 2]),), (torch.tensor([0, 1, 2, 3]),)),
        "look-alike repeat(n, 1), expand(n, 3)": (lambda x, y: x.repeat(y.size(0), 1) + x.expand(y.size(0), 3), (row4[:1], torch.randn(2)), (row4[:1], torch.randn(5))),
        "look-alike arange(n), narrow, F.pad": (
            lambda x: torch.arange(x.size(0)) + x.narrow(1, 0, x.size(1) // 3).sum(1) + F.pad(x, [0, x.size(0) - 3]).sum(1), (row4,), (row6,)),
        "pool kernel bare": (lambda x: F.avg_pool2d(x, x.size(2) // 4), (b1,), (b3,)),
        "pool kernel tuple": (lambda x: F.avg_pool2d(x, (x.size(2) // 4, x.size(3) // 4)), (b1,), (b3,)),
    }
    with torch.no_grad():
        return "; ".join(f"{what}: {outcome(fn, example, other)}" for what, (fn, example, other) in cases.items())


@fact("torch")
def torch_compile_container_structure_per_pass() -> str:
    """How many graphs 10 calls of a torch.compile'd function build when an argument's structure
    is new on every call (Dynamo's DICT_KEYS_MATCH and SEQUENCE_LENGTH guards, torch/_dynamo/
    guards.py): a dict with a new key (a display, a comprehension), a list of a new length (a
    repeated display, a comprehension, `list(range(i))`, a tuple), also with dynamic=True (a dict key, `list(range(i))`); against
    a dict with new values under the same keys, a list of the same length with new ints, and an
    int attribute written through the compiled module's own name (`compiled.k = i`)."""
    import torch

    graphs = _torch_graphs

    def compile_(fn, **options):
        return lambda backend: torch.compile(fn, backend=backend, **options)

    def by_keys(x, weights):
        return x * sum(weights.values())

    def summed(x, parts):
        return x + sum(parts)

    def through_compiled(compiled, i):
        compiled.k = i
        compiled(torch.ones(3))

    x = torch.ones(3)
    results = {
        "dict with a new key": graphs(compile_(by_keys), lambda c, i: c(x, {f"k{i}": 1.0})),
        "dict comprehension over range(i)": graphs(compile_(by_keys), lambda c, i: c(x, {str(k): 1.0 for k in range(i)})),
        "dict with a new key, dynamic=True": graphs(compile_(by_keys, dynamic=True), lambda c, i: c(x, {f"k{i}": 1.0})),
        "list [x] * (i + 1)": graphs(compile_(summed), lambda c, i: c(x, [x] * (i + 1))),
        "list comprehension over range(i)": graphs(compile_(summed), lambda c, i: c(x, [x for _ in range(i)])),
        "list(range(i))": graphs(compile_(summed), lambda c, i: c(x, list(range(i)))),
        "tuple of a new length": graphs(compile_(summed), lambda c, i: c(x, tuple([x] * (i + 1)))),
        "list(range(i)), dynamic=True": graphs(compile_(summed, dynamic=True), lambda c, i: c(x, list(range(i)))),
        "dict with new values, same keys": graphs(compile_(by_keys), lambda c, i: c(x, {"k": float(i)})),
        "list of the same length, new ints": graphs(compile_(summed), lambda c, i: c(x, [i, i + 1])),
        "int attribute written through the compiled module": graphs(
            lambda backend: torch.compile(_module_reading_k(), backend=backend), through_compiled),
    }
    return ", ".join(f"{what}: {n}" for what, n in results.items())


@fact("jax")
def jax_boolean_mask_through_a_name() -> str:
    """Boolean indexing inside jax.jit by a mask spelt in the index, bound to a name first, made
    by jnp of static sizes only (jax#4471), or used in an indexed update; against a NumPy mask of
    a static size and `jnp.where(mask, x, 0)`."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    def in_index(x):
        return x[x > 0].sum()

    def through_a_name(x):
        mask = x > 0
        return x[mask].sum()

    def static_sizes(x):
        return x[jnp.arange(x.shape[0]) < 3].sum()

    def update(x):
        negative = x < 0
        return x.at[negative].set(0.0)

    def numpy_mask(x):
        mask = np.arange(x.shape[0]) < 3
        return x[mask].sum()

    def where(x):
        mask = jnp.arange(x.shape[0]) < 3
        return jnp.where(mask, x, 0).sum()

    def outcome(fn) -> str:
        try:
            jax.jit(fn)(jnp.arange(10.0) - 4)
        except Exception as error:  # what jit raises is the finding
            return type(error).__name__
        return "fine"

    return ", ".join(f"{fn.__name__}: {outcome(fn)}" for fn in (in_index, through_a_name, static_sizes, update, numpy_mask, where))


@fact("torch")
def torch_compile_unrolled_dimension() -> str:
    """How many graphs 10 calls of a torch.compile'd function build when one dimension of its
    argument is new on every call (5..14) and the body uses that dimension as a Python loop
    bound, `range(x.shape[1])`, `range(x.size(1))`, `range(x.shape[-1] - 1)`, `range(len(x))`,
    `for row in x` (pytorch#115626), against the dimension used only in tensor arithmetic and a
    loop over a dimension that stays put."""
    import torch

    def graphs(fn, shapes):
        return _torch_graphs(lambda backend: torch.compile(fn, backend=backend), lambda c, i: c(torch.ones(*shapes[i])), len(shapes))

    def range_shape(x):
        return sum((x[:, t] for t in range(x.shape[1])), torch.zeros(x.shape[0]))

    def range_size(x):
        return sum((x[:, t] for t in range(x.size(1))), torch.zeros(x.size(0)))

    def range_last(x):
        return sum((x[:, t] for t in range(x.shape[-1] - 1)), torch.zeros(x.shape[0]))

    def range_len(x):
        return sum((x[i] for i in range(len(x))), torch.zeros(x.shape[1]))

    def rows(x):
        h = torch.zeros(x.shape[1])
        for row in x:
            h = h + row
        return h

    def arithmetic(x):
        return x * 2 + x.shape[1]

    def other_dimension(x):
        return sum((x[t] for t in range(x.shape[0])), torch.zeros(x.shape[1]))

    second = [(2, n) for n in range(5, 15)]
    first = [(n, 3) for n in range(5, 15)]
    results = {
        "range(x.shape[1])": graphs(range_shape, second),
        "range(x.size(1))": graphs(range_size, second),
        "range(x.shape[-1] - 1)": graphs(range_last, second),
        "range(len(x))": graphs(range_len, first),
        "for row in x": graphs(rows, first),
        "the dimension in arithmetic only": graphs(arithmetic, second),
        "a loop over dimension 0, fixed": graphs(other_dimension, second),
    }
    return ", ".join(f"{what}: {n}" for what, n in results.items())


@fact("torch")
def torch_submodule_shadowed_through_dict() -> str:
    """A compiled module's submodule, or an int attribute, replaced between two calls through
    the instance `__dict__` (bypassing `nn.Module.__setattr__`) or by plain assignment: does the
    compiled module follow eager?"""
    import torch

    class Wrapper(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.sub, self.k = torch.nn.Linear(4, 4, bias=False), 2
            with torch.no_grad():
                self.sub.weight.copy_(torch.eye(4))

        def forward(self, x):
            return self.sub(x) * self.k

    def follows(change, called_first=True) -> str:
        model, x = Wrapper(), torch.arange(4.0)
        compiled = torch.compile(model, backend="eager")
        if called_first:
            compiled(x)
        replacement = torch.nn.Linear(4, 4, bias=False)
        with torch.no_grad():
            replacement.weight.fill_(5.0)
        change(model, replacement)
        return "new" if torch.allclose(compiled(x), model(x)) else "old (stale)"

    return ", ".join(f"{what}: {follows(change)}" for what, change in {
        "object.__setattr__ of the submodule": lambda m, r: object.__setattr__(m, "sub", r),
        "__dict__[...] of the submodule": lambda m, r: m.__dict__.__setitem__("sub", r),
        "vars(m)[...] of the submodule": lambda m, r: vars(m).__setitem__("sub", r),
        "m.sub = ... (nn.Module.__setattr__)": lambda m, r: setattr(m, "sub", r),
        "object.__setattr__ of the int": lambda m, r: object.__setattr__(m, "k", 3),
    }.items()) + ", object.__setattr__ of the submodule before this object's first call (forward compiled before for the others): " + follows(
        lambda m, r: object.__setattr__(m, "sub", r), called_first=False)


@fact("tensorflow", "keras")
def keras_trainable_changed_after_fit() -> str:
    """A model's or a layer's `trainable` changed after `fit`/`train_on_batch` built the train
    function and before a later call (ACC607's spellings), and the look-alikes: frozen or not,
    compiled and run eagerly (`compile(run_eagerly=True)`)?"""
    import numpy as np
    import tensorflow as tf

    x, y = np.random.rand(32, 4).astype("float32"), np.random.rand(32, 2).astype("float32")

    def frozen(eager: bool, program) -> bool:
        def make(layer_frozen=False):
            model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
            model.layers[0].trainable = not layer_frozen
            model.compile(optimizer="sgd", loss="mse", run_eagerly=eager)
            return model

        def kernel(model):
            return model.layers[0].kernel.numpy().copy()

        return program(make, kernel, lambda model: model.compile(optimizer="sgd", loss="mse", run_eagerly=eager))

    def layer_after_train_on_batch(make, kernel, _):
        m = make()
        m.train_on_batch(x, y)
        before = kernel(m)
        m.layers[0].trainable = False
        m.train_on_batch(x, y)
        return np.allclose(before, kernel(m))

    def gan_toggle_in_loop(make, kernel, _):
        d, kept = make(), []
        for _step in range(3):
            d.trainable = True
            d.train_on_batch(x, y)
            before = kernel(d)
            d.trainable = False
            d.train_on_batch(x, y)
            kept.append(np.allclose(before, kernel(d)))
        return all(kept)

    def fit_loop_frozen_after_first(make, kernel, _):
        m, kept = make(), []
        for epoch in range(3):
            before = kernel(m)
            m.fit(x, y, epochs=1, verbose=0)
            kept.append(np.allclose(before, kernel(m)))
            if epoch == 0:
                for layer in m.layers:
                    layer.trainable = False
        return all(kept[1:])

    def before_compile(make, kernel, _):
        m = make(layer_frozen=True)
        before = kernel(m)
        m.fit(x, y, epochs=1, verbose=0)
        return np.allclose(before, kernel(m))

    def compiled_again(make, kernel, compile_):
        m = make()
        m.fit(x, y, epochs=1, verbose=0)
        m.trainable = False
        compile_(m)
        before = kernel(m)
        m.fit(x, y, epochs=1, verbose=0)
        return np.allclose(before, kernel(m))

    def before_first_fit(make, kernel, _):
        m = make()
        m.trainable = False
        before = kernel(m)
        m.fit(x, y, epochs=1, verbose=0)
        return np.allclose(before, kernel(m))

    def gan_idiom_restored_each_pass(make, kernel, compile_):
        d = make()  # trained by its own calls with `trainable` True, frozen inside `gan`
        d.trainable = False
        gan = tf.keras.Sequential([tf.keras.Input((4,)), d, tf.keras.layers.Dense(2)])
        compile_(gan)
        kept = []
        for _step in range(3):
            d.trainable = True
            d.train_on_batch(x, y)
            d.trainable = False
            before = kernel(d)
            gan.train_on_batch(x, y)
            kept.append(np.allclose(before, kernel(d)))
        return all(kept)

    programs = [
        layer_after_train_on_batch, gan_toggle_in_loop, fit_loop_frozen_after_first, before_compile, compiled_again,
        before_first_fit, gan_idiom_restored_each_pass,
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "The model does not have any trainable weights."
        return ", ".join(
            f"{p.__name__}: {'frozen' if frozen(False, p) else 'trained'} (eagerly {'frozen' if frozen(True, p) else 'trained'})"
            for p in programs
        )


def _held_object_runs(wrap, tensor) -> str:
    """What a compiled closure made in a wrapper's `__init__` gives after the env it was
    handed changes the attribute the env's method reads (brax#440), and with a new wrapper
    made after the change: "old"/"new" each."""

    class Env:
        def __init__(self):
            self.pos = 2.0

        def place(self, pos):
            self.pos = pos

        def initial(self, x):
            return x * self.pos

    class Wrapper:
        def __init__(self, env):
            self._env = env

            def start(x):
                return self._env.initial(x)

            self._start = wrap(start)

        def reset(self, x):
            return self._start(x)

    def seen(gym_after) -> str:
        env = Env()
        gym = Wrapper(env)
        gym.reset(tensor(1.0))
        env.place(3.0)
        gym = Wrapper(env) if gym_after else gym
        return "new" if float(gym.reset(tensor(1.0))) == 3.0 else "old"

    return f"{seen(False)}, with a new wrapper after the write: {seen(True)}"


@fact("jax")
def jax_method_of_held_object() -> str:
    """A jitted closure calling a method of the object its wrapper was handed (brax#440)."""
    import jax
    import jax.numpy as jnp

    return _held_object_runs(jax.jit, jnp.float32)


@fact("tensorflow")
def tf_method_of_held_object() -> str:
    """The same under tf.function."""
    import tensorflow as tf

    return _held_object_runs(tf.function, tf.constant)


@fact("torch")
def torch_method_of_held_object() -> str:
    """The same under torch.compile (which guards the attributes its trace read)."""
    import torch

    return _held_object_runs(torch.compile, torch.tensor)


def _compiles(run) -> int:
    """XLA compiles `run()` causes, from jax's compile log ("Compiling ..." records)."""
    import logging

    import jax

    compiled: list[str] = []

    class Log(logging.Handler):
        def emit(self, record):
            if record.getMessage().startswith("Compiling "):
                compiled.append(record.getMessage())

    handler, logger = Log(), logging.getLogger("jax")
    logger.addHandler(handler)
    try:
        with jax.log_compiles(True):
            run()
    finally:
        logger.removeHandler(handler)
    return len(compiled)


@fact("jax")
def jax_primitives_called_on_host() -> str:
    """lax's control-flow primitives and jax's transforms called from host code (outside any
    trace) 6 times after a first call, given the same function each call and then a new closure
    each call: traces of the function's body (a counter it bumps) and XLA compiles (jax's compile
    log). A compile
    per call with a new closure and one with the same function is a cache keyed by the function
    object; a trace per call with no compile is op-by-op execution (nothing cached, nothing
    compiled per call)."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    def below_three(c):
        return c < 3.0

    xs, x = jnp.ones((4, 3)), jnp.ones(3)
    cases = {
        "lax.map": (lambda f: lax.map(f, xs), lambda v: v * 2.0),
        "lax.scan": (lambda f: lax.scan(f, 0.0, xs), lambda c, v: (c + v.sum(), v * 2.0)),
        "lax.fori_loop": (lambda f: lax.fori_loop(0, 3, f, 0.0), lambda i, c: c + 1.0),
        "lax.while_loop": (lambda f: lax.while_loop(below_three, f, 0.0), lambda c: c + 1.0),
        "lax.cond": (lambda f: lax.cond(True, f, f, x), lambda v: v * 2.0),
        "lax.switch": (lambda f: lax.switch(1, [f, f], x), lambda v: v * 2.0),
        "jax.vmap(f)(x)": (lambda f: jax.vmap(f)(xs), lambda v: v * 2.0),
        "jax.grad(f)(x)": (lambda f: jax.grad(f)(x), lambda v: (v ** 2).sum()),
        "jax.checkpoint(f)(x)": (lambda f: jax.checkpoint(f)(x), lambda v: jnp.sin(v).sum()),
        "jax.jit(f)(x)": (lambda f: jax.jit(f)(x), lambda v: v * 2.0),
    }
    out = []
    for name, (call, inner) in cases.items():
        counts = []
        for fresh in (False, True):
            traced = [0]

            def make():
                def f(*args):
                    traced[0] += 1
                    return inner(*args)
                return f

            same = make()
            call(same)  # the first call compiles the ops every later call shares: not counted
            traced[0] = 0
            compiles = _compiles(lambda: [call(make() if fresh else same) for _ in range(6)])
            counts.append(f"{traced[0]} traces/{compiles} compiles")
        out.append(f"{name}: same function {counts[0]}, new closure {counts[1]}")
    return "; ".join(out)


@fact("jax")
def jax_rewrap_in_a_bounded_loop() -> str:
    """`jax.jit` applied on each pass of a bounded loop to a callable that depends on nothing the
    loop changes (jax#9672: `jit(x.f)()` over `range(3)`; a lambda over two literal modes), beside
    the same wrapper hoisted out of the loop and a `partial` of the loop's value: traces of the
    body per loop."""
    import functools

    import jax
    import jax.numpy as jnp

    def run(count):
        class X:
            def f(self):
                count("bound method, range(3)")
                return jnp.ones(3) * 2

        x = X()
        for _ in range(3):
            jax.jit(x.f)()
        for _mode in ("train", "eval"):
            jax.jit(lambda v: (count("lambda, two modes"), v * 2)[1])(jnp.ones(3))
        hoisted = jax.jit(lambda v: (count("hoisted lambda, two modes"), v * 2)[1])
        for _mode in ("train", "eval"):
            hoisted(jnp.ones(3))

        def step(v, mode):
            count("partial of the mode, two modes")
            return v * 2 if mode == "train" else v

        for mode in ("train", "eval"):
            jax.jit(functools.partial(step, mode=mode))(jnp.ones(3))

    return ", ".join(f"{tag}: {n}" for tag, n in _traces(run).items())


@fact("jax")
def jax_pytree_structure_per_pass() -> str:
    """A container passed to a jitted function's traced parameter, on each of 6 passes: a dict
    with a key made from the counter, a list repeated by it, a tuple of a new length; the
    look-alikes a dict with fixed keys whose values change and a list of a fixed length; and a
    weak type alternated with a strong one (two values). Traces of the body per container."""
    import jax
    import jax.numpy as jnp

    def run(count):
        x = jnp.ones(3)
        cases = {
            "dict with a new key": lambda i: {f"k{i}": x},
            "list repeated by the counter": lambda i: [x] * (i + 1),
            "tuple of a new length": lambda i: tuple(x for _ in range(i + 1)),
            "fixed keys, new values": lambda i: {"a": x * i, "b": x},
            "fixed length": lambda i: [x, x * i],
            "weak type alternated (a Python float, a float32 array)": lambda i: 1.0 if i % 2 else jnp.float32(1.0),
        }
        for tag, make in cases.items():  # one jitted function per container, counting its traces
            jitted = jax.jit(lambda t, tag=tag: (count(tag), sum(jnp.sum(v) for v in jax.tree_util.tree_leaves(t)))[1])
            for i in range(6):
                jitted(make(i))

    return ", ".join(f"{tag}: {n}" for tag, n in _traces(run).items())


@fact("jax", "diffrax", "optimistix")
def jax_library_entry_points() -> str:
    """A library's functions defined under `@eqx.filter_jit` (diffrax's `diffeqsolve`,
    optimistix's `root_find`) called from host code 5 times after a first call, each case with
    one argument changed per call: XLA compiles (jax's compile log). filter_jit keys arrays by
    shape and dtype and every other leaf of its arguments as static: a function by identity
    (directly or inside a `dfx.ODETerm`), a Python scalar by value, an equinox Module by its
    fields (a new `Dopri5()` is equal to the last)."""
    import diffrax as dfx
    import jax.numpy as jnp
    import optimistix as optx

    def field(t, y, args):
        return -0.1 * y

    def make():
        def vector_field(t, y, args):
            return -0.1 * y
        return vector_field

    def solve(vf, solver=None, y0=1.0, args=None):
        return dfx.diffeqsolve(dfx.ODETerm(vf), solver or dfx.Dopri5(), t0=0.0, t1=1.0, dt0=0.1, y0=y0, args=args)

    def residual(y, args):
        return y - 0.5

    def root(fn, args=None):
        return optx.root_find(fn, optx.Newton(1e-5, 1e-5), jnp.ones(3), args=args)

    cases = {
        "diffeqsolve, the same field": lambda i: solve(field),
        "a new closure": lambda i: solve(make()),
        "a lambda": lambda i: solve(lambda t, y, a: -0.1 * y),
        "a new Dopri5()": lambda i: solve(field, dfx.Dopri5()),
        "an int args": lambda i: solve(field, args=i),
        "an array args": lambda i: solve(field, args=jnp.asarray(float(i))),
        "a new y0 shape": lambda i: solve(field, y0=jnp.ones(i + 1)),
        "root_find, the same function": lambda i: root(residual),
        "root_find, a new lambda": lambda i: root(lambda y, a: y - 0.5),
        "root_find, an int args": lambda i: root(residual, args=i),
    }
    out = []
    for name, call in cases.items():
        call(0)  # the first call compiles what every later one shares: not counted
        out.append(f"{name}: {_compiles(lambda: [call(i + 1) for i in range(5)])} compiles")
    return "; ".join(out)

@fact("jax", "haiku", "optax", "flax")
def jax_training_objects_rebuilt_per_pass() -> str:
    """Six passes of a training loop that rebuilds what the compiled step is keyed on: a haiku
    transform made each pass and its `apply` jitted (the transform hoisted: the look-alike); a
    flax TrainState given a new optax optimizer as `tx`, a field declared `pytree_node=False`,
    by `state.replace(tx=...)` and by `TrainState.create(..., tx=...)` (one optimizer with a
    schedule: the look-alike); a `flax.struct` dataclass of the program's own given a new
    lambda in its static field. Traces of the step's body per case."""
    from typing import Callable

    import haiku as hk
    import jax
    import jax.numpy as jnp
    import optax
    from flax import struct
    from flax.training import train_state

    x = jnp.ones((4, 3))

    def run(count):
        def forward(v):
            count("hk.transform each pass, apply jitted")
            return hk.Linear(1)(v)

        params = hk.without_apply_rng(hk.transform(lambda v: hk.Linear(1)(v))).init(jax.random.PRNGKey(0), x)
        for _ in range(6):
            jax.jit(hk.without_apply_rng(hk.transform(forward)).apply)(params, x)

        def hoisted_forward(v):
            count("hk.transform hoisted")
            return hk.Linear(1)(v)

        net = hk.without_apply_rng(hk.transform(hoisted_forward))
        for _ in range(6):
            jax.jit(net.apply)(params, x)

        def step_for(tag):
            @jax.jit
            def step(state):
                count(tag)
                return state.apply_gradients(grads=jax.tree_util.tree_map(jnp.ones_like, state.params))
            return step

        def fresh(tx):
            return train_state.TrainState.create(apply_fn=None, params={"w": jnp.ones(3)}, tx=tx)

        step, state = step_for("TrainState.replace(tx=optax.adam(lr))"), fresh(optax.adam(0.1))
        for i in range(6):
            state = step(state.replace(tx=optax.adam(0.1 * 0.9 ** i)))
        step, state = step_for("TrainState.create(tx=optax.sgd(lr))"), fresh(optax.sgd(0.1))
        for i in range(6):
            state = step(train_state.TrainState.create(apply_fn=None, params=state.params, tx=optax.sgd(0.1 * 0.9 ** i)))
        step, state = step_for("one TrainState, a schedule"), fresh(optax.adam(optax.exponential_decay(0.1, 10, 0.9)))
        for _ in range(6):
            state = step(state)

        @struct.dataclass
        class Holder:
            w: jax.Array
            fn: Callable = struct.field(pytree_node=False)

        @jax.jit
        def use(h):
            count("own struct, a new lambda in a static field")
            return h.fn(h.w)

        for i in range(6):
            use(Holder(w=jnp.ones(3), fn=lambda v: v * 2))

    return ", ".join(f"{tag}: {n}" for tag, n in _traces(run).items())

@fact("jax")
def jax_closure_writes_the_local_of_its_runner() -> str:
    """A closure's `nonlocal` write to a local of the function that runs it then and there, that
    function traced (equinox's `tree_at`: a flag set by a closure `tree_map` calls on each leaf):
    a helper's flag under `jax.jit`, a counter bumped by two direct calls, one bumped per leaf by
    `jax.tree.map`, three calls each. The hazards beside them: the closure jitted inside the trace
    and called twice, and a body handed to `lax.scan` over 3 steps counting its steps. Each value
    is the result of 3 calls; eager, `twice` gives 2, `scan` 3."""
    import jax
    import jax.numpy as jnp

    def tree_at_like(tree, node):
        in_tree = False

        def visit(x):
            nonlocal in_tree
            if x is node:
                in_tree = True
            return x

        jax.tree_util.tree_map(visit, tree, is_leaf=lambda x: x is node)
        return in_tree

    def flag(x):
        return jnp.where(tree_at_like([x, 1.0], x), 1.0, 0.0)

    def twice(x):
        n = 0

        def bump():
            nonlocal n
            n += 1

        bump()
        bump()
        return x * n

    def leaves(xs):
        count = 0

        def visit(v):
            nonlocal count
            count += 1
            return v

        jax.tree.map(visit, xs)
        return xs[0] * count

    def inner_jit(x):
        n = 0

        @jax.jit
        def inner(v):
            nonlocal n
            n += 1
            return v

        inner(x)
        inner(x)
        return x * n

    def scan_steps(x):
        n = 0

        def body(carry, _):
            nonlocal n
            n += 1
            return carry, None

        out, _ = jax.lax.scan(body, x, jnp.arange(3))
        return out * n

    one = jnp.ones(())
    cases = {"flag": (flag, one), "twice": (twice, one), "per leaf": (leaves, [one] * 3), "inner jit (hazard)": (inner_jit, one), "scan (hazard)": (scan_steps, one)}
    seen = []
    for name, (fn, arg) in cases.items():
        jitted = jax.jit(fn)
        seen.append(f"{name}: {[float(jitted(arg)) for _ in range(3)]}")
    return "; ".join(seen)


@fact("jax")
def jax_trace_time_writes_that_change_nothing() -> str:
    """Trace-time writes whose skipping on a cached call changes nothing, three `jax.jit` calls
    each, beside eager (precision round 11, stop 48): equinox's balanced `add`/`remove` around a
    call with the remove in a `finally` (the set's size after each call); big_vision's once-flag
    set after the block it guards (`if log_data: log; ...; log_data = False`: log count, flag);
    optax's idempotent conversion of a closure's own value (`decay_steps = float(decay_steps)`
    through `jax.tree.map`: its type). The hazards beside them: an append with no pop, a remove
    an early return skips, a toggled flag, a once-flag guarding traced code (`if first: x = x +
    1`: the result and the flag) or a staged `jax.debug.callback` (how often it ran), and a
    nonlocal stepped by one (`n = n + 1`)."""
    import jax
    import jax.numpy as jnp

    active, grown, skipped = set(), [], []

    def balanced(x):
        active.add("w")
        try:
            return x * 2
        finally:
            active.remove("w")

    def unbalanced(x):
        grown.append(1)
        return x * 2

    def early_return(x, stop=True):
        skipped.append(1)
        if stop:
            return x
        skipped.remove(1)
        return x

    def make_flagged(after):
        """A maker of a flag guarding a log, set after the block by `after` of its value."""

        def make():
            flag, logs = True, []

            def fn(x):
                nonlocal flag
                if flag:
                    logs.append(1)
                flag = after(flag)
                return x

            return fn, lambda: (len(logs), flag)

        return make

    def make_baked():
        first = True

        def fn(x):
            nonlocal first
            if first:
                x = x + 1
            first = False
            return x

        return fn, lambda: first

    def make_staged():
        first, printed = True, []

        def fn(x):
            nonlocal first
            if first:
                jax.debug.callback(lambda: printed.append(1))
            first = False
            return x

        return fn, lambda: len(printed)

    def make_converted():
        steps = 10

        def fn(count):
            nonlocal steps
            steps, count = jax.tree.map(lambda v: float(v) if isinstance(v, int) else v, (steps, count))
            return jnp.minimum(count, steps)

        return fn, lambda: type(steps).__name__

    def make_stepped():
        n = 0

        def fn(x):
            nonlocal n
            n = n + 1
            return x * n

        return fn, lambda: n

    one = jnp.ones(())
    seen = []
    for name, fn, state in (
        ("balanced add/remove in finally", balanced, lambda: len(active)),
        ("append, no pop (hazard)", unbalanced, lambda: len(grown)),
        ("remove an early return skips (hazard)", early_return, lambda: len(skipped)),
    ):
        for how, run in (("eager", fn), ("jit", jax.jit(fn))):
            active.clear(); grown.clear(); skipped.clear()
            after = []
            for _ in range(3):
                run(one)
                after.append(state())
            seen.append(f"{name} {how}: {after}")
    for name, make in (
        ("once-flag set after its block", make_flagged(lambda _: False)), ("toggled flag (hazard)", make_flagged(lambda f: not f)),
        ("once-flag guarding traced code (hazard)", make_baked), ("once-flag guarding a staged callback (hazard)", make_staged),
        ("idempotent conversion", make_converted), ("n = n + 1 (hazard)", make_stepped),
    ):
        for how in ("eager", "jit"):
            fn, state = make()
            run = jax.jit(fn) if how == "jit" else fn
            after = []
            for _ in range(3):
                result = float(run(one))
                after.append((result, state()) if make is make_baked else state())
            seen.append(f"{name} {how}: {after}")
    return "; ".join(seen)


@fact("torch")
def torch_trace_type_test_of_a_size() -> str:
    """Under `torch.jit.trace`, branches that test a value's type or identity after a size read
    (pytorch_geometric's `coalesce`: `isinstance(edge_index, Tensor)`, `edge_attr is None` after
    `edge_index[:, perm]` with `perm` from a tensor made with `edge_index[0].size(0)`;
    detectron2's `isinstance(logits.shape[1], torch.Tensor)`; `len` of a list of tensors),
    traced on one size and run on another, beside eager; the hazard: `if x.size(0) > 2`."""
    import warnings

    import torch

    def coalesce_like(edge_index):
        num_edges = edge_index[0].size(0)
        idx = edge_index[0].new_empty(num_edges + 1)
        perm = idx[1:].argsort()
        edge_index = edge_index[:, perm]
        edge_attr = None
        if isinstance(edge_index, torch.Tensor):
            edge_index = edge_index * 2
        if edge_attr is None:
            return edge_index.sum()
        return edge_index.sum() + 1

    def top_k(logits):
        hw = logits.shape[1]
        n = torch.clamp(hw, max=3) if isinstance(hw, torch.Tensor) else min(hw, 3)
        perm = logits.new_empty(logits.size(0)).argsort()
        parts = [logits[perm], logits[perm] * 2]
        if parts is None or len(parts) == 0:
            return logits.sum()
        return logits.topk(n, dim=1)[0].sum()

    def head(x):
        if x.size(0) > 2:
            return x[:2].sum() + 100
        return x.sum()

    cases = {
        "coalesce-like": (coalesce_like, torch.zeros(2, 3, dtype=torch.long), torch.ones(2, 5, dtype=torch.long)),
        "isinstance of a size, len of a list": (top_k, torch.rand(2, 5), torch.rand(3, 4)),
        "x.size(0) > 2 (hazard)": (head, torch.ones(4, 3), torch.ones(1, 3)),
    }
    seen = []
    for name, (fn, example, other) in cases.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            traced = torch.jit.trace(fn, (example,))
        same = torch.equal(traced(other), fn(other))
        seen.append(f"{name}: {'same as eager' if same else f'eager {fn(other).item()}, traced {traced(other).item()}'}")
    return "; ".join(seen)


@fact("tensorflow")
def tf_branch_taken_only_by_a_python_reach() -> str:
    """sonnet's `_rnn_step`: `if prev_outputs is None: assert t == 0`, called in a tf.function
    with `t=0, prev_outputs=None` for the first step and with a `tf.range` `t` and the previous
    outputs after it (fine: the assert sees the Python 0 alone); the hazard beside it: the same
    helper called in the loop with the traced `t` and None."""
    import tensorflow as tf

    def _rnn_step(inputs, t, prev_outputs):
        outputs = [inputs[t]]
        if prev_outputs is None:
            assert t == 0
            prev_outputs = [tf.zeros_like(outputs[0])]
        return [outputs[0] + prev_outputs[0]]

    @tf.function
    def unroll(inputs, num_steps):
        outputs = _rnn_step(inputs, t=0, prev_outputs=None)
        for t in tf.range(1, num_steps):
            outputs = _rnn_step(inputs, t, prev_outputs=outputs)
        return outputs[0]

    @tf.function
    def unroll_with_none(inputs, num_steps):
        outputs = _rnn_step(inputs, t=0, prev_outputs=None)
        for t in tf.range(1, num_steps):
            outputs = _rnn_step(inputs, t, prev_outputs=None)
        return outputs[0]

    inputs = tf.constant([1.0, 2.0, 3.0])
    fine = float(unroll(inputs, tf.constant(3)))
    return f"first step Python, then traced with outputs: {fine} (eager 6.0); traced with None: {_error(lambda: unroll_with_none(inputs, tf.constant(3)))}"


@fact("torch")
def torch_branch_only_another_framework_takes() -> str:
    """pytorch_geometric's `to_torch_coo_tensor`: `if size is None: size = int(x.max()) + 1` in
    a helper that a torch.jit.trace'd caller calls with a size and a torch.jit.script'ed one
    without (fine: the trace never takes the branch, no TracerWarning, and the script keeps the
    branch as control flow); the hazard beside it: a traced caller leaving the size out (the
    example's `int(x.max())` baked: the traced function fails on a larger index)."""
    from typing import Optional

    import torch

    def counts(x: torch.Tensor, size: Optional[int] = None) -> torch.Tensor:
        if size is None:
            size = int(x.max()) + 1
        return torch.zeros(size).scatter_add(0, x, torch.ones_like(x, dtype=torch.float))

    def traced_with_size(x: torch.Tensor) -> torch.Tensor:
        return counts(x, x.size(0))

    def scripted_without(x: torch.Tensor) -> torch.Tensor:
        return counts(x)

    def traced_without(x: torch.Tensor) -> torch.Tensor:
        return counts(x)

    example, larger = torch.tensor([0, 1, 2, 2]), torch.tensor([0, 5, 5, 5, 5, 5])
    told = []
    for fn in (traced_with_size, traced_without):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            traced = torch.jit.trace(fn, (example,))
        warned = any("Tracer" in type(w.message).__name__ for w in caught)
        told.append(f"{fn.__name__}: {'TracerWarning' if warned else 'no TracerWarning'}, {_error(lambda: traced(larger))}")
    scripted = torch.jit.script(scripted_without)
    told.append(f"scripted_without on a larger index: {scripted(torch.tensor([0, 5])).tolist()}")
    return "; ".join(told)


@fact("torch")
def compile_branch_on_python_number_argument() -> str:
    """MLSys-Experiments `graph_tracing.py` (reports batch 20): `if n >= 0` in a torch.compile'd
    function whose calls pass Python numbers. With `fullgraph=True`, where a graph break raises,
    every value compiles without one (Dynamo guards on the number, or on the sign of a dynamic
    int), and the results equal eager ones; the hazard beside it, a branch on a tensor's value,
    raises `Unsupported` (a graph break)."""
    import torch

    graphs = {"n": 0}

    def backend(gm, example_inputs):
        graphs["n"] += 1
        return gm.forward

    def fn(x, n):
        y = x ** 2
        if n >= 0:
            return (n + 1) * y
        return y / n

    def tensor_branch(a, b):
        if b.sum() < 0:
            b = b * -1
        return a * b

    x, told = torch.randn(5), []
    for values in ((2, 3, -2, 4, 7, -9, 0, 11, 12, 13), (0.1, 0.7, 0.2, 0.9, 0.3, 0.8), (True, False)):
        graphs["n"] = 0
        compiled = torch.compile(fn, backend=backend, fullgraph=True)
        same = all(torch.allclose(compiled(x, v), fn(x, v)) for v in values)
        told.append(f"{type(values[0]).__name__} x{len(values)}: {graphs['n']} graphs, same as eager {same}")
    told.append("tensor branch: " + _error(lambda: torch.compile(tensor_branch, backend=backend, fullgraph=True)(x, x)))
    return "; ".join(told)

@fact("jax", "equinox")
def jax_new_callable_in_a_sweep() -> str:
    """diffrax `test_interpolation.py:64`: a filter-jitted solve given a new lambda on each pass
    of a loop over solver configurations (equinox modules, hashed by value). Whether hoisting
    the lambda saves compiles depends on whether the configurations repeat: over distinct ones
    each pass compiles either way; over a sweep that repeats a configuration, the hoisted
    lambda hits the cache and the new one does not."""
    import equinox as eqx
    import jax.numpy as jnp

    class Euler(eqx.Module):
        pass

    class Midpoint(eqx.Module):
        pass

    class Heun(eqx.Module):
        pass

    @eqx.filter_jit
    def solve(term, solver, y):
        return term(y) * (2.0 if isinstance(solver, Midpoint) else 1.0)

    def sweep(solvers, hoisted):
        term = lambda y: -y
        for solver in solvers:
            solve(term if hoisted else (lambda y: -y), solver, jnp.ones(3))

    sweep([], True)
    jnp.ones(3) * 2.0  # compiled once here, outside the counts
    told = []
    for name, solvers in (("distinct", [Euler(), Midpoint(), Heun()]), ("repeated", [Euler(), Midpoint(), Euler(), Midpoint()])):
        for hoisted in (False, True):
            told.append(f"{name} {'hoisted' if hoisted else 'new lambda'}: {_compiles(lambda: sweep(solvers, hoisted))} compiles")
    return "; ".join(told)


@fact("torch")
def torch_trace_length_of_a_list() -> str:
    """pytorch_geometric `coalesce` (`_coalesce.py:194`): `edge_attr` is a tensor in one branch
    and a list of tensors (`[e[perm] for e in edge_attr]`) in another; under `isinstance(edge_attr,
    (list, tuple))`, `if len(edge_attr) == 0:` is the list's length (fine: no TracerWarning, the
    traced function right on other sizes); the hazard beside it: a torch.Size passes
    `isinstance(s, tuple)`, and a branch on its element `s[0]` keeps the example's answer."""
    import torch

    def merge(x, attrs=None):
        perm = torch.argsort(x)
        if isinstance(attrs, torch.Tensor):
            attrs = attrs[perm].new_zeros(x.size(0)) + attrs[perm]
            return x[perm] + attrs
        elif isinstance(attrs, (list, tuple)):
            attrs = [a[perm] for a in attrs]
        if isinstance(attrs, (list, tuple)):
            if len(attrs) == 0:
                return x[perm]
            return x[perm] + attrs[0]
        return x[perm]

    def head(x):
        s = x.size()
        if isinstance(s, tuple) and s[0] > 2:
            return x[:2]
        return x

    told = []
    for fn, example, other in (
        (merge, (torch.tensor([3.0, 1.0, 2.0]), [torch.tensor([1.0, 2.0, 3.0])]),
         (torch.tensor([2.0, 1.0, 5.0, 4.0, 3.0]), [torch.ones(5)])),
        (head, (torch.ones(1),), (torch.ones(4),)),
    ):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            traced = torch.jit.trace(fn, example, check_trace=False)
        warned = any("Tracer" in type(w.message).__name__ for w in caught)
        right = torch.equal(traced(*other), fn(*other))
        told.append(f"{fn.__name__}: {'TracerWarning' if warned else 'no TracerWarning'}, {'as eager' if right else 'wrong'} on another size")
    return "; ".join(told)


@fact("jax")
def jax_compiled_values_reached() -> str:
    """The spellings by which ACC5 follows a compiled callable to its call
    (tests/test_compiled_values_reach.py), each called from host code on 5 passes with a new
    shape (or a new value for a static argument) on each, and a look-alike with one: XLA
    compiles (jax's compile log), jax's caches cleared between cases (a second `jax.jit` of the
    same function shares its cache)."""
    import jax
    import jax.numpy as jnp

    def double(x):
        return x * 2

    def inc(x):
        return x + 1

    def scale(x, k):
        return x * k

    def my_jit(fn, static=()):
        return jax.jit(fn, static_argnums=static)

    def compiled(static=()):
        def deco(fn):
            return jax.jit(fn, static_argnums=static)
        return deco

    def make():
        step = double
        step = jax.jit(double)
        return step

    def train(step_fn, x, n):
        for i in range(n):
            step_fn(x, i)

    def make_step(k):
        @jax.jit
        def step(v):
            return v * k
        return step

    class Box:
        pass

    class Trainer:
        def __init__(self, step_fn):
            self.step_fn = step_fn

        def fit(self, x, n):
            for i in range(n):
                self.step_fn(x, i)

    box = Box()
    box.step = jax.jit(double)
    fns = {"a": jax.jit(double), "b": jax.jit(inc)}
    jitted = jax.jit(scale, static_argnums=1)
    go = lambda v, k: jitted(v, k)  # noqa: E731
    grad_fn = jax.grad(jax.jit(lambda v, k: (v * k).sum(), static_argnums=1))
    forwarded, bare, decorated = my_jit(scale, static=(1,)), my_jit(scale), compiled(static=(1,))(scale)
    x, arrays = jnp.ones(3), [jnp.ones(i) for i in range(1, 6)]  # made outside the counts
    cases = {
        "dict of jitted, new shape": lambda: [fns[k](a) for a in arrays for k in ("a",)],
        "list of jitted iterated, new shape": lambda: [fn(a) for a in arrays for fn in [fns["a"]]],
        "list of jitted, one shape": lambda: [fn(x) for i in range(1, 6) for fn in [fns["a"]]],
        "box.step = jax.jit(f), new shape": lambda: [box.step(a) for a in arrays],
        "lambda forwarding a static": lambda: [go(x, i) for i in range(5)],
        "lambda dropping the changing argument": lambda: [(lambda v, k: jitted(v, 3))(x, i) for i in range(5)],
        "parameter given jax.jit(f, static_argnums=1)": lambda: train(jax.jit(scale, static_argnums=1), x, 5),
        "parameter given jax.jit(f)": lambda: train(jax.jit(scale), x, 5),
        "kept by a constructor: jax.jit(f, static_argnums=1)": lambda: Trainer(jax.jit(scale, static_argnums=1)).fit(x, 5),
        "jax.grad of jax.jit(f, static_argnums=1)": lambda: [grad_fn(x, i) for i in range(5)],
        "jax.grad of it, one static value": lambda: [grad_fn(x, 2) for i in range(5)],
        "my_jit(f, static=(1,))": lambda: [forwarded(x, i) for i in range(5)],
        "@compiled(static=(1,))": lambda: [decorated(x, i) for i in range(5)],
        "my_jit(f)": lambda: [bare(x, i) for i in range(5)],
        "a factory's jitted local def, made once, new shape": lambda: [s(a) for s in [make_step(2.0)] for a in arrays],
        "the same, one shape": lambda: [s(x) for s in [make_step(2.0)] for a in arrays],
        "the binding reaching the return, new shape": lambda: [s(a) for s in [make()] for a in arrays],
    }
    told = []
    for name, run in cases.items():
        jax.clear_caches()
        told.append(f"{name}: {_compiles(run)}")
    return "; ".join(told)


@fact("torch")
def trace_time_predicates_torch() -> str:
    """What `torch.compiler.is_compiling()`, `torch._dynamo.is_compiling()` and
    `torch.compiler.is_dynamo_compiling()` answer while torch.compile (fullgraph or not),
    torch.export and torch.jit.trace run a function, and whether the branch they rule out is
    traced: under fullgraph=True an `if x.sum() > 0` behind `if not is_compiling():` compiles;
    torch.jit.script of an else branch of `if torch.jit.is_scripting():` holding `x.numpy()`."""
    import torch

    seen = {}

    def probe(tag):
        def f(x):
            seen[tag] = tuple(p() for p in (torch.compiler.is_compiling, torch._dynamo.is_compiling, torch.compiler.is_dynamo_compiling))
            return x + 1
        return f

    class Exported(torch.nn.Module):
        def forward(self, x):
            return probe("export")(x)

    torch.compile(probe("compile"), backend="eager")(torch.ones(2))
    torch.compile(probe("fullgraph"), backend="eager", fullgraph=True)(torch.ones(2))
    torch.export.export(Exported(), (torch.ones(2),))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.jit.trace(probe("jit.trace"), torch.ones(2))

    def host_work_outside(x):
        if not torch.compiler.is_compiling():
            if x.sum() > 0:
                print("eager only")
        return x * 2

    def scripted_else(x):
        if torch.jit.is_scripting():
            return x * 2
        else:
            return torch.from_numpy(x.numpy() * 2)

    told = [f"{tag}: {answers}" for tag, answers in seen.items()]
    told.append("fullgraph with the guarded branch: " + _error(lambda: torch.compile(host_work_outside, backend="eager", fullgraph=True)(torch.ones(2))))
    told.append("script of the else branch: " + _error(lambda: torch.jit.script(scripted_else)))
    return "; ".join(told)


@fact("tensorflow")
def trace_time_predicates_tf() -> str:
    """What `tf.executing_eagerly()` answers while a tf.function traces, and whether `x.numpy()`
    behind `if tf.executing_eagerly():` is traced (it would raise there)."""
    import tensorflow as tf

    seen = []

    @tf.function
    def step(x):
        seen.append(tf.executing_eagerly())
        if tf.executing_eagerly():
            print(x.numpy())
        return x * 2

    outcome = _error(lambda: step(tf.ones(2)))
    return f"executing_eagerly() while tracing: {seen[0]}; the guarded .numpy(): {outcome}"


@fact("tensorflow")
def keras_get_shape_in_call() -> str:
    """`x.get_shape()` in a Keras layer's `call` under `fit` (no AutoGraph): a TensorShape of
    Python ints and None, so `if a and a[-1] != 1` on its `.as_list()` and `x.get_shape()[0] > 2`
    are Python tests; against `if tf.shape(x)[0] > 2`, a tensor."""
    import keras
    import numpy as np
    import tensorflow as tf

    class Static(keras.layers.Layer):
        def call(self, x):
            a = x.get_shape().as_list()
            if a and a[-1] != 1:
                x = x * 2
            if x.get_shape()[0] is None or x.get_shape()[0] > 2:
                x = x + 1
            return x

    class Dynamic(keras.layers.Layer):
        def call(self, x):
            if tf.shape(x)[0] > 2:
                x = x / 2
            return x

    def fit(layer):
        model = keras.Sequential([keras.Input((3,)), layer])
        model.compile(loss="mse")
        model.fit(np.ones((8, 3)), np.ones((8, 3)), verbose=0)

    return f"get_shape: {_error(lambda: fit(Static()))}; tf.shape: {_error(lambda: fit(Dynamic()))}"

@fact("tensorflow")
def keras_predict_inside_tf_function() -> str:
    """A Keras model's methods called on a traced tensor inside a tf.function (keras#13671):
    `predict`, `predict_on_batch`, `evaluate`, `fit` against the model's call, `predict_step`,
    `train_on_batch`, `test_on_batch`."""
    import keras
    import numpy as np
    import tensorflow as tf

    x = tf.constant(np.random.random((10, 16)).astype("float32"))
    model = keras.Sequential([keras.Input((16,)), keras.layers.Dense(4)])
    model.compile(loss="mse")
    bodies = {
        "predict": lambda t: model.predict(t, verbose=0),
        "predict_on_batch": lambda t: model.predict_on_batch(t),
        "evaluate": lambda t: model.evaluate(t, t[:, :4], verbose=0),
        "fit": lambda t: model.fit(t, t[:, :4], verbose=0),
        "call": lambda t: model(t),
        "predict_step": lambda t: model.predict_step(t),
        "train_on_batch": lambda t: model.train_on_batch(t, t[:, :4]),
        "test_on_batch": lambda t: model.test_on_batch(t, t[:, :4]),
    }
    return "; ".join(f"{name}: {_error(lambda: tf.function(body)(x))}" for name, body in bodies.items())


@fact("tensorflow", "keras")
def keras_compile_objects() -> str:
    """Which methods of a loss and a metric OBJECT handed to `compile` run in `fit`'s traced step
    (tensorflow#46640): Python side effects counted in a `Loss.call`, a `Metric.update_state` and
    `result` over 16 steps of 2 epochs, and `.numpy()` of the metric's variable in `result`."""
    import keras
    import numpy as np

    counts = {"call": 0, "update_state": 0, "result": 0}
    convert = []

    class Mean(keras.metrics.Metric):
        def __init__(self):
            super().__init__(name="mean")
            self.total = self.add_weight(name="total", initializer="zeros")

        def update_state(self, y_true, y_pred, sample_weight=None):
            counts["update_state"] += 1
            self.total.assign_add(keras.ops.mean(y_pred))

        def result(self):
            counts["result"] += 1
            return float(self.total.numpy()) if convert else self.total

    class Squared(keras.losses.Loss):
        def call(self, y_true, y_pred):
            counts["call"] += 1
            return keras.ops.mean((y_true - y_pred) ** 2)

    def fit(eagerly=False):
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
        model.compile(optimizer="adam", loss=Squared(), metrics=[Mean()], run_eagerly=eagerly)
        model.fit(np.zeros((32, 4)), np.zeros((32, 3)), batch_size=4, epochs=2, verbose=0)

    fit()
    ran = ", ".join(f"{name} {n}" for name, n in counts.items())
    convert.append(True)
    traced = _error(fit)
    counts.update(dict.fromkeys(counts, 0))
    eager = _error(lambda: fit(eagerly=True))
    ran_eagerly = ", ".join(f"{name} {n}" for name, n in counts.items())
    return f"16 steps: {ran}; .numpy() in result: {traced}; run_eagerly=True: {ran_eagerly}, .numpy() in result: {eager}"


@fact("tensorflow", "keras")
def keras_model_and_layer_outputs_in_train_step() -> str:
    """What a Keras 3 model's `train_step` gets from calling the model itself (`self(x)`) and a
    layer its `__init__` made (`self.dense(x)`) under `fit`: a symbolic tensor each, whose
    `.numpy()` raises."""
    import tensorflow as tf

    seen = {}

    def train_step(model, data):
        x, _ = data
        for name, value in (("self(x)", model(x, training=True)), ("self.dense(x)", model.dense(x))):
            seen[name] = f"{type(value).__name__}, .numpy() {_error(lambda v=value: v.numpy())}"
        return {"loss": tf.reduce_mean(model(x))}

    _fit_dense_model(train_step, steps=2)
    return "; ".join(f"{name}: {what}" for name, what in seen.items())


@fact("tensorflow", "keras")
def keras_ops_list_functions_in_call() -> str:
    """What `keras.ops.split`, `unstack` and `meshgrid` give a layer's `call` under `fit`, and
    whether a comprehension over it runs there (keras-hub's flux_maths `[... for s in
    ops.split(...)]`); beside it a comprehension over the tensor itself."""
    import keras
    import numpy as np
    from keras import ops

    seen = {}

    class Parts(keras.layers.Layer):
        def call(self, x):
            for name, parts in (("split", lambda: ops.split(x, 2, axis=-1)), ("unstack", lambda: ops.unstack(x, axis=-1)),
                                ("meshgrid", lambda: ops.meshgrid(x[0], x[0])), ("the tensor", lambda: x)):
                seen[name] = _error(lambda p=parts: [q * 2 for q in p()]) + f" ({type(parts()).__name__})"
            return x

    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4), Parts()])
    model.compile(loss="mse")
    model.fit(np.ones((4, 4), "float32"), np.ones((4, 4), "float32"), verbose=0)
    return "; ".join(f"{name}: {what}" for name, what in seen.items())


def _fit_dense_model(train_step, steps: int, epochs: int = 1, **held):
    """A Keras 3 model of one Dense layer whose `train_step` is `train_step(model, data)`, given
    the attributes `held` at build, fitted on `steps` batches of 2 for `epochs` epochs."""
    import keras
    import numpy as np

    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)
            for name, value in held.items():
                setattr(self, name, value)

        def call(self, x):
            return self.dense(x)

        def train_step(self, data):
            return train_step(self, data)

    model = Net()
    model.compile(optimizer="sgd")
    model.fit(np.ones((2 * steps, 3), "float32"), np.ones((2 * steps, 1), "float32"), batch_size=2, epochs=epochs, verbose=0)
    return model


@fact("tensorflow", "keras")
def values_kept_in_containers_and_by_setattr() -> str:
    """A traced value kept on an object that outlives the trace, spelt as an item set in a dict
    the object holds, an append to a list it holds and `setattr(self, "name", x)`: in a Keras
    model's `train_step` over 8 steps of `fit` (2 epochs) and in a tf.function method over 4
    calls. What the object holds afterwards, and what using it does."""
    import tensorflow as tf

    def keep(obj, x):
        obj.cache["x"] = x
        obj.seen.append(x)
        setattr(obj, "last_x", x)

    def train_step(model, data):
        keep(model, data[0])
        return {"loss": tf.reduce_mean(model(data[0]))}

    class Runner:
        def __init__(self):
            self.cache, self.seen = {}, []

        @tf.function
        def step(self, x):
            keep(self, x)
            return x * 2

    def held(obj) -> str:
        return (f"list {len(obj.seen)} x {type(obj.seen[0]).__name__}, dict {type(obj.cache['x']).__name__}, "
                f"setattr {type(obj.last_x).__name__}, using it {_error(lambda: obj.last_x + 1)}")

    model = _fit_dense_model(train_step, steps=4, epochs=2, cache={}, seen=[])
    runner = Runner()
    for i in range(4):
        runner.step(tf.constant([float(i)]))
    return f"train_step: {held(model)}; tf.function method: {held(runner)}"


@fact("torch")
def compile_random_object_draws() -> str:
    """Which host draws torch.compile bakes into its graph (pytorch#196437): each drawn in a
    compiled function over four calls, from a module-level `random.Random(0)` and one passed in;
    `random.random()`, `np.random.rand()` and a NumPy generator's `normal()` beside them.
    "baked" = the four calls give one number."""
    import random
    import warnings

    import numpy as np
    import torch

    warnings.filterwarnings("ignore")
    methods = {
        "random": lambda r: r.random(), "randint": lambda r: r.randint(1, 100),
        "randrange": lambda r: r.randrange(100), "uniform": lambda r: r.uniform(0, 1),
        "getrandbits": lambda r: r.getrandbits(8), "choice": lambda r: r.choice([1, 2, 3, 4, 5, 6, 7]),
        "gauss": lambda r: r.gauss(0, 1), "expovariate": lambda r: r.expovariate(1.0),
    }

    def drawn(fn, *args) -> str:
        torch._dynamo.reset()
        compiled = torch.compile(fn, backend="eager")
        values = {float(compiled(torch.zeros(1), *args)) for _ in range(4)}
        return "baked" if len(values) == 1 else "fresh"

    out = []
    for name, draw in methods.items():
        held = random.Random(0)
        out.append(f"Random().{name}: global {drawn(lambda x: x + draw(held))}, "
                   f"argument {drawn(lambda x, r: x + draw(r), random.Random(0))}")
    gen = np.random.default_rng(0)
    out.append(f"random.random(): {drawn(lambda x: x + random.random())}")
    out.append(f"np.random.rand(): {drawn(lambda x: x + np.random.rand())}")
    out.append(f"default_rng().normal(): {drawn(lambda x: x + gen.normal())}")
    return "; ".join(out)


@fact("torch")
def trace_mode_switched_after_trace() -> str:
    """torch.jit.trace records the branches the module's `training` flag took while tracing
    (`nn.Dropout`, `nn.BatchNorm1d`): does a later `.train()`/`.eval()`/`.train(False)`/
    `.training = False` of the trace, or `.eval()` of a module holding a trace made in its
    `__init__` (pytorch#24824, #29177), change what a call runs? "random" = two calls on one
    input differ (dropout applied); the look-alikes: switching the traced module's own source
    (`model.train()` after `torch.jit.trace(model.eval(), x)`) and a `torch.jit.script`ed
    module (which keeps `training` an attribute read on each call)."""
    import warnings

    import torch
    import torch.nn as nn

    warnings.filterwarnings("ignore")
    x = torch.ones(4, 8)

    def net():
        torch.manual_seed(0)
        return nn.Sequential(nn.Linear(8, 8), nn.Dropout(0.5))

    def state(m) -> str:
        with torch.no_grad():
            return "random" if not torch.equal(m(x), m(x)) else "fixed"

    def traced(mode: bool):
        return torch.jit.trace(net().train(mode), x, check_trace=False)

    out = {}
    t = traced(False); t.train(); out["eval-traced, .train()"] = state(t)
    t = traced(True); t.eval(); out["train-traced, .eval()"] = state(t)
    t = traced(True); t.train(False); out["train-traced, .train(False)"] = state(t)
    t = traced(True); t.training = False; out["train-traced, .training = False"] = state(t)
    t = torch.jit.trace_module(net(), {"forward": x}, check_trace=False); t.eval()
    out["trace_module (train), .eval()"] = state(t)

    class Holder(nn.Module):
        def __init__(self):
            super().__init__()
            self.drop = torch.jit.trace(nn.Dropout(0.5), x, check_trace=False)

        def forward(self, y):
            return self.drop(y)

    out["trace in __init__, holder.eval()"] = state(Holder().eval())
    bn = torch.jit.trace(nn.BatchNorm1d(8), torch.randn(4, 8), check_trace=False)
    before = bn.running_mean.clone(); bn.eval(); bn(torch.randn(4, 8))
    out["BatchNorm traced in train, .eval(): running stats updated"] = str(not torch.equal(before, bn.running_mean))
    m = net().eval(); t = torch.jit.trace(m, x, check_trace=False); m.train()
    out["fine: source model.train() after trace, trace"] = state(t)
    out["fine: source model.train() after trace, model"] = state(m)
    m = net().eval(); t = torch.jit.trace(m, x, check_trace=False); t.eval()
    out["fine: eval-traced, .eval()"] = state(t)
    s = torch.jit.script(net()); s.eval(); out["fine: scripted, .eval()"] = state(s)
    return "; ".join(f"{k}: {v}" for k, v in out.items())


@fact("torch")
def trace_mode_flag_read_by_forward() -> str:
    """torch.jit.trace of a module whose own `forward` reads `self.training` (`if self.training:
    y = y + 100.0`) and a float attribute, traced in training mode: does the trace's result
    change after `.training = False`, `.eval()` or `.train(False)` on the source module, or on
    the trace? What does each one's `training` say then? The look-alike: the float attribute
    rebound on the source (`m.scale = 3.0`, ACC604's stale read). "train"/"eval" = the branch
    the result took; ACC604 asked whether the source's mode flag is a hidden input."""
    import warnings

    import torch
    import torch.nn as nn

    warnings.filterwarnings("ignore")
    x = torch.ones(4, 8)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 8)
            self.scale = 2.0

        def forward(self, y):
            y = self.fc(y)
            if self.training:
                y = y + 100.0
            return y * self.scale

    def branch(m) -> str:
        with torch.no_grad():
            return "train" if m(x).mean().item() > 100.0 else "eval"

    switches = {
        ".training = False": lambda m: setattr(m, "training", False),
        ".eval()": lambda m: m.eval(),
        ".train(False)": lambda m: m.train(False),
        ".scale = 3.0": lambda m: setattr(m, "scale", 3.0),
    }
    out = {}
    for on in ("source", "trace"):
        for label, switch in switches.items():
            torch.manual_seed(0)
            m = Net()
            t = torch.jit.trace(m, x, check_trace=False)
            before = t(x).mean().item()
            switch(m if on == "source" else t)
            same = "same" if t(x).mean().item() == before else "changed"
            out[f"{on} {label}"] = (
                f"trace {branch(t)} ({same}), trace.training={t.training}, eager {branch(m)}, model.training={m.training}"
            )
    return "; ".join(f"{k}: {v}" for k, v in out.items())


@fact("torch")
def fx_mode_switched_after_trace() -> str:
    """torch.fx.symbolic_trace records what a `forward` of the program read while tracing: does
    `.eval()`/`.train(False)`/`.training = False` on the GraphModule change what a call runs when
    the forward reads `self.training` (`F.dropout(training=self.training)`, `if self.training:`;
    nni#5470)? "random" = two calls on one input differ (dropout applied); the look-alikes:
    `nn.Dropout` submodules (FX leaves, reading their flag on each call) and the source module
    switched after tracing."""
    import warnings

    import torch
    import torch.fx
    import torch.nn as nn
    import torch.nn.functional as F

    warnings.filterwarnings("ignore")
    x = torch.ones(4, 8)

    def state(m) -> str:
        with torch.no_grad():
            return "random" if not torch.equal(m(x), m(x)) else "fixed"

    class MyDrop(nn.Module):
        def forward(self, y):
            return F.dropout(y, 0.5, training=self.training)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin, self.drop = nn.Linear(8, 8), MyDrop()

        def forward(self, y):
            return self.drop(self.lin(y))

    class Branch(nn.Module):
        def forward(self, y):
            return F.dropout(y, 0.5) if self.training else y

    trace = torch.fx.symbolic_trace
    out = {}
    t = trace(Net()); t.eval(); out["training=self.training, train-traced, .eval()"] = state(t)
    t = trace(Net()); t.train(False); out["train-traced, .train(False)"] = state(t)
    t = trace(Net()); t.training = False; out["train-traced, .training = False"] = state(t)
    t = trace(Branch()); t.eval(); out["if self.training, train-traced, .eval()"] = state(t)
    t = trace(Net().eval()); t.train(); out["eval-traced, .train()"] = state(t)
    t = trace(nn.Sequential(nn.Linear(8, 8), nn.Dropout(0.5))); t.eval()
    out["fine: nn.Dropout leaf, .eval()"] = state(t)
    m = Net().eval(); t = trace(m); m.train()
    out["fine: source model.train() after trace, trace"] = state(t)
    out["fine: source model.train() after trace, model"] = state(m)
    return "; ".join(f"{k}: {v}" for k, v in out.items())


@fact("tensorflow")
def tf_data_seeded_draw_second_pass() -> str:
    """Which second passes over a mapped dataset repeat the first pass's draws of a TF random op
    with the global seed set and no op seed (tensorflow#44195, hyperconnect/TC-ResNet#1): a
    dataset iterated once (the only pass: nothing repeats), iterated again, in an epoch loop,
    `fit(epochs=2)`, `.repeat(2)` after the map, and the map after `.repeat(2)`; "same" = the
    second pass draws what the first drew."""
    import numpy as np
    import tensorflow as tf
    from tensorflow import keras

    def mapped():
        tf.random.set_seed(0)
        return tf.data.Dataset.range(3).map(lambda i: tf.random.uniform(()))

    said = {}
    ds = mapped()
    first, second = [float(v) for v in ds], [float(v) for v in ds]
    said["iterated again"] = "same" if first == second else "new"
    ds = mapped()
    epochs = [[float(v) for v in ds] for _ in range(2)]
    said["epoch loop"] = "same" if epochs[0] == epochs[1] else "new"
    values = [float(v) for v in mapped().repeat(2)]
    said["map then repeat(2)"] = "same" if values[:3] == values[3:] else "new"
    tf.random.set_seed(0)
    values = [float(v) for v in tf.data.Dataset.range(3).repeat(2).map(lambda i: tf.random.uniform(()))]
    said["repeat(2) then map"] = "same" if values[:3] == values[3:] else "new"

    seen = []

    class Probe(keras.layers.Layer):
        def call(self, x):
            if hasattr(x, "numpy"):  # run eagerly under fit: what each step is fed
                seen.append(x.numpy().ravel().tolist())
            return x

    tf.random.set_seed(0)
    data = tf.data.Dataset.range(4).map(lambda i: (tf.random.uniform((1,)), tf.zeros((1,)))).batch(2)
    inputs = keras.Input((1,))
    model = keras.Model(inputs, keras.layers.Dense(1)(Probe()(inputs)))
    model.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    seen.clear()
    model.fit(data, epochs=2, verbose=0)
    per_epoch = [sum(seen[:2], []), sum(seen[2:4], [])]
    said["fit(epochs=2)"] = "same" if per_epoch[0] == per_epoch[1] else "new"
    return "; ".join(f"{k}: {v}" for k, v in said.items())


@fact("tensorflow")
def tf_data_unseeded_draw_per_iterator() -> str:
    """A TF random op in a function tf.data traces (`map`, `filter`, `flat_map`, `interleave`), over two
    passes of a dataset (tensorflow#35682): "same" = both passes draw the same values. With
    `tf.random.set_seed` first and no op seed; without `set_seed`; with an op seed only; with
    both; a `tf.random.Generator` draw; a stateless op given a fixed seed; and the `set_seed`
    form with the map function run eagerly (tf.data debug mode, switched on last: it stays on)."""
    import tensorflow as tf

    def passes(make, seed=None) -> str:
        tf.random.set_seed(seed)  # None: no global seed
        ds = make()
        first, second = ([float(v) for v in ds] for _ in range(2))
        return "same" if first == second else "new"

    base = tf.data.Dataset.range(3)
    gen = tf.random.Generator.from_seed(1)
    out = {
        "map, set_seed, no op seed": passes(lambda: base.map(lambda i: tf.random.uniform(())), 0),
        "map, set_seed, tf.random.normal": passes(lambda: base.map(lambda i: tf.random.normal(())), 0),
        "filter, set_seed": passes(lambda: base.filter(lambda i: tf.random.uniform(()) < 2.0).map(
            lambda i: tf.cast(i, tf.float32) + tf.random.uniform(())), 0),
        "flat_map, set_seed": passes(lambda: base.flat_map(
            lambda i: tf.data.Dataset.from_tensors(tf.random.uniform(()))), 0),
        "interleave, set_seed": passes(lambda: base.interleave(
            lambda i: tf.data.Dataset.from_tensors(tf.random.uniform(()))), 0),
        "fine: map, no set_seed, no op seed": passes(lambda: base.map(lambda i: tf.random.uniform(()))),
        "fine: interleave, no set_seed, no op seed": passes(lambda: base.interleave(
            lambda i: tf.data.Dataset.from_tensors(tf.random.uniform(())))),
        "map, op seed only": passes(lambda: base.map(lambda i: tf.random.uniform((), seed=3))),
        "map, set_seed and op seed": passes(lambda: base.map(lambda i: tf.random.uniform((), seed=3)), 0),
        "fine: map, tf.random.Generator": passes(lambda: base.map(lambda i: gen.uniform(())), 0),
        "fine: map, stateless, fixed seed (eagerly the same too)": passes(lambda: base.map(
            lambda i: tf.random.stateless_uniform((), seed=[1, 2])), 0),
    }
    image = tf.reshape(tf.range(12, dtype=tf.float32), (2, 3, 2))
    ops = {
        "truncated_normal": lambda: tf.random.truncated_normal(()),
        "categorical": lambda: tf.cast(tf.random.categorical(tf.zeros((1, 50)), 1)[0, 0], tf.float32),
        "shuffle": lambda: tf.cast(tf.random.shuffle(tf.range(50))[0], tf.float32),
        "gamma": lambda: tf.random.gamma((), 1.0),
        "poisson": lambda: tf.random.poisson((), 5.0),
        "image.random_brightness": lambda: tf.reduce_sum(tf.image.random_brightness(image, 0.5)),
        "image.random_flip_left_right": lambda: tf.reduce_sum(tf.image.random_flip_left_right(image)[0, 0] * [1.0, 10.0]),
        "image.random_crop": lambda: tf.reduce_sum(tf.image.random_crop(image, (1, 1, 2)) * [1.0, 10.0]),
    }
    for name, op in ops.items():
        out[f"map, set_seed, {name}"] = passes(lambda: tf.data.Dataset.range(8).map(lambda i: op()), 0)
    import keras

    keras.utils.set_random_seed(0)
    ds = base.map(lambda i: tf.random.uniform(()))
    out["map, keras.utils.set_random_seed"] = "same" if [float(v) for v in ds] == [float(v) for v in ds] else "new"
    tf.data.experimental.enable_debug_mode()
    out["eager (debug mode): map, set_seed, no op seed"] = passes(
        lambda: base.map(lambda i: tf.random.uniform(())), 0)
    return "; ".join(f"{k}: {v}" for k, v in out.items())


@fact("tensorflow", "keras")
def tf_set_seed_after_first_traced_call() -> str:
    """`tf.random.set_seed(seed + epoch)` before each of four calls of a tf.function whose
    `tf.random.normal` has no op seed (elicito#52): "same" = the four calls draw the same values.
    Against eager calls; `set_seed` once before the loop; an op seed; a `tf.random.Generator`;
    a stateless op seeded with the epoch; and a tf.function traced anew each epoch; Keras's setter."""
    import keras
    import tensorflow as tf

    def epochs(body, reseed=True, fresh=False, setter=tf.random.set_seed) -> str:
        tf.random.set_seed(7)
        draws = []
        fn = body
        for epoch in range(4):
            if reseed:
                setter(7 + epoch)
            if fresh:
                fn = tf.function(body.python_function)
            draws.append(fn(tf.constant(epoch)).numpy().tolist())
        return "same" if all(d == draws[0] for d in draws) else "new"

    normal = tf.function(lambda e: tf.random.normal((3,)))
    seeded = tf.function(lambda e: tf.random.normal((3,), seed=5))
    gen = tf.random.Generator.from_seed(1)
    generator = tf.function(lambda e: gen.normal((3,)))
    stateless = tf.function(lambda e: tf.random.stateless_normal((3,), seed=tf.stack([e, 0])))
    out = {
        "traced, set_seed per epoch": epochs(normal),
        "traced, op seed, set_seed per epoch": epochs(seeded),
        "traced, keras.utils.set_random_seed per epoch": epochs(normal, setter=keras.utils.set_random_seed),
        "fine: eager, set_seed per epoch": epochs(tf.function(normal.python_function).python_function),
        "fine: traced, set_seed once before": epochs(tf.function(normal.python_function), reseed=False),
        "fine: traced, Generator, set_seed per epoch": epochs(generator),
        "fine: traced, stateless seeded by epoch": epochs(stateless),
        "fine: tf.function made anew per epoch": epochs(normal, fresh=True),
    }
    return "; ".join(f"{k}: {v}" for k, v in out.items())


@fact("tensorflow", "keras")
def tf_set_seed_only_after_first_call() -> str:
    """A tf.function drawing `tf.random.normal` with no op seed, called once before any global
    seed is set, then `tf.random.set_seed(0)` (and Keras's `set_random_seed(0)`) before each of
    two later calls: "restarts" = the two reseeded calls draw the same values; each case in a
    fresh interpreter (a seed set earlier in the process would be the one traced), twice, to
    tell whether the draws repeat from run to run. Against the same calls eagerly, and a
    tf.function first called after the seed."""
    import ast
    import subprocess

    head = "import os; os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'\nimport keras, tensorflow as tf\nbody = lambda: tf.random.normal((2,))\n"
    cases = {
        "traced, set_seed after the first call": ("f = tf.function(body); f()", "tf.random.set_seed(0)"),
        "traced, keras.utils.set_random_seed after the first call": ("f = tf.function(body); f()", "keras.utils.set_random_seed(0)"),
        "fine: eager, set_seed after the first call": ("f = body; f()", "tf.random.set_seed(0)"),
        "fine: traced after the seed, set again": ("tf.random.set_seed(0); f = tf.function(body); f()", "tf.random.set_seed(0)"),
    }
    said = []
    for name, (start, setter) in cases.items():
        program = head + f"{start}\ndraws = []\nfor _ in range(2):\n    {setter}\n    draws.append(f().numpy().tolist())\nprint(draws)\n"
        runs = [subprocess.run([sys.executable, "-c", program], capture_output=True, text=True).stdout.strip() for _ in range(2)]
        draws = ast.literal_eval(runs[0])
        said.append(
            f"{name}: {'restarts' if draws[0] == draws[1] else 'does not restart'}, "
            f"{'the same' if runs[0] == runs[1] else 'other'} draws in two runs"
        )
    return "; ".join(said)


@fact("torch")
def script_aliased_container_attribute() -> str:
    """torch.jit.script of a module whose `forward` changes a list attribute in place
    (pytorch#33034): "lost" = the change does not show where eagerly it does, through another
    attribute holding the same list (`self.b = self.a`; `self.b[1] += 10`, `self.b[0] = 5`,
    `self.b.append(7)`), through the caller's list passed to `__init__`; "kept" (fine) = it shows
    in the scripted module's own attribute. torch.jit.script compiles source, so the module is
    written to a file."""
    import tempfile
    import textwrap
    import warnings

    import torch

    warnings.filterwarnings("ignore")
    changes = {"augmented item": "self.b[1] += 10", "item": "self.b[0] = 5", "append": "self.b.append(7)"}
    out = {}
    for name, change in changes.items():
        src = textwrap.dedent(f"""
            import torch

            class M(torch.nn.Module):
                def __init__(self, shared):
                    super().__init__()
                    self.a = shared
                    self.b = self.a

                def forward(self, x):
                    {change}
                    return x
            """)
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(src)
        spec = importlib.util.spec_from_file_location(f"_alias_{len(out)}", f.name)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        eager_list, script_list = [1, 2, 3], [1, 2, 3]
        eager, scripted = module.M(eager_list), torch.jit.script(module.M(script_list))
        eager(torch.zeros(1))
        scripted(torch.zeros(1))
        out[f"{name}, other attribute"] = "kept" if list(scripted.a) == list(eager.a) else "lost"
        out[f"{name}, caller's list"] = "kept" if script_list == eager_list else "lost"
        out[f"fine: {name}, own attribute"] = "kept" if list(scripted.b) == list(eager.b) else "lost"
    return "; ".join(f"{k}: {v}" for k, v in out.items())


@fact("jax", "tensorflow", "torch")
def rebound_wrapper_call_form() -> str:
    """`f = jax.jit(f)` / `f = tf.function(f)` / `f = torch.compile(f)` after `def f` traces as the
    decorated def does (tests/test_rebound_wrappers.py): traces counted by a side effect."""
    import jax
    import jax.numpy as jnp
    import tensorflow as tf
    import torch
    import torch._dynamo

    traces = {"jax call form": 0, "jax decorator": 0, "tf call form": 0, "tf decorator": 0, "torch call form": 0}

    def fn(x):
        traces["jax call form"] += 1
        return x + 1

    fn = jax.jit(fn)

    @jax.jit
    def twin(x):
        traces["jax decorator"] += 1
        return x + 1

    def step(x, epoch):
        traces["tf call form"] += 1
        return x * tf.cast(epoch, tf.float32)

    step = tf.function(step)

    @tf.function
    def step_twin(x, epoch):
        traces["tf decorator"] += 1
        return x * tf.cast(epoch, tf.float32)

    def acc(x, start, end):
        traces["torch call form"] += 1
        for k in range(start, end):
            x = x + k
        return x

    torch._dynamo.reset()
    acc = torch.compile(acc, backend="eager")
    for i in range(5):
        fn(jnp.zeros(i))
        twin(jnp.zeros(i))
        step(tf.ones(3), i)
        step_twin(tf.ones(3), i)
        acc(torch.zeros(3), i, i + 3)
    return "; ".join(f"{k}: {v} traces in 5 passes" for k, v in traces.items())

def main(names: list[str]) -> int:
    unknown = [n for n in names if n not in FACTS]
    if unknown:
        print(f"unknown fact(s): {', '.join(unknown)}; known: {', '.join(FACTS)}", file=sys.stderr)
        return 2
    for name in names or list(FACTS):
        needs, run = FACTS[name]
        missing = [n for n in needs if importlib.util.find_spec(n) is None]
        outcome = f"skipped: {', '.join(missing)} not installed" if missing else run()
        print(f"{name}: {outcome}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
