"""Fast read-only traversal of a libcst tree.

libcst's own `CSTNode.visit` rebuilds every node it passes (it is shared with transformers) and
`CSTNode.children` is computed through that same machinery, so a read-only pass through them
costs about as much as the parse. The engine only reads the tree, so it walks the dataclass
fields directly, skipping whitespace and punctuation fields that never hold code.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator

import libcst as cst

# Fields that hold only whitespace, comments or punctuation tokens: never code a rule reads.
_PUNCTUATION_FIELDS = frozenset(
    {
        "lpar", "rpar", "lbracket", "rbracket", "lbrace", "rbrace", "comma", "semicolon",
        "colon", "equal", "dot", "star", "arrow", "header", "footer", "leading_lines",
        "lines_after_decorators", "newline", "trailing_whitespace", "operator", "asynchronous",
        "whitespace", "whitespace_before", "whitespace_after", "whitespace_before_colon",
        "whitespace_after_colon", "whitespace_before_params", "whitespace_after_def",
        "whitespace_after_name", "whitespace_before_indicator", "whitespace_after_indicator",
        "whitespace_after_arg", "whitespace_after_star", "whitespace_after_star_star",
        "whitespace_after_at", "whitespace_before_from", "whitespace_after_from",
        "whitespace_after_import", "whitespace_after_as", "whitespace_before_as",
        "whitespace_after_func", "whitespace_before_args", "whitespace_after_class",
        "whitespace_after_lambda", "whitespace_after_if", "whitespace_before_if",
        "whitespace_after_for", "whitespace_before_for", "whitespace_after_in",
        "whitespace_before_in", "whitespace_after_while", "whitespace_after_with",
        "whitespace_before_else", "whitespace_after_else", "whitespace_after_return",
        "whitespace_after_await", "whitespace_after_assert", "whitespace_after_del",
        "whitespace_after_raise", "whitespace_after_global", "whitespace_after_nonlocal",
        "whitespace_after_type", "whitespace_after_walrus", "whitespace_before_walrus",
        "whitespace_after_except", "whitespace_before_value", "whitespace_after_value",
        "whitespace_before_expression", "whitespace_after_expression",
        "whitespace_after_finally", "whitespace_after_try", "whitespace_after_case",
        "whitespace_after_match", "whitespace_after_yield", "whitespace_after_async",
    }
)

_fields_cache: dict[type, tuple[str, ...]] = {}


def _code_fields(node_type: type) -> tuple[str, ...]:
    names = _fields_cache.get(node_type)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(node_type)
            if f.name not in _PUNCTUATION_FIELDS and not f.name.startswith("whitespace")
        )
        _fields_cache[node_type] = names
    return names


# Whether a type is a libcst node, by type: `isinstance(x, cst.CSTNode)` goes through
# ABCMeta's Python-level `__instancecheck__`, the largest single cost of a walk.
_is_node_type: dict[type, bool] = {}


def _is_node(value: object) -> bool:
    kind = type(value)
    found = _is_node_type.get(kind)
    if found is None:
        found = _is_node_type[kind] = issubclass(kind, cst.CSTNode)
    return found


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The child nodes of `node` that can hold code, in source order.

    A list, not a generator, with the two caches read inline: the walks of the ACC5/ACC6
    analysis (acclint.analysis.loops, bindings) ask for every node of a module, and the
    generator's and the helpers' calls were a fifth of the cost of a walk."""
    kind = type(node)
    names = _fields_cache.get(kind)
    if names is None:
        names = _code_fields(kind)
    is_node = _is_node_type
    found: list[cst.CSTNode] = []
    for name in names:
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            for item in value:
                known = is_node.get(type(item))
                if known or known is None and _is_node(item):
                    found.append(item)
        else:
            known = is_node.get(kind)
            if known or known is None and _is_node(value):
                found.append(value)
    return found


# Node types that open a new function scope: a walk of one function's body stops at them.
SCOPE_NODES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
SCOPE_TYPES = frozenset(SCOPE_NODES)  # the same, for a test of `type(node)` (parsed trees hold no subclasses)


def walk_body(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Yield every node under `root` (not `root` itself) without entering nested scopes.

    A nested function, lambda or class is yielded itself, but its body is not: it is analysed
    as a function of its own. Decorators and default values of a nested function are evaluated
    in the enclosing scope, so they are walked.
    """
    stack = list(children(root))
    stack.reverse()
    while stack:
        node = stack.pop()
        yield node
        if type(node) in SCOPE_TYPES:
            outer = outer_parts(node)
        else:
            outer = list(children(node))
        outer.reverse()
        stack.extend(outer)


def outer_parts(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The parts of a scope node that are evaluated in the enclosing scope."""
    if isinstance(node, cst.FunctionDef):
        parts: list[cst.CSTNode] = [d.decorator for d in node.decorators]
        parts.extend(p.default for p in all_params(node.params) if p.default is not None)
        return parts
    if isinstance(node, cst.Lambda):
        return [p.default for p in all_params(node.params) if p.default is not None]
    if isinstance(node, cst.ClassDef):
        return [d.decorator for d in node.decorators] + [a.value for a in node.bases]
    return []


def named_params(params: cst.Parameters) -> list[cst.Param]:
    """The parameters that each hold one value: positional-only, regular and keyword-only (a
    name's annotation or default is one of these; `*args` and `**kwargs` hold what is left over)."""
    return [*params.posonly_params, *params.params, *params.kwonly_params]


def all_params(params: cst.Parameters) -> list[cst.Param]:
    """Every parameter: positional-only, regular, keyword-only, `*args`, `**kwargs`."""
    out = named_params(params)
    if isinstance(params.star_arg, cst.Param):
        out.append(params.star_arg)
    if params.star_kwarg is not None:
        out.append(params.star_kwarg)
    return out


def walk_expression(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Yield `root` and every node under it in source order, lambdas' bodies excepted."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, cst.Lambda):
            stack.extend(reversed(list(children(node))))


def module_statement_of(module: cst.Module, node: cst.CSTNode) -> cst.BaseStatement:
    """The module-level statement `node` lies in (a host-loop rule's finding at module level,
    ACC606 and ACC607; asked of a finding's node only, so walking is cheap enough)."""
    for statement in module.body:
        if any(n is node for n in walk_all(statement)):  # a lambda's body too: statements do not overlap
            return statement
    raise ValueError("the node lies in no statement of the module")


def walk_all(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Yield `root` and every node under it, nested scopes' bodies too (in no set order)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(children(node))
