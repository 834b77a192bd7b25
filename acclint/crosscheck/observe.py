"""Watch fixture code run and count the host effects it has, each at the fixture line that had it.

The dynamic verdicts for ACC1 (host RNG) and ACC4 (I/O and side effects) rest on one fact: a
cached trace runs the Python body once, at trace time, and replays the recorded computation
afterwards, so a host effect written in the body happens a different number of times than when
the same code runs plainly. :class:`Observation` counts effects per fixture line while active;
:mod:`acclint.crosscheck.execute` compares the counts of the transformed and the plain runs.

Effects are observed where they land, not by matching names:

* RNG draws: the state of every host generator (the global NumPy and stdlib ones, and any
  ``Generator``/``RandomState``/``random.Random`` held by a fixture or runtime module) changed
  while a fixture line ran (``sys.settrace`` line events).
* Outer state: a fixture module global was rebound or one of its containers changed, or a cell
  closed over by a module-level function changed (``global``/``nonlocal`` writes, ``append``...).
* Writes to ``sys.stdout``/``sys.stderr`` (replaced by recording streams), files opened, removed
  or renamed (an audit hook), log records emitted, and clock reads (``sys.setprofile``).

An effect is attributed to the innermost fixture frame on the stack, unless JAX itself, the
import machinery or the warnings module sits between that frame and the effect: JAX's own
bookkeeping (compile timers, callback plumbing), first-time imports and a warning shown on
stderr (the runtime's ``RetraceWarning``) are not the fixture's doing. TensorFlow and torch, once
imported, are machinery too, except the code that only forwards a call (:data:`FORWARDING`:
AutoGraph's ``converted_call``). Code a framework generated from a fixture function (AutoGraph's
converted functions, :data:`GENERATED`) counts as the fixture lines it was made from.
"""

from __future__ import annotations

import datetime
import io
import logging
import os
import random
import sys
import time
import warnings
from collections import Counter
from dataclasses import dataclass
from types import FrameType, ModuleType
from typing import Any, Iterable

import jax
import jaxlib
import numpy as np

MACHINERY_DIRS = tuple(os.path.dirname(m.__file__) + os.sep for m in (jax, jaxlib))
FRAMEWORK_PACKAGES = ("tensorflow", "keras", "tf_keras", "torch", "functorch")  # machinery once imported
# Directories of framework code that forwards a fixture's own calls (filled by
# acclint.crosscheck.frameworks); and generated file -> {its line: the fixture line it came from}.
FORWARDING: list[str] = []
GENERATED: dict[str, dict[int, tuple[str, int]]] = {}
CLOCKS = frozenset({time.time, time.time_ns, time.perf_counter, time.perf_counter_ns,
                    time.monotonic, time.monotonic_ns, time.process_time, time.process_time_ns})
CLOCK_METHODS = frozenset({"now", "utcnow", "today"})
AUDITED = frozenset({"open", "os.remove", "os.rename", "os.mkdir", "os.rmdir", "shutil.rmtree"})
RNG_TYPES = (np.random.Generator, np.random.RandomState, random.Random)


@dataclass(frozen=True)
class Event:
    """One host effect: its family (``ACC1``/``ACC4``), what it was, and the fixture line."""

    family: str
    kind: str
    path: str
    line: int


def _is_machinery(filename: str) -> bool:
    if filename.startswith(tuple(FORWARDING)):
        return False
    return (filename.startswith(MACHINERY_DIRS) or filename.startswith("<frozen")
            or filename == warnings.__file__ or filename.startswith(_framework_dirs()))


def _framework_dirs() -> tuple[str, ...]:
    return tuple(os.path.dirname(sys.modules[name].__file__) + os.sep for name in FRAMEWORK_PACKAGES
                 if getattr(sys.modules.get(name), "__file__", None))


