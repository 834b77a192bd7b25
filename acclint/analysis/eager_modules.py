"""Framework module classes a script or notebook only ever runs eagerly.

A module class's methods are taken for cached traces because a model is almost always applied
under a transform somewhere (`jax.jit(model.apply)`, `nnx.jit(step)(model, x)`), often in
another file. But a tutorial that shows what a module does while it runs,

    class RNGModule(nn.Module):
        @nn.compact
        def __call__(self):
            print(self.make_rng("rng_stream"))

    rng_module = RNGModule()
    variables = rng_module.init({"rng_stream": jax.random.key(0)})

never traces it: `init`, `apply` and a direct call run the methods eagerly, and the print
shows a real key on every run. A class is taken as run eagerly only with positive evidence,
from the whole module: every use of its name is an instantiation at the top level of the
module (`m = RNGModule()`, `RNGModule().init(...)`) or a submodule made inside a method of
another eagerly run class (`RNGSubModule()()`), every use of each name bound to an instance is
such an eager call at the top level, and some instance is run so. Any other use (an instance referenced in a function,
`model.apply` handed on, an instance made and handed on as in `nn.Sequential([Block()])`, the
class subclassed or passed anywhere) keeps the class traced.
"""

from __future__ import annotations

from typing import Mapping

import libcst as cst

from acclint.analysis.scopes import ClassInfo, ModuleIndex
from acclint.frameworks.markers import TracedClass

# What running a module instance eagerly is spelled as, at the top level of a module.
EAGER_METHODS = frozenset({"init", "apply", "init_with_output"})


def eager_classes(index: ModuleIndex, candidates: Mapping[ClassInfo, TracedClass]) -> set[ClassInfo]:
    """The module-level classes among `candidates` (framework module classes, with their traced
    class) that the module only runs eagerly (see the module docstring). Only classes whose
    methods are no transform of their own (`inputs = "first"`: flax, haiku, equinox modules)
    qualify: a runtime `Acceleratable` layer's methods are cached whenever they are called."""
    candidates = [cls for cls, traced in candidates.items() if cls.function is None and traced.inputs == "first"]
    names = {cls.name for cls in candidates}
    statements = list(index.walks)  # the module's statements, in order
    if not names or not _instantiated_at_top(statements, names):
        return set()  # a library's classes: run by whoever imports them
    uses = _Uses(names)
    for statement in statements:
        statement.visit(uses)
    ran = uses.ran | {name for name, bound in uses.instances.items() if bound & uses.ran_instances} | set(uses.made_in)
    eager = {name for name in uses.made & ran if name not in uses.bad}
    eager -= {name for name in eager if any(v in uses.bad_instances for v in uses.instances.get(name, ()))}
    # A submodule made in a method of a class that is not run eagerly is traced with it.
    changed = True
    while changed:
        changed = False
        for name in list(eager):
            if any(owner not in eager for owner in uses.made_in.get(name, ())):
                eager.discard(name)
                changed = True
    return {cls for cls in candidates if cls.name in eager}


def _instantiated_at_top(statements: list[cst.BaseStatement], names: set[str]) -> bool:
    """Whether some top-level statement binds `v = C(...)` for a candidate class `C`: a cheap
    test that leaves library modules (which define models and never run them) unwalked."""
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                value = getattr(small, "value", None)
                if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in names:
                    return True
    return False


class _Uses(cst.CSTVisitor):
    """Every use of the candidate class names, and of the names bound to their instances at the
    top level, sorted into eager uses and the others (`bad`, `bad_instances`)."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.made: set[str] = set()  # classes made somewhere (positive evidence of their use)
        self.bad: set[str] = set()  # classes used otherwise than made eagerly
        self.instances: dict[str, set[str]] = {}  # class -> names bound to its instances at the top level
        self.made_in: dict[str, set[str]] = {}  # class -> the classes in whose methods it is made
        self.bad_instances: set[str] = set()  # instance names used otherwise than run eagerly
        self.ran: set[str] = set()  # classes run as made (`C().init(...)`)
        self.ran_instances: set[str] = set()  # names run eagerly (`m.init(...)`, `m(x)`)
        self._ok: set[int] = set()  # ids of Name nodes already judged an eager use
        self._functions = 0  # how many function bodies the visit is in
        self._classes: list[str] = []  # the classes whose bodies the visit is in

    # -- where the visit is ---------------------------------------------------------------
    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._functions += 1

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._functions -= 1

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self._functions += 1

    def leave_Lambda(self, node: cst.Lambda) -> None:
        self._functions -= 1

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._classes.append(node.name.value)
        self._ok.add(id(node.name))  # `class C` itself is no use of C

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self._classes.pop()

    @property
    def _top(self) -> bool:
        return self._functions == 0 and not self._classes

    # -- eager uses -----------------------------------------------------------------------
    def visit_Assign(self, node: cst.Assign) -> None:
        """`m = C(...)` at the top level: `m` names an instance."""
        value = node.value
        if self._top and isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in self.names:
            if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                self.instances.setdefault(value.func.value, set()).add(node.targets[0].target.value)
                self.made.add(value.func.value)
                self._ok.add(id(value.func))
                self._ok.add(id(node.targets[0].target))

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        # `C()(...)` in a method of another candidate class: a submodule.
        if isinstance(func, cst.Call) and isinstance(func.func, cst.Name) and func.func.value in self.names:
            if self._functions and self._classes and self._classes[-1] in self.names:
                self.made_in.setdefault(func.func.value, set()).add(self._classes[-1])
                self.made.add(func.func.value)
                self._ok.add(id(func.func))
            return
        if not self._top:
            return
        # `m.init(...)`, `m.apply(...)`, `C().init(...)` and `m(...)` at the top level.
        receiver = func.value if isinstance(func, cst.Attribute) and func.attr.value in EAGER_METHODS else func
        if isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Name) and receiver.func.value in self.names:
            self._ok.add(id(receiver.func))
            self.made.add(receiver.func.value)
            self.ran.add(receiver.func.value)
        elif isinstance(receiver, cst.Name) and receiver.value not in self.names:
            # A call of an instance name. A bare `C(...)` that no assignment binds and nothing
            # runs at once (`nn.Sequential([C()])`, `wrap(C())`) hands the new instance on:
            # left to visit_Name, which counts it as another use.
            self._ok.add(id(receiver))
            self.ran_instances.add(receiver.value)

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) in self._ok:
            return
        if node.value in self.names:
            self.bad.add(node.value)
        else:
            self.bad_instances.add(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._ok.add(id(node.attr))  # `nn.Dense` is no use of a class `Dense` of this module
