"""The properties the generated TF / torch spellings (benchmarks/tf_torch_spellings.py) showed
acclint's data missed, each with spellings other than the generated ones and a look-alike that is
fine. The runs behind them are the stored programs' labels (tests/data/spellings/tf_torch) and the
rows of docs/contexts.md naming them.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from acclint.api import lint_paths, lint_text
from acclint.run.config import Settings
from labelled import BREAKS


def codes(source: str, settings: Settings = Settings()) -> dict[int, set[str]]:
    """Line -> the codes found there (lines of the dedented source, 1-based)."""
    out: dict[int, set[str]] = {}
    for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", settings).findings:
        out.setdefault(f.line, set()).add(f.code)
    return out


def messages(source: str, settings: Settings = Settings()) -> list[str]:
    return [f.message for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", settings).findings]


# -- TensorFlow's top-level ops give tensors ----------------------------------------------------


def test_top_level_tf_ops_give_tensors_in_a_keras_call_and_a_tf_function():
    """`tf.reduce_mean(x)`, `tf.abs(x)`, `tf.where(...)` are tensors as `tf.math.reduce_mean(x)`
    is: a truth test or `float()` of one raises in a Keras 3 call, `.numpy()` of one raises in a
    tf.function."""
    found = codes("""
        import keras
        import tensorflow as tf


        class Gate(keras.layers.Layer):
            def call(self, x):
                if tf.reduce_mean(x) > 0:
                    x = x * 2
                while tf.abs(x)[0] < 10:
                    x = x + 1
                return x * float(tf.where(x > 0, x, 0.0)[0])


        @tf.function
        def step(x):
            return tf.reduce_max(x).numpy() + tf.transpose(x).numpy()
    """)
    assert found.get(7) == {"ACC201"} and found.get(9) == {"ACC201"} and found.get(11) == {"ACC302"}
    assert found.get(16) == {"ACC303"}


def test_a_list_a_tf_op_gives_is_no_tensor():
    """Look-alike: `tf.split` and `tf.unstack` give Python lists of tensors, which a Keras call
    may iterate; and a tensor `if` in a tf.function is converted by AutoGraph."""
    assert codes("""
        import keras
        import tensorflow as tf


        class Parts(keras.layers.Layer):
            def call(self, x):
                total = 0.0
                for part in tf.split(x, 2):
                    total = total + part
                for row in tf.unstack(x):
                    total = total + row
                return total


        @tf.function
        def step(x):
            if tf.reduce_sum(x) > 0:
                x = x * 2
            return x
    """) == {}


# -- nn.Module.compile(): the module compiles itself ----------------------------------------


def test_module_compile_in_place_traces_its_forward():
    """`model.compile()` compiles the module's forward in place, as `torch.compile(model)` does:
    a made-then-compiled instance, one compiled in a builder, and `self.compile()`."""
    found = codes("""
        import torch
        from torch import nn


        class Net(nn.Module):
            def forward(self, x):
                if x.sum() > 0:
                    x = x * 2
                return x


        class Head(nn.Module):
            def __init__(self):
                super().__init__()
                self.compile()

            def forward(self, x):
                return x if x.max() > 0 else -x


        def build():
            net = Net()
            net.compile(mode="reduce-overhead")
            return net


        model = Net()
        model.compile()
    """, BREAKS)
    assert found.get(7) == {"ACC201"} and found.get(18) == {"ACC203"}


def test_module_compile_with_fullgraph_gets_the_fullgraph_rules():
    """`model.compile(fullgraph=True)` selects torch.compile(fullgraph=True)'s data as
    `torch.compile(model, fullgraph=True)` does (run with torch 2.13, `backend="eager"`): an `if`
    on a tensor raises `Unsupported` for an instance compiled in a function, at the top level
    with other keywords first, and by `self.compile(fullgraph=True)`; `.item()` compiles there.
    Look-alike: `fullgraph=False` keeps the default rules, where the `if` is a graph break and
    `.item()` a break that runs eagerly, right (framework_runs.py compile_item): not reported."""

    def found(compiled: str, forward: str = "if x.sum() > 0: x = x * 2") -> list[str]:
        return messages(f"""
            import torch
            from torch import nn


            class Net(nn.Module):
                def forward(self, x):
                    {forward}
                    return x

                def setup(self):
                    {compiled if compiled.startswith("self") else "pass"}


            def run(inputs):
                model = Net()
                {compiled if not compiled.startswith("self") else "pass"}
                return [model(x) for x in inputs]
        """, BREAKS)

    for spelling in ('model.compile(fullgraph=True)', 'model.compile(backend="eager", fullgraph=True)', "self.compile(fullgraph=True)"):
        said = found(spelling)
        assert len(said) == 1 and "raises torch._dynamo.exc.Unsupported under torch.compile(fullgraph=True)" in said[0], spelling
        assert found(spelling, "x = x * x.max().item()") == [], spelling
    said = found("model.compile(fullgraph=False)")
    assert len(said) == 1 and "graph break" in said[0]
    assert found("model.compile(fullgraph=False)", "x = x * x.max().item()") == []


def test_an_instance_a_function_of_the_module_makes_is_followed():
    """`torch.compile(make())`, `torch.jit.trace(model, x)` with `model = build()`, and a factory
    calling a factory: every return of the function is an instance of `Net`, whose forward is
    compiled or traced (run with torch 2.13: a branch on a tensor is a graph break under
    torch.compile, baked under torch.jit.trace). Look-alike: `pick(flag)` returns a `Net` or a `Fine`, the
    instance of no one class, and `build()` run eagerly traces nothing."""
    source = """
        import torch
        from torch import nn


        class Net(nn.Module):
            def forward(self, x):
                return x if x.max() > 0 else -x


        class Fine(nn.Module):
            def forward(self, x):
                return x if x.max() > 0 else -x


        def make():
            return Net()


        def build():
            net = make()
            net.eval()
            return net


        def pick(flag):
            return Net() if flag else Fine()


        def run(inputs):
            model = build()
            traced = torch.jit.trace(model, inputs[0])
            fast = torch.compile(make())
            eager = build()
            return [traced(x) + fast(x) + eager(x) for x in inputs]


        slow = torch.compile(pick(True))
    """
    traced = messages(source.replace("fast = torch.compile(make())", "fast = make()"))
    compiled = messages(source.replace("traced = torch.jit.trace(model, inputs[0])", "traced = model"), BREAKS)
    assert codes(source) == {7: {"ACC203"}}
    assert len(traced) == 1 and "torch.compile" not in traced[0]
    assert len(compiled) == 1 and "torch.compile graph break" in compiled[0]
    alone = codes("""
        import torch
        from torch import nn


        class Net(nn.Module):
            def forward(self, x):
                return x * x.max().item()


        def build():
            net = Net()
            return net


        def run(inputs):
            model = build()
            return [model(x) for x in inputs]
    """)
    assert alone == {}


def test_compile_of_another_object_traces_nothing():
    """Look-alike: `compile()` of an object that is no torch module (a regex, a plain class with a
    `forward`) compiles nothing, and an uncompiled module's forward runs eagerly."""
    assert codes("""
        import re

        import torch
        from torch import nn


        class Plain:
            def forward(self, x):
                if x.sum() > 0:
                    x = x * 2
                return x

            def compile(self):
                return self


        class Net(nn.Module):
            def forward(self, x):
                return x * x.max().item()


        pattern = re.compile("a+")
        plain = Plain()
        plain.compile()
        net = Net()
    """) == {}


