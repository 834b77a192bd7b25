"""The reach stop 45 added for the wrappers set's new misses (benchmarks/wrappers_set.tsv,
chosen = stop45): each property in one sentence, three other spellings, and a look-alike that
is fine."""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from labelled import BREAKS, assert_labels_match, labels
from two_modules import write_files

# A callable handed to a tf.distribute strategy's `run` (or its old name `experimental_run_v2`)
# runs there and then, once per replica: inside a traced body it runs in that trace (run:
# benchmarks/framework_runs.py `tf_strategy_run_in_function`, the print shows once in three
# calls), and outside any trace it runs eagerly, so only the trace reaches it.
STRATEGY_RUN = {
    "a_bound_method_run_in_a_function_rebound_to_its_tf_function": """
        import tensorflow as tf

        class Trainer:
            def __init__(self, strategy):
                self.strategy = strategy

            def train_step(self, batch):
                print("step", batch)  # expect: ACC401
                return batch * 2

            def loop(self, dist_ds, strategy, compiled):
                def epoch(ds):
                    for batch in ds:
                        strategy.run(self.train_step, args=(batch,))

                if compiled:
                    epoch = tf.function(epoch)
                epoch(dist_ds)
    """,
    "a_decorated_method_running_a_nested_step_on_its_strategy": """
        import tensorflow as tf

        class Learner:
            def __init__(self):
                self._strategy = tf.distribute.MirroredStrategy()

            @tf.function
            def step(self, batch):
                def replica_step(x):
                    print("replica", x)  # expect: ACC401
                    return x + 1

                return self._strategy.run(replica_step, args=(batch,))
    """,
    "the_current_strategy_running_a_module_function": """
        import tensorflow as tf

        def per_replica(x):
            print("per replica", x)  # expect: ACC401
            return x * x

        @tf.function
        def distributed(x):
            return tf.distribute.get_strategy().run(per_replica, args=(x,))
    """,
    "the_old_experimental_run_v2_spelling": """
        import tensorflow as tf

        strategy = tf.distribute.MirroredStrategy()

        def step_fn(inputs):
            print("inputs", inputs)  # expect: ACC401
            return inputs

        @tf.function
        def train(inputs):
            return strategy.experimental_run_v2(step_fn, args=(inputs,))
    """,
    # fine: `run` called eagerly (no tf.function around it) runs the step eagerly
    "run_eagerly_outside_any_tf_function": """
        import tensorflow as tf

        strategy = tf.distribute.MirroredStrategy()

        def step_fn(inputs):
            print("inputs", inputs)
            return inputs

        def train(inputs):
            return strategy.run(step_fn, args=(inputs,))
    """,
}


@pytest.mark.parametrize("name", sorted(STRATEGY_RUN))
def test_a_callable_a_strategy_runs(name):
    assert_labels_match(STRATEGY_RUN[name])


# What a module-level function of another module of the project returns, where its returns are
# made by a call the frameworks' data name a maker of (`[[instances]]`: a `tf.data` dataset),
# directly, through a fluent chain on one, or through a name the function rebinds to such a
# chain, is such an object where the importer calls the function: its `.map(fn)` traces `fn`
# (tf-agents' `example_encoding_dataset.load_tfrecord_dataset(...)` mapped in data_utils.py). Each
# importer names `tf.data.Dataset` as such modules do: the prefilter reads no module naming no
# marker or maker.
RETURNED_DATASETS = {
    "pkg/__init__.py": "",
    "pkg/data.py": """
        import tensorflow as tf

        def load_records(path, batched):
            dataset = tf.data.TFRecordDataset(path)
            if batched:
                dataset = dataset.batch(8)
            return dataset

        def load_slices(values):
            return tf.data.Dataset.from_tensor_slices(values).shuffle(10)

        def counter():
            return tf.data.experimental.Counter()

        class Rows:
            def map(self, fn):
                return [fn(r) for r in range(3)]

        def rows():
            return Rows()
    """,
    "module_imported_whole.py": """
        import tensorflow as tf
        from pkg import data

        def decode(record):
            print("decoding", record)  # expect: ACC401
            return record

        def build(path) -> tf.data.Dataset:
            dataset = data.load_records(path, batched=False)
            dataset = dataset.map(decode, num_parallel_calls=tf.data.AUTOTUNE)
            return dataset
    """,
    "function_imported_by_name.py": """
        import tensorflow as tf
        from pkg.data import load_slices

        def keep(x):
            print("keeping", x)  # expect: ACC401
            return x > 0

        ds: tf.data.Dataset = load_slices([1, 2, 3]).filter(keep).prefetch(tf.data.AUTOTUNE)
    """,
    "aliased_and_chained.py": """
        import pkg.data as pd
        import tensorflow as tf

        def index(i):
            print("index", i)  # expect: ACC401
            return i

        def make() -> tf.data.Dataset:
            ds = pd.counter()
            ds = ds.take(5)
            return ds.map(index, deterministic=True).prefetch(tf.data.AUTOTUNE)
    """,
    # fine: the imported function returns an object of a class of its own, whose `map` calls
    # `fn` eagerly
    "not_a_dataset.py": """
        import tensorflow as tf
        from pkg.data import rows

        def show(r):
            print("row", r)
            return r

        out = rows().map(show)
        ds = tf.data.Dataset.range(3)
    """,
}


