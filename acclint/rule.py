"""The base class every rule derives from, and the context a rule sees while it runs.

A rule is a class in a module of `acclint.rules`. It declares its `code`, the `contexts` it
applies in (DESIGN.md §1), its documentation (the class docstring, in the sections
What it does / Why is this bad / Example / Use instead / Fix safety) and its examples
(`VALID` and `INVALID` modules; an `INVALID` module marks each line it must flag with
`# expect: CODE`, the fixture label format). It implements `visit_<NodeType>(node, ctx)`
methods; the engine calls them for nodes inside the bodies of functions in those contexts,
all rules in one traversal.
"""

from __future__ import annotations

import inspect
from typing import Callable, ClassVar

import libcst as cst

from acclint.analysis import ModuleAnalysis
from acclint.findings import Fix
from acclint.scopes import FunctionInfo
from acclint.taint import TracedQuery


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
    def visitors(cls) -> dict[str, str]:
        """Node type name -> method name, for every `visit_<NodeType>` the rule defines."""
        return {
            name[len("visit_"):]: name
            for name in dir(cls)
            if name.startswith("visit_") and callable(getattr(cls, name))
        }


Reporter = Callable[[Rule, cst.CSTNode, str, "Fix | None"], None]


class RuleContext:
    """What a rule may ask while visiting the body of one function in a context."""

    def __init__(self, analysis: ModuleAnalysis, function: FunctionInfo, reporter: Reporter) -> None:
        self.analysis = analysis
        self.function = function
        self.query: TracedQuery = analysis.query(function)
        self.ancestors: list[cst.CSTNode] = []  # from the function body down to the parent
        self._reporter = reporter
        self.rule: Rule | None = None  # set by the engine before each visit

    # -- questions ---------------------------------------------------------------------
    def is_traced(self, node: cst.BaseExpression) -> bool:
        return self.query.is_traced(node)

    def traced_name(self, node: cst.BaseExpression) -> str | None:
        """Source text of the traced value that makes `node` traced (`'loss'`), or None."""
        leaf = self.query.first_traced(node)
        return None if leaf is None else self.code_for(leaf)

    def truth_traced_name(self, node: cst.BaseExpression) -> str | None:
        """Like `traced_name`, for a value whose truth Python asks for (see TracedQuery)."""
        leaf = self.query.truth_traced(node)
        return None if leaf is None else self.code_for(leaf)

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
