"""Small TensorFlow / Keras / PyTorch programs along two axes, labelled by running them.

acclint's TF and torch data were fitted to examples; this set asks whether the properties hold
for spellings nobody wrote a rule from. Every program puts one HAZARD (or a look-alike that is
fine) into one CONTEXT (a body TF, Keras or torch traces, or runs as written):

    contexts  tf.function as decorator / call / on a method / on a lambda, a Keras 3 layer's
              call, a tf.keras model's call, train_step / test_step overrides, a loss or metric
              given to compile(), a tf.data dataset's .map(fn) (bound to a name first, chained,
              both), a tf.py_function body; torch.compile of a function (decorator, call,
              fullgraph=True), of a module instance (its forward, a method forward calls, an
              instance made in a function, a class imported from a sibling module,
              nn.Module.compile(), with fullgraph=True too, an instance a project factory
              function makes), torch.jit.trace and
              torch.jit.script of functions and modules, torch.func.vmap / grad; and the same
              code run as plain Python.
    hazards   host draws, Python if / while / ternary / for on a tensor, float() / int() /
              .item() / .numpy() / np.asarray of a tensor, print, a file write, an append to a
              module-level list, len() of the input; look-alikes: framework RNG, shape reads,
              branches on shapes and on static Python values, tf.where / torch.where, tf.print,
              a local list grown in a Python loop.

The label is what a run shows, never what acclint says: each program and its eager twin (the
same body, untraced: no decorator, `run_eagerly=True`, a plain loop over the elements) are run
on the same inputs (two identical, one of the other sign, one of another batch size):

    error  the traced program raises where the twin does not;
    wrong  it gives other values (a baked branch or length), draws once where the twin draws on
           every call, or runs an effect (print, file write, append) another number of times;
    break  torch.compile (fullgraph=False) breaks the graph with the same results: a
           performance finding, counted apart (neither hazard nor fine);
    fine   the same as the twin.

A program whose twin raises is no spelling of anything and is dropped. torch.compile runs with
`backend="eager"` (Dynamo's capture, guards and graph breaks are the same; inductor's code
generation is what it skips). Generated programs and their labels are stored under
tests/data/spellings/tf_torch/ so tests read them without TF or torch:

    python benchmarks/tf_torch_spellings.py generate --tf-python PY --torch-python PY
    python benchmarks/tf_torch_spellings.py measure   # acclint's recall and precision on them

`generate` needs interpreters with tensorflow-cpu 2.21 (Keras 3) and torch 2.13 (docs/crosscheck.md).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import textwrap
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "tests" / "data" / "spellings" / "tf_torch"
HAZARD_LABELS = ("error", "wrong")

# --- hazards: (tf body, torch body, intent); the body reads `x` and leaves its result in `y` ----

HAZARDS = {
    "np_random": ("y = x + np.random.rand()", "y = x + np.random.rand()", "hazard"),
    "py_random": ("y = x + random.random()", "y = x + random.random()", "hazard"),
    "if_tensor": (
        "if tf.reduce_sum(x) > 0:\n    y = x * 2\nelse:\n    y = x - 1",
        "if x.sum() > 0:\n    y = x * 2\nelse:\n    y = x - 1",
        "hazard",
    ),
    "ternary_tensor": (
        "y = x * 2 if tf.reduce_max(x) > 0 else x - 1",
        "y = x * 2 if x.max() > 0 else x - 1",
        "hazard",
    ),
    "while_tensor": (
        "y = x\nwhile tf.reduce_sum(y) < 100:\n    y = y + 10",
        "y = x\nwhile y.sum() < 100:\n    y = y + 10",
        "hazard",
    ),
    "for_tensor": ("y = x * 0\nfor row in x:\n    y = y + row", "y = x * 0\nfor row in x:\n    y = y + row", "hazard"),
    "float_tensor": ("y = x * float(tf.reduce_sum(x))", "y = x * float(x.sum())", "hazard"),
    "int_tensor": ("y = x * int(tf.reduce_max(x))", "y = x * int(x.max())", "hazard"),
    "item": (None, "y = x * x.sum().item()", "hazard"),
    "numpy_method": ("y = x * tf.reduce_sum(x).numpy()", "y = x * x.sum().numpy()", "hazard"),
    "np_asarray": ("y = x + np.asarray(x).mean()", "y = x + np.asarray(x).mean()", "hazard"),
    "print": ('print("EFFECT", 1)\ny = x + 1', 'print("EFFECT", 1)\ny = x + 1', "hazard"),
    "file_write": (
        'with open(LOG_PATH, "a") as log:\n    log.write("EFFECT\\n")\ny = x + 1',
        'with open(LOG_PATH, "a") as log:\n    log.write("EFFECT\\n")\ny = x + 1',
        "hazard",
    ),
    "append_outer": ("SEEN.append(x)\ny = x + 1", "SEEN.append(x)\ny = x + 1", "hazard"),
    "len_input": ("y = x * len(x)", "y = x * len(x)", "hazard"),
    # torch.jit.trace's TracerWarning catalogue (stop 53, docs/contexts.md "PyTorch's own catalogue"):
    # a Python value computed from a traced tensor, each way torch warns of (or silently bakes)
    "tolist": (None, "y = x * sum(x.sum(1).tolist())", "hazard"),
    "bool_tensor": (None, "y = x * 2 if bool(x.sum() > 0) else x - 1", "hazard"),
    "index_int": (None, "y = x * x[0, int(x.argmax()) % 3]", "hazard"),
    "range_size": (None, "y = x * 0\nfor i in range(x.size(0)):\n    y = y + x[i]", "hazard"),
    "range_len": (None, "y = x * 0\nfor i in range(len(x)):\n    y = y + x[i]", "hazard"),
    "unpack_tensor": (None, "first, *rest = x\ny = x + first * len(rest)", "hazard"),
    "tensor_from_shape": (None, "y = x * torch.tensor(x.shape[0])", "hazard"),
    "tensor_from_item": (None, "y = x + torch.tensor(x.sum().item())", "hazard"),
    "split_rows": (None, "y = torch.cat([p * 2 for p in x.split(1)])", "hazard"),
    "split_columns": (None, "y = torch.cat([p * 2 for p in x.split(1, dim=-1)], dim=-1)", "lookalike"),
    "shape0_number": (None, "y = x * x.shape[0]", "lookalike"),
    "numel_number": (None, "y = x * x.numel()", "lookalike"),
    "size_reshape": (None, "y = x.reshape(x.size(0), -1) * 2", "lookalike"),
    "inplace_input": (None, "x.add_(1)\ny = x * 2", "lookalike"),
    # a size read held in a comprehension target, or made a Python number by `min`, a legacy typed
    # constructor or an op's int-only argument (stop 54, rules/traced_sizes.py)
    "size_comprehension_int": (None, "n = [int(s) for s in x.shape][0]\ny = x * n", "hazard"),
    "size_loop_int": (None, "n = 1\nfor s in x.shape[:1]:\n    n = n * int(s)\ny = x * n", "hazard"),
    "size_min": (None, "y = x * min(x.shape[0], 3)", "hazard"),
    "size_legacy_constructor": (None, "y = x + torch.FloatTensor(x.size()).zero_()", "hazard"),
    "size_groups": (
        None, "n = x.size(0)\ny = torch.nn.functional.conv1d(x.unsqueeze(0), torch.ones(n, 1, 1), groups=n).squeeze(0)", "hazard",
    ),
    "size_zeros": (None, "y = x + torch.zeros(x.size())", "lookalike"),
    "size_topk": (None, "y = x + x.sum(1).topk(x.size(0) // 2)[0].sum()", "lookalike"),
    # look-alikes
    "framework_random": ("y = x + tf.random.uniform(())", "y = x + torch.rand(())", "lookalike"),
    "shape_read": ("y = x * x.shape[-1]", "y = x * x.shape[-1]", "lookalike"),
    "shape_branch": (
        "if x.shape[-1] > 2:\n    y = x * 2\nelse:\n    y = x",
        "if x.shape[-1] > 2:\n    y = x * 2\nelse:\n    y = x",
        "lookalike",
    ),
    "static_branch": (
        "scale = 3\nif scale > 2:\n    y = x * scale\nelse:\n    y = x",
        "scale = 3\nif scale > 2:\n    y = x * scale\nelse:\n    y = x",
        "lookalike",
    ),
    "select_op": (
        "y = tf.where(tf.reduce_sum(x) > 0, x * 2, x - 1)",
        "y = torch.where(x.sum() > 0, x * 2, x - 1)",
        "lookalike",
    ),
    "tf_print": ('tf.print("EFFECT")\ny = x + 1', None, "lookalike"),
    "local_list": (
        "parts = []\nfor i in range(3):\n    parts.append(x * i)\ny = parts[-1]",
        "parts = []\nfor i in range(3):\n    parts.append(x * i)\ny = parts[-1]",
        "lookalike",
    ),
}

TF_HEADER = "import os\nimport random\n\nimport keras\nimport numpy as np\nimport tensorflow as tf\n"
TORCH_HEADER = "import os\nimport random\n\nimport numpy as np\nimport torch\nfrom torch import nn\n"
STATE = '\nSEEN = []\nLOG_PATH = os.devnull\n'

# --- contexts: (framework, template, eager twin); {body} is indented where it stands -----------
# `run(inputs)` calls the context the way a user does and returns what it gave back.

CONTEXTS = {
    "tf_function_decorator": (
        "tf",
        "@tf.function\ndef f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "tf_function_call": (
        "tf",
        "def f(x):\n{body}\n    return y\n\n\ng = tf.function(f)\n\n\ndef run(inputs):\n    return [g(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ng = f\n\n\ndef run(inputs):\n    return [g(x) for x in inputs]\n",
    ),
    "tf_function_method": (
        "tf",
        "class Scaler:\n    @tf.function\n    def apply(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    scaler = Scaler()\n    return [scaler.apply(x) for x in inputs]\n",
        "class Scaler:\n    def apply(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    scaler = Scaler()\n    return [scaler.apply(x) for x in inputs]\n",
    ),
    "tf_function_lambda": (
        "tf",
        "def f(x):\n{body}\n    return y\n\n\ng = tf.function(lambda x: f(x))\n\n\ndef run(inputs):\n    return [g(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ng = lambda x: f(x)  # noqa: E731\n\n\ndef run(inputs):\n    return [g(x) for x in inputs]\n",
    ),
    "keras_layer_call": (
        "tf",
        "class Block(keras.layers.Layer):\n    def call(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    model = keras.Sequential([keras.Input((3,)), Block()])\n"
        "    return [model.predict(x, verbose=0) for x in inputs]\n",
        "class Block(keras.layers.Layer):\n    def call(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    block = Block()\n    return [block(x) for x in inputs]\n",
    ),
    "tf_keras_model_call": (
        "tf",
        "class Net(tf.keras.Model):\n    def call(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    net = Net()\n    return [net.predict(x, verbose=0) for x in inputs]\n",
        "class Net(tf.keras.Model):\n    def call(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    net = Net()\n    return [net(x) for x in inputs]\n",
    ),
    "keras_train_step": (
        "tf",
        "class Trainer(keras.Model):\n    def __init__(self):\n        super().__init__()\n"
        "        self.dense = keras.layers.Dense(3)\n\n    def call(self, x):\n        return self.dense(x)\n\n"
        "    def train_step(self, data):\n        x, _ = data\n{body8}\n        return {{\"out\": tf.reduce_sum(y)}}\n\n\n"
        "def run(inputs):\n    model = Trainer()\n    model.compile(optimizer=\"sgd\"{eager})\n"
        "    return [model.fit(x, x, batch_size=64, epochs=1, verbose=0).history[\"out\"][-1] for x in inputs]\n",
        None,
    ),
    "keras_test_step": (
        "tf",
        "class Checker(keras.Model):\n    def __init__(self):\n        super().__init__()\n"
        "        self.dense = keras.layers.Dense(3)\n\n    def call(self, x):\n        return self.dense(x)\n\n"
        "    def test_step(self, data):\n        x, _ = data\n{body8}\n        return {{\"out\": tf.reduce_sum(y)}}\n\n\n"
        "def run(inputs):\n    model = Checker()\n    model.compile(optimizer=\"sgd\"{eager})\n"
        "    return [model.evaluate(x, x, batch_size=64, verbose=0, return_dict=True)[\"out\"] for x in inputs]\n",
        None,
    ),
    "keras_compile_loss": (
        "tf",
        "def spelled_loss(y_true, y_pred):\n    x = y_pred\n{body}\n    return tf.reduce_mean(y)\n\n\n"
        "def run(inputs):\n    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3, kernel_initializer=\"ones\")])\n"
        "    model.compile(optimizer=\"sgd\", loss=spelled_loss{eager})\n"
        "    return [model.evaluate(x, x, batch_size=64, verbose=0) for x in inputs]\n",
        None,
    ),
    "keras_compile_metric": (
        "tf",
        "def spelled_metric(y_true, y_pred):\n    x = y_pred\n{body}\n    return tf.reduce_mean(y)\n\n\n"
        "def run(inputs):\n    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3, kernel_initializer=\"ones\")])\n"
        "    model.compile(optimizer=\"sgd\", loss=\"mse\", metrics=[spelled_metric]{eager})\n"
        "    return [model.evaluate(x, x, batch_size=64, verbose=0, return_dict=True)[\"spelled_metric\"] for x in inputs]\n",
        None,
    ),
    "tf_data_map_bound": (
        "tf",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    ds = tf.data.Dataset.from_tensor_slices(tf.stack(inputs))\n"
        "    ds = ds.map(f)\n    return list(ds)\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "tf_data_map_chained": (
        "tf",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n"
        "    return list(tf.data.Dataset.from_tensor_slices(tf.stack(inputs)).map(f))\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "tf_data_map_bound_chained": (
        "tf",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    ds = tf.data.Dataset.from_tensor_slices(tf.stack(inputs))\n"
        "    ds = ds.prefetch(1).map(f).prefetch(1)\n    return list(ds)\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "tf_py_function": (
        "tf",
        "def body(x):\n{body}\n    return y\n\n\n@tf.function\ndef f(x):\n    return tf.py_function(body, [x], tf.float32)\n\n\n"
        "def run(inputs):\n    return [f(x) for x in inputs]\n",
        "def body(x):\n{body}\n    return y\n\n\ndef f(x):\n    return body(x)\n\n\n"
        "def run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "tf_plain": (
        "tf",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "compile_decorator": (
        "torch",
        "@torch.compile\ndef f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "compile_call": (
        "torch",
        "def f(x):\n{body}\n    return y\n\n\ng = torch.compile(f)\n\n\ndef run(inputs):\n    return [g(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ng = f\n\n\ndef run(inputs):\n    return [g(x) for x in inputs]\n",
    ),
    "compile_fullgraph": (
        "torch",
        "@torch.compile(fullgraph=True)\ndef f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "compile_module_forward": (
        "torch",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\nmodel = {wrap}(Net())\n\n\n"
        "def run(inputs):\n    return [model(x) for x in inputs]\n",
        None,
    ),
    "compile_module_helper": (
        "torch",
        "class Net(nn.Module):\n    def forward(self, x):\n        return self.step(x)\n\n    def step(self, x):\n{body8}\n        return y\n\n\n"
        "model = {wrap}(Net())\n\n\ndef run(inputs):\n    return [model(x) for x in inputs]\n",
        None,
    ),
    "compile_module_in_function": (
        "torch",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def build():\n    net = Net()\n    return {wrap}(net)\n\n\ndef run(inputs):\n    model = build()\n    return [model(x) for x in inputs]\n",
        None,
    ),
    # `Net` comes from a sibling module of the project (`{name}_nets.py`, NETS below), where the hazard is
    "compile_module_imported": (
        "torch",
        "from {nets} import Net  # noqa: E402\n\nmodel = {wrap}(Net())\n\n\ndef run(inputs):\n    return [model(x) for x in inputs]\n",
        None,
    ),
    "compile_module_inplace": (
        "torch",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    model = Net()\n    model.compile()\n    return [model(x) for x in inputs]\n",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    model = Net()\n    return [model(x) for x in inputs]\n",
    ),
    # compile38's two shapes: the fullgraph variant of a module's own compile, and an instance a
    # project factory function makes (its every return is one class) handed to torch.compile.
    "compile_module_inplace_fullgraph": (
        "torch",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    model = Net()\n    model.compile(fullgraph=True)\n    return [model(x) for x in inputs]\n",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    model = Net()\n    return [model(x) for x in inputs]\n",
    ),
    "compile_module_factory": (
        "torch",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def build_model():\n    return Net()\n\n\n"
        "def run(inputs):\n    model = build_model()\n    model = {wrap}(model)\n    return [model(x) for x in inputs]\n",
        None,
    ),
    "trace_function": (
        "torch",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    g = torch.jit.trace(f, inputs[0])\n    return [g(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "trace_module": (
        "torch",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    model = torch.jit.trace(Net(), inputs[0])\n    return [model(x) for x in inputs]\n",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    model = Net()\n    return [model(x) for x in inputs]\n",
    ),
    "script_function": (
        "torch",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    g = torch.jit.script(f)\n    return [g(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "script_module": (
        "torch",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    model = torch.jit.script(Net())\n    return [model(x) for x in inputs]\n",
        "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    model = Net()\n    return [model(x) for x in inputs]\n",
    ),
    "func_vmap": (
        "torch",
        "def f(x):\n{body}\n    return y\n\n\ng = torch.func.vmap(f)\n\n\ndef run(inputs):\n    return [g(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ndef g(x):\n    return torch.stack([f(row) for row in x])\n\n\n"
        "def run(inputs):\n    return [g(x) for x in inputs]\n",
    ),
    "func_grad": (
        "torch",
        "def f(x):\n{body}\n    return y.sum()\n\n\ng = torch.func.grad(f)\n\n\ndef run(inputs):\n    return [g(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y.sum()\n\n\ng = f\n\n\ndef run(inputs):\n    return [g(x) for x in inputs]\n",
    ),
    "torch_plain": (
        "torch",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
        "def f(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
}
# The sibling modules of the contexts that import their class from one.
NETS = {
    "compile_module_imported": "class Net(nn.Module):\n    def forward(self, x):\n{body8}\n        return y\n",
}
# Contexts whose values are not comparable with the twin's (a gradient against a value): only
# errors and effects are compared.
EFFECTS_ONLY = {"func_grad"}
# Contexts that see every input at once as elements of one dataset (so of one shape).
SAME_SHAPE = {"tf_data_map_bound", "tf_data_map_chained", "tf_data_map_bound_chained"}


@dataclass
class Program:
    name: str
    framework: str
    context: str
    hazard: str
    intent: str
    text: str
    twin: str
    hazard_lines: tuple[int, int]
    # A sibling module the program imports (`nets`: its module name), where the hazard's lines are.
    nets: str = ""
    nets_text: str = ""


def _fill(template: str, body: str, eager: bool, nets: str = "") -> str:
    return template.format(
        nets=nets,
        body=textwrap.indent(body, "    "),
        body8=textwrap.indent(body, "        "),
        eager=", run_eagerly=True" if eager else "",
        wrap="" if eager else "torch.compile",
    )


def programs() -> list[Program]:
    """Every context x hazard pair whose hazard has a spelling in the context's framework."""
    out = []
    for context, (framework, template, twin) in CONTEXTS.items():
        header = TF_HEADER if framework == "tf" else TORCH_HEADER
        for hazard, (tf_body, torch_body, intent) in HAZARDS.items():
            body = tf_body if framework == "tf" else torch_body
            if body is None:
                continue
            name = f"{context}__{hazard}"
            nets = f"{name}_nets" if context in NETS else ""
            text = header + STATE + "\n\n" + _fill(template, body, eager=False, nets=nets)
            if twin is None:  # the same template, untraced
                twin_text = header + STATE + "\n\n" + _fill(template, body, eager=True, nets=nets)
            else:
                twin_text = header + STATE + "\n\n" + _fill(twin, body, eager=True, nets=nets)
            nets_text = header + STATE + "\n\n" + _fill(NETS[context], body, eager=False) if nets else ""
            lines = (nets_text or text).splitlines()
            first_body_line = body.splitlines()[0].strip()
            start = next(i for i, line in enumerate(lines, 1) if line.strip() == first_body_line)
            end = start + len(body.splitlines()) - 1
            out.append(Program(name, framework, context, hazard, intent, text, twin_text, (start, end), nets, nets_text))
    return out