class Observation:
    """Counts :class:`Event`s of fixture code while used as a context manager.

    ``fixture_files``: absolute paths of the fixture modules; ``modules``: the imported fixture
    modules (their globals are the outer state watched); ``rng_holders``: further modules whose
    generators count as host RNGs (the runtime's). Not reentrant; one at a time per process.
    """

    _audit_installed = False
    _active: "Observation | None" = None

    def __init__(self, fixture_files: Iterable[str], modules: Iterable[ModuleType],
                 rng_holders: Iterable[ModuleType] = ()) -> None:
        self.fixture_files = frozenset(fixture_files)
        self.modules = {id(vars(m)): m for m in modules}
        self.generators = _find_generators([*modules, *rng_holders])
        self.events: Counter[Event] = Counter()
        self._position: tuple[str, int] | None = None
        self._snapshot: dict[int, Any] = {}
        self._rng_state: list[Any] = []

    # -- attribution -------------------------------------------------------------------------
    def locate(self, frame: FrameType | None) -> tuple[str, int] | None:
        """The innermost fixture line on ``frame``'s stack, unless machinery comes first."""
        while frame is not None:
            filename = frame.f_code.co_filename
            found = self._fixture_line(frame)
            if found is not None:
                return found
            if _is_machinery(filename):
                return None
            frame = frame.f_back
        return None

    def _fixture_line(self, frame: FrameType) -> tuple[str, int] | None:
        """The fixture line `frame` is at: its own, or the one its generated code came from."""
        filename = frame.f_code.co_filename
        if filename in self.fixture_files:
            return filename, frame.f_lineno
        found = GENERATED.get(filename, {}).get(frame.f_lineno)
        return found if found is not None and found[0] in self.fixture_files else None

    def record(self, family: str, kind: str, where: tuple[str, int] | None) -> None:
        if where is not None:
            self.events[Event(family, kind, *where)] += 1

    # -- outer state and RNG state, checked at every fixture line ----------------------------
    def _check(self, frame: FrameType) -> None:
        rng_state = [_rng_fingerprint(g) for g in self.generators]
        if rng_state != self._rng_state:
            self._rng_state = rng_state
            self.record("ACC1", "host RNG draw", self._position)
        module_globals = frame.f_globals
        if id(module_globals) in self.modules:
            state = _state_fingerprint(module_globals)
            if state != self._snapshot.get(id(module_globals), state):
                self.record("ACC4", "outer state change", self._position)
            self._snapshot[id(module_globals)] = state

    def _trace_call(self, frame: FrameType, event: str, arg: Any):
        if frame.f_code.co_filename not in self.fixture_files and frame.f_code.co_filename not in GENERATED:
            return None
        self._check(frame)
        self._position = None
        return self._trace_local

    def _trace_local(self, frame: FrameType, event: str, arg: Any):
        if event == "line":
            self._check(frame)
            self._position = self._fixture_line(frame) or self._position
        elif event == "return":
            self._check(frame)
            caller = frame.f_back
            self._position = self._fixture_line(caller) if caller is not None else None
        return self._trace_local

    # -- clocks, streams, files, logs --------------------------------------------------------
    def _profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "c_call" and (arg in CLOCKS or (
                getattr(arg, "__name__", None) in CLOCK_METHODS
                and getattr(arg, "__self__", None) in (datetime.datetime, datetime.date))):
            self.record("ACC4", "clock read", self.locate(frame))

    @classmethod
    def _audit(cls, event: str, args: tuple[Any, ...]) -> None:
        active = cls._active
        if active is None or event not in AUDITED:
            return
        if event == "open" and str(args[0]).endswith((".py", ".pyc", ".so")):
            return
        active.record("ACC4", f"file {event}", active.locate(sys._getframe(1)))

    def __enter__(self) -> "Observation":
        if Observation._active is not None:
            raise RuntimeError("an Observation is already active")
        if not Observation._audit_installed:
            sys.addaudithook(Observation._audit)
            Observation._audit_installed = True
        self._saved = (sys.stdout, sys.stderr, sys.gettrace(), sys.getprofile(),
                       logging.getLogger().level)
        sys.stdout = _RecordingStream(self, "stdout write")
        sys.stderr = _RecordingStream(self, "stderr write")
        self._log_handler = _RecordingHandler(self)
        root = logging.getLogger()
        root.addHandler(self._log_handler)
        root.setLevel(min(root.level or logging.WARNING, logging.INFO))
        self._rng_state = [_rng_fingerprint(g) for g in self.generators]
        self._snapshot = {key: _state_fingerprint(vars(m)) for key, m in self.modules.items()}
        Observation._active = self
        sys.settrace(self._trace_call)
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.settrace(self._saved[2])
        sys.setprofile(self._saved[3])
        Observation._active = None
        root = logging.getLogger()
        root.removeHandler(self._log_handler)
        root.setLevel(self._saved[4])
        sys.stdout, sys.stderr = self._saved[0], self._saved[1]


