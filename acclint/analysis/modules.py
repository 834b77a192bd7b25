"""Framework module classes (flax linen and nnx, haiku, equinox): which classes of a module are
modules, what their traced methods receive when no call the analysis sees reaches them, and
which module's `__call__` a call of a submodule runs.

A module method is no transform boundary: `Block.__call__(self, x, mode)` runs inside the trace
of whatever applies the model, and its parameters hold what its caller passes (a Python string,
a flag, a config as often as an array). So a module's traced methods get the kinds of the calls
that reach them (`self.block(x, mode)` with `self.block = Block(...)` set in `setup`/`__init__`,
`Block(...)(x, mode)`, `nn.scan(Block, ...)(...)(carry, xs)`); reached from outside what the
analysis sees (`model.apply(variables, x)`, `model(x)` under `nnx.jit`), only the first input,
what the model is applied to, is taken for a tree of tracers (`TracedClass.inputs`).
"""

from __future__ import annotations

from functools import cached_property
from typing import Callable

import libcst as cst

from acclint.analysis.scopes import ClassInfo, FunctionInfo, ModuleIndex, Param
from acclint.analysis.taint import TREE, UNKNOWN, BodyFacts, Kind, ReturnKinds, container_of
from acclint.analysis.walk import children
from acclint.frameworks.markers import MarkerTable, TracedClass


def entry_kinds(params: list[Param], inputs: str, sizes: frozenset[str] = frozenset()) -> dict[str, Kind]:
    """The kinds of a traced method's parameters that no seen call reaches.

    `inputs == "all"` (a transform's function): each a pytree of tracers, unless typed plain or
    defaulted (a caller may leave it out, and then it holds a Python value: unknown).
    `inputs == "first"` (a module's method): the first input alone, unless typed plain,
    defaulted or one of `sizes` (used only as a size: `used_only_as_size`); every other
    parameter unknown.
    """
    kinds: dict[str, Kind] = {}
    for i, p in enumerate(params):
        if p.plain_typed:
            continue
        first = i == 0 and p.positional and not p.star and p.name not in sizes
        traced = not p.has_default and (inputs == "all" or first)
        kinds[p.name] = TREE if traced else UNKNOWN
    return kinds


def used_only_as_size(
    fn: cst.FunctionDef | cst.Lambda, name: str, resolve: Callable[[cst.BaseExpression], str | None], size_functions: frozenset[str],
) -> bool:
    """Whether every read of `name` in `fn`'s body (its closures' too) is a size given to one of
    `size_functions` (`np.arange(qlen)`, `jnp.zeros((n, 2))`): a Python int in every trace that
    works."""
    sizes: set[int] = set()
    reads = []
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        stack.extend(children(node))
        if isinstance(node, cst.Name) and node.value == name:
            reads.append(node)
        elif isinstance(node, cst.Call) and resolve(node.func) in size_functions:
            given = [a.value for a in node.args if a.keyword is None and not a.star][:1]
            given += [a.value for a in node.args if a.keyword is not None and a.keyword.value == "shape"]
            for value in given:
                parts = [e.value for e in value.elements] if isinstance(value, (cst.Tuple, cst.List)) else [value]
                sizes.update(id(part) for part in parts)
    return bool(reads) and all(id(read) in sizes for read in reads)


def module_output(returns: ReturnKinds) -> ReturnKinds:
    """What a submodule's call gives its caller: a pytree at most. A module returns arrays as
    often as objects that only look like one (`e3nn`'s `IrrepsArray` has `.dtype` and
    arithmetic, and fields such as `.irreps` that are Python values), so its output is taken
    for a pytree of tracers, whose leaves are traced where it is used as an array."""
    if isinstance(returns, tuple):
        return tuple(container_of(kind) for kind in returns)
    return container_of(returns)


