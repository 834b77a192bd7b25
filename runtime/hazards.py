"""The hazard recorder: what a trace build (or a differentiated run) did that MATLAB bakes in.

This is the ground truth the linter's rules are cross-checked against, so every hazard names
the rule family it belongs to (docs/codes.md) and the user line that caused it.

Recorder API
------------
``AcceleratedFunction.hazards``
    Hazards observed while that function's traces were built (all four families), plus, in
    ``check_mode="tolerance"``, ACC6 for module globals changed since a build (see
    ``hidden_inputs``), in the order seen, one per (family, file, line). ``clear_cache()``
    forgets them. A harness builds a trace by calling the function once (after
    ``clear_cache()`` to force a build) and then reads ``.hazards``::

        acc = dlaccelerate(fun)
        acc.clear_cache()
        acc(*inputs)              # builds the trace; hazards are recorded now
        for h in acc.hazards:     # Hazard(family="ACC2", filename=..., lineno=..., message=...)
            ...

``record_hazards(strict=False)``
    Context manager yielding a ``HazardLog`` that collects, in this thread, everything above
    from every trace build in the block, plus ACC3 host conversions of values being
    differentiated by ``dlfeval`` (``extractdata``, ``float``, ``int``, ``complex``,
    ``.item()``, ``.tolist()``, ``numpy.asarray``)::

        with record_hazards() as log:
            dlfeval(loss_fn, x)
        log.hazards               # list of Hazard

Strict mode (``dlaccelerate(fun, strict=True)``, ``acc.strict = True`` or
``record_hazards(strict=True)``) raises ``AccelerationHazardError`` (its ``.hazard`` says what
and where) from the offending line instead of letting the value be baked in; the failed build
leaves no cache entry.

What is observed, and how
-------------------------
Only while a trace is built (ACC1, ACC2, ACC4) or, for ACC3, also inside ``dlfeval``:

- ACC1: a call of a ``numpy.random`` module function (NumPy's global generator); a draw from
  a NumPy ``Generator``/``RandomState`` found in the globals, closures or locals of user
  frames, seen as a change of its state between two executed user lines; a draw from the
  stdlib ``random`` module (its functions and ``random.Random`` methods); the runtime's
  ``rand``/``randn``/``randi`` without ``like=`` a traced value.
- ACC2: a truth test (``__bool__``) of a traced dlarray.
- ACC3: ``extractdata``/``float``/``int``/``complex``/``.item()``/``.tolist()``/
  ``numpy.asarray``/use as an index of a traced dlarray.
- ACC4: ``print``, ``sys.stdout``/``sys.stderr`` writes and ``pprint``; file and OS I/O (audit
  events such as ``open``, ``os.remove``; calls of file-object methods); ``logging`` calls;
  clock reads (``time.time`` and friends, ``datetime.now``); executing a line that assigns a
  ``global`` or ``nonlocal`` name; ``append``/``update``/... on a list, dict or set held in a
  module global or a closure variable; ``matplotlib.pyplot`` calls.

The tools are a per-thread ``sys.settrace`` and ``sys.setprofile`` hook installed only for the
duration of a trace build (the previous hooks are restored afterwards, so other threads are
never affected), wrappers of the ``numpy.random`` module functions installed while any
thread builds (they report only for the building thread), and one process-wide audit hook
that does nothing unless the calling thread is building a trace.

Sharp edges: a hazard is attributed to the innermost frame of *user code*, walking out from
where it happened past library frames (the standard library and site-packages); events that
originate inside the runtime, inside JAX/jaxlib (the runtime's engine: compilation logs,
clocks, cache files) or in imports are ignored, so user code installed into site-packages is
invisible. A generator draw is attributed to the last user line executed before its state
change was noticed; a draw by *another* thread from a generator the build watches is
attributed to the build, and a legacy ``RandomState`` normal draw served from its cached
second value goes unseen. ``numpy.random`` functions imported by name before the build
(``from numpy.random import rand``) are not seen. Mutation through item assignment
(``outer[k] = v``) and of containers passed in as arguments is not detected.
"""

