"""Issue 33's six probe shapes, written fresh at stop 41 (after tests/test_wrappers_inferred.py's,
without reusing them): for each shape three spellings of a body that a framework traces for sure,
and a look-alike whose body runs on the host. Written and committed before any change for them;
the commit after says which were missed and why.

The property each shape illustrates: a function the code hands (directly, through a wrapper of
the project or of a library, or as an object's method) to something that traces it is in that
framework's context, and a function handed to something that only calls it on the host is not.
"""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from labelled import BREAKS, assert_labels_match, labels
from two_modules import write_files


def _found(root: Path) -> set[tuple[str, int, str]]:
    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}


def _expected(root: Path, names) -> set[tuple[str, int, str]]:
    return {(name, line, code) for name in names for line, code in labels((root / name).read_text())}


# -- 1. a project's own wrapper around pjit: `partitioner.partition(fn)` --------------------------
PARTITION = {
    "partition_through_the_pjit_module_on_self": """
        from jax.experimental import pjit as pjit_lib

        class MeshPartitioner:
            def __init__(self, mesh):
                self.mesh = mesh

            def partition(self, fn, in_specs=None, out_specs=None, donate=()):
                return pjit_lib.pjit(fn, in_shardings=in_specs, out_shardings=out_specs,
                                     donate_argnums=donate)

        def eval_step(params, batch):
            print("eval", batch)  # expect: ACC401
            return params

        class Evaluator:
            def __init__(self, mesh):
                self.partitioner = MeshPartitioner(mesh)
                self.step = self.partitioner.partition(eval_step, in_specs=None)
    """,
    "partition_wrapping_a_closure_with_keywords_at_the_call": """
        import functools
        import jax

        class Partitioner:
            def partition(self, fn, *, in_axis_resources, out_axis_resources):
                @functools.wraps(fn)
                def call(*args):
                    return fn(*args)
                return jax.jit(call, in_shardings=in_axis_resources,
                               out_shardings=out_axis_resources)

        def predict(params, x):
            return float(x.mean())  # expect: ACC302

        def build(partitioner):
            return partitioner.partition(fn=predict, in_axis_resources=None,
                                         out_axis_resources=None)

        runner = build(Partitioner())
    """,
    "partition_used_as_a_decorator_of_a_module_instance": """
        import functools
        from jax.experimental.pjit import pjit

        class ShardedPartitioner:
            def partition(self, fn):
                return functools.partial(pjit, in_shardings=None)(fn)

        PARTITIONER = ShardedPartitioner()

        @PARTITIONER.partition
        def loss_fn(params, batch):
            if batch.sum() > 0:  # expect: ACC201
                return params
            return -params
    """,
    # look-alike: a data partitioner whose `partition` calls the function on host shards
    "a_data_partitioner_calls_fn_on_the_host": """
        class DataPartitioner:
            def partition(self, fn, rows, parts=4):
                size = max(1, len(rows) // parts)
                return [fn(rows[i:i + size]) for i in range(0, len(rows), size)]

        def summarize(chunk):
            print("chunk", chunk)
            if sum(chunk) > 0:
                return 1
            return 0

        counts = DataPartitioner().partition(summarize, [1, 2, 3, 4])
    """,
}


