"""The call-recipe vocabulary: how a fixture module says how to run each of its functions.

Every fixture module defines a module-level ``CALLS`` dict. Its keys name the function (or
``Class.method``) a case is about; its values are :class:`Call` objects saying which callable a
user would call (``entry``: the jitted object, the ``dlaccelerate``d function, a driver that runs
``lax.scan``...), with which inputs, and which callable is the same code without the transform
(``plain``). The cross-check calls both twice, with fresh inputs for the second call, and
compares what it observes (see ``fixtures/README.md``).

Input specs (:func:`arr`, :func:`ints`, :func:`key`, :func:`dl`) are drawn anew for every call
from the harness's own seeded generator, never from the global NumPy or stdlib RNG the fixtures
are tested for. Any other value in ``args`` is passed as it is on every call (a static argument).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Arr:
    """A float32 JAX array of ``shape`` with values uniform in [low, high)."""

    shape: tuple[int, ...]
    low: float = -1.0
    high: float = 1.0


@dataclass(frozen=True)
class Ints:
    """An int32 JAX array of ``shape`` with values in [0, high)."""

    shape: tuple[int, ...]
    high: int = 10


@dataclass(frozen=True)
class Key:
    """A fresh ``jax.random.key``."""


@dataclass(frozen=True)
class Dl:
    """A runtime ``dlarray`` of ``shape`` with dimension labels ``fmt``, values uniform in [low, high)."""

    shape: tuple[int, ...]
    fmt: str = ""
    low: float = -1.0
    high: float = 1.0


def arr(*shape: int, low: float = -1.0, high: float = 1.0) -> Arr:
    """Spec for a random float32 array; ``arr()`` is a traced scalar."""
    return Arr(shape, low, high)


def ints(*shape: int, high: int = 10) -> Ints:
    """Spec for a random int32 array."""
    return Ints(shape, high)


def key() -> Key:
    """Spec for a fresh JAX PRNG key."""
    return Key()


def dl(*shape: int, fmt: str = "", low: float = -1.0, high: float = 1.0) -> Dl:
    """Spec for a random runtime dlarray."""
    return Dl(shape, fmt, low, high)


@dataclass(frozen=True)
class Call:
    """How to run one fixture case.

    ``entry``: dotted attribute path, from the fixture module, of what a user calls.
    ``args``/``kwargs``: input specs or static values, nested in tuples/lists/dicts as needed.
    ``plain``: dotted path of the un-transformed callable taking the same inputs; ``None`` means
    "``entry`` itself under ``jax.disable_jit()``" (which also runs ``lax`` loops and
    ``jax.checkpoint`` eagerly), or ``entry.function`` when ``entry`` is an AcceleratedFunction.
    ``covers``: further fixture functions (``name`` or ``Class.method``) this run exercises,
    such as helpers and layer methods, so their labels are checked against this run's evidence.
    ``random_outputs``: the outputs are random by design (keyed draws, ``rand(..., like=x)``),
    so the transformed and the plain run are compared by their effects only.
    ``reset``/``between``: dotted paths of fixture functions that set the outside state a
    hidden-input case (ACC6) reads: ``reset`` before each run (transformed and plain), so both
    start alike, ``between`` between the two calls of each run, so the state changes after
    the first call may have built a trace. Outputs of such a case that differ are ACC6.
    """

    entry: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    plain: str | None = None
    covers: tuple[str, ...] = ()
    random_outputs: bool = False
    reset: str | None = None
    between: str | None = None

    def __init__(self, entry: str, *args: Any, kwargs: dict[str, Any] | None = None,
                 plain: str | None = None, covers: tuple[str, ...] = (),
                 random_outputs: bool = False, reset: str | None = None,
                 between: str | None = None) -> None:
        object.__setattr__(self, "entry", entry)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "kwargs", dict(kwargs or {}))
        object.__setattr__(self, "plain", plain)
        object.__setattr__(self, "covers", tuple(covers))
        object.__setattr__(self, "random_outputs", random_outputs)
        object.__setattr__(self, "reset", reset)
        object.__setattr__(self, "between", between)

    @property
    def hidden_inputs(self) -> bool:
        """Whether the case changes outside state its function may read (ACC6)."""
        return self.reset is not None or self.between is not None


class BuiltOnFirstCall:
    """What a user calls when it is made from example inputs (``torch.jit.trace(f, example)``):
    ``build(*args)`` makes it from the first call's inputs, and every call, the first too,
    calls what it made. The fixture module stays free of a cache of its own, which the
    cross-check would see as an outer-state change (ACC4)."""

    def __init__(self, build: Any) -> None:
        self._build = build
        self._built: Any = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._built is None:
            self._built = self._build(*args, **kwargs)
        return self._built(*args, **kwargs)
