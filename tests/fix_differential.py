"""Differential testing of `--fix`: does a fixed function compute what the original did?

`generate(seed)` writes a module holding one `@jax.jit` function `f(x, y)` with branches the
select fix may rewrite (returns, assignments with and without `else`, `elif`, conditional
expressions, `and`/`or`/`not` and chained conditions, nested ones inside `|` and calls, kept
values that may be `None`, inner conditionals) over values that differ in dtype, shape and
derivative (`x * 2.0`, `jnp.abs(y)`, `jnp.exp(x)`, `x ** 2`, `jnp.sqrt(x)`, literals), and
`print` calls with constants, strings and arrays. `check(source, fix)` fixes it with plain
`--fix` (safe fixes only) and runs the original eagerly (`jax.disable_jit`, as its author
meant it) against the fixed function eagerly and jitted, on inputs holding NaN, +-inf, +-0,
1e-40, 3e38, the int32 extremes and bools, in several shapes, comparing values, dtypes,
shapes and printed text, and gradients where the original's are finite.

The contract (docs/fix.md): on every input where the original runs, the safe-fixed function
returns the same values, dtypes and shapes and prints the same text; a fixed function that
still cannot be jitted (findings left) is "partly fixed" and must still agree eagerly. A fixed
function may raise a dtype TypeError where the original took another branch (`-b` of a bool
array), as `lax.cond` raises on mismatched branches: that is counted as `loud`, never hidden.

Used by tests/test_fix_differential.py (a bounded run) and benchmarks/fix_differential.py
(thousands of functions, with counts).
"""

from __future__ import annotations

import contextlib
import functools
import io
import random
import re
import types
from dataclasses import dataclass, field
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np

HEADER = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n\n@jax.jit\ndef f(x, y):\n"
# Branch values in families of one dtype rule (the same promotion whatever x and y hold; the
# fix may prove a select over one family exact), with derivatives bounded or not, and odd ones
# out: other shapes (`x.sum()`, `x > 0`), literals.
FAMILIES = [
    ["x", "-x", "jnp.abs(x)", "jnp.maximum(x, x)", "jnp.ones_like(x)", "jnp.zeros_like(x)"],
    ["x * 2.0", "x + 1.0", "x / 2.0", "jnp.tanh(x)", "jnp.exp(x)", "jnp.sqrt(x)", "jnp.log(x)", "jnp.cosh(x)",
     "jnp.sin(x)", "jnp.abs(x) + 1.0", "x - 0.5", "x ** 2.0"],
    ["x * 2", "x ** 2", "x ** 3", "jnp.square(x)", "x // 2", "jnp.maximum(x, 0)", "jnp.clip(x, -1, 1)", "x + 1"],
    ["x + y", "x * y", "jnp.maximum(x, y)", "x - y", "y + x"],
    ["y", "-y", "jnp.abs(y)"],
    ["y * 3.0", "y / 4.0", "jnp.tanh(y)"],
    ["0.0", "1.5", "-2.0"],
    # one part every branch reads, whose derivative is unbounded (it needs no bound of its own)
    ["jnp.exp(x)", "-jnp.exp(x)", "jnp.abs(jnp.exp(x))", "jnp.exp(x) * 2.0", "jnp.exp(x) - 1.0", "jnp.floor(jnp.exp(x))"],
    ["x * y", "jnp.abs(x * y)", "-(x * y)", "x * y + x * y", "jnp.tanh(x * y)"],
]
VALUES = [v for family in FAMILIES for v in family] + ["1", "True", "x > 0", "x - x.mean()", "x.sum()", "(x + y) / 2.0"]
CONDITIONS = [
    "x.sum() > 0", "x.max() < 1", "jnp.all(x > 0)", "y.sum() > 0", "x.mean() > y.mean()",
    "x.sum() > 0 and y.sum() < 1", "not x.sum() > 0", "-1 < x.sum() < 1", "x.min() > 0 or y.max() < 0",
    "(x.sum() > 0) | (y.sum() > 0 and x.max() < 1)", "jnp.logical_not(x.sum() > 0 or y.sum() > 0)",
    "x > 0", "x.sum() > y",
]
PRELUDES = ["", "z = x", "z = x * 1.0", "z = None", "z = jnp.sqrt(x)", "z = jnp.abs(y)", "z = x.sum()",
            "n = np.float32(0.5); z = jnp.abs(x + n)", "n = 's'; z = x * 2.0 if n else n"]