# -- 2. a library's own fixed-point loop wrapper ------------------------------------------------
FIXED_POINT = {
    "a_while_loop_solver_with_nested_cond_and_body": """
        import jax.numpy as jnp
        from jax import lax

        def fixed_point_solve(func, x_init, tol=1e-6, max_iter=100):
            def cond(state):
                x, prev, it = state
                return (jnp.max(jnp.abs(x - prev)) > tol) & (it < max_iter)

            def body(state):
                x, _, it = state
                return func(x), x, it + 1

            out, _, _ = lax.while_loop(cond, body, (func(x_init), x_init, 0))
            return out

        def contraction(z):
            print("iterate", z)  # expect: ACC401
            return 0.5 * z + 1.0

        z_star = fixed_point_solve(contraction, jnp.zeros(3))
    """,
    "a_solver_object_holding_the_function_it_loops": """
        import jax.numpy as jnp
        from jax import lax

        class FixedPointIteration:
            def __init__(self, fixed_point_fun, maxiter=50):
                self.fixed_point_fun = fixed_point_fun
                self.maxiter = maxiter

            def run(self, init):
                def step(i, x):
                    return self.fixed_point_fun(x)
                return lax.fori_loop(0, self.maxiter, step, init)

        def relax(x):
            if x.max() > 1.0:  # expect: ACC201
                return x / 2
            return x

        solution = FixedPointIteration(relax).run(jnp.ones(4))
    """,
    # look-alike: a solver loop in Python, on the host
    "a_python_fixed_point_loop_runs_on_the_host": """
        import numpy as np

        def iterate_until_stable(func, x, tol=1e-6, max_iter=100):
            for _ in range(max_iter):
                new = func(x)
                if np.max(np.abs(new - x)) < tol:
                    return new
                x = new
            return x

        def contraction(z):
            print("iterate", z)
            if z.max() > 1.0:
                return z / 2
            return 0.5 * z + 1.0

        z_star = iterate_until_stable(contraction, np.zeros(3))
    """,
}


def test_a_fixed_point_wrapper_of_another_package_with_its_body_bound_by_partial(tmp_path):
    """A library package of the project: its solver binds the user's function into the loop
    body with functools.partial, and is imported under another name."""
    root = write_files(tmp_path, {
        "solvers/__init__.py": "from solvers.fixed import anderson_solve as solve\n",
        "solvers/fixed.py": """
            import functools
            from jax import lax

            def _body(f, args, carry):
                x, k = carry
                return f(x, *args), k + 1

            def _cond(max_steps, carry):
                return carry[1] < max_steps

            def anderson_solve(f, x0, args=(), max_steps=30):
                body = functools.partial(_body, f, args)
                return lax.while_loop(functools.partial(_cond, max_steps), body, (x0, 0))[0]
        """,
        "model.py": """
            import solvers

            def layer(z, x):
                return float(z.sum()) * x  # expect: ACC302

            def deq(x):
                return solvers.solve(layer, x, args=(x,))
        """,
    })
    assert _found(root) == _expected(root, ["model.py"])


# -- 3. the body of equinox.internal.while_loop ----------------------------------------------------
EQX_WHILE = {
    "eqxi_positional_with_kind": """
        import equinox.internal as eqxi
        import jax.numpy as jnp

        def cond_fun(carry):
            return carry[1] < 10

        def body_fun(carry):
            x, i = carry
            print("body", x)  # expect: ACC401
            return x * 2, i + 1

        def run(x):
            return eqxi.while_loop(cond_fun, body_fun, (x, 0), max_steps=10, kind="checkpointed")
    """,
    "imported_by_name_with_keywords": """
        from equinox.internal import while_loop

        def solve(y0):
            def body(state):
                y, n = state
                if y.sum() > 0:  # expect: ACC201
                    return y - 1, n + 1
                return y, n + 1

            return while_loop(cond_fun=lambda s: s[1] < 5, body_fun=body, init_val=(y0, 0),
                              max_steps=5, kind="lax")
    """,
    "through_the_equinox_package_attribute_inside_filter_jit": """
        import equinox as eqx

        def refine(carry):
            x, k = carry
            return x - float(x.mean()), k + 1  # expect: ACC302

        @eqx.filter_jit
        def loop(x):
            return eqx.internal.while_loop(lambda c: c[1] < 3, refine, (x, 0), max_steps=3,
                                           kind="bounded")
    """,
    # look-alike: a project function that happens to be named while_loop runs in Python
    "a_host_while_loop_of_the_same_name": """
        def while_loop(cond_fun, body_fun, init_val):
            val = init_val
            while cond_fun(val):
                val = body_fun(val)
            return val

        def body_fun(n):
            print("step", n)
            if n > 3:
                return n + 2
            return n + 1

        total = while_loop(lambda n: n < 10, body_fun, 0)
    """,
}


