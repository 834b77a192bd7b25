"""What AutoGraph's conversion changes, what Keras 3 cannot iterate, and what torch.jit.trace
bakes of a length (ACC205-ACC208, ACC302's `len`): several spellings of each hazard and a
look-alike that is fine, linted; and, where TensorFlow or torch is installed, each spelling run
to show the framework does what the finding says (the facts are benchmarks/framework_runs.py's).
"""

from __future__ import annotations

import importlib.util
import itertools
import textwrap
import warnings

import pytest

from acclint.api import lint_text
from acclint.run.config import Settings

HAS_TF = importlib.util.find_spec("tensorflow") is not None
HAS_TORCH = importlib.util.find_spec("torch") is not None
needs_tf = pytest.mark.skipif(not HAS_TF, reason="tensorflow is not installed (pip install 'acclint[tf]')")
needs_torch = pytest.mark.skipif(not HAS_TORCH, reason="torch is not installed (CPU build: docs/crosscheck.md)")


def codes(source: str) -> list[str]:
    return [f.code for f in lint_text(textwrap.dedent(source), "m.py", Settings()).findings]


_MODULES = itertools.count()


def loaded(source: str, folder):
    """`source` imported from a file (AutoGraph and torch.jit read a function's source)."""
    name = f"converted_case_{next(_MODULES)}"
    path = folder / f"{name}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec.loader.exec_module(module)
    return module


# Each: the body of `f(n)` under @tf.function (n: an int32 scalar tensor), the code expected
# ("" for a look-alike), and what running it shows: "error" or "wrong" (differs from eager).
TF_CASES = {
    "append in a for over tf.range": ("out = []\nfor i in tf.range(n):\n    out.append(i * 2)\nreturn tf.stack(out)", "ACC205", "error"),
    "append in a while on a tensor": ("out = []\ni = tf.constant(0)\nwhile i < n:\n    out.append(i)\n    i += 1\nreturn tf.stack(out)", "ACC205", "error"),
    "extend in a for over tf.range": ("out = []\nfor i in tf.range(n):\n    out.extend([i])\nreturn tf.stack(out)", "ACC205", "error"),
    "insert in a for over tf.range": ("out = []\nfor i in tf.range(n):\n    out.insert(0, i)\nreturn tf.stack(out)", "ACC205", "error"),
    "append in a for over range (unrolled)": ("out = []\nfor i in range(3):\n    out.append(n * i)\nreturn tf.stack(out)", "", "fine"),
    "list comprehension over tf.range": ("return tf.stack([b * 2 for b in tf.range(n)])", "ACC206", "error"),
    "generator over tf.range": ("return sum(b for b in tf.range(n))", "ACC206", "error"),
    "dict comprehension over tf.range": ("d = {0: b for b in tf.range(n)}\nreturn d[0]", "ACC206", "error"),
    "comprehension over tf.math.abs(n)": ("return tf.stack([b for b in tf.math.abs(tf.range(n))])", "ACC206", "error"),
    "comprehension over range (unrolled)": ("return tf.stack([n * b for b in range(3)])", "", "fine"),
    "for statement over tf.range (converted)": ("t = tf.constant(0)\nfor b in tf.range(n):\n    t += b\nreturn t", "", "fine"),
    "flag is False after a converted if": ("flag = False\nif n > 0:\n    flag = True\nif flag is False:\n    return n - 1\nreturn n + 1", "ACC208", "wrong"),
    "flag is True, assigned in else": ("flag = True\nif n > 0:\n    pass\nelse:\n    flag = False\nif flag is True:\n    return n - 1\nreturn n + 1", "ACC208", "wrong"),
    "False is flag": ("flag = False\nif n > 0:\n    flag = True\nif False is flag:\n    return n - 1\nreturn n + 1", "ACC208", "wrong"),
    "flag is not False after a converted if": ("flag = False\nif n > 0:\n    flag = True\nif flag is not False:\n    return n - 1\nreturn n + 1", "ACC208", "wrong"),
    "mode is None, no branch assigns it": ("mode = None\nflag = False\nif n > 0:\n    flag = True\nif mode is None:\n    return tf.where(flag, n, -n)\nreturn n", "", "fine"),
    "not flag (converted too)": ("flag = False\nif n > 0:\n    flag = True\nif not flag:\n    return n - 1\nreturn n + 1", "", "fine"),
    "flag == False (converted too)": ("flag = False\nif n > 0:\n    flag = True\nif flag == False:\n    return n - 1\nreturn n + 1", "", "fine"),
}


def _tf_source(body: str) -> str:
    return "import tensorflow as tf\n\n\n@tf.function\ndef f(n):\n" + textwrap.indent(body, "    ") + "\n"


@pytest.mark.parametrize("case", list(TF_CASES))
def test_tf_function_spellings(case):
    body, code, _ = TF_CASES[case]
    assert codes(_tf_source(body)) == ([code] if code else [])


