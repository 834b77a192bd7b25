"""Count the traces each fixture call site causes: the dynamic evidence for ACC5 (storms).

A recompilation storm is a call site whose cache keeps missing: every pass of a loop traces
the compiled function again. :class:`TraceCounter` counts, during each call of a case's entry,
the traces of fixture functions per fixture line that caused them (the innermost fixture frame
on the stack when the trace is made, which is the call site):

* JAX: every trace of a function to a jaxpr emits the ``/jax/core/compile/jaxpr_trace_duration``
  monitoring event while the jit machinery's ``_trace_for_jit`` frame, which holds the traced
  function, is on the stack. Traces of JAX's own functions (eager ``jnp`` operations, which JAX
  also jits) are not counted: only functions whose code lies in a fixture file are.
* The runtime: ``AcceleratedFunction._build``, which builds each new trace, is wrapped while
  the counter is active (the runtime itself is not changed).

A line that traces more than :data:`STORM_TRACES` times within one call of the entry is
evidence of ACC5: a bounded set of values (a flag, a few modes) stays below it, as it stays
below tf.function's retracing warning.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections import Counter
from typing import Any

from jax import monitoring

from acclint.crosscheck.evidence import Evidence

TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
JIT_TRACE_FRAME = "_trace_for_jit"
STORM_TRACES = 5


class TraceCounter:
    """Active as a context manager; call :meth:`next_call` before each call of the entry."""

    def __init__(self, fixture_files: set[str]) -> None:
        self.fixture_files = fixture_files
        self.calls: list[Counter[tuple[str, int]]] = []
        self._restore: list[tuple[Any, str, Any]] = []

    def next_call(self) -> None:
        self.calls.append(Counter())

    def evidence(self) -> list[Evidence]:
        worst: dict[tuple[str, int], int] = {}
        for counts in self.calls:
            for site, n in counts.items():
                worst[site] = max(n, worst.get(site, 0))
        return [Evidence("ACC5", path, line, f"{n} traces from this line in one call")
                for (path, line), n in sorted(worst.items()) if n > STORM_TRACES]

    def __enter__(self) -> TraceCounter:
        monitoring.register_event_duration_secs_listener(self._on_event)
        accelerate = sys.modules.get("acclint.runtime.accelerate")
        if accelerate is not None:
            cls = accelerate.AcceleratedFunction
            build = cls._build

            @functools.wraps(build)
            def counted_build(af, *args, **kwargs):
                self._count(sys._getframe(1))
                return build(af, *args, **kwargs)

            self._restore.append((cls, "_build", build))
            cls._build = counted_build
        return self

    def __exit__(self, *exc: object) -> None:
        monitoring.unregister_event_duration_listener(self._on_event)
        for owner, name, original in self._restore:
            setattr(owner, name, original)
        self._restore.clear()

    def _on_event(self, event: str, duration: float, **kwargs: Any) -> None:
        if event != TRACE_EVENT:
            return
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_name != JIT_TRACE_FRAME:
            frame = frame.f_back
        if frame is not None and self._in_fixture(frame.f_locals.get("fun")):
            self._count(frame)

    def _count(self, frame: Any) -> None:
        """Count a trace at the innermost fixture frame at or above `frame`."""
        while frame is not None and frame.f_code.co_filename not in self.fixture_files:
            frame = frame.f_back
        if frame is not None and self.calls:
            self.calls[-1][(frame.f_code.co_filename, frame.f_lineno)] += 1

    def _in_fixture(self, fun: Any) -> bool:
        while isinstance(fun, functools.partial):
            fun = fun.func
        fun = inspect.unwrap(getattr(fun, "__func__", fun)) if fun is not None else None
        code = getattr(fun, "__code__", None)
        return code is not None and code.co_filename in self.fixture_files
