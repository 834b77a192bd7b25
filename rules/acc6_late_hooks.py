"""ACC611: a hook registered on a module the compiled code calls, after the code was compiled.

Dynamo guards the values a compiled function reads, but not the hooks of the modules it calls:
a forward or backward hook registered on such a module after a compiled call is ignored by every
later call that reuses the compiled code, where eager calls run it (pytorch/pytorch#117265;
benchmarks/framework_runs.py torch_hooks_registered_after_compile). Which methods so change a
module unguarded is data (`[unguarded] methods` in acclint/frameworks/*.toml). The rule is a
query on the analyses: the compiled function and the modules it calls come from
acclint.analysis.contexts, and whether the registration falls between two calls is
acclint.analysis.bindings' program order.
"""

from __future__ import annotations

from typing import Iterable

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import module_statement_of, walk_body
from acclint.frameworks.markers import CACHED, HOST_LOOPS
from acclint.lint.rule import Rule

Finding = tuple[cst.CSTNode, str, cst.BaseStatement]


class HookAfterCompile(Rule):
    """A hook is registered on a module that compiled code calls after a call of that code and before a later call, which ignores the hook.

    What it does:
        Flags a call of a method that changes a module without failing the compiled code's
        guards (`[unguarded] methods`: torch.compile's, fullgraph too, `register_forward_hook`,
        `register_forward_pre_hook`, `register_full_backward_hook`,
        `register_full_backward_pre_hook`, `register_backward_hook`) on a module the compiled
        code calls - a module-level name the compiled function calls (`layer(x)`, or an
        attribute of it, `model.encoder(x)`), or an instance of the class whose `forward` is
        compiled (`torch.compile(model)`) - made between a call of the compiled code and a later
        call, in program order (a loop repeats its body), by module-level code or a function it
        runs. A hook registered before the first call is seen by the first compile and not
        flagged.

    Why is this bad:
        The compiled code was traced without the hook and Dynamo does not guard a module's
        hooks: every later call reuses it and the hook never runs (a backward pre-hook doubling
        the gradient leaves it single: pytorch/pytorch#117265), where eager calls run it.

    Example:
        @torch.compile
        def f(x):
            return layer(x)

        f(x)
        layer.register_forward_hook(record)
        f(x)  # `record` never runs

    Use instead:
        layer.register_forward_hook(record)

        @torch.compile
        def f(x):
            return layer(x)

        f(x)
        f(x)

    Fix safety:
        No fix: the hook must be registered before the first call (or the compiled code reset
        with `torch._dynamo.reset()`), which moves code.
    """

    code = "ACC611"
    name = "hook-registered-after-compile"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import torch

layer = torch.nn.Linear(3, 3)
layer.register_forward_hook(lambda m, i, o: o * 2)  # before the first call: compiled with it

@torch.compile
def f(x):
    return layer(x)

f(torch.ones(3))
f(torch.ones(3))
""",
    ]
    INVALID = [
        """
import torch

layer = torch.nn.Linear(3, 3)

@torch.compile
def f(x):
    return layer(x)

f(torch.ones(3))
layer.register_forward_hook(lambda m, i, o: o * 2)  # expect: ACC611
f(torch.ones(3))
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        methods = frozenset(m for f in analysis.markers.frameworks for m in f.unguarded_methods)
        if not methods or not any(type(func) is cst.Attribute and func.attr.value in methods for func in analysis.index.call_order):
            return  # no registration in the module: read off the index, before the bindings (most of ACC6's cost) are built
        reported: set[cst.Call] = set()
        for fn in analysis.index.all_functions:
            unguarded = frozenset(m for f in analysis.markers.frameworks_of(fn.markers) for m in f.unguarded_methods)
            if CACHED not in fn.contexts or not unguarded:
                continue
            called = _modules_called(analysis, fn)
            if not called and fn.cls is None:
                continue

            def hooks_one(call: cst.Call, fn: FunctionInfo = fn, called: set[str] = called) -> bool:
                root = _held_by(call.func.value) if _registers(call, unguarded) else None  # type: ignore[attr-defined]
                return root is not None and (
                    root.value in called or fn.cls is not None and analysis.bindings.instance_class(root.value) is fn.cls
                )

            call = analysis.bindings.call_between_builds(frozenset(), fn, hooks_one)
            if call is None or call in reported:
                continue
            reported.add(call)
            yield (
                call,
                f"registers a hook on a module that '{fn.name}' (compiled) calls, after a call of it and before a later "
                "one: the compiled code does not guard the module's hooks, so later calls ignore this one; register "
                "it before the first call",
                module_statement_of(analysis.module, call),
            )


def _registers(node: cst.CSTNode, methods: frozenset[str]) -> bool:
    """`x.register_forward_hook(...)`, one of `methods` called on an object."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in methods


def _held_by(node: cst.BaseExpression) -> cst.Name | None:
    """The name a chain of attributes and items starts from (`model` of `model[0].fc`)."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node if isinstance(node, cst.Name) else None


def _modules_called(analysis: ModuleAnalysis, fn: FunctionInfo) -> set[str]:
    """The module-level names `fn` calls, or calls an attribute of (`layer(x)`, `model.encoder(x)`)."""
    return {
        root.value for n in walk_body(fn.node) if isinstance(n, cst.Call)
        if (root := _held_by(n.func)) is not None and root.value != fn.self_name and analysis.bindings.is_module_name(root.value, fn)
    }
