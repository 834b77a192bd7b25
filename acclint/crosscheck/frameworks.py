"""What the cross-check needs to run TensorFlow and torch fixtures (``tf_*.py``, ``torch_*.py``).

Each is loaded only where its fixtures are: the linter never imports these frameworks, and the
cross-check of the JAX and runtime fixtures runs without them (``fixture_set`` skips a module
whose framework is not installed, and says so).

* Inputs: a fixture module's ``AS_TENSOR`` (``tf.constant``, ``torch.from_numpy``) turns every
  array the harness draws into the framework's tensor; outputs come back as NumPy arrays.
* Errors while tracing: TensorFlow's ``OperatorNotAllowedInGraphError`` (a truth test of a
  symbolic tensor) is ACC2, a symbolic tensor's missing ``.numpy()``/``.item()`` or a NumPy
  conversion of it is ACC3; torch.func.vmap's data-dependent control flow is ACC2, its
  ``.item()`` and data access ACC3, as is ``numpy()`` of a tensor torch.func.grad tracks.
* AutoGraph runs a converted copy of each function from a generated file: its lines are mapped
  back to the fixture's (:data:`acclint.crosscheck.observe.GENERATED`), so effects there count
  at the fixture line, and ``converted_call`` only forwards calls.
* ``torch.jit.trace``'s ``TracerWarning`` names what it baked: a Python boolean (ACC2) or a
  Python number, list or NumPy array (ACC3), at the innermost fixture line warning.
* ``torch.compile`` graph breaks, from ``torch._dynamo.explain`` on the compiled function with
  the first inputs, each at its fixture line: a branch on a tensor is ACC2, any other call
  Dynamo cannot trace (``print``, logging, a clock) ACC4 (a performance finding: the result is
  right, which the output comparison confirms). ``.item()``/``.tolist()`` and clock-read breaks
  are evidence of nothing: they run eagerly and their values are the eager ones, a new time per
  call (no ACC3, no ACC404 under torch.compile).
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import traceback
import warnings
from contextlib import contextmanager
from types import ModuleType
from typing import Any, Iterator

import numpy as np

from acclint.crosscheck import observe
from acclint.crosscheck.evidence import Evidence

# Fixture style -> the package it needs (the extra that installs it: `acclint[tf]`, `acclint[torch]`).
PACKAGES = {"tf": ("tensorflow", "tf"), "torch": ("torch", "torch")}

_TF_ERRORS = (
    ("OperatorNotAllowedInGraphError", None, "ACC2"),
    ("AttributeError", "'SymbolicTensor' object has no attribute", "ACC3"),
    ("NotImplementedError", "Cannot convert a symbolic", "ACC3"),
    ("RuntimeError", "data-dependent control flow", "ACC2"),
    ("RuntimeError", "calling .item() on a Tensor", "ACC3"),
    ("RuntimeError", "Can't call numpy() on Tensor that requires grad", "ACC3"),
    ("RuntimeError", "Cannot access data pointer of Tensor that doesn't have storage", "ACC3"),
)
_BAKED = (("Python boolean", "ACC2"), ("Python number", "ACC3"), ("Python float", "ACC3"),
          ("Python integer", "ACC3"), ("Python list", "ACC3"), ("NumPy array", "ACC3"))
# A break's family by its reason (None: no hazard, a host conversion or a clock read run eagerly
# at the break: benchmarks/framework_runs.py compile_item, compile_clock_reads); any other call
# Dynamo cannot trace (print, logging) is a host effect.
_BREAKS = (("generic_jump", "ACC2"), ("Data-dependent", "ACC2"), ("Tensor.item()", None),
           ("Tensor.tolist()", None), ("the builtin `time.", None), ("datetime.datetime'>) now", None))


def missing_framework(style: str) -> str | None:
    """Why fixtures of `style` cannot run here, or None."""
    package, extra = PACKAGES.get(style, (None, None))
    if package is None or importlib.util.find_spec(package) is not None:
        return None
    return f"{package} is not installed (pip install 'acclint[{extra}]')"


def install() -> None:
    """Map AutoGraph's converted code back to fixture lines, once TensorFlow is loaded."""
    if "tensorflow" not in sys.modules:
        return
    from tensorflow.python.autograph.impl import api  # noqa: PLC0415 (only with TF fixtures)

    if getattr(api._convert_actual, "_acclint_mapped", False):
        return
    original = api._convert_actual

    def mapped(entity, program_ctx):
        converted = original(entity, program_ctx)
        lines = observe.GENERATED.setdefault(converted.__code__.co_filename, {})
        for generated, origin in converted.ag_source_map.items():
            lines[generated.lineno] = (origin.loc.filename, origin.loc.lineno)
        return converted

    mapped._acclint_mapped = True  # type: ignore[attr-defined]
    api._convert_actual = mapped
    observe.FORWARDING.append(os.path.dirname(api.__file__).rsplit(os.sep, 1)[0] + os.sep)


