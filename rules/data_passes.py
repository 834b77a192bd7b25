"""Whether the data a function is mapped over is passed over once only (ACC104).

tf.data runs a mapped function anew for every new iterator over the dataset, so a random op
there drawing from a fixed seed repeats its draws on each new pass: the dataset iterated again,
in an epoch loop, `fit(epochs=N)` (run: benchmarks/framework_runs.py
tf_data_seeded_draw_second_pass, TF 2.21). A dataset the module binds to a name and iterates
once, outside any loop, and uses nowhere else, has no second pass (`.repeat(n)` on the way
draws anew: the same run). Anything else the module does with it (hands it to `fit`, to a
function, returns it) may pass over it again, and is taken to.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import children
from acclint.lint.rule import RuleContext

_ONE_PASS_CALLS = frozenset({"list", "tuple"})


def passed_over_once(fn: FunctionInfo, restarted_by: frozenset[str], ctx: RuleContext) -> bool:
    """Whether every call that maps `fn` over a dataset (`ds.map(fn)`, `ds.map(lambda ...)`:
    a `restarted_by` marker) makes data the module passes over once only; False where no such
    call is seen (a helper the mapped function calls)."""
    sites = [
        site for site in ctx.analysis.index.sites
        if isinstance(site.expr, cst.Call) and _maps(site.expr, fn, restarted_by, ctx)
    ]
    return bool(sites) and all(_iterated_once(site.expr, site.scope, ctx) for site in sites)


def _maps(call: cst.Call, fn: FunctionInfo, restarted_by: frozenset[str], ctx: RuleContext) -> bool:
    found = ctx.analysis.applied_marker(call)
    if found is None or found[0].name not in restarted_by:
        return False
    return any(a.value is fn.node or (isinstance(a.value, cst.Name) and a.value.value == fn.name) for a in call.args)


def _chain(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`value` and the receivers of its method chain: `ds.map(f).batch(2)`, `ds.map(f)`, `ds`."""
    found = [value]
    while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute):
        value = value.func.value
        found.append(value)
    return found


def _iterated_once(call: cst.Call, scope: FunctionInfo | None, ctx: RuleContext) -> bool:
    """Whether `call` is bound by `name = <call, or a method chain on it>` outside any loop of
    its scope, and the scope reads `name` once, as what one `for` or comprehension outside any
    loop iterates (or `list(...)` takes), through dataset methods at most (`ds.repeat(2)`)."""
    root = scope.node if scope is not None else ctx.analysis.module
    bound = [
        node for node in _own_nodes(root)
        if isinstance(node, cst.Assign) and len(node.targets) == 1
        and isinstance(node.targets[0].target, cst.Name) and call in _chain(node.value)
    ]
    if len(bound) != 1:
        return False
    target = bound[0].targets[0].target
    uses: list[bool] = []
    _uses(root, target, False, uses, None)
    return uses == [True, True]  # the binding, then the one pass


def _own_nodes(root: cst.CSTNode):
    """The nodes of `root`'s own scope (not those of the functions and classes it defines)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in children(node) if not isinstance(c, (cst.FunctionDef, cst.ClassDef, cst.Lambda)))


def _uses(node: cst.CSTNode, target: cst.Name, in_loop: bool, found: list[bool], one_pass: cst.BaseExpression | None) -> None:
    """Each use of `target`'s name under `node`, in source order (also in nested functions,
    which may run again), and whether it is outside any loop: the binding itself, or the single
    pass (what a `for`/comprehension iterates, or `list(...)` takes, through a method chain at
    most)."""
    if isinstance(node, cst.Name) and node.value == target.value:
        once = not in_loop and (node is target or (one_pass is not None and node in _chain(one_pass)))
        found.append(once)
        return
    if isinstance(node, (cst.For, cst.CompFor)):
        _uses(node.iter, target, in_loop, found, node.iter)
        for child in children(node):
            if child is not node.iter:
                _uses(child, target, True, found, None)
        return
    if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
        _uses(node.for_in, target, in_loop, found, None)
        for child in children(node):
            if child is not node.for_in:
                _uses(child, target, True, found, None)
        return
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in _ONE_PASS_CALLS and len(node.args) == 1:
        _uses(node.args[0].value, target, in_loop, found, node.args[0].value)
        return
    in_loop = in_loop or isinstance(node, cst.While)
    for child in children(node):
        _uses(child, target, in_loop, found, one_pass)
