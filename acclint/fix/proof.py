"""What a select must be proven to keep before its rewrite is called safe.

`if c: z = a else: z = b` returns `a` or `b` as they are; `where(c, a, b)` promotes both to one
dtype, broadcasts both (and `c`) to one shape, evaluates both, and sends a zero cotangent into
the branch it does not pick. So the rewrite is exact only when

* every branch has one dtype and one shape whatever the inputs are (`signature`): each value's
  dtype is the promotion of a set of atoms (the arrays it is computed from, `int`/`float`/`bool`
  for Python literals, `float` again for a function that returns floats for any input), its
  shape the broadcast of another set (the arrays it is computed from, element-wise), and the
  branches must have the same two sets (`a @ b` promotes as `a * b` does, and its shape is an
  atom of its own); a part of no known rule is an atom of its own, its
  source text, so only the very same expression matches it; the condition's shape set must be
  within the branches' (a condition on `x` with branches on `x` adds no axis);
* no branch the select may not pick has a derivative that can be inf/nan (`gradient_problem`):
  `0 * inf` is nan. Only operations with a bounded derivative are proven: linear ones with
  literal coefficients, `abs`, `maximum`, `clip`, `floor`, ... and names whose every assignment
  is such an expression. `exp`, `x ** 2` and `x * y` are not (`d(x * y)/dx = y`, and `y` may be
  inf).

What is not proven makes the fix unsafe, with the reason, never refused: `--unsafe-fixes` may
still apply it. One difference is loud, and allowed as `lax.cond`'s mismatched branches are: a
branch whose operation refuses a dtype (`-b` of a bool array, `~x` of a float one) raises a
TypeError when the select is traced, also where the original took the other branch; it never
computes another value.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce

import libcst as cst

from acclint.analysis.taint import Kind
from acclint.analysis.walk import children
from acclint.lint.rule import RuleContext

# Element-wise functions (their last name, under jax.numpy / jax.nn / jax.lax / numpy / math)
# whose dtype is their arguments' promoted together with a Python float.
_FLOATING = frozenset({
    "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "rsqrt", "cbrt", "sin", "cos",
    "tan", "sinh", "cosh", "tanh", "arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh",
    "asin", "acos", "atan", "asinh", "acosh", "atanh", "arctan2", "atan2", "sigmoid", "softplus",
    "logaddexp", "hypot", "true_divide", "divide", "reciprocal", "erf", "erfc", "logit", "silu",
    "swish", "gelu", "deg2rad", "rad2deg",
})
# Element-wise functions whose dtype is the promotion of their arguments.
_PROMOTING = frozenset({
    "abs", "absolute", "negative", "positive", "maximum", "minimum", "fmax", "fmin", "add",
    "subtract", "multiply", "clip", "relu", "conj", "conjugate", "fabs",
})
# ... and of their arguments with a Python int (`square(b)` of a bool array is int32).
_INTEGRAL = frozenset({"square", "floor_divide", "mod", "remainder"})
# Element-wise functions that return bools.
_BOOLEAN = frozenset({
    "isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "logical_and", "logical_or",
    "logical_not", "logical_xor", "greater", "less", "equal", "not_equal", "greater_equal", "less_equal",
})
_NAMESPACES = ("jax.numpy.", "jax.nn.", "jax.lax.", "numpy.", "math.")
# ... and for derivatives only, the runtime's functions, which differentiate as their JAX twins
# (`relu` is jax.nn.relu's derivative, `abs` jnp.abs's): their dtypes and default dimensions
# are MATLAB's, which the dtype and shape atoms above do not model.
_DERIVATIVE_NAMESPACES = (*_NAMESPACES, "acclint.runtime.")
# Constructors of an array of another's dtype (weak type included) and shape, whose values do
# not depend on it: its signature, and no derivative.
_LIKE = frozenset({"zeros_like", "ones_like"})
# Reductions over every axis (no argument but the array): a scalar.
_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "any", "all", "std", "var", "amax", "amin"})

# Derivatives finite everywhere, NaN and inf inputs included (zero, one, a sign, a select), so
# the zero cotangent a select sends into a branch it does not pick stays zero. Not tanh or
# sigmoid: their derivative at NaN is NaN.
_BOUNDED_DERIVATIVE = frozenset({
    "abs", "absolute", "negative", "positive", "maximum", "minimum", "clip", "relu", "sign", "floor", "ceil", "round", "rint", "trunc", "where", "isnan", "isinf",
    "isfinite", "logical_and", "logical_or", "logical_not", "greater", "less", "equal", "add",
    "subtract", "stop_gradient",
})
_LINEAR_OPERATORS = (cst.Add, cst.Subtract)


# Marks an atom or a hazard acclint has no rule for (an unmodelled call, an attribute, a
# subscript): a reason naming one says what acclint cannot prove, never that a difference
# exists, since for some such parts none can (`jnp.ones_like(x)` has the dtype and shape of `x`).
UNKNOWN = "?"


def _unknown(text: str) -> str:
    return UNKNOWN + text


def _atom_code(atom: str) -> str:
    """An atom as code: a name, or the text of a part (`x.sum()`, an unknown one)."""
    return "'" + atom.removeprefix(UNKNOWN).strip("`") + "'"


def unknown_parts(atoms) -> list[str]:
    """The parts acclint has no rule for among `atoms`, as code."""
    return sorted(_atom_code(a) for a in atoms if a.startswith(UNKNOWN))


@dataclass(frozen=True)
class Signature:
    """What a value's dtype is promoted from, and what its shape is broadcast from."""

    dtypes: frozenset[str]
    shapes: frozenset[str]


