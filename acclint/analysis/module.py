"""The shared analysis of one module: computed once, asked by every rule.

Rules never walk the module or resolve names themselves; they ask a `ModuleAnalysis` which
functions are in which context, whether an expression is traced, and what a name resolves to.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from functools import cache
from typing import Callable

import libcst as cst

from acclint.analysis.contexts import ContextAnalysis
from acclint.analysis.declared import Declared
from acclint.analysis.names import ImportTable
from acclint.analysis.facts import ValueFacts, value_facts
from acclint.frameworks.markers import CACHED, Marker, MarkerTable
from acclint.analysis.call_sites import call_sites_out
from acclint.analysis.passed import passed_out
from acclint.analysis.reach import CallSite, Imported, Options, Passed, Seed, Stale
from acclint.analysis.stale_out import stale_out
from acclint.analysis.scopes import ClassInfo, FunctionInfo, index_module
from acclint.analysis.taint import BodyFacts, ValueQuery
from acclint.analysis.bindings import ModuleBindings, Written, written
from acclint.analysis.wrappers import HandOff, hand_offs, table_for


@cache
def _tails(markers: MarkerTable) -> frozenset[str]:
    return frozenset(name.rsplit(".", 1)[-1] for name in (*markers.markers, *markers.class_bases, *markers.eager_blocks))


def ast_of(module: cst.Module, source: bytes | None = None) -> ast.Module | None:
    """`module`'s `ast` tree, parsed from `source` (the bytes it was parsed from) or, without
    them, from its generated code (a code generation of the whole module costs more than the
    `ast` parse itself); None when it cannot be had."""
    try:
        return ast.parse(source if source is not None else module.code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def read_declared(tree: ast.Module | None, imports: ImportTable, facts: ValueFacts) -> Declared:
    """What a module's top level declares static, read off its `ast` tree."""
    if tree is None:
        return Declared()
    try:
        return Declared.of(tree, imports.resolve_dotted, facts.static_field_calls)
    except RecursionError:
        return Declared()


def module_facts(facts: ValueFacts, seeds: tuple, own: Declared) -> ValueFacts:
    """The value facts of one module: the frameworks' own, what the module declares static
    (`own`) and what it imports declared static from other modules of the project (its
    `Imported` seed)."""
    strings, enums, fields = set(own.strings), set(own.enums), set(own.all_static_fields())
    for seed in seeds:
        if isinstance(seed, Imported):
            strings |= seed.strings
            enums |= seed.enums
            fields |= seed.static_fields
    if not (strings or enums or fields):
        return facts
    # A name arrays have too says nothing of which object it is read from.
    fields -= facts.array_attributes | facts.array_methods
    return replace(
        facts, static_attributes=facts.static_attributes | fields,
        static_strings=frozenset(strings), value_enums=frozenset(enums),
    )


def _hand_offs(tree: ast.Module | None) -> tuple[HandOff, ...]:
    if tree is None:
        return ()
    try:
        return hand_offs(tree)
    except RecursionError:
        return ()  # nested too deeply to read: its functions are simply no wrappers


