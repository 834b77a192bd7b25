"""One walk of a module that indexes its functions, classes, imports and marker call sites.

Everything later stages need to know about the module's structure is collected here, in a
single pass over the tree, so no later stage walks the whole module again: the traced-value
analysis and the rules only walk the bodies of functions that turned out to be in a context.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Container, Iterable

import libcst as cst

from acclint.analysis.names import ImportTable
from acclint.files.notebooks import CELL_MARKER
from acclint.analysis.taint import Kind, ReturnKinds, element_pairs
from acclint.analysis.walk import all_params, children

# Distinct traced reaches kept per function (FunctionInfo.reaches): a function called from more
# places with other arguments merges them all, as before.
MAX_REACHES = 8

PLAIN_TYPES = frozenset({"int", "str", "bool", "float", "complex", "bytes"})
# A dtype object is a Python value in every framework, never an array (torch.compile guards on
# it as a constant): `torch.dtype`, `np.dtype`, `jnp.dtype`, `tf.DType`, `tf.dtypes.DType`, or
# the class imported bare (`from torch import dtype`). The annotation is matched by its last
# name, as no import table is at hand where parameters are read.
DTYPE_TYPES = frozenset({"dtype", "DType"})
NOT_LITERAL = object()  # a default that is no literal: its value is not known


@dataclass(eq=False)
class Param:
    name: str
    positional: bool  # can be passed by position
    star: bool  # *args or **kwargs
    plain_typed: bool  # annotated with a plain Python type: treated as static
    has_default: bool = False  # a caller may leave it out and get a Python default
    default: object = None  # the default's value when it is a literal (True, 0.5, "x", None)


@dataclass(eq=False)
class ClassInfo:
    node: cst.ClassDef
    name: str
    function: FunctionInfo | None  # the function it is defined in, if any
    bases: list[cst.BaseExpression]
    methods: dict[str, FunctionInfo] = field(default_factory=dict)


@dataclass(eq=False)
class Trace:
    """What a function's traced reaches of one kind of context (CACHED, DIFFERENTIATED, ...)
    give it: the kinds (taint.Kind) of its parameters, of every name in its body, and of what
    it returns (one per element when every `return` spells a tuple of the same length; None
    until the analysis has seen its body)."""

    params: dict[str, Kind] = field(default_factory=dict)
    names: dict[str, Kind] = field(default_factory=dict)
    returns: ReturnKinds | None = None


@dataclass(eq=False)
class FunctionInfo:
    """A function or lambda, with what the context analysis learns about it."""

    node: cst.FunctionDef | cst.Lambda
    name: str
    parent: FunctionInfo | None
    cls: ClassInfo | None  # set for a method defined directly in a class body
    params: list[Param]
    inner: dict[str, FunctionInfo] = field(default_factory=dict)
    contexts: set[str] = field(default_factory=set)
    # The kinds of values in it, per kind of context it is reached in (the keys are its
    # `contexts`), from the markers and call sites that reach it. Each kind of reach is its own
    # trace: `jax.grad(f)` traces `x`, where Python control flow on it still works, and
    # `jax.jit(f, static_argnums=0)` holds `x` static, so a finding that needs a traced value in
    # a cached trace must see it traced in a cached reach, not in the other one. A reach in
    # several kinds at once (a marker applied inside a jitted function: one trace) records its
    # kinds under each.
    traces: dict[str, Trace] = field(default_factory=dict)
    # The module-level statement it lies in: findings are located by generating only that.
    statement: cst.BaseStatement | None = field(default=None, repr=False)
    # Qualified names of the markers that put it in its contexts (a helper inherits its callers'):
    # which framework traces it (MarkerTable.framework), e.g. for `jnp.where` or the runtime's.
    markers: set[str] = field(default_factory=set)
    # The traced function in another module it is reached from ("train.train_step (jax.jit)"),
    # for messages; None when its contexts come from its own module.
    origin: str | None = None
    # The parameters every traced reach passes something other than `None` (a `partial`
    # binding, an argument at each call site): `if p is None:` on one is never traced.
    given: set[str] | None = None
    # The same per framework, from the reaches whose markers are that framework's: a framework's
    # rules walk only the branches its own reaches may take (a `torch.jit.script`ed caller leaving
    # `size` out does not put `if size is None:` in the trace a torch.jit.trace'd caller passing
    # it builds). A reach carries the markers of its caller, so one run by two frameworks counts
    # for both.
    given_by: dict[str, set[str]] = field(default_factory=dict)
    # The parameters some traced reach passes; the others hold their defaults in every trace.
    passed: set[str] = field(default_factory=set)
    # Each distinct traced reach: the parameters it surely passes something other than `None`,
    # and the kinds it passes (a parameter left out: a Python value). The traces merge every
    # reach's kinds; these keep which kinds come with which arguments, so that a branch taken
    # only where a parameter is `None` sees the kinds of the reaches passing it `None` alone
    # (`reach_kinds`). None: too many reaches to keep (MAX_REACHES), no such narrowing.
    reaches: list[tuple[frozenset[str], tuple[tuple[str, Kind], ...]]] | None = field(default_factory=list)
    # Where its `def` runs among the module's statements (ModuleIndex.live): a name bound twice
    # refers to the definition that ran last before the reference.
    order: int = -1

    def record_reach(self, given: frozenset[str], kinds: dict[str, Kind]) -> None:
        """Keep one traced reach's arguments (`reaches`), unless it is known or too many are."""
        if self.reaches is None:
            return
        reach = (given, tuple(sorted(kinds.items())))
        if reach not in self.reaches:
            self.reaches.append(reach)
            if len(self.reaches) > MAX_REACHES:
                self.reaches = None

    def given_under(self, framework: str) -> set[str]:
        """The parameters every reach of `framework` passes something other than `None`
        (`given` where no reach is that framework's own)."""
        found = self.given_by.get(framework)
        return (self.given or set()) if found is None else found

    def reach_kinds(self, none: frozenset[str]) -> dict[str, Kind] | None:
        """The join of the kinds of the reaches that may pass `None` to every parameter of
        `none` (what a branch taken only then sees), or None when no such narrowing is known."""
        if not self.reaches or len(self.reaches) < 2:
            return None
        joined: dict[str, Kind] = {}
        for given, kinds in self.reaches:
            if given & none:
                continue
            for name, kind in kinds:
                joined[name] = max(kind, joined.get(name, kind))
        return joined

    def known_values(self, rebound: Container[str]) -> dict[str, object]:
        """The values parameters surely hold in every trace: literal defaults no traced reach
        overrides (`def loss(x, train=True)` called as `loss(x)` from the traced code) and the
        body does not rebind (`rebound`: the names its code binds, BodyFacts.flows_into;
        `use_cpu = True` on a CPU tensor)."""
        if not self.contexts:
            return {}
        return {
            p.name: p.default for p in self.params
            if p.has_default and p.default is not NOT_LITERAL and p.name not in self.passed and p.name not in rebound
        }

    def names_in(self, contexts: Iterable[str]) -> dict[str, Kind]:
        """The kinds of its names in its traces of `contexts`, joined: a name is traced where
        it is traced in one of them."""
        joined: dict[str, Kind] = {}
        for context in contexts:
            for name, kind in self.traces[context].names.items():
                joined[name] = max(kind, joined.get(name, Kind.STATIC))
        return joined

    @property
    def outermost(self) -> FunctionInfo:
        """The module-level function or method it is nested in (itself when it is one)."""
        fn = self
        while fn.parent is not None:
            fn = fn.parent
        return fn

    @property
    def enclosing_method(self) -> FunctionInfo | None:
        """The method it is, or is nested in (a closure in a method sees the method's `self`),
        or None."""
        fn: FunctionInfo | None = self
        while fn is not None and fn.cls is None:
            fn = fn.parent
        return fn

    def nearest_binder(self, name: str, local_names: Callable[[FunctionInfo], set[str]]) -> FunctionInfo | None:
        """The function, from this one outwards, whose own variable `name` is (a parameter or a
        name it binds and declares neither `global` nor `nonlocal`: `local_names` says which),
        or None: the module's name, or a builtin. Class bodies are skipped, as Python skips
        them."""
        fn: FunctionInfo | None = self
        while fn is not None and name not in local_names(fn):
            fn = fn.parent
        return fn

    def own_class(self, name: str) -> ClassInfo | None:
        """The class of the instance `name` holds in it where `name` is its enclosing method's
        instance parameter (`self`, seen from a closure too), else None: a nested function's
        own parameter of that name shadows the method's."""
        fn: FunctionInfo | None = self
        while fn is not None and fn.cls is None:
            if any(p.name == name for p in fn.params):
                return None
            fn = fn.parent
        return fn.cls if fn is not None and fn.instance_param == name else None

    @property
    def instance_param(self) -> str | None:
        """The parameter a method's instance is bound to (its first), or None: a staticmethod
        is given none, and a classmethod's first parameter holds the class, not an instance."""
        if self.cls is None or not isinstance(self.node, cst.FunctionDef) or not self.params:
            return None
        return None if _decorated(self.node, "staticmethod") or _decorated(self.node, "classmethod") else self.params[0].name

    @property
    def class_param(self) -> str | None:
        """A classmethod's first parameter, which holds the class, or None."""
        if self.cls is None or not isinstance(self.node, cst.FunctionDef) or not self.params:
            return None
        return self.params[0].name if _decorated(self.node, "classmethod") else None

    @property
    def self_name(self) -> str | None:
        """The name that holds its enclosing method's instance in it: the method's instance
        parameter, also seen from a closure unless the closure has a parameter of that name of
        its own; None in a staticmethod, a classmethod or a function of no class."""
        fn: FunctionInfo | None = self
        while fn is not None and fn.cls is None:
            fn = fn.parent
        name = fn.instance_param if fn is not None else None
        return name if name is not None and self.own_class(name) is not None else None

    @property
    def traced_params(self) -> list[str]:
        """Its parameters that hold traced values (pytrees of tracers or tracers) in some trace."""
        return sorted({name for t in self.traces.values() for name, kind in t.params.items() if kind >= Kind.TREE})

    @property
    def is_method(self) -> bool:
        return self.cls is not None and isinstance(self.node, cst.FunctionDef) and not _decorated(self.node, "staticmethod")

    @property
    def call_params(self) -> list[Param]:
        """Parameters a caller passes: a method's `self`/`cls` is bound, not passed."""
        return self.params[1:] if self.is_method and self.params else self.params


