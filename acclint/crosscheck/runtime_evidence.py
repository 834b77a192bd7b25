"""What the runtime (``acclint.runtime``) adds to a case's dynamic evidence.

The transformed run of every case is wrapped in the runtime's ``record_hazards()`` (non-strict,
so a hazard is recorded and the run goes on, as a user's would): it collects what every trace
build in the run did that gets baked in (ACC1..ACC4 at the user line), and the ACC3 host
conversions of values that ``dlfeval`` differentiates. Before an ``AcceleratedFunction`` entry
is first called, the harness clears its cache so the run builds its trace afresh.

``check_mode="tolerance"`` is deliberately left off: it re-runs the underlying function on
every call to compare, which repeats the very effects (prints, draws) whose missing repeats
are the evidence. The consequence it would show, a cached answer that differs from the
underlying function's, is checked directly instead (``execute``: outputs of the transformed and
the plain run). For fixtures that never import the runtime, all of this is a no-op and the
runtime is not imported.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager, nullcontext
from types import MethodType
from typing import Any, Callable, Iterator

import numpy as np

from acclint.crosscheck.evidence import Evidence

HARNESS_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _runtime() -> Any:
    return sys.modules.get("acclint.runtime")


def make_dlarray(data: np.ndarray, fmt: str) -> Any:
    """A dlarray of ``data`` labelled ``fmt`` (imports the runtime)."""
    import jax.numpy as jnp

    from acclint import runtime

    return runtime.dlarray(jnp.asarray(data), fmt)


def _accelerated(entry: Any) -> Any:
    """The AcceleratedFunction behind ``entry`` (itself, or the function of a method bound
    from it, as an ``Acceleratable`` layer's ``layer.predict``), or None."""
    runtime = _runtime()
    if runtime is None:
        return None
    function = entry.__func__ if isinstance(entry, MethodType) else entry
    return function if isinstance(function, runtime.AcceleratedFunction) else None


def prepare(entry: Any) -> None:
    """Make an accelerated entry build its trace afresh on the next call."""
    accelerated = _accelerated(entry)
    if accelerated is not None:
        accelerated.clear_cache()


def underlying(entry: Any) -> Callable[..., Any] | None:
    """What an accelerated entry wraps, bound like the entry; None for anything else."""
    accelerated = _accelerated(entry)
    if accelerated is None:
        return None
    if isinstance(entry, MethodType):
        return MethodType(accelerated.function, entry.__self__)
    return accelerated.function


@contextmanager
def recorded() -> Iterator[list[Any]]:
    """Record the runtime's hazards inside the block into the yielded list (filled on exit)."""
    runtime = _runtime()
    found: list[Any] = []
    with (nullcontext() if runtime is None else runtime.record_hazards()) as log:
        yield found
    if log is not None:
        found.extend(log.hazards)


def collect(hazards: list[Any]) -> list[Evidence]:
    """Evidence from the recorder's hazards.

    Hazards the recorder pins on this package are dropped: they are the harness's own stdout
    and stderr stand-ins (``observe``), which the recorder takes for user code; the fixture
    line that wrote is observed by the stand-in itself.
    """
    return [Evidence(h.family, h.filename, h.lineno, f"runtime recorder: {h.message}")
            for h in hazards if not h.filename.startswith(HARNESS_DIR)]
