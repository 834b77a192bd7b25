"""The reach stop 42 added for the wrappers set's misses (benchmarks/wrappers_set.py): each
property in one sentence, three other spellings of it, and a look-alike that is fine, written
before the change."""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from acclint.cli import main
from labelled import BREAKS, assert_labels_match, labels
from two_modules import write_files

# A function handed to a marker as a call of a function of the module (`jax.jit(make_train(c))`)
# is what that call returns: every function the factory's `return`s name is traced.
RETURNED = {
    "a_closure_a_factory_returns_jitted": """
        import jax

        def make_train(config):
            def train(rng):
                print("training", rng)  # expect: ACC401
                return rng
            return train

        train_jit = jax.jit(make_train({"lr": 1}))
    """,
    "a_closure_a_factory_returns_compiled_by_torch": """
        import torch

        def make_step(model, optimizer):
            def step(batch):
                if batch.sum() > 0:  # expect: ACC201
                    return batch
                return -batch
            return step

        compiled = torch.compile(make_step(None, None), fullgraph=True)
    """,
    "a_name_bound_to_a_factory_call_handed_to_scan": """
        import jax.numpy as jnp
        from jax import lax

        def make_cell(scale):
            def cell(carry, x):
                print("cell", x)  # expect: ACC401
                return carry + scale * x, carry
            return cell

        cell = make_cell(2.0)
        out = lax.scan(cell, 0.0, jnp.arange(3.0))
    """,
    "a_module_level_function_a_factory_picks": """
        import jax

        def relu_step(x):
            print("relu", x)  # expect: ACC401
            return x

        def tanh_step(x):
            print("tanh", x)  # expect: ACC401
            return x

        def pick(kind):
            if kind == "relu":
                return relu_step
            return tanh_step

        fast = jax.jit(pick("relu"))
    """,
    # look-alike: the factory calls a helper eagerly and returns another function; and a
    # factory's result called with no marker runs eagerly
    "a_helper_the_factory_runs_eagerly": """
        import jax

        def make_train(config):
            def report(c):
                print("config", c)
            report(config)

            def train(rng):
                return rng * 2
            return train

        def make_logger():
            def log(x):
                print("value", x)
                return x
            return log

        train_jit = jax.jit(make_train({"lr": 1}))
        make_logger()(3)
    """,
}

# A callable parameter whose default is a marker (`loop_fn=jax.lax.fori_loop`) is that marker
# where the function is called without it: what the function hands it is traced.
DEFAULTS = {
    "a_search_looping_through_its_default_loop": """
        import jax

        def search(params, recurrent_fn, num, loop_fn=jax.lax.fori_loop):
            def body_fun(i, c):
                return recurrent_fn(params, c)
            return loop_fn(0, num, body_fun, params)

        def step(params, c):
            print("step", c)  # expect: ACC401
            return c + params

        result = search(1.0, step, 3)
    """,
    "a_keyword_only_scan_default": """
        import jax.numpy as jnp
        from jax import lax

        def run(xs, *, scan=lax.scan):
            def cell(carry, x):
                print("cell", x)  # expect: ACC401
                return carry + x, carry
            return scan(cell, 0.0, xs)

        out = run(jnp.arange(3.0))
    """,
    "a_method_with_a_while_loop_default": """
        import jax

        class Solver:
            def solve(self, f, x0, loop=jax.lax.while_loop):
                return loop(lambda c: c[1] < 3, lambda c: (f(c[0]), c[1] + 1), (x0, 0))[0]

        def relax(x):
            print("relax", x)  # expect: ACC401
            return x / 2

        result = Solver().solve(relax, 2.0)
    """,
    # look-alike: the default loop is a Python loop of the module: nothing is traced
    "a_python_loop_default": """
        def python_loop(lo, hi, body, x):
            for i in range(lo, hi):
                x = body(i, x)
            return x

        def search(params, fn, num, loop_fn=python_loop):
            def body(i, c):
                return fn(c)
            return loop_fn(0, num, body, params)

        def step(c):
            print("step", c)
            return c

        result = search(1.0, step, 3)
    """,
}

