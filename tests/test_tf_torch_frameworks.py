"""TensorFlow, Keras 3 and torch as framework data (acclint/frameworks/tensorflow.toml, keras.toml,
torch_*.toml): each hazard is reported, or not, as docs/framework-facts.md says it behaves in that
framework (row numbers below are that table's), with the framework's own message and fix.

The first part lints source text and needs neither framework (the linter never imports them). The
second runs TensorFlow and torch to check the facts the data rests on, where they differ from the
table or decide a fix; it is skipped, saying why, where they are not installed
(`pip install -e '.[test,tf]'`, torch's CPU build: docs/crosscheck.md)."""

from __future__ import annotations

import importlib.util
import textwrap

import pytest

from acclint.api import lint_text
from acclint.fix.apply import fix_source
from acclint.run.config import Settings
from labelled import BREAKS

HAS_TF = importlib.util.find_spec("tensorflow") is not None
HAS_TORCH = importlib.util.find_spec("torch") is not None
needs_tf = pytest.mark.skipif(not HAS_TF, reason="tensorflow is not installed (pip install 'acclint[tf]')")
needs_torch = pytest.mark.skipif(not HAS_TORCH, reason="torch is not installed (pip install 'acclint[torch]', CPU build: docs/crosscheck.md)")


def found(source: str, settings: Settings = Settings()) -> list[tuple[int, str]]:
    """(line, code) of each finding, lines counted in the dedented source."""
    return [(f.line, f.code) for f in lint_text(textwrap.dedent(source), "m.py", settings).findings]


def messages(source: str, settings: Settings = Settings()) -> list[str]:
    return [f.message for f in lint_text(textwrap.dedent(source), "m.py", settings).findings]


def fixed(source: str, unsafe: bool = False) -> str:
    text = textwrap.dedent(source)
    outcome = fix_source(text.encode(), "m.py", lambda data: lint_text(data.decode(), "m.py", Settings()), unsafe=unsafe)
    return outcome.fixed.decode()


# One body, every hazard of the table on its own line, under each framework's context.
BODY = """
    y = x * 2
    if y.sum() > 0:
        y = y + 1
    z = float(y[0])
    w = y.numpy()
    v = np.log(y)
    s = y.sum().item()
    assert y[0] > 0
    print("step", y)
    SEEN.append(y)
    r = np.random.rand()
    logging.info("step")
    return y
"""
LINES = {"if": 3, "float": 5, "numpy": 6, "np.log": 7, "item": 8, "assert": 9, "print": 10, "append": 11, "draw": 12, "logging": 13}
HEADER = "import logging\nimport numpy as np\nSEEN = []\n"


def under(context: str, imports: str) -> str:
    """BODY as the traced function of `context` ("@decorator" or "class ...: def call")."""
    body = textwrap.indent(textwrap.dedent(BODY), "    ")
    if context.startswith("class"):
        return f"{imports}\n{HEADER}{context}\n    def call(self, x):\n" + textwrap.indent(textwrap.dedent(BODY), "        ")
    return f"{imports}\n{HEADER}{context}\ndef f(x):\n{body}"