PRINTED = ["x", "'loss'", "0.1", "3", "x.sum()", "True", "-2.5", "1e-3", "y", "'a {b}'", "1 / 3", "None", "0.3"]


@dataclass(frozen=True)
class Grammar:
    """What `generate` draws from: the module's header (ending in `def f(x, y):`), families of
    branch values, all values, conditions, first lines and printed arguments."""

    header: str
    families: list[list[str]]
    values: list[str]
    conditions: list[str]
    preludes: list[str]
    printed: list[str]


JAX = Grammar(HEADER, FAMILIES, VALUES, CONDITIONS, PRELUDES, PRINTED)


def generate(seed: int, grammar: Grammar = JAX) -> str:
    """The source of one module with one traced function, drawn from `seed`."""
    rng = random.Random(seed)
    conditions = grammar.conditions
    lines = []
    prelude = rng.choice(grammar.preludes)
    if prelude:
        lines.append(prelude)
    if grammar.printed and rng.random() < 0.35:
        lines.append(f"print({', '.join(rng.sample(grammar.printed, rng.randint(1, 3)))})")
    form = rng.choice(["return", "assign", "assign2", "ifexp"])
    arms = rng.choice([1, 1, 2, 3])
    has_else = rng.random() < 0.6

    pool = rng.choice(grammar.families) if rng.random() < 0.7 else grammar.values

    def value() -> str:
        if rng.random() < 0.08:  # an inner conditional, left as it is when it cannot be fixed
            return f"({rng.choice(pool)} if {rng.choice(conditions)} else {rng.choice(pool + ['None'])})"
        return rng.choice(pool)

    if form == "ifexp":
        lines.append(f"return {value()} if {rng.choice(conditions)} else {value()}")
    else:
        names = ["z", "w"] if form == "assign2" else ["z"]
        for i in range(arms):
            lines.append(f"{'if' if i == 0 else 'elif'} {rng.choice(conditions)}:")
            lines += [f"    return {value()}"] if form == "return" else [f"    {n} = {value()}" for n in names]
        if has_else:
            lines.append("else:")
            lines += [f"    return {value()}"] if form == "return" else [f"    {n} = {value()}" for n in names]
        if form == "return":
            if not has_else:
                lines.append(f"return {rng.choice(pool + ['z'] if prelude else pool)}")
        else:
            if not has_else:  # each name keeps its earlier value: give `w` one
                lines.insert(0, "w = y")
            lines.append("return " + ", ".join(names))
    return grammar.header + "".join(f"    {line}\n" for line in lines)


def inputs() -> list[tuple[np.ndarray, np.ndarray]]:
    """(x, y) pairs: special floats, int32 extremes and bools, as vectors and scalars, each
    kind paired so that conditions go both ways, and a scalar x with a y of one element (a
    condition on y then has an axis the branches on x lack)."""
    special = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, 3e38, -3e38, 0.5], np.float32)
    positive = np.array([0.25, 1.5, 3.0], np.float32)
    negative = np.array([-0.75, -2.0, -1e-40], np.float32)
    mixed = np.array([-0.0, 2.0, -1.5], np.float32)
    ints = np.array([np.iinfo(np.int32).max, np.iinfo(np.int32).min, 0, 7], np.int32)
    small_ints = np.array([1, -3, 2], np.int32)
    bools = np.array([True, False, True])
    f32 = np.float32
    return [
        (positive, negative), (negative, positive), (mixed, positive), (special, special[::-1].copy()),
        (positive, f32(0.5)), (negative, f32(-2.0)), (f32(0.75), f32(-1.0)), (f32(-0.0), f32(3e38)),
        (f32(np.inf), f32(1e-40)), (f32(np.nan), f32(1.0)), (positive, positive[:1]), (f32(0.75), positive[:1]),
        (small_ints, small_ints), (ints, ints), (np.int32(-5), np.int32(2)), (np.int32(2**31 - 1), np.int32(3)),
        (bools, bools), (bools, ~bools), (np.bool_(True), np.bool_(False)), (small_ints, positive),
    ]


@dataclass
class Outcome:
    """What the differential check found for one function."""

    changed: bool = False  # --fix changed the module
    partly: bool = False  # fixed, but findings that break the trace are left
    differ: list[str] = field(default_factory=list)  # where the fixed function computes something else
    loud: int = 0  # inputs where the fixed function raised a dtype TypeError the original did not
    compared: int = 0  # inputs the original ran on


