"""Lint one file: prefilter, parse once, analyse once, run every rule in one traversal.

The traversal visits only the bodies of functions in a traced context (the analysis found
them), keeps the parent stack itself, and dispatches each node to the `visit_<NodeType>`
methods of the rules that apply in that function's contexts. Positions are computed only for
files that have findings, and `# noqa` is applied here, once, for every rule.
"""

from __future__ import annotations

import bisect
import gc
import sys
from dataclasses import dataclass
from functools import cache
from typing import Mapping

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider
from libcst.metadata.position_provider import NEWLINE_RE

from acclint.analysis.contexts import UNFINISHED
from acclint.analysis.module import ModuleAnalysis
from acclint.common.refused import Refused
from acclint.files.decoding import decode
from acclint.common.findings import FileError, FileResult, Finding, Fix
from acclint.parse.frontend import Screened, parse_module, screen
from acclint.parse.guard import RECURSION_LIMIT, bounded_recursion
from acclint.analysis.worth_parsing import worth_parsing
from acclint.common.lines import split_lines
from acclint.frameworks.markers import HOST_LOOPS, Framework, MarkerTable
from acclint.analysis.narrowing import dead_branches, leaves_every_trace, trace_answer
from acclint.lint.noqa import suppressed
from acclint.lint.unused_noqa import may_hold_unused, may_name_our_codes, unused_noqa
from acclint.lint.placing import Placer, statements_around
from acclint.lint.positions import PositionState
from acclint.lint.reuse import Kept, RuleMemory
from acclint.analysis.reach import Returned, Seed
from acclint.lint.rule import ModuleFinding, Rule, RuleContext
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.taint import Kind
from acclint.analysis.walk import children, outer_parts, SCOPE_TYPES

# libcst's visitors and code generation (the fixer's, too) recurse along expression nesting,
# which `guard` bounds; this floor lets them reach the bound, and stays far below what the C
# stack holds (acclint.parse.guard). `lint_source` itself runs with exactly `RECURSION_LIMIT` room.
sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))


@dataclass(frozen=True)
class LintOptions:
    rules: tuple[type[Rule], ...]
    markers: MarkerTable
    noqa: bool = True  # drop findings on `# noqa` lines (False: the caller applies noqa itself)
    pedantic: bool = False  # report values that may be traced, not only those traced for sure
    # Set per file by the project layer: the file's dotted module name, and the traced reaches
    # of its functions from other modules (a file with seeds is analysed whatever it names).
    module_name: str = ""
    seeds: tuple[Seed | Returned, ...] = ()


def lint_source(
    source: bytes,
    path: str,
    options: LintOptions,
    parsed: cst.Module | None = None,
    analysis: ModuleAnalysis | None = None,
    positions: dict | None = None,
    screened: Screened | None = None,
    memory: RuleMemory | None = None,
) -> FileResult:
    """Lint one file's bytes. Never raises for bad input: problems come back as `error`.

    `positions`: a cache of the code generated for module-level statements, kept by a caller
    that lints new versions of a module sharing most statement nodes with the last (the
    language server after a reparse); see `_statement_code`. `memory`: the rules' results of
    such a caller's last lint, for the statements an edit left alone (acclint.lint.reuse).

    The cyclic garbage collector is paused meanwhile: a parse allocates hundreds of thousands
    of acyclic nodes (freed by reference counting anyway), and each collection they would
    trigger also scans everything the caller still holds, such as the modules of every file
    `api.run` has linted so far (on the benchmark corpus: 52 s of CPU with it, 33 s without).
    Cycles made while linting one file are collected after it.
    """
    paused = gc.isenabled()
    gc.disable()
    try:
        with bounded_recursion():
            return _lint_source(source, path, options, parsed, analysis, positions, screened, memory)
    except Exception as exc:  # past the guard's bounds: refuse this file, never the run
        if not _from_recursion(exc):
            raise
        return FileResult(path, error=FileError(path, "nested too deeply to analyse"))
    finally:
        if paused:
            gc.enable()


