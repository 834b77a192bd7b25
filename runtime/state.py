"""Per-thread tracing state shared by every module of the runtime.

Three things can be "active" in a thread, each owned by one module:

- ``tape``: the derivative trace of the outermost running ``dlfeval`` (``autodiff.Tape``).
- ``recording``: the trace being built by ``dlaccelerate`` (``recording.Recording``).
- ``sinks``: the hazard recorders listening in this thread, and ``observer``: the hooks
  watching arbitrary user code while a trace is built (both ``hazards``).

They live in a ``threading.local`` so that two threads can evaluate, differentiate and build
traces at the same time without seeing each other's values. This module has no dependencies so
that every other module can import it.
"""

import threading


class _State(threading.local):
    tape = None
    recording = None
    sinks = ()
    observer = None


STATE = _State()
