"""Round 7 of the real-code benchmark (stop 44): false shapes found on eight code bases nobody
here had linted (benchmarks/README.md, "Round 7, before"), each fixed at its cause and tested on
other spellings of the property, written before the change, beside the hazard that must stay
found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. Each fact was run (jax 0.10.2, TF 2.21); the runs are quoted where used.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. ACC210: a name the next statement binds before it reads it is not read after the `if` --
# acme's MPO learners (tf/mpo, dmpo, mompo): two converted `if`s in a row, each with a Python
# `for src, dest in zip(online, target): dest.assign(src)`. `dest` is assigned in the first
# `if`'s body only, and "read" after it by the second `for`, whose target binds it before its
# body reads it: AutoGraph asks nothing of a name no later code reads before rebinding (run:
# both `if`s under tf.function trace and assign, no error; reading `y` after the `if`, or
# iterating a list the `if` made, raises ValueError).


def test_acme_target_network_updates_in_two_converted_ifs():
    assert_labels_match("""
        import tensorflow as tf

        class Learner:
            @tf.function
            def _step(self):
                if tf.math.mod(self._num_steps, self._policy_period) == 0:
                    for src, dest in zip(self._online_policy, self._target_policy):
                        dest.assign(src)
                if tf.math.mod(self._num_steps, self._critic_period) == 0:
                    for src, dest in zip(self._online_critic, self._target_critic):
                        dest.assign(src)
                self._num_steps.assign_add(1)
                return self._num_steps
    """)


def test_other_spellings_of_a_loop_or_comprehension_binding_the_name_first():
    """A plain `for` over other variables after the `if`, and a comprehension naming its own
    variable like the branch's: each binds the name before reading it (run: both trace)."""
    assert_labels_match("""
        import tensorflow as tf

        @tf.function
        def loop_after(n, sources, targets):
            if tf.math.mod(n, 2) == 0:
                for src, dest in zip(sources, targets):
                    dest.assign(src)
            for dest in targets:
                dest.assign_add(1.0)
            return n

        @tf.function
        def comprehension_after(n, targets):
            if tf.math.mod(n, 2) == 0:
                for dest in targets:
                    dest.assign(3.0)
            return tf.add_n([dest * 1.0 for dest in targets])
    """)


def test_a_name_the_branch_alone_binds_and_later_code_reads_is_still_found():
    """Read after the `if` (`return y`), or iterated by the `for` after it: both raise
    ValueError while tf.function traces them (run)."""
    assert_labels_match("""
        import tensorflow as tf

        @tf.function
        def read_after(n, sources):
            if tf.math.mod(n, 2) == 0:  # expect: ACC210
                for src in sources:
                    y = src * 2.0
            return y

        @tf.function
        def loop_over_it(n, sources, target):
            if tf.math.mod(n, 2) == 0:  # expect: ACC210
                ys = [src * 2.0 for src in sources]
            for y in ys:
                target.assign(y)
            return n
    """)


# -- 2. ACC603: a tf.distribute strategy's dataset, reached through an attribute ----------------
# acme `tf/crr/recurrent_learning.py`: `self._iterator = iter(distributed_dataset)` where
# `distributed_dataset = self._accelerator_strategy.experimental_distribute_dataset(dataset)`.
# A distributed dataset's iterator is TensorFlow's own: `next()` on it in a tf.function is an
# operation that advances on every call (run: 0, 1, 2, 3 with the default strategy, the same
# through `OneDeviceStrategy.run`, and `distribute_datasets_from_function`'s: 0, 1, 2).


def test_acme_iterator_of_a_distributed_dataset_held_by_the_learner():
    assert_labels_match("""
        import tensorflow as tf

        class Learner:
            def __init__(self, dataset, strategy):
                self._strategy = strategy
                with self._strategy.scope():
                    distributed_dataset = self._strategy.experimental_distribute_dataset(dataset)
                    self._iterator = iter(distributed_dataset)

            @tf.function
            def _step(self):
                sample = next(self._iterator)
                return self._strategy.run(lambda x: x * 2, args=(sample,))
    """)