def libcst_refusal(exc: cst.ParserSyntaxError) -> str:
    """The message for valid Python (Python's own parser passed it) that libcst refuses.

    libcst's native parser words its position into the message ("error at 5:4") and may put
    it after the construct it cannot read; only a real line and column are repeated."""
    message = exc.message.splitlines()[0] if exc.message else "syntax error"
    where = f" (near line {exc.raw_line}" + (f", column {exc.raw_column + 1})" if exc.raw_column >= 0 else ")") if exc.raw_line > 0 else ""
    return f"libcst, the parser acclint uses, cannot parse this file although Python can: {message}{where}"


def _from_recursion(exc: BaseException | None) -> bool:
    """Whether `exc` is a RecursionError or was raised while handling one (libcst's code
    generation turns one into a KeyError as it unwinds)."""
    while exc is not None:
        if isinstance(exc, RecursionError):
            return True
        exc = exc.__context__
    return False


def _lint_source(
    source: bytes, path: str, options: LintOptions, parsed: cst.Module | None, analysis: ModuleAnalysis | None,
    positions: dict | None, screened: Screened | None, memory: RuleMemory | None = None,
) -> FileResult:
    """`parsed` and `analysis`: the module of `source` and its analysis with these options'
    seeds, when the project layer has made them already; `screened`: the front end's verdict
    on `source`, when the project layer has it (acclint.parse.frontend)."""
    result = FileResult(path)
    outline = screened.outline if screened is not None and screened.of(source) else None
    if parsed is not None:
        module = parsed
        try:
            text = decode(source)
        except Refused as exc:
            result.error = FileError(path, str(exc))
            return result
    else:
        if screened is None or not screened.of(source) or not screened.answers(bool(options.seeds)):
            screened, _ = screen(source, options.markers, guard=bool(options.seeds))
            outline = screened.outline
        if screened.error is not None:
            result.error = FileError(path, str(screened.error))
            return result
        if not options.seeds and not screened.names_marker:
            return result
        text = decode(source)
        if not (worth_parsing(screened.spells_marker, options.seeds, screened.spelled, lambda: source)
                or may_name_our_codes(text, options.rules)):
            return result  # it finds nothing: no context, no module-level `# noqa: ACC...` to judge
        try:
            module = parse_module(source)
        except cst.ParserSyntaxError as exc:
            result.error = FileError(path, libcst_refusal(exc))
            return result
    result.parsed = True
    result.module = module
    result.text = text  # excerpts are cut from it (generating the module's code costs seconds)
    hints: dict[int, tuple[cst.CSTNode, ...]] = {}
    raw, analysis = _run_rules(
        module, options, analysis if parsed is not None else None, memory if parsed is not None else None, source, hints,
    )
    silenced: set[tuple[int, str]] = set()
    if raw:
        result.lines = split_lines(text)
        placer = None
        if outline is not None:
            needed = {entry[1] for entry in raw}
            needed.update(node for entry in raw if entry[3] is not None for node in entry[3].changes)
            placer = Placer(module, text, outline, _line_starts(text), hints, needed)
        result.findings = _locate(raw, module, text, result.lines, path, options.noqa, positions, silenced, placer)
        if any(f.fix is not None for f in result.findings):
            result.placer = placer  # kept for the fixes' spans (acclint.fix.span)
    if analysis.unfinished:
        result.notes = _notes(analysis.unfinished, module, text, positions)
    if options.noqa and may_hold_unused(text, options.rules):
        result.findings += unused_noqa(analysis.functions, module, path, silenced, options.rules,
                                       lambda entries: _positions(entries, module, text, positions))
        result.findings.sort(key=Finding.sort_key)
    return result


def _notes(unfinished: Mapping[FunctionInfo, str], module: cst.Module, text: str, cache: dict | None) -> list[tuple[int, str]]:
    """(line, message) of each function the analysis or the rules left out (`unfinished`)."""
    names = {fn: fn.node.name if isinstance(fn.node, cst.FunctionDef) else fn.node for fn in unfinished}
    where = _positions([(None, names[fn], "", None, fn.statement) for fn in unfinished], module, text, cache)
    return sorted(
        (where[names[fn]].start.line, f"function '{_qualified(fn)}' is not analysed: {why}; acclint reports nothing in it")
        for fn, why in unfinished.items()
    )