# -- torch.jit.script: open and module-level writes do not script --------------------------------


def test_scripted_file_io_and_global_writes_fail_to_script():
    """`open(...)`, `global n; n += 1`, `CACHE[k] = v` and `LOG.extend(...)` in a scripted
    function or module fail to script, and the message says so."""
    source = """
        import torch
        from torch import nn

        LOG = []
        CACHE = {}
        COUNT = 0


        @torch.jit.script
        def step(x):
            global COUNT
            COUNT += 1
            CACHE["last"] = x
            return x


        class Net(nn.Module):
            def forward(self, x):
                with open("log.txt", "a") as fh:
                    fh.write("step")
                LOG.extend([x])
                return x


        scripted = torch.jit.script(Net())
    """
    found = codes(source)
    assert found.get(12) == {"ACC405"} and found.get(13) == {"ACC406"}
    assert found.get(19) == {"ACC402"} and found.get(21) == {"ACC406"}
    assert all("fails to script" in m for m in messages(source))


def test_scripted_print_and_local_lists_are_fine():
    """Look-alike: TorchScript prints on every call, and a list the function makes is its own."""
    assert codes("""
        import torch


        @torch.jit.script
        def step(x):
            parts = []
            for i in range(3):
                parts.append(x * i)
            print("step", x)
            return parts[-1]
    """) == {}


