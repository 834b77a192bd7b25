"""TensorFlow's and Keras 3's documented hazards (stop 43, tf43): properties the guides state,
each in spellings written before the change beside a look-alike that is fine.

The programs and their runs are benchmarks/tf_docs/ (benchmarks/tf_docs_set.py labels each by
running it against its eager twin); the framework facts are runs in benchmarks/framework_runs.py.
Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. a Python iterator made outside a tf.function is advanced only while tracing -----------
# "Better performance with tf.function", Python iterators and generators (run:
# `tf_python_iterator_in_function`: 1.0, 1.0, 1.0 for a list's iterator and a generator; 3.0 on
# every call of a loop over a generator, which eager gives once and then 0.0).


def test_python_iterators_advanced_in_a_tf_function():
    assert_labels_match("""
        import tensorflow as tf

        batches = iter([tf.constant(1.0), tf.constant(2.0)])
        chunks = (tf.constant(float(i)) for i in range(3))

        @tf.function
        def next_loss():
            return next(batches) * 2  # expect: ACC603

        @tf.function
        def total():
            s = tf.constant(0.0)
            for c in chunks:  # expect: ACC603
                s += c
            return s

        def main():
            def schedule():
                lr = 1.0
                while True:
                    yield lr
                    lr /= 2

            lrs = schedule()

            @tf.function
            def step(g):
                return g * next(lrs)  # expect: ACC603

            for _ in range(3):
                step(tf.constant(1.0))
    """)


def test_an_iterator_of_a_tf_data_dataset_is_advanced_by_the_trace():
    """`iter(ds)` of a tf.data dataset, closed over: `next()` on it is an operation of the
    trace (the same run: 2.0, 4.0, 6.0), whether the dataset is made in place, bound to a name
    first, or returned by a helper; an iterator made inside the trace is its own."""
    assert_labels_match("""
        import tensorflow as tf

        def make_batches():
            return tf.data.Dataset.from_tensor_slices([1.0, 2.0]).repeat()

        ds = tf.data.Dataset.range(10).batch(2)
        a = iter(make_batches())
        b = iter(ds)
        c = iter(tf.data.Dataset.from_tensor_slices([1.0]).repeat())

        @tf.function
        def step():
            for x in iter(range(2)):
                pass
            return next(a) + tf.cast(tf.reduce_sum(next(b)), tf.float32) + next(c)
    """)


# -- 2. compile(run_eagerly=True) runs a Keras model's steps as Python -------------------------
# Keras' compile guide; run `keras_compile_run_eagerly`: an `if` on the loss in `train_step`
# raises under `fit` (OperatorNotAllowedInGraphError), works after `compile(run_eagerly=True)`,
# and raises again once the model is compiled anew without it.

_CAREFUL = """
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
            if loss > 1e-3:  {expect}
                grads = tape.gradient(loss, self.trainable_variables)
                self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            return {{"objective": loss}}