@dataclass(eq=False)
class MarkerSite:
    """An expression that may apply a context marker: a decorator or a call."""

    expr: cst.BaseExpression
    scope: FunctionInfo | None  # the function the expression is evaluated in
    cls: ClassInfo | None  # the class body it is evaluated in
    decorates: FunctionInfo | None = None  # the decorated function, for a decorator
    order: int = -1  # where it is evaluated among the module's statements (ModuleIndex.live)


@dataclass(eq=False)
class ModuleIndex:
    imports: ImportTable
    functions: dict[str, FunctionInfo]  # module-level functions by name: the last `def` of each
    classes: dict[str, ClassInfo]  # module-level classes by name
    all_functions: list[FunctionInfo]
    all_classes: list[ClassInfo]
    sites: list[MarkerSite]
    by_node: dict[cst.CSTNode, FunctionInfo]
    # Module-level `name = value` statements (element-wise for `a, b = v, w`), so a function handed over through a name
    # (`branches = [f, g]`, `body = lambda ...`) can be found.
    module_values: dict[str, list[cst.BaseExpression]] = field(default_factory=dict)
    # The walk of each module-level statement (index_module's `walked`).
    walks: dict[cst.BaseStatement, list[tuple[cst.CSTNode, int, int]]] = field(default_factory=dict)
    # Every `def` of a name bound more than once in one scope (None: the module), in order.
    redefined: dict[tuple[FunctionInfo | None, str], list[FunctionInfo]] = field(default_factory=dict)
    # The order (FunctionInfo.order) of the callee expression of every call by a name.
    call_order: dict[cst.BaseExpression, int] = field(default_factory=dict)
    # The order of the first call of each name made by module-level code (`step(x)` in a cell).
    first_module_call: dict[str, int] = field(default_factory=dict)
    # Whether the module is a notebook's cells (acclint.files.notebooks): run in order, each
    # function used by the cells after its own.
    in_cells: bool = False
    # Module-level `a, b = value` statements whose value is no tuple or list display (`init,
    # step = make(n)`): (target, value), the names taking the places of what the value gives.
    module_unpacked: list[tuple[cst.BaseExpression, cst.BaseExpression]] = field(default_factory=list)
    # Every call by a name or an attribute, with where it is evaluated: the sites above are those
    # that may apply a marker; acclint.analysis.passed reads the others (`loops.run(fast, x)`).
    calls: list[MarkerSite] = field(default_factory=list)

    def live(self, name: str, scope: FunctionInfo | None, at: int | None) -> FunctionInfo | None:
        """The function `def name` bound in `scope` (None: the module) when code at `at` runs:
        the last `def` before it, in statement order (cells in order, for a notebook), or the
        scope's last `def` where `at` is None (code that runs once the scope has run: a
        function's body, another module's import). None if no `def` of it ran yet."""
        last = self.functions.get(name) if scope is None else scope.inner.get(name)
        if last is None or at is None or last.order < at:
            return last
        defs = self.redefined.get((scope, name), ())
        return next((fn for fn in reversed(defs) if fn.order < at), None)

    def runs_at(self, fn: FunctionInfo) -> int | None:
        """Where the body of `fn` runs among the module's statements, for the module-level
        names it reads: at the first call module-level code makes of the module-level function
        it lies in; with none, in a notebook, where that function is defined (its cells run in
        order, and a function serves the cells after its own), and in a module once the module
        has run (None), as it does for a method (called through objects)."""
        root = fn.outermost
        if root.cls is not None:
            return None
        return self.first_module_call.get(root.name, root.order if self.in_cells else None)


