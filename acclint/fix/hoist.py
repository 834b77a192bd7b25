"""Hoisting a wrapper application out of the loop that applies it on every pass (ACC501).

`for b in batches: loss = jax.jit(lambda p, x: ...)(params, b)` makes a new compiled callable,
and so a new trace and compile, on every pass. Where the application `W(f, *config)` reads
nothing the loop binds or changes, it is bound once before the loop, under a fresh name, and
the loop reads that name: the same values, one compile. The edit is one replacement of the loop
statement (the binding, then the loop with the application replaced), so it overlaps any other
edit in the loop and waits for the next round of the fixer.

Hoisting moves when what `f` reads is read: its trace now runs once, on the first pass, so a
value it reads that changes between passes would be frozen there. The names the application and
the code it traces read are followed (a lambda's free names, the bodies of the functions it
names, each read where it is defined, transitively): one the loop binds or stores into refuses
the fix; one whose value acclint does not know to be fixed (a parameter, an object's attribute:
something a call in the loop may mutate), a call in the application other than a wrapper or a
call that only makes a callable (`Lazy.builders`: a partial, `jax.grad`; hoisted, any other
runs once, not on every pass), or an effect in the traced code (a print runs once per trace)
makes the fix unsafe, with the reason.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.taint import target_names
from acclint.analysis.walk import all_params, children, walk_all
from acclint.common.findings import Fix
from acclint.fix.names import fresh_names

_LOOPS = (cst.For, cst.While)
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
_BUILTINS = frozenset(dir(builtins))


@dataclass(frozen=True)
class Lazy:
    """What the fix may evaluate once before the loop and what it must not move out of a trace:
    `builders`, qualified calls whose result is a callable made without running anything (the
    wrappers, `functools.partial`); `effects`, qualified calls a trace runs once (print, I/O,
    logging) and prefixes of them."""

    builders: frozenset[str]
    effects: frozenset[str]
    effect_prefixes: tuple[str, ...] = ()


def hoist_fix(analysis: ModuleAnalysis, application: cst.CSTNode, statement: cst.BaseStatement, where: str, lazy: Lazy) -> Fix | str:
    """The fix for a wrapper application made anew on every pass of a loop, or why none is
    offered. `statement` is the module-level statement that holds it, `where` the loop as the
    finding names it ("this loop", or a function a loop calls)."""
    if where != "this loop":
        return f"the wrapper is applied in {where}: hoisting it would cross a function boundary"
    path = _path_to(statement, application)
    if not isinstance(application, cst.Call) or path is None:
        return "the wrapper is a decorator of a function defined inside the loop"
    loop, scope = _enclosing_loop(path)
    if isinstance(loop, str):
        return loop
    if not any(node is loop.body for node in path):
        return "the wrapper is applied outside the loop's body (its test)"
    reads = _Reads(analysis.module, analysis.index.imports, scope, lazy)
    reads.expression(application)
    rebound = sorted(reads.names & (_bound(loop) | _stored(loop)))
    if rebound:
        return f"what it compiles reads '{rebound[0]}', which the loop binds or changes: each pass needs its own value"
    late = sorted(reads.names & _locals(scope, analysis.module) - _bound_before(scope, analysis.module, loop))
    if late:
        return f"'{late[0]}' is not bound before the loop"
    fresh = fresh_names(analysis.module, _stem(application, path))[0]
    binding = cst.SimpleStatementLine(
        [cst.Assign([cst.AssignTarget(cst.Name(fresh))], application)], leading_lines=loop.leading_lines,
    )
    moved = loop.deep_replace(application, cst.Name(fresh)).with_changes(leading_lines=())
    title = f"bind '{fresh}' once before the loop"
    changes = {loop: cst.FlattenSentinel([binding, moved])}
    if reads.unsure:
        return Fix(title, changes, safe=False, reason=reads.unsure[0])
    return Fix(title, changes, safe=True)


def _path_to(root: cst.CSTNode, target: cst.CSTNode) -> list[cst.CSTNode] | None:
    """The nodes from `root` down to `target`, both included (decorators are not entered: a
    decorated function's wrapper is part of its definition)."""
    parents: dict[int, cst.CSTNode] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node is target:
            path = [node]
            while path[-1] is not root:
                path.append(parents[id(path[-1])])
            return path[::-1]
        for child in children(node):
            if not isinstance(child, cst.Decorator):
                parents[id(child)] = node
                stack.append(child)
    return None


def _enclosing_loop(path: list[cst.CSTNode]) -> tuple[cst.For | cst.While | str, cst.FunctionDef | None]:
    """The innermost `for`/`while` around the application and the function whose statements
    hold it (None at module level); or why there is none to hoist out of."""
    for i in range(len(path) - 2, -1, -1):
        node = path[i]
        if isinstance(node, _COMPREHENSIONS):
            return "the loop is a comprehension: it has no statement before it to hold the binding", None
        if isinstance(node, _SCOPES):
            return "the wrapper is applied in a function the loop runs: hoisting it would cross a function boundary", None
        if isinstance(node, _LOOPS):
            scope = next((n for n in reversed(path[:i]) if isinstance(n, _SCOPES)), None)
            if isinstance(scope, (cst.Lambda, cst.ClassDef)):
                return "the loop is in a class body", None
            return node, scope
    return "no loop around the application", None


class _Reads:
    """The free names the hoisted application reads, and through them the code it traces (the
    bodies of this module's functions it names, transitively), with the reasons found on the way
    that make hoisting unsure."""

    def __init__(self, module: cst.Module, imports, scope: cst.FunctionDef | None, lazy: Lazy) -> None:
        self.module, self.imports, self.scope, self.lazy = module, imports, scope, lazy
        self.names: set[str] = set()
        self.unsure: list[str] = []
        self._followed: set[int] = set()

    def expression(self, node: cst.Call) -> None:
        """The application itself: every call in it, lambdas' bodies aside, must make a callable
        and run nothing (a wrapper, `functools.partial`, a transform)."""
        for call in _calls(node):
            if self.imports.resolve(call.func) not in self.lazy.builders and not isinstance(call.func, cst.Call):
                self._unsure(f"hoisted, '{self._code(call)}' runs once before the loop instead of on every pass")
        self._read(node, self.scope)

    def _read(self, node: cst.CSTNode, scope: cst.FunctionDef | None) -> None:
        """The free names of `node`, code that is traced, looked up in `scope` (the function
        whose code holds `node`, None for the module): each is code acclint follows (a
        function of this module or of `scope`), an import or a builtin; anything else is a value
        that a call in the loop may change. A function is read in the scope that defines it: a
        module-level function's free names are the module's, whatever the driver binds."""
        for name in sorted(_free_names(node)):
            self.names.add(name)
            where, bindings = _bindings(self.module, scope, name)
            if not bindings and name in _BUILTINS or bindings and all(isinstance(b, (cst.Import, cst.ImportFrom)) for b in bindings):
                continue
            if len(bindings) == 1 and isinstance(bindings[0], cst.FunctionDef):
                self._function(bindings[0], where)
            else:
                self._unsure(f"what it compiles reads '{name}', whose value acclint cannot prove the same on every pass "
                             "(hoisted, the trace keeps the first pass's)")
        self._effects(node)

    def _function(self, fn: cst.FunctionDef, scope: cst.FunctionDef | None) -> None:
        """The code of `fn`, a function `scope` defines (None: the module)."""
        if id(fn) in self._followed:
            return
        self._followed.add(id(fn))
        if any(isinstance(n, (cst.Global, cst.Nonlocal)) for n in walk_all(fn.body)):
            self._unsure(f"'{fn.name.value}' rebinds a name of the scope around it ('global' or 'nonlocal')")
        self._read(fn, scope)

    def _effects(self, node: cst.CSTNode) -> None:
        for call in _calls(node, lambdas=True):
            qualified = self.imports.resolve(call.func) or ""
            if qualified in self.lazy.effects or qualified.startswith(self.lazy.effect_prefixes):
                self._unsure(f"the traced code calls '{self._code(call.func)}', which runs once per trace: "
                             "hoisted, once instead of on every pass")

    def _unsure(self, reason: str) -> None:
        if reason not in self.unsure:
            self.unsure.append(reason)

    def _code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node).strip()


