"""Rewrite a branch on a traced condition into blended selects, or into `lax.cond` where only
that is exact (acclint/fix/cond.py).

Two shapes are rewritten (see docs/fix.md):

* every arm returns an expression (`if c: return a` / `else: return b`, or the `return b`
  right after the `if`): `return where(c, a, b)`;
* every arm assigns expressions to the same names in the same order (a missing `else` keeps
  the value each name had before the `if`): `y = where(c, a, y)`, one select per name, with
  the condition hoisted to a temporary when more than one name uses it.

`elif` chains become nested selects (nested conds). A chain is first read into a `_Plan` (what
each arm yields), which either rewrite then spells. Anything else comes back as the reason no
fix is offered.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from acclint.common.findings import Fix
from acclint.analysis.walk import walk_expression
from acclint.fix.checked import CHECKED, checked_spelling
from acclint.fix.cond import cond_call, cond_spelling
from acclint.fix.conditions import select_condition
from acclint.fix.names import fresh_names
from acclint.fix.proof import array_problem, gradient_problem, one_shape, shared_reads, signature_problem, target_binds
from acclint.fix.select import NoFix, bare, pure_problem, shape_problem, unsafe_reason, where_call, where_spelling
from acclint.lint.rule import RuleContext

# Statements a branch may not hold, and how the refusal names them.
_REFUSED = {
    cst.Raise: "branch raises",
    cst.For: "branch holds a loop",
    cst.While: "branch holds a loop",
    cst.Break: "branch holds 'break'",
    cst.Continue: "branch holds 'continue'",
    cst.AugAssign: "branch uses augmented assignment",
    cst.With: "branch holds a 'with' block",
    cst.Try: "branch holds a 'try' block",
    cst.If: "branch holds a nested 'if'",
    cst.Global: "branch declares a global",
    cst.Nonlocal: "branch declares a nonlocal",
    cst.Del: "branch deletes a name",
    cst.Expr: "branch evaluates an expression for its effect",
    cst.Pass: "branch does nothing ('pass')",
}
_PYTREES = (cst.Tuple, cst.List, cst.Dict, cst.Set, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


@dataclass
class _Arm:
    test: cst.BaseExpression | None  # None for the final `else`
    statements: list[cst.BaseSmallStatement]


def if_fix(node: cst.If, ctx: RuleContext) -> Fix | str:
    """The rewrite of the `if`/`elif` chain `node` belongs to, or why there is none: the select
    when it is proven exact, else `lax.cond` where that is exact (acclint/fix/cond.py), else
    the select, unsafe.

    An `elif` gets the fix of its whole chain (the same edit as its `if`'s finding), so fixing
    either fixes both.
    """
    try:
        head, block = _chain_head(node, ctx)
        _check_sure(head.test, ctx)
        plan = _plan(head, block, ctx)
    except NoFix as exc:
        return str(exc)
    try:
        select = _select(plan, ctx)
    except NoFix as exc:
        select = str(exc)
    if isinstance(select, Fix) and select.safe:
        return select
    return _cond(plan, ctx) or _checked(plan, ctx) or select


def ifexp_fix(node: cst.IfExp, ctx: RuleContext) -> Fix | str:
    """`a if c else b` -> `where(c, a, b)`, or `lax.cond(c, lambda: a, lambda: b)` where only
    that is exact, or why there is none."""
    try:
        _check_sure(node.test, ctx)
        _check_no_comment(node)
    except NoFix as exc:
        return str(exc)
    values = [node.body, node.orelse]
    select = _ifexp_select(node, values, where_spelling, ctx)
    if isinstance(select, Fix) and select.safe:
        return select
    cond = cond_spelling([values], ctx)
    if cond is None:
        checked = _ifexp_select(node, values, checked_spelling, ctx)
        return checked if isinstance(checked, Fix) and checked.safe else select
    try:
        test, needs = select_condition(node.test, ctx)
    except NoFix:
        return select
    call = cond_call(cond.node(), [test], values).with_changes(lpar=node.lpar, rpar=node.rpar)
    return Fix("rewrite the conditional expression to 'lax.cond(...)'", {node: call}, imports=cond.imports + needs)


def _ifexp_select(node: cst.IfExp, values: list[cst.BaseExpression], spelling, ctx: RuleContext) -> Fix | str:
    """`where(c, a, b)` (or the runtime's checked `ifelse(c, a, b)`, by `spelling`) for `a if c
    else b`, or why there is none."""
    try:
        where = spelling(ctx)
        _check_values([values], ctx)
        test, needs = select_condition(node.test, ctx)
        call = where_call(where.node(), test, node.body, node.orelse).with_changes(lpar=node.lpar, rpar=node.rpar)
        checked = spelling is checked_spelling
        what = f"'{CHECKED}(...)'" if checked else "a select"
        return _fix(f"rewrite the conditional expression to {what}", {node: call}, [values], [node.test],
                    where.imports + needs, ctx, checked)
    except NoFix as exc:
        return str(exc)



def _check_sure(test: cst.BaseExpression, ctx: RuleContext) -> None:
    """A select replaces Python's choice only where the condition is a tracer for sure."""
    if not ctx.truth_traced_name(test, sure=True):
        raise NoFix("the condition may be a Python value (reported by --strictness pedantic)")


def _check_no_comment(node: cst.IfExp) -> None:
    """A comment between the parts of a conditional expression has no place in the select."""
    parts = (node.body, node.test, node.orelse, *node.lpar, *node.rpar)  # the select keeps the parentheses
    if len(_comments_below(node)) > sum(len(_comments_below(p)) for p in parts):
        raise NoFix("a comment inside the conditional expression would be dropped")


def _comments_below(node: cst.CSTNode) -> list[cst.Comment]:
    found: list[cst.Comment] = []

    class _Collect(cst.CSTVisitor):
        def visit_Comment(self, comment: cst.Comment) -> None:
            found.append(comment)

    node.visit(_Collect())
    return found


def _fix(title: str, changes, groups: list[list[cst.BaseExpression]], tests: list[cst.BaseExpression], imports,
         ctx: RuleContext, checked: bool = False) -> Fix:
    """The fix, safe only when proven exact (acclint/fix/proof.py): each group (the values
    one select chooses between) keeps one dtype and one shape, and no branch's derivative can
    be inf/nan (a local every branch of the group reads answers for none: `shared_reads`).
    A `checked` select (the runtime's `ifelse`) raises where dtypes, shapes or formats differ
    or the condition has more than one element, so only the derivatives are left to prove."""
    problems = [] if checked else [p for p in (signature_problem(values, tests, ctx) for values in groups) if p is not None][:1]
    hazard = next((h for h in (gradient_problem(v, ctx, shared_reads(g, ctx)) for g in groups for v in g) if h is not None), None)
    if hazard is not None:
        problems.append(unsafe_reason(hazard))
    reason = "; ".join(problems) or None
    if reason is None:
        return Fix(title, changes, safe=True, imports=tuple(imports))
    return Fix(title, changes, safe=False, imports=tuple(imports), reason=reason)


def _check_values(groups: list[list[cst.BaseExpression]], ctx: RuleContext) -> None:
    """Each branch value can be selected: free of effects, an array, its shape kept (a
    reduction only where the branches it is selected with have one shape: proof.one_shape)."""
    for values in groups:
        same = one_shape(values, ctx)
        for value in values:
            if isinstance(value, _PYTREES):
                raise NoFix(f"a branch yields a {type(value).__name__.lower()} (a pytree); select each leaf with where")
            problem = pure_problem(value, ctx) or array_problem(value, ctx) or shape_problem(value, ctx, same)
            if problem is not None:
                raise NoFix(problem)


def _chain_head(node: cst.If, ctx: RuleContext) -> tuple[cst.If, cst.BaseSuite]:
    """The first `if` of the chain holding `node`, and the block that holds that `if`."""
    head = node
    for ancestor in reversed(ctx.ancestors):
        if isinstance(ancestor, cst.If) and ancestor.orelse is head:
            head = ancestor
            continue
        if head is not node and not ctx.truth_traced_name(head.test, sure=True):
            raise NoFix("the 'if' this 'elif' continues is not on a traced value")
        block = _block(ancestor)  # `ancestor` holds `head` directly: no need to search its body
        if block is None:
            raise NoFix("the 'if' is not in a statement block")
        return head, block
    raise NoFix("the 'if' is not in a statement block")


def _block(ancestor: cst.CSTNode) -> cst.IndentedBlock | None:
    """The statement block `ancestor` is, or holds directly (the engine's walk steps from a
    function straight to the statements of its body)."""
    if isinstance(ancestor, cst.FunctionDef):
        ancestor = ancestor.body
    return ancestor if isinstance(ancestor, cst.IndentedBlock) else None


def _arms(head: cst.If, ctx: RuleContext) -> list[_Arm]:
    arms: list[_Arm] = []
    current: cst.If | cst.Else | None = head
    while current is not None:
        if isinstance(current, cst.If):
            if current is not head and not ctx.truth_traced_name(current.test, sure=True):
                raise NoFix("an 'elif' of the chain is not on a traced value")
            arms.append(_Arm(current.test, _statements(current.body)))
            current = current.orelse
        else:
            arms.append(_Arm(None, _statements(current.body)))
            current = None
    return arms


def _statements(suite: cst.BaseSuite) -> list[cst.BaseSmallStatement]:
    """The small statements of a branch; refuses compound statements."""
    if isinstance(suite, cst.SimpleStatementSuite):
        return list(suite.body)
    out: list[cst.BaseSmallStatement] = []
    for line in suite.body:
        if not isinstance(line, cst.SimpleStatementLine):
            raise NoFix(_REFUSED.get(type(line), f"branch holds a '{type(line).__name__}' statement"))
        out.extend(line.body)
    for stmt in out:
        if type(stmt) in _REFUSED:
            raise NoFix(_REFUSED[type(stmt)])
    return out


def _single_return(statements: list[cst.BaseSmallStatement]) -> cst.BaseExpression | None:
    if len(statements) == 1 and isinstance(statements[0], cst.Return) and statements[0].value is not None:
        return statements[0].value
    return None


@dataclass
class _Plan:
    """What a chain yields: per arm, the fall-through last, its value for each name it assigns
    (`names` None: the arms return one value); `following` is the `return` an `if` without
    `else` folds in."""

    head: cst.If
    arms: list[_Arm]
    names: list[str] | None
    values: list[list[cst.BaseExpression]]
    following: cst.SimpleStatementLine | None = None

    def groups(self) -> list[list[cst.BaseExpression]]:
        """Per name (or the returned value), its value in each arm."""
        return [[arm[i] for arm in self.values] for i in range(len(self.values[0]))]


def _plan(head: cst.If, block: cst.IndentedBlock, ctx: RuleContext) -> _Plan:
    arms = _arms(head, ctx)
    tests = [a.test for a in arms if a.test is not None]
    for test in tests[1:]:
        problem = pure_problem(test, ctx)
        if problem is not None:
            raise NoFix(problem.replace("branch", "'elif' condition", 1))
    returns = [_single_return(a.statements) for a in arms]
    if all(r is not None for r in returns):
        return _plan_returns(head, block, arms, returns)
    if any(isinstance(s, cst.Return) for a in arms for s in a.statements):
        raise NoFix("a branch returns and also does something else, or returns nothing")
    return _plan_assigns(head, arms, ctx)


def _plan_returns(head, block, arms, returns) -> _Plan:
    following = None
    if arms[-1].test is not None:  # no `else`: the `return` after the `if` is the last arm
        index = block.body.index(head)
        following = block.body[index + 1] if index + 1 < len(block.body) else None
        fallback = _single_return(list(following.body)) if isinstance(following, cst.SimpleStatementLine) else None
        if fallback is None:
            raise NoFix("without 'else', the 'if' is not followed by a 'return'")
        returns = [*returns, fallback]
    return _Plan(head, arms, None, [[r] for r in returns], following)


def _plan_assigns(head, arms, ctx) -> _Plan:
    targets = [_assigned(a.statements) for a in arms]
    names = [name for name, _ in targets[0]]
    for other in targets[1:]:
        if [name for name, _ in other] != names:
            raise NoFix(f"branches assign different names ({', '.join(names)} vs {', '.join(n for n, _ in other)})")
    if arms[-1].test is not None:  # no `else`: each name keeps the value it had before
        for name in names:
            if not _bound_before(name, head, ctx):
                raise NoFix(f"'{name}' has no value before the 'if' to keep when it is false")
        targets.append([(name, cst.Name(name)) for name in names])
    return _Plan(head, arms, names, [[value for _, value in arm] for arm in targets])


def _select(plan: _Plan, ctx: RuleContext, spelling=where_spelling) -> Fix:
    """The chain as blended selects: `return where(...)`, or one `y = where(...)` per name (or
    the runtime's `ifelse`, by `spelling`)."""
    _check_values(plan.groups(), ctx)
    where = spelling(ctx)
    checked = spelling is checked_spelling
    tests, needs = _conditions(plan.arms, ctx)
    head, groups = plan.head, plan.groups()
    if plan.names is None:
        changes = {head: _line(head, [cst.Return(_fold(where, tests, groups[0]))], plan.following)}
        if plan.following is not None:
            changes[plan.following] = cst.RemovalSentinel.REMOVE
        return _fix(f"rewrite the branch to 'return {CHECKED if checked else 'where'}(...)'", changes, groups, _tests(plan.arms),
                    where.imports + needs, ctx, checked)
    lines: list[cst.BaseSmallStatement] = []
    if len(plan.names) > 1:  # the condition is used once per name: evaluate it once, first
        temps = fresh_names(ctx.analysis.module, "cond", len(tests))
        lines = [_assign(t, test) for t, test in zip(temps, tests)]
        tests = [cst.Name(t) for t in temps]
    for name, values in zip(plan.names, groups):
        lines.append(_assign(name, _fold(where, tests, values)))
    statements = [_line(head, [s]) if i == 0 else cst.SimpleStatementLine([s]) for i, s in enumerate(lines)]
    return _fix(f"rewrite the branch to '{CHECKED}(...)'" if checked else "rewrite the branch to selects",
                {head: cst.FlattenSentinel(statements)}, groups, _tests(plan.arms), where.imports + needs, ctx, checked)


def _cond(plan: _Plan, ctx: RuleContext) -> Fix | None:
    """The chain as one `lax.cond` (`return cond(...)`, or `y, z = cond(...)`), when that is
    exact (acclint/fix/cond.py), else None."""
    cond = cond_spelling(plan.groups(), ctx)
    if cond is None or _reads_own_arm(plan):
        return None
    try:
        tests, needs = _conditions(plan.arms, ctx)
    except NoFix:
        return None
    outs = [arm[0] if len(arm) == 1 else cst.Tuple([cst.Element(bare(v)) for v in arm]) for arm in plan.values]
    call = cond_call(cond.node(), tests, outs)
    if plan.names is None:
        statement: cst.BaseSmallStatement = cst.Return(call)
    elif len(plan.names) == 1:
        statement = _assign(plan.names[0], call)
    else:
        target = cst.Tuple([cst.Element(cst.Name(n)) for n in plan.names], lpar=[], rpar=[])
        statement = cst.Assign([cst.AssignTarget(target)], call)
    changes = {plan.head: _line(plan.head, [statement], plan.following)}
    if plan.following is not None:
        changes[plan.following] = cst.RemovalSentinel.REMOVE
    return Fix("rewrite the branch to 'lax.cond(...)'", changes, imports=cond.imports + needs)


def _checked(plan: _Plan, ctx: RuleContext) -> Fix | None:
    """The chain as the runtime's checked selects (`ifelse`, acclint/fix/checked.py) when
    their derivatives are proven bounded, else None."""
    try:
        fix = _select(plan, ctx, checked_spelling)
    except NoFix:
        return None
    return fix if fix.safe else None


def _reads_own_arm(plan: _Plan) -> bool:
    """Whether an arm's value reads a name the same arm assigned before it (`z = x` then
    `w = z * 2`): a cond computes every value of an arm before it assigns any."""
    if plan.names is None:
        return False
    for arm in plan.values:
        for i, value in enumerate(arm):
            if any(isinstance(n, cst.Name) and n.value in plan.names[:i] for n in walk_expression(value)):
                return True
    return False


def _tests(arms: list[_Arm]) -> list[cst.BaseExpression]:
    return [a.test for a in arms if a.test is not None]


def _conditions(arms: list[_Arm], ctx: RuleContext) -> tuple[list[cst.BaseExpression], tuple[str, ...]]:
    """The arms' conditions as a select takes them, and the imports they need."""
    tests, needs = [], ()
    for arm in arms:
        if arm.test is not None:
            test, imports = select_condition(arm.test, ctx)
            tests.append(test)
            needs += imports
    return tests, needs


def _assigned(statements: list[cst.BaseSmallStatement]) -> list[tuple[str, cst.BaseExpression]]:
    out: list[tuple[str, cst.BaseExpression]] = []
    for stmt in statements:
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0].target, cst.Name):
            name, value = stmt.targets[0].target.value, stmt.value
        elif isinstance(stmt, cst.AnnAssign) and isinstance(stmt.target, cst.Name) and stmt.value is not None:
            name, value = stmt.target.value, stmt.value
        else:
            raise NoFix("a branch does more than assign expressions to plain names")
        if name in (n for n, _ in out):
            raise NoFix(f"a branch assigns '{name}' twice")
        out.append((name, value))
    if not out:
        raise NoFix("a branch assigns nothing")
    return out


def _bound_before(name: str, node: cst.CSTNode, ctx: RuleContext) -> bool:
    """Whether `name` surely has a value when `node` runs: a parameter, or assigned by a
    statement before it in its block or an enclosing block of the function."""
    if any(p.name == name for p in ctx.function.params):
        return True
    child = node
    for ancestor in reversed(ctx.ancestors):
        block = _block(ancestor)
        if block is not None and child in block.body:
            for stmt in block.body[: block.body.index(child)]:
                if isinstance(stmt, cst.SimpleStatementLine) and any(_binds(s, name) for s in stmt.body):
                    return True
        child = ancestor
    return False


def _binds(stmt: cst.BaseSmallStatement, name: str) -> bool:
    if isinstance(stmt, cst.Assign):
        return any(target_binds(t.target, name) for t in stmt.targets)
    if isinstance(stmt, (cst.AnnAssign, cst.AugAssign)):
        return isinstance(stmt.target, cst.Name) and stmt.target.value == name and (
            not isinstance(stmt, cst.AnnAssign) or stmt.value is not None
        )
    return False



def _fold(where, tests: list[cst.BaseExpression], values: list[cst.BaseExpression]) -> cst.BaseExpression:
    """where(t1, v1, where(t2, v2, ... v_last)) for len(values) == len(tests) + 1."""
    result = values[-1]
    for test, value in zip(reversed(tests), reversed(values[:-1])):
        result = where_call(where.node(), test, value, result)
    return result


def _assign(name: str, value: cst.BaseExpression) -> cst.Assign:
    return cst.Assign([cst.AssignTarget(cst.Name(name))], value)


def _line(head: cst.If, body: list[cst.BaseSmallStatement], following: cst.SimpleStatementLine | None = None
          ) -> cst.SimpleStatementLine:
    """The first statement line of the rewrite. It keeps the `if`'s leading lines and its header
    comment where they were, and every other comment of the chain (and of the `return` folded
    in after it) as comment lines above itself, in source order: the select drops none."""
    moved = [cst.EmptyLine(comment=comment) for comment in _chain_comments(head, following)]
    return cst.SimpleStatementLine(body, leading_lines=[*head.leading_lines, *moved], trailing_whitespace=_header(head.body))


def _header(suite: cst.BaseSuite) -> cst.TrailingWhitespace:
    """The end of the line of an `if`, `elif` or `else`, with its comment."""
    return suite.header if isinstance(suite, cst.IndentedBlock) else suite.trailing_whitespace


def _chain_comments(head: cst.If, following: cst.SimpleStatementLine | None) -> list[cst.Comment]:
    comments: list[cst.Comment | None] = []
    arm: cst.If | cst.Else | None = head
    while arm is not None:
        if arm is not head:
            comments += [line.comment for line in arm.leading_lines]
            comments.append(_header(arm.body).comment)
        if isinstance(arm.body, cst.IndentedBlock):
            for line in arm.body.body:
                comments += [ll.comment for ll in line.leading_lines]
                comments.append(line.trailing_whitespace.comment)
            comments += [line.comment for line in arm.body.footer]
        arm = arm.orelse if isinstance(arm, cst.If) else None
    if following is not None:
        comments += [line.comment for line in following.leading_lines]
        comments.append(following.trailing_whitespace.comment)
    return [c for c in comments if c is not None]