CASES = {
    # rows 1, 3-5, 9-14, 17: AutoGraph converts `if` and `float`; the rest runs once or raises
    "tf.function": (under("@tf.function", "import tensorflow as tf"), {"numpy", "np.log", "item", "assert", "print", "append", "draw", "logging"}),
    "tf.function(jit_compile=True)": (under("@tf.function(jit_compile=True)", "import tensorflow as tf"), {"numpy", "np.log", "item", "assert", "print", "append", "draw", "logging"}),
    # Keras 3 traces call() without AutoGraph: `if` and `float` raise too
    "keras 3 Layer.call": (under("class Block(keras.layers.Layer):", "import keras"), {"if", "float", "numpy", "np.log", "item", "assert", "print", "append", "draw", "logging"}),
    # tf.keras on TF >= 2.16 is Keras 3 (benchmarks/framework_runs.py: tf_keras_is_keras3,
    # keras_if_in_call, keras_float_in_call); Keras 2's own package keeps AutoGraph
    "tf.keras Layer.call": (under("class Block(tf.keras.layers.Layer):", "import tensorflow as tf"), {"if", "float", "numpy", "np.log", "item", "assert", "print", "append", "draw", "logging"}),
    "tf_keras (Keras 2) Layer.call": (under("class Block(tf_keras.layers.Layer):", "import tf_keras"), {"numpy", "np.log", "item", "assert", "print", "append", "draw", "logging"}),
    # torch.jit.trace bakes everything that is not a tensor operation
    "torch.jit.trace": (under("", "import torch") + "\ntraced = torch.jit.trace(f, (torch.ones(3),))\n", {"if", "float", "numpy", "np.log", "item", "assert", "print", "append", "draw", "logging"}),
    # TorchScript keeps control flow and prints; host draws, .numpy(), NumPy and a module-level
    # list's append (row 14: globals are not scriptable) do not script
    "torch.jit.script": (under("@torch.jit.script", "import torch"), {"numpy", "np.log", "append", "draw"}),
    # graph breaks only (rows 3, 13, 17), right results: reported only under `--strictness
    # pedantic` (BREAK_CASES); draws, NumPy, appends are Dynamo's business; `.item()` and
    # `float()` break the graph to run eagerly, right (rows 9, 10: framework_runs.py compile_item)
    "torch.compile": (under("@torch.compile", "import torch"), set()),
    # fullgraph=True: what breaks the graph raises instead, but `.item()` is captured
    # (benchmarks/framework_runs.py: fullgraph_item, fullgraph_if, fullgraph_print), and so does
    # a scalar host draw (row 1; tf_torch_spellings: compile_fullgraph x np_random)
    "torch.compile(fullgraph=True)": (under("@torch.compile(fullgraph=True)", "import torch"), {"if", "print", "draw", "logging"}),
    "partial(torch.compile, fullgraph=True)": (under("@functools.partial(torch.compile, fullgraph=True)", "import functools\nimport torch"), {"if", "print", "draw", "logging"}),
    "torch.compile(fullgraph=False)": (under("@torch.compile(fullgraph=False)", "import torch"), set()),
    # traced and compiled: each framework's hazards (trace's baked draw, float, NumPy, append)
    "torch.jit.trace and torch.compile": (under("", "import torch") + "\ntraced = torch.jit.trace(f, (torch.ones(3),))\ncompiled = torch.compile(f)\n", {"if", "float", "numpy", "np.log", "item", "assert", "print", "append", "draw", "logging"}),
    # vmap raises on data-dependent code; grad only where NumPy needs the data (`.numpy()`:
    # tf_torch_spellings func_grad x numpy_method)
    "torch.func.vmap": (under("", "import torch\nfrom torch.func import vmap") + "\nbatched = vmap(f)\n", {"if", "float", "numpy", "np.log", "item", "assert"}),
    "torch.func.grad": (under("", "import torch\nfrom torch.func import grad") + "\ng = grad(f)\n", {"numpy", "np.log"}),
}


# Under `--strictness pedantic` torch.compile's graph breaks are reported too: the branch and the
# print; the logging call follows the last tensor operation, so it splits no graph
# (benchmarks/framework_runs.py: compile_print_after_last_tensor_op).
BREAK_CASES = {
    "torch.compile": {"if", "print"},
    "torch.compile(fullgraph=False)": {"if", "print"},
    "torch.compile(fullgraph=True)": CASES["torch.compile(fullgraph=True)"][1],
}


def _reported_lines(source: str, settings: Settings = Settings()) -> set[int]:
    shift = source.count("\n", 0, source.index("    y = x * 2")) - 1  # line of `y = x * 2` in BODY is 2
    return {line - shift for line, _code in found(source, settings)}


@pytest.mark.parametrize("context", list(CASES))
def test_each_framework_reports_exactly_its_hazards(context):
    source, expected = CASES[context]
    assert _reported_lines(source) == {LINES[name] for name in expected}, context


@pytest.mark.parametrize("context", list(BREAK_CASES))
def test_graph_breaks_are_reported_only_when_pedantic(context):
    source, _ = CASES[context]
    assert _reported_lines(source, BREAKS) == {LINES[name] for name in BREAK_CASES[context]}, context


def test_a_function_traced_and_compiled_gets_the_messages_of_both():
    """Each framework judges the function: trace's baked branch (reported first: its precedence
    is higher), and compile's graph break where trace has nothing to say (none here: the trace
    reports every break too), never the same finding twice."""
    source, _ = CASES["torch.jit.trace and torch.compile"]
    found_messages = messages(source)
    assert len(found_messages) == len(set(found_messages)) == 10
    assert any(m.startswith("'if'") and "bakes one branch" in m for m in found_messages)
    compiled_only = under("", "import torch") + "\ncompiled = torch.compile(f)\nscripted = torch.jit.script(f)\n"
    got = messages(compiled_only, BREAKS)
    assert any("graph break" in m for m in got) and any("fails to script" in m for m in got)