def _decorated(node: cst.FunctionDef, builtin: str) -> bool:
    """Whether `node` carries the builtin decorator `builtin` (`@staticmethod`)."""
    return any(isinstance(d.decorator, cst.Name) and d.decorator.value == builtin for d in node.decorators)


def _params(params: cst.Parameters) -> list[Param]:
    out: list[Param] = []
    for p in list(params.posonly_params) + list(params.params):
        out.append(Param(p.name.value, True, False, _plain_typed(p), p.default is not None, literal_value(p.default)))
    if isinstance(params.star_arg, cst.Param):
        out.append(Param(params.star_arg.name.value, False, True, _plain_typed(params.star_arg)))
    for p in params.kwonly_params:
        out.append(Param(p.name.value, False, False, _plain_typed(p), p.default is not None, literal_value(p.default)))
    if params.star_kwarg is not None:
        out.append(Param(params.star_kwarg.name.value, False, True, _plain_typed(params.star_kwarg)))
    return out


_LITERAL_NAMES = {"True": True, "False": False, "None": None}


def literal_value(node: cst.BaseExpression | None) -> object:
    """The value of a literal (`True`, `None`, `0.5`, `"mean"`: a default, a flag's constant),
    else NOT_LITERAL."""
    if isinstance(node, cst.Name) and node.value in _LITERAL_NAMES:
        return _LITERAL_NAMES[node.value]
    if isinstance(node, (cst.Integer, cst.Float)):
        return node.evaluated_value
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value
    return NOT_LITERAL


