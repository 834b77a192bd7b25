"""ACC001 (unused-noqa): a `# noqa` that silences nothing, as ruff's RUF100.

The engine applies `# noqa` (acclint.lint.engine) and records which codes on which lines
silenced a finding; what silenced nothing is reported here, with a fix that removes it (the
code from the list, or the whole directive when nothing is left of it).

What is checked, and why no more (docs/rules/ACC001.md says the same to users):
- acclint's codes (`ACC...`) listed in a comment inside the body of a function this run analyses
  as traced: a finding can be there, and this run's analysis says whether one is;
- acclint's codes listed on module-level code (outside any function and lambda), for rules that
  report only inside traced functions: module-level code is never traced, so no run can report
  them there (the host-loop rules, ACC5, do report module-level loops, and a wider run may see a
  compiled function this one does not: their codes are left alone there);
- a bare `# noqa` inside a traced function when the run enables every rule: it silences every
  acclint code, and nothing acclint reports is on its line. Another tool (ruff, flake8) may
  still need it, so its removal is an unsafe fix and the message says to name that tool's
  codes instead (`# noqa: E501`). A bare `# noqa` elsewhere is left alone: on host code it is
  almost always another tool's (`import x  # noqa`); so is one on a line comparing to `True`,
  `False` or `None` by `==`/`!=` (pycodestyle's E711/E712, which array code needs: `mask ==
  True` compares each element, `is` the object);
- other tools' codes (`E501`) are theirs, and never checked; a code whose rules the run does
  not enable (`--select ACC2` and `# noqa: ACC401`) is left alone (ruff reports those as
  "non-enabled"); a code no rule has (`ACC999`) is reported as unknown.
Comments in other host code (a function no linted file traces) are not checked: a wider run
(more files, another marker) may trace it.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

import libcst as cst

from acclint.common.findings import Finding, Fix
from acclint.lint.noqa import NOQA, _SEPARATOR
from acclint.frameworks.markers import HOST_LOOPS
from acclint.lint.rule import Rule

UNUSED_NOQA = "ACC001"
# Cheap tests before any walk: the text has a `noqa` that names an acclint code (_NAMES_OURS),
# or that or a bare one (_MAY_BE_OURS): one spelling of "names an acclint code" serves both.
_NAMING = r"#\s*noqa:[\s]?[^\n]*\bACC\d"
_NAMES_OURS = re.compile(_NAMING, re.IGNORECASE)
_MAY_BE_OURS = re.compile(rf"{_NAMING}|#\s*noqa(?![:\w])", re.IGNORECASE)
# What pycodestyle reports and array code needs: a comparison to a singleton by value (E711, E712).
_SINGLETON_COMPARISON = re.compile(r"[=!]=\s*(?:True|False|None)\b|\b(?:True|False|None)\s*[=!]=")


def may_hold_unused(text: str, rules: Iterable[type]) -> bool:
    """Whether the check is enabled and `text` has a `# noqa` that names an acclint code or
    none (a bare one)."""
    return any(rule.code == UNUSED_NOQA for rule in rules) and _MAY_BE_OURS.search(text) is not None


def may_name_our_codes(text: str, rules: Iterable[type]) -> bool:
    """Whether the check is enabled and `text` has a `# noqa` that names an acclint code: one on
    module-level code is judged in any module the engine parses (a bare one only in traced
    code)."""
    return any(rule.code == UNUSED_NOQA for rule in rules) and _NAMES_OURS.search(text) is not None


def unused_noqa(functions, module: cst.Module, path: str, silenced: set[tuple[int, str]], rules: Iterable[type],
                locate: Callable[[list], dict]) -> list[Finding]:
    """The ACC001 findings of the traced `functions` (acclint.analysis.scopes.FunctionInfo) and
    of the module-level code of `module`: `silenced` holds (line, code) of each finding a
    `# noqa` silenced; `locate` gives the source range of nodes, from entries shaped as the
    engine's (rule, node, message, fix, module-level statement)."""
    enabled = tuple(rule.code for rule in rules)
    known = _known_rules()
    traced = _noqa_comments(functions)
    outside, lambdas = _module_level_comments(module)
    if not traced and not outside:
        return []
    ranges = locate([(None, node, "", None, statement) for node, _, statement in traced + outside + lambdas])
    in_lambda = [(ranges[node].start.line, ranges[node].end.line) for node, _, _ in lambdas]
    out = []
    lines: list[str] = []
    for comment, holder, _ in traced:
        line = ranges[comment].start.line
        if NOQA.search(comment.value).group("codes") is None:  # type: ignore[union-attr]
            lines = lines or module.code.splitlines()
            if _SINGLETON_COMPARISON.search(lines[line - 1].split("#", 1)[0]):
                continue  # pycodestyle's E711/E712: another tool's bare noqa
        finding = _judged(comment, holder, line, silenced, enabled, known, module_level=False)
        if finding is not None:
            out.append(_placed(finding, path, ranges[comment], comment))
    for comment, holder, _ in outside:
        line = ranges[comment].start.line
        if any(start <= line <= end for start, end in in_lambda):
            continue  # a lambda's body on this line may be traced
        finding = _judged(comment, holder, line, silenced, enabled, known, module_level=True)
        if finding is not None:
            out.append(_placed(finding, path, ranges[comment], comment))
    return out


