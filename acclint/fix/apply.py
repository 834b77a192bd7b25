"""Apply the fixes of one file to a fixpoint.

Each round lints the current text, takes the fixes allowed (safe ones, and unsafe ones with
`--unsafe-fixes`), applies every fix whose edited region overlaps no fix taken before it in
source order, and checks that the result still parses (libcst and `ast`), keeps every comment
and can be written in the file's encoding. A fix that overlaps is deferred to the next round,
where it is rebuilt against the new text (it may have gone, or changed). Rounds go on until
nothing more applies: a fixpoint, so a second run changes nothing. Each round must remove a
finding, so a file needing more rounds than it had findings holds a fix that does not converge,
and is refused whole rather than left half fixed. The findings left, and the fixes not applied
with the reason, are part of the outcome.
"""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import dataclass, field
from collections import Counter
from itertools import count
from typing import Callable

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from acclint.common.findings import FileError, FileResult, Finding, Fix
from acclint.fix.imports import add_imports
from acclint.parse.guard import bounded_recursion
from acclint.common.lines import split_lines
from acclint.lint.noqa import NOQA

class FixError(Exception):
    """The fixes of a file could not be applied; the file is left as it was."""


@dataclass
class Skipped:
    finding: Finding
    reason: str


@dataclass
class FixOutcome:
    """What fixing one file did: its text before and after, what was fixed, what was left."""

    path: str
    original: bytes
    fixed: bytes
    result: FileResult  # the lint of `fixed`
    before: FileResult  # the lint of `original`
    applied: list[Finding] = field(default_factory=list)  # findings removed by a fix, all rounds
    unsafe_applied: list[Finding] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)  # left findings whose fix was not applied

    @property
    def changed(self) -> bool:
        return self.fixed != self.original

    def unwritten(self, why: str) -> FixOutcome:
        """This file as it stays when its fixed text could not be written: nothing applied,
        its original findings left, and the error saying why."""
        result = FileResult(self.before.path, list(self.before.findings), FileError(self.path, why),
                            self.before.parsed, self.before.module, text=self.before.text)
        return FixOutcome(self.path, self.original, self.original, result, self.before)


def fix_source(source: bytes, path: str, lint: Callable[[bytes], FileResult], unsafe: bool = False) -> FixOutcome:
    """Fix `source` (the bytes of `path`) to a fixpoint; `lint` lints a version of it.

    Raises FixError, and the file is then not to be touched at all, when a round produces code
    that does not parse, drops a comment or cannot be encoded as the file is (a bug in a fix),
    when libcst cannot give the file back byte for byte, when the fixes do not converge, or
    when the fixed code nests too deeply to transform within the guard's recursion bound
    (libcst's code generation turns a RecursionError into a KeyError while unwinding).
    """
    with bounded_recursion():
        try:
            return _fix_to_fixpoint(source, path, lint, unsafe)
        except (RecursionError, KeyError) as exc:
            if isinstance(exc, KeyError) and not isinstance(exc.__context__, RecursionError):
                raise
            raise FixError("nested too deeply to fix; file left unchanged") from None


def _fix_to_fixpoint(source: bytes, path: str, lint: Callable[[bytes], FileResult], unsafe: bool) -> FixOutcome:
    first = lint(source)
    outcome = FixOutcome(path, source, source, first, first)
    if first.module is None or first.error is not None:
        return outcome
    tail = b""
    limit = len(first.findings) + 1  # each round removes a finding; more rounds mean a fix loops
    for round_number in count(1):
        result = outcome.result
        if result.error is not None or result.module is None:
            break
        chosen = _choose(result, unsafe)
        if not chosen:
            break
        if round_number > limit:
            raise FixError(f"the fixes did not reach a fixpoint in {limit} rounds; file left unchanged")
        if round_number == 1:
            tail = _lost_tail(source, result.module)
        fixed = _encoded(apply_fixes(result.module, [fix for fix, _ in chosen]), chosen) + tail
        _check_comments(result.module.code, _check_parses(fixed, path, chosen), chosen)
        for fix, findings in chosen:
            outcome.applied.extend(findings)
            if not fix.safe:
                outcome.unsafe_applied.extend(findings)
        outcome.fixed = fixed
        outcome.result = lint(fixed)
    outcome.skipped = _skipped(outcome.result, unsafe)
    return outcome


def _lost_tail(source: bytes, module: cst.Module) -> bytes:
    """What libcst leaves off the end of `source` when it writes the module back (the final
    newline of a file whose lines end in a lone CR), to be put back after every fix; raises
    FixError when it changes more than that."""
    written = module.bytes
    if not source.startswith(written):
        raise FixError("libcst does not write this file back byte for byte; file left unchanged")
    return source[len(written):]


def _codes(chosen) -> str:
    return ", ".join(sorted({f"{f.code} at line {f.line}" for _, found in chosen for f in found}))


def _encoded(module: cst.Module, chosen) -> bytes:
    try:
        return module.bytes
    except UnicodeEncodeError as exc:
        raise FixError(f"fixing {_codes(chosen)} produced text the file's encoding ({module.encoding}) "
                       f"cannot hold ({exc.reason}); file left unchanged") from None


