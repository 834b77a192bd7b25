"""The shared analysis of one module: computed once, asked by every rule.

Rules never walk the module or resolve names themselves; they ask a `ModuleAnalysis` which
functions are in which context, whether an expression is traced, and what a name resolves to.
"""

from __future__ import annotations

from functools import cache
from typing import Callable

import libcst as cst

from acclint.analysis.contexts import ContextAnalysis
from acclint.analysis.facts import ValueFacts, value_facts
from acclint.frameworks.markers import Marker, MarkerTable
from acclint.analysis.reach import Options, Seed
from acclint.analysis.scopes import FunctionInfo, index_module
from acclint.analysis.taint import BodyFacts, ValueQuery
from acclint.analysis.bindings import ModuleBindings


@cache
def _tails(markers: MarkerTable) -> frozenset[str]:
    return frozenset(name.rsplit(".", 1)[-1] for name in markers.markers) | frozenset(
        name.rsplit(".", 1)[-1] for name in markers.class_bases
    )


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
    ) -> None:
        """`previous`: an analysis of an earlier version of this module (the language
        server's, before an edit). The facts of a function body (acclint.analysis.taint.collect_body)
        depend on its node and the module's imports alone, and a reparse keeps the nodes of
        the statements an edit left alone, so those facts are taken from it where the
        imports resolve alike, and so are the walks of those statements that the module
        index makes (acclint.analysis.scopes.index_module's `walked`)."""
        self.module = module
        self.markers = markers
        self.pedantic = pedantic  # rules report values that may be traced, not only sure ones
        self.facts: ValueFacts = value_facts()
        self.index = index_module(module, _tails(markers), previous.index.walks if previous is not None else None)
        known = None
        if previous is not None and previous.index.imports.same_bindings(self.index.imports):
            known = {fn.node: facts for fn, facts in previous._contexts.body_facts.items()}
        self._contexts = ContextAnalysis(self.index, markers, self.facts, module_name, seeds, in_project, known)
        self._contexts.run()
        # Traced reaches of imported functions, for the project layer (acclint.analysis.project).
        self.outgoing = self._contexts.outgoing
        # What its functions return to each traced call from another module, where that holds tracers.
        self.returned = self._contexts.returned
        self.bound_methods = self._contexts.bound_methods  # traced as `self.method` (ACC604)
        self.modules = self._contexts.modules  # framework module classes (acclint.analysis.modules)
        self.functions: list[FunctionInfo] = [f for f in self.index.all_functions if f.contexts]
        self._queries: dict[FunctionInfo, ValueQuery] = {}
        self._bindings: ModuleBindings | None = None
        self._bindings_view: Callable[[ModuleBindings], ModuleBindings] | None = None

    @property
    def bindings(self) -> ModuleBindings:
        """Where the module's outside state changes (acclint.analysis.bindings), built on first use."""
        if self._bindings is None:
            found = ModuleBindings(self.module, self.index, self.markers, self._contexts)
            self._bindings = found if self._bindings_view is None else self._bindings_view(found)
        return self._bindings

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

    def applied_marker(self, call: cst.Call) -> tuple[Marker, Options] | None:
        """The marker (and its static options) a call such as `jax.jit(f, static_argnums=1)`
        applies, or None (acclint.analysis.contexts)."""
        return self._contexts.applied(call)

    def decorator_marker(self, expr: cst.BaseExpression) -> tuple[Marker, Options] | None:
        """The marker (and its static options) a decorator applies, or None."""
        return self._contexts.decorator_marker(expr)

    def query(self, fn: FunctionInfo) -> ValueQuery:
        found = self._queries.get(fn)
        if found is None:
            found = self._queries[fn] = ValueQuery(
                fn.kinds, self.index.imports, self.facts, self.body(fn), self._contexts.callee_returns(fn)
            )
        return found

    def body(self, fn: FunctionInfo) -> BodyFacts:
        return self._contexts.body_facts[fn]