def _merge(parts: list[Signature], *extra: str) -> Signature:
    return Signature(reduce(frozenset.union, (p.dtypes for p in parts), frozenset(extra)),
                     reduce(frozenset.union, (p.shapes for p in parts), frozenset()))


def signature(node: cst.BaseExpression, ctx: RuleContext, seen: dict[str, Signature] | None = None,
              literals: bool = True) -> Signature:
    """The dtype and shape atoms of `node` (see the module docstring). `seen` holds the names
    being followed to their assignments, with what they stand for meanwhile. Without
    `literals`, the atoms of Python literals (`int`, `float`, `bool`: weak types) are left out:
    what is left decides whether the value is weakly typed."""
    seen = {} if seen is None else seen
    if isinstance(node, cst.Integer):
        return Signature(_weak(literals, "int"), frozenset())
    if isinstance(node, cst.Float):
        return Signature(_weak(literals, "float"), frozenset())
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return Signature(_weak(literals, "bool"), frozenset())
    if isinstance(node, cst.Name):
        return _name_signature(node.value, ctx, seen, literals) if ctx.kind(node) is Kind.TRACED else _opaque(node, ctx)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus, cst.BitInvert)):
        return signature(node.expression, ctx, seen, literals)
    if isinstance(node, cst.Comparison):
        parts = [signature(node.left, ctx, seen, literals), *(signature(c.comparator, ctx, seen, literals) for c in node.comparisons)]
        return Signature(frozenset({"bool!"}), _merge(parts).shapes)
    if isinstance(node, cst.BooleanOperation):  # a condition: the select takes its logical_and/or
        parts = [signature(node.left, ctx, seen, literals), signature(node.right, ctx, seen, literals)]
        return Signature(frozenset({"bool!"}), _merge(parts).shapes)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        return Signature(frozenset({"bool!"}), signature(node.expression, ctx, seen, literals).shapes)
    if isinstance(node, cst.BinaryOperation):
        parts = [signature(node.left, ctx, seen, literals), signature(node.right, ctx, seen, literals)]
        if isinstance(node.operator, cst.Divide):
            return _merge(parts, *_weak(literals, "float"))
        if isinstance(node.operator, (cst.FloorDivide, cst.Modulo)):
            return _merge(parts, *_weak(literals, "int"))
        if isinstance(node.operator, cst.MatrixMultiply):  # promotes as `*` does; contracts an axis
            return Signature(_merge(parts).dtypes, _opaque(node, ctx).shapes)
        return _merge(parts)
    if isinstance(node, cst.Call):
        return _call_signature(node, ctx, seen, literals) or _opaque(node, ctx)
    return _opaque(node, ctx)