# --- labelling (runs inside an interpreter with TF or torch) ----------------------------------

LABELLER = r'''
import contextlib, importlib.util, json, os, signal, sys, tempfile, traceback, warnings
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
warnings.simplefilter("ignore")
import numpy as np
FRAMEWORK = sys.argv[1]
if FRAMEWORK == "tf":
    import tensorflow as tf
    def tensor(a):
        return tf.constant(a, dtype=tf.float32)
else:
    import torch, torch._dynamo
    from torch._dynamo.utils import counters
    _compile = torch.compile
    def _eager_compile(model=None, **kw):
        kw.setdefault("backend", "eager")
        return _compile(model, **kw) if model is not None else _compile(**kw)
    torch.compile = _eager_compile
    def tensor(a):
        return torch.tensor(a, dtype=torch.float32)

A = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
B = [[-3.0, -1.0, -2.0], [-6.0, -4.0, -5.0]]
C = [[0.5, 1.5, 2.5], [3.5, 4.5, 5.5], [6.5, 7.5, 8.5], [9.5, 10.5, 11.5]]
D = [[2.0, 0.5, 1.0], [1.0, 3.0, 0.25]]

@contextlib.contextmanager
def captured():
    """What fd 1 and 2 receive (TorchScript and tf.print write below Python's sys.stdout)."""
    sys.stdout.flush(); sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1); os.dup2(sink.fileno(), 2)
        box = {}
        try:
            yield box
        finally:
            sys.stdout.flush(); sys.stderr.flush()
            os.dup2(saved[0], 1); os.dup2(saved[1], 2)
            os.close(saved[0]); os.close(saved[1])
            sink.seek(0)
            box["text"] = sink.read().decode("utf-8", "replace")

def value(out):
    if isinstance(out, dict):
        out = list(out.values())[0]
    if hasattr(out, "detach"):
        out = out.detach()
    if hasattr(out, "numpy"):
        out = out.numpy()
    return np.asarray(out, dtype=np.float64)

def timeout(*_):
    raise TimeoutError("no result in 120 s")

def execute(name, text, same_shape, nets="", nets_text=""):
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, name + ".py")
    with open(path, "w") as fh:
        fh.write(text)
    if nets:  # the sibling module the program imports its class from, imported anew per run
        with open(os.path.join(folder, nets + ".py"), "w") as fh:
            fh.write(nets_text)
        sys.modules.pop(nets, None)
        sys.path.insert(0, folder)
    log = path + ".log"
    open(log, "w").close()
    if FRAMEWORK == "torch":
        torch._dynamo.reset(); counters.clear()
    inputs = [tensor(a) for a in (A, A, B, D if same_shape else C)]
    result = {"error": None, "values": None}
    signal.signal(signal.SIGALRM, timeout); signal.alarm(120)
    np.random.seed(0)
    with captured() as out:
        try:
            spec = importlib.util.spec_from_file_location("spelled_" + name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module  # AutoGraph looks a lambda's module up by name
            spec.loader.exec_module(module)
            spelled = [module] + ([sys.modules[nets]] if nets else [])
            for m in spelled:
                m.LOG_PATH = log
            outputs = module.run(inputs)
            result["values"] = [value(o).tolist() for o in outputs]
            result["seen"] = sum(len(m.SEEN) for m in spelled)
        except BaseException as error:
            result["error"] = (type(error).__name__ + ": " + str(error).strip().splitlines()[0][:160]) if str(error).strip() else type(error).__name__
        finally:
            signal.alarm(0)
            if nets:
                sys.path.remove(folder)
    result["prints"] = out["text"].count("EFFECT")
    result["writes"] = open(log).read().count("EFFECT")
    if FRAMEWORK == "torch":
        # a break Dynamo resumes after is counted under graph_break or unimplemented (torch 2.13)
        result["breaks"] = sum(counters["graph_break"].values()) + sum(counters["unimplemented"].values())
    return result

for line in sys.stdin:
    job = json.loads(line)
    traced = execute(job["name"], job["text"], job["same_shape"], job["nets"], job["nets_text"])
    twin = execute(job["name"] + "_twin", job["twin"], job["same_shape"], job["nets"], job["nets_text"])
    print(json.dumps({"name": job["name"], "traced": traced, "twin": twin}), flush=True)
'''


