"""Framework module classes and transformed functions a script or notebook only ever runs eagerly.

A module class's methods are taken for cached traces because a model is almost always applied
under a transform somewhere (`jax.jit(model.apply)`, `nnx.jit(step)(model, x)`, Keras' `fit`),
often in another file. But a tutorial that shows what a module does while it runs,

    class RNGModule(nn.Module):
        @nn.compact
        def __call__(self):
            print(self.make_rng("rng_stream"))

    rng_module = RNGModule()
    variables = rng_module.init({"rng_stream": jax.random.key(0)})

never traces it: `init`, `apply`, a direct call and a function that runs an instance at once
(`nnx.capture(model, nnx.Intermediate)(x)`, the class's `run_by`) run the methods eagerly, and
the print shows a real key on every run. A class is taken as run eagerly only with positive
evidence, from the whole module, and binding by binding (a notebook that defines `Model` in
three cells and binds `model` to each has three classes): every use of the class is an
instantiation at the top level of the module that is bound to a name (`m = RNGModule()`) or
run at once (`RNGModule().init(...)`, `Foo()(x)`), or a submodule made and called in a method
of another eagerly run class or in an eagerly run transformed function (`RNGSubModule()(x)`);
every use of each instance bound at the top level, while it is bound, is such an eager run;
and some instance is run so. Any other use keeps the class traced: an instance referenced in a
function (other than through a parameter or a local of that name), `model.apply` handed on, an
instance made and handed on (`nn.Sequential([Block()])`), the class subclassed or passed
anywhere. A Keras model compiled with `run_eagerly=True` (a traced class's `eager_keyword`)
runs its steps as Python in the `fit`, `evaluate` and `predict` that follow (`eager_steps`), so
those are eager runs of it, until it is compiled again without the keyword.

The same holds for a transform that traces nothing by itself (a marker's `eager_by`: haiku's
`hk.transform(f)` makes `init` and `apply`, which run `f` eagerly unless something jits
them): where its result is bound at the top level and only ever run there by those methods
(`forward = hk.transform(f)`, then `forward.init(rng, x)`, `forward.apply(params, rng, x)`),
the call puts `f` in no context, and classes made and called in `f` run eagerly. A marker whose
`eager_by` holds `__call__` (Keras' `Lambda(f)` layer) runs `f` eagerly when its result is
called directly at the top level on values that are no functional model's symbolic inputs
(`lam = layers.Lambda(f)`, then `lam(tf.ones(3))`); its result may also come from a module
function the top level calls once, in that binding, and that returns the marker call
(`lam = make()`), a notebook's factory shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

import libcst as cst

from acclint.analysis.scopes import ClassInfo, FunctionInfo, ModuleIndex
from acclint.analysis.walk import all_params, walk_all, walk_expression
from acclint.frameworks.markers import Marker, TracedClass

# What running a module instance eagerly is spelled as, at the top level of a module.
EAGER_METHODS = frozenset({"init", "apply", "init_with_output"})
# The `eager_by` entry that stands for calling a marker's result directly (`lam(x)`).
DIRECT_CALL = "__call__"


@dataclass
class EagerTransforms:
    """The marker calls a module only runs eagerly (`calls`: the analysis applies none of
    them) and the functions handed to nothing else (`functions`, their nodes)."""

    calls: set[cst.Call] = field(default_factory=set)
    functions: set[cst.CSTNode] = field(default_factory=set)


# What a marker call in module-level code applies and the functions it is handed, or None.
Applied = Callable[[cst.Call], tuple[Marker, list[cst.BaseExpression]] | None]


def eager_transforms(
    index: ModuleIndex, applied: Applied, symbolic: Callable[[cst.Call], bool] = lambda call: False,
) -> EagerTransforms:
    """The calls of markers with `eager_by` methods (see the module docstring) whose result the
    module binds at its top level and runs there by those methods alone, or runs at once
    (`hk.transform(f).init(rng, x)`). `symbolic`: whether a call makes a symbolic input
    (`keras.Input(...)`), on which a direct call builds a model instead of running eagerly."""
    found = EagerTransforms()
    chains: dict[str, list[_Chain]] = {}  # a top-level name -> the chains bound to it
    at_once: list[_Chain] = []
    factories: dict[str, list[cst.Name]] = {}  # a factory's name -> where the top level calls it
    rebound: set[str] = set()  # top-level names assigned so far (`make = make()`: no factory after)
    for walk in index.walks.values():
        for node, fn, cls in walk:
            if fn != -1 or cls != -1:
                continue  # in a function or a class body
            if type(node) is cst.Assign and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                chain = _chain(node.value, applied) or _factory_chain(index, node.value, applied, rebound)
                rebound.add(node.targets[0].target.value)
                if chain is not None:
                    chains.setdefault(node.targets[0].target.value, []).append(chain)
                    if chain[3]:
                        factories.setdefault(chain[3], []).append(node.value.func)
            elif type(node) is cst.Call and isinstance(node.func, cst.Attribute):
                chain = _chain(node.func.value, applied)
                if chain is not None and node.func.attr.value in chain[2]:
                    at_once.append(chain)
    if not chains and not at_once:
        return found
    uses = _TransformUses(
        {name: frozenset().union(*(c[2] for c in named)) for name, named in chains.items()}, symbolic,
        {id(call) for calls in factories.values() for call in calls},
    )
    for statement in index.walks:
        statement.visit(uses)
    for factory, calls in factories.items():  # called once, read nowhere else, defined once
        if len(calls) > 1 or uses.reads.get(factory, 0) or len(index.redefined.get((None, factory), ())) > 1:
            uses.bad.update(name for name, named in chains.items() if any(c[3] == factory for c in named))
    handed: dict[str, int] = {}  # a module-level function's name -> how often an eager chain is handed it
    for calls, functions, _, _ in at_once + [chain for name, named in chains.items() if name not in uses.bad for chain in named]:
        found.calls.update(calls)
        for function in functions:
            if isinstance(function, cst.Lambda):
                found.functions.add(function)
            else:
                handed[function.value] = handed.get(function.value, 0) + 1
    for name, count in handed.items():
        fn = index.functions.get(name)
        if fn is not None and uses.reads.get(name, 0) == count and len(index.redefined.get((None, name), ())) <= 1:
            found.functions.add(fn.node)  # handed to eager transforms and read nowhere else
    return found


# The marker calls of a chain, the functions handed to them, the methods of its result
# that run those eagerly, and the module function that returns it ("" where none does).
_Chain = tuple[list[cst.Call], list[cst.BaseExpression], frozenset[str], str]


def _chain(expr: cst.BaseExpression, applied: Applied) -> _Chain | None:
    """For `hk.without_apply_rng(hk.transform(f))`: the marker calls, the functions they are
    handed (`f`) and the methods of the result that run them eagerly; None for anything else."""
    found = applied(expr) if isinstance(expr, cst.Call) else None
    if found is None or not found[0].eager_by:
        return None
    marker, handed = found
    calls, functions = [expr], []
    for value in handed:
        inner = _chain(value, applied)
        if inner is not None:
            calls += inner[0]
            functions += inner[1]
        elif isinstance(value, (cst.Lambda, cst.Name)):
            functions.append(value)
        else:
            return None  # a function the module cannot see all uses of
    return calls, functions, marker.eager_by, ""


def _factory_chain(index: ModuleIndex, value: cst.BaseExpression, applied: Applied, rebound: set[str]) -> _Chain | None:
    """For `make()`, where the module function `make` (not `rebound` by the top level yet) has
    one `return` and returns a chain (`return layers.Lambda(lambda x: g(x, p))`): that chain,
    named for `make`; None where it hands on a function `make` was given (whose other uses the
    module cannot see)."""
    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name) or value.func.value in rebound:
        return None
    fn = index.functions.get(value.func.value)
    if fn is None or not isinstance(fn.node, cst.FunctionDef):
        return None
    returns = [node for node in walk_all(fn.node.body) if isinstance(node, cst.Return)]
    if len(returns) != 1 or returns[0].value is None:
        return None
    chain = _chain(returns[0].value, applied)
    params = {param.name.value for param in all_params(fn.node.params)}
    if chain is None or any(isinstance(f, cst.Name) and f.value in params for f in chain[1]):
        return None
    return chain[0], chain[1], chain[2], fn.name


def mentions_symbolic(expr: cst.BaseExpression, names: set[str], symbolic: Callable[[cst.Call], bool]) -> bool:
    """Whether `expr` makes a symbolic input (`keras.Input(...)`, a call `symbolic` accepts) or
    reads a top-level name that holds one or what is computed from one (`names`)."""
    return any(
        (type(node) is cst.Name and node.value in names) or (type(node) is cst.Call and symbolic(node))
        for node in walk_expression(expr)
    )


class _NameUses(cst.CSTVisitor):
    """A visit of a module's statements, in order, that knows where it is (`_top`: in no
    function, lambda or class body; the functions and class bodies around it) and which Name
    nodes read no name (`_ok`): a `def`'s or `class`'s own name, an argument's keyword (`f(inner=x)`
    reads no `inner`), an attribute's name (`nn.Dense` is no use of a class `Dense` of this
    module). What counts as a use, and of what, is the subclass's."""

    def __init__(self) -> None:
        self._ok: set[int] = set()  # ids of Name nodes already judged
        self._scopes: list[tuple[cst.CSTNode, set[str]]] = []  # enclosing functions, with their own names
        self._classes: list[ClassInfo | None] = []  # the class bodies the visit is in

    def _own_names(self, node: cst.FunctionDef | cst.Lambda) -> set[str]:
        """The names a function binds itself (hiding the module's there): none known here."""
        return set()

    def _class_of(self, node: cst.ClassDef) -> ClassInfo | None:
        """The class a class body defines, where the subclass follows it."""
        return None

    @property
    def _top(self) -> bool:
        return not self._scopes and not self._classes

    def _local(self, name: str) -> bool:
        return any(name in own for _, own in self._scopes)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._ok.add(id(node.name))
        self._scopes.append((node, self._own_names(node)))

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._scopes.pop()

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self._scopes.append((node, self._own_names(node)))

    def leave_Lambda(self, node: cst.Lambda) -> None:
        self._scopes.pop()

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._ok.add(id(node.name))  # `class C` itself is no use of C
        self._classes.append(self._class_of(node))

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self._classes.pop()

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self._ok.add(id(node.keyword))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._ok.add(id(node.attr))