def _qualified(fn: FunctionInfo) -> str:
    """`Outer.method.inner`: a function named as its enclosing classes and functions name it."""
    names = []
    while fn is not None:
        names.append(fn.name)
        names += [fn.cls.name] if fn.cls is not None else []
        fn = fn.parent
    return ".".join(reversed(names))


def _run_rules(
    module: cst.Module, options: LintOptions, analysis: ModuleAnalysis | None = None, memory: RuleMemory | None = None,
    source: bytes | None = None, hints: dict[int, tuple[cst.CSTNode, ...]] | None = None,
) -> tuple[list[tuple[Rule, cst.CSTNode, str, Fix | None, cst.BaseStatement | None]], ModuleAnalysis]:
    """The rules' findings, as (rule, node, message, fix, module-level statement), and the
    module's analysis (made here unless given, from `module` and `source`, the bytes it was
    parsed from). `memory`: the results of the last lint of this buffer, reused where exact and
    replaced by this lint's (acclint.lint.reuse). `hints`, if given, is filled with the
    statements around each node reported in the walk, innermost first (acclint.lint.placing)."""
    if analysis is None:
        analysis = ModuleAnalysis(module, options.markers, options.pedantic, options.module_name, options.seeds, source=source)
    if not analysis.functions and not any(HOST_LOOPS in rule.contexts for rule in options.rules):
        return [], analysis  # (a compiled module, `torch.compile(Net())`, makes no context function)
    raw: list[tuple[Rule, cst.CSTNode, str, Fix | None, cst.BaseStatement | None]] = []
    seen: set[tuple[str, int]] = set()

    def emit(rule: Rule, node: cst.CSTNode, message: str, fix: Fix | None, statement: cst.BaseStatement | None) -> None:
        key = (rule.code, id(node))
        if key not in seen:
            seen.add(key)
            raw.append((rule, node, message, fix, statement))

    def reporter(rule: Rule, node: cst.CSTNode, message: str, fix: Fix | None) -> None:
        if fn.origin is not None:  # `fn`: the function being walked
            message = f"{message} (reached from {fn.origin})"
        if record is not None:
            record.reports.append((type(rule), node, message, fix))
        if hints is not None and id(node) not in hints:
            hints[id(node)] = statements_around(ctx.ancestors, ctx.node)  # `ctx`: the walk's
        emit(rule, node, message, fix, fn.statement)

    instances = {rule: rule() for rule in options.rules}
    reusable: dict = {}
    linted: dict = {}  # statement -> its results (acclint.lint.reuse.Kept), with a memory
    record = None
    if memory is not None:
        analysis.view_bindings(memory.view)
        reusable = memory.reusable(module, analysis, options)
    for fn in analysis.functions:
        if fn in analysis.unfinished:
            continue
        if memory is not None:
            record = linted.get(fn.statement)
            if record is None:
                record = linted[fn.statement] = reusable.get(fn.statement) or Kept(memory.facts(fn.statement))
                if fn.statement in reusable:
                    for rule, node, message, fix in record.reports:
                        emit(instances[rule], node, message, fix, fn.statement)
            if fn.statement in reusable:
                continue
            memory.log = record.asked
        before = len(raw)
        try:
            # Each framework tracing the function judges it by its own data, the one of highest
            # precedence first (a finding it makes is not made again by the next).
            for framework in analysis.markers.frameworks_of(fn.markers):
                for contexts, dispatch in _dispatch_tables(options.rules, frozenset(fn.contexts), framework, options.pedantic).items():
                    ctx = RuleContext(analysis, fn, reporter, contexts, framework)
                    bound = {name: [(instances[r], getattr(instances[r], m)) for r, m in methods] for name, methods in dispatch.items()}
                    _traverse(fn, ctx, bound)
        except RecursionError:  # this function alone is left out, never the file
            del raw[before:]
            analysis.unfinished[fn] = UNFINISHED
            if memory is not None:
                linted.pop(fn.statement, None)  # linted again next time, not kept half done
    record = None
    if memory is not None:
        memory.log = None
        memory.keep(module, linted)
    for rule in options.rules:  # rules about the host code that calls compiled functions
        if HOST_LOOPS in rule.contexts:
            found = (ModuleFinding(*entry) for entry in instances[rule].check_module(analysis))
            raw.extend((instances[rule], f.node, f.message, f.fix, f.statement) for f in found)
    return raw, analysis


