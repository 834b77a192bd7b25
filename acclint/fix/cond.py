"""`lax.cond`: the branch rewrite for a select that cannot be proven exact.

`where(c, a, b)` computes both branches, promotes them to one dtype and broadcasts them to one
shape, and acclint/fix/proof.py must prove that this changes nothing. `lax.cond(c, lambda: a,
lambda: b)` needs no such proof for most of it, because it either computes what `if` did or
raises while the function is traced:

* JAX traces both branches and raises a TypeError when they differ in dtype, shape or pytree
  structure, or when the condition is not a scalar: loudly, at trace time, never another value;
* it runs only the branch the condition picks, so the derivatives of what a branch computes
  are never multiplied by the zero cotangent of a branch not picked (no `0 * inf`), and under
  `jax.disable_jit` it is Python's `if`; what the branches read from before the cond does get
  that zero cotangent, so every local they read must have a derivative finite for every input
  (proof.gradient_problem, as for a select's branches);
* it does not compare the branches' weak types (a Python literal `2.0` is a weak float32, an
  input `x` a strong one) and returns the false branch's: a weak and a strong float32 promote
  differently later (`bf16 * z`), so every branch must be computed from the same arrays (the
  `signature` dtype atoms other than Python literals), and reductions count as arrays of their
  own (`x.sum()` of a weak `x` is strong);
* under `vmap` a cond on a batched condition becomes a select, computing both branches and
  taking a select's gradient: a function a batching transform reaches gets no cond. shard_map
  runs the function once per shard as written (its marker says `batches = false`), and a cond
  there stays a cond.

Both branches are traced, so each must be free of effects (acclint/fix/select.py), and each must
be an array for sure, or a pytree whose every leaf is a tracer (a transform's argument, which
the cond returns with its structure): a Python value would come back as an array.
"""

from __future__ import annotations

import libcst as cst

from acclint.fix.imports import Spelling, spelled
from acclint.analysis.walk import walk_expression
from acclint.fix.proof import array_problem, gradient_problem, shared_reads, signature
from acclint.fix.select import bare, pure_problem
from acclint.frameworks.markers import VMAPPED
from acclint.lint.rule import RuleContext

def cond_spelling(groups: list[list[cst.BaseExpression]], ctx: RuleContext) -> Spelling | None:
    """The `lax.cond` to rewrite a branch with when it is exact (see the module docstring),
    else None. `groups` holds, per value the branch yields, that value in each arm."""
    if _batched(ctx):
        return None
    for values in groups:
        shared = shared_reads(values, ctx)
        if any(pure_problem(v, ctx) or array_problem(v, ctx, trees=True) or _closure_problem(v, ctx, shared) for v in values):
            return None
        if len({signature(v, ctx, literals=False).dtypes for v in values}) > 1:
            return None
    return spelled(ctx, "cond")


def _batched(ctx: RuleContext) -> bool:
    """Whether a transform that batches may reach the function: one of its vmapped markers
    batches, or acclint cannot tell which marker put it in a vmapped context."""
    if VMAPPED not in ctx.function.contexts:
        return False
    table = ctx.analysis.markers.markers
    vmapped = [table.get(name) for name in ctx.function.markers]
    vmapped = [m for m in vmapped if m is None or m.kind == VMAPPED]
    return not vmapped or any(m is None or m.batches for m in vmapped)


def _closure_problem(value: cst.BaseExpression, ctx: RuleContext, shared: frozenset[str]) -> str | None:
    """A local `value` reads whose derivative may be inf/nan (proof.gradient_problem): it is
    computed before the cond, which sends it a zero cotangent when the arm reading it is not
    taken, and 0 * inf is nan (`z = jnp.sqrt(x)` kept by an arm not taken at x < 0). A local
    every arm reads (`shared`, proof.shared_reads) gets from the arm taken what the original
    gave it."""
    names = (n for n in walk_expression(value) if isinstance(n, cst.Name) and n.value not in shared)
    return next((p for p in (gradient_problem(n, ctx) for n in names) if p is not None), None)


def cond_call(cond: cst.BaseExpression, tests: list[cst.BaseExpression], values: list[cst.BaseExpression]) -> cst.Call:
    """`cond(t1, lambda: v1, lambda: cond(t2, lambda: v2, lambda: v3))` for
    len(values) == len(tests) + 1: an `elif` is tested only when the `if` before it is false."""
    result = values[-1]
    for test, value in zip(reversed(tests), reversed(values[:-1])):
        result = cst.Call(cond, [cst.Arg(bare(test)), cst.Arg(_thunk(value)), cst.Arg(_thunk(result))])
    return result


def _thunk(value: cst.BaseExpression) -> cst.Lambda:
    return cst.Lambda(cst.Parameters(), bare(value) if not isinstance(value, cst.Tuple) else value)
