"""Blended selects: which `where` a module uses, and which branch code may be evaluated
unconditionally.

A select computes every branch and picks per element, so a rewrite from `if` to `where` is
only offered when each branch can run unconditionally without effects (`pure_problem`) and
keeps its shape (`shape_problem`); what else must be proven before it is called safe (one
dtype, one shape, bounded derivatives) is in acclint/fix/proof.py.
"""

from __future__ import annotations

from functools import cache
from typing import Callable

import libcst as cst

from acclint.fix.imports import Spelling, framework_of, spelled
from acclint.fix.proof import UNKNOWN, is_number
from acclint.frameworks.markers import MarkerTable
from acclint.lint.rule import RuleContext
from acclint.analysis.taint import Kind
from acclint.analysis.walk import children, walk_expression

# Callables that compute without effects: module prefixes (any attribute below them; each
# framework lists its own, `[fixes] pure_prefixes`) and exact builtins. A call to anything else
# might print, draw, write or mutate.
PURE_PREFIXES = ("math.",)
PURE_BUILTINS = frozenset({"abs", "min", "max", "sum", "len", "round", "pow"})
# Array methods that compute without effects, called on any value.
PURE_METHODS = frozenset({
    "sum", "mean", "std", "var", "max", "min", "prod", "reshape", "astype", "ravel", "transpose",
    "squeeze", "clip", "dot", "argmax", "argmin", "cumsum", "any", "all", "conj", "round",
    "flatten", "swapaxes", "take", "T",
})
DOUBLE_WHERE = (
    "keep the unpicked branch finite with a second where, e.g. "
    "jnp.where(c, jnp.log(jnp.where(c, x, 1.0)), 0.0)"
)


def where_spelling(ctx: RuleContext) -> Spelling:
    """The select this function should use: its framework's `where` (frameworks/*.toml).

    Functions the runtime traces (`dlaccelerate`, `dlfeval`, an `Acceleratable` layer, or a
    helper of one) get the runtime's `where`, which takes dlarrays; functions JAX traces get
    `jax.numpy.where` under the module's own alias, also in a module that uses both; a
    framework with no `where` (Keras 3, torch.compile) gets no select fix, and says so.
    """
    found = spelled(ctx, "where")
    if found is None:
        raise NoFix(f"{framework_of(ctx).title} has no select to rewrite the branch into")
    return found


def _first(node: cst.CSTNode, check: Callable[[cst.CSTNode], str | None]) -> str | None:
    """The first answer `check` gives for `node` or a node below it, in source order."""
    found = check(node)
    if found is None:
        found = next((f for f in (_first(child, check) for child in children(node)) if f is not None), None)
    return found


def pure_problem(node: cst.CSTNode, ctx: RuleContext) -> str | None:
    """Why `node` cannot be evaluated unconditionally (a call that may have effects, a walrus,
    a lambda, a yield), or None when it can."""
    return _first(node, lambda n: _impure(n, ctx))


def _impure(node: cst.CSTNode, ctx: RuleContext) -> str | None:
    if isinstance(node, cst.Call):
        if not _pure_call(node, ctx):
            return f"branch calls '{ctx.code_for(node.func)}', which may have side effects"
    elif isinstance(node, cst.NamedExpr):
        return "branch assigns with ':='"
    elif isinstance(node, (cst.Yield, cst.Await, cst.Lambda)):
        return f"branch holds a {type(node).__name__.lower()}"
    return None


def _pure_call(call: cst.Call, ctx: RuleContext) -> bool:
    func = call.func
    qualified = ctx.resolve(func)
    if qualified is not None and (qualified.startswith(_pure_prefixes(ctx.analysis.markers)) or qualified in PURE_BUILTINS):
        return not (isinstance(func, cst.Name) and ctx.is_local(func.value))
    return isinstance(func, cst.Attribute) and func.attr.value in PURE_METHODS


def unsafe_reason(hazard: str) -> str:
    """The "Fix safety" sentence for a select whose branch holds `hazard` (acclint.fix.proof's
    `gradient_problem`): a part whose derivative can be inf/nan, or one acclint has no rule for
    (marked UNKNOWN), of which it says only that it cannot prove it finite."""
    if hazard.startswith(UNKNOWN):
        return (
            f"both branches are evaluated, and acclint cannot prove the derivative of {hazard[len(UNKNOWN):]} finite on "
            f"the elements not picked, where an inf/nan derivative makes the gradient nan though the values are right"
        )
    return (
        f"both branches are evaluated and the derivative of {hazard} can be inf/nan on the elements not "
        f"picked, so gradients can be nan though the values are right; {DOUBLE_WHERE}"
    )


class NoFix(Exception):
    """Why a branch or condition cannot become a select; the text completes "(no fix: ...)"."""


def where_call(where: cst.BaseExpression, cond: cst.BaseExpression, a: cst.BaseExpression, b: cst.BaseExpression) -> cst.Call:
    """`where(cond, a, b)`, each operand stripped of redundant outer parentheses."""
    return cst.Call(where, [cst.Arg(bare(cond)), cst.Arg(bare(a)), cst.Arg(bare(b))])


