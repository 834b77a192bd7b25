"""Calls made while a block that turns tracing off is active (`with jax.disable_jit():`).

Inside such a block JAX runs `lax.while_loop`'s body as a Python loop and a `jax.jit`ted
function on concrete arrays (the framework data's `[eager_blocks]`, verified by a run): a
callable handed to a loop there, or to a project function that hands it on to one (t5x's
decoding tests hand `token_to_logits`, which appends to a list, to `beam_search` inside the
block), is not traced by that call. So a marker call in the block puts nothing in a context
for the markers the block runs eagerly. Only calls in the block's own code count: a function
defined in it may be called after the block ends, and a callable wrapped in it (`g =
jax.jit(f)`) and called later is traced as usual, so a wrapper counts only when what it
returns is called at once (`jax.jit(f)(x)`).
"""

from __future__ import annotations

from typing import Callable, Iterable

import libcst as cst

from acclint.analysis.scopes import MarkerSite
from acclint.analysis.walk import children

EagerCalls = dict[cst.Call, frozenset[str]]  # a call -> the markers it runs eagerly


def eager_calls(
    sites: Iterable[MarkerSite],
    statements: Iterable[cst.CSTNode],
    resolve: Callable[[cst.BaseExpression], str | None],
    blocks: dict[str, tuple[frozenset[str], frozenset[str]]],
) -> EagerCalls:
    """The calls a module makes inside its eager blocks, each with the markers it runs
    eagerly. `sites`: the module's marker sites (the blocks' own calls are among them);
    `statements`: its module-level statements, searched for a module-level block."""
    found: EagerCalls = {}
    if not blocks:
        return found
    for site in sites:
        call = site.expr
        if type(call) is not cst.Call or site.decorates is not None:
            continue
        spec = blocks.get(resolve(call.func) or "")
        if spec is None or not _switched_on(call):
            continue
        roots = (site.scope.node,) if site.scope is not None else tuple(statements)
        block = _with_of(call, roots)
        if block is not None:
            _record(block.body, spec, found)
    return found


def _switched_on(call: cst.Call) -> bool:
    """Whether the block's call turns tracing off for sure: no argument, or a literal `True`
    (`jax.disable_jit(disable=False)` leaves it on; a computed flag is not known)."""
    return all(type(arg.value) is cst.Name and arg.value.value == "True" for arg in call.args)


def _with_of(call: cst.Call, roots: tuple[cst.CSTNode, ...]) -> cst.With | None:
    """The `with` statement among `roots` whose items enter `call`."""
    stack = list(roots)
    while stack:
        node = stack.pop()
        if type(node) is cst.With and any(item.item is call for item in node.items):
            return node
        stack.extend(children(node))
    return None


def _record(body: cst.CSTNode, spec: tuple[frozenset[str], frozenset[str]], found: EagerCalls) -> None:
    runs, wraps = spec
    stack = [body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.FunctionDef or kind is cst.ClassDef:
            continue  # defined in the block, maybe called after it
        if kind is cst.Call:
            found[node] = found.get(node, frozenset()) | runs
            if type(node.func) is cst.Call:  # `jax.jit(f)(x)`: the wrapped callable runs here
                found[node.func] = found.get(node.func, frozenset()) | runs | wraps
        stack.extend(children(node))