class _TransformUses(_NameUses):
    """Which names bound to eager transforms' results are used otherwise than run by their
    `eager_by` methods at the top level (`bad`), and how often each name is read (`reads`).
    `ok`: the ids of Name nodes already judged (a factory's name where the top level calls it)."""

    def __init__(self, methods: Mapping[str, frozenset[str]], symbolic: Callable[[cst.Call], bool], ok: set[int]) -> None:
        super().__init__()
        self.methods = methods
        self.symbolic_call = symbolic
        self._ok |= ok
        self.symbolic: set[str] = set()  # top-level names holding symbolic inputs or what derives from them
        self.bad: set[str] = set()
        self.reads: dict[str, int] = {}

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Name) and self._top:
                self._ok.add(id(target.target))  # the binding itself (a rebinding is judged by its value)

    def leave_Assign(self, node: cst.Assign) -> None:
        if self._top:
            symbolic = self._mentions_symbolic(node.value)
            for target in node.targets:
                for name in _target_names(target.target):
                    (self.symbolic.add if symbolic else self.symbolic.discard)(name.value)

    def _mentions_symbolic(self, expr: cst.BaseExpression) -> bool:
        return mentions_symbolic(expr, self.symbolic, self.symbolic_call)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if self._top and isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            if func.attr.value in self.methods.get(func.value.value, ()):
                self._ok.add(id(func.value))
        elif self._top and isinstance(func, cst.Name) and DIRECT_CALL in self.methods.get(func.value, ()):
            if not any(self._mentions_symbolic(arg.value) for arg in node.args):
                self._ok.add(id(func))  # `lam(x)` on a concrete value: an eager run

    def visit_Name(self, node: cst.Name) -> None:
        self.reads[node.value] = self.reads.get(node.value, 0) + (id(node) not in self._ok)
        if node.value in self.methods and id(node) not in self._ok:
            self.bad.add(node.value)