def _judged(comment: cst.Comment, holder: cst.CSTNode, line: int, silenced: set[tuple[int, str]],
            enabled: tuple[str, ...], known: dict[str, type], module_level: bool) -> tuple[str, Fix] | None:
    """(message, fix) when the comment on `line` silences nothing it could, else None."""
    match = NOQA.search(comment.value)
    if match.group("codes") is None:  # a bare `# noqa`
        if module_level or set(known) - set(enabled) or any(n == line for n, _ in silenced):
            return None
        return ("unused blanket noqa: acclint reports nothing on this line; if another tool needs it, "
                "name that tool's codes (`# noqa: E501`), else remove it", _removal(comment, holder, match, [], [], blanket=True))
    listed = [c.upper() for c in _SEPARATOR.split(match.group("codes").strip()) if c]
    if UNUSED_NOQA in listed:  # `# noqa: ACC001` keeps the rest as it is
        return None
    unused = [c for c in listed if _unused(c, line, silenced, enabled, known, module_level)]
    if not unused:
        return None
    said = ", ".join(c + ("" if any(k.startswith(c) for k in known) else " (no such rule)") for c in unused)
    where = "module-level code is never traced, so" if module_level else "nothing on this line is reported as"
    if len(unused) == 1:
        what = f"no {unused[0]} is reported here" if module_level else unused[0]
        message = f"unused noqa code {said}: {where} {what}; remove it"
    else:
        message = f"unused noqa codes {said}: {where} {'none of them is reported here' if module_level else 'any of them'}; remove them"
    return message, _removal(comment, holder, match, listed, unused)


def _placed(judged: tuple[str, Fix], path: str, where, comment: cst.Comment) -> Finding:
    message, fix = judged
    return Finding(path=path, line=where.start.line, column=where.start.column + 1, code=UNUSED_NOQA, message=message,
                   end_line=where.end.line, end_column=where.end.column + 1, fix=fix, node=comment)


def _unused(code: str, line: int, silenced: set[tuple[int, str]], enabled: tuple[str, ...], known: dict[str, type],
            module_level: bool) -> bool:
    if not code.startswith("ACC") or code == UNUSED_NOQA:
        return False
    covered = [rule for name, rule in known.items() if name.startswith(code)]
    if not covered:
        return True  # no rule has it
    if not any(e.startswith(code) for e in enabled):
        return False  # its rules are not enabled in this run
    if module_level and any(HOST_LOOPS in rule.contexts for rule in covered):
        return False  # a rule that reports module-level loops: a wider run may need it
    return not any(n == line and c.startswith(code) for n, c in silenced)


def _known_rules() -> dict[str, type]:
    """Every rule loaded, by code (the run's rules were chosen among all of them, so all are
    imported by now)."""
    found, todo = {}, [Rule]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__dict__.get("code"):
            found[cls.code] = cls
    return found