def _plain_typed(param: cst.Param) -> bool:
    return param.annotation is not None and _plain_type(param.annotation.annotation) is True


def _plain_type(ann: cst.BaseExpression) -> bool | None:
    """Whether an annotation names Python values only: a plain type (`int`), a dtype
    (`torch.dtype`, DTYPE_TYPES), a `Literal[...]`, or an optional or union of them
    (`Optional[int]`, `int | None`, `Union[torch.dtype, str]`, and the same in a string). None
    for `None` alone, which only joins a union."""
    if isinstance(ann, cst.SimpleString):
        try:
            return _plain_type(cst.parse_expression(ann.evaluated_value))
        except (cst.ParserSyntaxError, RecursionError, ValueError):
            return False
    if isinstance(ann, cst.Name) and ann.value == "None":
        return None
    if isinstance(ann, cst.Name):
        return ann.value in PLAIN_TYPES or ann.value in DTYPE_TYPES
    if isinstance(ann, cst.Attribute):
        return ann.attr.value in DTYPE_TYPES
    if isinstance(ann, cst.BinaryOperation) and isinstance(ann.operator, cst.BitOr):
        return _union([ann.left, ann.right])
    if isinstance(ann, cst.Subscript):
        base = ann.value.attr.value if isinstance(ann.value, cst.Attribute) else getattr(ann.value, "value", "")
        inner = [e.slice.value for e in ann.slice if isinstance(e.slice, cst.Index)]
        if base == "Literal":
            return True
        if base in ("Optional", "Union") and len(inner) == len(ann.slice):
            return _union(inner)
    return False