@pytest.mark.parametrize("made", ["torch.rand(3)", "torch.randn(3, 3).sum(0)", "torch.zeros(3) + 1"])
def test_a_tensor_made_in_the_function_is_traced(made):
    """`torch.rand(3)` made inside a traced function is a tensor of the trace: a branch on it
    is baked by torch.jit.trace and breaks torch.compile's graph (framework_runs.py:
    trace_tensor_made_inside, compile_tensor_made_inside)."""
    source = f"""
        import torch

        @torch.compile
        def noisy(x):
            noise = {made}
            if noise.sum() > 1.5:
                return x + noise
            return x - noise
    """
    assert found(source, BREAKS) == [(7, "ACC201")]


def test_a_tensor_made_in_a_function_no_trace_caches_is_left_alone():
    """Under torch.func.vmap a made tensor is an ordinary one (not batched): no finding; nor
    is a Python value made with a torch call that returns none (`torch.cuda.is_available()`).
    (A draw there, `torch.rand(3)`, raises under vmap's default randomness: ACC106,
    tests/test_vmap_randomness.py; so the tensor here is made without one.)"""
    source = """
        import torch
        from torch.func import vmap

        def noisy(x):
            noise = torch.ones(3)
            if noise.sum() > 1.5:
                return x + 1
            return x

        batched = vmap(noisy)

        @torch.compile
        def placed(x):
            if torch.cuda.is_available():
                return x.cuda()
            return x
    """
    assert found(source, BREAKS) == []


def test_messages_say_what_happens_in_each_framework():
    tf_messages = messages(CASES["tf.function"][0])
    assert any("raises while tf.function traces it" in m for m in tf_messages)
    assert any("use tf.random" in m for m in tf_messages)
    keras_if = [m for m in messages(CASES["keras 3 Layer.call"][0]) if m.startswith("'if'")]
    assert keras_if and "OperatorNotAllowedInGraphError" in keras_if[0] and "without AutoGraph" in keras_if[0]
    compiled = messages(CASES["torch.compile"][0], BREAKS)
    assert len(compiled) == 2 and all("graph break" in m and "performance finding" in m for m in compiled)
    traced = messages(CASES["torch.jit.trace"][0])
    assert any("TracerWarning" in m for m in traced) and any("check_trace" in m for m in traced)


def test_tf_data_map_function_is_traced_once():
    source = """
        import random
        import tensorflow as tf
        ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(lambda v: v + random.random())
        safe = tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(lambda v: v + tf.random.uniform([]))
    """
    assert found(source) == [(4, "ACC101")]


@pytest.mark.parametrize("spelling", ["ops.convert_to_numpy(x)", "keras.ops.convert_to_numpy(x)", "np.asarray(x)"])
def test_keras_convert_to_numpy_is_the_host_conversion_and_gives_a_host_array(spelling):
    """A conversion to NumPy in a traced `call` is the hazard (ACC304, where it is); what it
    returns is a NumPy array, so reading a Python int out of it is no second finding."""
    source = f"""
        import keras
        import numpy as np
        from keras import ops

        class Enc(keras.layers.Layer):
            def call(self, x):
                g = {spelling}
                n = int(g[0, 0])
                return x * n
    """
    assert found(source) == [(8, "ACC304")]


KERAS_LAYERS = """
    import keras
    from keras import ops

    class Embed(keras.layers.Layer):
        def call(self, t, dim):
            if dim % 2 != 0:
                t = t + 1
            return t * dim

    class Gate(keras.layers.Layer):
        def call(self, x, scale):
            if scale > 1:
                return x * scale
            return x
"""


def test_keras_call_takes_its_arguments_as_the_caller_passes_them():
    """`Layer.__call__` hands `call` every argument as passed: a layer nobody in view calls takes
    each input for a tensor (a functional model's `keras.Input`s), while through a seen call
    (`self.embed(x, dim=256)`) a Python int stays a Python int and a tensor passed to `scale`
    is traced."""
    assert found(KERAS_LAYERS) == [(7, "ACC201"), (13, "ACC201")]
    model = KERAS_LAYERS + """
    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.embed = Embed()
            self.gate = Gate()

        def call(self, x):
            h = self.embed(x, dim=256)
            return self.gate(h, ops.max(h))
    """
    assert found(model) == [(13, "ACC201")]