# -- torch.compile(fullgraph=True): open raises -----------------------------------------------


def test_fullgraph_file_io_raises_and_default_compile_does_not_report_it():
    """`open` under fullgraph=True raises Unsupported (decorator, call and partial spellings); the
    look-alike is the default torch.compile, where file I/O is a graph break Dynamo handles and
    not reported (ACC402 is not among torch.compile's families)."""
    found = codes("""
        import functools

        import torch


        @torch.compile(fullgraph=True)
        def a(x):
            open("a.txt", "a").write("a")
            return x


        @functools.partial(torch.compile, fullgraph=True)
        def b(x):
            with open("b.txt", "a") as fh:
                fh.write("b")
            return x


        def c(x):
            open("c.txt", "a").close()
            return x


        cc = torch.compile(c, fullgraph=True)


        @torch.compile
        def d(x):
            open("d.txt", "a").write("d")
            return x
    """)
    assert {line for line, found_codes in found.items() if "ACC402" in found_codes} == {8, 14, 20}


# -- Keras 3: len() of an input, and losses and metrics get tensors --------------------------------


def test_len_of_a_keras_input_raises():
    """`len(x)` of a Keras call's input (also `tf.keras`, and a Model's) raises under fit/predict:
    the batch dimension is unknown while Keras traces."""
    found = codes("""
        import keras
        import tensorflow as tf


        class Scale(keras.layers.Layer):
            def call(self, x):
                return x / len(x)


        class Net(tf.keras.Model):
            def call(self, inputs, training=False):
                n = len(inputs)
                return inputs * n
    """)
    assert found.get(7) == {"ACC302"} and found.get(12) == {"ACC302"}


def test_len_of_a_static_value_in_a_keras_call_is_fine():
    """Look-alike: `len` of a list the call builds, of a shape, or in a plain tf.function (a
    static shape: it retraces per length instead)."""
    assert codes("""
        import keras
        import tensorflow as tf


        class Scale(keras.layers.Layer):
            def call(self, x):
                parts = [x, x]
                return x * len(parts) * len(x.shape)


        @tf.function
        def step(x):
            return x * len(x)
    """) == {}


def test_keras_losses_and_metrics_are_given_tensors():
    """A loss or metric given to `compile` gets one output's tensors: iterating `y_pred` raises
    there, whether given by keyword, position or in a metrics list, and with `tf.keras`."""
    found = codes("""
        import keras
        import tensorflow as tf


        def loss_a(y_true, y_pred):
            total = 0.0
            for row in y_pred:
                total = total + row
            return total


        def metric_b(y_true, y_pred):
            return sum(v for v in y_true)


        def run(x):
            model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3)])
            model.compile("sgd", loss_a, metrics=[metric_b])
            other = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3)])
            other.compile(optimizer="sgd", loss=loss_a)
    """)
    assert "ACC207" in found.get(7, set()) and "ACC206" in found.get(13, set())


def test_a_loss_iterating_a_python_range_is_fine():
    """Look-alike: the same loss looping over a Python range of `y_pred`'s static width."""
    assert codes("""
        import keras


        def loss_a(y_true, y_pred):
            total = 0.0
            for i in range(y_pred.shape[-1]):
                total = total + y_pred[:, i]
            return total


        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3)])
        model.compile(optimizer="sgd", loss=loss_a)
    """) == {}