def verdict(program: Program, traced: dict, twin: dict) -> tuple[str, str]:
    """The label a run shows (see the module docstring) and the observation behind it."""
    if twin["error"]:
        return "invalid", f"the eager twin raises {twin['error']}"
    if traced["error"]:
        return "error", traced["error"]
    for effect in ("prints", "writes", "seen"):
        if traced.get(effect, 0) != twin.get(effect, 0):
            return "wrong", f"{effect}: {traced.get(effect, 0)} traced, {twin.get(effect, 0)} eager over 4 calls"
    if program.context not in EFFECTS_ONLY:
        import numpy as np

        got, want = traced["values"], twin["values"]
        if not np.allclose(want[0], want[1]):  # the twin draws anew on every call
            if np.allclose(got[0], got[1]):
                return "wrong", "the same value on two calls with one input, where eager draws anew"
        else:
            for i, (g, w) in enumerate(zip(got, want)):
                if np.shape(g) != np.shape(w) or not np.allclose(g, w, rtol=1e-5):
                    return "wrong", f"call {i + 1} of 4 gives another value than eager"
    if traced.get("breaks"):
        return "break", f"{traced['breaks']} graph break(s), same results"
    return "fine", "the same as eager"


def label(all_programs: list[Program], pythons: dict[str, str]) -> dict[str, tuple[str, str]]:
    labels = {}
    for framework, python in pythons.items():
        jobs = [p for p in all_programs if p.framework == framework]
        feed = "".join(
            json.dumps({"name": p.name, "text": p.text, "twin": p.twin, "same_shape": p.context in SAME_SHAPE,
                        "nets": p.nets, "nets_text": p.nets_text}) + "\n"
            for p in jobs
        )
        run = subprocess.run(
            [python, "-c", LABELLER, framework], input=feed, capture_output=True, text=True, cwd="/tmp", check=False
        )
        by_name = {p.name: p for p in jobs}
        for line in run.stdout.splitlines():
            if not line.startswith("{"):
                continue
            record = json.loads(line)
            labels[record["name"]] = verdict(by_name[record["name"]], record["traced"], record["twin"])
        missing = [p.name for p in jobs if p.name not in labels]
        if missing:
            sys.exit(f"{framework}: no run result for {len(missing)} programs ({missing[0]}, ...):\n{run.stderr[-2000:]}")
    return labels


