"""Call rewrites: `print` to `jax.debug.print` (ACC401), a runtime draw made `like=` its
function's traced input (ACC102). Each returns a `Fix`, or the reason none is offered."""

from __future__ import annotations

import json

import libcst as cst

from acclint.findings import Fix
from acclint.fix.imports import NameTaken, spell
from acclint.rule import RuleContext


def debug_print_fix(node: cst.Call, ctx: RuleContext) -> Fix | str:
    """`print("loss", x)` -> `jax.debug.print("loss {}", x)`: string literals join the format,
    every other argument becomes a `{}` field, separated by spaces as print separates them.

    A literal holding a brace is passed as a field of its own instead of escaped (`{{`): JAX
    0.10 decides whether a format has fields from its first chunk only, so
    `jax.debug.print("a {{b}} {}", x)` prints the raw format; `("{} {}", "a {b}", x)` is exact.
    """
    if ctx.resolve(node.func) != "print":
        return f"only print() has a jax.debug.print form, not '{ctx.code_for(node.func)}'"
    if ctx.function.runtime_traced:
        return "jax.debug.print is for JAX traces, and the runtime traces this function"
    pieces: list[str] = []
    fields: list[cst.Arg] = []
    for arg in node.args:
        if arg.keyword is not None or arg.star:
            return f"print() with '{ctx.code_for(arg).rstrip(',')}' has no jax.debug.print form"
        value = arg.value
        literal = isinstance(value, (cst.SimpleString, cst.ConcatenatedString)) and isinstance(value.evaluated_value, str)
        if literal and not any(brace in value.evaluated_value for brace in "{}"):
            pieces.append(value.evaluated_value)
        elif literal or ctx.is_traced(value) or isinstance(value, (cst.Integer, cst.Float)):
            pieces.append("{}")
            fields.append(cst.Arg(value))
        else:
            return f"argument '{ctx.code_for(value)}' is neither a string literal nor a traced array"
    try:
        debug_print = spell(ctx.analysis, "jax.debug", "print", "jax")
    except NameTaken as exc:
        return f"the name '{exc.args[0]}' the fix needs is taken"
    fmt = cst.SimpleString(json.dumps(" ".join(pieces), ensure_ascii=False))
    call = node.with_changes(func=debug_print.node(), args=[cst.Arg(fmt), *fields])
    return Fix("print with jax.debug.print on every call", {node: _commas(call)}, safe=True, imports=debug_print.imports)


def _commas(call: cst.Call) -> cst.Call:
    """Arguments separated by `, ` and none trailing."""
    args = list(call.args)
    last = len(args) - 1
    return call.with_changes(args=[
        a.with_changes(comma=cst.MaybeSentinel.DEFAULT if i == last else cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        for i, a in enumerate(args)
    ])


def draw_like_fix(node: cst.Call, ctx: RuleContext) -> Fix | str:
    """`rand(sz)` -> `rand(sz, like=x)` when `x` is the only traced input of the function."""
    if any(a.keyword is not None and a.keyword.value == "like" for a in node.args):
        return "like= names an untraced value; which traced value to draw like is yours to choose"
    traced = sorted(ctx.function.traced_params)
    if len(traced) != 1:
        names = ", ".join(traced) or "none"
        return f"not exactly one traced input to draw like (traced inputs: {names})"
    if any(a.star == "**" for a in node.args):
        return "the call passes **kwargs, which may hold like="
    like = cst.Arg(cst.Name(traced[0]), keyword=cst.Name("like"), equal=cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
    call = _commas(node.with_changes(args=[*node.args, like]))
    return Fix(f"draw like= the traced input '{traced[0]}'", {node: call}, safe=True)
