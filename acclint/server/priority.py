"""Lints before the project analysis.

The server lints on one thread and analyses the project on another, and Python runs one thread
at a time: while both want the interpreter, each gets about half of it, so a file opened (or
edited) while the project is analysed was answered late (big.py of benchmarks/server_latency.py,
opened while the project was analysed: 3.0 s before this module, 2.1 s with it, on a loaded
machine). An answer to the editor is what the user waits for; the
analysis only refines answers already given. So the analysis steps aside: before it reads each
file it waits while a lint is queued or running (`Lints.wait`), and goes on when the lint
thread is idle.

The wait is bounded (`PAUSE` seconds at a time), so that typing without a break never stops
the analysis altogether: it then moves on one file per pause, sharing the interpreter as before.
"""

from __future__ import annotations

import threading

PAUSE = 1.0  # seconds the analysis waits for the lints at most, before each file


class Lints:
    """How many lints are queued or running; the analysis thread waits while there are any."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0
        self._idle = threading.Event()
        self._idle.set()

    def __enter__(self) -> Lints:
        with self._lock:
            self._count += 1
            self._idle.clear()
        return self

    def __exit__(self, *exc) -> None:
        with self._lock:
            self._count -= 1
            if self._count == 0:
                self._idle.set()

    def wait(self, timeout: float = PAUSE) -> bool:
        """Wait until no lint is queued or running, `timeout` seconds at most; whether none is."""
        return self._idle.wait(timeout)