def _opaque(node: cst.BaseExpression, ctx: RuleContext) -> Signature:
    """A part of no known rule: an atom of its own, its source text (made only where needed: the
    text is a code generation of the whole part, and `signature` recurses through every part)."""
    atom = frozenset({_unknown(_text(node, ctx))})
    return Signature(atom, atom)


def _weak(literals: bool, *kinds: str) -> frozenset[str]:
    """The atoms of Python literals of `kinds` (weakly typed), or none without `literals`."""
    return frozenset(kinds) if literals else frozenset()


def _name_signature(name: str, ctx: RuleContext, seen: dict[str, Signature], literals: bool) -> Signature:
    """A parameter or global is an atom of its own. A local stands for the atoms of what is
    assigned to it when every assignment gives the same atoms (a reference to the name itself
    standing for those atoms): then every value it ever holds has that one dtype and shape.
    Otherwise (`z = x`, later `z = z * 2.0`) it is an atom of its own."""
    own = Signature(frozenset({name}), frozenset({name}))
    if name in seen:
        return seen[name]
    if not _assigned_local(name, ctx):
        return own
    flows = _flows(name, ctx)
    if not flows or any(how != "=" or not isinstance(target, cst.Name) for target, _, how in flows):
        return own
    empty = Signature(frozenset(), frozenset())
    guess = _merge([signature(value, ctx, {**seen, name: empty}, literals) for _, value, _ in flows])
    if all(signature(value, ctx, {**seen, name: guess}, literals) == guess for _, value, _ in flows):
        return guess
    return own


def _call_signature(node: cst.Call, ctx: RuleContext, seen: dict[str, Signature], literals: bool) -> Signature | None:
    if any(a.keyword is not None or a.star for a in node.args):
        return None
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value in _REDUCTIONS and not node.args and ctx.kind(func.value) is Kind.TRACED:
        return Signature(frozenset({_text(node, ctx)}), frozenset())  # `x.sum()`: a scalar
    name = _function(node, ctx)
    if name is None:
        return None
    if name in _REDUCTIONS and len(node.args) == 1:
        return Signature(frozenset({_text(node, ctx)}), frozenset())
    parts = [signature(a.value, ctx, seen, literals) for a in node.args]
    if name in _LIKE and len(parts) == 1:
        return parts[0]
    if name in _FLOATING:
        return _merge(parts, *_weak(literals, "float"))
    if name in _PROMOTING:
        return _merge(parts)
    if name in _INTEGRAL:
        return _merge(parts, *_weak(literals, "int"))
    if name in _BOOLEAN:
        return Signature(frozenset({"bool!"}), _merge(parts).shapes)
    return None


def _function(node: cst.Call, ctx: RuleContext, namespaces: tuple[str, ...] = _NAMESPACES) -> str | None:
    """The last name of a library function `node` calls (`jnp.exp` -> exp), or None."""
    qualified = ctx.resolve(node.func) or ""
    if qualified.startswith(namespaces) or qualified == "abs":
        return qualified.rsplit(".", 1)[-1]
    return None


def _text(node: cst.CSTNode, ctx: RuleContext) -> str:
    return "`" + ctx.code_for(node) + "`"


def signature_problem(values: list[cst.BaseExpression], tests: list[cst.BaseExpression], ctx: RuleContext) -> str | None:
    """Why the branches `values` may differ in dtype or shape (or the conditions `tests` add
    axes to them), or None when they cannot."""
    signatures = [signature(v, ctx) for v in values]
    first = signatures[0]
    for value, other in zip(values[1:], signatures[1:]):
        differ = [what for what, same in (("dtype", other.dtypes == first.dtypes), ("shape", other.shapes == first.shapes))
                  if not same]
        unknown = unknown_parts((other.dtypes ^ first.dtypes) | (other.shapes ^ first.shapes))
        if unknown:
            return (f"acclint has no dtype and shape rule for {', '.join(unknown)}, so it cannot prove that "
                    f"'{ctx.code_for(values[0])}' and '{ctx.code_for(value)}' have one dtype and shape, which the select makes them")
        if differ:  # parts of known rules: some inputs give them another dtype (an int `x` and `x * 2.0`) or shape
            return (f"'{ctx.code_for(values[0])}' and '{ctx.code_for(value)}' may differ in {' and '.join(differ)}, "
                    "and the select makes both one")
    operands = sorted(_atom_code(a) for a in first.dtypes - _LITERAL_KINDS)
    if ctx.framework.promotion != "lattice" and len(operands) > 1:
        return (f"the branches are computed from more than one array or part ({', '.join(operands)}), and "
                f"{ctx.framework.title} promotes by the operands' number of dimensions, step by step, so acclint "
                "cannot prove that they have one dtype, which the select makes them")
    for test in tests:
        if not condition_shapes(test, ctx) <= first.shapes:
            return f"the condition '{ctx.code_for(test)}' may have axes the branches lack, and the select broadcasts to them"
    return None