class ModuleClasses:
    """The framework module classes of one module, and the submodules its methods call."""

    def __init__(
        self,
        index: ModuleIndex,
        markers: MarkerTable,
        resolve: Callable[[cst.BaseExpression], str | None],
        body: Callable[[FunctionInfo], BodyFacts],
    ) -> None:
        self.index = index
        self.markers = markers
        self.resolve = resolve
        self._body = body
        # Every class of the module that subclasses (at any depth within the module) a traced
        # class's base, with that traced class.
        self.of: dict[ClassInfo, TracedClass] = {}
        self._attributes: dict[ClassInfo, dict[str, list[cst.BaseExpression]]] = {}
        for traced in markers.traced_classes:
            changed = True
            while changed:
                changed = False
                for cls in index.all_classes:
                    if cls in self.of:
                        continue
                    for base in cls.bases:
                        base_cls = self.module_class(base)
                        if traced.based_on(self.resolve(base)) or (base_cls is not None and self.of.get(base_cls) is traced):
                            self.of[cls] = traced
                            changed = True
                            break

    def runs(self, cls: ClassInfo | None) -> str:
        """The method a call of an instance of `cls` runs (`TracedClass.runs`)."""
        traced = self.of.get(cls) if cls is not None else None
        return traced.runs if traced is not None else "__call__"

    def module_class(self, base: cst.BaseExpression) -> ClassInfo | None:
        """The module-level class of this module an expression names, if any."""
        if isinstance(base, cst.Name):
            return self.index.classes.get(base.value)
        return None

    def module_bases(self, cls: ClassInfo, seen: frozenset[int] = frozenset()) -> list[ClassInfo]:
        """The bases of `cls` at any depth that are classes of this module (the one walk of a
        class's ancestors within its module that the dispatch and the stored callables share)."""
        found = []
        for base in cls.bases:
            base_cls = self.module_class(base)
            if base_cls is not None and id(base_cls) not in seen:
                found += [base_cls, *self.module_bases(base_cls, seen | {id(cls)})]
        return found

    def writes_kept(self, cls: ClassInfo | None, value: cst.BaseExpression, attr: str = "", static: bool = False) -> bool:
        """Whether writing `value` to the attribute `attr` of an instance of `cls` in a traced
        method is the framework's business (no hazard): a frozen module raises at once, a
        haiku module lives inside the trace, nnx carries the values its variable types wrap,
        the values of its array leaves and, with `static` (the value written is a Python value
        for sure), its structure."""
        traced = self.of.get(cls) if cls is not None else None
        if traced is None:
            return False
        if traced.attribute_writes == "free":
            return True
        if traced.attribute_writes != "variables":
            return False
        if static or (cls is not None and attr in self._state_attributes(cls, traced)):
            return True
        return isinstance(value, cst.Call) and self._is_variable(value.func, traced.variables, frozenset())

    def carried_state(self, cls: ClassInfo | None, attr: str) -> bool:
        """Whether `attr` is a variable (or array) `cls.__init__` sets on a module whose
        framework carries such state out of its transforms (nnx)."""
        traced = self.of.get(cls) if cls is not None else None
        return traced is not None and traced.attribute_writes == "variables" and attr in self._state_attributes(cls, traced)  # type: ignore[arg-type]

    def _state_attributes(self, cls: ClassInfo, traced: TracedClass) -> set[str]:
        """The attributes `cls.__init__` sets to a variable or an array: the module's state."""
        init = cls.methods.get("__init__")
        owner = init.self_name if init is not None else None
        if owner is None:
            return set()
        found = set()
        for target, value, how in self._body(init).flows:
            if (
                how == "=" and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)
                and target.value.value == owner and isinstance(value, cst.Call)
                and (self._is_variable(value.func, traced.variables, frozenset()) or (self.resolve(value.func) or "").startswith(traced.arrays))
            ):
                found.add(target.attr.value)
        return found

    def _is_variable(self, func: cst.BaseExpression, variables: tuple[str, ...], seen: frozenset[str]) -> bool:
        """Whether `func` names one of the framework's variable types (or a subclass of one
        defined in this module: `class losses(nnx.Intermediate)`)."""
        qualified = self.resolve(func) or ""
        if qualified.startswith(variables):
            return True
        cls = self.module_class(func)
        if cls is None or cls.name in seen:
            return False
        return any(self._is_variable(base, variables, seen | {cls.name}) for base in cls.bases)

    # -- submodule calls ------------------------------------------------------------------
    def called_class(
        self, func: cst.BaseExpression, scope: FunctionInfo,
        values_of: Callable[[str, FunctionInfo | None], list[cst.BaseExpression]],
    ) -> ClassInfo | None:
        """The module class of this module whose instance a call `func(...)` made in `scope`
        calls: `Block(...)(x)`, `nn.scan(Block, ...)(...)(x)`, `block(x)` after
        `block = Block(...)`, `self.block(x)` after `self.block = Block(...)` in a method."""
        made = self._instance_of(func, scope, values_of)
        cls = self.module_class(made) if made is not None else None
        return cls if cls in self.of else None

    def called_import(
        self, func: cst.BaseExpression, scope: FunctionInfo,
        values_of: Callable[[str, FunctionInfo | None], list[cst.BaseExpression]],
    ) -> cst.BaseExpression | None:
        """The imported class (as spelled) whose instance a call `func(...)` calls, in the
        same shapes as `called_class` (`self.block = Block(...)` with `Block` imported from
        another module): the project layer resolves it."""
        made = self._instance_of(func, scope, values_of)
        return made if made is not None and self.index.imports.is_imported(made) else None

    def _instance_of(
        self, func: cst.BaseExpression, scope: FunctionInfo,
        values_of: Callable[[str, FunctionInfo | None], list[cst.BaseExpression]],
    ) -> cst.BaseExpression | None:
        """The class (as the module spells it) whose instance `func` is, where every value
        it may hold agrees on one."""
        if isinstance(func, cst.Call):
            return self._made(func, scope, values_of)
        if isinstance(func, cst.Name):
            return self._one(self._made(v, scope, values_of) if isinstance(v, cst.Call) else None for v in values_of(func.value, scope))
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            cls = scope.own_class(func.value.value) if scope is not None else None
            if cls is None:
                return None
            values = self.kept_attributes(cls).get(func.attr.value, [])
            if not values:  # a dataclass field: its declared type, or what the constructions fill a base-typed one with
                declared = _field_type(cls, func.attr.value)
                if declared is None or self.resolve(declared) not in self.markers.class_bases:
                    return declared
                return self._constructed(cls, func.attr.value, values_of) or declared
            return self._one(self._made(v, scope.enclosing_method, values_of) if isinstance(v, cst.Call) else None for v in values)
        return None

    def _made(
        self, call: cst.Call, scope: FunctionInfo,
        values_of: Callable[[str, FunctionInfo | None], list[cst.BaseExpression]],
    ) -> cst.BaseExpression | None:
        """The class a call instantiates, as spelled: `Block(...)`, or a lifted transform of
        one (`nn.scan(Block, ...)(...)`, `nn.remat(Block)(...)`, `scan(...)` after `scan =
        nn.scan(Block, ...)`)."""
        func = call.func
        if isinstance(func, cst.Name) and func.value not in self.index.classes:
            bound = values_of(func.value, scope)
            func = bound[0] if len(bound) == 1 else func
        if isinstance(func, cst.Call) and self.markers.get(self.resolve(func.func)) is not None:
            handed = [a.value for a in func.args if a.keyword is None and not a.star]
            func = handed[0] if handed else func
        return func if isinstance(func, (cst.Name, cst.Attribute)) else None

    @cached_property
    def _constructions(self) -> dict[str, list[tuple[cst.Call, FunctionInfo]]]:
        """The calls of this module's module classes by name, each with the function it is made
        in: only in methods of module classes, where submodules are made (`_constructed`)."""
        found: dict[str, list[tuple[cst.Call, FunctionInfo]]] = {}
        local = {c.name for c in self.of if self.index.classes.get(c.name) is c}
        for fn in self.index.all_functions:
            if fn.outermost.cls in self.of:
                for call in self._body(fn).calls:
                    if type(call.func) is cst.Name and call.func.value in local:
                        found.setdefault(call.func.value, []).append((call, fn))
        return found

    def _constructed(
        self, cls: ClassInfo, field: str,
        values_of: Callable[[str, FunctionInfo | None], list[cst.BaseExpression]],
    ) -> cst.BaseExpression | None:
        """The class of the instance every construction of `cls` in the methods of this
        module's module classes (where submodules are made: `setup`, a compact `__call__`)
        passes as the dataclass field `field`, if they agree on one: t5x's
        `DecoderLayer(config=cfg, relative_embedding=rel_emb)` after `rel_emb =
        layers.RelativePositionBiases(...)`, where the field is declared `relative_embedding:
        nn.Module`, a framework base that names no class whose `__call__` it runs. Only a
        module class of this module or an imported name counts (`HyenaFilter.init(...)`, a
        factory's result, is no class)."""
        made = []
        for call, scope in self._constructions.get(cls.name, ()):
            for arg in call.args:
                if arg.keyword is not None and arg.keyword.value == field:
                    values = values_of(arg.value.value, scope) if type(arg.value) is cst.Name else [arg.value]
                    made += [self._made(v, scope, values_of) if type(v) is cst.Call else None for v in values] or [None]
        classes = [m if m is not None and (self.module_class(m) in self.of or self.index.imports.is_imported(m)) else None for m in made]
        return self._one(classes) if classes else None

    def _one(self, made) -> cst.BaseExpression | None:
        """The class every candidate names, if they agree on one."""
        found = {}
        for expr in made:
            found[None if expr is None else self.resolve(expr)] = expr
        return found.popitem()[1] if len(found) == 1 and None not in found else None

    def kept_attributes(self, cls: ClassInfo) -> dict[str, list[cst.BaseExpression]]:
        """What the methods of `cls` assign to attributes of their instance (`self.x = ...`)."""
        found = self._attributes.get(cls)
        if found is None:
            found = self._attributes[cls] = {}
            for method in cls.methods.values():
                owner = method.self_name
                if owner is None:
                    continue
                for target, value, how in self._body(method).flows:
                    if how == "=" and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == owner:
                        found.setdefault(target.attr.value, []).append(value)
        return found


def _field_type(cls: ClassInfo, name: str) -> cst.BaseExpression | None:
    """The class a field of `cls` is annotated with in its body (`pos_emb: PositionalEmbedding`,
    an equinox or flax dataclass field, which the constructor fills), if it names one."""
    for line in cls.node.body.body:
        statements = line.body if isinstance(line, cst.SimpleStatementLine) else ()
        for statement in statements:
            if (
                isinstance(statement, cst.AnnAssign) and isinstance(statement.target, cst.Name)
                and statement.target.value == name and isinstance(statement.annotation.annotation, (cst.Name, cst.Attribute))
            ):
                return statement.annotation.annotation
    return None
