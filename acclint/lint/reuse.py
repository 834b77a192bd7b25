"""Rule results kept between lints of one buffer, reused for the top-level statements an edit
left alone when nothing they depend on changed: the language server's answer to a keystroke in
a big file.

Running every rule over every traced function is most of what an edit costs in a big file
(about 5 s of CPU in benchmarks/big_file_bench.py's 50,000 lines), yet a keystroke changes one
statement, and a reparse keeps the very node of every other one (acclint.server.reparse).

This is exact or the statement is linted again. The rules visit the bodies of a statement's
traced functions and ask the analysis (acclint.lint.rule.RuleContext); what they can learn
comes from
- the statement's own nodes, immutable: the kept results belong to the statement node itself;
- the facts the analysis found for the statement's functions (contexts, markers, origin, the
  kinds of parameters and local names, what each returns, which parameters every reach
  passes, whether it is a bound method, whether a traced function's code runs it), made
  fresh for each lint and compared by value;
- what the module says of a name (what a module-level function returns, what a module-level
  variable holds, a class's bases, which `def` of a name is live): every such question
  starts from a name the statement spells. A statement is linted again when it spells a name
  that a changed statement (a new, removed or re-analysed one) binds at module level, and
  the names it binds itself count as changed then, to a fixpoint. A `def` or `class` binds
  its name, the names its code declares `global` and any `:=` target; any other module-level
  statement is taken to bind every name it spells;
- where module state changes after a trace could be built (acclint.analysis.bindings), which
  depends on the order of the whole module, and every use of a module-level name (a trace
  counter's checks: the statements that spell it, `mentions`): every question a statement's
  rules asked of it, with its answer, is kept and asked again of the new analysis (the line a
  message names is one such answer);
- the options, the imports, the module's indent and newline: any change there, and any
  class the analysis treats as a framework module (acclint.analysis.modules, whose findings
  read the class as a whole), lints the statement again.
Findings are placed afresh every lint (acclint.lint.engine._locate), so a statement that moved
keeps its findings at their new lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import children

# What rules ask of acclint.analysis.bindings.ModuleBindings (acc6_hidden_inputs, trace_counters).
QUESTIONS = frozenset({
    "is_module_name", "module_value", "change_of", "line", "where", "enclosing_binder", "body", "attribute_written", "mentions",
    "held_by_traces",
})
WORD = re.compile(r"[^\W\d]\w*")  # names a string may spell (`"Model"` as an annotation)


@dataclass
class Kept:
    """One statement's last results: the facts of its functions, every report its rules made,
    as (rule class, node, message, fix), and what they asked of the bindings."""

    facts: tuple
    reports: list = field(default_factory=list)
    asked: list = field(default_factory=list)


class RecordedBindings:
    """The module's bindings as the rules see them: while `memory.log` is set, each question
    and its answer is added to it."""

    def __init__(self, real, memory: RuleMemory) -> None:
        self._real = real
        self._memory = memory

    def __getattr__(self, name: str):
        value = getattr(self._real, name)
        if name not in QUESTIONS:
            return value

        def asked(*args, **keywords):
            answer = value(*args, **keywords)
            log = self._memory.log
            if log is not None:
                log.append((name, args, keywords, answer))
            return answer

        return asked


class RuleMemory:
    """What the last lint of one buffer found, statement by statement (see the module's
    docstring). `reusable` says what a new lint may take from it, and `keep` (once that lint
    is done) records the new one: a lint that stops half way leaves the last one in place.
    `setting`: anything else the analysis was made with that the caller knows of (the
    server's `in_project`), set before each lint and compared by identity. `log`: where the questions the rules ask of
    the bindings go now (the engine sets it to the statement being linted)."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._imports = None
        self._kept: dict[cst.BaseStatement, Kept] = {}
        self._names: dict[cst.BaseStatement, tuple[frozenset[str], frozenset[str]]] = {}
        self._pending: tuple | None = None
        self.log: list | None = None
        self.setting: object = None

    def view(self, bindings) -> RecordedBindings:
        """What ModuleAnalysis.bindings gives the rules (its `bindings_view`)."""
        return RecordedBindings(bindings, self)

    def reusable(self, module: cst.Module, analysis: ModuleAnalysis, options) -> dict[cst.BaseStatement, Kept]:
        """The statements of `module` whose kept results a fresh lint would make again."""
        key = ((options, module.default_indent, module.default_newline, analysis.markers, analysis.pedantic), self.setting)
        same = (
            self._key is not None and self._key[0] == key[0] and self._key[1] is self.setting
            and self._imports.same_bindings(analysis.index.imports)
        )
        names = {statement: self._names.get(statement) or _names(statement) for statement in module.body}
        facts = statement_facts(analysis)
        self._pending = (key, analysis.index.imports, names, facts)
        if not same or not self._kept:
            return {}
        changed: set[str] = set()  # names a changed statement binds
        for statement, (_, bound) in self._names.items():
            if statement not in names:  # removed
                changed |= bound
        stale = set()
        for statement in module.body:
            kept = self._kept.get(statement)
            if kept is None or kept.facts != facts.get(statement, ()):
                stale.add(statement)
                changed |= names[statement][1]
        grew = True
        while grew:
            grew = False
            for statement in module.body:
                if statement not in stale and not changed.isdisjoint(names[statement][0]):
                    stale.add(statement)
                    changed |= names[statement][1]
                    grew = True
        out = {}
        for statement in module.body:
            kept = self._kept.get(statement)
            if statement not in stale and kept is not None and _same_answers(kept.asked, analysis):
                out[statement] = kept
        return out

    def keep(self, module: cst.Module, linted: dict[cst.BaseStatement, Kept]) -> None:
        """Record the lint `reusable` was last asked about: `linted`, the results of the
        statements it linted or reused."""
        key, imports, names, facts = self._pending
        self._key, self._imports, self._names, self._pending = key, imports, names, None
        self._kept = {}
        for statement in module.body:
            found = facts.get(statement, ())
            if found is not None:
                self._kept[statement] = linted.get(statement) or Kept(found)

    def facts(self, statement: cst.BaseStatement) -> tuple | None:
        """The facts of `statement` in the lint under way."""
        return self._pending[3].get(statement, ())


def statement_facts(analysis: ModuleAnalysis) -> dict[cst.BaseStatement, tuple]:
    """The analysis facts of the functions of each statement, comparable by value (None for a
    statement never to be kept: it holds a framework module class)."""
    out: dict[cst.BaseStatement, tuple | None] = {}
    bound = analysis.bound_methods
    inside = analysis.inside_traces
    modules = analysis.modules.of
    for fn in analysis.index.all_functions:
        if fn.statement in out and out[fn.statement] is None:
            continue
        if fn.cls is not None and fn.cls in modules:
            out[fn.statement] = None
            continue
        out[fn.statement] = (*out.get(fn.statement, ()), _function_facts(fn, fn in bound, fn in inside))
    return out


def _function_facts(fn: FunctionInfo, bound_method: bool, inside_traces: bool) -> tuple:
    return (
        fn.node, frozenset(fn.contexts), frozenset(fn.markers), fn.origin,
        None if fn.given is None else frozenset(fn.given), frozenset(fn.passed),
        tuple(sorted((framework, frozenset(given)) for framework, given in fn.given_by.items())),
        None if fn.reaches is None else frozenset(fn.reaches),
        tuple(sorted(
            (context, tuple(sorted(trace.params.items())), tuple(sorted(trace.names.items())), trace.returns)
            for context, trace in fn.traces.items()
        )),
        bound_method, inside_traces,
    )


def _names(statement: cst.BaseStatement) -> tuple[frozenset[str], frozenset[str]]:
    """The names `statement` spells (in strings too), and those it may bind at module level."""
    spelled: set[str] = set()
    declared: set[str] = set()
    stack: list[cst.CSTNode] = [statement]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Name:
            spelled.add(node.value)
            continue
        if kind is cst.SimpleString or kind is cst.FormattedStringText:
            spelled.update(WORD.findall(node.value))
        elif kind is cst.Global:
            declared.update(item.name.value for item in node.names)
        elif kind is cst.NamedExpr and type(node.target) is cst.Name:
            declared.add(node.target.value)
        stack.extend(children(node))
    if type(statement) is cst.FunctionDef or type(statement) is cst.ClassDef:
        return frozenset(spelled), frozenset({statement.name.value, *declared})
    return frozenset(spelled), frozenset(spelled)


def _same_answers(asked: list, analysis: ModuleAnalysis) -> bool:
    """Whether the bindings of `analysis` answer every question in `asked` as they did."""
    if not asked:
        return True
    bindings = analysis.bindings
    by_node = analysis.index.by_node
    for name, args, keywords, answer in asked:
        try:
            now = [_now(arg, by_node) for arg in args]
            now_keywords = {key: _now(arg, by_node) for key, arg in keywords.items()}
        except _Gone:
            return False
        if not _same(answer, getattr(bindings, name)(*now, **now_keywords)):
            return False
    return True


class _Gone(Exception):
    """A function a question named is not in the new analysis: the question cannot be asked."""


def _now(arg: object, by_node: dict) -> object:
    """A question's argument as the new analysis holds it: a function (FunctionInfo) is the
    function of the same node, in a set too (ACC604's trace builders; None: module level);
    anything else (names, strings) is itself."""
    if isinstance(arg, FunctionInfo):
        after = by_node.get(arg.node)
        if after is None:
            raise _Gone
        return after
    if isinstance(arg, (set, frozenset)):
        return {_now(item, by_node) if isinstance(item, FunctionInfo) else item for item in arg}
    return arg


def _same(before: object, after: object) -> bool:
    if before is None or after is None:
        return before is after
    if isinstance(before, (bool, int, str)):
        return type(before) is type(after) and before == after
    if isinstance(before, FunctionInfo):
        return isinstance(after, FunctionInfo) and before.node is after.node
    if isinstance(before, tuple):  # statements (`mentions`): a reparse keeps the nodes of those left alone
        return isinstance(after, tuple) and len(before) == len(after) and all(a is b for a, b in zip(before, after))
    node, how = getattr(before, "node", None), getattr(before, "how", None)
    if node is not None and how is not None:  # a bindings.Change
        return type(before) is type(after) and node is after.node and how == after.how
    return before is after