def eager_classes(
    index: ModuleIndex, candidates: Mapping[ClassInfo, TracedClass], local_names: Callable[[FunctionInfo], set[str]],
    resolve: Callable[[cst.BaseExpression], str | None], eager_functions: frozenset[cst.CSTNode] | set[cst.CSTNode] = frozenset(),
) -> set[ClassInfo]:
    """The module-level classes among `candidates` (framework module classes, with their traced
    class) that the module only runs eagerly (see the module docstring). Only classes whose
    methods run eagerly when an instance is run outside a transform qualify (`eager_runs`:
    flax, haiku, equinox modules, Keras layers): a runtime `Acceleratable` layer's methods are
    cached whenever they are called. `local_names`: a function's parameters and locals;
    `eager_functions`: the nodes of functions only run eagerly (`eager_transforms`)."""
    candidates = {cls: traced for cls, traced in candidates.items() if cls.function is None and traced.eager_runs}
    names = {cls.name for cls in candidates}
    if not names or not _made_at_top(index, names, eager_functions):
        return set()  # a library's classes: run by whoever imports them
    run_by = frozenset().union(*(traced.run_by for traced in candidates.values()))
    uses = _Uses(candidates, index, local_names, resolve, run_by, frozenset(eager_functions))
    for statement in index.walks:  # the module's statements, in order (a notebook's cells in order)
        statement.visit(uses)
    bad = uses.bad | {cls for name in uses.inner_reads for cls in uses.ever.get(name, ())}
    eager = {cls for cls in uses.made & (uses.ran | set(uses.made_in)) if cls not in bad}
    # A submodule made in a method of a class that is not run eagerly is traced with it.
    changed = True
    while changed:
        changed = False
        for cls in list(eager):
            if any(owner not in eager and owner not in uses.eager_functions for owner in uses.made_in.get(cls, ())):
                eager.discard(cls)
                changed = True
    return eager


