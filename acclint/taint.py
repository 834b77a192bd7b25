"""Which names and expressions in a function hold traced values (DESIGN.md §1).

The analysis is flow-insensitive: a name is traced if any assignment in the function gives it a
traced value. That over-approximates a name re-bound to a constant, and never misses a traced
value on any path, which is the right side to err on for "this branch is baked in".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import libcst as cst

from acclint.facts import ValueFacts
from acclint.names import ImportTable
from acclint.walk import all_params, walk_body


@dataclass(eq=False)
class BodyFacts:
    """What one walk of a function body (not its nested scopes) finds."""

    # (target, value, augmented): `value` flows into the names of `target`.
    flows: list[tuple[cst.BaseExpression, cst.BaseExpression, bool]] = field(default_factory=list)
    calls: list[cst.Call] = field(default_factory=list)
    local_names: set[str] = field(default_factory=set)
    declared_outer: set[str] = field(default_factory=set)  # global / nonlocal names
    # Names only ever bound to list/tuple/dict/set displays: their truth value is their length.
    containers: set[str] = field(default_factory=set)
    returns: list[cst.BaseExpression] = field(default_factory=list)  # returned (or yielded) values


def collect_body(node: cst.FunctionDef | cst.Lambda) -> BodyFacts:
    facts = BodyFacts()
    facts.local_names.update(p.name.value for p in all_params(node.params))
    if isinstance(node, cst.Lambda):
        facts.returns.append(node.body)
        _collect(node.body, facts, include_root=True)
    else:
        _collect(node.body, facts, include_root=False)
    facts.local_names -= facts.declared_outer
    facts.containers = _container_names(facts.flows, _container_params(node.params))
    return facts


CONTAINER_ANNOTATIONS = frozenset({"list", "tuple", "dict", "set", "frozenset", "List", "Tuple", "Dict", "Set", "Sequence", "Mapping"})


def _container_params(params: cst.Parameters) -> set[str]:
    """Parameters annotated as a container (`xs: list[jax.Array]`, `cfg: Mapping[str, float]`)."""
    out = set()
    for p in all_params(params):
        if p.star in ("*", "**"):
            continue  # `*args: list` annotates each argument, not the tuple
        ann = p.annotation.annotation if p.annotation is not None else None
        if isinstance(ann, cst.Subscript):
            ann = ann.value
        if isinstance(ann, cst.Attribute):
            ann = ann.attr
        if isinstance(ann, cst.Name) and ann.value in CONTAINER_ANNOTATIONS:
            out.add(p.name.value)
    return out


CONTAINER_DISPLAYS = (cst.List, cst.Tuple, cst.Dict, cst.Set, cst.ListComp, cst.SetComp, cst.DictComp)
CONTAINER_TYPES = frozenset({"list", "tuple", "dict", "set", "frozenset"})


def is_container(value: cst.BaseExpression) -> bool:
    """A list/tuple/dict/set display or constructor call: its truth value is its length."""
    if isinstance(value, CONTAINER_DISPLAYS):
        return True
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in CONTAINER_TYPES


def _container_names(flows, params: set[str]) -> set[str]:
    only_displays: dict[str, bool] = dict.fromkeys(params, True)
    for target, value, _augmented in flows:
        if isinstance(target, cst.Name):
            name = target.value
            only_displays[name] = only_displays.get(name, True) and is_container(value)
        else:
            names: set[str] = set()
            _bind_targets(target, names)
            for name in names:
                only_displays[name] = False
    return {name for name, ok in only_displays.items() if ok}


def _collect(root: cst.CSTNode, facts: BodyFacts, include_root: bool) -> None:
    nodes = walk_body(root)
    if include_root:
        nodes = _chain_root(root, nodes)
    flows = facts.flows
    for node in nodes:
        if isinstance(node, cst.Call):
            facts.calls.append(node)
        elif isinstance(node, (cst.Return, cst.Yield)) and node.value is not None:
            facts.returns.append(node.value)
        elif isinstance(node, cst.Assign):
            for t in node.targets:
                flows.append((t.target, node.value, False))
                _bind_targets(t.target, facts.local_names)
        elif isinstance(node, cst.AnnAssign):
            _bind_targets(node.target, facts.local_names)
            if node.value is not None:
                flows.append((node.target, node.value, False))
        elif isinstance(node, cst.AugAssign):
            flows.append((node.target, node.value, True))
            _bind_targets(node.target, facts.local_names)
        elif isinstance(node, (cst.For, cst.CompFor)):
            flows.append((node.target, node.iter, False))
            _bind_targets(node.target, facts.local_names)
        elif isinstance(node, cst.NamedExpr):
            flows.append((node.target, node.value, False))
            _bind_targets(node.target, facts.local_names)
        elif isinstance(node, cst.WithItem) and node.asname is not None:
            flows.append((node.asname.name, node.item, False))
            _bind_targets(node.asname.name, facts.local_names)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            facts.local_names.add(node.name.value)
        elif isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(node.names, cst.ImportStar):
            for alias in node.names:
                bound = alias.asname.name if alias.asname else alias.name
                if isinstance(bound, cst.Name):
                    facts.local_names.add(bound.value)
                elif isinstance(bound, cst.Attribute):
                    root_name = bound
                    while isinstance(root_name, cst.Attribute):
                        root_name = root_name.value
                    if isinstance(root_name, cst.Name):
                        facts.local_names.add(root_name.value)
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            for item in node.names:
                facts.declared_outer.add(item.name.value)


def _chain_root(root, rest):
    yield root
    yield from rest


def _bind_targets(target: cst.BaseExpression, names: set[str]) -> None:
    names.update(target_names(target))


class TracedQuery:
    """Answers "is this expression traced?" for one function, given its traced names."""

    def __init__(
        self,
        traced: set[str],
        imports: ImportTable,
        facts: ValueFacts,
        containers: frozenset[str] = frozenset(),
        returns_untraced: Callable[[cst.BaseExpression], bool] = lambda func: False,
    ) -> None:
        self.traced = traced
        self.imports = imports
        self.facts = facts
        self.containers = containers
        # Whether a callee is a helper of this module known to return no traced value
        # (`rows, ndim = shape_summary(x)` with `return x.shape[0], x.ndim`).
        self.returns_untraced = returns_untraced

    def truth_traced(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        """Like `first_traced`, for a value whose truth Python asks for (`if node:`).

        A list, tuple, dict or set of traced values has a concrete truth value (its length),
        so only operands that are themselves traced arrays count.
        """
        if isinstance(node, cst.BooleanOperation):
            return self.truth_traced(node.left) or self.truth_traced(node.right)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return self.truth_traced(node.expression)
        if is_container(node) or (isinstance(node, cst.Name) and node.value in self.containers):
            return None
        return self.first_traced(node)

    def is_traced(self, node: cst.BaseExpression) -> bool:
        return self.first_traced(node) is not None

    def first_traced(self, node: cst.CSTNode) -> cst.BaseExpression | None:
        """The first traced leaf (a name) that makes `node` traced, or None if it is not."""
        if isinstance(node, cst.Name):
            return node if node.value in self.traced else None
        if isinstance(node, cst.Attribute):
            if node.attr.value in self.facts.static_attributes:
                return None
            return self.first_traced(node.value)
        if isinstance(node, cst.Call):
            return self._traced_call(node)
        if isinstance(node, cst.Comparison):
            if all(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in node.comparisons):
                return None
            if isinstance(node.left, cst.BaseString) and all(
                isinstance(c.operator, (cst.In, cst.NotIn)) for c in node.comparisons
            ):
                return None  # `"w" in params`: a key lookup in a container, never an array test
            return self._first_of([node.left, *(c.comparator for c in node.comparisons)])
        if isinstance(node, cst.IfExp):
            return self._first_of([node.body, node.orelse])
        if isinstance(node, (cst.Lambda, cst.BaseString, cst.Integer, cst.Float, cst.Imaginary, cst.Ellipsis)):
            return None
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            # Its loop variables are traced names when they iterate over a traced value (the
            # body's flows say so), so the values are traced exactly when the element is.
            return self.first_traced(node.elt)
        if isinstance(node, cst.DictComp):
            return self._first_of([node.key, node.value])
        if isinstance(node, (cst.BinaryOperation, cst.BooleanOperation)):
            return self._first_of([node.left, node.right])
        if isinstance(node, cst.UnaryOperation):
            if isinstance(node.operator, cst.Not):
                return None  # a concrete bool: the truth test itself is the hazard
            return self.first_traced(node.expression)
        if isinstance(node, cst.Subscript):
            return self._first_of([node.value, *(e.slice for e in node.slice)])
        if isinstance(node, (cst.Index,)):
            return self.first_traced(node.value)
        if isinstance(node, cst.Slice):
            return self._first_of([p for p in (node.lower, node.upper, node.step) if p is not None])
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return self._first_of([e.value for e in node.elements])
        if isinstance(node, cst.Dict):
            parts: list[cst.CSTNode] = []
            for e in node.elements:
                parts.extend([e.key, e.value] if isinstance(e, cst.DictElement) else [e.value])
            return self._first_of(parts)
        if isinstance(node, (cst.NamedExpr, cst.Await, cst.StarredElement)):
            return self.first_traced(node.value if not isinstance(node, cst.Await) else node.expression)
        return None

    def _first_of(self, nodes) -> cst.BaseExpression | None:
        for n in nodes:
            hit = self.first_traced(n)
            if hit is not None:
                return hit
        return None

    def _traced_call(self, node: cst.Call) -> cst.BaseExpression | None:
        qualified = self.imports.resolve(node.func)
        facts = self.facts
        if qualified in facts.static_calls or facts.host_conversion(qualified) is not None:
            return None
        if self.returns_untraced(node.func):
            return None
        func = node.func
        if isinstance(func, cst.Attribute):
            if func.attr.value in facts.host_methods:
                return None
            receiver = self.first_traced(func.value)
            if receiver is not None:
                return receiver
        return self._first_of([a.value for a in node.args])


def target_names(target: cst.BaseExpression, through_subscripts: bool = False) -> list[str]:
    """The names an assignment to `target` binds (`a, (b, *c) = ...`).

    With `through_subscripts`, an item assignment names its container too: a traced value
    stored by `ys[i] = x` makes `ys` traced.
    """
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for el in target.elements for n in target_names(el.value, through_subscripts)]
    if isinstance(target, cst.StarredElement):
        return target_names(target.value, through_subscripts)
    if through_subscripts and isinstance(target, cst.Subscript):
        return target_names(target.value, through_subscripts)
    return []


def propagate(traced: set[str], facts: BodyFacts, query: TracedQuery) -> None:
    """Grow `traced` in place to the fixpoint of the body's flows."""
    changed = True
    while changed:
        changed = False
        for target, value, augmented in facts.flows:
            pairs = _pairs(target, value)
            for t, v in pairs:
                names = target_names(t, through_subscripts=True)
                if not names or all(n in traced for n in names):
                    continue
                if query.is_traced(v) or (augmented and any(n in traced for n in names)):
                    traced.update(names)
                    changed = True


def _pairs(target: cst.BaseExpression, value: cst.BaseExpression):
    """Pair tuple targets with tuple values element-wise (`a, b = x, 1` taints only `a`).

    A loop over `zip(a, b)` pairs its targets with the zipped iterables, and one over
    `enumerate(a)` makes only the second target follow `a` (the index is a Python int).
    """
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
        args = [a.value for a in value.args if a.keyword is None and not a.star]
        elements = [e.value for e in target.elements]
        if value.func.value == "zip" and len(args) == len(elements) == len(value.args):
            return list(zip(elements, args))
        if value.func.value == "enumerate" and len(elements) == 2 and len(args) >= 1:
            return [(elements[1], args[0])]
    if (
        isinstance(target, (cst.Tuple, cst.List))
        and isinstance(value, (cst.Tuple, cst.List))
        and len(target.elements) == len(value.elements)
        and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))
    ):
        return [(t.value, v.value) for t, v in zip(target.elements, value.elements)]
    return [(target, value)]
