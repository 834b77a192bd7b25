"""PRNG keys a cached trace freezes: a key whose seed the host computes while the trace is built.

`jax.random.PRNGKey(seed)` inside `jax.jit` is a constant of the trace whenever its seed is a
value Python computes while tracing, not only a literal: a clock read (`int(time.time())`), a
host draw (`np.random.randint(...)`), the next value of a host counter. Every call draws the
same numbers (run with jax 0.10.2: tests/test_jax_dev_batch24.py). ACC103 reports the key; a
clock read, host draw or iterator step in its seed is that same hazard, so the rules that would
report the read on its own (ACC404, ACC101, ACC603) leave it to the key: one finding per hazard.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.walk import children, walk_expression
from acclint.lint.rule import RuleContext
from acclint.rules.tables import apis

# How many local names deep a seed is followed to its bindings (`seed = now % 7; s = seed + 1`).
_MAX_DEPTH = 4


def constant_seed(seed: cst.BaseExpression, ctx: RuleContext) -> bool:
    """A literal integer, or a module-level name bound once, to a literal integer."""
    if isinstance(seed, cst.UnaryOperation) and isinstance(seed.operator, cst.Minus):
        seed = seed.expression
    if isinstance(seed, cst.Integer):
        return True
    if isinstance(seed, cst.Name) and not ctx.is_local(seed.value) and not _enclosing_binds(seed.value, ctx):
        values = ctx.analysis.index.module_values.get(seed.value, [])
        return len(values) == 1 and isinstance(values[0], cst.Integer)
    return False


def host_seed(seed: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Whether `seed` is a value the host fixes while tracing: a constant (`constant_seed`), or
    a Python value for sure that a call computes (`int(time.time())`, `next(counter)`) from
    nothing the call of the traced function gives it: no parameter, no name a function around
    it binds, no local bound from one. A seed made from a parameter is a value of the call (a
    traced step; a static seed, a new trace per value) and is left alone."""
    if constant_seed(seed, ctx):
        return True
    return ctx.is_static(seed) and _computed_on_the_host(seed, ctx, _MAX_DEPTH)


def _computed_on_the_host(value: cst.BaseExpression, ctx: RuleContext, depth: int) -> bool:
    """Whether `value` holds a call and reads no parameter, no enclosing function's name and
    no local but ones every binding of which is such a value itself."""
    called = False
    body = ctx.analysis.body(ctx.function)
    params = {p.name for p in ctx.function.params}
    for node in walk_expression(value):
        if isinstance(node, cst.Call):
            called = True
        if not isinstance(node, cst.Name) or _named_part(node, value):
            continue
        name = node.value
        if name in params or _enclosing_binds(name, ctx):
            return False
        if name in body.local_names:
            flows = body.flows_into.get(name, [])
            if depth == 0 or not flows or any(how != "=" for _, _, how in flows):
                return False
            if not all(_computed_on_the_host(bound, ctx, depth - 1) for _, bound, _ in flows):
                return False
            called = True
    return called


def _named_part(name: cst.Name, within: cst.BaseExpression) -> bool:
    """Whether `name` is an attribute's name or a keyword, not a read (`time.time`'s `time`
    after the dot, `randint(high=9)`'s `high`)."""
    for node in walk_expression(within):
        if isinstance(node, cst.Attribute) and node.attr is name:
            return True
        if isinstance(node, cst.Arg) and node.keyword is name:
            return True
    return False


def key_seed(call: cst.Call, ctx: RuleContext) -> cst.BaseExpression | None:
    """The seed of `call` where it constructs a JAX key (`PRNGKey(seed)`, `key(seed=...)`)."""
    if ctx.resolve(call.func) not in apis()["rng"]["key_constructors"]:
        return None
    return next((a.value for a in call.args if a.keyword is None or a.keyword.value == "seed"), None)


def frozen_seed(call: cst.Call, ctx: RuleContext, ancestors: list[cst.CSTNode]) -> cst.BaseExpression | None:
    """The seed of `call` where it makes a key the trace freezes: a host seed (`host_seed`)
    and a key `jax.random` draws from as it is (`drawn_from`). `ancestors`: the nodes from the
    function body down to `call`'s parent."""
    seed = key_seed(call, ctx)
    if seed is None or not host_seed(seed, ctx) or not drawn_from(call, ctx, ancestors):
        return None
    return seed