def generate(pythons: dict[str, str]) -> None:
    """Regenerate the stored programs of the frameworks given an interpreter and relabel them by
    running each with its twin (the other framework's stay as they are)."""
    all_programs = [p for p in programs() if p.framework in pythons]
    labels = label(all_programs, pythons)
    index = [e for e in load_index() if e["framework"] not in pythons] if (STORE / "labels.json").exists() else []
    for framework in pythons:
        for old in STORE.glob(f"{framework}/*.py"):
            old.unlink()
    for p in all_programs:
        outcome, observed = labels[p.name]
        if outcome == "invalid":
            print(f"dropped {p.name}: {observed}")
            continue
        folder = STORE / p.framework
        folder.mkdir(parents=True, exist_ok=True)
        doc = f'"""{p.context} x {p.hazard}: {outcome} ({observed}).\n\nGenerated by benchmarks/tf_torch_spellings.py; the label is the run\'s."""\n'
        shift = doc.count("\n")
        (folder / f"{p.name}.py").write_text(doc + p.text)
        if p.nets:
            (folder / f"{p.nets}.py").write_text(doc + p.nets_text)
        entry = asdict(p)
        del entry["text"], entry["twin"], entry["nets_text"]
        entry.update(file=f"{p.framework}/{p.name}.py", label=outcome, observed=observed,
                     hazard_file=f"{p.framework}/{p.nets or p.name}.py",
                     hazard_lines=[p.hazard_lines[0] + shift, p.hazard_lines[1] + shift])
        index.append(entry)
    index.sort(key=lambda e: e["file"])
    (STORE / "labels.json").write_text(json.dumps(index, indent=1) + "\n")
    print(f"{len(index)} programs labelled: {dict(collections.Counter(e['label'] for e in index))}")