def bare(node: cst.BaseExpression) -> cst.BaseExpression:
    """`node` without its redundant outer parentheses (an argument needs none)."""
    if isinstance(node, cst.Tuple) or not getattr(node, "lpar", None):
        return node
    return node.with_changes(lpar=[], rpar=[])


# Calls and attributes that rearrange an array into another shape: never in a select's branch.
RESHAPING = frozenset({
    "reshape", "ravel", "flatten", "squeeze", "expand_dims", "concatenate", "concat", "stack",
    "hstack", "vstack", "dstack", "column_stack", "transpose", "swapaxes", "moveaxis", "take",
    "repeat", "tile", "pad", "broadcast_to", "diag", "diagonal", "atleast_1d", "atleast_2d",
    "atleast_3d", "split", "nonzero", "zeros", "ones", "full", "empty", "arange", "linspace",
    "eye", "T", "mT",
})
# Calls that reduce or contract axes: harmless only as an operand of element-wise arithmetic
# with an unchanged array (`(x - x.mean()) / x.std()` keeps the shape of `x`).
REDUCING = frozenset({
    "sum", "mean", "max", "min", "prod", "any", "all", "argmax", "argmin", "std", "var", "median",
    "norm", "dot", "matmul", "einsum", "tensordot", "outer", "trace", "logsumexp",
})


def shape_problem(value: cst.BaseExpression, ctx: RuleContext, one_shape: bool = False) -> str | None:
    """Why selecting `value` may give another shape than the branch did, or None.

    A select broadcasts its branches together, so a branch that indexes, slices, reshapes or
    concatenates makes it raise or silently return the wrong shape; so does one that reduces,
    unless the reduction is only an operand of element-wise arithmetic with an array, or
    `one_shape` says every branch it is selected with has the shape it has (each a full
    reduction: `x.sum()` or `-x.sum()`; acclint/fix/proof.py's shape atoms).
    """
    for part in walk_expression(value):
        if _name_of(part) in RESHAPING or (isinstance(part, cst.Subscript) and not _key_lookup(part)):
            return f"'{ctx.code_for(part)}' may change the shape a select must keep"
    if not one_shape and _keeps_shape(value, ctx) is False:
        return f"'{ctx.code_for(value)}' may reduce the shape a select must keep"
    return None


def _keeps_shape(node: cst.BaseExpression, ctx: RuleContext) -> bool | None:
    """True: the shape of an array in it; False: a reduced one; None: a constant scalar."""
    if is_number(node):
        return None
    if _name_of(node) in REDUCING or (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.MatrixMultiply)):
        return False
    if isinstance(node, cst.Name) or (isinstance(node, cst.Subscript) and _key_lookup(node)):
        return True if ctx.kind(node) >= Kind.TREE else None
    if isinstance(node, cst.BinaryOperation):
        return _broadcast([_keeps_shape(node.left, ctx), _keeps_shape(node.right, ctx)])
    if isinstance(node, cst.UnaryOperation):
        return _keeps_shape(node.expression, ctx)
    if isinstance(node, cst.Call):
        parts = [a.value for a in node.args]
        if isinstance(node.func, cst.Attribute) and ctx.kind(node.func.value) >= Kind.TREE:
            parts.append(node.func.value)  # a method of an array: `x.astype(...)`, `x.clip(0)`
        return _broadcast([_keeps_shape(p, ctx) for p in parts])
    if isinstance(node, cst.Attribute):
        return _keeps_shape(node.value, ctx)
    if isinstance(node, cst.IfExp):  # a nested conditional: its arms, as its own select takes them
        return _broadcast([_keeps_shape(node.body, ctx), _keeps_shape(node.orelse, ctx)])
    return False  # anything else (a comprehension, a lambda): not known to keep it


def _key_lookup(node: cst.Subscript) -> bool:
    """`params["w"]`: an item of a pytree by its key, not an index into an array."""
    return len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) and isinstance(node.slice[0].slice.value, cst.BaseString)


def _broadcast(shapes: list[bool | None]) -> bool | None:
    """Element-wise operands broadcast to the unchanged array's shape, if one of them has it."""
    if True in shapes:
        return True
    return False if False in shapes else None


def _name_of(node: cst.CSTNode) -> str | None:
    """The called function's or method's last name (`x.reshape(...)` -> reshape), or `.T`."""
    if isinstance(node, cst.Attribute) and node.attr.value in ("T", "mT"):
        return node.attr.value
    if isinstance(node, cst.Call):
        func = node.func
        if isinstance(func, cst.Attribute):
            return func.attr.value
        if isinstance(func, cst.Name):
            return func.value
    return None


@cache
def _pure_prefixes(markers: MarkerTable) -> tuple[str, ...]:
    return PURE_PREFIXES + tuple(p for framework in markers.frameworks for p in framework.pure_prefixes)