# -- torch.compile(fullgraph=True): host draws that Dynamo cannot put into the graph raise ---------


def test_fullgraph_reports_the_host_draws_that_raise():
    """Under fullgraph=True a draw giving a Python number (`np.random.rand()`, `random.gauss`,
    `np.random.uniform(0, 1)`) and any draw of a generator object raise; run on torch 2.13."""
    found = codes("""
        import random

        import numpy as np
        import torch

        RNG = np.random.default_rng(0)


        @torch.compile(fullgraph=True)
        def f(x):
            a = x + np.random.rand()
            b = x + random.gauss(0.0, 1.0)
            c = x + np.random.uniform(0, 1)
            d = x + RNG.normal(0.0, 1.0, (3,))
            return a + b + c + d
    """)
    assert [line for line, got in sorted(found.items()) if "ACC101" in got] == [11, 12, 13, 14]


def test_fullgraph_traces_numpy_array_draws_and_default_compile_reports_no_draw():
    """Look-alike: a `numpy.random` function given a size is traced into the graph and drawn anew
    on every call under fullgraph=True; under the default torch.compile no host draw is reported
    (scalar draws break the graph, which Dynamo handles: docs/framework-facts.md row 1)."""
    assert codes("""
        import numpy as np
        import torch


        @torch.compile(fullgraph=True)
        def f(x):
            return x + np.random.rand(3) + np.random.normal(0.0, 1.0, size=3) + np.random.permutation(3)


        @torch.compile
        def g(x):
            return x + np.random.rand()
    """) == {}


def test_len_where_the_input_has_no_shape_is_no_tensor_length():
    """Look-alike (keras-hub's qwen3_5 vision encoder): `len(x)` on the side of a
    `hasattr(x, "shape")` test where `x` has no shape, which no tensor lacks, is the length of a
    list; on the other side it is still a tensor's."""
    found = codes("""
        import keras


        class Grid(keras.layers.Layer):
            def call(self, x):
                n = x.shape[0] if hasattr(x, "shape") else len(x)
                if hasattr(x, "shape"):
                    m = x.shape[0]
                else:
                    m = len(x)
                if not hasattr(x, "shape"):
                    m = m + len(x)
                k = len(x) if hasattr(x, "shape") else 0
                return x * n * m * k
    """)
    assert [line for line, got in sorted(found.items()) if "ACC302" in got] == [13]


# -- torch.func.grad: .numpy() of a tensor that requires grad raises --------------------------------


def test_numpy_under_grad_raises_and_item_tolist_do_not():
    """Under `torch.func.grad` (also `grad_and_value`, `jacrev`) `.numpy()` of the traced input's
    values raises ("Can't call numpy() on Tensor that requires grad"), while `.item()`,
    `.tolist()` and `float()` give the value (run on torch 2.13); under vmap all of them raise."""
    source = """
        import torch
        from torch.func import grad, grad_and_value, jacrev, vmap


        def f(x):
            a = x.sum().item()
            b = x.sum().numpy()
            c = x.tolist()
            return (x * a * b * float(x.sum())).sum() + len(c)


        def h(x):
            return (x * x.mean().numpy()).sum()


        g = grad(f)
        gv = grad_and_value(h)
        j = jacrev(lambda x: x.sum().numpy() * 0 + h(x))


        def k(x):
            return x * x.sum().item()


        batched = vmap(k)
    """
    found = codes(source)
    assert found == {7: {"ACC303"}, 13: {"ACC303"}, 18: {"ACC303"}, 22: {"ACC303"}}


def test_numpy_of_a_detached_tensor_under_grad_raises_too():
    """`x.detach().numpy()`, the remedy the eager error names, raises under torch.func.grad as
    under vmap: "Cannot access data pointer of Tensor that doesn't have storage" (run on torch
    2.13: the input grad tracks is a wrapper without storage)."""
    found = codes("""
        import torch
        from torch.func import grad, vmap


        def f(x):
            return (x * float(x.detach().numpy().sum())).sum()


        def k(x):
            return x * float(x.detach().numpy().sum())


        g = grad(f)
        batched = vmap(k)
    """)
    assert found == {6: {"ACC303"}, 10: {"ACC303"}}


