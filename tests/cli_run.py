"""Run the `acclint` command in this process, as a test would run it in a subprocess.

Starting a Python that imports acclint costs about 0.6 s a run; most CLI tests are about what
the command prints and returns, not about being a process, so they call `acclint.cli.main`
here with the working directory, standard streams and exit status a subprocess would have.
Tests where the process is the point still start it: tests/test_cli.py checks the exit
statuses through the installed `acclint` script and `python -m acclint`, test_light_install
that a fresh interpreter imports no jax, test_server the server over stdio.

The result is a `subprocess.CompletedProcess`, so a test reads it exactly as it read the
subprocess's. A run that takes longer than `timeout` seconds raises `HangError` (SIGALRM
interrupts even a blocking `open` of a FIFO), as `subprocess.run(timeout=...)` would have.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from pathlib import Path

from acclint.cli import main


class HangError(AssertionError):
    """The in-process run did not finish within its timeout."""


def _text(data: bytes) -> str:
    """Decode as `subprocess.run(text=True)` does: UTF-8 (this machine's locale), universal newlines."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline=None).read()


def _stream(data: bytes = b"") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline="\n", write_through=True)


def acclint(*args: str, cwd: Path | str, input: str | None = None, env: dict[str, str] | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
    """`acclint *args` run in `cwd` with `input` on standard input and `env` added to the
    environment: its exit status, stdout and stderr."""
    saved = sys.stdin, sys.stdout, sys.stderr, os.getcwd()
    environment = dict(os.environ)
    os.environ.update(env or {})
    sys.stdin, sys.stdout, sys.stderr = _stream((input or "").encode()), _stream(), _stream()
    out, err = sys.stdout, sys.stderr

    def hung(signum, frame):
        raise HangError(f"acclint {' '.join(args)} ran over {timeout} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        os.chdir(cwd)
        try:
            status = main(list(args))
        except SystemExit as exc:  # argparse's usage errors, as the process would exit
            status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if isinstance(exc.code, str):
                err.write(exc.code + "\n")
        out.flush()
        err.flush()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.stdin, sys.stdout, sys.stderr = saved[:3]
        os.chdir(saved[3])
        os.environ.clear()
        os.environ.update(environment)
    return subprocess.CompletedProcess(["acclint", *args], status, _text(out.buffer.getvalue()), _text(err.buffer.getvalue()))
