"""A select's condition: an array of bools, never Python's `and`, `or` or `not`.

`if a and b:` on tracers asks each operand for its truth; moved unchanged into
`where(a and b, x, y)` it still does, and raises. So the operators become their element-wise
forms (`jnp.logical_and`, `logical_or`, `logical_not`, spelled as the module spells `jax.numpy`),
and a chained comparison `lo < x < hi` becomes the `logical_and` of its links. This keeps the
meaning: `if` looks only at the truth of `a and b`, which `logical_and` computes per element.
Each operand must then be an array or a number for sure (a comparison, a traced value, a
literal): `jnp.logical_and(None, x)` raises where `None and x` did not.

Only the outer structure of the condition (what `if` truth-tests) is rewritten. An `and`, `or`,
`not` or chained comparison below anything else (`(a and b) | c`, `jnp.any(a or b)`) yields one
of its operands' values, not a truth, and would still truth-test a tracer in the select: the
fix is then withheld, and the finding stays.
"""

from __future__ import annotations

import libcst as cst

from acclint.fix.imports import framework_of, spelled
from acclint.fix.proof import is_number
from acclint.fix.select import NoFix, bare, pure_problem
from acclint.lint.rule import RuleContext
from acclint.analysis.taint import Kind
from acclint.analysis.walk import walk_expression

_LOGICAL = {cst.And: "logical_and", cst.Or: "logical_or"}
_LOGICAL_NAMES = ("logical_and", "logical_or", "logical_not")  # spellings the rewrite needs


def select_condition(test: cst.BaseExpression, ctx: RuleContext) -> tuple[cst.BaseExpression, tuple[str, ...]]:
    """`test` as a select can take it, and the imports that needs; raises NoFix."""
    if not _needs_rewrite(test) and not _bool_call(test, ctx):
        _check_no_truth_test(test, ctx)
        return test, ()
    framework = framework_of(ctx)
    if not all(name in framework.spellings for name in _LOGICAL_NAMES):
        raise NoFix(f"the condition uses 'and', 'or', 'not' or a chained comparison, which {framework.title}'s "
                    "where cannot take; combine the parts with & | ~")
    imports: list[str] = []

    def logical(name: str, *operands: cst.BaseExpression) -> cst.Call:
        spelling = spelled(ctx, name)
        imports.extend(spelling.imports)
        return cst.Call(spelling.node(), [cst.Arg(bare(o)) for o in operands])

    def convert(node: cst.BaseExpression) -> cst.BaseExpression:
        if _bool_call(node, ctx):
            return convert(node.args[0].value)  # `bool(c)`: a select tests c's truth itself
        if isinstance(node, cst.BooleanOperation):
            return logical(_LOGICAL[type(node.operator)], convert(node.left), convert(node.right))
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return logical("logical_not", convert(node.expression))
        if isinstance(node, cst.Comparison) and len(node.comparisons) > 1:
            return logical("logical_and", *_links(node, ctx))
        if not (isinstance(node, cst.Comparison) or is_number(node) or ctx.kind(node) is Kind.TRACED):
            raise NoFix(f"'{ctx.code_for(node)}' in the condition is not an array for sure, and "
                        "its element-wise 'and'/'or'/'not' needs one")
        _check_no_truth_test(node, ctx)
        return node

    return convert(test), tuple(imports)


def _bool_call(node: cst.BaseExpression, ctx: RuleContext) -> bool:
    return isinstance(node, cst.Call) and len(node.args) == 1 and not node.args[0].star and ctx.resolve(node.func) == "bool"


def _check_no_truth_test(operand: cst.BaseExpression, ctx: RuleContext) -> None:
    """Raises NoFix when an `and`, `or`, `not` or chained comparison sits inside `operand`
    (a leaf of the rewrite): a select would still truth-test it."""
    for part in walk_expression(operand):
        if part is not operand and _needs_rewrite(part):
            raise NoFix(f"'{ctx.code_for(part)}' inside the condition truth-tests its operands, "
                        "and a select cannot take it; combine the parts with & | ~")


def _needs_rewrite(test: cst.BaseExpression) -> bool:
    if isinstance(test, cst.BooleanOperation):
        return True
    if isinstance(test, cst.UnaryOperation):
        return isinstance(test.operator, cst.Not)
    return isinstance(test, cst.Comparison) and len(test.comparisons) > 1


def _links(chain: cst.Comparison, ctx: RuleContext) -> list[cst.Comparison]:
    """`a < b < c` -> `a < b`, `b < c`; `b` is then evaluated twice, so it must be pure."""
    links, left = [], chain.left
    for target in chain.comparisons:
        links.append(cst.Comparison(bare(left), [target.with_changes(comparator=bare(target.comparator))]))
        left = target.comparator
    for target in chain.comparisons[:-1]:
        problem = pure_problem(target.comparator, ctx)
        if problem is not None:
            raise NoFix(problem.replace("branch", "the chained comparison", 1))
    return links