import dis
import io
import os
import random as _stdlib_random
import sys
import sysconfig
import threading
import time as _time
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from .state import STATE


@dataclass(frozen=True)
class Hazard:
    """One observed hazard: its rule family (docs/codes.md: ``"ACC1"``..``"ACC4"``, or ``"ACC6"`` from a
    check-mode difference) and user location."""

    family: str
    filename: str
    lineno: int
    message: str


class AccelerationHazardError(RuntimeError):
    """Raised in strict mode at the line that would have been baked into a trace."""

    def __init__(self, hazard):
        super().__init__(f"{hazard.family} at {hazard.filename}:{hazard.lineno}: {hazard.message}")
        self.hazard = hazard


class HazardLog:
    """A thread-safe, de-duplicated list of hazards (one per family, file and line)."""

    def __init__(self, strict=False):
        self.strict = strict
        self._hazards = []
        self._seen = set()
        self._lock = threading.Lock()

    @property
    def hazards(self):
        with self._lock:
            return list(self._hazards)

    def add(self, hazard):
        key = (hazard.family, hazard.filename, hazard.lineno)
        with self._lock:
            if key not in self._seen:
                self._seen.add(key)
                self._hazards.append(hazard)

    def extend(self, hazards):
        for hazard in hazards:
            self.add(hazard)

    def clear(self):
        with self._lock:
            self._hazards.clear()
            self._seen.clear()


@contextmanager
def record_hazards(strict=False):
    """Collect hazards observed in this thread inside the block; yields a ``HazardLog``."""
    log = HazardLog(strict)
    previous = STATE.sinks
    STATE.sinks = previous + (log,)
    try:
        yield log
    finally:
        STATE.sinks = previous


@contextmanager
def suspended():
    """Observe nothing in this thread inside the block (used for check-mode reruns)."""
    previous = STATE.sinks
    STATE.sinks = ()
    try:
        yield
    finally:
        STATE.sinks = previous


# --- where did it happen ------------------------------------------------------------------
def _package_dir(name):
    module = __import__(name)
    return os.path.dirname(os.path.abspath(module.__file__)) + os.sep


# JAX and jaxlib do the runtime's work: what happens inside them (compilation, its logging,
# clocks and cache files) is never the user's hazard, even when user code calls JAX directly.
_RUNTIME_DIRS = (os.path.dirname(os.path.abspath(__file__)) + os.sep, _package_dir("jax"),
                 _package_dir("jaxlib"))
_LIBRARY_DIRS = tuple(sorted({
    os.path.abspath(p) + os.sep
    for key in ("stdlib", "platstdlib", "purelib", "platlib")
    if (p := sysconfig.get_paths().get(key))
} | {os.path.dirname(os.path.abspath(os.__file__)) + os.sep}))
_kinds = {}


def _kind(filename):
    kind = _kinds.get(filename)
    if kind is None:
        path = os.path.abspath(filename) if not filename.startswith("<") else filename
        if path.startswith(_RUNTIME_DIRS):
            kind = "runtime"
        elif filename.startswith("<frozen importlib"):
            kind = "import"
        elif filename.startswith("<frozen") or path.startswith(_LIBRARY_DIRS):
            kind = "library"
        else:
            kind = "user"
        _kinds[filename] = kind
    return kind


def _locate(frame, from_runtime):
    """(filename, lineno) of the user frame responsible for an event at ``frame``, or None.

    ``from_runtime``: the event was reported by the runtime itself (a dlarray method, ``rand``),
    so the runtime frames innermost on the stack are skipped. Otherwise reaching a runtime
    frame means the event came from the runtime's own work and is ignored.
    """
    if from_runtime:
        while frame is not None and _kind(frame.f_code.co_filename) == "runtime":
            frame = frame.f_back
    while frame is not None:
        kind = _kind(frame.f_code.co_filename)
        if kind == "user":
            return frame.f_code.co_filename, frame.f_lineno
        if kind != "library":
            return None
        frame = frame.f_back
    return None