class _RecordingStream(io.StringIO):
    """Stands in for stdout/stderr: keeps the text and records who wrote it."""

    def __init__(self, observation: Observation, kind: str) -> None:
        super().__init__()
        self._observation = observation
        self._kind = kind

    def write(self, text: str) -> int:
        self._observation.record("ACC4", self._kind, self._observation.locate(sys._getframe(1)))
        return super().write(text)


class _RecordingHandler(logging.Handler):
    """Records every log record emitted from a fixture line."""

    def __init__(self, observation: Observation) -> None:
        super().__init__(logging.DEBUG)
        self._observation = observation

    def emit(self, record: logging.LogRecord) -> None:
        if record.pathname in self._observation.fixture_files:
            self._observation.record("ACC4", "log record", (record.pathname, record.lineno))


def _find_generators(modules: Iterable[ModuleType]) -> list[Any]:
    """Host RNGs: the global ones plus any held by a module or by an object a module holds."""
    found: dict[int, Any] = {id(np.random.mtrand._rand): np.random.mtrand._rand,
                             id(random._inst): random._inst}
    for module in modules:
        for value in vars(module).values():
            owned = vars(value).values() if (
                hasattr(value, "__dict__") and not isinstance(value, (type, ModuleType))) else ()
            for candidate in (value, *owned):
                if isinstance(candidate, RNG_TYPES):
                    found[id(candidate)] = candidate
    return list(found.values())


def _rng_fingerprint(generator: Any) -> Any:
    if isinstance(generator, np.random.RandomState):
        _, keys, pos, has_gauss, gauss = generator.get_state()
        return keys[:4].tobytes(), pos, has_gauss, gauss
    if isinstance(generator, np.random.Generator):
        return repr(generator.bit_generator.state)
    return generator.getstate()


def _state_fingerprint(namespace: dict[str, Any]) -> dict[str, Any]:
    """Identity of each global, of the items of global containers (two levels deep), of the
    attributes of global instances of the fixture's own classes (`tracker.loss_history`) and
    of the cells closed over by global functions, so rebinding and in-place changes both show."""
    module = namespace.get("__name__")
    return {name: _shallow(value, 2, module) for name, value in namespace.items()
            if not name.startswith("__")}


def _shallow(value: Any, depth: int, module: str | None = None) -> Any:
    if depth == 0:
        return id(value)
    if isinstance(value, (set, frozenset)):
        return id(value), tuple(sorted(map(id, value)))
    if isinstance(value, (list, tuple)):
        return id(value), tuple(_shallow(item, depth - 1) for item in value)
    if isinstance(value, dict):
        return id(value), tuple((k, _shallow(v, depth - 1)) for k, v in value.items())
    if module is not None and type(value).__module__ == module and not isinstance(value, type) and hasattr(value, "__dict__"):
        return id(value), tuple((k, _shallow(v, depth - 1)) for k, v in vars(value).items())
    cells = getattr(getattr(value, "__wrapped__", value), "__closure__", None)
    if cells:
        return id(value), tuple(_shallow(_cell(cell), depth - 1) for cell in cells)
    return id(value)


def _cell(cell: Any) -> Any:
    try:
        return cell.cell_contents
    except ValueError:  # an empty cell: the variable is not bound yet
        return None