def as_tensors(value: Any, module: ModuleType) -> Any:
    """`value` with every array leaf made a tensor by the module's `AS_TENSOR`, if it has one."""
    convert = getattr(module, "AS_TENSOR", None)
    if convert is None:
        return value
    if isinstance(value, (tuple, list)):
        return type(value)(as_tensors(item, module) for item in value)
    if isinstance(value, dict):
        return {k: as_tensors(v, module) for k, v in value.items()}
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        return convert(np.array(value))
    return value


def to_host(value: Any) -> Any:
    """Tensors of the frameworks (in tuples, lists, dicts) as NumPy arrays."""
    if isinstance(value, (tuple, list)):
        return type(value)(to_host(item) for item in value)
    if isinstance(value, dict):
        return {k: to_host(v) for k, v in value.items()}
    if type(value).__module__.startswith(("tensorflow", "torch")):
        return np.asarray(value.detach() if hasattr(value, "detach") else value)
    return value


def error_family(error: BaseException) -> str | None:
    """The family of an error a framework raised while tracing, or None."""
    text = str(error)
    for name, marker, family in _TF_ERRORS:
        if type(error).__name__ == name and (marker is None or marker in text):
            return family
    return None


def fixture_line(error: BaseException, fixture_files: set[str]) -> tuple[str | None, int | None]:
    """The innermost fixture line of `error`'s traceback, through AutoGraph's generated code."""
    found: tuple[str | None, int | None] = (None, None)
    for frame, lineno in traceback.walk_tb(error.__traceback__):
        filename = frame.f_code.co_filename
        where = (filename, lineno) if filename in fixture_files else observe.GENERATED.get(filename, {}).get(lineno)
        if where is not None and where[0] in fixture_files:
            found = where
    return found


@contextmanager
def baked_warnings(fixture_files: set[str]) -> Iterator[list[Evidence]]:
    """Evidence from torch.jit.trace's TracerWarnings shown while the block runs."""
    found: list[Evidence] = []
    if "torch" not in sys.modules:
        yield found
        return
    from torch.jit import TracerWarning  # noqa: PLC0415

    previous = warnings.showwarning

    def record(message, category, filename, lineno, file=None, line=None):
        if not issubclass(category, TracerWarning):
            return previous(message, category, filename, lineno, file, line)
        family = next((fam for text, fam in _BAKED if text in str(message)), None)
        where = next(((f.filename, f.lineno) for f in reversed(traceback.extract_stack()) if f.filename in fixture_files), None)
        if family is not None and where is not None:
            found.append(Evidence(family, *where, f"TracerWarning: {str(message).splitlines()[0][:60]}"))
        return None

    with warnings.catch_warnings():
        warnings.simplefilter("always", TracerWarning)
        warnings.showwarning = record
        try:
            yield found
        finally:
            warnings.showwarning = previous


def graph_breaks(entry: Any, args: tuple[Any, ...], kwargs: dict[str, Any], fixture_files: set[str]) -> list[Evidence]:
    """torch.compile graph breaks of `entry` (a compiled function) on these inputs."""
    original = getattr(entry, "_torchdynamo_orig_callable", None)
    if original is None or "torch" not in sys.modules:
        return []
    import torch._dynamo  # noqa: PLC0415

    with open(os.devnull, "w") as sink, _quiet(sink):
        explained = torch._dynamo.explain(original)(*args, **kwargs)
    found = []
    for reason in explained.break_reasons:
        family = next((fam for text, fam in _BREAKS if text in reason.reason), "ACC4")
        where = next(((f.filename, f.lineno) for f in reversed(reason.user_stack) if f.filename in fixture_files), None)
        if where is not None and family is not None:
            text = re.sub(r"\s+", " ", reason.reason)[:60]
            found.append(Evidence(family, *where, f"graph break: {text}"))
    return found


@contextmanager
def _quiet(sink) -> Iterator[None]:
    """`explain` runs the function again: its prints are not the case's effects."""
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = sink
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        sys.stdout, sys.stderr = saved