def _groups(findings: list[Finding], unsafe: bool) -> list[tuple[Fix, list[Finding]]]:
    """Allowed fixes in source order, findings that share an edit (an `elif` and its `if`)
    grouped under one fix."""
    groups: dict[frozenset[int], tuple[Fix, list[Finding]]] = {}
    for finding in findings:
        fix = finding.fix
        if fix is None or not (fix.safe or unsafe):
            continue
        key = frozenset(id(node) for node in fix.changes)
        groups.setdefault(key, (fix, []))[1].append(finding)
    return list(groups.values())


def _choose(result: FileResult, unsafe: bool) -> list[tuple[Fix, list[Finding]]]:
    positions = MetadataWrapper(result.module, unsafe_skip_copy=True).resolve(PositionProvider)
    lines = split_lines(result.module.code)
    taken: list[CodeRange] = []
    chosen = []
    for fix, findings in _groups(result.findings, unsafe):
        spans = [positions[node] for node in fix.changes]
        if any(_overlaps(a, b) for a in spans for b in taken) or (_touches_noqa(spans, lines) and not _edits_comments(fix)):
            continue
        taken.extend(spans)
        chosen.append((fix, findings))
    return chosen


def _overlaps(a: CodeRange, b: CodeRange) -> bool:
    start_a, end_a = (a.start.line, a.start.column), (a.end.line, a.end.column)
    start_b, end_b = (b.start.line, b.start.column), (b.end.line, b.end.column)
    return start_a < end_b and start_b < end_a


def _touches_noqa(spans: list[CodeRange], lines: list[str]) -> bool:
    """Whether an edit covers a line with `# noqa`: such lines are never rewritten."""
    return any(
        NOQA.search(lines[n - 1]) for span in spans for n in range(span.start.line, span.end.line + 1) if n <= len(lines)
    )


class _Replace(cst.CSTTransformer):
    def __init__(self, changes: dict) -> None:
        super().__init__()
        self.changes = changes

    def on_leave(self, original_node, updated_node):
        return self.changes.get(original_node, updated_node)


def apply_fixes(module: cst.Module, fixes: list[Fix]) -> cst.Module:
    """`module` with the changes and imports of `fixes` applied (the one fix applier: `--fix`,
    SARIF's replacements and the language server's edits all go through it)."""
    changes: dict = {}
    imports: list[str] = []
    for fix in fixes:
        changes.update(fix.changes)
        imports.extend(fix.imports)
    return add_imports(module.visit(_Replace(changes)), imports)


def _check_parses(fixed: bytes, path: str, chosen) -> str:
    """The fixed code as text; raises FixError when libcst or `ast` cannot parse it."""
    try:
        module = cst.parse_module(fixed)
        ast.parse(module.code, path)
        return module.code
    except (cst.ParserSyntaxError, SyntaxError) as exc:
        raise FixError(f"fixing {_codes(chosen)} produced code that does not parse ({exc}); file left unchanged") from None


def _check_comments(before: str, after: str, chosen) -> None:
    """Every comment of the file is still there (a fix may move one, never drop it). Python's
    own tokenizer, which counts them, refuses some layouts its compiler accepts (form feeds
    before backslash continuations): then the comments cannot be vouched for, and the file is
    left as it is."""
    try:
        lost = _comments(before) - _comments(after) - _rewritten_comments(chosen)
    except (tokenize.TokenError, SyntaxError) as exc:  # IndentationError is a SyntaxError
        raise FixError(f"fixing {_codes(chosen)}: cannot check that every comment is kept ({exc}); file left unchanged") from None
    if lost:
        raise FixError(f"fixing {_codes(chosen)} would drop the comment {next(iter(lost))!r}; file left unchanged")


def _edits_comments(fix: Fix) -> bool:
    """Whether `fix` edits comments alone (ACC001's removal of an unused `# noqa` code): the
    one kind of fix that may rewrite a `# noqa` line, and the comments it names."""
    return all(isinstance(node, (cst.Comment, cst.TrailingWhitespace, cst.EmptyLine)) for node in fix.changes)


def _rewritten_comments(chosen) -> Counter:
    """The comments that the chosen comment fixes rewrite or remove on purpose."""
    out: Counter = Counter()
    for fix, _ in chosen:
        if _edits_comments(fix):
            for node in fix.changes:
                comment = node if isinstance(node, cst.Comment) else node.comment
                if comment is not None:
                    out[comment.value] += 1
    return out


def _comments(code: str) -> Counter:
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return Counter(tok.string for tok in tokens if tok.type == tokenize.COMMENT)


def _skipped(result: FileResult, unsafe: bool) -> list[Skipped]:
    """The findings left with a fix, each with why its fix was not applied: at the fixpoint
    every other allowed fix has been applied."""
    if result.module is None or not any(f.fix for f in result.findings):
        return []
    positions = MetadataWrapper(result.module, unsafe_skip_copy=True).resolve(PositionProvider)
    lines = split_lines(result.module.code)
    out = []
    for finding in result.findings:
        fix = finding.fix
        if fix is None:
            continue
        if not (fix.safe or unsafe):
            out.append(Skipped(finding, f"unsafe fix not applied without --unsafe-fixes: {fix.reason}"))
        elif _touches_noqa([positions[node] for node in fix.changes], lines) and not _edits_comments(fix):
            out.append(Skipped(finding, "its edit would rewrite a '# noqa' line"))
    return out