@needs_tf
@pytest.mark.parametrize("case", list(TF_CASES))
def test_tf_function_spellings_run_as_the_findings_say(case, tmp_path):
    import tensorflow as tf

    body, _, outcome = TF_CASES[case]
    traced = loaded(_tf_source(body), tmp_path).f
    seen = set()
    for value in (3, -2):  # a positive and a negative `n`: each branch of the `if` cases
        try:
            eager = traced.python_function(tf.constant(value))
        except tf.errors.InvalidArgumentError:
            continue  # no eager result to compare with (`tf.range(-2)`)
        try:
            got = traced(tf.constant(value))
        except Exception:  # the framework's own error is the outcome
            seen.add("error")
            continue
        seen.add("fine" if bool(tf.reduce_all(tf.equal(got, eager))) else "wrong")
    worst = "error" if "error" in seen else "wrong" if "wrong" in seen else "fine"
    assert worst == outcome, (case, seen)


# Keras 3 (tf.keras on TF >= 2.16): `call` is traced without AutoGraph.
KERAS_CASES = {
    "for over keras.ops.arange": ("for _ in keras.ops.arange(3):\n    x = x + 1\nreturn x", ["ACC207"]),
    "for over tf.range": ("for _ in tf.range(3):\n    x = x + 1\nreturn x", ["ACC207"]),
    "for over an op of the input": ("t = x * 0\nfor row in tf.math.abs(x):\n    t = t + row\nreturn t", ["ACC207"]),
    "comprehension over tf.range": ("return x + tf.add_n([x * tf.cast(b, x.dtype) for b in tf.range(2)])", ["ACC206"]),
    "for over range (unrolled)": ("for _ in range(3):\n    x = x + 1\nreturn x", []),
}


def _keras_source(body: str) -> str:
    return "import keras\nimport tensorflow as tf\n\n\nclass Block(tf.keras.layers.Layer):\n    def call(self, x):\n" + textwrap.indent(body, "        ") + "\n"


@pytest.mark.parametrize("case", list(KERAS_CASES))
def test_keras_call_spellings(case):
    body, expected = KERAS_CASES[case]
    assert codes(_keras_source(body)) == expected


@needs_tf
@pytest.mark.parametrize("case", list(KERAS_CASES))
def test_keras_call_spellings_run_as_the_findings_say(case, tmp_path):
    import numpy as np
    import tensorflow as tf

    body, expected = KERAS_CASES[case]
    block = loaded(_keras_source(body), tmp_path).Block
    try:
        model = tf.keras.Sequential([tf.keras.Input((3,)), block()])
        model.compile(loss="mse", optimizer="sgd")
        model.fit(np.ones((4, 3)), np.ones((4, 3)), epochs=1, verbose=0)
    except tf.errors.OperatorNotAllowedInGraphError:
        assert expected, case
        return
    assert not expected, case


TRACE_CASES = {
    "len of the input": ("return x.sum(0) / len(x)", ["ACC302"]),
    "range(len(x))": ("t = x * 0\nfor i in range(len(x)):\n    t = t + x[i]\nreturn t", ["ACC302"]),
    "n = len(x)": ("n = len(x)\nreturn x * n", ["ACC302"]),
    "x.size(0) (recorded)": ("return x.sum(0) / x.size(0)", []),
    "len of a made tensor": ("return x * len(torch.ones(3))", []),
}


def _trace_source(body: str) -> str:
    return "import torch\n\n\ndef f(x):\n" + textwrap.indent(body, "    ") + "\n\n\ntraced = torch.jit.trace(f, (torch.ones(4, 3),))\n"


@pytest.mark.parametrize("case", list(TRACE_CASES))
def test_trace_len_spellings(case):
    body, expected = TRACE_CASES[case]
    assert codes(_trace_source(body)) == expected


def test_len_is_no_finding_under_jax_or_torch_compile():
    """A length is static under jax.jit and guarded by torch.compile: `len` is a size call only
    where the framework's data say so (torch_trace.toml `[conversions] sizes`)."""
    jax_source = "import jax\n\n@jax.jit\ndef f(x):\n    return x.sum(0) / len(x)\n"
    torch_source = "import torch\n\n@torch.compile\ndef f(x):\n    return x.sum(0) / len(x)\n"
    assert codes(jax_source) == [] and codes(torch_source) == []


@needs_torch
@pytest.mark.parametrize("case", list(TRACE_CASES))
def test_trace_len_spellings_run_as_the_findings_say(case, tmp_path):
    import torch

    body, expected = TRACE_CASES[case]
    module = loaded(_trace_source(body), tmp_path)
    bigger = torch.arange(24.0).reshape(8, 3)
    same = torch.equal(module.traced(bigger), module.f(bigger))
    assert same == (not expected), case