def _calls(node: cst.CSTNode, lambdas: bool = False):
    """The calls in `node`, those in lambda bodies only with `lambdas` (a lambda's body runs when
    it is traced, not when it is made)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Call):
            yield current
        if isinstance(current, cst.Lambda) and not lambdas:
            continue
        stack.extend(children(current))


def _free_names(node: cst.CSTNode) -> set[str]:
    """The names `node` reads from around it: not attribute names (`x.f`: x), keywords, nor
    what a lambda, function or comprehension inside it binds for itself (over-counting a
    comprehension's or an inner function's own locals only makes the fix more careful)."""
    if isinstance(node, cst.Name):
        return {node.value}
    if isinstance(node, cst.Attribute):
        return _free_names(node.value)
    if isinstance(node, cst.Arg):
        return _free_names(node.value)
    if isinstance(node, cst.FunctionDef):
        defaults = {n for p in all_params(node.params) if p.default is not None for n in _free_names(p.default)}
        decorators = {n for d in node.decorators for n in _free_names(d.decorator)}
        return (_free_names(node.body) - _own_names(node)) | defaults | decorators
    if isinstance(node, cst.Lambda):
        defaults = {n for p in all_params(node.params) if p.default is not None for n in _free_names(p.default)}
        return (_free_names(node.body) - {p.name.value for p in all_params(node.params)}) | defaults
    found: set[str] = set()
    for child in children(node):
        found |= _free_names(child)
    return found


def _binding_names(node: cst.CSTNode) -> set[str]:
    """The names one statement or expression node binds by itself (not below it)."""
    if isinstance(node, (cst.Assign,)):
        return {n for t in node.targets for n in target_names(t.target)}
    if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.NamedExpr)):
        return set(target_names(node.target))
    if isinstance(node, (cst.For, cst.CompFor)):
        return set(target_names(node.target))
    if isinstance(node, cst.WithItem) and node.asname is not None:
        return set(target_names(node.asname.name))
    if isinstance(node, cst.ExceptHandler) and node.name is not None:
        return set(target_names(node.name.name))
    if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
        return {node.name.value}
    if isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(node.names, cst.ImportStar):
        return {a.evaluated_alias or a.evaluated_name.split(".")[0] for a in node.names}
    if isinstance(node, cst.Del):
        return set(target_names(node.target))
    if isinstance(node, (cst.Global, cst.Nonlocal)):
        return {n.name.value for n in node.names}
    return set()


def _statements(node: cst.CSTNode):
    """Every node of a body, nested function and class bodies excepted (their names are bound;
    a `global` or `nonlocal` in them is yielded: it rebinds a name of the scope around)."""
    stack = list(children(node)) if isinstance(node, _SCOPES) else [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, _SCOPES):
            stack.extend(n for n in walk_all(current.body) if isinstance(n, (cst.Global, cst.Nonlocal)))
            continue
        stack.extend(children(current))


def _bound(loop: cst.For | cst.While) -> set[str]:
    """The names a pass of `loop` binds: its target and what its body binds."""
    parts = [loop.target, loop.body] if isinstance(loop, cst.For) else [loop.test, loop.body]
    names = set(target_names(loop.target)) if isinstance(loop, cst.For) else set()
    for part in parts:
        for node in _statements(part):
            names |= _binding_names(node)
    return names


def _stored(loop: cst.For | cst.While) -> set[str]:
    """The names whose object a pass of `loop` changes in place: `x.a = v`, `x[k] += v`, `del x[k]`."""
    found: set[str] = set()
    for node in _statements(loop.body):
        targets: list[cst.BaseExpression] = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, cst.Del):
            targets = [node.target]
        for target in targets:
            for item in (e.value for e in target.elements) if isinstance(target, (cst.Tuple, cst.List)) else (target,):
                root = item
                while isinstance(root, (cst.Attribute, cst.Subscript)):
                    root = root.value
                if root is not item and isinstance(root, cst.Name):
                    found.add(root.value)
    return found


def _locals(scope: cst.FunctionDef | None, module: cst.Module) -> set[str]:
    """The names `scope` binds, the module's at module level."""
    if scope is None:
        return {n for node in _statements(module) for n in _binding_names(node)}
    return _own_names(scope)


