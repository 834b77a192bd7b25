"""`print(...)` -> a framework's traced print that takes print's own arguments (`tf.print`), for
ACC401 where the framework's data spells `print` with `form = "arguments"`.

tf.print, given Python strings and numbers, prints the same text as print, separated and ended
the same way (checked by running both, tests/test_tf_torch_frameworks.py); given a tensor it prints
the values (`[1 2.5]`) where an eager print shows `tf.Tensor([1. 2.5], shape=(2,), dtype=float32)`,
so the fix is safe only when every argument is a string or number literal. tf.print writes to
standard error unless told otherwise: the fix adds the spelling's `stdout` keyword with
`sys.stdout`, as print writes there. A module that passes any keyword of the framework's
`print_blocked_by` (`jit_compile=True`) gets no fix: XLA has no kernel for tf.print. Nor does a
print whose text speaks of tracing (acclint.analysis.trace_words, checked for every framework's
print by acclint.fix.calls): it reports each trace on purpose (tensorflow/docs uses it throughout).
"""

from __future__ import annotations

import libcst as cst

from acclint.common.findings import Fix
from acclint.fix.imports import Spelling, framework_of, spell
from acclint.lint.rule import RuleContext

_UNSET = ("False", "None")


def arguments_print_fix(node: cst.Call, ctx: RuleContext, traced_print: Spelling) -> Fix | str:
    framework = framework_of(ctx)
    blocker = _blocking_keyword(ctx.analysis.module, framework.print_blocked_by)
    if blocker is not None:
        return f"'{blocker}' in this module: {traced_print.expr} may not compile there"
    for arg in node.args:
        if arg.keyword is not None or arg.star:
            return f"print() with '{ctx.code_for(arg).rstrip(',')}' has no {traced_print.expr} form"
    args = list(node.args)
    stdout = framework.spellings["print"].stdout
    imports = traced_print.imports
    if stdout:
        stream = spell(ctx.analysis, ctx.function, "sys", "stdout", "sys")
        tight = cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace(""))
        args.append(cst.Arg(stream.node(), keyword=cst.Name(stdout), equal=tight))
        imports += stream.imports
    call = node.with_changes(func=traced_print.node(), args=comma_separated(args))
    others = [ctx.code_for(a.value) for a in node.args if not _literal(a.value)]
    if others:
        reason = f"{traced_print.expr} prints the values of '{others[0]}', where print shows its repr"
        return Fix(f"print with {traced_print.expr} on every call", {node: call}, safe=False, imports=imports, reason=reason)
    return Fix(f"print with {traced_print.expr} on every call", {node: call}, imports=imports)


def _literal(value: cst.BaseExpression) -> bool:
    """A literal both prints spell alike: a string, or a number (with its sign)."""
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)):
        return isinstance(value.evaluated_value, str)
    return isinstance(value, (cst.Integer, cst.Float))


def _blocking_keyword(module: cst.Module, names: frozenset[str]) -> str | None:
    """The first `name=value` argument of a call in `module`, for a name in `names` and a value
    other than False or None, as code."""
    if not names:
        return None
    found: list[str] = []

    class Finder(cst.CSTVisitor):
        def visit_Arg(self, arg: cst.Arg) -> None:
            if not found and arg.keyword is not None and arg.keyword.value in names:
                value = module.code_for_node(arg.value)
                if value not in _UNSET:
                    found.append(f"{arg.keyword.value}={value}")

    module.visit(Finder())
    return found[0] if found else None


def comma_separated(args: list[cst.Arg]) -> list[cst.Arg]:
    """`args` separated by `, ` and none trailing, as a rewritten call writes them."""
    last = len(args) - 1
    return [a.with_changes(comma=cst.MaybeSentinel.DEFAULT if i == last else cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for i, a in enumerate(args)]