# -- 4. callbacks handed to a graph library's higher-order function -------------------------------
GRAPH_CALLBACKS = {
    "jraph_graph_network_with_concatenated_args": """
        import jax.numpy as jnp
        import jraph

        @jraph.concatenated_args
        def edge_update(features):
            print("edges", features.shape)  # expect: ACC401
            return features * 2

        def node_update(nodes, sent, received, globals_):
            return jnp.concatenate([nodes, sent, received], axis=-1)

        net = jraph.GraphNetwork(update_edge_fn=edge_update, update_node_fn=node_update)
    """,
    "jraph_aliased_with_a_partial_callback": """
        import functools
        import jraph as jr

        def message(edges, senders, receivers, globals_, scale):
            if edges.sum() > 0:  # expect: ACC201
                return edges * scale
            return edges

        def aggregate(nodes, sent, received, globals_):
            return nodes + received

        model = jr.InteractionNetwork(functools.partial(message, scale=0.5), aggregate)
    """,
    "jraph_gat_from_an_import_inside_a_haiku_function": """
        import haiku as hk
        from jraph import GAT

        def logits(sender_attr, receiver_attr, edges):
            return float(sender_attr.sum()) + receiver_attr  # expect: ACC302

        def forward(graph):
            gat = GAT(attention_query_fn=hk.Linear(8), attention_logit_fn=logits)
            return gat(graph)

        net = hk.transform(forward)
    """,
    # look-alike: graphs built on the host, a function mapped over records in Python
    "building_graphs_on_the_host": """
        import jraph
        import numpy as np

        def to_graph(record):
            print("record", record)
            if record["n"] > 2:
                nodes = np.ones((record["n"], 4))
            else:
                nodes = np.zeros((record["n"], 4))
            return jraph.GraphsTuple(nodes=nodes, edges=None, senders=np.array([0]),
                                     receivers=np.array([0]), n_node=np.array([record["n"]]),
                                     n_edge=np.array([1]), globals=None)

        graphs = jraph.batch([to_graph(r) for r in [{"n": 3}, {"n": 1}]])
    """,
}


# -- 5. a tf.data dataset bound to a name before `.map(fn)` -------------------------------------
DATASETS = {
    "records_rebound_through_shuffle_and_repeat": """
        import numpy as np
        import tensorflow as tf

        def parse_example(serialized):
            noise = np.random.normal()  # expect: ACC101
            return tf.io.parse_tensor(serialized, tf.float32) + noise

        def input_fn(files):
            ds = tf.data.TFRecordDataset(files)
            ds = ds.shuffle(1000).repeat()
            ds = ds.map(parse_example, num_parallel_calls=tf.data.AUTOTUNE)
            return ds.batch(32)
    """,
    "a_dataset_kept_on_self_mapped_with_a_method": """
        import numpy as np
        import tensorflow as tf

        class Pipeline:
            def __init__(self, images):
                self.dataset = tf.data.Dataset.from_tensor_slices(images)
                self.dataset = self.dataset.map(self._augment)

            def _augment(self, image):
                angle = np.random.uniform(-0.1, 0.1)  # expect: ACC101
                return image * angle
    """,
    "a_dataset_returned_by_a_helper_then_filtered_and_flat_mapped": """
        import numpy as np
        import tensorflow as tf

        def list_shards(pattern):
            return tf.data.Dataset.list_files(pattern, shuffle=True)

        def keep(path):
            print("filtering", path)  # expect: ACC401
            return tf.strings.length(path) > 0

        def read(path):
            return tf.data.TextLineDataset(path).map(lambda line: line + str(np.random.rand()))  # expect: ACC101

        shards = list_shards("data/*.txt")
        lines = shards.filter(keep).flat_map(read)
    """,
    # look-alike: a pandas column bound to a name before `.map(fn)` runs fn in Python
    "a_pandas_series_mapped_on_the_host": """
        import numpy as np
        import pandas as pd

        def jitter(value):
            print("value", value)
            return value + np.random.normal()

        column = pd.Series([1.0, 2.0, 3.0])
        column = column.dropna()
        column = column.map(jitter)
    """,
}