def test_other_spellings_of_a_distributed_dataset_iterator():
    """Made in one expression from a parameter, from `distribute_datasets_from_function`, and
    closed over by a nested tf.function; each on its own line, so each is judged alone."""
    assert_labels_match("""
        import tensorflow as tf

        class Direct:
            def __init__(self, dataset, strategy):
                self._iterator = iter(strategy.experimental_distribute_dataset(dataset))

            @tf.function
            def step(self):
                return next(self._iterator)

        def train(strategy, make_dataset):
            batches = iter(strategy.distribute_datasets_from_function(make_dataset))

            @tf.function
            def step():
                return next(batches)

            return step()

        def evaluate(strategy, dataset):
            dist = strategy.experimental_distribute_dataset(dataset)
            dist_iter = iter(dist)

            @tf.function
            def test_fn():
                return strategy.run(lambda f: f, args=(next(dist_iter),))

            return test_fn()
    """)


def test_a_python_iterator_a_method_gives_is_still_found():
    """What another method of an object gives may be a plain Python iterator (a list's, a
    generator's): advanced once while tracing (run `tf_python_iterator_in_function`)."""
    assert_labels_match("""
        import tensorflow as tf

        class Replay:
            def __init__(self, buffer, samples):
                self._iterator = iter(buffer.sample_batches())
                self._samples = iter(samples)

            @tf.function
            def step(self):
                return next(self._iterator)  # expect: ACC603

            @tf.function
            def other(self):
                return next(self._samples)  # expect: ACC603
    """)


# -- 3. ACC305: `x.at[i].min(v)` is an indexed update, not a reduction over an axis ---------------
# optax `assignment/_hungarian_algorithm.py:157`: `shortest_path_costs.at[j].min(r)` sets each
# indexed element to the minimum of itself and `r`; `r` is the update's values and may be traced
# (run: jit of `c.at[j].min(r)` with traced `j`, `r` gives [5, 2, 5]; `x.min(a)` with a traced
# axis raises ConcretizationTypeError).


def test_optax_hungarian_indexed_minimum_update():
    assert_labels_match("""
        import jax
        import jax.numpy as jnp

        def body(it, val):
            costs, shortest, i, j = val
            r = costs[i, j] - 1.0
            shortest = shortest.at[j].min(r)
            return costs, shortest, i, j

        @jax.jit
        def run(costs, shortest):
            return jax.lax.fori_loop(0, 3, body, (costs, shortest, 0, 1))
    """)


