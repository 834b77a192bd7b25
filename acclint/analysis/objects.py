"""Objects followed: what a marker runs when it is handed an object, and markers that are methods
of objects.

- A marker handed an instance of a class of this module (`torch.compile(model)` with `model =
  Net()`, `torch.jit.trace(Net(), x)`, `jax.jit(Scale())`, `torch.compile(self.model)` with
  `self.model = Net()` set in a method) runs the object's `__call__`, or, where the class has none
  of its own (a `torch.nn.Module` subclass, whose `__call__` is torch's), its `forward`. Such a
  method calling `self.block(x)`, where `self.block` holds an instance of a class of the module,
  runs that class's method too. Where the class is imported from another module of the project
  (`from .nets import Net`), the marker is sent to that module (`imported_class`; the project
  layer, acclint.analysis.project, resolves `nets.Net.__call__` to the class), which runs the
  same method there. A method the frameworks' data say returns the module itself
  (`[returns_self]`: `torch.jit.trace(Net().eval(), x)`, `model = Net().to(device)`) gives the
  instance it was called on. An instance a module-level function makes (`torch.compile(build_model())`,
  `model = build_model()`), where every `return` of it is an instance of one class, is followed
  through the function to that class (`made_by`; for a function of another module, that
  module's analysis follows it: ContextAnalysis.seeded). A name rebound to a marker applied to
  itself (`m = torch.compile(m)`), or to any call of no class, function or method of the module handed
  it first (`model = fabric.setup(model)`, `net = DDP(net)`: a launcher's or a parallel
  wrapper runs the object), keeps its object (`_rewraps`), and a container of modules
  (`[containers]`: `nn.Sequential(Block(), nn.ReLU())`) stands for the modules it holds
  (`elements`; contexts follows each, this module's class questions want one class of them).
- A method of an object made by a known call is a marker where the frameworks' data say so
  (`[[instances]]` in acclint/frameworks/*.toml): `ds.map(parse)` where `ds` was bound to
  `tf.data.Dataset.from_tensor_slices(x)` (and through `ds = ds.shuffle(10)`: a dataset's
  methods return datasets), `model.compile(loss=my_loss, metrics=[m])` where `model` is a
  `keras.Sequential(...)` or an instance of a subclass of `keras.Model`, `self.compile(...)` in
  one; an object a module-level function returns is of the classes its returns are
  (`make_dataset().map(f)`). The object's class is read off the values its name is bound to in the nearest scope that
  binds it, as the analysis reads every other value; an object passed in as a parameter is
  known by the parameter's annotation (`ds: tf.data.Dataset`; `model: Net`, called in a trace,
  runs `Net`'s `__call__` or `forward`) or, for a module-level function, by what the module's
  calls of it pass (`get_data(data=tf.data.Dataset.list_files(d))`).
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.reach import CallSite
from acclint.analysis.scopes import ClassInfo, FunctionInfo, ModuleIndex
from acclint.analysis.taint import BodyFacts
from acclint.analysis.walk import named_params
from acclint.frameworks.markers import MarkerTable

# How deep a chain of names, `self` attributes and the module's factories is followed to the call
# that made the object: a name (`ds = ds.shuffle(10)` names `ds` again) or a factory met again
# on the way is cut there, at this depth at the latest. What a name or factory holds is worked
# out once for each depth it is met at (`Objects._memo`): a chain of names each bound to the one
# before in several branches (`if c: a1 = a0` ...) asks it again through every path, the work
# growing as the branches' count to the power of the depth (measured: 5 branches, 12.3 s).
MAX_DEPTH = 8


class Objects:
    """The classes of the objects one module's expressions hold, as far as they are known."""

    def __init__(
        self,
        index: ModuleIndex,
        markers: MarkerTable,
        resolve: Callable[[cst.BaseExpression], str | None],
        values_of: Callable[[str, FunctionInfo | None], list[cst.BaseExpression]],
        find_method: Callable[[ClassInfo, str], FunctionInfo | None],
        body: Callable[[FunctionInfo], BodyFacts],
        returned: frozenset[tuple[str, str, bool]] = frozenset(),
        sites: tuple[CallSite, ...] = (),
    ) -> None:
        self.index = index
        # what other modules' calls of its module-level functions pass, by class (`CallSite`
        # seeds, acclint.analysis.call_sites): function name -> the calls
        self._sites: dict[str, list[CallSite]] = {}
        for site in sites:
            self._sites.setdefault(site.function, []).append(site)
        # what imported functions return (`Imported.made`): the function as the module spells
        # it -> (the call making it, whether methods are chained on that call)
        self._imported_made: dict[str, list[tuple[str, bool]]] = {}
        for function, maker, chained in returned:
            self._imported_made.setdefault(function, []).append((maker, chained))
        self.markers = markers
        self.resolve = resolve
        self._values_of = values_of
        self._find_method = find_method
        self._body = body
        self._memo: dict[tuple, object] = {}  # (question, name or factory, scope, depth) -> answer
        self._calls: dict[str, list[tuple[FunctionInfo | None, cst.Call]]] | None = None
        self._method_calls: dict[str, list[tuple[FunctionInfo | None, cst.Call]]] = {}  # `x.m(...)` by `m`: `_calls_by_name`

    # -- instances of classes ------------------------------------------------------------
    def called_method(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> FunctionInfo | None:
        """The method that calling the object `expr` holds runs (`runs`); None when `expr`
        holds no instance of a class of this module."""
        cls = self.instance_class(expr, scope)
        return self.runs(cls) if cls is not None else None

    def runs(self, cls: ClassInfo) -> FunctionInfo | None:
        """What a marker handed an instance of `cls` runs: its class's `__call__`, else its
        `forward` (a `torch.nn.Module` subclass, whose `__call__` is torch's)."""
        return self._find_method(cls, "__call__") or self._find_method(cls, "forward")

    def instance_class(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> ClassInfo | None:
        """The class of this module that every value `expr` may hold is an instance of."""
        return self._made(expr, scope, self._local_class)

    def passed_class(self, name: str, fn: FunctionInfo) -> ClassInfo | None:
        """The class of this module that every call of the module-level function `fn` in the
        module passes its parameter `name` an instance of (`train(Net(), 12)` for `def
        train(model, epochs)`), each argument read in the function making the call; None where
        `fn` rebinds the parameter, a call passes anything else or leaves it out, or no call
        is seen."""
        if fn.parent is not None or fn.cls is not None or name not in {p.name for p in fn.params}:
            return None
        if any(isinstance(t, cst.Name) and t.value == name for t, _, _ in self._body(fn).flows):
            return None
        calls = self._calls_by_name().get(fn.name, ())
        given = [(passed(call, fn).get(name), caller) for caller, call in calls]
        classes = [self.instance_class(value, caller) if value is not None else None for value, caller in given]
        return classes[0] if classes and classes[0] is not None and all(c is classes[0] for c in classes) else None

    def origins(self, expr: cst.BaseExpression, scope: FunctionInfo | None, depth: int = 0) -> list[tuple[cst.BaseExpression, FunctionInfo | None]] | None:
        """Where the object `expr` (evaluated in `scope`) comes from, followed back through the
        code that hands it on: each value it may hold that is made there (a call: `Agent(cfg)`)
        or named by module-level code (a module-level name), with the scope evaluating it. A
        name or an attribute of `self` is followed to what it is bound to (`_bound`: `self.head
        = head` in `__init__` to what each construction of the class passes), a parameter of a
        module-level function or of a method to what every call of it by name in the module
        passes there (`cb.on_epoch_end(agent, epoch)`), read in the caller.

        None where a link is out of sight: a parameter the function rebinds or a call leaves to
        `*args`, a function or method no call of the module names (a framework runs it: a Keras
        hook), a nested function, a value of another kind (a subscript, a call's attribute), a
        chain deeper than MAX_DEPTH. A reference of unknown origin may hold any instance of the
        class (a fresh copy, a twin model), so a write through it is no write the caller may
        count."""
        if depth > MAX_DEPTH:
            return None
        if isinstance(expr, cst.Call):
            return [(expr, scope)]
        if not isinstance(expr, (cst.Name, cst.Attribute)) or _key(expr) is None:
            return None
        if isinstance(expr, cst.Name):
            if scope is None:
                return [(expr, None)]
            if any(p.name == expr.value for p in scope.params):
                return self._passed_origins(expr.value, scope, depth)
            if expr.value not in self._body(scope).local_names and scope.parent is None:
                return [(expr, None)] if expr.value in self.index.module_values else None
        values = self._bound(expr, scope)
        if not values:
            return None
        found: list[tuple[cst.BaseExpression, FunctionInfo | None]] = []
        for value, where in values:
            origins = self.origins(value, where, depth + 1) if value is not expr or where is not scope else None
            if origins is None:
                return None
            found += origins
        return found

    def _passed_origins(self, name: str, fn: FunctionInfo, depth: int) -> list[tuple[cst.BaseExpression, FunctionInfo | None]] | None:
        """`origins` of what every call of `fn` by its name passes its parameter `name`: a
        module-level function's calls (`lower(agent, 0.1)`), a method's on any object
        (`cb.on_epoch_end(agent, epoch)`, the object its first parameter), or, for `__init__`,
        the class's (`Evaluator(model)`)."""
        if fn.parent is not None or any(isinstance(t, cst.Name) and t.value == name for t, _, _ in self._body(fn).flows):
            return None
        if fn.cls is None and self.index.functions.get(fn.name) is fn:
            calls, bound = self._calls_by_name().get(fn.name, []), False
        elif fn.cls is not None and fn.name == "__init__" and self.index.classes.get(fn.cls.name) is fn.cls:
            calls, bound = self._calls_by_name().get(fn.cls.name, []), True  # `Evaluator(model)`
        elif fn.cls is not None and fn.instance_param is not None and fn.instance_param != name and not fn.name.startswith("__"):
            self._calls_by_name()
            calls, bound = self._method_calls.get(fn.name, []), True
        else:
            return None
        found: list[tuple[cst.BaseExpression, FunctionInfo | None]] = []
        for caller, call in calls:
            value = passed(call, fn, bound).get(name)
            origins = self.origins(value, caller, depth + 1) if value is not None else None
            if origins is None:
                return None
            found += origins
        return found or None

    def holds_layer(self, expr: cst.BaseExpression, scope: FunctionInfo | None, is_layer: Callable[[cst.Call], bool]) -> bool:
        """Whether every value the attribute of `self` (or name) `expr` is bound to is a layer a
        library makes (`self.fc = nn.Linear(3, 3)` in `__init__`: `is_layer`), so calling it maps
        arrays to arrays."""
        values = self._bound(expr, scope)
        return bool(values) and all(isinstance(v, cst.Call) and is_layer(v) for v, _ in values)

    def imported_class(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> str | None:
        """The qualified name (as the module's imports spell it) of the imported class that every
        value `expr` may hold is an instance of (`model = Net()` after `from .nets import Net`),
        for the project layer to find in the module defining it."""
        return self._made(expr, scope, self._imported_class)

    def annotated_class(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> ClassInfo | None:
        """The class of this module a parameter of `scope` is annotated with (`obj: First`, or
        the string `"First"`): the caller hands an instance of it, so `obj.increment()` runs
        `First.increment` (tensorflow#31363), and `obj(x)` what `runs` says."""
        spelled = self._annotation(expr, scope)
        name = spelled.value if isinstance(spelled, cst.Name) else spelled.evaluated_value if isinstance(spelled, cst.SimpleString) else None
        return self.index.classes.get(name) if isinstance(name, str) else None

    def annotated_import(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> cst.BaseExpression | None:
        """The imported class (as spelled) a parameter of `scope` is annotated with (`model:
        Transformer` after `from model import Transformer`), for the project layer to find in
        the module defining it."""
        spelled = self._annotation(expr, scope)
        return spelled if isinstance(spelled, (cst.Name, cst.Attribute)) and self.index.imports.is_imported(spelled) else None

    def _annotation(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> cst.BaseExpression | None:
        """The annotation of the parameter of `scope` the name `expr` is, if it has one."""
        node = scope.node if scope is not None else None
        if not isinstance(expr, cst.Name) or not isinstance(node, cst.FunctionDef):
            return None
        for param in named_params(node.params):
            if param.name.value == expr.value:
                return param.annotation.annotation if param.annotation is not None else None
        return None

    def _local_class(self, call: cst.Call) -> ClassInfo | None:
        return self.index.classes.get(call.func.value) if isinstance(call.func, cst.Name) else None

    def _imported_class(self, call: cst.Call) -> str | None:
        func = call.func
        if not isinstance(func, (cst.Name, cst.Attribute)) or self._local_class(call) is not None:
            return None
        return self.resolve(func) if self.index.imports.is_imported(func) else None

    def _made(self, expr: cst.BaseExpression, scope: FunctionInfo | None, made: Callable, depth: int = 0):
        """What `made` says of the call every value `expr` may hold was made by (one answer for
        all of them, else None), following names and `self` attributes to their values
        (`depth`: the names and factories followed to get here)."""
        if isinstance(expr, cst.Call):
            receiver = self._returning_self(expr, scope, depth)
            if receiver is not None:  # `Net().eval()`: the module itself
                return self._made(receiver, scope, made, depth)
            elements = self.elements(expr)
            if elements is not None:  # `nn.Sequential(Block(), nn.ReLU())`: what its own modules run
                return self._one([(e, scope) for e in elements if not self._framework_made(e)], made, depth)
            found = made(expr)
            factory = self.index.functions.get(expr.func.value) if found is None and isinstance(expr.func, cst.Name) else None
            return found if factory is None else self._returned(factory, made, depth)
        key = _key(expr)
        if key is None:
            return None
        return self._once((made.__name__, key, scope, depth), lambda: self._one(
            [(v, where) for v, where in self._bound(expr, scope, depth=depth + 1) if not self._rewraps(v, key, where)], made, depth + 1,
        ))

    def _once(self, question: tuple, answer: Callable[[], object], cut: object = None):
        """`answer()`, worked out once for `question` (its last item the depth), or `cut`
        past MAX_DEPTH. Each answer asks only questions one deeper, so a cycle of names ends
        there, as a chain met again (`key in seen`) once did, with the same answers: nothing
        for a union, and for one answer of all values a None among them. A loop's target
        followed to what it iterates (`looped`) is asked one deeper too: the one guard against
        cycles, whose answers do not depend on the order of questions."""
        if question[-1] > MAX_DEPTH:
            return cut
        if question not in self._memo:
            self._memo[question] = answer()
        return self._memo[question]

    def _rewraps(self, value: cst.BaseExpression, key: str, scope: FunctionInfo | None) -> bool:
        """Whether `value` (evaluated in `scope`) hands the object `key` names, first, to a
        call that gives back something running it: a marker (`self.encoder =
        torch.compile(self.encoder)`), or a call of no class, function or method of this
        module (`self.build(self.net)` is one of its class's), which the analysis cannot see
        give back anything else (`model = fabric.setup(model)`, `net =
        DistributedDataParallel(net)`). Calling what it gives back runs the object's own
        method, so the binding says nothing new of what the name holds."""
        if not (isinstance(value, cst.Call) and any(a.keyword is None and not a.star and _key(a.value) == key for a in value.args[:1])):
            return False
        func = value.func
        if self.markers.get(self.resolve(func)) is not None:
            return True
        if isinstance(func, cst.Name):
            return func.value not in self.index.classes and func.value not in self.index.functions
        own = scope.own_class(func.value.value) if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and scope is not None else None
        return own is None or self._find_method(own, func.attr.value) is None

    def elements(self, call: cst.Call) -> list[cst.BaseExpression] | None:
        """The modules a container (`[containers]`: `nn.Sequential`) is made with, spelled as
        arguments or unpacked from a list, tuple or comprehension (`*[Block() for _ in
        range(n)]`); None for any other call, [] where an element is not spelled out."""
        if self.resolve(call.func) not in self.markers.containers:
            return None
        found: list[cst.BaseExpression] = []
        for arg in call.args:
            value = arg.value
            if arg.keyword is not None or arg.star == "**":
                return []
            if not arg.star:
                found.append(value)
            elif isinstance(value, (cst.List, cst.Tuple)) and not any(isinstance(e, cst.StarredElement) for e in value.elements):
                found += [e.value for e in value.elements]
            elif isinstance(value, (cst.ListComp, cst.GeneratorExp)):
                found.append(value.elt)
            else:
                return []
        return found

    def _framework_made(self, expr: cst.BaseExpression) -> bool:
        """Whether `expr` is a call of a framework's own namespace (`nn.ReLU()`): it runs none
        of the project's code."""
        name = self.resolve(expr.func) if isinstance(expr, cst.Call) else None
        return name is not None and name.startswith(self.markers.modelled)

    def _returning_self(self, call: cst.Call, scope: FunctionInfo | None, depth: int) -> cst.BaseExpression | None:
        """What `call` gives back where it gives back the object it was called on: a method the
        data say a framework base returns self from (`[returns_self]`: `Net().eval()`,
        `model.to(device)`), which the receiver's class, where it is of this module, inherits
        from that base and does not define again. None otherwise. A chain of such calls
        (`Net().to(device).eval()`) gives its first receiver, whose class is read once (read
        again at each call of the chain, the work doubled with each call)."""
        chain: list[cst.Call] = []  # the chain's calls, the last call first
        receiver: cst.BaseExpression = call
        while isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute) and self._self_returning_bases(receiver.func.attr.value):
            chain.append(receiver)
            receiver = receiver.func.value
        if not chain:
            return None
        cls = self._made(receiver, scope, self._local_class, depth)
        for inner in reversed(chain):  # the first call first
            name = inner.func.attr.value
            if cls is not None and (self._find_method(cls, name) is not None or not self._self_returning_bases(name) & self._class_types(cls, frozenset())):
                return None if inner is call else inner  # it gives what the class's own method returns
        return receiver

    def _self_returning_bases(self, method: str) -> set[str]:
        """The framework bases whose method `method` returns the instance itself."""
        return {base for base, methods in self.markers.returns_self.items() if method in methods}

    def _one(self, values: list[tuple[cst.BaseExpression, FunctionInfo | None]], made: Callable, depth: int):
        """What `made` says of every one of `values` (each evaluated in the scope beside it),
        where that is one answer, else None."""
        if not values:
            return None
        found = {self._made(v, where, made, depth) for v, where in values}
        return found.pop() if len(found) == 1 else None

    def made_by(self, factory: FunctionInfo) -> ClassInfo | None:
        """The class of this module every instance the module-level function `factory` returns is
        of (`def build_model(): return Net()`), or None."""
        return self._returned(factory, self._local_class, 0)

    def _returned(self, factory: FunctionInfo, made: Callable, depth: int):
        """What `made` says of every value a function of this module returns (one answer, else
        None): a function that returns a value on every `return` and is no generator."""
        if not isinstance(factory.node, cst.FunctionDef):
            return None
        facts = self._body(factory)
        if facts.yields or facts.bare_return:
            return None
        return self._once((made.__name__, f"{factory.name}()", factory, depth), lambda: self._one([(r, factory) for r in facts.returns], made, depth + 1))

    def _bound(
        self, expr: cst.BaseExpression, scope: FunctionInfo | None, keep_params: bool = False, depth: int = 0,
    ) -> list[tuple[cst.BaseExpression, FunctionInfo | None]]:
        """The values a name (in the nearest scope binding it) or an attribute of `self` (in any
        method of the class) is bound to, each with the scope it is evaluated in: the method
        that assigns the attribute, or, for a parameter of the class's `__init__` (`self._env =
        env`), the module, which passes each instance it makes that parameter (`Wrapper(env)`),
        and, with `keep_params`, the parameter too (a union of classes wants its annotation:
        `types`). A loop's target is bound to the elements of what it iterates (`looped`),
        asked at `depth`, the depth of the question asking (`_once`)."""
        if isinstance(expr, cst.Name):
            return [(v, scope) for v in self._values_of(expr.value, scope) if v is not expr] + [
                (element, where) for element, where, _made in self.looped(expr.value, scope, depth)
            ]
        if not (isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name)):
            return []
        cls = scope.own_class(expr.value.value) if scope is not None else None
        if cls is None:
            return []
        values = []
        for other in cls.methods.values():
            owner = other.instance_param
            if owner is None:
                continue
            for t, v in (pair for t, v, how in self._body(other).flows if how == "=" for pair in spread_pairs(t, v)):
                if isinstance(t, cst.Attribute) and t.attr.value == expr.attr.value and isinstance(t.value, cst.Name) and t.value.value == owner:
                    values += self._handed(v, other, cls, keep_params)
        return values

    def looped(
        self, name: str, scope: FunctionInfo | None, depth: int = 0,
    ) -> list[tuple[cst.BaseExpression, FunctionInfo | None, cst.BaseComp | None]]:
        """What the `for` loops of `scope` bind `name` to, as their target (`for layer in
        self.layers`) or its second item over `enumerate` (`for i, layer in
        enumerate(self.layers)`): the elements of what they iterate (`iterated`), asked at
        `depth`. A loop over what the name holds (`for layer in layers: ... for layers in
        layer`) asks of `layers` one deeper each time round, so the cycle ends past MAX_DEPTH as
        every other chain of names does (`_once`), with answers that do not depend on which
        name was asked first."""
        if scope is None:
            return []
        found = []
        for target, iterable, how in self._body(scope).flows:
            if how != "in":
                continue
            if isinstance(target, cst.Tuple) and isinstance(iterable, cst.Call) and self.resolve(iterable.func) == "enumerate":
                items = [e.value for e in target.elements]
                if len(items) != 2 or not iterable.args:
                    continue
                target, iterable = items[1], iterable.args[0].value
            if isinstance(target, cst.Name) and target.value == name:
                found += self.iterated(iterable, scope, depth)
        return found

    def iterated(
        self, iterable: cst.BaseExpression, scope: FunctionInfo | None, depth: int = 0,
    ) -> list[tuple[cst.BaseExpression, FunctionInfo | None, cst.BaseComp | None]]:
        """The elements a loop over `iterable` takes in turn, where they are spelled out, each with
        the scope it is evaluated in and the comprehension that makes one per pass (None for an
        element spelled once): the items of a list or tuple display, a comprehension's element,
        the modules a container of modules holds (`[containers] iterated`:
        `nn.ModuleList([Layer(i) for i in range(n)])`, `nn.Sequential(*blocks)`), followed
        through names and `self` attributes bound to them (`self.layers`). [] where any of them
        is not spelled out."""
        if isinstance(iterable, (cst.List, cst.Tuple)):
            if any(isinstance(e, cst.StarredElement) for e in iterable.elements):
                return []
            return [(e.value, scope, None) for e in iterable.elements]
        if isinstance(iterable, (cst.ListComp, cst.GeneratorExp)):
            return [(iterable.elt, scope, iterable)]
        if isinstance(iterable, cst.Call) and self.resolve(iterable.func) in self.markers.iterated:
            args = [a for a in iterable.args if a.keyword is None]
            if len(args) == 1 and (args[0].star == "*" or self.resolve(iterable.func) not in self.markers.containers):
                return self.iterated(args[0].value, scope, depth)  # `ModuleList(layers)`, `Sequential(*layers)`
            return [(a.value, scope, None) for a in args if not a.star]  # `Sequential(Block(), Block())`
        key = _key(iterable)
        if key is None:
            return []
        return self._once(("iterated", key, scope, depth), lambda: [
            found for value, where in self._bound(iterable, scope, depth=depth + 1) for found in self.iterated(value, where, depth + 1)
        ], [])

    def _handed(
        self, value: cst.BaseExpression, method: FunctionInfo, cls: ClassInfo, keep_param: bool,
    ) -> list[tuple[cst.BaseExpression, FunctionInfo | None]]:
        """`value`, assigned in `method` of `cls`, with the scope it is evaluated in; a parameter
        of `__init__` the method never rebinds stands for what module-level code passes it at
        each `cls(...)` it makes (the module's own instances: bound to a name, or anywhere in
        its statements, `fit(Trainer(Logger()))`, benchmarks/blind3 tf_function_numpy_log_1),
        or a function only module-level code calls (a script's `main()`) at each `cls(...)` it
        makes (`_script_made`), where there is any such call, and for itself too with
        `keep_param`."""
        if method.name != "__init__" or not isinstance(value, cst.Name) or not isinstance(method.node, cst.FunctionDef):
            return [(value, method)]
        name = value.value
        rebound = any(isinstance(t, cst.Name) and t.value == name for t, _, _ in self._body(method).flows)
        if rebound or name not in {p.name for p in method.call_params}:
            return [(value, method)]
        made = list({
            id(v): (v, None) for v in [
                *(v for values in self.index.module_values.values() for v in values),
                *(call for caller, call in self._calls_by_name().get(cls.name, ()) if caller is None),
            ]
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and self.index.classes.get(v.func.value) is cls
        }.values()) + self._script_made(cls)
        given = [(passed(call, method, bound=True).get(name), caller) for call, caller in made]
        if not made or any(v is None for v, _ in given):
            return [(value, method)]
        return given + ([(value, method)] if keep_param else [])

    def _script_made(self, cls: ClassInfo) -> list[tuple[cst.Call, FunctionInfo]]:
        """The calls `cls(...)` in a module-level function that only module-level code calls (a
        script's `main()`, whose objects are the module's own), each with that function."""
        calls = self._calls_by_name()
        return [
            (call, caller) for caller, call in calls.get(cls.name, ())
            if caller is not None and caller.parent is None and caller.cls is None and self.index.functions.get(caller.name) is caller
            and calls.get(caller.name) and all(c is None for c, _ in calls[caller.name])
        ]

    # -- markers that are methods of objects -------------------------------------------------
    def method_marker(self, expr: cst.BaseExpression, scope: FunctionInfo | None):
        """The marker `expr` (`ds.map`, `model.compile`) names as a method of an object whose
        class the data know, or None."""
        if not isinstance(expr, cst.Attribute) or not self.markers.instances or expr.attr.value not in self.markers.last_names:
            return None
        for name in sorted(self.types(expr.value, scope, callers=True)):
            marker = self.markers.get(f"{name}.{expr.attr.value}")
            if marker is not None:
                return marker
        return None

    def types(self, expr: cst.BaseExpression, scope: FunctionInfo | None, depth: int = 0, callers: bool = False) -> set[str]:
        """The qualified names of the classes (as the data name them) `expr` may be an instance
        of (`depth`: the names and factories followed to get here); with `callers`, an
        unannotated parameter of a module-level function also holds what the module's calls of
        it pass (read for a marker's receiver alone: finding the calls reads every function of
        the module)."""
        if isinstance(expr, cst.Call):
            callee = self.resolve(expr.func) or ""
            made = self.markers.instances.get(callee)
            if made is not None:
                return {made[0]}
            if callee in self._imported_made:  # `data.load(p)`: a function of another module returning a dataset
                return self._imported_returns(callee)
            local = self.index.classes.get(expr.func.value) if isinstance(expr.func, cst.Name) else None
            if local is not None:
                return self._class_types(local, frozenset())
            if isinstance(expr.func, cst.Attribute):  # `ds.shuffle(10)`: a fluent object's method
                return {name for name in self.types(expr.func.value, scope, depth, callers) if self._fluent(name)}
            factory = self.index.functions.get(expr.func.value) if isinstance(expr.func, cst.Name) else None
            return self._returned_types(factory, depth, callers) if factory is not None else set()
        if isinstance(expr, cst.Name) and scope is not None and expr.value == scope.self_name:
            return self._class_types(scope.enclosing_method.cls, frozenset())  # `self.compile(...)` in a method
        key = _key(expr)
        if key is None:
            return set()
        return self._once(("types", key, scope, callers, depth), lambda: (
            self._parameter_types(expr.value, scope, depth, callers) if isinstance(expr, cst.Name) else set()
        ) | {name for v, where in self._bound(expr, scope, keep_params=True, depth=depth + 1) for name in self.types(v, where, depth + 1, callers)}, set())

    def _imported_returns(self, callee: str) -> set[str]:
        """The classes the data name of what the imported function `callee` returns: the
        makers' (`[[instances]]`), a maker's with methods chained on it only where the class is
        fluent (`from_tensor_slices(v).shuffle(10)` is a dataset)."""
        found: set[str] = set()
        for maker, chained in self._imported_made[callee]:
            made = self.markers.instances.get(maker)
            if made is not None and (made[1] or not chained):
                found.add(made[0])
        return found

    def _parameter_types(self, name: str, scope: FunctionInfo | None, depth: int, callers: bool) -> set[str]:
        """The classes a parameter `name` of the nearest function around `scope` binding the
        name holds instances of: the class it is annotated with (`ds: tf.data.Dataset`), as
        the imports spell it, and, for an unannotated parameter of a module-level function,
        those of what each call of the function in the module passes it (`get_data(data=ds)`).
        A closure's own variable of that name hides the parameter."""
        fn = scope
        while fn is not None:
            for param in named_params(fn.node.params):
                if param.name.value == name:
                    spelled = param.annotation.annotation if param.annotation is not None else None
                    if spelled is None and callers and fn.parent is None and fn.cls is None:
                        return self._passed_types(fn, name, depth)
                    qualified = self.resolve(spelled) if isinstance(spelled, (cst.Name, cst.Attribute)) else None
                    return {qualified} if qualified else set()
            if name in self._body(fn).local_names:
                return set()
            fn = fn.parent
        return set()

    def _passed_types(self, fn: FunctionInfo, name: str, depth: int) -> set[str]:
        """The classes of what the module's calls of the module-level function `fn` by its
        name, or by a module-level name bound to a marker applied to it (`opt_fn =
        torch.compile(fn)`, which takes the same arguments), pass its parameter `name`, each
        read in the function that makes the call; and what other modules' calls of it pass,
        as they read it (`CallSite` seeds)."""
        found: set[str] = set()
        wrappers = [
            bound for bound, values in self.index.module_values.items()
            if any(
                isinstance(v, cst.Call) and v.args and isinstance(v.args[0].value, cst.Name) and v.args[0].value.value == fn.name
                and self.markers.get(self.resolve(v.func)) is not None for v in values
            )
        ]
        for caller, call in (c for called in (fn.name, *wrappers) for c in self._calls_by_name().get(called, ())):
            value = passed(call, fn).get(name)
            if value is not None:
                found |= self.types(value, caller, depth + 1, callers=True)
        return found | self._sites_passed(fn, name, (fn.name, *wrappers))

    def _sites_passed(self, fn: FunctionInfo, name: str, called: tuple[str, ...]) -> set[str]:
        """The classes of what other modules' calls of the module-level function `fn`, by one
        of the names `called` (its own, or one bound to a marker applied to it), pass its
        parameter `name` (`CallSite` seeds), by its position or keyword there."""
        sites = [site for c in called for site in self._sites.get(c, ())] if self.index.functions.get(fn.name) is fn else None
        if not sites:
            return set()
        params = fn.node.params
        ordered = [p.name.value for p in [*params.posonly_params, *params.params]]
        keywords = {p.name.value for p in [*params.params, *params.kwonly_params]}
        return {
            cls for site in sites for where, classes in site.classes
            if (ordered[int(where)] if where.isdigit() and int(where) < len(ordered) else where if where in keywords else None) == name
            for cls in classes
        }

    def _calls_by_name(self) -> dict[str, list[tuple[FunctionInfo | None, cst.Call]]]:
        """The calls of a bare name the module makes (`get_data(...)`), by the name, each with
        the function making it (None: the module's own statements, `ds = subsample(make())` at
        module level), in the module index's order; read once, when first asked. They are the
        index's calls outside class bodies (a class body's calls are made by no function): the
        calls each function's body facts hold, without working those facts out for every
        function of the module (what asks this takes a union or asks that all agree, so the
        order is not read)."""
        if self._calls is None:
            self._calls = {}
            for site in self.index.calls:
                func = site.expr.func  # type: ignore[attr-defined]
                if site.cls is None and type(func) is cst.Name:
                    self._calls.setdefault(func.value, []).append((site.scope, site.expr))  # type: ignore[arg-type]
                elif site.cls is None and type(func) is cst.Attribute:
                    self._method_calls.setdefault(func.attr.value, []).append((site.scope, site.expr))  # type: ignore[arg-type]
        return self._calls

    def _returned_types(self, factory: FunctionInfo, depth: int, callers: bool) -> set[str]:
        """What the data name the classes of the values a module-level function returns
        (`def make_ds(): return tf.data.TFRecordDataset(f)`)."""
        if not isinstance(factory.node, cst.FunctionDef):
            return set()
        facts = self._body(factory)
        if facts.yields:
            return set()
        return self._once(("types", f"{factory.name}()", factory, callers, depth), lambda: {
            name for v in facts.returns for name in self.types(v, factory, depth + 1, callers)
        }, set())

    def _class_types(self, cls: ClassInfo, seen: frozenset[int]) -> set[str]:
        """What the data name the bases of a class of this module (at any depth within it)."""
        if id(cls) in seen:
            return set()
        found: set[str] = set()
        for base in cls.bases:
            local = self.index.classes.get(base.value) if isinstance(base, cst.Name) else None
            if local is not None:
                found |= self._class_types(local, seen | {id(cls)})
                continue
            name = self.resolve(base) or ""
            made = self.markers.instances.get(name)
            found.add(made[0] if made is not None else name)
        return found

    def _fluent(self, name: str) -> bool:
        return any(cls == name and fluent for cls, fluent in self.markers.instances.values())


def _key(expr: cst.BaseExpression) -> str | None:
    """`ds` or `self.ds`: what a followed name is remembered by."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        return f"{expr.value.value}.{expr.attr.value}"
    return None


def spread_pairs(target: cst.BaseExpression, value: cst.BaseExpression) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """The single (target, value) pairs an assignment makes where both sides are spelled out
    alike (`self.head, self.final = head, final`), else the assignment whole."""
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)) and len(target.elements) == len(value.elements) and not any(
        isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements)
    ):
        return [pair for t, v in zip(target.elements, value.elements) for pair in spread_pairs(t.value, v.value)]
    return [(target, value)]
