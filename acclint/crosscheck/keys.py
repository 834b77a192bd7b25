"""See which PRNG keys traced draws use on each call: the dynamic evidence for frozen keys (ACC1).

A key built from a constant inside a cached trace is a constant of the compiled program, so
every call draws with the same key. :class:`KeyRecorder` wraps the key-consuming functions of
``jax.random`` while active: a draw whose key is a tracer (the draw is being traced) gets a
``jax.debug.callback`` that reports, on every run of the compiled program, the key's data.
The key is attributed to the fixture line that built it when a wrapped constructor
(``PRNGKey``, ``key``) made it in a fixture frame, else to the draw's line.

A line whose draws used the same keys on both calls of the entry, although the harness drew
fresh inputs for each, is evidence of ACC1: the numbers drawn there repeat on every call.
"""

from __future__ import annotations

import functools
import sys
from typing import Any, Callable

import jax
import numpy as np

from acclint.crosscheck.evidence import Evidence

CONSTRUCTORS = ("PRNGKey", "key")
DRAWS = ("normal", "uniform", "bernoulli", "randint", "categorical", "permutation", "choice",
         "truncated_normal", "gumbel", "split", "bits", "exponential", "laplace", "logistic")


class KeyRecorder:
    """Active as a context manager; call :meth:`next_call` before each call of the entry."""

    def __init__(self, fixture_files: set[str]) -> None:
        self.fixture_files = fixture_files
        self.calls: list[dict[tuple[str, int], list[bytes]]] = []
        self._made: dict[int, tuple[Any, tuple[str, int]]] = {}  # id(key) -> (key, where built)
        self._restore: list[tuple[str, Callable]] = []

    def next_call(self) -> None:
        jax.effects_barrier()  # callbacks of the last call have run
        self.calls.append({})

    def evidence(self) -> list[Evidence]:
        jax.effects_barrier()
        if len(self.calls) < 2:
            return []
        first, second = self.calls[0], self.calls[1]
        return [Evidence("ACC1", path, line, "the same PRNG key on both calls: the draws repeat")
                for (path, line), keys in sorted(first.items()) if keys and second.get((path, line)) == keys]

    def __enter__(self) -> KeyRecorder:
        for name in CONSTRUCTORS:
            self._wrap(name, self._constructor)
        for name in DRAWS:
            if hasattr(jax.random, name):
                self._wrap(name, self._draw)
        return self

    def __exit__(self, *exc: object) -> None:
        for name, original in self._restore:
            setattr(jax.random, name, original)
        self._restore.clear()
        self._made.clear()

    def _wrap(self, name: str, make: Callable[[Callable], Callable]) -> None:
        original = getattr(jax.random, name)
        self._restore.append((name, original))
        setattr(jax.random, name, functools.wraps(original)(make(original)))

    def _constructor(self, original: Callable) -> Callable:
        def built(*args: Any, **kwargs: Any) -> Any:
            key = original(*args, **kwargs)
            where = self._fixture_line(sys._getframe(1))
            if where is not None and isinstance(key, jax.core.Tracer):
                self._made[id(key)] = (key, where)
            return key
        return built

    def _draw(self, original: Callable) -> Callable:
        def drawn(key: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(key, jax.core.Tracer):
                made = self._made.get(id(key))
                where = made[1] if made is not None and made[0] is key else self._fixture_line(sys._getframe(1))
                if where is not None:
                    data = jax.random.key_data(key) if jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key) else key
                    jax.debug.callback(functools.partial(self._record, where), data)
            return original(key, *args, **kwargs)
        return drawn

    def _record(self, where: tuple[str, int], data: Any) -> None:
        if self.calls:
            self.calls[-1].setdefault(where, []).append(np.asarray(data).tobytes())

    def _fixture_line(self, frame: Any) -> tuple[str, int] | None:
        while frame is not None and frame.f_code.co_filename not in self.fixture_files:
            frame = frame.f_back
        return None if frame is None else (frame.f_code.co_filename, frame.f_lineno)