# -- A TensorFlow op in a tf.function gives a graph tensor, whatever it is given ------------------


def test_a_tf_op_of_an_unmodelled_value_is_a_tensor_in_a_tf_function():
    """tensorflow#31439: `tf.math.argmax(model(x)).numpy()` raises while tf.function traces it
    (benchmarks/framework_runs.py: tf_op_of_unknown_value_is_symbolic), whatever acclint knows of
    `model(x)`: the op's result is a symbolic tensor. Three other spellings: a top-level op of an
    unknown call in a dataset's map function, `.numpy()` of an op of a Python number, a tf.nn op
    of a helper's result."""
    found = codes("""
        import tensorflow as tf

        model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])


        @tf.function
        def step(x):
            best = tf.math.argmax(model(x), axis=-1).numpy()
            return best


        def prepare(x):
            return tf.reduce_sum(decode(x)).numpy()


        ds = tf.data.Dataset.range(4).map(prepare)


        @tf.function
        def scaled(x):
            return x * tf.reduce_sum(3.0).numpy()


        @tf.function
        def activated(x):
            return tf.nn.relu(external(x)).numpy()
    """)
    assert found.get(8) == {"ACC303"} and found.get(13) == {"ACC303"}
    assert found.get(21) == {"ACC303"} and found.get(26) == {"ACC303"}


def test_an_unmodelled_value_itself_is_not_claimed_a_tensor():
    """Look-alike: `.numpy()` of what an unknown call gave may be of a host object (acclint cannot
    tell), and a TF op outside any trace is eager: neither is reported."""
    assert codes("""
        import tensorflow as tf


        @tf.function
        def step(x):
            return x * 2, model(x).numpy()


        def show(x):
            return tf.math.argmax(x).numpy()
    """) == {}


# -- torch.compile: a break after the last tensor operation splits no graph -----------------------


def test_a_break_after_the_compiled_functions_last_tensor_operation_is_not_reported():
    """torchdynamo#329: a print after the compiled function's last tensor operation (list
    operations and another print between) leaves one graph; so do a logging call and a clock
    read there (benchmarks/framework_runs.py: compile_print_after_last_tensor_op)."""
    assert codes("""
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


        a = torch.compile(list_ops_after)
        b = torch.compile(log_after)
        c = torch.compile(clock_after)
    """, BREAKS) == {}


def test_a_break_a_tensor_operation_follows_is_reported():
    """Look-alikes, run to 2 graphs or none (the same fact): a print before a tensor operation,
    one in a loop, and one in a helper the compiled function goes on computing after."""
    found = codes("""
        import torch


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


        a = torch.compile(before_op)
        b = torch.compile(in_loop)
        c = torch.compile(calls_helper)
    """, BREAKS)
    assert found.get(6) == {"ACC401"} and found.get(13) == {"ACC401"} and found.get(19) == {"ACC401"}


# A submodule whose print follows its last tensor operation (lines 1-13 of the snippets below).
SUBMODULE = """
        import torch
        from torch import nn


        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = nn.Linear(4, 4)

            def forward(self, x):
                y = self.lin(x)
                print("block done")
                return y
"""


def test_a_break_in_code_the_compiled_function_runs_inside_its_graph_is_reported():
    """A print after the last tensor operation of a submodule's `forward` (`self.block(x)`), of a
    module-level instance's (`BLOCK(x)`) or of another compiled function it calls splits the
    caller's graph, which goes on computing: run on torch 2.13, `torch._dynamo.explain` finds 2
    graphs for each caller, 1 for `Block()` or `step` compiled alone (the look-alikes)."""
    found = codes(SUBMODULE + """

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.block = Block()

            def forward(self, x):
                return torch.relu(self.block(x)) * 2


        BLOCK = Block()


        @torch.compile
        def uses_global_block(x):
            return BLOCK(x) * 2


        @torch.compile
        def step(x):
            y = x * 2
            print("step done")
            return y


        @torch.compile
        def outer(x):
            return step(x) + 1


        model = torch.compile(Net())
    """, BREAKS)
    assert found == {12: {"ACC401"}, 36: {"ACC401"}}