# --- measuring acclint on the stored set --------------------------------------------------------

OWNED = ("ACC1", "ACC2", "ACC3", "ACC4")


def load_index() -> list[dict]:
    return json.loads((STORE / "labels.json").read_text())


def predictions(index: list[dict]) -> dict[str, tuple[bool, bool]]:
    """Per program: (an ACC1-ACC4 finding on the hazard's lines, one elsewhere in its files). A
    program with a sibling module is linted with it, as one project."""
    from acclint.api import lint_paths, lint_text

    out = {}
    for entry in index:
        path, hazard_path = STORE / entry["file"], STORE / entry.get("hazard_file", entry["file"])
        if hazard_path == path:
            found = lint_text(path.read_text(), str(path)).findings
        else:
            found = lint_paths([path, hazard_path])
        findings = [f for f in found if f.code.startswith(OWNED)]
        start, end = entry["hazard_lines"]
        on = [Path(f.path) == hazard_path and start <= f.line <= end for f in findings]
        out[entry["file"]] = (any(on), not all(on))
    return out


def score(index: list[dict], predicted: dict[str, tuple[bool, bool]], key=lambda e: "all") -> dict[str, dict]:
    """Recall and precision per group; `break` programs are counted apart (`breaks_flagged`)."""
    table = collections.defaultdict(lambda: collections.Counter())
    for entry in index:
        on, off = predicted[entry["file"]]
        row = table[key(entry)]
        if entry["label"] == "break":
            row["breaks"] += 1
            row["breaks_flagged"] += on or off
            continue
        if entry["label"] in HAZARD_LABELS:
            row["hazards"] += 1
            row["tp"] += on
            row["fp"] += off and not on
        else:
            row["fine"] += 1
            row["fp"] += on or off
    return {k: dict(v) for k, v in sorted(table.items())}


