"""Differential testing of `--fix` on runtime code: does a fixed `dlaccelerate` function compute
what the original did?

The runtime's twin of tests/fix_differential.py. `check(source)` fixes a module holding one
`@dlaccelerate` function `f(x, y)` with plain `--fix` (safe fixes only) and runs, on dlarray
inputs holding NaN, +-inf, +-0, 1e-40 and 3e38, logical ones, formatted and unformatted, in
several shapes:

* the original's underlying function eagerly (`f.function`: MATLAB's `if` reads the values),
  against the fixed function eagerly, the fixed accelerated function on its trace build, and
  its replay of a trace built on other values of the same sizes and types (where a branch baked
  into a trace would show);
* values, dtypes (weak types included), shapes and formats of every output;
* gradients (`dlfeval` and `dlgradient` of the sum of the outputs), where the inputs and outputs
  are floating and the original's gradient is finite, eagerly and through the accelerated
  function.

A fixed function may raise where the original ran only loudly: the `TypeError`/`ValueError` with
which the runtime's `ifelse` refuses branches of another type, size or format (or JAX refuses a
dtype, `-x` of a logical x) counts as `loud`, never as a difference.
"""

from __future__ import annotations

import types
import warnings

import numpy as np

from fix_differential import Outcome, acclint_fix, _TINY
from acclint.runtime import dlarray, dlfeval, dlgradient
from acclint.runtime import sum as dlsum

HEADER = "from acclint.runtime import *\nfrom acclint.runtime import sum\n\n\n@dlaccelerate\ndef f(x, y):\n"


def inputs() -> list[tuple[dlarray, dlarray]]:
    """(x, y) pairs of dlarrays: special floats, logical data, formats, scalars, with conditions
    going both ways."""
    special = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, 3e38, -3e38, 0.5], np.float32)
    positive = np.array([0.25, 1.5, 3.0], np.float32)
    negative = np.array([-0.75, -2.0, -1e-40], np.float32)
    mixed = np.array([-0.0, 2.0, -1.5], np.float32)
    bools = np.array([True, False, True])
    matrix = np.array([[0.5, -1.0], [2.0, -0.25], [1.0, 3.0]], np.float32)
    f32, dl = np.float32, dlarray
    return [
        (dl(positive), dl(negative)), (dl(negative), dl(positive)), (dl(mixed), dl(positive)),
        (dl(special), dl(special[::-1].copy())), (dl(f32(0.75)), dl(f32(-1.0))), (dl(f32(-0.5)), dl(f32(3e38))),
        (dl(f32(np.inf)), dl(f32(1e-40))), (dl(f32(np.nan)), dl(f32(1.0))),
        (dl(matrix, "CB"), dl(-matrix, "CB")), (dl(-matrix, "CB"), dl(matrix, "CB")), (dl(matrix, "CB"), dl(positive)),
        (dl(bools), dl(bools)), (dl(bools), dl(~bools)), (dl(np.bool_(True)), dl(np.bool_(False))),
        (dl(bools), dl(positive)),
    ]


def _load(source: str):
    module = types.ModuleType("generated_runtime")
    exec(compile(source, "<generated>", "exec"), module.__dict__)  # noqa: S102 (code this module wrote)
    return module.f


def _leaves(out) -> list:
    return list(out) if isinstance(out, tuple) else [out]


def _same(a, b) -> str | None:
    """Why the outputs `a` and `b` differ (value, dtype or weak type, shape, format), or None."""
    la, lb = _leaves(a), _leaves(b)
    if len(la) != len(lb):
        return "structure"
    for p, q in zip(la, lb):
        if isinstance(p, dlarray) != isinstance(q, dlarray):
            return f"type {type(p).__name__} vs {type(q).__name__}"
        if not isinstance(p, dlarray):
            if type(p) is not type(q) or not np.array_equal(np.asarray(p), np.asarray(q), equal_nan=True):
                return f"value {p!r} vs {q!r}"
            continue
        pa, qa = p._data.aval, q._data.aval
        if pa.shape != qa.shape:
            return f"shape {pa.shape} vs {qa.shape}"
        if pa.dtype != qa.dtype or pa.weak_type != qa.weak_type:
            return f"dtype {pa} vs {qa}"
        if p._fmt != q._fmt:
            return f"format {p._fmt!r} vs {q._fmt!r}"
        pv, qv = np.asarray(p._data), np.asarray(q._data)
        if np.issubdtype(pv.dtype, np.inexact):
            if not np.allclose(pv, qv, rtol=1e-6, atol=_TINY, equal_nan=True):
                return f"values {pv} vs {qv}"
        elif not np.array_equal(pv, qv):
            return f"values {pv} vs {qv}"
    return None