@cache
def _dispatch_tables(
    rules: tuple[type[Rule], ...], contexts: frozenset[str], framework: Framework, pedantic: bool = False
) -> dict[frozenset[str], dict[str, list[tuple[type[Rule], str]]]]:
    """The visitors of the rules that apply to a function in `contexts`, traced by `framework`,
    by the kinds of context each applies in there: a rule names the kinds of context it applies
    to, the framework's data the families that apply in each kind (frameworks/*.toml,
    `[families]`). A rule reads the function's values in those kinds' traces alone (so ACC2,
    which applies under `jit` but not under plain `grad`, does not see a parameter that only
    `grad` traces), and the rules reading the same traces share one walk of the body."""
    tables: dict[frozenset[str], dict[str, list[tuple[type[Rule], str]]]] = {}
    for rule in rules:
        applies = frozenset(k for k in rule.contexts & contexts if framework.applies(rule.code, {k}, pedantic))
        if applies:
            table = tables.setdefault(applies, {})
            for node_type, method in rule.visitors().items():
                table.setdefault(node_type, []).append((rule, method))
    return tables


def _traverse(fn: FunctionInfo, ctx: RuleContext, dispatch) -> None:
    ancestors = ctx.ancestors
    given = fn.given_under(ctx.framework.name)
    known = fn.known_values(ctx.analysis.body(fn).flows_into)
    imports = ctx.analysis.index.imports
    answer = trace_answer(ctx.framework.trace_answers, imports)
    pedantic = ctx.analysis.pedantic

    def kind_of(subject: cst.BaseExpression) -> Kind:
        return ctx.query.kind(subject)

    def visit(node: cst.CSTNode) -> None:
        ctx.node = node  # the guards around it narrow what the rules are told
        kind = type(node)  # compared by identity: isinstance on libcst's ABCs costs more
        for rule, method in dispatch.get(kind.__name__, ()):
            ctx.rule = rule
            method(node, ctx)
        skipped = _never_traced(node, given, known, kind_of, imports, answer, pedantic) if kind is cst.If or kind is cst.IfExp else ()
        ancestors.append(node)
        if kind is cst.IndentedBlock:
            visit_block(node)
        else:
            for child in outer_parts(node) if kind in SCOPE_TYPES else children(node):
                if not any(child is branch for branch in skipped):
                    visit(child)
        ancestors.pop()

    def visit_block(block: cst.CSTNode) -> None:
        """Its statements in order, up to one that leaves every trace (`if
        torch.compiler.is_compiling(): return y` under torch.compile): none after it is traced."""
        for child in children(block):
            visit(child)
            if leaves_every_trace(child, answer):
                return

    root = fn.node
    ancestors.append(root)
    if isinstance(root, cst.Lambda):
        visit(root.body)
    else:
        visit_block(root.body)
    ancestors.pop()


def _never_traced(node: cst.If | cst.IfExp, given, known, kind_of, imports, answer, pedantic) -> tuple[cst.CSTNode, ...]:
    """The branches of `node` no traced reach of the function runs (acclint.analysis.narrowing)."""
    body, orelse = dead_branches(node, given, known, kind_of, imports, answer, pedantic)
    return tuple(branch for dead, branch in ((body, node.body), (orelse, node.orelse)) if dead and branch is not None)