# A name rebound to a call handed the object it held (`model = fabric.setup(model)`,
# `net = DistributedDataParallel(net)`) still holds that object for a marker: the call's result
# runs it, so a marker handed the name, before or after the rebinding, runs its method.
REBOUND_THROUGH = {
    "compiled_then_set_up_by_a_launcher": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                if x.mean() > 0:  # expect: ACC201
                    return x
                return -x

        def main(fabric):
            model = Net()
            model = torch.compile(model)
            model = fabric.setup(model)
            return model
    """,
    "wrapped_for_data_parallel_then_compiled": """
        import torch
        from torch.nn.parallel import DistributedDataParallel

        class Net(torch.nn.Module):
            def forward(self, x):
                if x.mean() > 0:  # expect: ACC201
                    return x
                return -x

        net = Net()
        net = DistributedDataParallel(net, device_ids=[0])
        net = torch.compile(net)
    """,
    "an_attribute_prepared_then_compiled": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                if x.mean() > 0:  # expect: ACC201
                    return x
                return -x

        class Trainer:
            def __init__(self, accelerator):
                self.model = Net()
                self.model = accelerator.prepare(self.model)
                self.step = torch.compile(self.model)
    """,
    # look-alike: rebound to a call handed only an attribute of the object (another model is
    # made from its config), so the compiled object is not known to be a `Net`
    "an_attribute_rebound_to_a_model_made_from_its_config": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                if x.mean() > 0:
                    return x
                return -x

        class Trainer:
            def __init__(self, make_student):
                self.model = Net()
                self.model = make_student(self.model.config)
                self.step = torch.compile(self.model)
    """,
    # look-alike: rebound to a method of its own class handed the object, which gives back
    # another model (run, torch 2.13: the compiled step runs Other.forward; Net's never runs)
    "an_attribute_rebound_by_a_method_of_its_class": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                if x.mean() > 0:
                    return x
                return -x

        class Other(torch.nn.Module):
            def forward(self, x):
                return x

        class Trainer:
            def __init__(self):
                self.model = Net()
                self.model = self.build(self.model)
                self.step = torch.compile(self.model)

            def build(self, model):
                return Other()
    """,
    "an_attribute_prepared_by_a_held_launcher_then_compiled": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                if x.mean() > 0:  # expect: ACC201
                    return x
                return -x

        class Trainer:
            def __init__(self, accelerator):
                self.accelerator = accelerator
                self.model = Net()
                self.model = self.accelerator.prepare(self.model)
                self.step = torch.compile(self.model)
    """,
}

# A name bound to a lazy loader of a module (a call given the name itself, `globals()` and the
# module's name: `reverb = LazyLoader("reverb", globals(), "reverb")`) is that module, as
# `import reverb` would bind it.
LAZY = {
    "tf_agents_lazy_loader_of_reverb": """
        from tf_agents.utils import lazy_loader

        reverb = lazy_loader.LazyLoader("reverb", globals(), "reverb")

        def make_dataset(server):
            dataset = reverb.TrajectoryDataset(server, table="t", max_in_flight_samples_per_worker=2)

            def broadcast_info(info_traj):
                print("broadcasting", info_traj)  # expect: ACC401
                return info_traj

            dataset = dataset.map(broadcast_info)
            return dataset
    """,
    "tensorflow_lazy_loader_of_jax": """
        from tensorflow.python.util.lazy_loader import LazyLoader

        jax = LazyLoader("jax", globals(), "jax")

        @jax.jit
        def step(x):
            print("step", x)  # expect: ACC401
            return x
    """,
    "a_lazily_loaded_submodule_under_another_name": """
        from tensorflow.python.util import lazy_loader

        tfdata = lazy_loader.LazyLoader("tfdata", globals(), "tensorflow.data")

        def parse(record):
            print("parsing", record)  # expect: ACC401
            return record

        ds = tfdata.Dataset.from_tensor_slices([1, 2, 3]).map(parse)
    """,
    # look-alike: a lazily loaded numpy: its `vectorize` runs the function eagerly
    "a_lazily_loaded_numpy": """
        from tensorflow.python.util import lazy_loader

        np = lazy_loader.LazyLoader("np", globals(), "numpy")

        @np.vectorize
        def clip(x):
            print("clipping", x)
            return min(x, 1.0)
    """,
}

# A parameter annotated with a class the frameworks' data know (`ds: tf.data.Dataset`) holds an
# instance of it, where the function uses it and where a method keeps it on `self` for another.
ANNOTATED = {
    "a_dataset_parameter_mapped": """
        import tensorflow as tf

        def pipeline(ds: tf.data.Dataset):
            def parse(record):
                print("parsing", record)  # expect: ACC401
                return record
            return ds.map(parse)
    """,
    "a_dataset_a_method_keeps_mapped_by_another": """
        import tensorflow as tf

        class Index:
            def index_from_dataset(self, candidates: tf.data.Dataset):
                self._candidates = candidates
                return self

            def query(self, queries):
                def score(batch):
                    print("scoring", batch)  # expect: ACC401
                    return batch
                return self._candidates.map(score)
    """,
    # review42: a module-level instance handed an unknown value (`Index(load())`) keeps the
    # annotation of the `__init__` parameter it hands (objects._handed)
    "a_dataset_init_parameter_of_a_module_instance_mapped": """
        import tensorflow as tf

        class Index:
            def __init__(self, candidates: tf.data.Dataset):
                self._candidates = candidates

            def query(self):
                def score(batch):
                    print("scoring", batch)  # expect: ACC401
                    return batch
                return self._candidates.map(score)

        index = Index(load_candidates())
    """,
    "a_keyword_only_dataset_shuffled_then_mapped": """
        import tensorflow as tf

        def augment(image):
            print("augmenting", image)  # expect: ACC401
            return image

        def prepare(*, dataset: tf.data.Dataset, seed=0):
            return dataset.shuffle(10, seed=seed).map(augment)
    """,
    # look-alike: a closure's own `ds` (a pandas Series) hides the annotated parameter of the
    # function around it, as Python's scoping does
    "a_closure_local_hiding_an_annotated_dataset": """
        import pandas as pd
        import tensorflow as tf

        def pipeline(ds: tf.data.Dataset):
            def summarize(values):
                ds = pd.Series(values)

                def parse(v):
                    print("parsing", v)
                    return v

                return ds.map(parse)

            return summarize([1, 2])
    """,
    # look-alike: a pandas Series' `map` runs the function eagerly on each value
    "a_series_parameter_mapped": """
        import pandas as pd

        def parse(value):
            print("parsing", value)
            return value

        def clean(column: pd.Series):
            return column.map(parse)
    """,
}

IN_MODULE = {**RETURNED, **DEFAULTS, **REBOUND_THROUGH, **LAZY, **ANNOTATED}


@pytest.mark.parametrize("name", sorted(IN_MODULE))
def test_reach(name):
    assert_labels_match(IN_MODULE[name], BREAKS)


def _found(root: Path, settings=None) -> set[tuple[str, int, str]]:
    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root], settings=settings)}


def _expected(root: Path, names) -> set[tuple[str, int, str]]:
    return {(name, line, code) for name in names for line, code in labels((root / name).read_text())}


def test_a_returned_closure_handed_to_a_search_of_another_module_looping_by_default(tmp_path):
    """mctx's shape: a package's search loops its body with a default `loop_fn`, its policy
    hands `recurrent_fn` on by keyword, and a user passes a closure a factory returns."""
    root = write_files(tmp_path, {
        "search/__init__.py": "from search.policies import muzero_policy\n",
        "search/core.py": """
            import jax

            def expand(params, recurrent_fn, node):
                return recurrent_fn(params, node)

            def search(params, recurrent_fn, num, loop_fn=jax.lax.fori_loop):
                def body_fun(i, tree):
                    return expand(params, recurrent_fn, tree)
                return loop_fn(0, num, body_fun, params)
        """,
        "search/policies.py": """
            from search import core

            def muzero_policy(params, recurrent_fn, num):
                return core.search(params=params, recurrent_fn=recurrent_fn, num=num)
        """,
        "demo.py": """
            import search

            def make_recurrent_fn(q):
                def recurrent_fn(params, node):
                    print("expanding", node)  # expect: ACC401
                    return node + q
                return recurrent_fn

            def run(q):
                recurrent_fn = make_recurrent_fn(q)
                return search.muzero_policy(params=(), recurrent_fn=recurrent_fn, num=4)
        """,
    })
    assert _found(root) == _expected(root, ["demo.py", "search/core.py", "search/policies.py"])


def test_an_imported_model_compiled_then_set_up(tmp_path):
    """litgpt's shape: the model class is imported, compiled, then rebound to `fabric.setup`."""
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/model.py": """
            import torch

            class GPT(torch.nn.Module):
                def forward(self, idx):
                    if idx.sum() > 0:  # expect: ACC201
                        return idx
                    return -idx
        """,
        "pkg/pretrain.py": """
            import torch
            from pkg.model import GPT

            def main(fabric, config):
                with fabric.init_module():
                    model = GPT(config)
                model = torch.compile(model)
                model = fabric.setup(model)
                return model
        """,
    })
    assert _found(root, BREAKS) == _expected(root, ["pkg/model.py", "pkg/pretrain.py"])


# Bad input for the reach above: factories returning each other's calls, a loop parameter whose
# default names its own function, a lazy loader of no module name; each ends, crashes nothing and
# puts nothing in a context.
BAD_INPUT = {
    "factories_returning_each_other": """
        import jax

        def ping(n):
            return pong(n)

        def pong(n):
            return ping(n)

        fast = jax.jit(ping(3))
    """,
    "a_loop_parameter_defaulting_to_its_own_function": """
        def search(fn, x, loop=search):
            def body(i, c):
                print("body", c)
                return fn(c)
            return loop(0, 3, body, x)

        result = search(abs, 1.0)
    """,
    "a_lazy_loader_of_no_module_name": """
        from tensorflow.python.util import lazy_loader

        jax = lazy_loader.LazyLoader("jax", globals(), "not a module")

        @jax.jit
        def step(x):
            print("step", x)
            return x
    """,
}


@pytest.mark.parametrize("name", sorted(BAD_INPUT))
def test_bad_input_ends_with_no_context(name):
    assert_labels_match(BAD_INPUT[name])


def test_a_kept_dataset_named_like_the_local_that_reads_it():
    """tensorflow-recommenders' shape: the method's local `candidates` holds `self._candidates`,
    which another method set from its own parameter `candidates`: two names, one spelling."""
    assert_labels_match("""
        import tensorflow as tf

        class Streaming(tf.keras.Model):
            def index_from_dataset(self, candidates: tf.data.Dataset):
                self._candidates = candidates
                return self

            def call(self, queries):
                def top_scores(index, batch):
                    print("scoring", batch)  # expect: ACC401
                    return batch
                candidates = self._candidates
                return candidates.map(top_scores).reduce(0, lambda a, b: a)
    """)


def test_show_wrappers_says_why_a_chain_through_defaults_gives_no_context(tmp_path, capsys):
    """A loop parameter defaulting to its own function, and two functions whose defaults name
    each other: `--show-wrappers` ends and names each recursive chain."""
    root = write_files(tmp_path, {"m.py": """
        import jax

        def search(fn, x, loop=search):
            def body(i, c):
                return fn(c)
            return loop(0, 3, body, x)

        def ping(fn, x, loop=jax.lax.fori_loop):
            return pong(fn, x)

        def pong(fn, x, loop=ping):
            return loop(fn, x)
    """})
    assert main(["check", "--show-wrappers", "--no-cache", str(root)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" (", 1)[0] for line in lines] == ["no wrapper: m.ping", "no wrapper: m.pong", "no wrapper: m.search"]
    assert "hands `fn` only to itself (search): a recursive chain" in lines[2]
    assert "which hands it back (m.ping -> m.pong -> m.ping)" in lines[0]
