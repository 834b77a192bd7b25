"""What kind of value each name and expression of a traced function holds (docs/analysis.md).

Every value gets one of four kinds, ordered by how sure the analysis is that it is a tracer:

* `STATIC`: a Python value for sure (literals, shapes, dtypes, predicates' results, loop
  indices over `range`, the keys of a pytree, values bound by `functools.partial`).
* `UNKNOWN`: could be either (an attribute of a pytree argument may be a static field or a
  config value; the result of a call the analysis cannot see).
* `TREE`: a pytree whose every leaf is a tracer (a non-static argument of a transform, an item
  of one). Its structure is static: its truth value, length and keys are Python values. Used as
  an array (arithmetic, comparison, an array method) it can only be a leaf, so a tracer.
* `TRACED`: an array tracer for sure (results of `jax.numpy`/`lax` operations on traced
  values, arithmetic on them, a `TREE` used as an array, their elements).

Rules report only what is `TRACED` (or, where the operation itself needs a leaf, such as
`float(x)`, a `TREE`); `--strictness pedantic` lowers the bar to `UNKNOWN`.

The analysis is flow-insensitive: a name's kind is the most traced kind any assignment in the
function gives it. Guards narrow it where a rule asks (`narrowed`): inside
`if x is None:` or `if isinstance(x, (int, np.ndarray)):` `x` is static.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from enum import IntEnum
from typing import Callable, Union

import libcst as cst

from acclint.analysis.facts import ValueFacts
from acclint.analysis.names import ImportTable
from acclint.analysis.walk import all_params, walk_body, walk_expression


class Kind(IntEnum):
    STATIC = 0
    UNKNOWN = 1
    TREE = 2
    TRACED = 3


STATIC, UNKNOWN, TREE, TRACED = Kind.STATIC, Kind.UNKNOWN, Kind.TREE, Kind.TRACED



class Record(tuple):
    """The kinds of the fields of a named tuple (acclint.analysis.records): a tuple of kinds,
    one per field in order (so unpacking it pairs as a tuple does), with the fields' names."""

    fields: tuple[str, ...]

    def __new__(cls, kinds, fields: tuple[str, ...]) -> Record:
        record = super().__new__(cls, kinds)
        record.fields = fields
        return record


# What a call of a helper of this module returns: one kind, or one per element of the tuple
# every `return` of the helper spells out (a `Record` where every `return` builds a named tuple).
ReturnKinds = Union[Kind, tuple[Kind, ...]]


@dataclass(eq=False)
class BodyFacts:
    """What one walk of a function body (not its nested scopes) finds."""

    # (target, value, how): `value` flows into the names of `target`; `how` is "=", "+=" (any
    # augmented assignment but `|=`), "|=" (a dict union as often as an array's `or`) or "in"
    # (a loop or comprehension target takes the elements of `value`).
    flows: list[tuple[cst.BaseExpression, cst.BaseExpression, str]] = field(default_factory=list)
    calls: list[cst.Call] = field(default_factory=list)
    local_names: set[str] = field(default_factory=set)
    declared_outer: set[str] = field(default_factory=set)  # global / nonlocal names
    declared_global: set[str] = field(default_factory=set)  # the global ones: the module's
    returns: list[cst.BaseExpression] = field(default_factory=list)  # returned (or yielded) values
    bare_return: bool = False  # a `return` without a value (or the end of the body) returns None
    yields: bool = False  # a generator: what a call returns is a generator, whatever `returns` holds
    # Names used the way only an array can be used (`x * 2`, `x.sum()`, `x.T`, `x[:, 0]`,
    # `jnp.tanh(x)`) and names used the way only a mapping can be (`d["k"]`, `d.items()`).
    array_uses: set[str] = field(default_factory=set)
    mapping_uses: set[str] = field(default_factory=set)
    array_use_nodes: list[cst.Name] = field(default_factory=list)  # where each array use is (reaching.py)
    # (key, container) of loops `for k in d:` whose body indexes `d[k]`: iterating a mapping
    # gives its keys, Python values (a sequence indexed by its own elements is no pattern).
    key_loops: set[tuple[str, str]] = field(default_factory=set)
    # A comprehension's variables are its own (`[x for x in names]` leaves the function's `x`
    # alone): the `for ... in` of comprehensions, kept apart from `flows`, and, for each call
    # made inside comprehensions, those comprehensions (outermost first), whose variables its
    # arguments see (ValueQuery.within).
    comprehension_flows: list[tuple[cst.BaseExpression, cst.BaseExpression, str]] = field(default_factory=list)
    call_scopes: dict[cst.Call, tuple[cst.BaseExpression, ...]] = field(default_factory=dict)
    # Names assigned or returned whole where an `isinstance` test proved them Python containers
    # (`if isinstance(v, Sequence): values = v`): there they hold a pytree at most.
    containers: set[cst.Name] = field(default_factory=set)

    @cached_property
    def flows_into(self) -> dict[str, list[tuple[cst.BaseExpression, cst.BaseExpression, str]]]:
        """The flows that bind each name (also through unpacking), worked out once."""
        found: dict[str, list[tuple[cst.BaseExpression, cst.BaseExpression, str]]] = {}
        for flow in self.flows:
            for name in target_names(flow[0]):
                found.setdefault(name, []).append(flow)
        return found