def _emit(hazard):
    sinks = STATE.sinks
    for sink in sinks:
        sink.add(hazard)
    if any(sink.strict for sink in sinks):
        raise AccelerationHazardError(hazard)


def _report(family, message, frame, from_runtime):
    """Record a hazard observed at ``frame``, located with ``_locate``."""
    location = _locate(frame, from_runtime)
    if location is not None:
        _emit(Hazard(family, location[0], location[1], message))


# --- reports from the runtime's own functions ---------------------------------------------
def _traced_in_build(x):
    rec = x._rec
    return rec is not None and rec[0] is STATE.recording


def _traced_in_dlfeval(x):
    grad = x._grad
    return grad is not None and grad.tape is STATE.tape


def truth_test(x):
    """``bool(x)`` of a dlarray: ACC2 if ``x`` is traced by the trace being built."""
    if STATE.sinks and _traced_in_build(x):
        _report("ACC2", "truth test of a traced dlarray picks one branch when the trace is "
                "built and replays it forever; use where(cond, a, b)", sys._getframe(1), True)


def host_conversion(x, what):
    """``extractdata``/``float``/... of a dlarray: ACC3 if ``x`` is traced."""
    if not STATE.sinks:
        return
    if _traced_in_build(x):
        message = (f"{what} of a traced dlarray reads its value when the trace is built; the "
                   "value is a constant in every replay and carries no derivative")
    elif _traced_in_dlfeval(x):
        message = (f"{what} of a dlarray being differentiated by dlfeval leaves the derivative "
                   "trace; gradients do not flow through the result")
    else:
        return
    _report("ACC3", message, sys._getframe(1), True)


def unkeyed_draw(name):
    """``rand``/``randn``/``randi`` without a traced ``like``: ACC1 in a trace build."""
    if STATE.sinks and STATE.recording is not None:
        _report("ACC1", f"{name} without like= a traced dlarray draws once when the trace is "
                "built and replays the same numbers; pass like=x", sys._getframe(1), True)


# --- observation of arbitrary user code during a trace build ------------------------------
_CLOCKS = {getattr(_time, name): f"time.{name}()"
           for name in ("time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic",
                        "monotonic_ns", "process_time", "process_time_ns", "thread_time")}
_NOW = {"now", "utcnow", "today"}
_IO_METHODS = {"write", "writelines", "read", "readline", "readlines", "flush", "truncate"}
_MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault",
             "popitem", "add", "discard", "sort", "reverse", "appendleft", "extendleft"}
_CONTAINERS = (list, dict, set, bytearray)
_STD_STREAM_NAMES = ("stdout", "stderr", "__stdout__", "__stderr__")
_ModuleType = type(os)
_IO_EVENTS = ("open", "os.", "shutil.", "socket.", "subprocess.", "tempfile.", "sqlite3.connect")
_IGNORED_IO_EVENTS = {"os.listdir", "os.scandir", "os.walk", "os.chdir", "os.getcwd"}
_RANDOM_FILE = os.path.abspath(_stdlib_random.__file__)
_GENERATORS = (np.random.Generator, np.random.RandomState)


def _module_file_kinds():
    """Python-level modules whose functions are hazards when called (by file)."""
    kinds = {_RANDOM_FILE: ("ACC1", "a draw from the random module is baked into the trace "
                            "as a constant; use rand(..., like=x) with x traced")}
    import logging
    import pprint
    for module, message in ((logging, "logging runs only when the trace is built, not on "
                             "cached calls; log outside the accelerated function"),
                            (pprint, "pprint runs only when the trace is built, not on cached "
                             "calls; print outside the accelerated function")):
        path = os.path.abspath(module.__file__)
        key = os.path.dirname(path) if path.endswith("__init__.py") else path
        kinds[key] = ("ACC4", message)
    return kinds


_PY_KINDS = _module_file_kinds()