class ModuleAnalysis:
    def __init__(
        self,
        module: cst.Module,
        markers: MarkerTable,
        pedantic: bool = False,
        module_name: str = "",
        seeds: tuple[Seed, ...] = (),
        in_project: Callable[[str], bool] | None = None,
        previous: ModuleAnalysis | None = None,
        declared: Declared | None = None,
        source: bytes | None = None,
        handoffs: tuple[HandOff, ...] | None = None,
    ) -> None:
        """`previous`: an analysis of an earlier version of this module (the language
        server's, before an edit). The facts of a function body (acclint.analysis.taint.collect_body)
        depend on its node and the module's imports alone, and a reparse keeps the nodes of
        the statements an edit left alone, so those facts are taken from it where the
        imports resolve alike, and so are the walks of those statements that the module
        index makes (acclint.analysis.scopes.index_module's `walked`). `declared`: what the
        module's top level declares static, and `handoffs`, what its functions hand their
        parameters to (acclint.analysis.wrappers), where the project index read them already;
        `source`: the bytes `module` was parsed from, to read them off where not."""
        self.module = module
        self.module_name = module_name
        self.markers = markers
        self.pedantic = pedantic  # rules report values that may be traced, not only sure ones
        tree = ast_of(module, source) if declared is None or handoffs is None else None
        if handoffs is None:
            handoffs = _hand_offs(tree)
        # The wrappers it defines and those of other modules it uses (acclint.analysis.wrappers).
        self.wrappers = table_for(handoffs, markers, seeds)
        tails = _tails(markers) | self.wrappers.tails if self.wrappers else _tails(markers)
        self.index = index_module(module, tails, previous.index.walks if previous is not None else None)
        facts = value_facts()
        # what its top level declares static (acclint.analysis.declared); the language server's
        # shape of the file reads it too
        self.declared = declared if declared is not None else read_declared(tree, self.index.imports, facts)
        self.facts: ValueFacts = module_facts(facts, seeds, self.declared)
        known = None
        if previous is not None and previous.index.imports.same_bindings(self.index.imports):
            known = {fn.node: facts for fn, facts in previous._contexts.body_facts.items()}
        self._contexts = ContextAnalysis(self.index, markers, self.facts, module_name, seeds, in_project, known, self.wrappers)
        self._contexts.run()
        # What its functions return to each traced call from another module, where that holds tracers.
        self.returned = self._contexts.returned
        self.bound_methods = self._contexts.bound_methods  # traced as `self.method` (ACC604)
        self.scratch_methods = self._contexts.scratch_methods  # run on an object the trace made (ACC406, ACC409)
        self.rewraps = self._contexts.rewraps  # `f = jax.jit(f)` after `def f`: the def, the application
        # The decorated functions the module imports from the project, by qualified name, with the
        # marker and options their decorator applies (acclint.analysis.reach `Imported.compiled`).
        self.imported_compiled = {
            qualified: found for seed in seeds if isinstance(seed, Imported) for qualified, spelt in seed.compiled
            if (found := self._contexts.qualified_decorator(spelt)) is not None
        }
        # What the defs of those (and of the custom ops it imports) say of their keys, by
        # qualified name (`Imported.bodies`): (their decorator, acclint.analysis.def_facts).
        self.imported_bodies = {qualified: (spelt, facts) for seed in seeds if isinstance(seed, Imported) for qualified, spelt, facts in seed.bodies}
        self.inside_traces = self._contexts.inside_traces  # run by a traced function's code
        self.modules = self._contexts.modules  # framework module classes (acclint.analysis.modules)
        # Traced reaches of imported functions, and the compiled callables and markers calls pass
        # them (acclint.analysis.passed), for the project layer (acclint.analysis.project).
        # The objects its calls pass to imported functions, by class (acclint.analysis.call_sites).
        self.outgoing: list[tuple[str, Seed | Passed | CallSite | Stale]] = [*self._contexts.outgoing, *(
            [*passed_out(self, in_project), *call_sites_out(self, module_name, in_project)] if in_project is not None else ()
        )]
        # The compiled callables other modules pass to its functions (acclint.analysis.loops reads them).
        self.passed = tuple(seed for seed in seeds if type(seed) is Passed)
        # Functions left unanalysed, with why: the rules skip them, and the file's result says so.
        self.unfinished = self._contexts.unfinished
        self.functions: list[FunctionInfo] = [f for f in self.index.all_functions if f.contexts]
        self._queries: dict[tuple[FunctionInfo, frozenset[str]], ValueQuery] = {}
        self._bindings: ModuleBindings | None = None
        self._bindings_view: Callable[[ModuleBindings], ModuleBindings] | None = None
        self._written: Written | None = None
        # What other modules change between builds and hits of its compiled functions (`Stale`).
        self.stale = tuple(seed for seed in seeds if type(seed) is Stale)
        # the names those change (a module's attribute, `SCALE` of `cfg.SCALE`; an object's attribute)
        self._written_elsewhere = frozenset(
            name for stale in self.stale for name in (*(g.rpartition(".")[2] for g in stale.globals), *(a for _, a in stale.attributes))
        )
        # What it changes between builds and hits of the compiled functions it imports
        # (acclint.analysis.stale_out), asked only where it writes some attribute.
        if in_project is not None and self.imported_compiled and self._cheap_written().attributes:
            markers = {qualified: frozenset({found[0].name}) for qualified, found in self.imported_compiled.items()}
            self.outgoing += stale_out(self.bindings, markers, module_name, in_project)

    @property
    def bindings(self) -> ModuleBindings:
        """Where the module's outside state changes (acclint.analysis.bindings), built on first use."""
        if self._bindings is None:
            found = ModuleBindings(self.module, self.index, self.markers, self._contexts, stale=self.stale, module_name=self.module_name)
            self._bindings = found if self._bindings_view is None else self._bindings_view(found)
        return self._bindings

    def may_write_attribute(self, name: str) -> bool:
        """Whether the module's code may write attribute `name` (`a.name = v`, `setattr(a,
        "name", v)`, ...): where not, `bindings.attribute_written(name, ...)` is None."""
        written = self._cheap_written()
        return written is None or name in written.attributes or name in self._written_elsewhere

    def may_rebind_function(self, name: str) -> bool:
        """Whether the module-level function `name` may be bound again (a second `def`, an
        assignment, a function's `global` write): where not, `bindings.module_function(name)`
        is False."""
        written = self._cheap_written()
        return written is None or name in written.names or (None, name) in self.index.redefined

    def may_change_value(self, name: str) -> bool:
        """Whether the module-level variable `name` may change after its first binding
        (rebound, its object changed in place, or handed to a function that may change it):
        where not, and no `def` binds it,
        `bindings.change_of(name, ...)` is None."""
        written = self._cheap_written()
        return written is None or written.handed or name in written.changed or name in self._written_elsewhere

    def may_declare_global(self, name: str) -> bool:
        """Whether a function of the module may declare `name` `global` (and bind the module's
        variable there: `def main(): global args; args = (2.0, 3.0)`, where no module-level code
        binds it)."""
        written = self._cheap_written()
        return written is None or name in written.declared

    def _cheap_written(self) -> Written | None:
        """What the module's code may write (acclint.analysis.bindings' `Written`), read off its
        statements, where the bindings are not built yet: it spares building them for the
        reads no code writes (`jnp.zeros`, a helper defined once), the larger part of the ACC6
        analysis's cost. None where they are built (they answer cheaply then), or where a view
        records what the rules ask of them (acclint.lint.reuse: a question must go to them)."""
        if self._bindings is not None or self._bindings_view is not None:
            return None
        if self._written is None:
            self._written = written(self.module, self.index)
        return self._written

    def view_bindings(self, view: Callable[[ModuleBindings], ModuleBindings]) -> None:
        """Give `view(bindings)` for `bindings` from now on (acclint.lint.reuse records what the
        rules ask of them); one view only."""
        if self._bindings_view == view:
            return
        assert self._bindings_view is None
        self._bindings_view = view
        if self._bindings is not None:
            self._bindings = view(self._bindings)

    def resolve(self, node: cst.BaseExpression) -> str | None:
        """The qualified name an expression spells (`jnp.where` -> `jax.numpy.where`)."""
        return self.index.imports.resolve(node)

    def callee_in(self, names: frozenset[str]) -> cst.BaseExpression | None:
        """The first callee of the module, in call order, whose qualified name is one of `names`
        (a framework's seed setters), or None: a cheap test on the index before a rule's walk."""
        return next((func for func in self.index.call_order if self.resolve(func) in names), None)

    def applied_marker(self, call: cst.Call, scope: FunctionInfo | None = None) -> tuple[Marker, Options] | None:
        """The marker (and its static options) a call such as `jax.jit(f, static_argnums=1)`
        applies, or None (acclint.analysis.contexts); `scope`, the function the call is in, is
        where a receiver marker's object is looked up (`model.compile()`)."""
        return self._contexts.applied(call, scope)

    def decorator_marker(self, expr: cst.BaseExpression) -> tuple[Marker, Options] | None:
        """The marker (and its static options) a decorator applies, or None."""
        return self._contexts.decorator_marker(expr)

    def instance_class(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> ClassInfo | None:
        """The class of this module every value `expr` (evaluated in `scope`) may hold is an
        instance of, or None (acclint.analysis.objects)."""
        return self._contexts.objects.instance_class(expr, scope)

    def passed_class(self, name: str, fn: FunctionInfo) -> ClassInfo | None:
        """The class of this module every call of the module-level function `fn` passes its
        parameter `name` an instance of, or None (acclint.analysis.objects)."""
        return self._contexts.objects.passed_class(name, fn)

    def looped(self, name: str, scope: FunctionInfo | None) -> list[tuple[cst.BaseExpression, FunctionInfo | None, cst.BaseComp | None]]:
        """The elements the `for` loops of `scope` bind `name` to, where they are spelled out,
        each with the scope it is evaluated in and the comprehension making one per pass
        (acclint.analysis.objects)."""
        return self._contexts.objects.looped(name, scope)

    def iterated(self, iterable: cst.BaseExpression, scope: FunctionInfo | None) -> list[tuple[cst.BaseExpression, FunctionInfo | None, cst.BaseComp | None]]:
        """The elements a loop over `iterable` takes, as `looped` gives them."""
        return self._contexts.objects.iterated(iterable, scope)

    def types(self, expr: cst.BaseExpression, scope: FunctionInfo | None, callers: bool = False) -> set[str]:
        """The classes, as the data name them, `expr` (evaluated in `scope`) may be an instance
        of (acclint.analysis.objects: `keras.Model` of `keras.Sequential(...)`); with `callers`,
        an unannotated parameter of a module-level function holds what the module's calls pass."""
        return self._contexts.objects.types(expr, scope, callers=callers)

    def query(self, fn: FunctionInfo, contexts: frozenset[str] | None = None) -> ValueQuery:
        """The values of `fn` in its traces of the kinds `contexts` (None: all of them),
        joined: a value is traced where it is in one of those traces (scopes.Trace)."""
        contexts = frozenset(fn.contexts) if contexts is None else contexts & fn.contexts
        found = self._queries.get((fn, contexts))
        if found is None:
            found = self._queries[(fn, contexts)] = ValueQuery(
                fn.names_in(contexts), self._contexts.imports_of(fn), self.facts, self.body(fn), self._contexts.callee_returns(fn, contexts),
                cached=CACHED in contexts,
            )
        return found

    def body(self, fn: FunctionInfo) -> BodyFacts:
        """The facts of `fn`'s body (collected on first use for a function in no context)."""
        return self._contexts._body(fn)
