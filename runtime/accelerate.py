"""``dlaccelerate``: MATLAB's trace-once, replay-many acceleration, hazards included.

A call looks up its *trace key*; on a miss the function is executed once on concrete values
while its primitives are recorded (``recording``) and the hazard recorder watches
(``hazards``); the recording is compiled with ``jax.jit`` into one XLA program and cached.
Later calls with the same key replay that program. Because the build run sees concrete
values, Python control flow on array values, host conversions, random draws not ``like`` a
traced value, printing, I/O and global writes all happen once, at build time, exactly as in
MATLAB.

Trace key: for each dlarray input its shape, dtype, format and whether it is traced by the
running ``dlfeval``; for every other input its value (arrays by content; other objects must
be hashable and are compared with ``==``); and the nesting structure of all inputs, including
a network's layer configuration. The number of outputs is *not* part of the key: Python has
no ``nargout``, so a replay always rebuilds the full returned structure, and non-dlarray
outputs (numbers, strings, ``extractdata`` results) are returned as the constants they were
when the trace was built.

Cache full: when ``cache_size`` traces are cached, a call with a new key is not traced and not
cached; the underlying function runs directly (un-accelerated, hazards not recorded) and a
``CacheFullWarning`` is issued once until ``clear_cache()``. Cached traces keep being replayed.

Why a new trace: when a function that already has traces builds another, the miss is
explained against the closest cached key (``retrace``): which input changed (position or
keyword, and the path inside a nested input) and how (size, format, dtype, value), old and
new. ``misses`` lists them, ``last_miss`` is the latest; after ``RETRACE_WARNING_AFTER``
consecutive new traces (no hit between them) a ``RetraceWarning`` is issued once until
``clear_cache()``.

An accelerated function called while another one builds its trace runs directly, as part of
the outer trace (it is not cached separately).
"""

import functools
import os
import sys
import threading
import types
import warnings

import jax
import numpy as np

from . import hazards, hidden_inputs, random, retrace
from .counters import Counter
from .dlarray import apply, dlarray
from .options import choice, name_value
from .primitive import Primitive
from .properties import MatlabNames
from .recording import Recording, _Const
from .state import STATE


class AccelerationCheckWarning(UserWarning):
    """``check_mode="tolerance"``: a cached trace disagreed with the underlying function."""


class CacheFullWarning(UserWarning):
    """A new trace key arrived while the cache was full; the call ran un-accelerated."""


def _is_dlarray(x):
    return isinstance(x, dlarray)


_RUNTIME_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _user_stacklevel():
    """The ``stacklevel`` that points a warning issued by the caller at the first frame outside
    the runtime: the user's line, however many runtime frames (a network's ``forward``, a
    layer's method) lie between."""
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(_RUNTIME_DIR):
        frame, level = frame.f_back, level + 1
    return level


def _dlarray_key(x, tape):
    """Shape, dtype (and weak type) via the abstract value, format, and whether traced."""
    grad = x._grad
    return (x._data.aval, x._fmt, grad is not None and grad.tape is tape)


_SCALARS = (int, float, bool, complex, str, bytes, type(None))
_new = object.__new__


def _value_key(value):
    kind = type(value)
    if kind in _SCALARS:
        return kind, value
    if isinstance(value, jax.core.Tracer):
        raise TypeError("an AcceleratedFunction was called with a JAX tracer (inside jax.jit, "
                        "grad or vmap); call it on concrete values or dlarrays instead")
    if isinstance(value, (np.ndarray, np.generic, jax.Array)):
        array = np.asarray(value)
        return "array", array.shape, array.dtype.str, array.tobytes()
    try:
        hash(value)
    except TypeError:
        raise TypeError(
            f"an input of type {kind.__name__} is neither a dlarray nor hashable, so it cannot "
            "be part of a trace key; pass dlarrays, numbers, strings, arrays, or "
            "dicts/lists/tuples of them") from None
    return kind, value


def _leaf_key(tape, x):
    return _dlarray_key(x, tape) if isinstance(x, dlarray) else _value_key(x)


def _dlfeval_key(x):
    """``_dlarray_key`` of ``x`` as the outermost ``dlfeval`` marks it: traced when floating."""
    array = x._data
    return (array.aval, x._fmt, array.dtype.kind in "fc")