def test_other_spellings_of_indexed_updates_and_the_reduction_still_found():
    """`.at[...].max(v)`, `.at[mask_idx].min(v, mode="drop")` and `.at[i].get()` take values; a
    reduction over a traced axis, also of an update's result, still raises."""
    assert_labels_match("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def updates(x, idx, v):
            a = x.at[idx].max(v)
            b = x.at[idx[0]].min(v * 2, mode="drop")
            c = x.at[1].get(mode="clip")
            return a + b + c

        @jax.jit
        def reductions(x):
            axis = jnp.argmax(x[0])
            m = x.min(axis)  # expect: ACC305
            s = x.at[0].set(1.0).sum(axis)  # expect: ACC305
            return m, s
    """)


# -- 4. ACC605: a closure defined anew and wrapped anew on each pass of a loop ---------------------
# neural-tangents `tests/predict_test.py:1173`: `for dtype in dtypes: def x(): ... dtype ...;
# x_jit = jit(x)`. Each pass defines a new function and wraps it: a new cache, traced with that
# pass's dtype, so the loop's rebinding of `dtype` leaves nothing stale (run: 1.0, 2.0, 3.0 for
# scales 1, 2, 3). Wrapped once before the loop, the trace keeps the
# first value (run: 1.0, 1.0, 1.0).


def test_neural_tangents_closure_defined_and_jitted_on_each_pass():
    """The ACC501 here is the sweep over dtypes triaged false and left (each pass needs its own
    compile: hoisting saves none); it stays as a reminder, not as a label of the hazard."""
    assert_labels_match("""
        import jax
        from jax import jit, random

        def test_is_on_cpu(self, dtypes):
            for dtype in dtypes:
                with self.subTest(dtype=dtype):

                    def x_cpu():
                        return jax.device_get(random.normal(self.key, (2, 3), dtype))

                    x_cpu_jit_cpu = jit(x_cpu, backend="cpu")  # expect: ACC501
                    self.check(x_cpu_jit_cpu())
    """)


def test_other_spellings_of_a_closure_made_and_wrapped_on_the_same_pass():
    """Wrapped by `jax.jit` under another name, by `tf.function`, and in a `while` loop whose
    body rebinds the variable before defining the closure. Each pass compiles again (ACC501,
    real: the float could be an argument), but none reads a stale value."""
    assert_labels_match("""
        import jax
        import tensorflow as tf

        def sweep(scales, x):
            out = []
            for scale in scales:
                def f(v):
                    return v * scale
                compiled = jax.jit(f)  # expect: ACC501
                out.append(compiled(x))
            return out

        def sweep_tf(scales, x):
            out = []
            for scale in scales:
                def g(v):
                    return v * scale
                step = tf.function(g)  # expect: ACC501
                out.append(step(x))
            return out

        def halve(x, n):
            factor = 1.0
            while n > 0:
                factor = factor / 2

                def h(v):
                    return v * factor

                h_jit = jax.jit(h)  # expect: ACC501
                x = h_jit(x)
                n -= 1
            return x
    """)


def test_a_closure_wrapped_once_then_called_after_the_rebinding_is_still_found():
    """Wrapped before the loop: later passes replay the first trace (run: 1.0, 1.0, 1.0 where
    1.0, 2.0, 3.0 is due); defined and wrapped on each pass but rebound between two calls of
    that pass's wrapper: the second call replays the pass's trace (run: 1.0 then 1.0, where
    2.0 is due)."""
    assert_labels_match("""
        import jax

        def before_the_loop(scales, x):
            scale = 1.0

            def f(v):
                return v * scale  # expect: ACC605

            f_jit = jax.jit(f)
            out = []
            for scale in scales:
                out.append(f_jit(x))
            return out

        def rebound_within_the_pass(scales, x):
            out = []
            for scale in scales:
                def h(v):
                    return v * scale  # expect: ACC605
                h_jit = jax.jit(h)
                out.append(h_jit(x))
                scale = scale * 2
                out.append(h_jit(x))
            return out
    """)


# -- 5. ACC304: what fails `hasattr(x, "shape")` is no tracer -----------------------------------
# optax `_src/utils.py:64`: `a.shape if hasattr(a, "shape") else np.asarray(a).shape`. Every
# tracer has `shape`, `dtype` and `ndim` (run: all True for a jax tracer and a tf.function graph
# tensor), so the branch where `hasattr` fails never sees one (run: the guarded helper jits;
# `np.asarray(x)` where `hasattr(x, "shape")` holds raises TracerArrayConversionError).


def test_optax_shape_of_what_may_be_a_python_value():
    assert_labels_match("""
        import jax
        import jax.numpy as jnp
        import numpy as np

        def check_shapes_equal(a, b):
            a_shape = a.shape if hasattr(a, "shape") else np.asarray(a).shape
            b_shape = b.shape if hasattr(b, "shape") else np.asarray(b).shape
            if a_shape != b_shape:
                raise ValueError("mismatch")

        @jax.jit
        def loss(p, t):
            check_shapes_equal(p, t)
            return jnp.sum(p - t)
    """)


def test_other_spellings_of_a_failed_tracer_attribute_test_and_the_held_one():
    """`if not hasattr(x, "dtype"):` around the conversion, `hasattr(x, "ndim")` failing into
    an `else`, and the same under tf.function; the conversion where the test holds is still
    found."""
    assert_labels_match("""
        import jax
        import numpy as np
        import tensorflow as tf

        @jax.jit
        def as_array(x, y):
            if not hasattr(x, "dtype"):
                x = np.asarray(x)
            if hasattr(y, "ndim"):
                rank = y.ndim
            else:
                rank = np.asarray(y).ndim
            return x * rank

        @tf.function
        def tf_rank(x):
            return len(x.shape) if hasattr(x, "shape") else np.asarray(x).ndim

        @jax.jit
        def converts_a_tracer(x):
            if hasattr(x, "shape"):
                return np.asarray(x)  # expect: ACC304
            return x
    """)
