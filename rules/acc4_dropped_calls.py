"""ACC411: a call the compiled code drops, so it runs on no call of the compiled function.

torch.compile drops from the compiled code the logger methods a program registers in
`torch._dynamo.config.ignore_logger_methods` (`[dropped]` in the framework's data): where an
unregistered log call is a graph break that logs on every call (ACC403, a performance finding
under `--strictness pedantic`), a registered one logs on none (pytorch#123288). The registrations
are read once per module, and only when a compiled function calls a logging method.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.bindings import chain_root, line_of
from acclint.analysis.walk import walk_all
from acclint.fix.imports import framework_of
from acclint.frameworks.markers import CACHED
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.tables import logs

# analysis -> (registries, patches) -> the registered callee's code ('logger.warning') -> the
# node that registers it
_REGISTERED: WeakKeyDictionary = WeakKeyDictionary()


def dropped(node: cst.Call, ctx: RuleContext) -> cst.CSTNode | None:
    """Where the module registers `node`'s callee among the methods the visited function's
    framework drops from compiled code (`logger.warning(...)` after `ignore_logger_methods =
    {logger.warning}`), or None: a logging method of a logger the function does not bind
    itself, spelt as registered (Dynamo matches the method read off the logger, not an alias)."""
    framework = framework_of(ctx)
    func = node.func
    if not framework.dropped_registries or not isinstance(func, cst.Attribute) or not logs(ctx.resolve(func)):
        return None
    root = chain_root(func.value)
    if root is None or ctx.is_local(root.value):
        return None
    return _registered(ctx, framework.dropped_registries, framework.dropped_patches).get(ctx.code_for(func))


def _registered(ctx: RuleContext, registries: frozenset[str], patches: frozenset[str]) -> dict[str, cst.CSTNode]:
    """The module's registrations (an assignment or `|=` of a display, `.add(m)`, `.update(display)`,
    a patch call's keyword named as a registry), read once per module and framework data."""
    analysis = ctx.analysis
    per_data = _REGISTERED.setdefault(analysis, {})
    found = per_data.get((registries, patches))
    if found is not None:
        return found
    found = {}
    keywords = {r.rpartition(".")[2] for r in registries}
    for node in walk_all(analysis.module):
        given: list[cst.BaseExpression] = []
        if isinstance(node, cst.Assign) and any(analysis.resolve(t.target) in registries for t in node.targets):
            given = _elements(node.value)
        elif isinstance(node, cst.AugAssign) and analysis.resolve(node.target) in registries:
            given = _elements(node.value)
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.args and analysis.resolve(node.func.value) in registries:
            method = node.func.attr.value
            given = [node.args[0].value] if method == "add" else _elements(node.args[0].value) if method == "update" else []
        elif isinstance(node, cst.Call) and analysis.resolve(node.func) in patches:
            given = [e for a in node.args if a.keyword is not None and a.keyword.value in keywords for e in _elements(a.value)]
        for element in given:
            found.setdefault(analysis.module.code_for_node(element).strip(), element)
    per_data[(registries, patches)] = found
    return found


def _elements(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The elements of a display (`{a, b}`, `[a]`, `(a,)`), also as `set(...)`/`frozenset(...)`'s argument."""
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in ("set", "frozenset") and value.args:
        value = value.args[0].value
    if isinstance(value, (cst.Set, cst.List, cst.Tuple)):
        return [e.value for e in value.elements if isinstance(e, cst.Element)]
    return []


class DroppedCallInCompiledTrace(Rule):
    """A logger method the module registers for the compiler to drop is called in a compiled function, where it never runs.

    What it does:
        Flags, inside a `torch.compile`d function (or a helper it calls), a call of a logger's
        method that the module registers in `torch._dynamo.config.ignore_logger_methods`: the set
        assigned or `|=`-ed a display, `.add(logger.warning)` or `.update({...})` on it, or the
        keyword `ignore_logger_methods=` of `torch._dynamo.config.patch(...)`; the call spelt as
        registered (`logger.warning(...)`, the logger bound outside the function). The message
        names the line of the registration.

    Why is this bad:
        Dynamo removes a registered method's calls from the compiled code instead of breaking the
        graph on them: the record is logged on no call, not even while compiling, where the same
        function run eagerly logs on every call (an unregistered method is a graph break that
        logs on every call, ACC403). A warning or error the function is meant to emit is lost.

    Example:
        logger = logging.getLogger(__name__)
        torch._dynamo.config.ignore_logger_methods = {logger.warning}

        @torch.compile
        def step(x):
            logger.warning("pad_token_id not set")
            return x + 1

    Use instead:
        Log outside the compiled function (check the condition on the host, before or after the
        call), or leave the method unregistered (a graph break that logs on every call).

    Fix safety:
        No automatic fix.
    """

    code = "ACC411"
    name = "dropped-call-in-compiled-trace"
    contexts = frozenset({CACHED})
    VALID = [
        """
import logging
import torch

logger = logging.getLogger(__name__)
torch._dynamo.config.ignore_logger_methods = {logger.warning}

@torch.compile
def step(x):
    return x + 1

def train(x):
    logger.warning("step")
    return step(x)
""",
    ]
    INVALID = [
        """
import logging
import torch

logger = logging.getLogger(__name__)
torch._dynamo.config.ignore_logger_methods = {logger.warning}

@torch.compile
def step(x):
    logger.warning("pad_token_id not set")  # expect: ACC411
    return x + 1
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        registered = dropped(node, ctx)
        if registered is None:
            return
        line = line_of(ctx.analysis.module, registered, {})
        ctx.report(
            node,
            f"'{ctx.code_for(node.func)}' is registered in the compiler's ignored logger methods (line {line}): the compiled "
            "function drops the call, so it logs on no call (eagerly it logs on every call); log outside the compiled function",
        )