def _union(members: list[cst.BaseExpression]) -> bool:
    """A union is plain when each member is plain or `None`, and one is plain."""
    found = [_plain_type(m) for m in members]
    return False not in found and True in found


def _alias_target(node: cst.Assign) -> str | None:
    if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
        if isinstance(node.value, (cst.Name, cst.Attribute, cst.Call)):
            return node.targets[0].target.value
    return None


# The node types `index_module` looks at; every other node only has its children walked.
_INDEXED = frozenset({cst.Call, cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.Import, cst.ImportFrom, cst.Assign, cst.AnnAssign})


def index_module(module: cst.Module, candidate_tails: frozenset[str], walked: dict | None = None) -> ModuleIndex:
    """Walk `module` once and index it.

    `candidate_tails` are the last components of every marker name (`jit`, `grad`, ...): a call
    whose callee ends in another name cannot be a marker unless an alias makes it one, so only
    calls ending in a candidate or in a name bound by an import or alias are kept as sites.

    The walk of each module-level statement (`_walk`) depends on its node alone, so `walked`
    (the `walks` of an index of an earlier version of the module, which the language server
    keeps) gives the walks of the statements an edit left alone; only their indexed nodes are
    then looked at again, to make this index's own records of them.
    """
    imports = ImportTable()
    functions: dict[str, FunctionInfo] = {}
    classes: dict[str, ClassInfo] = {}
    all_functions: list[FunctionInfo] = []
    all_classes: list[ClassInfo] = []
    calls: list[MarkerSite] = []
    sites: list[MarkerSite] = []
    by_node: dict[cst.CSTNode, FunctionInfo] = {}
    module_values: dict[str, list[cst.BaseExpression]] = {}
    module_unpacked: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    walks: dict[cst.BaseStatement, list[tuple[cst.CSTNode, int, int]]] = {}
    redefined: dict[tuple[FunctionInfo | None, str], list[FunctionInfo]] = {}
    call_order: dict[cst.BaseExpression, int] = {}
    first_module_call: dict[str, int] = {}
    order = 0  # the walks' nodes counted in order: where each is evaluated, near enough

    def define(scope_names: dict[str, FunctionInfo], scope: FunctionInfo | None, info: FunctionInfo) -> None:
        earlier = scope_names.get(info.name)
        if earlier is not None:
            redefined.setdefault((scope, info.name), [earlier]).append(info)
        scope_names[info.name] = info

    for statement in module.body:
        walk = walked.get(statement) if walked is not None else None
        walk = walks[statement] = walk if walk is not None else _walk(statement)
        made: list = []  # the functions and classes of this statement, in the walk's order
        for node, fn_at, cls_at in walk:
            order += 1
            fn = made[fn_at] if fn_at >= 0 else None
            cls = made[cls_at] if cls_at >= 0 else None
            kind = type(node)
            if kind is cst.Call:
                if isinstance(node.func, (cst.Name, cst.Attribute)):
                    calls.append(MarkerSite(node, fn, cls, order=order))
                    call_order[node.func] = order
                    if fn is None and cls is None and type(node.func) is cst.Name:
                        first_module_call.setdefault(node.func.value, order)
            elif kind is cst.FunctionDef or kind is cst.Lambda:
                is_def = kind is cst.FunctionDef
                name = node.name.value if is_def else "<lambda>"
                info = FunctionInfo(node, name, fn, cls if is_def else None, _params(node.params), statement=statement, order=order)
                made.append(info)
                all_functions.append(info)
                by_node[node] = info
                if is_def:
                    if cls is not None:
                        cls.methods.setdefault(name, info)
                    elif fn is not None:
                        define(fn.inner, fn, info)
                    else:
                        define(functions, None, info)
                    for dec in node.decorators:
                        sites.append(MarkerSite(dec.decorator, fn, cls, decorates=info, order=order))
            elif kind is cst.ClassDef:
                info_c = ClassInfo(node, node.name.value, fn, [_generic_origin(a.value) for a in node.bases])
                made.append(info_c)
                all_classes.append(info_c)
                if fn is None and cls is None:
                    classes.setdefault(info_c.name, info_c)
            elif kind is cst.Import:
                imports.add_import(node)
            elif kind is cst.ImportFrom:
                imports.add_import_from(node)
            elif kind is cst.AnnAssign:  # `model: nn.Module = GPT(cfg)`: a module-level value too
                if fn is None and cls is None and node.value is not None and isinstance(node.target, cst.Name):
                    module_values.setdefault(node.target.value, []).append(node.value)
            else:  # cst.Assign
                local = _alias_target(node)
                if local is not None:
                    imports.add_alias(local, node.value)
                if fn is None and cls is None and len(node.targets) == 1:
                    for target, value in element_pairs(node.targets[0].target, node.value):  # `a, b = f(x), g(y)` too
                        if isinstance(target, cst.Name):
                            module_values.setdefault(target.value, []).append(value)
                    if isinstance(node.targets[0].target, (cst.Tuple, cst.List)) and not isinstance(node.value, (cst.Tuple, cst.List)):
                        module_unpacked.append((node.targets[0].target, node.value))
    tails = candidate_tails | imports.bound_names()
    for site in calls:
        func = site.expr.func  # type: ignore[attr-defined]
        tail = func.value if isinstance(func, cst.Name) else func.attr.value
        if tail in tails or tail == "partial":
            sites.append(site)
    in_cells = any(line.comment is not None and CELL_MARKER.match(line.comment.value) for line in module.header)
    return ModuleIndex(
        imports, functions, classes, all_functions, all_classes, sites, by_node, module_values, walks, redefined, call_order,
        first_module_call, in_cells, module_unpacked, calls,
    )