class _Comments(cst.CSTVisitor):
    """Hands `take` each comment under one module-level statement, with the node holding it
    (a line's trailing whitespace, or an empty line) and the statement."""

    def __init__(self, statement: cst.BaseStatement, take: Callable[[cst.Comment, cst.CSTNode, cst.BaseStatement], None]) -> None:
        super().__init__()
        self.statement = statement
        self.take = take

    def visit_TrailingWhitespace(self, node: cst.TrailingWhitespace) -> None:
        if node.comment is not None:
            self.take(node.comment, node, self.statement)

    def visit_EmptyLine(self, node: cst.EmptyLine) -> None:
        if node.comment is not None:
            self.take(node.comment, node, self.statement)


def _noqa_comments(functions) -> list[tuple[cst.Comment, cst.CSTNode, cst.BaseStatement]]:
    """(comment, the node holding it, module-level statement) of every `# noqa: ...` comment
    in the bodies of `functions` (a nested function's once)."""
    found: dict[int, tuple[cst.Comment, cst.CSTNode, cst.BaseStatement]] = {}

    def take(comment: cst.Comment, holder: cst.CSTNode, statement: cst.BaseStatement) -> None:
        if id(comment) not in found and NOQA.search(comment.value) is not None:
            found[id(comment)] = (comment, holder, statement)

    for fn in functions:
        if isinstance(fn.node, cst.FunctionDef) and fn.statement is not None:
            fn.node.body.visit(_Comments(fn.statement, take))
    return list(found.values())


def _module_level_comments(module: cst.Module) -> tuple[list, list]:
    """(comment, its holder, module-level statement) of every `# noqa: CODES` comment outside
    any function, and (lambda, None, statement) of every lambda there (a lambda's body may be
    traced, so comments on its lines are not module-level code's)."""
    comments: list = []
    lambdas: list = []

    def take(comment: cst.Comment, holder: cst.CSTNode, statement: cst.BaseStatement) -> None:
        match = NOQA.search(comment.value)
        if match is not None and match.group("codes") and _MAY_BE_OURS.search(comment.value):
            comments.append((comment, holder, statement))

    class Outside(_Comments):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            lambdas.append((node, None, self.statement))
            return False

    for statement in module.body:
        if not isinstance(statement, cst.FunctionDef):
            statement.visit(Outside(statement, take))
    return comments, lambdas


def _removal(comment: cst.Comment, holder: cst.CSTNode, match: re.Match, listed: list[str], unused: list[str],
             blanket: bool = False) -> Fix:
    """The fix: the unused codes out of the list, or the directive out of the comment when
    none of its codes is left (and the comment out of the line when nothing else is in it). A
    blanket directive's removal is unsafe: another tool may need it."""
    fix = _removal_of(comment, holder, match, listed, unused)
    if blanket:
        return Fix(fix.title, fix.changes, safe=False,
                   reason="another linter (ruff, flake8) may report something on this line that the bare noqa silences")
    return fix


def _removal_of(comment: cst.Comment, holder: cst.CSTNode, match: re.Match, listed: list[str], unused: list[str]) -> Fix:
    kept = [c for c in listed if c not in unused]
    value = comment.value
    codes = match.group("codes")
    if kept:
        tail = codes[len(codes.rstrip(", \t")):]  # the separator the list ended with
        new = value[:match.start("codes")] + ", ".join(kept) + tail + value[match.end("codes"):]
        return Fix(f"remove the unused noqa code{'s' if len(unused) > 1 else ''} {', '.join(unused)}", {comment: comment.with_changes(value=new)})
    before, after = value[:match.start()].rstrip(), value[match.end():].strip()
    rest = "  ".join(part for part in (before, f"# {after}" if after else "") if part)
    title = "remove the unused noqa directive"
    if rest:
        return Fix(title, {comment: comment.with_changes(value=rest)})
    if isinstance(holder, cst.TrailingWhitespace):
        return Fix(title, {holder: holder.with_changes(whitespace=cst.SimpleWhitespace(""), comment=None)})
    return Fix(title, {holder: cst.RemovalSentinel.REMOVE})  # a comment line of its own