# The dtype atoms of Python literals and comparisons: no array's.
_LITERAL_KINDS = frozenset({"int", "float", "bool", "bool!"})



def condition_shapes(test: cst.BaseExpression, ctx: RuleContext) -> frozenset[str]:
    """The shape atoms of the condition `test`: its signature's, where an item of a traced name
    taken with integer literals (`x[0] > 0`, `x[0, -1]`) counts as the name: its shape is a
    tail of the name's, so it broadcasts within it."""
    if _item_of_name(test, ctx):
        return frozenset({test.value.value})
    if isinstance(test, cst.Comparison):
        return reduce(frozenset.union, (condition_shapes(c.comparator, ctx) for c in test.comparisons),
                      condition_shapes(test.left, ctx))
    if isinstance(test, cst.BooleanOperation):
        return condition_shapes(test.left, ctx) | condition_shapes(test.right, ctx)
    if isinstance(test, cst.UnaryOperation):
        return condition_shapes(test.expression, ctx)
    return signature(test, ctx).shapes


def _item_of_name(node: cst.BaseExpression, ctx: RuleContext) -> bool:
    """`x[0]`, `x[1, -1]`: integer literals indexing a traced name."""
    def integer(index: cst.BaseSlice) -> bool:
        value = index.value if isinstance(index, cst.Index) else None
        if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
            value = value.expression
        return isinstance(value, cst.Integer)
    return isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and ctx.kind(node.value) is Kind.TRACED \
        and all(integer(e.slice) for e in node.slice)


def one_shape(values: list[cst.BaseExpression], ctx: RuleContext) -> bool:
    """Whether the branches `values` have one shape whatever the inputs are: the same shape
    atoms, none of them a part acclint has no rule for."""
    shapes = {signature(v, ctx).shapes for v in values}
    return len(shapes) == 1 and not unknown_parts(next(iter(shapes)))


def _passed_on(node: cst.CSTNode, ctx: RuleContext, seen: frozenset[str], trees: bool) -> list[cst.CSTNode]:
    """`node` and the parts of it whose value may come out of it as it is (a call's arguments,
    an attribute's object), in source order. The operands of arithmetic with an array for sure
    are left out: that computes a new array from them, or raises."""
    found = [node]
    if isinstance(node, cst.BinaryOperation) and any(
            not is_number(o) and array_problem(o, ctx, seen, trees) is None for o in (node.left, node.right)):
        return found
    if not isinstance(node, cst.Lambda):
        for child in children(node):
            found += _passed_on(child, ctx, seen, trees)
    return found


def is_number(value: cst.BaseExpression) -> bool:
    """A numeric or bool literal, possibly negated (`0.0`, `-1`): a select broadcasts it."""
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, (cst.Minus, cst.Plus)):
        value = value.expression
    if isinstance(value, cst.Name) and value.value in ("True", "False"):
        return True
    return isinstance(value, (cst.Integer, cst.Float))


