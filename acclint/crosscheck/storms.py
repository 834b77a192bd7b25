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
* TensorFlow (when loaded): ``tracing_compilation._create_concrete_function``, which a
  tf.function calls on every cache miss to trace its Python function into a new graph (what
  ``experimental_get_tracing_count()`` counts, per function), is wrapped while the counter is
  active; only traces of fixture functions count.
* torch (when loaded): ``torch._dynamo.convert_frame._compile``, which Dynamo calls for each
  frame it compiles on a cache miss (what ``torch._dynamo.utils.counters["frames"]`` tallies,
  globally), is wrapped likewise; compiles of fixture code count, except the resume functions
  Dynamo generates after a graph break. After the recompile limit Dynamo stops compiling the
  frame (the calls run eagerly), so a guard storm counts that many compiles.

Each hook is a private name of its framework (JAX 0.10, tensorflow-cpu 2.21, torch 2.13); if one
is renamed, entering the counter raises, naming it, rather than counting nothing.

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
        try:
            self._wrap_builders()
        except BaseException:
            self.__exit__()
            raise
        return self

    def _wrap_builders(self) -> None:
        """Wrap the function each loaded framework builds a new trace with (module docstring)."""
        accelerate = sys.modules.get("acclint.runtime.accelerate")
        if accelerate is not None:
            self._wrap(accelerate.AcceleratedFunction, "_build", lambda *args, **kwargs: True)
        if "tensorflow" in sys.modules:
            from tensorflow.python.eager.polymorphic_function import tracing_compilation  # noqa: PLC0415 (with TF fixtures only)

            self._wrap(tracing_compilation, "_create_concrete_function",
                       lambda function_type, type_context, func_graph, tracing_options:
                       self._in_fixture(tracing_options.python_function))
        if "torch" in sys.modules:
            from torch._dynamo import convert_frame  # noqa: PLC0415 (with torch fixtures only)

            self._wrap(convert_frame, "_compile", lambda code, *args, **kwargs: (
                code.co_filename in self.fixture_files and not code.co_name.startswith("torch_dynamo_resume_in")))

    def _wrap(self, owner: Any, name: str, counts: Any) -> None:
        """Wrap `owner.name`, a function each new trace goes through, to count a trace at the
        innermost fixture frame on the stack when `counts(*args, **kwargs)` says it is one of
        a fixture function; restored on exit."""
        original = getattr(owner, name, None)
        if original is None:
            raise RuntimeError(f"cannot count traces: {getattr(owner, '__name__', owner)}.{name} is gone (renamed in this version?)")

        @functools.wraps(original)
        def counted(*args: Any, **kwargs: Any) -> Any:
            if counts(*args, **kwargs):
                self._count(sys._getframe(1))
            return original(*args, **kwargs)

        self._restore.append((owner, name, original))
        setattr(owner, name, counted)

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