def test_retrace_storms_under_tf_function_and_none_under_torch_compile():
    source = """
        import tensorflow as tf
        import torch

        def f(x):
            return x * 2

        @tf.function
        def scaled(x, k):
            return x * k

        def train(x):
            for epoch in range(20):
                step = tf.function(f)
                x = step(x)
                x = scaled(x, epoch)
                x = scaled(x[:epoch], 0.5)
                g = torch.compile(lambda t: t + 1)
                x = g(x)
            return x
    """
    # row 21: a new tf.function per pass; row 19: a Python number per pass; row 20: a new shape
    # per pass (no reduce_retracing or input_signature here). torch.compile caches on the code
    # object (test_torch_compile_rebuilt_per_pass_compiles_once).
    # (ACC501 at the wrapper application, line 14, where the new identity is made)
    assert found(source) == [(14, "ACC501"), (16, "ACC502"), (17, "ACC503")]
    relaxed = source.replace("@tf.function", "@tf.function(reduce_retracing=True)")
    assert found(relaxed) == [(14, "ACC501"), (16, "ACC502")]


def test_print_becomes_tf_print_with_the_same_arguments():
    source = """
        import tensorflow as tf

        @tf.function
        def step(x):
            print("step", 3, -0.5)
            print("x is", x)
            print("x", x, sep=",")
            return x
    """
    safe = fixed(source)
    assert 'tf.print("step", 3, -0.5, output_stream=sys.stdout)' in safe and "import sys" in safe
    assert 'print("x is", x)' in safe  # a tensor prints differently: unsafe
    unsafe = fixed(source, unsafe=True)
    assert 'tf.print("x is", x, output_stream=sys.stdout)' in unsafe
    assert 'print("x", x, sep=",")' in unsafe  # no tf.print form for sep= here


def test_no_tf_print_fix_for_a_print_that_reports_tracing():
    source = """
        import tensorflow as tf

        @tf.function
        def step(x):
            print("Tracing with", x)
            return x
    """
    result = lint_text(textwrap.dedent(source), "m.py", Settings(strictness="pedantic"))  # at the default it is not reported
    assert [f.code for f in result.findings] == ["ACC401"] and result.findings[0].fix is None
    assert "reports tracing on purpose" in result.findings[0].message


def test_no_tf_print_fix_where_the_module_compiles_with_xla():
    source = """
        import tensorflow as tf

        @tf.function(jit_compile=True)
        def step(x):
            print("step")
            return x
    """
    result = lint_text(textwrap.dedent(source), "m.py", Settings())
    assert [f.code for f in result.findings] == ["ACC401"] and result.findings[0].fix is None
    assert "jit_compile=True" in result.findings[0].message


def test_if_under_torch_jit_trace_becomes_torch_where():
    source = """
        import torch

        def body(x, y):
            if x.sum() > 0:
                z = x * 2
            else:
                z = x - 1
            return z

        traced = torch.jit.trace(body, (torch.ones(3), torch.ones(3)))
    """
    # branches of one dtype and shape for sure (x's), as the select fix's proof needs
    assert "z = torch.where(x.sum() > 0, x * 2, x - 1)" in fixed(source)
    keras = """
        import keras

        class Block(keras.layers.Layer):
            def call(self, x):
                if x.sum() > 0:
                    x = x * 2
                return x
    """
    assert "no select to rewrite" in messages(keras)[0]  # Keras 3 has no `where` spelling


# --- the facts, by running the frameworks ------------------------------------------------------


@needs_tf
def test_tf_print_prints_literals_as_print_does_on_every_call(capfd):
    import tensorflow as tf

    namespace: dict = {}
    exec(fixed("""
        import tensorflow as tf

        @tf.function
        def step(x):
            print("a {b}", 7, -0.5, 1e-10, "")
            return x * 2
    """), namespace)
    for value in (1.0, 2.0):
        namespace["step"](tf.constant(value))
    out = capfd.readouterr().out
    assert out == "a {b} 7 -0.5 1e-10 \n" * 2