def _own_names(fn: cst.FunctionDef) -> set[str]:
    """The names a function binds for itself: its parameters and what its statements bind,
    not the names it declares `global` or `nonlocal`."""
    names = {p.name.value for p in all_params(fn.params)}
    declared: set[str] = set()
    for node in _statements(fn):
        if isinstance(node, (cst.Global, cst.Nonlocal)):
            declared |= {n.name.value for n in node.names}
        else:
            names |= _binding_names(node)
    return names - declared


def _bound_before(scope: cst.FunctionDef | None, module: cst.Module, loop: cst.CSTNode) -> set[str]:
    """The names bound, in source order, before `loop` starts: `scope`'s parameters and what its
    statements (the module's, at module level) bind ahead of it."""
    names = {p.name.value for p in all_params(scope.params)} if scope is not None else set()
    for node in _in_order(scope.body if scope is not None else module):
        if node is loop:
            break
        names |= _binding_names(node)
    return names


def _in_order(root: cst.CSTNode):
    """`root`'s nodes in source order, nested function and class bodies excepted."""
    stack = [root]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, _SCOPES):
            continue
        stack.extend(reversed(list(children(current))))


def _bindings(module: cst.Module, scope: cst.FunctionDef | None, name: str) -> tuple[cst.FunctionDef | None, list[cst.CSTNode]]:
    """What binds `name` where code of `scope` reads it, and the scope that binds it:
    `scope`'s parameter or statements when it is one of `scope`'s names, else the module's
    statements (None)."""
    if scope is not None and name in _locals(scope, module):
        if name in {p.name.value for p in all_params(scope.params)}:
            return scope, [scope.params]
        return scope, [node for node in _statements(scope) if name in _binding_names(node)]
    return None, [node for node in _statements(module) if name in _binding_names(node)]


def _stem(application: cst.Call, path: list[cst.CSTNode]) -> str:
    """The fresh name's stem: what is wrapped (`loss_fn_compiled`; `self.step`: `step_compiled`),
    else the name the loop binds the result to, else `compiled`."""
    wrapped = application.args[0].value if application.args else None
    while isinstance(wrapped, cst.Call) and wrapped.args:  # `jax.jit(partial(update, lr=0.1))`
        wrapped = wrapped.args[0].value
    if isinstance(wrapped, cst.Attribute):
        return f"{wrapped.attr.value}_compiled"
    if isinstance(wrapped, cst.Name):
        return f"{wrapped.value}_compiled"
    parent = path[-2] if len(path) > 1 else None
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name):
        return f"{parent.targets[0].target.value}_compiled"
    return "compiled"