def test_a_dataset_an_imported_function_returns(tmp_path):
    root = write_files(tmp_path, RETURNED_DATASETS)
    found = {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}
    expected = {(name, line, code) for name in RETURNED_DATASETS for line, code in labels((root / name).read_text())}
    assert found == expected


# Calling a class runs its `__init__`: a class whose `__init__` hands its callable parameter (or a
# function nested in it that calls the parameter) to a marker is a wrapper of that parameter, as
# a function doing so is (objax's `Jit(f)`: `self._call = jax.jit(jit)`, `jit` calling `f`).
CLASS_WRAPPERS = {
    "a_nested_function_calling_the_parameter_jitted": """
        import jax

        class Jit:
            def __init__(self, f, static_argnums=None):
                def jit(tensors, kwargs, *args):
                    return f(*args, **kwargs)

                self._call = jax.jit(jit)

            def __call__(self, *args, **kwargs):
                return self._call([], kwargs, *args)

        def train_op(x, label):
            print("training", x)  # expect: ACC401
            return x

        train_op = Jit(train_op)
    """,
    "the_parameter_jitted_with_options": """
        import jax

        class Compiled:
            def __init__(self, fn, static_argnums=()):
                self.fn = jax.jit(fn, static_argnums=static_argnums)

        def loss(params, batch):
            print("loss", batch)  # expect: ACC401
            return params

        step = Compiled(loss, static_argnums=(1,))
    """,
    "a_compiled_step_kept_by_a_torch_runner": """
        import torch

        class Runner:
            def __init__(self, step, steps=10):
                self.steps = steps
                self._step = torch.compile(step, fullgraph=True)

        def train_step(x):
            if x.sum() > 0:  # expect: ACC201
                return x
            return -x

        runner = Runner(train_step)
    """,
    # fine: the class keeps the function and calls it eagerly; nothing traces it
    "kept_and_called_eagerly": """
        import jax

        class Eager:
            def __init__(self, f):
                self.f = f
                self.g = jax.jit(lambda x: x + 1)

            def __call__(self, x):
                return self.f(x)

        def show(x):
            print("showing", x)
            return x

        shown = Eager(show)
    """,
}


@pytest.mark.parametrize("name", sorted(CLASS_WRAPPERS))
def test_a_class_whose_init_wraps_its_parameter(name):
    assert_labels_match(CLASS_WRAPPERS[name], BREAKS)


def test_a_class_wrapper_imported_from_another_module(tmp_path):
    root = write_files(tmp_path, {
        "lib/__init__.py": "",
        "lib/module.py": """
            import jax

            class Jit:
                def __init__(self, f):
                    def jit(*args):
                        return f(*args)

                    self._call = jax.jit(jit)
        """,
        "train.py": """
            from lib.module import Jit

            def train_op(x):
                print("training", x)  # expect: ACC401
                return x

            train_op = Jit(train_op)
        """,
    })
    found = {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}
    assert found == {("train.py", line, code) for line, code in labels((root / "train.py").read_text())}


def test_a_returned_chain_too_deep_to_read_ends(tmp_path):
    """Bad input: a function of another module returning a method chain deeper than Python's
    parser reads. The file is refused, its importer learns nothing of what it returns, and the
    run ends cleanly."""
    chain = "tf.data.Dataset.range(3)" + ".repeat(1)" * 3000
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/data.py": f"import tensorflow as tf\n\ndef make():\n    return {chain}\n",
        "use.py": """
            import tensorflow as tf
            from pkg.data import make

            def show(x):
                print(x)
                return x

            ds: tf.data.Dataset = make().map(show)
        """,
    })
    found = {(Path(f.path).relative_to(root).as_posix(), f.code) for f in lint_paths([root])}
    assert ("use.py", "ACC401") not in found