def _key(args, kwargs, dlarray_key):
    """The trace key of ``args, kwargs``, keying each dlarray with ``dlarray_key``, and the
    leaves and structure it was built from (structure None when every input is a positional
    dlarray: then no pytree flattening)."""
    if not kwargs:
        parts = []
        for a in args:
            if type(a) is not dlarray:
                break
            parts.append(dlarray_key(a))
        else:
            return tuple(parts), args, None
    leaves, tree = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_dlarray)
    return (tree, tuple(dlarray_key(x) if isinstance(x, dlarray) else _value_key(x)
                        for x in leaves)), leaves, tree


def _plain(x):
    """``x`` without trace handles (for cached constants)."""
    return dlarray._make(x._data, x._fmt) if isinstance(x, dlarray) else x


class _Entry:
    """One cached trace: the compiled replay and how to rebuild the returned structure.

    ``tracked``: some input is traced by the running ``dlfeval`` (part of the key), so the
    replay must go on its tape, as the primitive ``prim``. ``single_fmt``: when the output is
    one traced dlarray and no random stream is needed, its format, and ``jitted`` returns that
    one array (the fastest replay); else None and ``jitted`` returns a tuple. ``globals_read``:
    in check mode, the module globals the function read when it was built
    (``hidden_inputs.snapshot``).
    """

    __slots__ = ("jitted", "prim", "tree", "specs", "fmts", "uses_stream", "tracked",
                 "single_fmt", "globals_read")

    def __init__(self, name, replay, example, tree, specs, fmts, uses_stream, tracked):
        self.tree, self.specs, self.fmts = tree, specs, fmts
        self.uses_stream, self.tracked = uses_stream, tracked
        simple = (tree.num_leaves == 1 and tree.num_nodes == 1 and specs == (0,)
                  and not uses_stream and not tracked)
        self.single_fmt = fmts[0] if simple else None
        self.globals_read = {}
        self.jitted = jax.jit((lambda *flat: replay(*flat)[0]) if simple else replay)
        self.jitted.lower(*example).compile()
        self.prim = Primitive(name, replay, eager=None if simple else self.jitted,
                              multiple_results=True)

    def results(self, data):
        """The replay's outputs for the input ``data`` (plus stream), always as a tuple."""
        out = self.jitted(*data)
        return (out,) if self.single_fmt is not None else out

    def outputs(self, results, wrap):
        leaves = [(wrap(results[s], self.fmts[s]) if type(s) is int else s.value)
                  for s in self.specs]
        return jax.tree_util.tree_unflatten(self.tree, leaves)