def array_problem(node: cst.BaseExpression, ctx: RuleContext, seen: frozenset[str] = frozenset(),
                  trees: bool = False) -> str | None:
    """Why `node` may not be an array (a select of strings, None or objects raises), or None.
    With `trees`, a pytree whose every leaf is a tracer (a `TREE`: a transform's argument, an
    item of one) is fine too: `lax.cond` returns such a pytree as it is.

    The taint analysis says what a name may hold anywhere in the function, so a name is
    followed to every value assigned to it (`z = None` before `if c: z = x` makes `z` no array
    for sure); a conditional expression (one left unfixed) or an `and`/`or` yields one of its
    operands, so each must be an array. A name that is an operand of arithmetic with an array
    for sure is not followed: the operation computes a new array from it, or raises, so a host
    draw in `loss = f(w, x + noise)` leaves `loss` an array.
    """
    if is_number(node):
        return None
    if isinstance(node, cst.IfExp):
        return array_problem(node.body, ctx, seen, trees) or array_problem(node.orelse, ctx, seen, trees)
    if isinstance(node, cst.BooleanOperation):
        return array_problem(node.left, ctx, seen, trees) or array_problem(node.right, ctx, seen, trees)
    if ctx.kind(node) < (Kind.TREE if trees else Kind.TRACED):
        return f"'{ctx.code_for(node)}' is not an array for sure, and a select needs arrays"
    for part in _passed_on(node, ctx, seen, trees):
        if isinstance(part, cst.Name) and part.value not in seen and _assigned_local(part.value, ctx):
            for target, value, how in _flows(part.value, ctx):
                if how == "=" and isinstance(target, cst.Name):
                    problem = array_problem(value, ctx, seen | {part.value}, trees)
                    if problem is not None:
                        return f"'{part.value}' may not be an array: {problem}"
    return None


def _assigned_local(name: str, ctx: RuleContext) -> bool:
    """A name the function assigns, not one of its parameters."""
    return ctx.is_local(name) and not any(p.name == name for p in ctx.function.params)


def _flows(name: str, ctx: RuleContext) -> list[tuple[cst.BaseExpression, cst.BaseExpression, str]]:
    """Every (target, value, how) of the function that binds `name` (in a comprehension too)."""
    body = ctx.analysis.body(ctx.function)
    return [(t, v, how) for t, v, how in (*body.flows, *body.comprehension_flows) if target_binds(t, name)]


def gradient_problem(node: cst.BaseExpression, ctx: RuleContext, seen: frozenset[str] = frozenset()) -> str | None:
    """What in `node` may have an inf/nan derivative, or None when every part's derivative is
    bounded. A local name answers for every value assigned to it in the function. `seen` holds
    the names being answered for, and the locals and parts every branch reads (`shared_reads`),
    which need no bound."""
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return None
    if not isinstance(node, cst.Name) and seen and ctx.code_for(node) in seen:
        return None
    if isinstance(node, cst.Name):
        return _name_gradient(node.value, ctx, seen)
    if isinstance(node, cst.UnaryOperation):
        return gradient_problem(node.expression, ctx, seen)
    if isinstance(node, cst.Comparison):
        return None  # a comparison has no derivative
    if isinstance(node, cst.BinaryOperation):
        op = node.operator
        if isinstance(op, _LINEAR_OPERATORS) or (isinstance(op, cst.Multiply) and (_literal(node.left) is not None or _literal(node.right) is not None)) \
                or (isinstance(op, cst.Divide) and _literal(node.right) not in (None, 0.0)) \
                or (isinstance(op, cst.Power) and _literal(node.right) in (0.0, 1.0)):
            return gradient_problem(node.left, ctx, seen) or gradient_problem(node.right, ctx, seen)
        return f"'{ctx.code_for(node)}'"
    if isinstance(node, cst.Call) and not any(a.keyword is not None or a.star for a in node.args):
        name = _function(node, ctx, _DERIVATIVE_NAMESPACES)
        func = node.func
        if name is None and isinstance(func, cst.Attribute) and func.attr.value in ("clip", "sum", "mean") and ctx.kind(func.value) is Kind.TRACED:
            name, operands = func.attr.value, [func.value, *(a.value for a in node.args)]
        else:
            operands = [a.value for a in node.args]
        if name in _LIKE:
            return None  # its values do not depend on its argument
        if name in _BOUNDED_DERIVATIVE or name in ("sum", "mean"):
            return next((p for p in (gradient_problem(o, ctx, seen) for o in operands) if p is not None), None)
    if isinstance(node, cst.Attribute) and ctx.kind(node) is not Kind.TRACED:
        return None  # `x.shape`, `x.dtype`: static
    if isinstance(node, cst.Call) and _function(node, ctx, _DERIVATIVE_NAMESPACES) in _FLOATING | _INTEGRAL:
        return f"'{ctx.code_for(node)}'"  # `exp` overflows, `log` and `sqrt` blow up at 0, each is nan at nan
    return _unknown(f"'{ctx.code_for(node)}'")