def _python_call_kind(filename):
    found = _PY_KINDS.get(filename)
    if found is None and filename.endswith(".py"):
        found = _PY_KINDS.get(os.path.dirname(filename))
        if found is None and os.sep + "matplotlib" + os.sep + "pyplot.py" in filename:
            found = ("ACC4", "plotting runs only when the trace is built, not on cached calls")
    return found


def _store_lines(code):
    """Lines of ``code`` that assign a global or nonlocal name: {line: name}."""
    lines = {}
    for instr in dis.get_instructions(code):
        if instr.opname == "STORE_GLOBAL" or (
                instr.opname == "STORE_DEREF" and instr.argval in code.co_freevars):
            line = instr.positions.lineno if instr.positions else None
            if line is not None:
                lines.setdefault(line, instr.argval)
    return lines


def _fingerprint(generator):
    state = (generator.get_state(legacy=False) if isinstance(generator, np.random.RandomState)
             else generator.bit_generator.state)
    return _freeze(state)


def _freeze(value):
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in value.items())
    if isinstance(value, np.ndarray):
        return value.tobytes()
    return value


class _GlobalNumpyRandom:
    """Wraps the ``numpy.random`` module functions while any thread builds a trace.

    NumPy's global generator is shared by all threads, so its state cannot tell which thread
    drew; the wrappers report only draws made by a thread that is building a trace. They are
    installed when the first build starts and removed when the last one ends. A function
    imported by name before the build (``from numpy.random import rand``) is not wrapped.
    """

    def __init__(self):
        self._lock = threading.Lock()
        self._users = 0
        self._originals = {}

    def __enter__(self):
        with self._lock:
            if self._users == 0:
                shared = np.random.mtrand._rand
                self._originals = {name: value for name, value in vars(np.random).items()
                                   if getattr(value, "__self__", None) is shared}
                for name, method in self._originals.items():
                    setattr(np.random, name, _reporting_draw(name, method))
            self._users += 1

    def __exit__(self, *exc):
        with self._lock:
            self._users -= 1
            if self._users == 0:
                for name, method in self._originals.items():
                    setattr(np.random, name, method)


def _reporting_draw(name, method):
    def draw(*args, **kwargs):
        if STATE.observer is not None:
            _report("ACC1", f"numpy.random.{name} draws once when the trace is built and the "
                    "numbers are baked in as a constant; use rand(..., like=x) with x traced",
                    sys._getframe(1), False)
        return method(*args, **kwargs)

    draw.__name__ = draw.__qualname__ = name
    draw.__doc__ = method.__doc__
    draw.__wrapped__ = method
    return draw


_GLOBAL_NUMPY_RANDOM = _GlobalNumpyRandom()