# -- 6. torch.compile(module) --------------------------------------------------------------------
TORCH_COMPILE = {
    "a_moved_instance_compiled_with_options": """
        import torch
        from torch import nn

        class Classifier(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 2)

            def forward(self, x):
                if x.mean() > 0:  # expect: ACC201
                    x = x * 2
                return self.fc(x)

        device = "cuda" if torch.cuda.is_available() else "cpu"
        model = torch.compile(Classifier().to(device), mode="max-autotune")
    """,
    "an_attribute_rebound_to_its_compiled_self": """
        import torch
        import torch.nn as nn

        class Encoder(nn.Module):
            def forward(self, x):
                return x if x.max() > 0 else -x  # expect: ACC203

        class Trainer:
            def __init__(self, compile_model=True):
                self.encoder = Encoder()
                if compile_model:
                    self.encoder = torch.compile(self.encoder)
    """,
    "a_module_built_by_a_factory_and_compiled_in_place": """
        import torch

        class Block(torch.nn.Module):
            def forward(self, x):
                if x.sum() > 0:  # expect: ACC201
                    return x.relu()
                return x

        def build_model(depth):
            return torch.nn.Sequential(*[Block() for _ in range(depth)])

        net = build_model(3)
        net.compile()
    """,
    # look-alike: a module that is never compiled (its forward runs eagerly), next to one compiled
    "an_uncompiled_module_next_to_a_compiled_function": """
        import torch

        class Probe(torch.nn.Module):
            def forward(self, x):
                if x.mean() > 0:
                    print("positive", x.mean().item())
                return x

        @torch.compile
        def scale(x):
            return x * 2

        probe = Probe()
        optimizer = torch.optim.SGD(probe.parameters(), lr=0.1)
        y = probe(scale(torch.ones(3)))
    """,
}

IN_MODULE = {**PARTITION, **FIXED_POINT, **EQX_WHILE, **GRAPH_CALLBACKS, **DATASETS, **TORCH_COMPILE}


@pytest.mark.parametrize("name", sorted(IN_MODULE))
def test_probe_shape(name):
    assert_labels_match(IN_MODULE[name], BREAKS)


def test_a_partitioner_of_another_module_reached_through_a_factory(tmp_path):
    """The partitioner of a project module, returned by a factory and kept on the trainer."""
    root = write_files(tmp_path, {
        "trainlib/__init__.py": "",
        "trainlib/partitioning.py": """
            from jax.experimental.pjit import pjit

            class PjitPartitioner:
                def __init__(self, num_partitions):
                    self.num_partitions = num_partitions

                def partition(self, fn, in_axis_resources, out_axis_resources, donate_argnums=()):
                    return pjit(fn, in_shardings=in_axis_resources, out_shardings=out_axis_resources,
                                donate_argnums=donate_argnums)

            def get_partitioner(n):
                return PjitPartitioner(num_partitions=n)
        """,
        "trainlib/trainer.py": """
            from trainlib import partitioning

            def train_step(state, batch):
                print("batch", batch)  # expect: ACC401
                return state

            class Trainer:
                def __init__(self, n):
                    self._partitioner = partitioning.get_partitioner(n)
                    self._compiled = self._partitioner.partition(train_step, None, None, donate_argnums=(0,))
        """,
    })
    assert _found(root) == _expected(root, ["trainlib/trainer.py"])
