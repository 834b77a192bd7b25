"""Call rewrites: `print` to `jax.debug.print` (ACC401), a runtime draw made `like=` its
function's traced input (ACC102). Each returns a `Fix`, or the reason none is offered."""

from __future__ import annotations

import ast
import warnings

import libcst as cst

from acclint.common.findings import Fix
from acclint.fix.imports import framework_of, spelled
from acclint.analysis.trace_words import says_traces
from acclint.fix.print_args import arguments_print_fix, comma_separated
from acclint.lint.rule import RuleContext
from acclint.analysis.taint import Kind


def debug_print_fix(node: cst.Call, ctx: RuleContext) -> Fix | str:
    """`print("loss", x, 0.5)` -> `jax.debug.print("loss {!s} 0.5", x)`: string literals and
    Python constants join the format as the text print writes for them, every traced array
    becomes a `{!s}` field, separated by spaces as print separates them.

    The text must be print's own. `jax.debug.print` formats a 0-d array field through Python's
    float (`"{}"` writes float32 0.3 as 0.30000001192092896, print writes 0.3) and turns a
    Python number argument into a float32 array, so arrays are formatted with `str` (`{!s}`,
    the text print writes) and constants are written into the format. A literal holding a brace
    is passed as a field of its own instead of escaped (`{{`): JAX 0.10 decides whether a
    format has fields from its first chunk only, so `jax.debug.print("a {{b}} {}", x)` prints
    the raw format; `("{} {!s}", "a {b}", x)` is exact. An argument that may be a pytree makes the
    fix unsafe: print writes a weakly typed leaf as `Array(0.5, dtype=float32, weak_type=True)`,
    a jitted jax.debug.print without `weak_type=True`.
    """
    if ctx.resolve(node.func) != "print":
        return f"only print() has a jax.debug.print form, not '{ctx.code_for(node.func)}'"
    debug_print = spelled(ctx, "print")
    if debug_print is None:
        return f"{framework_of(ctx).title} traces this function, and has no print that runs on every call"
    if says_traces(node):
        return "the print reports tracing on purpose: once per trace is what it is for"
    if framework_of(ctx).spellings["print"].form == "arguments":
        return arguments_print_fix(node, ctx, debug_print)
    pieces: list[cst.SimpleString | cst.ConcatenatedString] = []
    fields: list[cst.Arg] = []
    tree = None  # an argument that may be a pytree: the fix is then unsafe
    for arg in node.args:
        if arg.keyword is not None or arg.star:
            return f"print() with '{ctx.code_for(arg).rstrip(',')}' has no jax.debug.print form"
        value = arg.value
        literal = isinstance(value, (cst.SimpleString, cst.ConcatenatedString)) and isinstance(value.evaluated_value, str)
        constant = _constant_text(value)
        if literal and not any(brace in value.evaluated_value for brace in "{}"):
            pieces.append(value)
        elif constant is not None:
            pieces.append(cst.SimpleString(f'"{constant}"'))
        elif literal or ctx.is_traced(value):
            pieces.append(_FIELD if literal else _STR_FIELD)
            fields.append(cst.Arg(value))
            if not literal and ctx.kind(value) is not Kind.TRACED:
                tree = tree or ctx.code_for(value)
        else:
            return f"argument '{ctx.code_for(value)}' is neither a literal nor a traced array"
    call = node.with_changes(func=debug_print.node(), args=[cst.Arg(format_literal(pieces)), *fields])
    title, changes = "print with jax.debug.print on every call", {node: _commas(call)}
    if tree is None:
        return Fix(title, changes, safe=True, imports=debug_print.imports)
    return Fix(title, changes, safe=False, imports=debug_print.imports,
               reason=f"'{tree}' may be a pytree, whose weakly typed arrays jax.debug.print writes without 'weak_type=True' when jitted")


_FIELD = cst.SimpleString('"{}"')
_STR_FIELD = cst.SimpleString('"{!s}"')


def _constant_text(value: cst.BaseExpression) -> str | None:
    """What print writes for a number, bool or None literal (`-1`, `0.1`, `0x10`, `True`), or
    None for anything else. Its text holds no brace, quote or backslash."""
    if isinstance(value, cst.Name) and value.value in ("True", "False", "None"):
        return value.value
    sign = ""
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        sign, value = "-", value.expression
    if isinstance(value, (cst.Integer, cst.Float)) and not value.lpar:
        return str(ast.literal_eval(sign + value.value.replace("_", "")))
    return None


def format_literal(pieces: list[cst.SimpleString | cst.ConcatenatedString]) -> cst.SimpleString:
    """One `"..."` literal holding the pieces' text joined by spaces, each character written
    as the source wrote it: an escape stays an escape, so a `"\\u20ac"` in a latin-1 file or a
    lone surrogate `"\\ud800"` stays writable. Should the join of the written forms not mean
    the joined text (an octal escape running into the next part's digits), the text is spelled
    out with every non-ASCII character escaped."""
    text = " ".join(p.evaluated_value for p in pieces)
    written = '"' + " ".join(_body(p) for p in pieces) + '"'
    with warnings.catch_warnings():  # an invalid escape (`"\\d"`) warns as the source did
        warnings.simplefilter("ignore")
        same = ast.literal_eval(written) == text
    return cst.SimpleString(written if same else ascii(text))


def _body(literal: cst.SimpleString | cst.ConcatenatedString) -> str:
    """What goes between the quotes of a plain `"..."` literal to mean what `literal` means."""
    if isinstance(literal, cst.ConcatenatedString):
        return _body(literal.left) + _body(literal.right)
    raw, text, out, i = "r" in literal.prefix.lower(), literal.raw_value, [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and not raw:
            escaped = text[i + 1:i + 3] if text[i + 1:i + 3] == "\r\n" else text[i + 1:i + 2]
            out.append("" if escaped in ("\n", "\r", "\r\n") else ch + escaped)  # a line continuation adds nothing
            i += 1 + len(escaped)
            continue
        out.append({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"}.get(ch, ch))
        i += 1
    return "".join(out)


def _commas(call: cst.Call) -> cst.Call:
    """Arguments separated by `, ` and none trailing."""
    return call.with_changes(args=comma_separated(list(call.args)))


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
