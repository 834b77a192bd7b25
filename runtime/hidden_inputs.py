"""ACC6 in check mode: which module globals, read by an accelerated function, changed since its
trace was built (the trace replays the values they had then).

When ``check_mode="tolerance"`` builds a trace, ``snapshot`` keeps the module globals that the
function's own code reads (names it also assigns are ACC4's finding, not ACC6's) and are data,
not modules, classes or functions. When a later check sees the replay differ from a fresh run,
``changed`` names those rebound since, or whose contents (arrays, dlarrays, lists, tuples,
dicts of them) differ; ``AcceleratedFunction`` records each as an ACC6 hazard at its read.

Not seen: globals read by functions the accelerated function calls, attributes of objects
mutated in place (other than the containers above), and closure variables.
"""

import dis
import inspect
import types

import numpy as np

from .dlarray import dlarray

_READS = ("LOAD_GLOBAL", "LOAD_NAME")
_WRITES = ("STORE_GLOBAL", "DELETE_GLOBAL")


def snapshot(fun):
    """``{name: (filename, line, value, contents)}`` for the data globals ``fun`` reads."""
    code = getattr(inspect.unwrap(fun), "__code__", None)
    namespace = getattr(inspect.unwrap(fun), "__globals__", None)
    if code is None or namespace is None:
        return {}
    reads, writes = {}, set()
    _scan(code, reads, writes)
    kept = {}
    for name, (filename, line) in reads.items():
        value = namespace.get(name, namespace)
        if name in writes or value is namespace or _is_code(value):
            continue
        kept[name] = (filename, line, value, _contents(value))
    return kept


def changed(kept, fun):
    """The entries of ``kept`` (a ``snapshot``) whose global was rebound or changed since."""
    namespace = inspect.unwrap(fun).__globals__
    found = []
    for name, (filename, line, value, contents) in kept.items():
        now = namespace.get(name, namespace)
        if now is not value or _contents(now) != contents:
            found.append((name, filename, line))
    return found


def _scan(code, reads, writes):
    """Collect the global names ``code`` and the code nested in it read (first line) and write."""
    for instruction in dis.get_instructions(code):
        if instruction.opname in _READS:
            line = instruction.positions.lineno or code.co_firstlineno
            reads.setdefault(instruction.argval, (code.co_filename, line))
        elif instruction.opname in _WRITES:
            writes.add(instruction.argval)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            _scan(constant, reads, writes)


def _is_code(value):
    return callable(value) or isinstance(value, types.ModuleType)


def _contents(value):
    """A comparable copy of what ``value`` holds (its identity for objects not listed)."""
    if isinstance(value, dlarray):
        value = value._data
    if isinstance(value, (int, float, complex, str, bytes, bool, type(None))):
        return value
    if isinstance(value, (list, tuple)):
        return type(value), tuple(_contents(v) for v in value)
    if isinstance(value, dict):
        return dict, tuple((k, _contents(v)) for k, v in value.items())
    if hasattr(value, "__array__") and hasattr(value, "dtype"):
        array = np.asarray(value)
        return "array", array.shape, array.dtype.str, array.tobytes()
    return "object", id(value)