@needs_tf
def test_tf_function_retraces_per_python_number_and_per_new_object():
    import tensorflow as tf

    @tf.function
    def scaled(x, k):
        return x * k

    for k in range(6):
        scaled(tf.constant(1.0), k)
    assert scaled.experimental_get_tracing_count() == 6  # row 19
    traces = []
    for _ in range(6):
        step = tf.function(lambda x: traces.append(1) or x * 2)
        step(tf.constant(1.0))
    assert len(traces) == 6  # row 21


@needs_torch
def test_torch_where_fix_makes_the_trace_agree_with_eager():
    import warnings

    import torch

    source = """
        import torch

        def body(x):
            if x.sum() > 0:
                z = x * 2
            else:
                z = x - 1
            return z

        def trace(example):
            return torch.jit.trace(body, (example,))
    """
    assert "torch.where(" in fixed(source)
    results = []
    for text in (textwrap.dedent(source), fixed(source)):
        namespace: dict = {"__name__": "fixed"}
        exec(text, namespace)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            traced = namespace["trace"](torch.ones(3))
        negative = -2 * torch.ones(3)
        results.append(torch.equal(traced(negative), namespace["body"](negative)))
    assert results == [False, True]  # baked branch before the fix, the right one after


@needs_torch
def test_torch_compile_rebuilt_per_pass_compiles_once():
    import torch
    import torch._dynamo

    compiles = []

    def counting(graph, example_inputs):
        compiles.append(1)
        return graph.forward

    torch._dynamo.reset()
    for _ in range(8):
        torch.compile(lambda x: x * 2 + 1, backend=counting)(torch.ones(3))
    assert len(compiles) == 1  # Dynamo caches on the code object: no ACC501 for torch.compile


@needs_torch
def test_torch_compile_breaks_on_branch_item_print_logging_and_clock():
    import logging
    import time

    import torch
    import torch._dynamo

    def breaks(fn):
        torch._dynamo.reset()
        return len(torch._dynamo.explain(fn)(torch.rand(4)).break_reasons)

    def branch(x):
        y = x * 2
        if y.sum() > 0:
            return y
        return -y

    def item(x):
        y = x * 2
        return y * y.sum().item()

    def printed(x):
        y = x * 2
        print("step")
        return y + 1

    def logged(x):
        y = x * 2
        logging.getLogger("acclint-test").info("step")
        return y + 1

    def clocked(x):
        y = x * 2
        time.time()
        return y + 1

    def first(x):
        print("step")  # the very first statement: no graph yet to break
        return x * 2

    assert [breaks(f) for f in (branch, item, printed, logged, clocked, first)] == [1, 1, 1, 1, 1, 0]


@needs_torch
def test_torch_func_vmap_raises_where_grad_runs():
    import torch
    from torch.func import grad, vmap

    def branchy(x):
        if x.sum() > 0:
            return (x * x).sum() * x.max().item()
        return x.sum()

    grad(branchy)(torch.ones(3))  # fine under grad (no finding)
    with pytest.raises(RuntimeError, match="data-dependent control flow"):
        vmap(branchy)(torch.ones(2, 3))


@needs_torch
def test_torch_jit_trace_host_draw_fails_the_default_check_and_freezes_without_it():
    import warnings

    import numpy as np
    import torch

    def noisy(x):
        return x * float(np.random.rand())

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(torch.jit.TracingCheckError):
            torch.jit.trace(noisy, (torch.ones(3),))
        traced = torch.jit.trace(noisy, (torch.ones(3),), check_trace=False)
    assert len({tuple(traced(torch.ones(3)).tolist()) for _ in range(3)}) == 1


def test_fixtures_of_a_missing_framework_are_skipped_with_the_reason(tmp_path, monkeypatch):
    import shutil
    from pathlib import Path

    from acclint.crosscheck import crosscheck, frameworks
    from acclint.crosscheck.report import render

    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    shutil.copy(fixtures / "tf_function.py", tmp_path / "tf_function.py")
    monkeypatch.setitem(frameworks.PACKAGES, "tf", ("tensorflow_acclint_absent", "tf"))
    comparison = crosscheck(tmp_path)
    assert comparison.functions == [] and comparison.disagreements() == []
    assert comparison.skipped == ["tf_function: tensorflow_acclint_absent is not installed (pip install 'acclint[tf]')"]
    assert "1 fixture module(s) skipped" in render(comparison)