"""


def test_a_model_compiled_with_run_eagerly_runs_its_steps_as_python():
    assert_labels_match(_CAREFUL.format(expect="") + """
    model = Careful()
    model.compile(optimizer="sgd", run_eagerly=True)
    model.fit(np.ones((8, 2)), np.ones((8, 1)), epochs=1, verbose=0)
    model.evaluate(np.ones((8, 2)), np.ones((8, 1)), verbose=0)
    """)


def test_steps_run_after_a_compile_without_run_eagerly_are_traced():
    """Compiled without it, with `run_eagerly=False`, compiled anew without it after an eager
    compile, or run before the eager compile: the steps are traced (the same run raises)."""
    for program in (
        """model = Careful()
    model.compile(optimizer="sgd")
    model.fit(np.ones((8, 2)), np.ones((8, 1)))""",
        """model = Careful()
    model.compile(optimizer="sgd", run_eagerly=False)
    model.fit(np.ones((8, 2)), np.ones((8, 1)))""",
        """model = Careful()
    model.compile(optimizer="sgd", run_eagerly=True)
    model.fit(np.ones((8, 2)), np.ones((8, 1)))
    model.compile(optimizer="adam")
    model.fit(np.ones((8, 2)), np.ones((8, 1)))""",
        """model = Careful()
    model.compile(optimizer="sgd")
    model.fit(np.ones((8, 2)), np.ones((8, 1)))
    model.compile(optimizer="sgd", run_eagerly=True)""",
        """eager = Careful()
    eager.compile(optimizer="sgd", run_eagerly=True)
    eager.fit(np.ones((8, 2)), np.ones((8, 1)))
    traced = Careful()
    traced.compile(optimizer="sgd")
    traced.fit(np.ones((8, 2)), np.ones((8, 1)))""",
    ):
        assert_labels_match(_CAREFUL.format(expect="# expect: ACC201") + "\n    " + program + "\n")


# -- 3. a dataclass declared eq=False is keyed by identity, as a plain class is ----------------
# "Better performance with tf.function", depending on Python objects; run `tf_dataclass_argument`:
# eq=False keeps the first value (1.0, then 1.0; eager 0.5); the default eq=True raises
# TypeError (unhashable); a frozen one cannot be written.


def test_a_field_of_an_identity_hashed_dataclass_argument_written_between_calls():
    assert_labels_match("""
        import dataclasses
        from dataclasses import dataclass

        import tensorflow as tf

        @dataclasses.dataclass(eq=False)
        class Hparams:
            beta: float = 1.0

        @dataclass(eq=False, frozen=False)
        class Schedule:
            lr: float = 0.1

        @tf.function
        def loss_fn(hp, x):
            return tf.reduce_sum(x) * hp.beta  # expect: ACC604

        @tf.function
        def update(s, g):
            return g * s.lr  # expect: ACC604

        def main():
            hp = Hparams()
            for epoch in range(3):
                loss_fn(hp, tf.constant([1.0, 2.0]))
                hp.beta = hp.beta * 0.5

        sched = Schedule()
        update(sched, tf.constant(1.0))
        sched.lr = 0.01
        update(sched, tf.constant(1.0))
    """)


def test_dataclasses_that_are_frozen_or_unhashable_are_not_identity_keyed():
    assert_labels_match("""
        import dataclasses

        import tensorflow as tf

        @dataclasses.dataclass
        class Default:
            beta: float = 1.0

        @dataclasses.dataclass(frozen=True, eq=False)
        class Frozen:
            beta: float = 1.0

        @tf.function
        def loss_fn(hp, x):
            return tf.reduce_sum(x) * hp.beta

        def main():
            for cls in (Default, Frozen):
                hp = cls()
                loss_fn(hp, tf.constant([1.0, 2.0]))
                object.__setattr__(hp, "beta", 0.5)
                loss_fn(hp, tf.constant([1.0, 2.0]))

        hp = Default()
        loss_fn(hp, tf.constant(1.0))
        hp.beta = 0.5
        loss_fn(hp, tf.constant(1.0))
    """)


# -- 4. a name a converted if assigns in one branch only, read after it, raises ----------------
# "Better performance with tf.function", conditionals; run
# `tf_name_assigned_in_one_branch_of_converted_if`: the four hazards raise ValueError, the six
# look-alikes run.


def test_names_assigned_in_one_branch_of_a_converted_if_and_read_after():
    assert_labels_match("""
        import tensorflow as tf

        @tf.function
        def no_else(x):
            if tf.reduce_sum(x) > 0:  # expect: ACC210
                y = x * 2
            return y

        @tf.function
        def else_without(x):
            if tf.reduce_sum(x) > 0:  # expect: ACC210
                y = x * 2
            else:
                z = x
            return y + z

        @tf.function
        def elif_chain(x):
            if tf.reduce_sum(x) > 10:  # expect: ACC210
                y = x * 3
            elif tf.reduce_sum(x) > 0:
                y = x * 2
            else:
                pass
            return y

        def main():
            @tf.function
            def augmented_after(x):
                if tf.reduce_sum(x) > 0:  # expect: ACC210
                    total = x
                total += 1.0
                return total

            return augmented_after(tf.ones(2))
    """)


def test_names_every_path_binds_or_no_one_reads_after_a_converted_if():
    assert_labels_match("""
        import tensorflow as tf

        @tf.function
        def bound_before(x):
            y = x
            if tf.reduce_sum(x) > 0:
                y = x * 2
            return y

        @tf.function
        def every_branch(x):
            if tf.reduce_sum(x) > 0:
                y = x * 2
            else:
                y = x
            return y

        @tf.function
        def temporary(x):
            y = x
            if tf.reduce_sum(x) > 0:
                doubled = x * 2
                y = doubled
            return y

        @tf.function
        def rebound_after(x):
            if tf.reduce_sum(x) > 0:
                y = x * 2
            y = x + 1
            return y

        @tf.function
        def python_condition(x, flag=True):
            if flag:
                y = x * 2
            return y

        @tf.function
        def branch_returns(x):
            if tf.reduce_sum(x) > 0:
                y = x * 2
            else:
                return x
            return y
    """)


def test_a_branch_keras_does_not_convert_is_its_own_finding():
    """Keras 3 converts nothing: the `if` itself raises there (ACC201), not ACC210."""
    assert_labels_match("""
        import keras

        class Gate(keras.layers.Layer):
            def call(self, x):
                if keras.ops.sum(x) > 0:  # expect: ACC201
                    y = x * 2
                return y
    """)


# -- 5. a tf.Variable made on every call of a tf.function raises --------------------------------
# "Better performance with tf.function", creating tf.Variables; run `tf_variable_made_in_function`:
# a local, an attribute set on every call, one in a Python loop, one from an argument and one in a
# tf.data map function raise ValueError; made under `if self.v is None:` it runs.


def test_variables_made_on_every_call_of_a_tf_function():
    assert_labels_match("""
        import tensorflow as tf

        @tf.function
        def local(x):
            v = tf.Variable(1.0)  # expect: ACC410
            return v + x

        class Unconditional:
            @tf.function
            def __call__(self, x):
                self.v = tf.Variable(1.0)  # expect: ACC410
                return self.v + x

        def main():
            @tf.function
            def in_loop(x):
                for i in range(2):
                    x = x + tf.Variable(float(i))  # expect: ACC410
                return x

            return in_loop(tf.constant(1.0))

        def make_dataset():
            def parse(i):
                return tf.Variable(1.0) + tf.cast(i, tf.float32)  # expect: ACC410

            return tf.data.Dataset.range(3).map(parse)
    """)


def test_variables_made_once_or_outside_a_tf_function():
    assert_labels_match("""
        import tensorflow as tf

        counter = tf.Variable(0.0)

        class Guarded:
            def __init__(self):
                self.v = None
                self.w = tf.Variable(2.0)

            @tf.function
            def __call__(self, x):
                if self.v is None:
                    self.v = tf.Variable(1.0)
                counter.assign_add(1.0)
                return self.v + self.w * x

        def eager(x):
            return tf.Variable(x) * 2
    """)


def test_an_iterator_held_by_the_traced_methods_object():
    """`self.samples = iter(samples)` in `__init__`, advanced in a `@tf.function` method (run:
    benchmarks/tf_docs/p8_class_held_iterator.py, 2.0 on every call where eager gives 2, 4, 6);
    look-alikes: the object's iterator of a tf.data dataset, and one the traced method itself
    makes anew."""
    assert_labels_match("""
        import tensorflow as tf

        class Replay:
            def __init__(self, samples, ds):
                self.samples = iter(samples)
                self.batches = iter(tf.data.Dataset.from_tensor_slices(ds))
                self.fresh = None

            @tf.function
            def sample_loss(self):
                return tf.reduce_sum(next(self.samples))  # expect: ACC603

            @tf.function
            def batch_loss(self):
                self.fresh = iter([1.0, 2.0])
                return next(self.batches) + next(self.fresh)
    """)


def test_iterators_of_what_a_method_or_the_framework_makes_are_left_alone():
    """An iterator of a distributed dataset (`strategy.experimental_distribute_dataset(ds)`,
    tensorflow/recommenders' test: real code, triaged false) advances on every call as a
    dataset's does; what a method of an object or a TensorFlow call gives may be one."""
    assert_labels_match("""
        import tensorflow as tf

        def test_embedding(strategy, dataset):
            dist = strategy.experimental_distribute_dataset(dataset)
            dist_iter = iter(dist)
            other = iter(tf.data.experimental.make_batched_features_dataset("f", 2, {}))
            python_items = iter([1.0, 2.0])

            @tf.function
            def test_fn():
                dist_batch = strategy.run(lambda f: f, args=(next(dist_iter),))  # judged alone
                return dist_batch, next(other), next(python_items)  # expect: ACC603
    """)


def test_a_variable_made_in_a_helper_a_decorator_runs_once():
    """sonnet's modules make their variables in `@once.once def _initialize(self, x)` (and the
    `_make_w` it calls), which `__call__` calls on every call and `once` runs on the first only
    (real code, triaged false): ACC410 looks only at the function a marker traces itself."""
    assert_labels_match("""
        import tensorflow as tf
        from sonnet.src import once

        class Linear:
            @once.once
            def _initialize(self, inputs):
                self.w = tf.Variable(tf.ones([inputs.shape[-1], 2]))

            @tf.function
            def __call__(self, inputs):
                self._initialize(inputs)
                return tf.matmul(inputs, self.w)

        class Undecorated:  # a helper: not reported (who calls it, how often, is not seen)
            def _initialize(self, inputs):
                self.w = tf.Variable(tf.ones([inputs.shape[-1], 2]))

            @tf.function
            def __call__(self, inputs):
                self._initialize(inputs)
                return tf.matmul(inputs, self.w)
    """)
