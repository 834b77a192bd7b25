"""Differential testing of `--fix` on torch code: does a fixed `torch.compile`d function compute
what the original did?

`generate(seed, TORCH)` (tests/fix_differential.py) writes a module holding one function `f(x,
y)` under `torch.compile` with branches the select fix may rewrite into `torch.where`, over
values whose dtypes follow torch's promotion by number of dimensions (a 0-d float64 tensor and
an int32 vector give float64; with a float16 vector, the order of the operations decides), whose
derivatives are bounded or not, and full reductions. `check(source)` fixes it with plain
`--fix` and runs the original eagerly against the fixed function eagerly and compiled (Dynamo
with the eager backend: the ATen operations the fix wrote, traced), on tensors holding NaN,
+-inf, +-0, 3e38, the int32 extremes and bools, 0-d and vectors, float16, float32, float64,
int32, int64, comparing values, dtypes, shapes, and gradients where the original's are finite.

As for JAX, a fixed function may raise where a branch's operation refuses a dtype (torch's `-`
of a bool tensor), also where the original took the other branch: `loud`, never another value.

Used by tests/test_fix_differential.py (a bounded run, skipped without torch) and
benchmarks/fix_differential.py (`--torch`).
"""

from __future__ import annotations

import functools
import logging
import types
from typing import Callable

import numpy as np
import torch
import torch._dynamo

from fix_differential import Grammar, Outcome, acclint_fix, inputs

HEADER = 'import torch\n\n\n@torch.compile(backend="eager", dynamic=False)\ndef f(x, y):\n'
FAMILIES = [
    ["x", "-x", "abs(x)", "x * 1"],
    ["x * 2.0", "x + 1.0", "x / 2.0", "torch.tanh(x)", "torch.exp(x)", "x - 0.5", "x ** 2.0"],
    ["x * 2", "x ** 2", "x + 1", "x // 2"],
    # more than one tensor: torch's promotion depends on the order of the operations
    ["x + y", "x * y", "x - y", "y + x", "(x + y) * 2.0", "x * 2.0 + y", "x + (y + x)"],
    ["y", "-y", "abs(y)"],
    ["0.0", "1.5"],
    ["x.sum()", "-x.sum()", "x.sum() * 2.0", "x.mean()"],
    ["torch.exp(x)", "-torch.exp(x)", "torch.exp(x) * 2.0", "abs(torch.exp(x))"],
]
VALUES = [v for family in FAMILIES for v in family] + ["1", "x > 0"]
CONDITIONS = [
    "x.sum() > 0", "x.max() < 1", "(x > 0).all()", "y.sum() > 0", "x.sum() > y.sum()",
    "x.sum() > 0 and y.sum() < 1", "not x.sum() > 0", "x[0] > 0", "x > 0", "x.sum() > y",
]
PRELUDES = ["", "z = x", "z = x * 1.0", "z = None", "z = torch.exp(x)", "z = abs(y)"]
TORCH = Grammar(HEADER, FAMILIES, VALUES, CONDITIONS, PRELUDES, [])


def tensor_inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    """The JAX run's (x, y) pairs as tensors, and pairs whose dtypes torch promotes by number of
    dimensions: a 0-d float64 with an int32 or float16 vector, int64 and float16 vectors."""
    pairs = [(torch.tensor(np.asarray(x)), torch.tensor(np.asarray(y))) for x, y in inputs()]
    i32 = torch.tensor([1, -3, 2], dtype=torch.int32)
    f16 = torch.tensor([0.5, -2.0, 65504.0], dtype=torch.float16)
    for f64 in (torch.tensor(1.5, dtype=torch.float64), torch.tensor(-1.5, dtype=torch.float64)):
        pairs += [(f64, i32), (i32, f64), (f16, f64), (f64, f16)]
    return pairs + [(torch.tensor([4, -5], dtype=torch.int64), i32), (f16, f16.flip(0))]


# A branch's operation refusing a dtype (computed also where the original took the other branch).
_REFUSALS = ("bool tensor is not supported", "not implemented for", "Integers to negative integer powers")


@functools.cache
def _quiet_dynamo() -> None:
    """Dynamo logs, at error level, each refusal the compiled function then raises (counted)."""
    logging.getLogger("torch").setLevel(logging.CRITICAL)
    torch._dynamo.config.recompile_limit = 64  # a new dtype or shape per input compiles again