def collect_body(node: cst.FunctionDef | cst.Lambda, facts_table: ValueFacts, imports: ImportTable) -> BodyFacts:
    facts = BodyFacts()
    facts.local_names.update(p.name.value for p in all_params(node.params))
    loops: set[tuple[str, str]] = set()  # `for k in d:`
    indexed: set[tuple[str, str]] = set()  # `d[k]`
    shadowed: set[cst.Name] = set()  # uses of a comprehension's own variables
    if isinstance(node, cst.Lambda):
        facts.returns.append(node.body)
        _collect(node.body, facts, facts_table, imports, True, loops, indexed, shadowed)
    else:
        _collect(node.body, facts, facts_table, imports, False, loops, indexed, shadowed)
    facts.local_names -= facts.declared_outer
    facts.key_loops = loops & indexed
    # Arguments of `jax.numpy`/`lax` functions are arrays too: those functions take no lists
    # (but the ones that build an array from a sequence, `jnp.stack(xs)`).
    for call in facts.calls:
        qualified = imports.resolve(call.func) or ""
        if qualified.startswith(facts_table.array_namespaces) and qualified.rsplit(".", 1)[-1] not in facts_table.sequence_functions:
            for a in call.args:
                if not a.star:
                    _array_use(a.value, facts, shadowed)
    return facts


_ORDERED = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)
_MAPPING_METHODS = frozenset({"items", "keys", "values", "get", "setdefault"})
_DEFAULTED = frozenset({"get", "setdefault"})  # give back a default where the key is absent


_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)

# The node types `_collect` takes facts from; a parsed tree holds only these concrete classes.
_COLLECTED = frozenset({
    cst.Call, cst.Return, cst.Yield, cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor,
    cst.NamedExpr, cst.WithItem, cst.FunctionDef, cst.ClassDef, cst.Import, cst.ImportFrom, cst.Global,
    cst.Nonlocal, cst.BinaryOperation, cst.Comparison, cst.UnaryOperation, cst.Attribute, cst.Subscript,
    cst.If, cst.IfExp, *_COMPREHENSIONS,
})
# Python container types: no array of any framework is an instance of one (a jax tracer, a TF
# graph or eager tensor, a KerasTensor, a torch tensor: benchmarks/framework_runs.py,
# tensors_are_no_sequences), so a value that passes `isinstance(v, T)` is a container.
_CONTAINER_TYPES = frozenset({
    "list", "tuple", "dict", "collections.abc.Sequence", "collections.abc.MutableSequence",
    "collections.abc.Mapping", "collections.abc.MutableMapping", "typing.Sequence",
    "typing.MutableSequence", "typing.List", "typing.Tuple", "typing.Mapping", "typing.Dict",
})


def _collect(
    root: cst.CSTNode, facts: BodyFacts, table: ValueFacts, imports: ImportTable, include_root: bool,
    loops: set[tuple[str, str]], indexed: set[tuple[str, str]], shadowed: set[cst.Name],
) -> None:
    nodes = walk_body(root)
    if include_root:
        nodes = _chain_root(root, nodes)
    flows = facts.flows
    for node in nodes:
        if type(node) not in _COLLECTED:  # most nodes: skip the isinstance chain (ABC checks)
            continue
        if type(node) in _COMPREHENSIONS:
            _comprehension_scope(node, facts, shadowed)
        elif isinstance(node, cst.Call):
            facts.calls.append(node)
        elif isinstance(node, (cst.If, cst.IfExp)):
            _container_guard(node, facts, imports)
        elif isinstance(node, (cst.Return, cst.Yield)):
            facts.yields = facts.yields or isinstance(node, cst.Yield)
            if node.value is not None:
                facts.returns.append(node.value)
            else:
                facts.bare_return = True
        elif isinstance(node, cst.Assign):
            for t in node.targets:
                flows.append((t.target, node.value, "="))
                _bind_targets(t.target, facts.local_names)
        elif isinstance(node, cst.AnnAssign):
            _bind_targets(node.target, facts.local_names)
            if node.value is not None:
                flows.append((node.target, node.value, "="))
        elif isinstance(node, cst.AugAssign):
            union = isinstance(node.operator, cst.BitOrAssign)
            flows.append((node.target, node.value, "|=" if union else "+="))
            _bind_targets(node.target, facts.local_names)
            if not union:
                _array_use(node.target, facts, shadowed)
        elif isinstance(node, (cst.For, cst.CompFor)):
            (flows if isinstance(node, cst.For) else facts.comprehension_flows).append((node.target, node.iter, "in"))
            _bind_targets(node.target, facts.local_names)
            if isinstance(node.target, cst.Name) and isinstance(node.iter, cst.Name):
                loops.add((node.target.value, node.iter.value))
        elif isinstance(node, cst.NamedExpr):
            flows.append((node.target, node.value, "="))
            _bind_targets(node.target, facts.local_names)
        elif isinstance(node, cst.WithItem) and node.asname is not None:
            flows.append((node.asname.name, node.item, "="))
            _bind_targets(node.asname.name, facts.local_names)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            facts.local_names.add(node.name.value)
        elif isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(node.names, cst.ImportStar):
            for alias in node.names:
                bound = alias.asname.name if alias.asname else alias.name
                while isinstance(bound, cst.Attribute):
                    bound = bound.value
                if isinstance(bound, cst.Name):
                    facts.local_names.add(bound.value)
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            for item in node.names:
                facts.declared_outer.add(item.name.value)
                if isinstance(node, cst.Global):
                    facts.declared_global.add(item.name.value)
        elif isinstance(node, cst.BinaryOperation):
            concatenates = isinstance(node.operator, (cst.Add, cst.BitOr)) and not (_number(node.left) or _number(node.right))
            if not concatenates and not _sequence_like(node.left) and not _sequence_like(node.right):
                _array_use(node.left, facts, shadowed)  # `a + b` may join two tuples; `a * 2`, `a - b` cannot
                _array_use(node.right, facts, shadowed)
        elif isinstance(node, cst.Comparison):
            if any(isinstance(c.operator, _ORDERED) for c in node.comparisons):
                _array_use(node.left, facts, shadowed)
                for c in node.comparisons:
                    _array_use(c.comparator, facts, shadowed)
        elif isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.BitInvert)):
            _array_use(node.expression, facts, shadowed)
        elif isinstance(node, cst.Attribute):
            attr = node.attr.value
            if attr in table.array_attributes or attr in table.array_methods:
                _array_use(node.value, facts, shadowed)
            elif attr in _MAPPING_METHODS and isinstance(node.value, cst.Name) and node.value not in shadowed:
                facts.mapping_uses.add(node.value.value)
        elif isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value not in shadowed:
            index = node.slice[0].slice
            if len(node.slice) == 1 and isinstance(index, cst.Index) and isinstance(index.value, cst.Name):
                indexed.add((index.value.value, node.value.value))
            if len(node.slice) > 1:
                _array_use(node.value, facts, shadowed)  # `x[:, 0]`: a sequence takes one index
            elif isinstance(node.slice[0].slice, cst.Index) and isinstance(node.slice[0].slice.value, cst.BaseString):
                facts.mapping_uses.add(node.value.value)


