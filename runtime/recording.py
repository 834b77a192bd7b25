"""``Recording``: the list of primitives a trace build executed, and its replay as a jax function.

While ``dlaccelerate`` builds a trace, the function runs eagerly on dlarrays whose data are
concrete and which also carry a slot in the recording (``dlarray._rec``). ``dlarray.apply``
appends every primitive that consumes a recorded value; everything else the function does
(Python control flow, host conversions, constants, draws not ``like`` a traced value) is
invisible here and therefore baked in, which is exactly MATLAB's semantics. ``replay`` turns
the recording into a pure function of the input data (plus the random stream, when a draw
``like`` a traced value was recorded), which ``jax.jit`` compiles into one XLA program.
"""

import numpy as np

from .dlarray import dlarray

_BASE, _COUNTER = -1, -2  # slots of the random stream's base key and counter


class _Const:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class Recording:
    """The trace being built (or, in check mode, re-executed) in one thread.

    ``base``/``counter`` identify this call's random stream (see ``random``).
    """

    def __init__(self, base, counter):
        self.base, self.counter = base, counter
        self.ops = []
        self.n_inputs = 0
        self._n_slots = 0
        self._stream = None
        self._draws = 0

    def input(self, x):
        """A copy of the dlarray ``x`` recorded as the next input of the replay."""
        slot = self._n_slots
        self._n_slots += 1
        self.n_inputs += 1
        return dlarray._make(x._data, x._fmt, x._grad, (self, slot))

    def stream(self):
        """The call's random stream as two recorded values (base key, counter)."""
        if self._stream is None:
            self._stream = (dlarray._make(self.base, "", None, (self, _BASE)),
                            dlarray._make(np.uint32(self.counter), "", None, (self, _COUNTER)))
        return self._stream

    @property
    def uses_stream(self):
        return self._stream is not None

    def next_draw(self):
        index = self._draws
        self._draws += 1
        return index

    def record(self, prim, args, params, n_out):
        """Record ``prim(*args)`` if an operand is recorded here; return its outputs' slots.

        ``n_out`` is the number of results of a multiple-result primitive, else 0.
        """
        refs, traced = [], False
        for a in args:
            rec = a._rec if isinstance(a, dlarray) else None
            if rec is not None and rec[0] is self:
                refs.append(rec[1])
                traced = True
            else:
                refs.append(_Const(a._data if isinstance(a, dlarray) else a))
        if not traced:
            return None
        first = self._n_slots
        count = n_out or 1
        self._n_slots += count
        self.ops.append((prim, params, tuple(refs), n_out))
        return [(self, first + i) for i in range(count)]

    def replay(self, out_slots):
        """A pure function ``(*inputs[, base, counter]) -> tuple`` computing ``out_slots``."""
        ops, n_inputs = tuple(self.ops), self.n_inputs
        out_slots = tuple(out_slots)

        def replay(*flat):
            env = list(flat[:n_inputs])
            stream = flat[n_inputs:]

            def value(ref):
                if type(ref) is _Const:
                    return ref.value
                return env[ref] if ref >= 0 else stream[_BASE - ref]

            for prim, params, refs, n_out in ops:
                out = prim.impl(*(value(r) for r in refs), **params)
                if n_out:
                    env.extend(out)
                else:
                    env.append(out)
            return tuple(value(s) for s in out_slots)

        return replay