def summary(row: dict) -> str:
    tp, fp, hazards = row.get("tp", 0), row.get("fp", 0), row.get("hazards", 0)
    recall = f"{tp}/{hazards}" if hazards else "-"
    precision = f"{tp}/{tp + fp}" if tp + fp else "-"
    breaks = f"{row.get('breaks_flagged', 0)}/{row['breaks']}" if row.get("breaks") else "-"
    return f"recall {recall:>8}  precision {precision:>8}  fine {row.get('fine', 0):>3}  breaks flagged {breaks}"


def measure(by: str) -> None:
    index = load_index()
    predicted = predictions(index)
    keys = {"all": lambda e: "all", "framework": lambda e: e["framework"], "context": lambda e: e["context"],
            "hazard": lambda e: e["hazard"]}
    for name in ["all"] + ([by] if by in keys and by != "all" else []):
        for group, row in score(index, predicted, keys[name]).items():
            print(f"{group:32} {summary(row)}")
    if by == "misses":
        for entry in index:
            on, off = predicted[entry["file"]]
            hazard = entry["label"] in HAZARD_LABELS
            if (hazard and not on) or (not hazard and entry["label"] != "break" and (on or off)) or (hazard and off and not on):
                print(("MISS " if hazard else "FALSE ") + entry["file"], "-", entry["label"], entry["observed"])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate")
    gen.add_argument("--tf-python")
    gen.add_argument("--torch-python")
    meas = sub.add_parser("measure")
    meas.add_argument("--by", default="framework", choices=["all", "framework", "context", "hazard", "misses"])
    args = parser.parse_args(argv)
    if args.command == "generate":
        pythons = {k: v for k, v in (("tf", args.tf_python), ("torch", args.torch_python)) if v}
        generate(pythons)
    else:
        measure(args.by)


if __name__ == "__main__":
    main()
