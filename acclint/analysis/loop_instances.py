"""Instances of one module class compiled one by one: a guarded attribute each holds another value of.

torch.compile caches on the code object (`[cache_key] identity = "code"`), so every instance of a
class compiled on its own (regional compilation: `for layer in self.layers: layer.compile()`, or
`torch.compile(Layer(i))` for each `i`) shares the graphs of one `forward`, and Dynamo guards the
int attributes that `forward` reads by value (`guards_attributes`). An int attribute `__init__`
sets from a constructor argument new on each pass of the loop making the instances (`Layer(i)` in
`[Layer(i) for i in range(n)]`, stored as `self.idx = idx`) fails the guard at each instance's first
call: one compile per instance up to the recompile limit, then eager (torch 2.13, backend="eager",
12 layers: 8 graphs as `layer.compile()` over a `ModuleList` or a `Sequential`, or
`torch.compile(Layer(i))` each; the same int in every instance, or a float, 2; dev report
pytorch_156520). The instances a loop compiles are the elements of what it iterates
(acclint.analysis.objects: `iterated`, `looped`); a making loop of at most `_MAX_BOUNDED_PASSES`
literal passes compiles as few times as it makes instances, no storm.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.loop_callables import _self_reads
from acclint.analysis.loop_counters import int_counters
from acclint.analysis.loop_helpers import _nodes
from acclint.analysis.loop_model import KeyChange
from acclint.analysis.loop_walk import _MAX_BOUNDED_PASSES
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import walk_all

# Arithmetic that keeps an int an int (`i + 1`, `2 * i`, `i // 2`); `/` makes a float.
_INT_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo)

Made = tuple[cst.BaseExpression, FunctionInfo | None, cst.BaseComp | None]  # an element, its scope, the comprehension making it


class CompiledInstances:
    """`LoopFacts`' part: instances of one class compiled one by one, each holding another value of
    an int attribute their shared compiled `forward` guards."""

    def _instance_changes(self) -> list[KeyChange]:
        """One ACC505 finding at each site compiling, in turn, instances of one class whose
        `forward` reads an int attribute each instance holds another value of."""
        found = []
        for site in self.analysis.index.sites:
            if site.decorates is not None or not isinstance(site.expr, cst.Call):
                continue
            compiled = self._compiled_object(site.expr, site.scope)
            if compiled is None:
                continue
            for element, where, making in self._instances_compiled(compiled, site.expr, site.scope):
                what = self._differing_attribute(element, where, making)
                if what is not None:
                    limit = self.analysis.markers.framework({"torch.compile"}).cache_key.recompile_limit
                    found.append(KeyChange(
                        "ACC505", site.expr, f"{what}; {limit} compiles, then eager)", site.expr,
                        "the loop compiling each instance", _top_statement(site.expr, self.analysis.module),
                    ))
                    break
        return found

    def _compiled_object(self, call: cst.Call, scope: FunctionInfo | None) -> cst.BaseExpression | None:
        """The object `call` compiles where its framework caches on the code object and guards
        attributes: the receiver of an in-place compile (`layer.compile()`), or the first
        argument of a wrapper (`torch.compile(layer)`); else None."""
        found = self.analysis.applied_marker(call, scope)
        if found is None:
            return None
        key = self.analysis.markers.framework({found[0].name}).cache_key
        if not key.guards_attributes or key.identity != "code":
            return None
        if found[0].name in self.tables.compiles_in_place and isinstance(call.func, cst.Attribute):
            return call.func.value
        if found[0].name in self.tables.wrappers and call.args and call.args[0].keyword is None and not call.args[0].star:
            return call.args[0].value
        return None

    def _instances_compiled(self, compiled: cst.BaseExpression, site: cst.Call, scope: FunctionInfo | None) -> list[Made]:
        """The instances `compiled` stands for, one per pass, at `site`: the elements a loop's
        target takes (`for layer in self.layers`), also a comprehension's whose element is the
        site (`[torch.compile(m) for m in blocks]`), or a class's instance made in such a
        comprehension (`[torch.compile(Layer(i)) for i in range(n)]`)."""
        comprehension = next((
            node for node in _nodes(scope.node if scope is not None else self.analysis.module)
            if isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp)) and node.elt is site
        ), None)
        if isinstance(compiled, cst.Call):
            return [(compiled, scope, comprehension)] if comprehension is not None else []
        if not isinstance(compiled, cst.Name):
            return []
        target = comprehension.for_in.target if comprehension is not None else None
        if isinstance(target, cst.Name) and target.value == compiled.value:
            return self.analysis.iterated(comprehension.for_in.iter, scope)
        return self.analysis.looped(compiled.value, scope)

    def _differing_attribute(self, element: cst.BaseExpression, where: FunctionInfo | None, making: cst.BaseComp | None) -> str | None:
        """What an instance `element` made on each pass of the comprehension `making` holds
        differently from the others and its `forward` reads: an attribute its class's `__init__`
        binds to a parameter given an int new on each pass (`Layer(i)`, `self.idx = idx`), for
        messages; None where there is none, or the comprehension makes at most
        `_MAX_BOUNDED_PASSES` instances."""
        if making is None or not isinstance(element, cst.Call) or not isinstance(element.func, cst.Name):
            return None
        cls = self.analysis.index.classes.get(element.func.value)
        init = cls.methods.get("__init__") if cls is not None else None
        runs = (cls.methods.get("forward") or cls.methods.get("__call__")) if cls is not None else None
        if init is None or runs is None or init.instance_param is None or self._few_passes(making, where):
            return None
        ints = _int_targets(making, self.analysis.resolve)
        read = _self_reads(runs)
        for param, given in passed(element, init, bound=True).items():
            if not _int_valued(given, ints):
                continue
            for target, value, how in self.analysis.body(init).flows:
                if (
                    how == "=" and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)
                    and target.value.value == init.instance_param and target.attr.value in read
                    and isinstance(value, cst.Name) and value.value == param
                ):
                    return (
                        f"the module attribute '{target.attr.value}' (an int each instance of '{cls.name}' holds another "
                        f"value of, '{self._code(given)}', while all share one compiled '{runs.name}'"
                    )
        return None

    def _few_passes(self, making: cst.BaseComp, where: FunctionInfo | None) -> bool:
        """Whether the comprehension's loops make at most `_MAX_BOUNDED_PASSES` instances,
        each over a literal `range` (also through names bound once to literals)."""
        scope = self._scopes.get(where) or self._scopes[None]
        passes = 1
        for_in: cst.CompFor | None = making.for_in
        while for_in is not None:
            bounds = self._range_bounds(_enumerated(for_in.iter, self.analysis.resolve), scope)
            if bounds is None:
                return False
            passes *= len(range(*bounds))
            for_in = for_in.inner_for_in
        return passes <= _MAX_BOUNDED_PASSES


def _enumerated(iterable: cst.BaseExpression, resolve) -> cst.BaseExpression:
    """What `enumerate(xs)` counts the items of (`xs`), else `iterable` itself."""
    if isinstance(iterable, cst.Call) and resolve(iterable.func) == "enumerate" and iterable.args:
        return iterable.args[0].value
    return iterable


def _int_targets(making: cst.BaseComp, resolve) -> set[str]:
    """The names a comprehension's loops (each of its `for`s) bind to a new int on each pass
    (`loop_counters.int_counters`, the reader the storm walk's loops share): the instances it
    makes each hold another of them."""
    found: set[str] = set()
    for_in: cst.CompFor | None = making.for_in
    while for_in is not None:
        found |= int_counters(for_in.target, for_in.iter, resolve)
        for_in = for_in.inner_for_in
    return found


def _int_valued(expr: cst.BaseExpression, ints: set[str]) -> bool:
    """Whether `expr` is an int computed from one of `ints`: the name itself, or int arithmetic of
    it with int literals (`i + 1`, `2 * i`)."""
    if isinstance(expr, cst.Name):
        return expr.value in ints
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _INT_OPERATORS):
        sides = (expr.left, expr.right)
        return any(_int_valued(side, ints) for side in sides) and all(
            isinstance(side, cst.Integer) or _int_valued(side, ints) for side in sides
        )
    return False


def _top_statement(node: cst.CSTNode, module: cst.Module) -> cst.BaseStatement:
    """The module-level statement holding `node` (where a finding is placed from, as the walk's
    `statement` is)."""
    return next(s for s in module.body if any(n is node for n in walk_all(s)))