def _container_guard(node: cst.If | cst.IfExp, facts: BodyFacts, imports: ImportTable) -> None:
    """Add to `facts.containers` the name `v` where the branch of `node` that runs when `v` is a
    Python container (`if isinstance(v, Sequence):`, the `else` of `if not isinstance(v, list):`)
    assigns or returns it whole, as a statement of its own or as the branch of `a if t else b`."""
    test, held = node.test, True
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test, held = test.expression, not held
    if not (isinstance(test, cst.Call) and len(test.args) == 2 and imports.resolve(test.func) == "isinstance"):
        return
    subject, types = test.args[0].value, test.args[1].value
    if not isinstance(subject, cst.Name) or not container_types(types, imports):
        return
    branch = node.body if held else node.orelse
    if isinstance(node, cst.IfExp):
        values = [branch]
    elif isinstance(branch, (cst.IndentedBlock, cst.Else)):
        lines = branch.body.body if isinstance(branch, cst.Else) else branch.body
        small = [s for line in lines if isinstance(line, cst.SimpleStatementLine) for s in line.body]
        values = [s.value for s in small if isinstance(s, (cst.Assign, cst.Return))]
    else:
        return
    facts.containers.update(v for v in values if isinstance(v, cst.Name) and v.value == subject.value)


def container_types(node: cst.BaseExpression, imports: ImportTable) -> bool:
    """Whether `node`, the second argument of `isinstance`, names container types alone."""
    if isinstance(node, cst.Tuple):
        return bool(node.elements) and all(container_types(e.value, imports) for e in node.elements)
    return imports.resolve(node) in _CONTAINER_TYPES


def _array_use(node: cst.BaseExpression, facts: BodyFacts, shadowed: set[cst.Name]) -> None:
    if isinstance(node, cst.Name) and node not in shadowed:
        facts.array_uses.add(node.value)
        facts.array_use_nodes.append(node)


def _comprehension_scope(node: cst.BaseExpression, facts: BodyFacts, shadowed: set[cst.Name]) -> None:
    """Record which names in comprehension `node` are its own variables (`shadowed`: their uses
    say nothing of the function's names of the same spelling) and which calls it holds.

    Its variables are in scope in its element and conditions and in every iterable but the
    first, which is evaluated outside."""
    bound: set[str] = set()
    inside: list[cst.CSTNode] = [getattr(node, part) for part in ("elt", "key", "value") if hasattr(node, part)]
    for_in = node.for_in  # type: ignore[attr-defined]
    while for_in is not None:
        bound.update(target_names(for_in.target))
        inside.extend(condition.test for condition in for_in.ifs)
        if for_in.inner_for_in is not None:
            inside.append(for_in.inner_for_in.iter)
        for_in = for_in.inner_for_in
    for part in inside:
        for child in walk_expression(part):
            if type(child) is cst.Name and child.value in bound:
                shadowed.add(child)
            elif type(child) is cst.Call:
                facts.call_scopes[child] = (*facts.call_scopes.get(child, ()), node)


def _empty_display(node: cst.BaseExpression) -> bool:
    """`()`, `[]` or `{}`: what `==` with it tests is a container's emptiness, a Python bool (an
    array refuses the comparison: JAX raises TypeError for any tuple, list or dict, eager or
    traced, so only a container is ever compared with one)."""
    return isinstance(node, (cst.Tuple, cst.List, cst.Dict)) and not node.elements