def _loud(exc: Exception) -> bool:
    """`ifelse` refusing branches (or a condition), or JAX refusing a dtype: raised while the
    fixed function runs or builds its trace, never a value."""
    text = str(exc)
    return (isinstance(exc, (TypeError, ValueError)) and text.startswith("ifelse")) or (
        isinstance(exc, TypeError) and any(r in text for r in ("does not accept dtype", "boolean negative", "boolean subtract")))


def _other(v: dlarray) -> dlarray:
    """Other values of `v`'s size, type and format (the same trace key): a trace built on them
    and replayed on `v` shows a branch baked in."""
    data = np.asarray(v._data)
    flipped = ~data if data.dtype == bool else -data[::-1].reshape(data.shape) if data.ndim else -data
    return dlarray(np.asarray(flipped, data.dtype), v._fmt)


def _runs(fn, x, y) -> bool:
    try:
        fn(x, y)
    except Exception:  # noqa: BLE001 (whether it runs is the question)
        return False
    return True


def _gradient(fn, x, y):
    def loss(a, b):
        total = sum(dlsum(leaf) for leaf in _leaves(fn(a, b)))
        return dlgradient(total, a, b)
    return dlfeval(loss, x, y)


def _gradient_problem(original, fixed, x, y, expected) -> str | None:
    floating = all(np.issubdtype(np.asarray(v._data).dtype, np.floating) for v in (x, y, *_leaves(expected))
                   if isinstance(v, dlarray))
    if not floating:
        return None
    try:
        want = _gradient(original, x, y)
    except Exception:  # noqa: BLE001 (no gradient for the original: nothing to compare)
        return None
    if not all(np.all(np.isfinite(np.asarray(g._data))) for g in want):
        return None
    try:
        got = _gradient(fixed, x, y)
    except Exception as exc:  # noqa: BLE001
        return f"gradient raises {type(exc).__name__}: {str(exc)[:120]}"
    for w, g in zip(want, got):
        if not np.allclose(np.asarray(w._data), np.asarray(g._data), rtol=1e-5, atol=_TINY, equal_nan=False):
            return f"gradient {np.asarray(g._data)} for {np.asarray(w._data)}"
    return None


def check(source: str, fix=acclint_fix) -> Outcome:
    """Fix `source` with `fix` and compare the original's eager runs with the fixed function's
    eager runs, trace builds and replays, and their gradients, on every input of `inputs()`."""
    fixed_source, left = fix(source)
    outcome = Outcome(changed=fixed_source != source, partly=left)
    if not outcome.changed:
        return outcome
    original = _load(source).function
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for x, y in inputs():
            try:
                expected = original(x, y)
            except Exception:  # noqa: BLE001 (the original does not run on this input)
                continue
            outcome.compared += 1
            fixed = _load(fixed_source)  # a fresh accelerated function: no trace cached yet
            runs = [("eager", lambda: fixed.function(x, y)), ("build", lambda: fixed(x, y))]
            if not left and _runs(original, _other(x), _other(y)):
                runs.append(("replay", lambda: (fixed(_other(x), _other(y)), fixed(x, y))[1]))
            for mode, run in runs:
                try:
                    got = run()
                except Exception as exc:  # noqa: BLE001 (any exception is a finding of the check)
                    if _loud(exc):
                        outcome.loud += 1
                    else:
                        outcome.differ.append(f"{mode} x={x!r} y={y!r}: raises {type(exc).__name__}: {str(exc)[:120]}")
                    break
                problem = _same(expected, got)
                if problem is not None:
                    outcome.differ.append(f"{mode} x={x!r} y={y!r}: {problem}")
                    break
            else:
                for mode, fn in (("eager", fixed.function), ("accelerated", _load(fixed_source))):
                    problem = _gradient_problem(original, fn, x, y, expected)
                    if problem is not None:
                        outcome.differ.append(f"{mode} x={x!r} y={y!r}: {problem}")
    return outcome
