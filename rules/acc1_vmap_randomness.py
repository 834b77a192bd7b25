"""ACC106: a random op in a function vmap maps under its default randomness, which raises."""

from __future__ import annotations

import libcst as cst

from acclint.analysis.walk import walk_all
from acclint.fix.imports import framework_of
from acclint.frameworks.markers import VMAPPED, Framework
from acclint.lint.rule import Rule, RuleContext

# Methods that hand back the module they are called on (`copy.deepcopy(net).to("meta")`).
_SAME_MODULE = frozenset({"to", "train", "cuda", "cpu", "float", "double", "half", "requires_grad_"})
# How many names and wrappers a module's value is followed through.
_DEPTH = 10


class RandomOpUnderVmap(Rule):
    """A function `torch.func.vmap` maps with its default randomness runs a random op, and vmap raises.

    What it does:
        Flags the application of `torch.func.vmap` (`torch.vmap`, `functorch.vmap`) without a
        `randomness=` other than `"error"` to a function that runs a random op: a torch draw
        (`torch.randn_like`, `torch.rand`, `torch.bernoulli`, ...), functional dropout
        (`F.dropout(x, p)` unless given `training=False`), or a module holding a Dropout layer
        called directly or through `torch.func.functional_call` (its value followed through
        `copy.deepcopy`, `.to(...)`, an item of a list of modules, to the constructor call
        that holds `nn.Dropout`), unless the module calls `.eval()` on it
        (`[draws] vmap_random`, `vmap_random_modules`, `module_runners` of the framework's
        data). A draw written in the function is reported there; a random layer inside a
        module, where vmap is applied (where `randomness=` is written).

    Why is this bad:
        vmap cannot tell whether each mapped element should draw its own numbers or share
        them, so by default it refuses: `RuntimeError: vmap: called random operation while in
        randomness error mode` (pytorch/rl#2313: an ensemble of Q-networks with Dropout
        evaluated with `functional_call` under vmap). Eagerly, a loop over the elements runs.

    Example:
        qvalues = vmap(lambda p, b, o: functional_call(base, (p, b), (o,)), in_dims=(0, 0, None))(params, buffers, obs)

    Use instead:
        qvalues = vmap(lambda p, b, o: functional_call(base, (p, b), (o,)), in_dims=(0, 0, None), randomness="different")(params, buffers, obs)

        (or `"same"` where every element should share one draw, or the module in `.eval()`)

    Fix safety:
        No fix: whether elements draw alike or apart is the model's choice.
    """

    code = "ACC106"
    name = "random-op-under-vmap"
    contexts = frozenset({VMAPPED})
    VALID = [
        """
import torch
from torch.func import vmap

noisy = vmap(lambda r: r + torch.randn_like(r), randomness="different")(torch.ones(5, 4))
""",
    ]
    INVALID = [
        """
import torch
from torch.func import vmap

noisy = vmap(lambda r: r + torch.randn_like(r))(torch.ones(5, 4))  # expect: ACC106
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        framework = framework_of(ctx)
        if not framework.vmap_random:
            return
        found = _random_op(node, framework, ctx)
        sites = _strict_applications(framework, ctx) if found is not None else []
        if not sites:
            return
        op, in_place = found  # type: ignore[misc]
        # A draw written here is reported here; a random layer inside a module, where vmap is
        # applied (where `randomness=` is written).
        for at in [node] if in_place else sites:
            ctx.report(
                at,
                f"vmap maps '{ctx.function.name}', which runs the random op {op}, with its default randomness=\"error\": "
                "it raises RuntimeError; pass randomness=\"different\" (or \"same\") where vmap is applied",
            )


def _random_op(node: cst.Call, framework: Framework, ctx: RuleContext) -> tuple[str, bool] | None:
    """How `node` is a random op (for the message), and whether the draw is written here (not
    inside a module it runs), or None."""
    qualified = ctx.resolve(node.func) or ""
    if qualified in framework.vmap_random:
        training = next((a.value for a in node.args if a.keyword is not None and a.keyword.value == "training"), None)
        if isinstance(training, cst.Name) and training.value == "False":
            return None
        return f"'{ctx.code_for(node.func)}'", True
    if qualified in framework.module_runners and node.args:
        module = node.args[0].value
    elif isinstance(node.func, cst.Name):
        module = node.func  # `net(x)`: a module-level name the function calls
    else:
        return None
    if isinstance(module, cst.Name) and not ctx.is_local(module.value) and _holds_random_module(module.value, framework, ctx):
        return f"'{module.value}' (it holds a Dropout in training mode)", False
    return None


def _holds_random_module(name: str, framework: Framework, ctx: RuleContext) -> bool:
    """Whether the module-level `name` holds a module built with a random layer, followed
    through the names and wrappers it was made from, none of which the module puts in `.eval()`."""
    names: set[str] = set()
    found = _built_with(cst.Name(name), framework, ctx, names, _DEPTH)
    return found and not _evaluated(names, ctx)


def _built_with(value: cst.BaseExpression, framework: Framework, ctx: RuleContext, names: set[str], depth: int) -> bool:
    """Whether `value` is (or is made from) a constructor call holding a random layer; `names`
    collects the module-level names followed."""
    if depth <= 0:
        return False
    if isinstance(value, cst.Name):
        values = ctx.analysis.index.module_values.get(value.value, [])
        names.add(value.value)
        return len(values) == 1 and _built_with(values[0], framework, ctx, names, depth - 1)
    if isinstance(value, cst.Subscript):
        return _built_with(value.value, framework, ctx, names, depth - 1)
    if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
        return _built_with(value.elt, framework, ctx, names, depth - 1)
    if isinstance(value, (cst.List, cst.Tuple)):
        return any(isinstance(e, cst.Element) and _built_with(e.value, framework, ctx, names, depth - 1) for e in value.elements)
    if not isinstance(value, cst.Call):
        return False
    if isinstance(value.func, cst.Attribute) and value.func.attr.value in _SAME_MODULE:
        return _built_with(value.func.value, framework, ctx, names, depth - 1)
    if ctx.resolve(value.func) == "copy.deepcopy" and value.args:
        return _built_with(value.args[0].value, framework, ctx, names, depth - 1)
    return any(isinstance(n, cst.Call) and ctx.resolve(n.func) in framework.vmap_random_modules for n in walk_all(value))


def _evaluated(names: set[str], ctx: RuleContext) -> bool:
    """Whether the module calls `.eval()` on one of `names` (Dropout in evaluation mode draws
    nothing)."""
    return any(
        isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute) and n.func.attr.value == "eval"
        and isinstance(n.func.value, cst.Name) and n.func.value.value in names
        for n in walk_all(ctx.analysis.module)
    )


def _strict_applications(framework: Framework, ctx: RuleContext) -> list[cst.Call]:
    """The calls applying one of the framework's vmap markers to the visited function (by name
    or as the lambda itself) with no `randomness=` other than "error"."""
    markers = ctx.analysis.markers
    node, found = ctx.function.node, []
    for site in ctx.analysis.index.sites:
        call = site.expr
        if site.decorates is not None or not isinstance(call, cst.Call) or not call.args:
            continue
        qualified = ctx.resolve(call.func) or ""
        marker = markers.markers.get(qualified)
        if marker is None or marker.kind != VMAPPED or markers.framework_of_marker.get(qualified) != framework.name:
            continue
        given = call.args[0].value
        if not (given is node or isinstance(given, cst.Name) and isinstance(node, cst.FunctionDef) and given.value == node.name.value):
            continue
        randomness = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == framework.randomness_keyword), None)
        if randomness is None or isinstance(randomness, cst.SimpleString) and randomness.evaluated_value == "error":
            found.append(call)
    return found
