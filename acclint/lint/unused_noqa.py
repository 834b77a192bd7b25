"""ACC001 (unused-noqa): a `# noqa: ACC...` code that silences nothing, as ruff's RUF100.

The engine applies `# noqa` (acclint.lint.engine) and records which codes on which lines
silenced a finding; what is listed and silenced nothing is reported here, with a fix that
removes it (the code from the list, or the whole directive when nothing is left of it).

What is checked, and why no more (docs/rules/ACC001.md says the same to users):
- only comments inside the body of a function this run analyses as traced: a finding can only
  be there, and anywhere else (host code, a helper no linted file traces) acclint cannot tell
  a stale comment from one that a wider run (more files, another marker) still needs;
- only codes of acclint's (`ACC...`): a bare `# noqa` and other tools' codes (`E501`) are
  theirs;
- only codes with a rule enabled for this run: a `--select ACC2` run does not call the
  `# noqa: ACC401` of a deselected rule unused (ruff reports those as "non-enabled"); a code
  no rule has (`ACC999`) is reported as unknown.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

import libcst as cst

from acclint.common.findings import Finding, Fix
from acclint.lint.noqa import NOQA, _SEPARATOR
from acclint.lint.rule import Rule

UNUSED_NOQA = "ACC001"
# A cheap test before any walk: the text has a `noqa` that names an acclint code.
_NAMES_OURS = re.compile(r"#\s*noqa:[\s]?[^\n]*\bACC\d", re.IGNORECASE)


def may_hold_unused(text: str, rules: Iterable[type]) -> bool:
    """Whether the check is enabled and `text` has a `# noqa` that names an acclint code."""
    return any(rule.code == UNUSED_NOQA for rule in rules) and _NAMES_OURS.search(text) is not None


def unused_noqa(functions, path: str, silenced: set[tuple[int, str]], rules: Iterable[type],
                locate: Callable[[list], dict]) -> list[Finding]:
    """The ACC001 findings of the traced `functions` (acclint.analysis.scopes.FunctionInfo):
    `silenced` holds (line, code) of each finding a `# noqa` silenced; `locate` gives the
    source range of nodes, from entries shaped as the engine's (rule, node, message, fix,
    module-level statement)."""
    enabled = tuple(rule.code for rule in rules)
    known = _known_codes()
    comments = _noqa_comments(functions)
    if not comments:
        return []
    ranges = locate([(None, comment, "", None, statement) for comment, _, statement in comments])
    out = []
    for comment, holder, _ in comments:
        line = ranges[comment].start.line
        match = NOQA.search(comment.value)
        listed = [c.upper() for c in _SEPARATOR.split(match.group("codes").strip()) if c]
        unused = [c for c in listed if _unused(c, line, silenced, enabled, known)]
        if not unused or UNUSED_NOQA in listed:  # `# noqa: ACC001` keeps the rest as it is
            continue
        said = ", ".join(c + ("" if any(k.startswith(c) for k in known) else " (no such rule)") for c in unused)
        if len(unused) == 1:
            message = f"unused noqa code {said}: nothing on this line is reported as {unused[0]}; remove it"
        else:
            message = f"unused noqa codes {said}: nothing on this line is reported as any of them; remove them"
        where = ranges[comment]
        out.append(Finding(
            path=path, line=where.start.line, column=where.start.column + 1, code=UNUSED_NOQA, message=message,
            end_line=where.end.line, end_column=where.end.column + 1,
            fix=_removal(comment, holder, match, listed, unused), node=comment,
        ))
    return out


def _unused(code: str, line: int, silenced: set[tuple[int, str]], enabled: tuple[str, ...], known: tuple[str, ...]) -> bool:
    if not code.startswith("ACC") or code == UNUSED_NOQA:
        return False
    if not any(k.startswith(code) for k in known):
        return True  # no rule has it
    if not any(e.startswith(code) for e in enabled):
        return False  # its rules are not enabled in this run
    return not any(n == line and c.startswith(code) for n, c in silenced)


def _known_codes() -> tuple[str, ...]:
    """The code of every rule loaded (the run's rules were chosen among all of them, so all
    are imported by now)."""
    found, todo = set(), [Rule]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__dict__.get("code"):
            found.add(cls.code)
    return tuple(sorted(found))


def _noqa_comments(functions) -> list[tuple[cst.Comment, cst.CSTNode, cst.BaseStatement]]:
    """(comment, the node holding it, module-level statement) of every `# noqa: ...` comment
    in the bodies of `functions` (a nested function's once)."""
    found: dict[int, tuple[cst.Comment, cst.CSTNode, cst.BaseStatement]] = {}

    class Comments(cst.CSTVisitor):
        def __init__(self, statement) -> None:
            super().__init__()
            self.statement = statement

        def visit_TrailingWhitespace(self, node: cst.TrailingWhitespace) -> None:
            self._take(node)

        def visit_EmptyLine(self, node: cst.EmptyLine) -> None:
            self._take(node)

        def _take(self, holder) -> None:
            comment = holder.comment
            if comment is not None and id(comment) not in found:
                match = NOQA.search(comment.value)
                if match is not None and match.group("codes"):
                    found[id(comment)] = (comment, holder, self.statement)

    for fn in functions:
        if isinstance(fn.node, cst.FunctionDef) and fn.statement is not None:
            fn.node.body.visit(Comments(fn.statement))
    return list(found.values())


def _removal(comment: cst.Comment, holder: cst.CSTNode, match: re.Match, listed: list[str], unused: list[str]) -> Fix:
    """The fix: the unused codes out of the list, or the directive out of the comment when
    none of its codes is left (and the comment out of the line when nothing else is in it)."""
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