def _load(source: str) -> tuple[Callable, Callable]:
    """The module's `f` run eagerly (the function torch.compile wrapped) and compiled."""
    module = types.ModuleType("generated")
    exec(compile(source, "<generated>", "exec"), module.__dict__)  # noqa: S102 (code this module wrote)
    return module.f._torchdynamo_orig_callable, module.f


def _leaves(result) -> list[torch.Tensor]:
    items = result if isinstance(result, tuple) else (result,)
    return [torch.as_tensor(r) for r in items]


def _same(a: list[torch.Tensor], b: list[torch.Tensor]) -> str | None:
    if len(a) != len(b):
        return "structure"
    for p, q in zip(a, b):
        if p.shape != q.shape:
            return f"shape {tuple(p.shape)} vs {tuple(q.shape)}"
        if p.dtype != q.dtype:
            return f"dtype {p.dtype} vs {q.dtype}"
        if p.is_floating_point():
            if not torch.allclose(p.double(), q.double(), rtol=1e-6, atol=1e-38, equal_nan=True):
                return f"values {p} vs {q}"
        elif not torch.equal(p, q):
            return f"values {p} vs {q}"
    return None


def _gradient(fn: Callable, x: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    xs, ys = x.clone().requires_grad_(True), y.clone().requires_grad_(True)
    total = sum(leaf.sum() for leaf in _leaves(fn(xs, ys)) if leaf.requires_grad)
    if not isinstance(total, torch.Tensor):
        return torch.zeros_like(x), torch.zeros_like(y)
    grads = torch.autograd.grad(total, (xs, ys), allow_unused=True)
    return tuple(torch.zeros_like(v) if g is None else g for g, v in zip(grads, (x, y)))


def _gradient_problem(original: Callable, fixed: Callable, x, y) -> str | None:
    """Gradients where the inputs are floats and the original's is finite."""
    if not (x.is_floating_point() and y.is_floating_point()):
        return None
    try:
        want = _gradient(original, x, y)
    except Exception:  # noqa: BLE001 (no gradient for the original: nothing to compare)
        return None
    if not all(torch.isfinite(g).all() for g in want):
        return None
    try:
        got = _gradient(fixed, x, y)
    except Exception as exc:  # noqa: BLE001
        return f"gradient raises {type(exc).__name__}"
    for w, g in zip(want, got):
        if not torch.allclose(w.double(), g.double(), rtol=1e-5, atol=1e-38):
            return f"gradient {g} for {w}"
    return None


def check(source: str, compiled: bool = True, unsafe: bool = False) -> Outcome:
    """Fix `source` with plain `--fix` (with `unsafe`, `--unsafe-fixes` too) and compare the
    original (eagerly) and the fixed function (eagerly, and compiled with `compiled`) on every
    input of `tensor_inputs()`."""
    fixed_source, left = acclint_fix(source, unsafe)
    outcome = Outcome(changed=fixed_source != source)
    if not outcome.changed:
        return outcome
    outcome.partly = left
    _quiet_dynamo()
    torch._dynamo.reset()  # each function compiles afresh, so no recompile limit falls back to eager
    original, _ = _load(source)
    fixed_eager, fixed_compiled = _load(fixed_source)
    runs = [("eager", fixed_eager)] + ([("compiled", fixed_compiled)] if compiled and not left else [])
    for x, y in tensor_inputs():
        try:
            expected = _leaves(original(x, y))
        except Exception:  # noqa: BLE001 (the original does not run on this input: nothing to compare)
            continue
        outcome.compared += 1
        for mode, fixed in runs:
            where = f"{mode} x={x!r} y={y!r}"
            try:
                got = _leaves(fixed(x, y))
            except Exception as exc:  # noqa: BLE001 (any exception is a finding of the check)
                if any(r in str(exc) for r in _REFUSALS):
                    outcome.loud += 1
                else:
                    outcome.differ.append(f"{where}: raises {type(exc).__name__}: {str(exc)[:160]}")
                continue
            problem = _same(expected, got) or _gradient_problem(original, fixed, x, y)
            if problem is not None:
                outcome.differ.append(f"{where}: {problem}")
    return outcome