# Builtins whose result is a Python number whatever they are given (or that raise).
_NUMBER_BUILTINS = frozenset({"len", "int", "float", "complex"})


def _number(node: cst.BaseExpression) -> bool:
    """Whether `node` is surely a Python number: a literal, a call of a number builtin (`len(x)`,
    `float(n)`), or arithmetic of those. Adding one to a tuple or a list raises, so `a + b` with
    a number on one side is arithmetic, and the other side an array (`len(x) + x`)."""
    if isinstance(node, cst.UnaryOperation):
        node = node.expression
    if isinstance(node, cst.Call):
        return isinstance(node.func, cst.Name) and node.func.value in _NUMBER_BUILTINS
    if isinstance(node, cst.BinaryOperation):
        return _number(node.left) and _number(node.right)
    return isinstance(node, (cst.Integer, cst.Float, cst.Imaginary))


def _sequence_like(node: cst.BaseExpression) -> bool:
    """A display or string: `+`/`*` with it concatenates or repeats, it is no arithmetic."""
    return isinstance(node, (cst.List, cst.Tuple, cst.ListComp, cst.BaseString, cst.Dict, cst.Set))


def _chain_root(root, rest):
    yield root
    yield from rest


def _bind_targets(target: cst.BaseExpression, names: set[str]) -> None:
    names.update(target_names(target))


_CONTAINER_BUILTINS = frozenset({"list", "tuple", "dict", "set", "frozenset", "sorted", "reversed", "zip", "enumerate", "iter", "next"})
# Builtins that compute with (or truth-test) the leaves they are given: given tracers, tracers.
_LEAF_BUILTINS = frozenset({"abs", "sum", "min", "max", "round", "pow", "divmod", "all", "any"})


# Passes of the fixed point of record fields that depend on themselves: one per level of the
# `Kind` lattice a field can climb, plus one to see that nothing changed.
_MAX_FIELD_PASSES = len(Kind) + 1


@dataclass(eq=False)
class _FieldPass:
    """One pass of `ValueQuery._record_field`'s fixed point."""

    previous: dict[tuple[str, str], Kind | None]  # the last pass's answers (cycles read these)
    done: dict[tuple[str, str], Kind | None] = field(default_factory=dict)
    active: set[tuple[str, str]] = field(default_factory=set)  # being worked out now
    cycled: bool = False  # whether a field being worked out was read (another pass may differ)