def _locate(raw, module: cst.Module, text: str, lines: list[str], path: str, noqa: bool, cache: dict | None,
            silenced: set[tuple[int, str]], placer: Placer | None = None) -> list[Finding]:
    """The findings of `raw`, placed (`lines`: those of `text`; `placer`: as `_positions`
    takes it); those a `# noqa` silences are left out and their (line, code) added to
    `silenced` (for ACC001, acclint.lint.unused_noqa)."""
    positions = _positions(raw, module, text, cache, placer)
    findings = []
    for rule, node, message, fix, _statement in raw:
        where = positions[node]
        line_text = lines[where.start.line - 1] if where.start.line <= len(lines) else ""
        if noqa and suppressed(line_text, rule.code):
            silenced.add((where.start.line, rule.code))
            continue
        findings.append(
            Finding(
                path=path,
                line=where.start.line,
                column=where.start.column + 1,
                code=rule.code,
                message=message,
                end_line=where.end.line,
                end_column=where.end.column + 1,
                fix=fix,
                node=node,
            )
        )
    findings.sort(key=Finding.sort_key)
    return findings


def _positions(raw, module: cst.Module, text: str, cache: dict | None, placer: Placer | None = None) -> Mapping[cst.CSTNode, CodeRange]:
    """The source range of every reported node.

    libcst computes positions by generating the code of the whole module, which costs more
    than the parse; a finding needs only a statement around it generated. With a `placer`
    (made from the front end's outline of the module's `ast` statements and the statements
    around each reported node: `_run_rules`'s hints) that is the smallest one the finding can
    be placed by (acclint.lint.placing). Else it is its own module-level statement, which
    starts a line, at the offset where its code occurs in the text: a unique occurrence can
    only be that one. Otherwise (a statement repeated verbatim, a node outside the statements
    walked) the whole module is generated, as libcst does it.
    """
    found: dict[cst.CSTNode, CodeRange] = {}
    by_statement: dict[int, list[cst.CSTNode]] = {}
    for entry in raw:
        by_statement.setdefault(id(entry[4]), [entry[4]]).append(entry[1])
    # The offsets of the lines, shared by the statements (the placer's, else made on first use).
    line_starts: list[int] = placer.line_starts if placer is not None else []
    for statement, *nodes in by_statement.values():
        ranges = placer.ranges(statement, nodes) if placer is not None and statement is not None else None
        if ranges is None and statement is not None:
            ranges = _statement_positions(statement, nodes, module, text, line_starts, cache)
        if ranges is None:
            return MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
        found.update(ranges)
    return found


def _statement_positions(
    statement: cst.BaseStatement, nodes: list[cst.CSTNode], module: cst.Module, text: str, line_starts: list[int], cache: dict | None
) -> dict[cst.CSTNode, CodeRange] | None:
    """The ranges of `nodes`, all in the module-level `statement`; None if it cannot tell.
    `line_starts`: the offset of every line of `text`, filled in here once a file (counting
    the newlines before each statement again was quadratic in files of many statements)."""
    code, computed = _statement_code(statement, module, cache)
    start = text.find(code)
    if start < 0 or text.find(code, start + 1) >= 0 or any(node not in computed for node in nodes):
        return None
    if not line_starts:
        line_starts.extend(_line_starts(text))
    shift = bisect.bisect_right(line_starts, start) - 1  # the lines that end before `start`
    out = {}
    for node in nodes:
        (start_line, start_column), (end_line, end_column) = computed[node]
        out[node] = CodeRange(CodePosition(start_line + shift, start_column), CodePosition(end_line + shift, end_column))
    return out


def _line_starts(text: str) -> list[int]:
    """The offset of every line of `text`, lines as libcst's positions count them."""
    return [0, *(match.end() for match in NEWLINE_RE.finditer(text))]


def _statement_code(statement: cst.BaseStatement, module: cst.Module, cache: dict | None) -> tuple[str, dict]:
    """The code of `statement` and the range of each of its nodes within that code.

    Generating them is most of the cost of placing findings (about 40 ms a lint of a 2,000-line
    file with findings in a few functions), and they depend only on the statement's node and
    the module's default indent and newline: a node is immutable, so the `cache` (keyed by the
    node itself, which it keeps alive, so that its identity is never another node's) gives
    them again for every statement a caller's next module shares with the last.
    """
    key = (statement, module.default_indent, module.default_newline)
    found = cache.get(key) if cache is not None else None
    if found is None:
        state = PositionState(module.default_indent, module.default_newline)
        statement._codegen(state)
        found = ("".join(state.tokens), state.computed)
        if cache is not None:
            cache[key] = found
    return found