def seeds_frozen_key(ctx: RuleContext) -> bool:
    """Whether the visited node is read only to seed a key the trace freezes: it lies in the
    seed of one (`PRNGKey(int(time.time()))`), or in the value of a local that is read only
    there (`seed = time.time_ns(); key = PRNGKey(seed)`). Then the key's finding names it."""
    path = [*ctx.ancestors, ctx.node]
    for at in range(len(path) - 2, -1, -1):  # the innermost first: a seed inside a bound key
        parent = path[at]
        if isinstance(parent, cst.Call) and _within(key_seed(parent, ctx), ctx.node) and frozen_seed(parent, ctx, path[:at]) is not None:
            return True
        if isinstance(parent, cst.Assign) and path[at + 1] is parent.value and len(parent.targets) == 1:
            target = parent.targets[0].target
            return isinstance(target, cst.Name) and _read_only_as_frozen_seed(target.value, ctx)
    return False


def _within(outer: cst.BaseExpression | None, node: cst.CSTNode) -> bool:
    return outer is not None and any(n is node for n in walk_expression(outer))


def _read_only_as_frozen_seed(name: str, ctx: RuleContext) -> bool:
    """Whether every read of the local `name` in the function is within the seed of a key the
    trace freezes (and there is one)."""
    reads = 0
    for path in _paths_to_reads(ctx.function.node.body, name, []):
        reads += 1
        seeded = False
        for at, parent in enumerate(path):
            if isinstance(parent, cst.Call) and _within(key_seed(parent, ctx), path[-1]):
                seeded = frozen_seed(parent, ctx, path[:at]) is not None
                break
        if not seeded:
            return False
    return reads > 0


def _paths_to_reads(node: cst.CSTNode, name: str, above: list[cst.CSTNode]):
    """The paths from the body down to each read of `name` (the read last), outside the
    targets of assignments."""
    if isinstance(node, cst.Name):
        if node.value == name:
            yield [*above, node]
        return
    below = [*above, node]
    for child in children(node):
        if isinstance(node, cst.Assign) and child is not node.value:
            continue
        yield from _paths_to_reads(child, name, below)


def _enclosing_binds(name: str, ctx: RuleContext) -> bool:
    """Whether a function around the current one binds `name` (a closure's own value)."""
    fn = ctx.function.parent
    while fn is not None:
        if any(p.name == name for p in fn.params) or name in fn.inner:
            return True
        fn = fn.parent
    return False


def drawn_from(node: cst.Call, ctx: RuleContext, ancestors: list[cst.CSTNode]) -> bool:
    """Whether `jax.random` draws from the key as it is: it is an argument of a `jax.random`
    call other than `fold_in` (`bernoulli(PRNGKey(0), ...)`, `split(...)`), or is bound to a
    name that such a call takes and no `fold_in` mixes a value into. A key handed elsewhere
    (`model.init(PRNGKey(0), x)`, `MLP(..., key=PRNGKey(1))`) seeds a deliberate, fixed
    initialisation and is left alone. `ancestors`: from the function body down to `node`'s
    parent."""
    bound: str | None = None
    for parent in reversed(ancestors):
        if isinstance(parent, cst.Call):
            return _random_use(parent, ctx) == "draw"
        if isinstance(parent, cst.Assign):
            target = parent.targets[0].target if len(parent.targets) == 1 else None
            bound = target.value if isinstance(target, cst.Name) and parent.value is node else None
            break
        if isinstance(parent, cst.BaseStatement):
            break
    if bound is None:
        return False
    uses = {
        _random_use(n, ctx) for n in walk_expression(ctx.function.node)
        if isinstance(n, cst.Call) and any(isinstance(a.value, cst.Name) and a.value.value == bound for a in n.args)
    }
    return "draw" in uses and "fold" not in uses


def _random_use(call: cst.Call, ctx: RuleContext) -> str | None:
    """"fold" for `jax.random.fold_in`, "draw" for another `jax.random` call, else None."""
    rng = apis()["rng"]
    qualified = ctx.resolve(call.func) or ""
    if qualified in rng["key_folds"]:
        return "fold"
    if qualified.startswith(rng["key_users_prefix"]) and qualified not in rng["key_constructors"]:
        return "draw"
    return None