class AcceleratedFunction(MatlabNames):
    """A function whose traces are cached and replayed; see the module docstring.

    Properties: ``function`` (the underlying function), ``enabled`` (False calls it
    directly), ``cache_size`` (default 50), ``hit_rate`` and ``occupancy`` (percentages
    0-100), ``check_mode`` (``"none"`` or ``"tolerance"``), ``check_tolerance`` (default
    1e-4), ``strict`` (raise ``AccelerationHazardError`` instead of baking a hazard in) and
    ``hazards`` (what trace builds observed), ``misses`` and ``last_miss`` (why traces after
    the first were built: ``retrace.CacheMiss``, readable with ``str``). ``clear_cache()``
    empties the cache and resets the statistics, hazards and misses.

    Thread-safe: concurrent calls may build the same key twice; only one entry is kept. A
    cache hit takes no lock (see ``__call__``); misses, statistics reads and cache changes do.
    Works as a method decorator (the instance becomes the first input).
    """

    #: Consecutive new traces (no cache hit between them) after which a ``RetraceWarning`` is
    #: issued; tf.function's number.
    RETRACE_WARNING_AFTER = 5

    @name_value()
    def __init__(self, fun, *, enabled=True, cache_size=50, check_mode="none",
                 check_tolerance=1e-4, strict=False):
        if not callable(fun):
            raise TypeError(f"dlaccelerate needs a function, got {type(fun).__name__}")
        functools.update_wrapper(self, fun)
        self._fun = fun
        self._lock = threading.Lock()
        self._cache = {}
        self._hits, self._misses = Counter(), 0
        self._full_warned = False
        self._reset_misses()
        self._log = hazards.HazardLog()
        self._fast = False
        self.enabled = enabled
        self.cache_size = cache_size
        self.check_mode = check_mode
        self.check_tolerance = check_tolerance
        self.strict = strict

    # --- properties -----------------------------------------------------------------------
    @property
    def function(self):
        return self._fun

    @property
    def enabled(self):
        return self._enabled

    @enabled.setter
    def enabled(self, value):
        self._enabled = bool(value)
        self._fast = self._enabled and getattr(self, "_check_mode", "none") == "none"

    @property
    def cache_size(self):
        return self._cache_size

    @cache_size.setter
    def cache_size(self, value):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"cache_size must be a positive int, got {value!r}")
        with self._lock:
            if value < len(self._cache):
                raise ValueError(f"cache_size {value} is smaller than the {len(self._cache)} "
                                 "traces already cached; call clear_cache() first")
            self._cache_size = value

    @property
    def hit_rate(self):
        with self._lock:
            hits = self._hits.value
            calls = hits + self._misses
        return 100.0 * hits / calls if calls else 0.0

    @property
    def occupancy(self):
        with self._lock:
            return 100.0 * len(self._cache) / self._cache_size

    @property
    def check_mode(self):
        return self._check_mode

    @check_mode.setter
    def check_mode(self, value):
        value = choice(value, ("none", "tolerance"), "check_mode")
        self._check_mode = value
        self._fast = self._enabled and value == "none"

    @property
    def check_tolerance(self):
        return self._check_tolerance

    @check_tolerance.setter
    def check_tolerance(self, value):
        if not isinstance(value, (int, float)) or value < 0:
            raise ValueError(f"check_tolerance must be a non-negative number, got {value!r}")
        self._check_tolerance = float(value)

    @property
    def hazards(self):
        return self._log.hazards

    @property
    def misses(self):
        """Why each trace after the first was built, oldest first (``retrace.CacheMiss``)."""
        with self._lock:
            return list(self._explained)

    @property
    def last_miss(self):
        """The latest ``retrace.CacheMiss``, or None when no trace was rebuilt."""
        with self._lock:
            return self._explained[-1] if self._explained else None

    def clear_cache(self):
        with self._lock:
            self._cache.clear()
            self._hits, self._misses = Counter(), 0
            self._full_warned = False
            self._reset_misses()
        self._log.clear()

    def _reset_misses(self):
        """Forget the key descriptions, explained misses and the run of consecutive ones."""
        self._described, self._explained = {}, []
        self._streak, self._hits_at_build, self._retrace_warned = 0, 0, False

    def __repr__(self):
        name = getattr(self._fun, "__qualname__", repr(self._fun))
        return (f"<AcceleratedFunction {name}: {len(self._cache)} traces, "
                f"hit rate {self.hit_rate:.0f}%>")

    def __get__(self, instance, owner=None):
        return self if instance is None else types.MethodType(self, instance)

    # --- calls ----------------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        # The lean hit: only dlarray arguments, no trace active, no checking, a one-array
        # output. No lock: dict reads are atomic and entries are added under the lock; the
        # hit is counted by a lock-free counter. Everything else takes ``_call``.
        state = STATE
        if not kwargs and self._fast and state.recording is None and state.tape is None:
            parts, data = [], []
            for a in args:
                if type(a) is not dlarray:
                    break
                array = a._data
                data.append(array)
                parts.append((array.aval, a._fmt, False))
            else:
                entry = self._cache.get(tuple(parts))
                if entry is not None and entry.single_fmt is not None:
                    self._hits.increment()
                    out = _new(dlarray)  # dlarray._make, inlined: this is the hot path
                    out._data, out._fmt = entry.jitted(*data), entry.single_fmt
                    out._grad = out._rec = None
                    return out
        return self._call(args, kwargs)

    def dlfeval_hit(self, args, kwargs):
        """``(outputs,)`` of ``dlfeval(self, *args, **kwargs)`` from a cached trace, or None.

        The outermost ``dlfeval`` of an accelerated function asks this first: with every
        floating-point dlarray input traced (what the key says) and the outputs returned
        untraced, a hit needs neither traced copies of the inputs nor the tape, since no code
        of the caller's runs in between to differentiate the replay. None (nothing counted)
        when the general path must run: a miss, checking on, disabled, or a trace being built.
        """
        if not self._fast or STATE.recording is not None:
            return None
        key, leaves, tree = _key(args, kwargs, _dlfeval_key)
        try:
            entry = self._cache.get(key)
        except TypeError:  # the general path explains it
            return None
        if entry is None:
            return None
        self._hits.increment()
        return (self._replay(entry, leaves, tree, on_tape=False),)

    def _call(self, args, kwargs):
        state = STATE
        if not self._enabled or state.recording is not None:
            return self._fun(*args, **kwargs)
        tape = state.tape
        key, leaves, tree = _key(args, kwargs, lambda x: _dlarray_key(x, tape))
        try:
            entry = self._cache.get(key)
        except TypeError as error:
            raise TypeError(f"the inputs' structure is not hashable ({error}); layer and "
                            "network attributes other than learnables and state must be "
                            "numbers, strings or tuples") from None
        if entry is not None:
            self._hits.increment()
            return self._replay(entry, leaves, tree)
        with self._lock:
            self._misses += 1
            full = len(self._cache) >= self._cache_size
        if full:
            self._warn_full()
            return self._fun(*args, **kwargs)
        described = retrace.describe(self._fun, args, kwargs, functools.partial(_leaf_key, tape))
        out, entry = self._build(leaves, tree, tape)
        miss = None
        with self._lock:
            if key not in self._cache and len(self._cache) < self._cache_size:
                miss = retrace.explain(self.__name__, described, self._described.values())
                self._cache[key] = entry
                self._described[key] = described
        if miss is not None:  # not the first trace, nor one another thread built meanwhile
            self._record_miss(miss)
        return out

    def _record_miss(self, miss):
        """Keep ``miss``; warn once when it ends a run of ``RETRACE_WARNING_AFTER`` new traces.
        A run is broken by any cache hit since the previous build (the hit counter moved)."""
        with self._lock:
            self._explained.append(miss)
            hits = self._hits.value
            self._streak = self._streak + 1 if hits == self._hits_at_build else 1
            self._hits_at_build = hits
            warn = self._streak >= self.RETRACE_WARNING_AFTER and not self._retrace_warned
            self._retrace_warned |= warn
            streak = self._streak
        if warn:
            warnings.warn(retrace.warning_message(miss, streak), retrace.RetraceWarning,
                          stacklevel=_user_stacklevel())

    def _warn_full(self):
        with self._lock:
            warned, self._full_warned = self._full_warned, True
        if not warned:
            warnings.warn(f"the trace cache of {self.__name__} is full ({self._cache_size} "
                          "traces): calls with new input sizes, formats or values now run "
                          "un-accelerated; raise cache_size or call clear_cache()",
                          CacheFullWarning, stacklevel=_user_stacklevel())

    def _inputs(self, recording, leaves, tree):
        marked = [recording.input(x) if isinstance(x, dlarray) else x for x in leaves]
        if tree is None:
            return tuple(marked), {}
        return jax.tree_util.tree_unflatten(tree, marked)

    def _run_recorded(self, recording, leaves, tree):
        args, kwargs = self._inputs(recording, leaves, tree)
        state = STATE
        previous, state.recording = state.recording, recording
        try:
            return self._fun(*args, **kwargs)
        finally:
            state.recording = previous

    def _build(self, leaves, tree, tape):
        base, counter = random.stream()
        recording = Recording(base, counter)
        log = hazards.HazardLog(self.strict)
        # before the run: the values the trace bakes in are those read during it
        globals_read = hidden_inputs.snapshot(self._fun) if self._check_mode == "tolerance" \
            else {}
        try:
            with hazards.observing(log):
                out = self._run_recorded(recording, leaves, tree)
        finally:
            self._log.extend(log.hazards)
        out_leaves, out_tree = jax.tree_util.tree_flatten(out, is_leaf=_is_dlarray)
        specs, slots, fmts = [], [], []
        for leaf in out_leaves:
            rec = leaf._rec if isinstance(leaf, dlarray) else None
            if rec is not None and rec[0] is recording:
                specs.append(len(slots))
                slots.append(rec[1])
                fmts.append(leaf._fmt)
            else:
                specs.append(_Const(_plain(leaf)))
        example = [x._data for x in leaves if isinstance(x, dlarray)]
        if recording.uses_stream:
            example += [base, np.uint32(counter)]
        entry = _Entry(f"dlaccelerate({self.__name__})", recording.replay(slots), example,
                       out_tree, tuple(specs), tuple(fmts), recording.uses_stream,
                       any(_dlarray_key(x, tape)[-1] for x in leaves if isinstance(x, dlarray)))
        entry.globals_read = globals_read
        returned = [dlarray._make(x._data, x._fmt, x._grad) if isinstance(x, dlarray) else x
                    for x in out_leaves]
        return jax.tree_util.tree_unflatten(out_tree, returned), entry

    def _replay(self, entry, leaves, tree, on_tape=True):
        """The outputs of ``entry`` replayed on ``leaves``; a replay of traced inputs goes on
        the running ``dlfeval``'s tape unless ``on_tape`` is False (see ``dlfeval_hit``)."""
        inputs = [x for x in leaves if isinstance(x, dlarray)]
        stream = []
        if entry.uses_stream:
            base, counter = random.stream()
            stream = [base, np.uint32(counter)]
        if entry.tracked and on_tape:  # differentiable as one primitive
            out = entry.outputs(apply(entry.prim, inputs + stream, {}, entry.fmts),
                                lambda result, fmt: result)
        else:
            out = entry.outputs(entry.results([x._data for x in inputs] + stream), dlarray._make)
        if self._check_mode == "tolerance":
            self._check(entry, out, leaves, tree, stream)
        return out

    def _check(self, entry, out, leaves, tree, stream):
        """Rerun the underlying function with the replay's random stream and compare; on a
        difference, record as ACC6 hazards the module globals changed since the build."""
        base, counter = stream if stream else random.stream()
        with hazards.suspended():
            expected = self._run_recorded(Recording(base, int(counter)), leaves, tree)
        problem = _difference(out, expected, self._check_tolerance)
        if problem:
            moved = hidden_inputs.changed(entry.globals_read, self._fun)
            for name, filename, line in moved:
                self._log.add(hazards.Hazard(
                    "ACC6", filename, line, f"module global {name!r} changed after the trace "
                    "was built, which replays the value it had then; pass it as an input"))
            cause = "".join(f"; global {name!r} changed since the build" for name, _, _ in moved)
            warnings.warn(f"accelerated outputs differ from the underlying function's outputs "
                          f"({problem}; check_tolerance={self._check_tolerance:g}): the cached "
                          f"trace replays values that were baked in when it was built{cause}; "
                          "see .hazards", AccelerationCheckWarning,
                          stacklevel=_user_stacklevel())