def _made_at_top(index: ModuleIndex, names: set[str], eager_functions: frozenset[cst.CSTNode] | set[cst.CSTNode]) -> bool:
    """Whether module-level code (or an eagerly run function) calls a candidate class by name:
    a cheap test that leaves library modules (which define models and never run them) unwalked."""
    return bool(eager_functions) or not names.isdisjoint(index.first_module_call)


class _Uses(_NameUses):
    """Every use of the candidate classes and of the names bound to their instances at the top
    level, binding by binding, sorted into eager uses and the others (`bad`)."""

    def __init__(
        self, candidates: Mapping[ClassInfo, TracedClass], index: ModuleIndex, local_names: Callable[[FunctionInfo], set[str]],
        resolve: Callable[[cst.BaseExpression], str | None], run_by: frozenset[str], eager_functions: frozenset[cst.CSTNode],
    ) -> None:
        super().__init__()
        self.by_node = {cls.node: cls for cls in candidates}
        self.named: dict[str, list[ClassInfo]] = {}
        for cls in candidates:
            self.named.setdefault(cls.name, []).append(cls)
        self.index = index
        self.local_names = local_names
        self.resolve = resolve
        self.run_by = run_by
        self.symbolic_makers = frozenset().union(*(traced.symbolic_inputs for traced in candidates.values()))
        self.symbolic: set[str] = set()  # top-level names holding symbolic inputs or what derives from them
        self.eager_functions = eager_functions
        self.current: dict[str, ClassInfo] = {}  # the class a name is bound to now, at the top level
        self.instance: dict[str, ClassInfo] = {}  # top-level name -> the class of the instance it holds now
        self.ever: dict[str, set[ClassInfo]] = {}  # top-level name -> every class it held an instance of
        self.made: set[ClassInfo] = set()  # classes made somewhere (positive evidence of their use)
        self.ran: set[ClassInfo] = set()  # classes an instance of which is run eagerly
        self.bad: set[ClassInfo] = set()  # classes used otherwise than made and run eagerly
        self.made_in: dict[ClassInfo, set] = {}  # class -> the classes or eager functions it is made and called in
        self.inner_reads: set[str] = set()  # names a function reads from the module (not its own)
        # `m.compile(run_eagerly=True)`: the top-level names whose instance was so compiled, and
        # what then runs it eagerly (`fit`, `predict`: TracedClass.eager_steps).
        self.eager_keywords = frozenset(traced.eager_keyword for traced in candidates.values() if traced.eager_keyword)
        self.eager_steps = frozenset().union(*(traced.eager_steps for traced in candidates.values()))
        self.compiled_eagerly: set[str] = set()

    # -- where the visit is ---------------------------------------------------------------
    def _own_names(self, node: cst.FunctionDef | cst.Lambda) -> set[str]:
        fn = self.index.by_node.get(node)
        return self.local_names(fn) if fn is not None else set()

    def _class_of(self, node: cst.ClassDef) -> ClassInfo | None:
        return self.by_node.get(node)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        if self._top:
            cls = self.by_node.get(node)
            if cls is not None:
                self.current[cls.name] = cls
            else:
                self.current.pop(node.name.value, None)  # the name is another class now
        super().visit_ClassDef(node)

    # -- eager uses -----------------------------------------------------------------------
    def visit_Assign(self, node: cst.Assign) -> None:
        """`m = C(...)` at the top level: the targets are no uses, nor is `C` here (the
        bindings change in leave_Assign, once the value's uses are judged by the old ones)."""
        if not self._top:
            return
        for target in node.targets:
            for name in _target_names(target.target):
                self._ok.add(id(name))
        if self._made(node.value) is not None and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            self._ok.add(id(node.value.func))

    def leave_Assign(self, node: cst.Assign) -> None:
        """`m` holds an instance of the class `C` names now; any other top-level assignment of
        a name ends what it held."""
        if not self._top:
            return
        for target in node.targets:
            for name in _target_names(target.target):
                self.instance.pop(name.value, None)
                self.current.pop(name.value, None)
                self.compiled_eagerly.discard(name.value)
        symbolic = self._mentions_symbolic(node.value)
        for target in node.targets:
            for name in _target_names(target.target):
                (self.symbolic.add if symbolic else self.symbolic.discard)(name.value)
        made = self._made(node.value)
        if made is not None and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            name = node.targets[0].target.value
            self.instance[name] = made
            self.ever.setdefault(name, set()).add(made)
            self.made.add(made)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Call) and isinstance(func.func, cst.Name) and func.func.value in self.named:
            self._made_and_called(func, node)  # `C(...)(x)`
            return
        if not self._top or self._symbolic(node):
            return
        if self._eager_compile_or_step(node):
            return
        # `m.init(...)`, `m.apply(...)`, `C().init(...)`, `m(...)`, `capture(m, ...)(...)` at the top level.
        receiver = func.value if isinstance(func, cst.Attribute) and func.attr.value in EAGER_METHODS else func
        if isinstance(receiver, cst.Call) and receiver.args and not receiver.args[0].keyword and self.resolve(receiver.func) in self.run_by:
            receiver = receiver.args[0].value
        if isinstance(receiver, cst.Call):
            made = self._made(receiver)
            if made is not None:
                self._ok.add(id(receiver.func))
                self.made.add(made)
                self.ran.add(made)
        elif isinstance(receiver, cst.Name) and receiver.value in self.instance:
            self._ok.add(id(receiver))
            self.ran.add(self.instance[receiver.value])

    def _eager_compile_or_step(self, call: cst.Call) -> bool:
        """`m.compile(..., run_eagerly=True)` at the top level, which no trace follows, or a
        step it makes eager (`m.fit(...)`): an eager run of `m`'s class. Another `m.compile(...)`
        ends it (and, like `m.fit(...)` without one, is left to visit_Name: a traced use)."""
        func = call.func
        if not self.eager_keywords or not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return False
        name, method = func.value.value, func.attr.value
        if name not in self.instance:
            return False
        if method == "compile":
            if not any(
                arg.keyword is not None and arg.keyword.value in self.eager_keywords
                and isinstance(arg.value, cst.Name) and arg.value.value == "True" for arg in call.args
            ):
                self.compiled_eagerly.discard(name)
                return False
            self.compiled_eagerly.add(name)
        elif method not in self.eager_steps or name not in self.compiled_eagerly:
            return False
        self._ok.add(id(func.value))
        self.ran.add(self.instance[name])
        return True

    def _symbolic(self, call: cst.Call) -> bool:
        """Whether a call is handed a symbolic input (`keras.Input(...)` or a top-level name
        computed from one): the instance it runs joins a functional model, which `fit` and
        `predict` trace, rather than running eagerly."""
        return any(self._mentions_symbolic(arg.value) for arg in call.args)

    def _mentions_symbolic(self, expr: cst.BaseExpression) -> bool:
        return mentions_symbolic(
            expr, self.symbolic, lambda call: bool(self.symbolic_makers) and self.resolve(call.func) in self.symbolic_makers,
        )

    def _made(self, value: cst.BaseExpression) -> ClassInfo | None:
        """The class a top-level `C(...)` makes an instance of (the binding of `C` now)."""
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in self.named:
            return self.current.get(value.func.value)
        return None

    def _made_and_called(self, made: cst.Call, call: cst.Call) -> None:
        """`C(...)(x)`: at the top level, an eager run (unless `x` is symbolic); in a method of
        a candidate class or in an eagerly run function, a submodule made and run there. Which
        class `C` names there is its binding when that code was defined (the one binding of
        `C` when it is bound later): where the owner runs after `C` is bound anew, the class
        made is another, which then lacks this evidence and stays traced."""
        name = made.func.value
        if self._top:
            cls = self.current.get(name)
            if cls is not None and not self._symbolic(call):
                self._ok.add(id(made.func))
                self.made.add(cls)
                self.ran.add(cls)
            return
        cls = self.current.get(name) or (self.named[name][0] if len(self.named[name]) == 1 else None)
        if self._local(name) or cls is None:
            return  # left to visit_Name
        owner = self._classes[-1] if self._scopes and self._classes and self._classes[-1] is not None else None  # in a method
        if owner is None and self._scopes and self._scopes[-1][0] in self.eager_functions:
            owner = self._scopes[-1][0]
        if owner is not None:
            self.made_in.setdefault(cls, set()).add(owner)
            self.made.add(cls)
            self._ok.add(id(made.func))

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) in self._ok:
            return
        name = node.value
        if self._top:
            if name in self.named and name in self.current:
                self.bad.add(self.current[name])
            elif name in self.instance:
                self.bad.add(self.instance[name])
        elif not self._local(name):
            if name in self.named:
                self.bad.update(self.named[name])
            self.inner_reads.add(name)


def _target_names(target: cst.BaseExpression) -> list[cst.Name]:
    """The names an assignment target binds (`a`, `a, b`, `[a, *b]`)."""
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in _target_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return []
