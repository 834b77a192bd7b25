"""What the runtime (``acclint.runtime``) adds to a case's dynamic evidence.

Runtime-style fixtures are run under ``dlaccelerate``: before the first call the harness turns
on ``check_mode="tolerance"``, so a second call with new values that the cached trace answers
differently from the underlying function warns; after the run it reads the hazards the
runtime's recorder observed while building the trace. Everything here is a no-op for
JAX-style entries, and the runtime is imported only when a fixture uses it.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

import numpy as np

from acclint.crosscheck.evidence import Evidence


def _runtime() -> Any:
    return sys.modules.get("acclint.runtime")


def make_dlarray(data: np.ndarray, fmt: str) -> Any:
    """A dlarray of ``data`` labelled ``fmt`` (imports the runtime)."""
    from acclint import runtime
    import jax.numpy as jnp

    return runtime.dlarray(jnp.asarray(data), fmt)


def _accelerated(entry: Any) -> bool:
    runtime = _runtime()
    return runtime is not None and isinstance(entry, runtime.AcceleratedFunction)


def prepare(entry: Any) -> None:
    """Make an accelerated entry check its cached trace against the underlying function."""
    if _accelerated(entry):
        entry.clear_cache()
        entry.check_mode = "tolerance"


def underlying(entry: Any) -> Callable[..., Any] | None:
    """The function an AcceleratedFunction wraps, or None for anything else."""
    return entry.function if _accelerated(entry) else None


def collect(entry: Any, warnings: list[str]) -> list[Evidence]:
    """Evidence from the recorder's hazards and from tolerance-check warnings."""
    found = []
    if _accelerated(entry):
        for hazard in getattr(entry, "hazards", ()):
            found.append(Evidence(hazard.family, hazard.filename, hazard.lineno,
                                  f"runtime recorder: {hazard.message}"))
        found.extend(Evidence(None, None, None, f"tolerance check warned: {text}")
                     for text in warnings if "tolerance" in text.lower())
    return found