# Functions whose derivative JAX computes as a number wherever it is taken: a name read through
# them gets a cotangent from the branch that reads it (not the symbolic zero of a comparison,
# `floor`, `sign` or `stop_gradient`, which leaves it none).
_NUMERIC_DERIVATIVE = (_FLOATING | _PROMOTING | {"square", "sum", "mean", "where"}) - {"floor_divide", "mod", "remainder"}
_NUMERIC_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power, cst.MatrixMultiply)


def shared_reads(values: list[cst.BaseExpression], ctx: RuleContext) -> frozenset[str]:
    """The locals, and the code of the parts, that every one of `values` reads through
    operations with a numeric derivative.

    Such a local or part needs no bounded derivative of its own, for a select or a cond:
    whichever branch is picked reads it, so it gets the cotangent the original's `if` gave it
    (the branches not picked add exact zeros, their own parts' derivatives being bounded, which
    is checked apart). Where its derivative is inf or nan, the zero a branch not picked sends
    through it makes nan, but so does the picked branch's cotangent (`c * inf` is inf, `0 * inf`
    nan): the original's gradient is not finite there either (`relu(x * s)` or `x * s`: both
    read `x * s`). A local only some branches read gets a zero cotangent where the original
    sent it none, and `0 * inf` is nan in its own derivative (`z = jnp.sqrt(x)`, kept by an arm
    not picked at x = 0).
    """
    reads = [_differentiable_reads(v, ctx) for v in values]
    return reduce(frozenset.intersection, reads) if reads else frozenset()


def _differentiable_reads(node: cst.BaseExpression, ctx: RuleContext) -> frozenset[str]:
    if isinstance(node, cst.Name):
        return frozenset({node.value}) if _assigned_local(node.value, ctx) else frozenset()
    found = frozenset({ctx.code_for(node)})
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        return found | _differentiable_reads(node.expression, ctx)
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _NUMERIC_OPERATORS):
        return found | _differentiable_reads(node.left, ctx) | _differentiable_reads(node.right, ctx)
    if isinstance(node, cst.Call) and not any(a.keyword is not None or a.star for a in node.args):
        func = node.func
        operands = [a.value for a in node.args]
        name = _function(node, ctx, _DERIVATIVE_NAMESPACES)
        if name is None and isinstance(func, cst.Attribute) and ctx.kind(func.value) is Kind.TRACED:
            name, operands = func.attr.value, [func.value, *operands]
        if name == "where":
            operands = operands[1:]  # the condition has no derivative
        if name in _NUMERIC_DERIVATIVE:
            return reduce(frozenset.union, (_differentiable_reads(o, ctx) for o in operands), found)
    return found


def _name_gradient(name: str, ctx: RuleContext, seen: frozenset[str]) -> str | None:
    if name in seen or not _assigned_local(name, ctx):
        return None  # an input, a global, or a name already being answered for
    for target, value, how in _flows(name, ctx):
        if how == "in" or not (isinstance(target, cst.Name) or how == "+="):
            return _unknown(f"'{name}' (assigned in a way whose derivative is not followed)")
        # the parts every branch reads are excused where the branches read them, not in what
        # a name was assigned before (another point of the program): only names go on
        problem = gradient_problem(value, ctx, frozenset(s for s in seen if s.isidentifier()) | {name})
        if problem is not None:
            return f"{problem} (in the value of '{name}')"  # unknown as `problem` is
    return None


def target_binds(target: cst.BaseExpression, name: str) -> bool:
    """Whether assigning to `target` (a name, a tuple or list of targets, starred) binds `name`."""
    if isinstance(target, cst.Name):
        return target.value == name
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(target_binds(e.value, name) for e in target.elements)
    if isinstance(target, cst.StarredElement):
        return target_binds(target.value, name)
    return False


def _literal(node: cst.BaseExpression) -> float | None:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _literal(node.expression)
        return None if inner is None else -inner
    if isinstance(node, (cst.Integer, cst.Float)):
        return float(node.evaluated_value)
    return None