def test_a_break_after_the_last_operation_of_a_compiled_submodule_alone_is_not_reported():
    """Look-alike: `torch.compile(Block())` compiles the block's own `forward`, whose print after
    its last tensor operation leaves one graph (torch 2.13: 1 graph, no break); calling the
    compiled function from eager code changes nothing."""
    assert codes(SUBMODULE + """

        block = torch.compile(Block())


        def main(x):
            return block(x)
    """, BREAKS) == {}


def test_a_break_a_tensor_operation_follows_on_its_own_line_is_reported():
    """`print("a"); z = y * 2`: the operation after the semicolon is after the break too
    (torch 2.13: 2 graphs, 1 break)."""
    assert codes("""
        import torch


        @torch.compile
        def f(x):
            y = x + 1
            print("a"); z = y * 2
            return z
    """, BREAKS) == {7: {"ACC401"}}


def test_a_break_at_the_end_of_a_helper_of_another_module_is_reported(tmp_path):
    """A helper another module's compiled function calls is inside that function's graph:
    whether code follows the call there is not this module's to say."""
    (tmp_path / "helpers.py").write_text(textwrap.dedent("""
        import torch


        def finish(x):
            y = torch.relu(x)
            print("finished")
            return y
    """).lstrip("\n"))
    (tmp_path / "train.py").write_text(textwrap.dedent("""
        import torch

        from helpers import finish


        @torch.compile
        def step(x):
            return finish(x) * 2
    """).lstrip("\n"))
    found = [(Path(f.path).name, f.line, f.code) for f in lint_paths([tmp_path], settings=BREAKS)]
    assert found == [("helpers.py", 6, "ACC401")]


# -- torch.jit.trace unrolls a loop over its input to the example's length ----------------------


def test_iterating_an_input_under_torch_jit_trace_is_unrolled():
    """A `for` or a comprehension over the input is unrolled to the example's length: a call with
    another batch size raises (benchmarks/framework_runs.py: trace_iteration_over_input; the
    generated trace_function__for_tensor, trace_module__for_tensor). Three other spellings: a
    comprehension, a module's forward with `enumerate`, a loop over an operation's result."""
    found = codes("""
        import torch
        from torch import nn


        def doubled(x):
            scale = x * 2
            return torch.stack([row * scale.sum() for row in x])


        class Net(nn.Module):
            def forward(self, x):
                total = x * 0
                for row in x:
                    total = total + row
                return total


        def shifted(x):
            y = x[0] * 0
            for row in x + 1:
                y = y + row
            return y


        a = torch.jit.trace(doubled, torch.ones(4, 3))
        b = torch.jit.trace(Net(), torch.ones(4, 3))
        c = torch.jit.trace(shifted, torch.ones(4, 3))
    """)
    assert found.get(7) == {"ACC206"} and found.get(13) == {"ACC207"} and found.get(20) == {"ACC207"}


def test_loops_over_a_range_or_a_shape_under_torch_jit_trace_are_fine():
    """Look-alike: a loop over a Python range or over `x.shape` runs the same for every input of
    that shape; under torch.jit.script a loop over the input is real control flow."""
    assert codes("""
        import torch


        def fine(x):
            y = x * 0
            for i in range(3):
                y = y + x * i
            for d in x.shape:
                y = y * d
            return y


        def scripted(x):
            y = x * 0
            for row in x:
                y = y + row
            return y


        a = torch.jit.trace(fine, torch.ones(4, 3))
        b = torch.jit.script(scripted)
    """) == {}


# -- A print whose argument raises while tracing never prints -----------------------------------