class ValueQuery:
    """Answers "what kind of value is this expression?" for one function."""

    def __init__(
        self,
        kinds: dict[str, Kind],
        imports: ImportTable,
        facts: ValueFacts,
        body: BodyFacts,
        callee: Callable[[cst.Call, ValueQuery], ReturnKinds | None] = lambda call, query: None,
        scoped: frozenset[str] = frozenset(),
        cached: bool = False,
    ) -> None:
        self.kinds = kinds
        # Variables of the comprehensions the query is inside: the function's uses of a name
        # as an array say nothing of them.
        self.scoped = scoped
        # Whether the values are those of a cached trace, where an array the function makes
        # (`torch.rand(3)`, ValueFacts.made_arrays) is a tracer too, not only what it is given.
        self.cached = cached
        self.imports = imports
        self.facts = facts
        self.body = body
        # What the callee of a call returns, asked with the call and this query (None: not a
        # helper of this module, nor a function another module said it returns for this call).
        self.callee = callee
        self._field_pass: _FieldPass | None = None  # while a record field is worked out

    def narrowed(self, overrides: dict[str, Kind]) -> ValueQuery:
        """The same query with some names' kinds fixed by a guard (`if x is None:`)."""
        if not overrides:
            return self
        return ValueQuery({**self.kinds, **overrides}, self.imports, self.facts, self.body, self.callee, self.scoped, self.cached)

    # -- the kind of an expression --------------------------------------------------------
    def name_kind(self, name: str) -> Kind:
        kind = self.kinds.get(name, STATIC)
        if kind is TREE and name in self.body.array_uses and name not in self.body.mapping_uses and name not in self.scoped:
            return TRACED  # used as an array elsewhere in the function: it is a leaf
        return kind

    def kind(self, node: cst.CSTNode) -> Kind:
        # Dispatched on the exact type: a chain of isinstance tests on libcst's classes (ABCs,
        # each test a call of ABCMeta.__instancecheck__) was a tenth of a big file's analysis;
        # parsed trees hold no subclasses of these node classes.
        found = _KIND_OF.get(type(node))
        return STATIC if found is None else found(self, node)  # STATIC: literals, f-strings, lambdas, `...`

    def _name(self, node: cst.Name) -> Kind:
        kind = self.name_kind(node.value)
        return container_of(kind) if node in self.body.containers else kind

    def _binary(self, node: cst.BinaryOperation) -> Kind:
        left, right = self.kind(node.left), self.kind(node.right)
        if _sequence_like(node.left) or _sequence_like(node.right):
            return container_of(max(left, right))
        if isinstance(node.operator, (cst.Add, cst.BitOr)) and TRACED not in (left, right) and not (
            _number(node.left) or _number(node.right)
        ):
            return container_of(max(left, right))  # `a + b`, `a | b` of two pytrees may join lists, dicts
        return _as_array(max(left, right))

    def _unary(self, node: cst.UnaryOperation) -> Kind:
        if isinstance(node.operator, cst.Not):
            return STATIC  # a Python bool: the truth test itself is the hazard
        return _as_array(self.kind(node.expression))

    def _either(self, node: cst.BooleanOperation) -> Kind:
        return max(self.kind(node.left), self.kind(node.right))

    def _if_exp(self, node: cst.IfExp) -> Kind:
        return max(self.kind(node.body), self.kind(node.orelse))

    def _elements(self, node: cst.Tuple | cst.List | cst.Set | cst.Dict) -> Kind:
        return _display([self.kind(e.value) for e in node.elements])

    def _comprehension(self, node: cst.ListComp | cst.SetComp | cst.GeneratorExp) -> Kind:
        return _display([self.within((node,)).kind(node.elt)])

    def _dict_comprehension(self, node: cst.DictComp) -> Kind:
        return _display([self.within((node,)).kind(node.value)])

    # -- comprehensions' own variables ----------------------------------------------------
    def within(self, comprehensions: tuple[cst.BaseExpression, ...]) -> ValueQuery:
        """The query inside nested comprehensions (outermost first): each variable has the
        kind of the elements of what it iterates, whatever a name of the function spelled the
        same holds."""
        query = self
        for node in comprehensions:
            for_in = node.for_in  # type: ignore[attr-defined]
            while for_in is not None:
                query = query.iterating(for_in)
                for_in = for_in.inner_for_in
        return query

    def iterating(self, for_in: cst.CompFor) -> ValueQuery:
        """The query past one `for ... in` of a comprehension: its targets bound."""
        return self.own_scope({name: kind for t, kind in self.pairs(for_in.target, for_in.iter, "in") for name in target_names(t)})

    def own_scope(self, bound: dict[str, Kind]) -> ValueQuery:
        """The query inside a scope of its own (a comprehension's variables, a lambda's
        parameters), each of `bound`'s names of its kind there, whatever a name of the function
        spelled the same holds."""
        if not bound:
            return self
        return ValueQuery({**self.kinds, **bound}, self.imports, self.facts, self.body, self.callee, self.scoped | bound.keys(), self.cached)

    def _value(self, node: cst.NamedExpr | cst.StarredElement) -> Kind:
        return self.kind(node.value)

    def _attribute(self, node: cst.Attribute) -> Kind:
        attr = node.attr.value
        if attr in self.facts.static_attributes:
            return STATIC
        base = self.kind(node.value)
        if base in (UNKNOWN, TREE) and isinstance(node.value, cst.Name):
            field_kind = self._record_field(node.value.value, attr)
            if field_kind is not None:
                return field_kind
        if base >= TREE:
            # A field of a pytree may be declared static (`pytree_node=False`) or be a config
            # value; only attributes that exist on arrays alone say it is an array. An array
            # has no other attributes but its static views: a value used as an array that has
            # one is a wrapper that looks like an array (a labelled array's `.coords`,
            # `.sizes`), and the field is whatever the wrapper holds.
            return TRACED if attr in self.facts.array_attributes else UNKNOWN
        return base

    def _record_field(self, name: str, attr: str) -> Kind | None:
        """The kind of field `attr` of `name` where every value the function assigns `name` is
        a named tuple with that field (built here, or returned by a helper that builds one).

        A record rebuilt from its own fields (`state = State(state.params - g, state.step + 1)`)
        makes the field's kind depend on itself. It is the least fixed point of those
        equations, computed in passes (`_FieldPass`): within a pass each field is worked out
        once; a field met again while it is being worked out reads what the last pass gave it
        (at first nothing: the field of the value the name held before, as if no record had
        been assigned). A pass that meets no cycle is the answer; otherwise the passes stop when
        one changes nothing, or after `_MAX_FIELD_PASSES` (a field climbs the four kinds at most
        once; the bound also ends any oscillation)."""
        key = (name, attr)
        current = self._field_pass
        if current is not None:
            if key in current.done:
                return current.done[key]
            if key in current.active:
                current.cycled = True
                return current.previous.get(key)  # a cycle: the last pass's answer
            current.active.add(key)
            try:
                found = current.done[key] = self._record_field_once(name, attr)
            finally:
                current.active.discard(key)
            return found
        previous: dict[tuple[str, str], Kind | None] = {}
        for _ in range(_MAX_FIELD_PASSES):
            current = self._field_pass = _FieldPass(previous)
            try:
                found = self._record_field(name, attr)
            finally:
                self._field_pass = None
            if not current.cycled or current.done == previous:
                break  # no field read another pass's answer, or none of them changed
            previous = current.done
        return found

    def _record_field_once(self, name: str, attr: str) -> Kind | None:
        kinds = []
        for target, value, how in self.body.flows_into.get(name, ()):
            plain = how == "=" and isinstance(target, cst.Name) and isinstance(value, cst.Call)
            record = self.callee(value, self) if plain else None
            if not isinstance(record, Record) or attr not in record.fields:
                return None
            kinds.append(record[record.fields.index(attr)])
        return max(kinds) if kinds else None

    def _subscript(self, node: cst.Subscript) -> Kind:
        base = self.kind(node.value)
        if base >= TREE:
            return base  # an item of a pytree is a pytree; an element of an array is an array
        index = max((self._slice_kind(e.slice) for e in node.slice), default=STATIC)
        # A static table indexed by a traced value: a NumPy table raises, a jnp one traces.
        return max(base, UNKNOWN) if index > STATIC else base

    def _slice_kind(self, part: cst.BaseSlice) -> Kind:
        if isinstance(part, cst.Index):
            return self.kind(part.value)
        assert isinstance(part, cst.Slice)
        return max((self.kind(p) for p in (part.lower, part.upper, part.step) if p is not None), default=STATIC)

    def _comparison(self, node: cst.Comparison) -> Kind:
        operands = [node.left, *(c.comparator for c in node.comparisons)]
        for c in node.comparisons:
            if isinstance(c.operator, (cst.In, cst.NotIn)):
                # A key test on a pytree is structure; looking a tracer up in a container
                # compares it (or hashes it), which asks the tracer for a bool.
                return TRACED if self.kind(node.left) is TRACED else STATIC
            if isinstance(c.operator, (cst.Is, cst.IsNot)):
                return STATIC  # identity: never an array test
            if isinstance(c.operator, (cst.Equal, cst.NotEqual)) and any(self._never_equal(o) or _empty_display(o) for o in operands):
                return STATIC  # `mode == "train"`: strings are never traced; `args == ()` tests a container
            if isinstance(c.operator, (cst.Equal, cst.NotEqual)) and self._sequences_compared(operands):
                return STATIC
        return _as_array(max(self.kind(o) for o in operands))

    def _sequences_compared(self, operands: list[cst.BaseExpression]) -> bool:
        """Whether `==` compares a list or tuple display with containers only (`leaves ==
        [tree]`, `[a] == [b]`): Python's sequence comparison, a Python bool decided by the
        elements' identity and count, which raises at once where it must ask a tracer for its
        truth; never an array test whose branch a trace bakes."""
        return any(isinstance(o, (cst.List, cst.Tuple)) for o in operands) and all(
            isinstance(o, (cst.List, cst.Tuple)) or self.kind(o) is TREE for o in operands
        )

    def _never_equal(self, node: cst.BaseExpression) -> bool:
        """Whether `node` is a value a tracer compares unequal to as a Python bool (JAX's
        `==` declines it, Python falls back to identity): a string, `None`, a module-level
        string constant (`MODEL_MODE_PREFILL`) or a member of a value enum (`Mode.TRAIN`), this
        module's or imported (acclint.analysis.declared)."""
        if isinstance(node, cst.BaseString) or (isinstance(node, cst.Name) and node.value == "None"):
            return True
        root = node
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or root.value in self.body.local_names:
            return False  # a local variable of the same name is no module constant
        facts = self.facts
        if facts.static_strings and self.imports.resolve(node) in facts.static_strings:
            return True
        return isinstance(node, cst.Attribute) and bool(facts.value_enums) and self.imports.resolve(node.value) in facts.value_enums

    def _call(self, node: cst.Call) -> Kind:
        facts = self.facts
        qualified = self.imports.resolve(node.func)
        if qualified in facts.static_calls or facts.host_conversion(qualified) is not None:
            return STATIC
        returned = self.callee(node, self)
        if returned is not None:
            return returned if isinstance(returned, Kind) else _display(list(returned))
        if self.cached and facts.makes_array(qualified):
            return TRACED
        args = max((self.kind(a.value) for a in node.args), default=STATIC)
        func = node.func
        if isinstance(func, cst.Call) and self.is_layer(func):
            return _as_array(args)  # `nn.Dense(3)(x)`: a layer applied to a traced value
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if method in facts.host_methods or method in facts.static_attributes:
                return STATIC  # a host value, or a static view read by a call (torch's `x.size(0)`, `x.dim()`)
            receiver = self.kind(func.value)
            if receiver is TRACED:
                # No array has a `keys` method: a value it is called on is a mapping whatever
                # kinds its callers merge to, and its keys are Python values (a loss function
                # looping `for k in y_true.keys()` over a dict of tensors).
                return STATIC if method == "keys" else TRACED
            if receiver is TREE:
                if method in facts.array_methods:
                    return TRACED
                if method == "keys":
                    return STATIC
                if method in _DEFAULTED:
                    return self._item_or_default(node)
                if method in _MAPPING_METHODS:
                    return TREE
                return UNKNOWN
            if receiver is UNKNOWN:
                if method in facts.array_methods and isinstance(func.value, cst.Attribute) and self.kind(func.value.value) >= TREE:
                    # `layer.w.sum()`, `named.array.sum()`: a static field must be hashable, so
                    # no array is one; a field with array methods is a leaf, a tracer.
                    return TRACED
                return UNKNOWN
        if qualified is not None:
            if qualified in facts.leaf_maps and self._maps_to_host_values(node):
                return STATIC
            if qualified.startswith(facts.tree_namespaces):
                return container_of(args)
            if qualified.startswith(facts.array_namespaces) and qualified.rsplit(".", 1)[-1] in facts.list_functions:
                return container_of(args)  # `keras.ops.split(x, 2)`: a list of arrays
            if qualified.startswith(facts.array_namespaces) or qualified in facts.array_method_functions:
                return _as_array(args)
            if qualified in _LEAF_BUILTINS:
                return _as_array(args)
            if qualified in _CONTAINER_BUILTINS:
                return container_of(args)
            if qualified == "range":
                return STATIC
            if qualified == "map" and node.args and isinstance(node.args[0].value, cst.Lambda):
                return container_of(self._mapped(node.args[0].value, [a.value for a in node.args[1:]]))
        return UNKNOWN if args > STATIC else STATIC

    def _maps_to_host_values(self, node: cst.Call) -> bool:
        """Whether the function a tree map applies returns a Python value whatever leaf it is
        given: a static call (`jnp.iscomplexobj`, `jnp.ndim`: a leaf's dtype or rank) or a
        lambda whose body is static with its parameters traced (`lambda p: p.dtype ==
        jnp.float32`). Then every leaf of the mapped tree is a Python value, and so is `any` of
        them (netket's `tree_leaf_iscomplex`; run: tree_map_of_a_dtype_test)."""
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        if not positional:
            return False
        function = positional[0]
        if isinstance(function, cst.Lambda):
            names = {p.name.value for p in all_params(function.params)}
            return self.own_scope(dict.fromkeys(names, TRACED)).kind(function.body) is STATIC
        return self.imports.resolve(function) in self.facts.static_calls

    def _mapped(self, function: cst.Lambda, iterables: list[cst.BaseExpression]) -> Kind:
        """The kind of what `map(lambda ...: body, *iterables)` yields: the body's, each
        parameter taking the kind of an element of its iterable (`map(lambda p: p[0] - p[1],
        zip(w, g))` of traced `w`, `g` yields tracers); unknown where they do not pair up."""
        params = function.params
        positional = [*params.posonly_params, *params.params]
        if params.star_arg is not cst.MaybeSentinel.DEFAULT or params.star_kwarg or params.kwonly_params or len(positional) != len(iterables):
            return UNKNOWN
        bound = {p.name.value: self.element_kind(it) for p, it in zip(positional, iterables)}
        return self.own_scope(bound).kind(function.body)

    def _item_or_default(self, node: cst.Call) -> Kind:
        """`tree.get(key, default)` (or `setdefault`) of a pytree mapping: its item, a pytree of
        tracers, or the default (None when not given), where the key is absent, which no
        reading of the code rules out (`**kwargs` holds only the keys its callers pass). A
        tracer for sure only where the default is one too."""
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        default = self.kind(positional[1]) if len(positional) > 1 else STATIC
        return TREE if default >= TREE else UNKNOWN

    def is_layer(self, made: cst.Call) -> bool:
        """Whether `made` constructs a layer of a known library (`nn.Dense(3)`, `nn.Linear(3, 3)`)."""
        qualified = self.imports.resolve(made.func) or ""
        prefix, _, name = qualified.rpartition(".")
        return name[:1].isupper() and (prefix + ".").startswith(self.facts.layer_namespaces)

    # -- the kind of what a loop or unpacking binds ------------------------------------------
    def element_kind(self, iterable: cst.BaseExpression) -> Kind:
        """The kind of each element a `for` over `iterable` binds."""
        if isinstance(iterable, cst.Call):
            qualified = self.imports.resolve(iterable.func)
            if qualified == "range":
                return STATIC
            if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value == "keys":
                return STATIC
        return self.kind(iterable)

    def pairs(self, target: cst.BaseExpression, value: cst.BaseExpression, how: str) -> list[tuple[cst.BaseExpression, Kind]]:
        """The kinds the names in `target` get from `value` (element-wise where it can tell).

        `a, b = x, 1` gives `a` the kind of `x` and `b` static; a loop over `zip(a, b)` pairs its
        targets with the zipped iterables (each as a loop over it alone), one over `enumerate(a)`
        makes the index static, one
        over `d.items()` makes the keys static; `rows, n = helper(x)` takes the kinds of the
        tuple each `return` of the helper spells out.
        """
        if isinstance(target, (cst.Tuple, cst.List)):
            elements = [e.value for e in target.elements]
            starred = any(isinstance(e, cst.StarredElement) for e in elements)
            if how == "in" and isinstance(value, cst.Call):
                args = [a.value for a in value.args if a.keyword is None and not a.star]
                qualified = self.imports.resolve(value.func)
                # Each zipped (or enumerated) iterable binds its target as a loop over it alone
                # would: `(k, v), w in zip(d.items(), ws)` makes the keys static.
                zipped = all(a.keyword is None and not a.star or a.keyword is not None and a.keyword.value == "strict" for a in value.args)
                if qualified == "zip" and len(args) == len(elements) and zipped and not starred:
                    return [pair for t, a in zip(elements, args) for pair in self.pairs(t, a, "in")]
                if qualified == "enumerate" and len(elements) == 2 and args:
                    return [(elements[0], STATIC), *self.pairs(elements[1], args[0], "in")]
                if isinstance(value.func, cst.Attribute) and value.func.attr.value == "items" and len(elements) == 2:
                    holder = self.kind(value.func.value)
                    return [(elements[0], STATIC), (elements[1], TREE if holder >= TREE else holder)]
                if qualified is not None and qualified.endswith("leaves_with_path") and len(elements) == 2:
                    return [(elements[0], STATIC), (elements[1], self.element_kind(value))]
            if how == "=" and not starred:
                paired = element_pairs(target, value)
                if paired:
                    return [(t, self.kind(v)) for t, v in paired]
                if isinstance(value, cst.Call):
                    returned = self.callee(value, self)
                    if isinstance(returned, tuple) and len(returned) == len(elements):
                        return list(zip(elements, returned))
        if how == "in" and isinstance(target, cst.Name) and isinstance(value, cst.Name) and (target.value, value.value) in self.body.key_loops:
            return [(target, STATIC)]  # `for k in d: ... d[k]`: the keys of a mapping
        kind = self.element_kind(value) if how == "in" else self.kind(value)
        return [(target, kind)]


