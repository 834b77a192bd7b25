"""ACC209: a tf.Variable rebound in a branch AutoGraph converts (`v = v.assign(x)` under `if x > 0:`)
is a tensor after the `tf.cond`, so a variable's method on it raises AttributeError
(tensorflow/tensorflow#38555, benchmarks/reports/dev/tensorflow_38555_variable_rebound_in_converted_if.py;
runs: benchmarks/framework_runs.py tf_variable_method_after_converted_if and its look-alike). Four
spellings of the hazard and three look-alikes are linted and, where TensorFlow is installed, run."""

from __future__ import annotations

import importlib.util
import textwrap

import pytest

from acclint.api import lint_text
from acclint.run.config import Settings

HAS_TF = importlib.util.find_spec("tensorflow") is not None
needs_tf = pytest.mark.skipif(not HAS_TF, reason="tensorflow is not installed (pip install 'acclint[tf]')")

# The body of `f(v, x)` under @tf.function (v: a float tf.Variable, x: a float scalar tensor), and
# the line of the body the finding is on (None for a look-alike, which runs as eager does).
CASES = {
    "rebound in both branches, used on the loop's next pass": (
        "for _ in range(3):\n    if x > 0:\n        v = v.assign(x)\n    else:\n        v = v.assign(-x)\nreturn x", 2),
    "rebound in one branch, used after the if": ("if x > 0:\n    v = v.assign(x)\nv.assign_add(1.0)\nreturn x", 1),
    "used later in a Python while loop": (
        "n = 0\nwhile n < 2:\n    if x > 1:\n        v = v.assign_add(x)\n    n += 1\n    v.assign_sub(x)\nreturn x", 3),
    "read_value after an if/else": ("if x > 0:\n    v = v.assign_add(x)\nelse:\n    v = v.assign_sub(x)\nreturn v.read_value()", 1),
    "look-alike: the method without rebinding": (
        "for _ in range(3):\n    if x > 0:\n        v.assign_add(x)\n    else:\n        v.assign_sub(x)\nreturn v.read_value()", None),
    "look-alike: rebound outside any converted branch": ("v = v.assign(x)\nv.assign_add(1.0)\nreturn v.read_value()", None),
    "look-alike: rebound in the branch, not used as a variable after": ("if x > 0:\n    v = v.assign(x)\nreturn x * 2", None),
}


def _source(body: str) -> str:
    return "import tensorflow as tf\n\n\n@tf.function\ndef f(v, x):\n    x = x * 1.0\n" + textwrap.indent(body, "    ") + "\n"


@pytest.mark.parametrize("case", list(CASES))
def test_linted(case):
    body, line = CASES[case]
    found = [(f.line, f.code) for f in lint_text(_source(body), "m.py", Settings()).findings]
    assert found == ([(6 + line, "ACC209")] if line else [])


def test_only_where_the_branch_is_converted():
    """Under torch.compile an `if` on a tensor is a graph break, never a tf.cond: no ACC209."""
    source = _source(CASES["rebound in one branch, used after the if"][0]).replace("import tensorflow as tf", "import torch").replace("@tf.function", "@torch.compile")
    assert "ACC209" not in [f.code for f in lint_text(source, "m.py", Settings()).findings]


@needs_tf
@pytest.mark.parametrize("case", list(CASES))
def test_run_as_the_finding_says(case, tmp_path):
    import importlib
    import sys

    import tensorflow as tf

    body, line = CASES[case]
    path = tmp_path / f"acc209_{abs(hash(case))}.py"
    path.write_text(_source(body))  # AutoGraph reads the function's source
    sys.path.insert(0, str(tmp_path))
    try:
        f = importlib.import_module(path.stem).f
    finally:
        sys.path.remove(str(tmp_path))
    f.python_function(tf.Variable(0.0), tf.constant(2.0))  # eager runs
    if line is None:
        f(tf.Variable(0.0), tf.constant(2.0))
    else:
        with pytest.raises(AttributeError):
            f(tf.Variable(0.0), tf.constant(2.0))


def test_the_report_is_found_on_its_label():
    """The report the hazard came from (dev half of the reports corpus), linted as a file."""
    from pathlib import Path

    path = Path(__file__).parent.parent / "benchmarks/reports/dev/tensorflow_38555_variable_rebound_in_converted_if.py"
    text = path.read_text()
    label = next(i for i, line in enumerate(text.splitlines(), 1) if "# label: ACC2" in line)
    assert [(f.line, f.code) for f in lint_text(text, str(path), Settings()).findings] == [(label, "ACC209")]