def _load(source: str) -> Callable:
    module = types.ModuleType("generated")
    exec(compile(source, "<generated>", "exec"), module.__dict__)  # noqa: S102 (code this module wrote)
    return module.f


def _run(fn: Callable, x, y, eager: bool):
    """`fn(x, y)` and what it printed. The inputs are passed as JAX arrays, as `jax.jit` passes
    them to the function it traces: under `disable_jit`, NumPy arrays would make `x ** 2` of a
    bool array NumPy's int64 where JAX computes int32, a difference of the harness, not of the
    function."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        with jax.disable_jit() if eager else contextlib.nullcontext():
            result = fn(jnp.asarray(x), jnp.asarray(y))
            result = jax.tree.map(jnp.asarray, result)
            jax.block_until_ready(result)
        jax.effects_barrier()
    return result, out.getvalue()


def _same(a, b) -> str | None:
    """Why the outputs `a` and `b` differ, or None."""
    la, lb = jax.tree.leaves(a), jax.tree.leaves(b)
    if len(la) != len(lb) or jax.tree.structure(a) != jax.tree.structure(b):
        return "structure"
    for p, q in zip(la, lb):
        if p.shape != q.shape:
            return f"shape {p.shape} vs {q.shape}"
        if p.dtype != q.dtype:
            return f"dtype {p.dtype} vs {q.dtype}"
        p, q = np.asarray(p), np.asarray(q)
        if np.issubdtype(p.dtype, np.inexact):
            if not np.allclose(p, q, rtol=1e-6, atol=_TINY, equal_nan=True):
                return f"values {p} vs {q}"
        elif not np.array_equal(p, q):
            return f"values {p} vs {q}"
    return None


# Eager operations flush float32 subnormals to zero where a jitted, fused one may not: that is
# the platform's arithmetic, not the fix's choice, so values closer than the smallest normal
# float32 are the same.
_TINY = float(np.finfo(np.float32).tiny)


def _loud(exc: Exception) -> bool:
    """A type refusal raised while the fixed function is traced, never a value: a lax
    operation refusing a dtype (in a select's branch), or `lax.cond` refusing branches of
    another dtype, shape or pytree structure, or a condition that is no scalar."""
    text = str(exc)
    refusals = ("does not accept dtype", "cannot be raised to negative", "boolean negative", "boolean subtract",
                "cond branches must have equal output types", "cond branch outputs must have the same pytree",
                "Pred must be a scalar", "Pred type must be either boolean or number")
    return isinstance(exc, TypeError) and any(refusal in text for refusal in refusals)


def _gradient(fn: Callable, x, y, eager: bool):
    def total(a, b):
        return sum(jnp.sum(leaf) for leaf in jax.tree.leaves(fn(a, b)))
    with jax.disable_jit() if eager else contextlib.nullcontext():
        return jax.grad(total, argnums=(0, 1))(jnp.asarray(x), jnp.asarray(y))


# Families whose findings, left in a fixed function, make it behave otherwise when jitted: it
# cannot be traced (ACC2, ACC3), or an effect runs only while tracing (ACC4). Such a function is
# partly fixed, and compared eagerly only.
JIT_CHANGING = ("ACC2", "ACC3", "ACC4")


@functools.cache
def _acclint():
    """The acclint `--fix` of plain settings (imported late: benchmarks/fix_differential.py
    may first point `acclint` at another checkout)."""
    from acclint.api import lint_bytes, options_for  # noqa: PLC0415
    from acclint.fix.apply import fix_source  # noqa: PLC0415
    from acclint.run.config import Settings  # noqa: PLC0415
    settings = Settings()
    options = options_for(settings)
    return lambda data, unsafe: fix_source(data, "gen.py", lambda d: lint_bytes(d, "gen.py", settings, options), unsafe)


def acclint_fix(source: str, unsafe: bool = False) -> tuple[str, bool]:
    """`source` after plain `--fix` (with `unsafe`: `--fix --unsafe-fixes`), and whether
    findings of JIT_CHANGING are left."""
    outcome = _acclint()(source.encode(), unsafe)
    return outcome.fixed.decode(), any(f.code.startswith(JIT_CHANGING) for f in outcome.result.findings)


def check(source: str, fix: Callable[[str], tuple[str, bool]] = acclint_fix) -> Outcome:
    """Fix `source` with `fix` (text -> (fixed text, findings breaking the trace left)) and
    compare the original and the fixed function on every input of `inputs()`."""
    fixed_source, left = fix(source)
    outcome = Outcome(changed=fixed_source != source)
    if not outcome.changed:
        return outcome
    outcome.partly = left
    original, fixed = _load(source), _load(fixed_source)
    for x, y in inputs():
        try:
            expected, printed = _run(original, x, y, eager=True)
        except Exception:  # noqa: BLE001 (the original does not run on this input: nothing to compare)
            continue
        outcome.compared += 1
        modes = [True] if left else [True, False]  # a partly fixed function is compared eagerly
        for eager in modes:
            where = f"{'eager' if eager else 'jit'} x={x!r} y={y!r}"
            try:
                got, got_printed = _run(fixed, x, y, eager)
            except Exception as exc:  # noqa: BLE001 (any exception is a finding of the check)
                if _loud(exc):
                    outcome.loud += 1
                else:
                    outcome.differ.append(f"{where}: raises {type(exc).__name__}: {str(exc)[:120]}")
                continue
            problem = _same(expected, got)
            flushed = None if eager or (problem is None and got_printed == printed) else _flushed(original, x, y)
            if problem is not None and flushed is not None and _same(flushed[0], got) is None:
                problem = None  # a condition on a subnormal: the jitted computation flushed it
            if problem is None and not _same_text(got_printed, printed) and (flushed is None or got_printed != flushed[1]):
                problem = f"prints {got_printed!r} for {printed!r}"
            if problem is not None:
                outcome.differ.append(f"{where}: {problem}")
                continue
            problem = _gradient_problem(original, fixed, x, y, eager, expected)
            if problem is not None:
                outcome.differ.append(f"{where}: {problem}")
    return outcome


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?")


def _same_text(got: str, want: str) -> bool:
    """Whether two printed texts are the same but for how numbers closer than the smallest
    normal float32 are written: a jitted callback formats a subnormal with the flush-to-zero
    mode of XLA's threads, where NumPy takes it for 0 when it picks a notation and prints its
    digits anyway (`0.0000...01` for `1e-40`), the platform's arithmetic again."""
    if got == want:
        return True
    if _NUMBER.split(got) != _NUMBER.split(want):
        return False
    pairs = zip(_NUMBER.findall(got), _NUMBER.findall(want))
    return all(a == b or abs(float(a) - float(b)) < _TINY for a, b in pairs)


def _flushed(original: Callable, x, y):
    """What the original returns and prints on the inputs with float32 subnormals flushed to
    zero, as XLA's jitted computations may flush them (eager ones do not); None when it does
    not run."""
    def flush(v):
        v = np.asarray(v)
        if not np.issubdtype(v.dtype, np.floating):
            return v
        return np.where(np.abs(v) < _TINY, np.copysign(np.zeros_like(v), v), v).astype(v.dtype)
    try:
        return _run(original, flush(x), flush(y), eager=True)
    except Exception:  # noqa: BLE001 (it ran on the inputs themselves; flushed, it need not)
        return None


def _gradient_problem(original, fixed, x, y, eager: bool, expected) -> str | None:
    """Gradients where the inputs and the output are floats and the original's is finite."""
    if not all(np.issubdtype(np.asarray(v).dtype, np.floating) for v in (x, y, *jax.tree.leaves(expected))):
        return None
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            want = _gradient(original, x, y, eager=True)
        except Exception:  # noqa: BLE001 (no gradient for the original: nothing to compare)
            return None
        if not all(np.all(np.isfinite(g)) for g in want):
            return None
        try:
            got = _gradient(fixed, x, y, eager)
        except Exception as exc:  # noqa: BLE001
            return f"gradient raises {type(exc).__name__}"
        jax.effects_barrier()
    for w, g in zip(want, got):
        if not np.allclose(w, g, rtol=1e-5 if eager else _FUSED, atol=_TINY, equal_nan=False):
            return f"gradient {np.asarray(g)} for {np.asarray(w)}"
    return None


# How far a jitted gradient may be from the eager one: XLA fuses a derivative and rounds it
# otherwise, and where it cancels it keeps few digits (tanh's `1 - t ** 2` near t = 1: the
# gradient of `jnp.sum(jnp.tanh(x * y))` in x at x * y = 4.5 is 0.00148058 eagerly and 0.00148075
# jitted, with no fix anywhere). The platform's arithmetic, not the fix's: what a fix changes
# (a nan, a zero, the other branch's derivative) is far larger.
_FUSED = 1e-3