def _difference(actual, expected, tolerance):
    """Why ``actual`` and ``expected`` differ beyond ``tolerance``, or None."""
    got, got_tree = jax.tree_util.tree_flatten(actual, is_leaf=_is_dlarray)
    want, want_tree = jax.tree_util.tree_flatten(expected, is_leaf=_is_dlarray)
    if got_tree != want_tree:
        return "the output structures differ"
    for position, (a, b) in enumerate(zip(got, want)):
        a = a._data if isinstance(a, dlarray) else a
        b = b._data if isinstance(b, dlarray) else b
        if isinstance(a, (jax.Array, np.ndarray)) or isinstance(b, (jax.Array, np.ndarray)):
            a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
            if a.shape != b.shape:
                return f"output #{position} has shape {a.shape} instead of {b.shape}"
            excess = np.abs(a - b) - tolerance * (1 + np.abs(b))
            if np.any(excess > 0) or np.any(np.isnan(a) != np.isnan(b)):
                return f"output #{position} differs by up to {np.nanmax(np.abs(a - b)):.3g}"
        elif a != b:
            return f"output #{position} is {a!r} instead of {b!r}"
    return None


def dlaccelerate(fun=None, *pairs, **options):
    """Return an ``AcceleratedFunction`` wrapping ``fun``; also a decorator, with or without
    options (``enabled``, ``cache_size``, ``check_mode``, ``check_tolerance``, ``strict``:
    the properties, which MATLAB sets after the call, here also given as keywords in either
    spelling, ``CheckMode="tolerance"``, or as name-value pairs)."""
    if fun is None:
        return lambda f: AcceleratedFunction(f, *pairs, **options)
    return AcceleratedFunction(fun, *pairs, **options)


def clearCache(accfun):  # noqa: N802 (MATLAB's name)
    """MATLAB's ``clearCache(accfun)``: empty the cache of the ``AcceleratedFunction``
    ``accfun`` (``accfun.clear_cache()``): its traces, statistics, hazards and misses."""
    if not isinstance(accfun, AcceleratedFunction):
        raise TypeError(f"clearCache needs an AcceleratedFunction (from dlaccelerate), got "
                        f"{type(accfun).__name__}")
    accfun.clear_cache()
