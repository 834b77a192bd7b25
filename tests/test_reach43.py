"""The reach stop 43 added for the wrappers set's misses (benchmarks/wrappers_set.py, the rows
chosen at stop 43): each property in one sentence, three other spellings of it, and a
look-alike that is fine, written before the change."""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from labelled import assert_labels_match, labels
from two_modules import write_files

# A parameter annotated with a class holds an instance of it: calling it in a traced body runs
# that class's `__call__` (a torch module's `forward`) in the same trace (gpt-fast's
# `decode_one_token(model: Transformer, ...)`, compiled, calling `model(x, input_pos)`).
ANNOTATED_CALLED = {
    "a_parameter_annotated_with_a_class_called_under_jit": """
        import jax

        class Scale:
            def __call__(self, x):
                print("scaling", x)  # expect: ACC401
                return 2 * x

        @jax.jit
        def apply(scale: Scale, x):
            return scale(x)
    """,
    "a_module_parameter_called_in_a_function_compiled_by_name": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                if x.sum() > 0:  # expect: ACC201
                    return x
                return -x

        def decode(model: Net, x):
            return model(x)

        decode = torch.compile(decode, fullgraph=True)
    """,
    "a_keyword_only_parameter_annotated_by_a_string": """
        import jax

        @jax.jit
        def apply(x, *, head: "Head"):
            return head(x)

        class Head:
            def __call__(self, x):
                print("head", x)  # expect: ACC401
                return x
    """,
    "a_parameter_annotated_with_a_class_called_eagerly_is_fine": """
        class Scale:
            def __call__(self, x):
                print("scaling", x)
                return 2 * x

        def apply(scale: Scale, x):
            return scale(x)
    """,
}

# A method that returns a function (a method of its own class, a closure it defines) gives
# what it returns as a module-level factory does: a marker handed `self.make_step()`, or a name
# bound to it, traces what the method returns (tunix's `create_train_step_fn` returning
# `self._train_step`, given to `nnx.jit`).
METHOD_FACTORIES = {
    "a_method_returned_by_a_method_bound_to_a_name_then_jitted": """
        from flax import nnx

        class Trainer:
            def _train_step(self, model, batch):
                print("step", batch)  # expect: ACC401
                return batch

            def create_train_step_fn(self):
                return self._train_step

            def jit_steps(self):
                train_step = self.create_train_step_fn()
                self._jitted = nnx.jit(train_step)
                return self._jitted
    """,
    "a_method_call_handed_to_jit_directly": """
        import jax

        class Agent:
            def _step(self, x):
                print("step", x)  # expect: ACC401
                return x

            def make_step(self):
                return self._step

            def __init__(self):
                self.step = jax.jit(self.make_step())
    """,
    "a_closure_a_method_returns_compiled": """
        import torch

        class Runner:
            def make(self, scale):
                def step(x):
                    if x.sum() > 0:  # expect: ACC201
                        return x * scale
                    return x
                return step

            def run(self, x):
                return torch.compile(self.make(2.0), fullgraph=True)(x)
    """,
    "a_method_returned_by_a_method_called_eagerly_is_fine": """
        class Trainer:
            def _train_step(self, batch):
                print("step", batch)
                return batch

            def create_train_step_fn(self):
                return self._train_step

            def train(self, batch):
                step = self.create_train_step_fn()
                return step(batch)
    """,
}

BAD_INPUT = {
    "methods_returning_each_others_calls": """
        import jax

        class Loop:
            def ping(self):
                return self.pong()

            def pong(self):
                return self.ping()

            def __init__(self):
                self.fast = jax.jit(self.ping())
    """,
}

IN_MODULE = {**ANNOTATED_CALLED, **METHOD_FACTORIES, **BAD_INPUT}


@pytest.mark.parametrize("name", sorted(IN_MODULE))
def test_reach(name):
    assert_labels_match(IN_MODULE[name])


def _found(root: Path) -> set[tuple[str, int, str]]:
    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}


def _expected(root: Path, names) -> set[tuple[str, int, str]]:
    return {(name, line, code) for name in names for line, code in labels((root / name).read_text())}


def test_an_imported_module_class_annotating_a_parameter_of_a_compiled_function(tmp_path):
    """gpt-fast's shape: `main` rebinds the module-level function, through `global`, to its
    compiled version; the function calls a parameter annotated with a class of another module."""
    root = write_files(tmp_path, {
        "model.py": """
            import torch

            class Transformer(torch.nn.Module):
                def forward(self, idx, input_pos=None):
                    if idx.sum() > 0:  # expect: ACC201
                        return idx
                    return -idx
        """,
        "generate.py": """
            import torch
            from model import Transformer

            def decode_one_token(model: Transformer, x, input_pos):
                return model(x, input_pos)

            def main(compile: bool = True):
                global decode_one_token
                if compile:
                    decode_one_token = torch.compile(decode_one_token, fullgraph=True)
        """,
    })
    assert _found(root) == _expected(root, ["model.py", "generate.py"])


# A class inherits its bases' methods wherever they are defined: what a marker, or a call in a
# trace, runs of an instance (its `__call__`, a torch module's `forward`) is the nearest base's,
# in another module of the project too (kornia's `torch.compile(RandomHorizontalFlip(p=1.0))`,
# whose `forward` is `_BasicAugmentationBase`'s, four classes and three modules up).
BASES = {
    "pkg/__init__.py": "from pkg.base import Base, Module\n",
    "pkg/base.py": """
        import torch

        class Base(torch.nn.Module):
            def forward(self, x):
                if x.sum() > 0:  # expect: ACC201
                    return x
                return -x

        class Module:
            def __call__(self, x):
                print("module", x)  # expect: ACC401
                return x

        class Plain(torch.nn.Module):
            def forward(self, x):
                if x.sum() > 0:
                    return x
                return -x
    """,
    "pkg/mid.py": """
        from pkg.base import Base

        class Mid(Base):
            pass
    """,
    "pkg/flips.py": """
        import torch
        from pkg.mid import Mid
        from pkg import Module
        from pkg.base import Plain

        class Flip(Mid):
            pass

        class Scale(Module):
            pass

        class Own(Plain):
            def forward(self, x):
                return x
    """,
    "use_inline.py": """
        import torch
        from pkg.flips import Flip

        def test_dynamo(x):
            assert torch.compile(Flip(), fullgraph=True)(x).shape == x.shape
    """,
    "use_rebound.py": """
        import torch
        from pkg.flips import Flip, Own

        def main(x):
            model = Flip()
            model = torch.compile(model)
            own = torch.compile(Own(), fullgraph=True)
            return model(x) + own(x)
    """,
    "use_jit.py": """
        import jax
        from pkg.flips import Scale

        fast = jax.jit(Scale())
    """,
}


def test_methods_inherited_from_bases_in_other_modules(tmp_path):
    root = write_files(tmp_path, BASES)
    assert _found(root) == _expected(root, BASES)


def test_classes_inheriting_from_each_other_across_modules_end(tmp_path):
    """Bad input: two classes of two modules each the other's base. The walk up the bases
    ends, crashes nothing and puts nothing in a context."""
    root = write_files(tmp_path, {
        "a.py": """
            import torch
            from b import B

            class A(B):
                pass

            compiled = torch.compile(A())
        """,
        "b.py": """
            from a import A

            class B(A):
                pass
        """,
    })
    assert _found(root) == set()


def test_pytest_fixtures_that_request_each_other_end(tmp_path):
    """Bad input: a conftest whose fixtures request each other (pytest refuses it) and a test
    compiling what they give. Fixtures are not followed (a fixture's value is no binding the
    analysis reads): the run ends, crashes nothing and reports nothing."""
    root = write_files(tmp_path, {
        "conftest.py": """
            import pytest
            import torch

            @pytest.fixture
            def optimizer(backend):
                return lambda f: torch.compile(f, backend=backend)

            @pytest.fixture
            def backend(optimizer):
                return "inductor"
        """,
        "test_flip.py": """
            def flip(x):
                if x.sum() > 0:
                    return x
                return -x

            def test_flip(optimizer):
                assert optimizer(flip)(1) is not None
        """,
    })
    assert _found(root) == set()


# A name a package re-exports with `from module import *` is the name that module binds:
# resolving it follows the star import as it follows a named re-export (kornia's
# `kornia.augmentation._2d` star-imports `geometric`, which imports `RandomHorizontalFlip`).
STARS = {
    "pkg/__init__.py": "from pkg.aug import *\n",
    "pkg/aug/__init__.py": "from .geo import *\nfrom .helpers import *\n",
    "pkg/aug/geo/__init__.py": "from pkg.aug.geo.flip import Flip\n",
    "pkg/aug/geo/flip.py": """
        import torch

        class Flip(torch.nn.Module):
            def forward(self, x):
                if x.sum() > 0:  # expect: ACC201
                    return x
                return -x
    """,
    "pkg/aug/helpers.py": """
        def scale(x):
            print("scaling", x)  # expect: ACC401
            return 2 * x

        def unused(x):
            print("unused", x)
            return x
    """,
    "use_flip.py": """
        import torch
        from pkg.aug import Flip

        def test_dynamo(x):
            assert torch.compile(Flip(), fullgraph=True)(x).shape == x.shape
    """,
    "use_scale.py": """
        import jax
        import pkg

        @jax.jit
        def step(x):
            return pkg.scale(x) + pkg.absent(x)
    """,
}


@pytest.mark.xfail(
    strict=True,
    reason="the star re-export reach (014bf74) was reverted at stop 43: on kornia it brought 19 ACC201 size checks "
    "under torch.jit.trace/script tests and an ACC601 under torch.compile that were not shown real",
)
def test_names_re_exported_through_star_imports(tmp_path):
    root = write_files(tmp_path, STARS)
    assert _found(root) == _expected(root, STARS)


def test_packages_star_importing_each_other_end(tmp_path):
    """Bad input: two packages each star-importing the other, asked for a name neither
    defines. The search ends, crashes nothing and puts nothing in a context."""
    root = write_files(tmp_path, {
        "a/__init__.py": "from b import *\n",
        "b/__init__.py": "from a import *\n",
        "use.py": """
            import jax
            from a import missing

            @jax.jit
            def step(x):
                return missing(x)
        """,
    })
    assert _found(root) == set()


# A parameter of a module-level function holds what the module's calls of that function pass
# it: one handed a dataset is a dataset in the function's body, whose `.map(fn)` traces `fn`
# (vision_transformer's `get_data(data=builder.as_dataset(...))` mapping `_pp`).
PASSED = {
    "a_dataset_passed_by_keyword_rebound_then_mapped": """
        import tensorflow as tf

        def get_data(*, data, mode, batch_size):
            def _pp(example):
                print("parsing", example)  # expect: ACC401
                return example
            data = data.repeat(1)
            if mode == "train":
                data = data.shuffle(10)
            data = data.map(_pp, tf.data.experimental.AUTOTUNE)
            return data.batch(batch_size)

        def get_data_from_directory(directory):
            data = tf.data.Dataset.list_files(directory + "/*")
            return get_data(data=data, mode="train", batch_size=8)
    """,
    "a_dataset_a_helper_makes_passed_by_position": """
        import tensorflow as tf

        def make_ds(files):
            return tf.data.TFRecordDataset(files)

        def parse(record):
            print("parsing", record)  # expect: ACC401
            return record

        def pipeline(ds, batch):
            return ds.map(parse).batch(batch)

        def main(files):
            return pipeline(make_ds(files), 32)
    """,
    "two_callers_one_passing_a_dataset": """
        import tensorflow as tf
        import tensorflow_datasets as tfds

        def prepare(ds):
            def cast(x):
                print("casting", x)  # expect: ACC401
                return x
            return ds.map(cast)

        def from_tfds(name):
            return prepare(tfds.builder(name).as_dataset(split="train"))

        def from_tensors(xs):
            return prepare(tf.data.Dataset.from_tensor_slices(xs))
    """,
    "a_pool_passed_to_a_function_mapping_with_it_is_fine": """
        from multiprocessing import Pool

        def load(path):
            print("loading", path)
            return path

        def load_all(pool, paths):
            return pool.map(load, paths)

        def main(paths):
            with Pool(4) as pool:
                return load_all(pool, paths)
    """,
    # Stop 44 (tfdocs44): the call may be one of the module's own statements, not a function's
    # (benchmarks/tf_docs/n44_p11: `ds = subsample(tf.data.Dataset.range(20))` at module level).
    "a_module_statement_passes_a_dataset_to_a_filtering_helper": """
        import random
        import tensorflow as tf

        def keep(x):
            return random.random() < 0.5  # expect: ACC101

        def subsample(ds):
            return ds.filter(keep)

        ds = subsample(tf.data.Dataset.range(20))
    """,
    "a_module_statement_passes_a_bound_dataset_by_keyword": """
        import tensorflow as tf

        def scale(x):
            print("scaling", x)  # expect: ACC401
            return x * 2

        def prepare(batch, ds):
            return ds.map(scale).batch(batch)

        raw = tf.data.TFRecordDataset(["a.tfrecord"])
        train = prepare(8, ds=raw.shuffle(10))
    """,
    "a_module_loop_passes_a_dataset_to_a_flat_mapping_helper": """
        import numpy as np
        import tensorflow as tf

        def explode(x):
            return tf.data.Dataset.from_tensors(x + np.random.normal())  # expect: ACC101

        def expand(ds):
            return ds.flat_map(explode)

        for name in ["a", "b"]:
            expanded = expand(tf.data.Dataset.list_files(name + "/*"))
    """,
    "a_module_statement_passes_a_pandas_series_to_a_mapping_helper_is_fine": """
        import random
        import pandas as pd

        def jitter(x):
            return x + random.random()

        def apply(col):
            return col.map(jitter)

        out = apply(pd.Series([1.0, 2.0]))
    """,
}


@pytest.mark.parametrize("name", sorted(PASSED))
def test_passed_objects(name):
    assert_labels_match(PASSED[name])