class _Observer:
    """Per-build state of the trace and profile hooks (one thread, one build)."""

    def __init__(self):
        self.store_lines = {}
        self.generators = {}  # id -> [generator, fingerprint]
        self.scanned_globals = set()
        self.last_line = None  # the most recent user frame and its line

    def watch(self, generator):
        if id(generator) not in self.generators:
            self.generators[id(generator)] = [generator, _fingerprint(generator)]

    def scan(self, namespace):
        shared = np.random.mtrand._rand
        for value in namespace.values():
            if value is not shared and isinstance(value, _GENERATORS):
                self.watch(value)

    def check_generators(self):
        for entry in self.generators.values():
            now = _fingerprint(entry[0])
            if now != entry[1]:
                entry[1] = now
                if self.last_line is not None:
                    frame, lineno = self.last_line
                    _report_at(frame, lineno, "ACC1", "a draw from a NumPy random generator "
                               "is baked into the trace as a constant; use rand(..., like=x) "
                               "with x traced, or jax.random with a key argument")

    # sys.settrace: Python-level calls and user lines
    def trace(self, frame, event, arg):
        code = frame.f_code
        kind = _kind(code.co_filename)
        if kind == "user":
            if id(frame.f_globals) not in self.scanned_globals:
                self.scanned_globals.add(id(frame.f_globals))
                self.scan(frame.f_globals)
            return self.trace_line
        if kind == "library":
            found = _python_call_kind(code.co_filename)
            if found is not None:
                _report(found[0], found[1], frame, False)
        return None

    def trace_line(self, frame, event, arg):
        if event == "line" or event == "return":
            self.scan(frame.f_locals)
            self.check_generators()
            if event == "line":
                self.last_line = (frame, frame.f_lineno)
                code = frame.f_code
                lines = self.store_lines.get(code)
                if lines is None:
                    lines = self.store_lines[code] = _store_lines(code)
                name = lines.get(frame.f_lineno)
                if name is not None:
                    _report_at(frame, frame.f_lineno, "ACC4", f"assignment to global or "
                               f"nonlocal {name!r} happens only when the trace is built")
        return self.trace_line

    # sys.setprofile: calls of C functions
    def profile(self, frame, event, arg):
        if event != "c_call":
            return
        if arg is print:
            _report("ACC4", "print runs only when the trace is built, not on cached calls; "
                    "print outside the accelerated function", frame, False)
            return
        clock = _CLOCKS.get(arg)
        if clock is not None:
            _report("ACC4", f"{clock} is read once when the trace is built and replayed as a "
                    "constant", frame, False)
            return
        owner = getattr(arg, "__self__", None)
        if owner is None or type(owner) is _ModuleType:
            return
        name = getattr(arg, "__name__", "")
        if isinstance(owner, _stdlib_random.Random):
            _report("ACC1", "a draw from the random module is baked into the trace as a "
                    "constant; use rand(..., like=x) with x traced", frame, False)
        elif name in _IO_METHODS and isinstance(owner, io.IOBase):
            stream = next((n for n in _STD_STREAM_NAMES if getattr(sys, n, None) is owner), None)
            what = f"sys.{stream}.{name}" if stream else f"file {name}"
            _report("ACC4", f"{what} runs only when the trace is built, not on cached calls",
                    frame, False)
        elif name in _NOW and owner.__class__ is type and owner.__module__ == "datetime":
            _report("ACC4", f"{owner.__name__}.{name}() is read once when the trace is built "
                    "and replayed as a constant", frame, False)
        elif name in _MUTATORS and isinstance(owner, _CONTAINERS) and _is_outer(owner, frame):
            _report("ACC4", f"{name}() on a container defined outside the function happens "
                    "only when the trace is built", frame, False)


def _is_outer(container, frame):
    if _kind(frame.f_code.co_filename) != "user":
        return False
    if any(value is container for value in frame.f_globals.values()):
        return True
    free = frame.f_code.co_freevars
    return bool(free) and any(frame.f_locals.get(n) is container for n in free)


def _report_at(frame, lineno, family, message):
    """Record a hazard at ``lineno`` of the user frame ``frame``."""
    _emit(Hazard(family, frame.f_code.co_filename, lineno, message))


def _audit(event, args):
    if STATE.observer is None:
        return
    if event in _IGNORED_IO_EVENTS or not event.startswith(_IO_EVENTS):
        return
    _report("ACC4", f"I/O ({event}) happens only when the trace is built, not on cached calls",
            sys._getframe(1), False)


_audit_lock = threading.Lock()
_audit_installed = False


@contextmanager
def observing(log):
    """Observe this thread's trace build into ``log`` (and any ``record_hazards`` logs).

    Installs this thread's trace and profile hooks (restoring the previous ones afterwards)
    and, once per process, the audit hook.
    """
    global _audit_installed
    with _audit_lock:
        if not _audit_installed:
            sys.addaudithook(_audit)
            _audit_installed = True
    observer = _Observer()
    previous_sinks, previous_observer = STATE.sinks, STATE.observer
    previous_trace, previous_profile = sys.gettrace(), sys.getprofile()
    STATE.sinks = previous_sinks + (log,)
    STATE.observer = observer
    with _GLOBAL_NUMPY_RANDOM:
        sys.settrace(observer.trace)
        sys.setprofile(observer.profile)
        try:
            yield
        finally:
            sys.setprofile(previous_profile)
            sys.settrace(previous_trace)
            STATE.sinks, STATE.observer = previous_sinks, previous_observer
