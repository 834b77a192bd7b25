"""The base class every rule derives from, and the context a rule sees while it runs.

A rule is a class in a module of `acclint.rules`. It declares its `code`, the `contexts` it
applies in (docs/contexts.md), its documentation (the class docstring, in the sections
What it does / Why is this bad / Example / Use instead / Fix safety) and its examples
(`VALID` and `INVALID` modules; an `INVALID` module marks each line it must flag with
`# expect: CODE`, the fixture label format). It implements `visit_<NodeType>(node, ctx)`
methods; the engine calls them for nodes inside the bodies of functions in those contexts,
all rules in one traversal.
"""

from __future__ import annotations

import inspect
from typing import Callable, ClassVar, Iterable, NamedTuple

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.frameworks.markers import Framework
from acclint.common.findings import Fix
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.narrowing import BlockExits, facts_of, guarded_query
from acclint.analysis.reaching import Spans, query_where_read
from acclint.analysis.taint import Kind, ValueQuery, target_names
from acclint.analysis.walk import walk_expression


class ModuleFinding(NamedTuple):
    """A finding of `Rule.check_module`: the node, the message, the module-level statement that
    holds the node and, where the rule offers one, its fix. A rule may yield the first three
    alone."""

    node: cst.CSTNode
    message: str
    statement: cst.BaseStatement
    fix: Fix | None = None


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]  # short kebab-case name, e.g. "if-on-traced-value"
    contexts: ClassVar[frozenset[str]]
    VALID: ClassVar[list[str]] = []
    INVALID: ClassVar[list[str]] = []

    @classmethod
    def summary(cls) -> str:
        """The first line of the rule's docs."""
        return (inspect.getdoc(cls) or "").strip().splitlines()[0]

    @classmethod
    def docs(cls) -> str:
        return inspect.getdoc(cls) or ""

    @classmethod
    def reads_objects_of(cls, qualified: str) -> bool:
        """Whether the rule reads the class `qualified` of an object a function's parameter is
        handed (`ModuleAnalysis.types(..., callers=True)`), by looking the class up in its data.
        Another module's calls hand their objects' classes over as `CallSite` seeds
        (acclint.analysis.call_sites); the project layer carries only the classes some reader
        reads (acclint.run.registry.objects_read), since any other changes no answer and would
        only make the receiving module analysed again."""
        return False

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[tuple[cst.CSTNode, str, cst.BaseStatement] | ModuleFinding]:
        """For a rule of the `host-loop` context (markers.HOST_LOOPS), which reads the code
        that calls compiled functions rather than traced bodies: its findings in the module,
        each a node, a message and the module-level statement that holds the node, and a fix
        where it offers one (`ModuleFinding`)."""
        return ()

    @classmethod
    def visitors(cls) -> dict[str, str]:
        """Node type name -> method name, for every `visit_<NodeType>` the rule defines."""
        return {
            name[len("visit_"):]: name
            for name in dir(cls)
            if name.startswith("visit_") and callable(getattr(cls, name))
        }


Reporter = Callable[[Rule, cst.CSTNode, str, "Fix | None"], None]