def _walk(statement: cst.BaseStatement) -> list[tuple[cst.CSTNode, int, int]]:
    """The nodes of a module-level statement that `index_module` indexes, in the order it
    indexes them, each with the function and the class body it lies in, as positions among
    the functions and classes (FunctionDef, Lambda, ClassDef nodes) of that list (-1: none)."""
    out: list[tuple[cst.CSTNode, int, int]] = []
    made = 0  # functions and classes met so far
    stack: list[tuple[cst.CSTNode, int, int]] = [(statement, -1, -1)]
    push = stack.append
    while stack:
        node, fn, cls = stack.pop()
        kind = type(node)
        if kind not in _INDEXED:  # most nodes: skip the isinstance chain (ABC checks)
            for child in reversed(list(children(node))):
                push((child, fn, cls))
            continue
        out.append((node, fn, cls))
        if kind is cst.FunctionDef or kind is cst.Lambda:
            if kind is cst.FunctionDef:
                for dec in node.decorators:
                    push((dec.decorator, fn, cls))
            for p in all_params(node.params):
                if p.default is not None:
                    push((p.default, fn, cls))
            push((node.body, made, -1))
            made += 1
        elif kind is cst.ClassDef:
            for dec in node.decorators:
                push((dec.decorator, fn, cls))
            for base in node.bases:
                push((base.value, fn, cls))
            push((node.body, fn, made))
            made += 1
        elif kind is not cst.Import and kind is not cst.ImportFrom:
            for child in reversed(list(children(node))):
                push((child, fn, cls))
    return out


def _generic_origin(base: cst.BaseExpression) -> cst.BaseExpression:
    """The class a base names: a subscripted generic base (`environment.Environment[EnvState,
    EnvParams]`, `Base[T]`) is the class it subscripts, as Python's MRO takes it."""
    while isinstance(base, cst.Subscript):
        base = base.value
    return base