def test_a_print_of_a_conversion_that_raises_is_the_conversions_finding():
    """tensorflow#31439: `print(t.numpy())` in a tf.function raises AttributeError before it
    prints (benchmarks/framework_runs.py: tf_op_of_unknown_value_is_symbolic): ACC303, no ACC401.
    Other spellings: a message with the value, an f-string, a Keras 3 call."""
    found = codes("""
        import keras
        import tensorflow as tf


        @tf.function
        def step(x):
            print(tf.math.argmax(x, axis=-1).numpy())
            print("loss", tf.reduce_sum(x).numpy())
            print(f"mean {tf.reduce_mean(x).numpy()}")
            return x


        class Show(keras.layers.Layer):
            def call(self, x):
                print(keras.ops.sum(x).numpy())
                return x
    """)
    assert found.get(7) == {"ACC303"} and found.get(8) == {"ACC303"} and found.get(9) == {"ACC303"}
    assert found.get(15) == {"ACC303"}


def test_a_print_of_a_baked_conversion_or_of_a_tensor_still_prints_once():
    """Look-alikes: under tf.function `print(x)` runs once, while tracing (ACC401); under
    torch.jit.trace `.item()` is baked, not raised, so the print runs once too: the print is the
    finding, and the baked value, which reaches nothing but the print, changes no result
    (tests/test_conversion_only_printed.py; benchmarks/blind3 torch_trace_print_1)."""
    found = codes("""
        import tensorflow as tf
        import torch


        @tf.function
        def step(x):
            print(x)
            return x


        def record(x):
            print(x.sum().item())
            return x * 2


        traced = torch.jit.trace(record, torch.ones(2))
    """)
    assert found.get(7) == {"ACC401"} and found.get(12) == {"ACC401"}


# -- tf.is_tensor tells a symbolic tensor from a Python value -----------------------------------


def test_a_value_tf_is_tensor_rules_out_is_no_tensor():
    """tensorflow/agents' DynamicUnroll: `if not tf.is_tensor(n) and n == 1:` compares only a
    Python `n` and runs under fit (benchmarks/framework_runs.py: keras_is_tensor_guard_in_call).
    Other spellings: the `elif` after `if tf.is_tensor(n):`, and the code after an early return;
    the look-alike `if tf.is_tensor(n) and n == 1:` compares the tensor, and raises."""
    found = codes("""
        import tensorflow as tf


        class Unroll(tf.keras.layers.Layer):
            def call(self, x):
                n = x.shape[0] or tf.shape(x)[0]
                if not tf.is_tensor(n) and n == 1:
                    return x
                if tf.is_tensor(n):
                    x = x * 2
                elif n > 2:
                    x = x * 3
                if tf.is_tensor(n) and n == 1:
                    return x
                if tf.is_tensor(n):
                    return x
                if n > 4:
                    return x * 4
                return x
    """)
    assert found == {13: {"ACC201"}}


# -- len() of an input under another name --------------------------------------------------------


def test_len_of_a_name_only_bound_to_an_input_is_the_inputs_length():
    """The generated keras_compile_loss__len_input and keras_compile_metric__len_input (`x =
    y_pred; len(x)`: TypeError under fit) hold the input under another name; so do a Keras call's
    `h = inputs` and a traced function's `t = x` (the same object as the input: rows
    keras_layer_call__len_input, trace_len_of_input)."""
    found = codes("""
        import keras
        import torch


        def spelled_loss(y_true, y_pred):
            x = y_pred
            return keras.ops.mean(x * len(x))


        class Block(keras.layers.Layer):
            def call(self, inputs):
                h = inputs
                return h / len(h)


        def mean(x):
            t = x
            return t.sum(0) / len(t)


        model = keras.Sequential([keras.Input((3,)), Block()])
        model.compile(optimizer="sgd", loss=spelled_loss)
        traced = torch.jit.trace(mean, torch.ones(4, 3))
    """)
    assert found == {7: {"ACC302"}, 13: {"ACC302"}, 18: {"ACC302"}}


def test_len_of_a_tensor_the_function_made_or_of_a_list_is_not_the_inputs():
    """Look-alike: the length of a list of inputs, and of a name bound to an input and then to
    that list, is the list's (2 on every call): fine, and not reported."""
    assert codes("""
        import torch


        def fine(x):
            t = x * 2
            parts = [x, x]
            u = x
            u = parts
            return t.sum(0) / len(parts) + len(u)


        traced = torch.jit.trace(fine, torch.ones(4, 3))
    """) == {}