class RuleContext:
    """What a rule may ask while visiting the body of one function in a context.

    The questions answer from the value analysis (acclint.analysis.taint): by default a value counts as
    traced only when it is a tracer for sure, and with `strictness = "pedantic"` also when it
    may be one. Guards around the visited node narrow the answer (acclint.analysis.narrowing).
    """

    def __init__(
        self, analysis: ModuleAnalysis, function: FunctionInfo, reporter: Reporter, contexts: frozenset[str] | None = None,
        framework: Framework | None = None,
    ) -> None:
        """`contexts`: the kinds of context whose traces of `function` the answers come from
        (the ones the visiting rules apply in; ModuleAnalysis.query); None: all of them.
        `framework`: the one whose rules are being run (a function traced by several is
        walked once per framework); None: the one of highest precedence."""
        self.analysis = analysis
        self.function = function
        self.framework = framework or analysis.markers.framework(function.markers)
        self._contexts = frozenset(function.contexts) if contexts is None else contexts & function.contexts
        self._query: ValueQuery = analysis.query(function, contexts)
        self._spans: Spans | None = None  # the body's nodes in source order, once asked for
        self._narrowed: dict[tuple[int, ...], ValueQuery] = {}
        self._exits = BlockExits()
        self._memo: tuple[cst.CSTNode | None, ValueQuery] | None = None
        self._rebound: set[str] | None = None  # the names the body binds, once asked for
        self.ancestors: list[cst.CSTNode] = []  # from the function body down to the parent
        self.node: cst.CSTNode | None = None  # the node being visited, set by the engine
        self._reporter = reporter
        self.rule: Rule | None = None  # set by the engine before each visit
        pedantic = analysis.pedantic
        # The least kind a truth test must see to report, and a conversion (`float(x)`).
        self._truth_bar = Kind.UNKNOWN if pedantic else Kind.TRACED
        self._conversion_bar = Kind.UNKNOWN if pedantic else Kind.TREE

    # -- questions ---------------------------------------------------------------------
    @property
    def contexts(self) -> frozenset[str]:
        """The kinds of context (cached, vmapped, ...) the function is checked in."""
        return self._contexts

    @property
    def query(self) -> ValueQuery:
        """The value query for the visited node, with the guards around it applied (worked out
        once per visited node; nodes under the same guards share one narrowed query)."""
        if self._memo is not None and self._memo[0] is self.node:
            return self._memo[1]
        path = [*self.ancestors, self.node] if self.node is not None else self.ancestors
        # Which branch of which guard the node is in: a guard and the child the path takes.
        key = tuple(
            id(child) for parent, child in zip(path, path[1:])
            if isinstance(parent, _GUARDS) or self._exits.before(parent, child)
        )
        found = self._query
        if key:
            found = self._narrowed.get(key)
            if found is None:
                imports = self.analysis.index.imports
                found = self._narrowed[key] = guarded_query(
                    path, imports, self._exits, self._query, self.framework.tracers_lack, self._kinds_where_none,
                    having=self.framework.tracers_have,
                )
        self._memo = (self.node, found)
        return found

    def _kinds_where_none(self, none: frozenset[str], query: ValueQuery) -> dict[str, Kind]:
        """Where a guard requires one of the parameters `none` to be None: the kinds that the
        traced reaches which may pass it None give the other parameters, where less traced
        than `query` says (FunctionInfo.reach_kinds). A parameter the body rebinds keeps its
        kind: its bindings join in."""
        joined = self.function.reach_kinds(none)
        if joined is None:
            return {}
        if self._rebound is None:
            body = self.analysis.body(self.function)
            self._rebound = {name for flow in body.flows for name in target_names(flow[0], through_subscripts=True)}
        found: dict[str, Kind] = {}
        for param in self.function.params:
            name = param.name
            if name in none or name in self._rebound:
                continue
            kind = joined.get(name, Kind.STATIC)
            if kind < query.name_kind(name):
                found[name] = kind
        return found

    def kind(self, node: cst.BaseExpression) -> Kind:
        return self.query.kind(node)

    def read_kind(self, node: cst.BaseExpression, sized: bool = False) -> Kind:
        """The kind of a value where it is read (iterated, measured by `len`): a name holds
        what the bindings that reach the read gave it, not what a later rebinding or another
        branch's gives (acclint.analysis.reaching). `sized`: the read measures the value's size
        (`len(h)`), so a pytree the function uses as an array where it holds this value is one."""
        body = self.analysis.body(self.function)
        return query_where_read(node, self.function, self._contexts, body, self.query, self.ancestors, self._function_spans, sized).kind(node)

    def is_traced(self, node: cst.BaseExpression) -> bool:
        """Whether `node` is traced enough that converting it to a host value is a hazard.

        A conversion (`float(x)`, `np.asarray(x)`, `x.item()`) needs an array, so a pytree of
        tracers counts: if the code runs, it is a leaf, a tracer.
        """
        return self.kind(node) >= self._conversion_bar

    def is_static(self, node: cst.BaseExpression) -> bool:
        """Whether `node` is a Python value for sure (pedantic: whether it may be one)."""
        kind = self.kind(node)
        return kind is Kind.STATIC if self._truth_bar is Kind.TRACED else kind < Kind.TREE

    def traced_name(self, node: cst.BaseExpression) -> str | None:
        """Source text of the traced value that makes `node` traced (`'loss'`), or None."""
        return self.code_for(self._leaf(node, self.query)) if self.is_traced(node) else None

    def truth_traced_name(self, node: cst.BaseExpression, sure: bool = False) -> str | None:
        """Like `traced_name`, for a value whose truth Python asks for (`if node:`).

        A pytree's truth is its structure (a container's length, `None`), a Python value, so
        only an array tracer counts; `not`, `and` and `or` truth-test each operand, the right
        operand of `and` under what its left one says (`isinstance(x, int) and x > 0`).
        With `sure`, only a tracer for sure counts, whatever the strictness: a fix rewrites
        only conditions that are certainly traced.
        """
        leaf = self._truth_leaf(node, self._reaching_query(node), Kind.TRACED if sure else self._truth_bar)
        return None if leaf is None else self.code_for(leaf)

    def _reaching_query(self, node: cst.BaseExpression) -> ValueQuery:
        """The query with each name `node` reads given the kind the bindings that reach the
        read give it (acclint.analysis.reaching), where that is less traced."""
        ancestors = [*self.ancestors, self.node] if self.node is not None else self.ancestors
        return query_where_read(node, self.function, self._contexts, self.analysis.body(self.function), self.query, ancestors, self._function_spans)

    def _function_spans(self) -> Spans:
        if self._spans is None:
            self._spans = Spans.of_function(self.function.node)
        return self._spans

    def _truth_leaf(self, node: cst.BaseExpression, query: ValueQuery, bar: Kind) -> cst.CSTNode | None:
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return self._truth_leaf(node.expression, query, bar)
        if isinstance(node, cst.Call) and len(node.args) == 1 and not node.args[0].star and self.resolve(node.func) == "bool":
            return self._truth_leaf(node.args[0].value, query, bar)  # `if bool(x):` tests x
        if isinstance(node, cst.BooleanOperation):
            left = self._truth_leaf(node.left, query, bar)
            if left is not None:
                return left
            imports = self.analysis.index.imports
            held = facts_of(node.left, isinstance(node.operator, cst.And), imports, self.framework.tracers_lack, self.framework.tracers_have)
            return self._truth_leaf(node.right, query.narrowed(held), bar)
        if query.kind(node) >= bar:
            return self._leaf(node, query)
        return None

    @staticmethod
    def _leaf(node: cst.BaseExpression, query: ValueQuery) -> cst.CSTNode:
        """The first name in `node` that holds a traced value (the node itself if none)."""
        best: cst.CSTNode | None = None
        for child in walk_expression(node):
            if isinstance(child, cst.Name):
                kind = query.name_kind(child.value)
                if kind >= Kind.TREE:
                    return child
                if kind is Kind.UNKNOWN and best is None:
                    best = child
        return best or node

    def resolve(self, node: cst.BaseExpression) -> str | None:
        return self.analysis.resolve(node)

    def code_for(self, node: cst.CSTNode) -> str:
        return self.analysis.module.code_for_node(node).strip()

    def is_local(self, name: str) -> bool:
        """Whether `name` is a parameter or is bound in this function's own body."""
        return name in self.analysis.body(self.function).local_names

    @property
    def parent(self) -> cst.CSTNode | None:
        return self.ancestors[-1] if self.ancestors else None

    # -- answers -----------------------------------------------------------------------
    def report(self, node: cst.CSTNode, message: str, fix: Fix | None = None) -> None:
        assert self.rule is not None
        self._reporter(self.rule, node, message, fix)


# Nodes a step from which may change what names hold: guards, and comprehensions, whose
# variables are their own.
_GUARDS = (cst.If, cst.IfExp, cst.BooleanOperation, cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp, cst.CompFor)