def _as_array(kind: Kind) -> Kind:
    """The kind of an array operation's result: a pytree used as an array is a leaf."""
    return TRACED if kind >= TREE else kind


def container_of(kind: Kind) -> Kind:
    """The kind of a container built from values of `kind` (a pytree of them)."""
    return TREE if kind >= TREE else kind


def _display(kinds: list[Kind]) -> Kind:
    """A list/tuple/dict of values: a pytree of tracers only if every element is one."""
    if not kinds:
        return STATIC
    if all(k >= TREE for k in kinds):
        return TREE
    return UNKNOWN if any(k > STATIC for k in kinds) else STATIC


def target_names(target: cst.BaseExpression, through_subscripts: bool = False) -> list[str]:
    """The names an assignment to `target` binds (`a, (b, *c) = ...`).

    With `through_subscripts`, an item assignment names its container too: a traced value
    stored by `ys[i] = x` makes `ys` hold one.
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


def element_pairs(target: cst.BaseExpression, value: cst.BaseExpression) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """The (target, value) pairs `target = value` binds one to one: itself, or, unpacking a
    tuple or list display with no starred element (`a, b = f(x), g(y)`), each target with the
    value in its place; a starred target (`a, *rest, b = f(x), y, g(y)`) takes the values
    between those of the targets before and after it, counted from each end, and binds a list:
    no pair of its own. None of them for any other unpacking: the values it binds are not
    spelled out."""
    if type(target) not in (cst.Tuple, cst.List):
        return [(target, value)]
    if type(value) not in (cst.Tuple, cst.List) or any(type(e) is cst.StarredElement for e in value.elements):
        return []
    targets, values = target.elements, value.elements
    stars = [i for i, t in enumerate(targets) if isinstance(t, cst.StarredElement)]
    if not stars:
        return [(t.value, v.value) for t, v in zip(targets, values)] if len(values) == len(targets) else []
    if len(stars) > 1 or len(values) < len(targets) - 1:
        return []  # Python refuses it
    before, after = stars[0], len(targets) - stars[0] - 1
    placed = [*zip(targets[:before], values[:before]), *zip(targets[before + 1:], values[len(values) - after:])]
    return [(t.value, v.value) for t, v in placed]


# The kind of each expression node type (ValueQuery.kind); any other node is STATIC.
_KIND_OF = {
    cst.Name: ValueQuery._name,
    cst.Attribute: ValueQuery._attribute,
    cst.Call: ValueQuery._call,
    cst.Comparison: ValueQuery._comparison,
    cst.BinaryOperation: ValueQuery._binary,
    cst.UnaryOperation: ValueQuery._unary,
    cst.BooleanOperation: ValueQuery._either,
    cst.IfExp: ValueQuery._if_exp,
    cst.Subscript: ValueQuery._subscript,
    cst.Tuple: ValueQuery._elements,
    cst.List: ValueQuery._elements,
    cst.Set: ValueQuery._elements,
    cst.Dict: ValueQuery._elements,
    cst.ListComp: ValueQuery._comprehension,
    cst.SetComp: ValueQuery._comprehension,
    cst.GeneratorExp: ValueQuery._comprehension,
    cst.DictComp: ValueQuery._dict_comprehension,
    cst.NamedExpr: ValueQuery._value,
    cst.StarredElement: ValueQuery._value,
    cst.Await: lambda query, node: UNKNOWN,
}

def bound_kind(target: cst.BaseExpression, kind: Kind, how: str, current: Kind) -> Kind:
    """The kind the names of `target` get from a binding `how` ("=", "+=", "|=", "in") to a
    value of `kind`, where they held `current` before."""
    if how == "+=":
        kind = _as_array(max(kind, current))
    elif how == "|=":
        # `flat |= more`: two pytrees joined (dicts) unless one side is an array for sure
        kind = max(kind, current)
        kind = kind if kind is TRACED else container_of(kind)
    if isinstance(target, cst.Subscript):
        kind = container_of(kind)  # `ys[i] = x`, `reps[k] += x`: ys, reps hold x
    return kind


def propagate(kinds: dict[str, Kind], facts: BodyFacts, query: ValueQuery) -> None:
    """Raise the kinds in `kinds` in place to the fixpoint of the body's flows."""
    changed = True
    while changed:
        changed = False
        for target, value, how in facts.flows:
            for t, kind in query.pairs(target, value, how):
                kind = bound_kind(t, kind, how, max((kinds.get(n, STATIC) for n in target_names(t, True)), default=STATIC))
                for name in target_names(t, through_subscripts=True):
                    if kind > kinds.get(name, STATIC):
                        kinds[name] = kind
                        changed = True
