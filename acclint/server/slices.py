"""Analyse again only the part of a module an edit inside one function can change: the
language server's answer to a keystroke in a big file.

After a reparse (acclint.server.reparse) every top-level statement but one is the very node it
was, yet the analysis of a module is whole: contexts flow from callers to helpers, returns back
to callers, module-level code decides what is traced and when state changes (acclint.analysis.
bindings), and all of that costs seconds in a 50,000-line file. What can flow between two
top-level statements flows through a name one of them binds at module level and the other
spells: a call, a function handed to a marker, a global read or written, a class used. So the
statements an edit can affect are those connected to the edited one through such names, and a
module made of them alone (a *slice*) gives every one of them the findings the whole module
gives, while every other statement keeps the findings it had, moved by the lines the edit added.

This is exact or it is not done (the caller lints the whole module then):
- only an edit inside one top-level `def` or `class` that keeps its name, and the names it
  binds at module level (no `global` or `:=` added or removed), is sliced, and in a class only
  one that declares the same enum members and static fields: then what the module declares
  static, its functions, imports and classes (what other files see of it, bar its reaches) are
  as they were;
- a statement links to the statements that bind a name it spells, and a statement that binds
  a name links to every statement that spells it. A `def` or `class` binds its name, the names
  it declares `global`, `:=` targets, and any outside name it writes an item or attribute of or
  calls a mutating method on; module-level code binds what it assigns, defines, imports or
  declares and every name it writes into (a call it makes changes state only through a
  function it spells, which links it, or through another module's, which acclint.analysis.
  bindings never counts as a change);
- module-level code runs in order, and whether a change of state comes before or after a trace
  is built depends on that order (acclint.analysis.bindings): every statement that runs code at
  module level (anything but an import, a docstring, an assignment of a literal, and a `def` or
  `class` whose decorators, defaults, bases and class-level code spell nothing a non-leaf
  statement binds) is in every slice;
- an import, a docstring, an assignment of an immutable literal to a name nothing else binds,
  and an alias (`Array = jnp.ndarray`, `Shape = Sequence[int]`: names, attributes and
  subscripts only) of what imports and such literals bind, to a name nothing else binds, are
  *leaves*: nothing flows through them (they hold no state that can change, nor name any that
  does). A literal or alias is in the slice when spelled, and every import is in every slice
  (the names they bind resolve as in the whole module);
- a slice that is most of the module is not worth it;
- a finding kept from the last lint that names a line inside the edited statement, or lies
  outside every statement, cannot be moved: the whole module is linted.
"""

from __future__ import annotations

import ast
import bisect
import re
from dataclasses import dataclass, replace

import libcst as cst

from acclint.analysis.bindings import MUTATORS
from acclint.analysis.declared import Declared
from acclint.analysis.walk import children
from acclint.common.findings import LINE_MENTION, Finding
from acclint.lint.reuse import WORD

MOST = 0.5  # a slice of more statements than this share of the module: lint the whole module


@dataclass(frozen=True)
class Names:
    """What one top-level statement spells and binds at module level (see the module's docstring)."""

    spelled: frozenset[str]
    bound: frozenset[str]
    kind: str  # "def", "class", "import", "docstring", "literal", "alias" or "code"
    outer: frozenset[str] = frozenset()  # a def's or class's names spelled outside function bodies
    # outside names it only calls a mutating method on (`.append`): bound where something
    # other than an import binds them (a module is no container, acclint.analysis.bindings)
    mutated: frozenset[str] = frozenset()


def names_of(statement: cst.BaseStatement) -> Names:
    kind = _kind(statement)
    if kind == "docstring":
        return Names(frozenset(), frozenset(), kind)
    spelled, declared, written, mutated, local, top, outer = _walk(statement)
    if kind in ("def", "class"):
        bound = {statement.name.value, *declared, *(written - local)}
        return Names(frozenset(spelled), frozenset(bound), kind, frozenset(outer), frozenset(mutated - local - bound))
    if kind in ("literal", "alias"):
        return Names(frozenset(spelled), frozenset(_targets(statement)), kind)
    if kind == "import":
        return Names(frozenset(spelled), frozenset(top), kind)
    # module-level code: what it assigns, declares, writes into, defines or imports
    bound = top | declared | written
    return Names(frozenset(spelled), frozenset(bound), kind, mutated=frozenset(mutated - bound))


def _kind(statement: cst.BaseStatement) -> str:
    if type(statement) is cst.FunctionDef:
        return "def"
    if type(statement) is cst.ClassDef:
        return "class"
    if type(statement) is not cst.SimpleStatementLine:
        return "code"
    body = statement.body
    if all(type(small) in (cst.Import, cst.ImportFrom) for small in body):
        return "import"
    if len(body) == 1:
        small = body[0]
        if type(small) is cst.Expr and type(small.value) in (cst.SimpleString, cst.ConcatenatedString):
            return "docstring"
        if type(small) is cst.Assign and len(small.targets) == 1 and type(small.targets[0].target) is cst.Name:
            return "literal" if _literal(small.value) else "alias" if _alias(small.value) else "code"
        if (type(small) is cst.AnnAssign and type(small.target) is cst.Name and small.value is not None
                and _literal(small.value) and type(small.annotation.annotation) is cst.Name):
            return "literal"
    return "code"


def _alias(node: cst.BaseExpression) -> bool:
    """A value named, not computed: `jnp.ndarray`, `Union[Array, float]`, `int | None` (a type
    alias, a re-export)."""
    kind = type(node)
    if kind is cst.Name or kind is cst.Attribute:
        return kind is cst.Name or _alias(node.value)
    if kind is cst.Subscript:
        return _alias(node.value) and all(
            type(element.slice) is cst.Index and _alias(element.slice.value) for element in node.slice
        )
    if kind is cst.BinaryOperation:
        return type(node.operator) is cst.BitOr and _alias(node.left) and _alias(node.right)
    if kind is cst.Tuple:  # a list would be a new, mutable object
        return all(type(element) is cst.Element and _alias(element.value) for element in node.elements)
    return kind is cst.Ellipsis or _literal(node)


def _targets(statement: cst.SimpleStatementLine) -> set[str]:
    small = statement.body[0]
    target = small.targets[0].target if type(small) is cst.Assign else small.target
    return {target.value}


def _literal(node: cst.BaseExpression) -> bool:
    """An immutable value written out: a number, a string (no f-string), True, False, None,
    or a tuple of them."""
    kind = type(node)
    if kind in (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString):
        return True
    if kind is cst.ConcatenatedString:
        return _literal(node.left) and _literal(node.right)
    if kind is cst.Name:
        return node.value in ("True", "False", "None")
    if kind is cst.UnaryOperation:
        return type(node.operator) in (cst.Minus, cst.Plus) and type(node.expression) in (cst.Integer, cst.Float, cst.Imaginary)
    if kind is cst.Tuple:
        return all(_literal(element.value) for element in node.elements if type(element) is cst.Element)
    return False


_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def _walk(statement: cst.BaseStatement) -> tuple[set[str], ...]:
    """The names `statement` spells (in strings too), declares `global` or binds with `:=`,
    writes an item or attribute of, only calls a mutating method on, binds anywhere (its
    functions' parameters and assignment targets: local names), binds in its own scope (not in
    a function, lambda, class or comprehension within it), and spells outside every function
    body (decorators, defaults, bases, class-level code)."""
    spelled: set[str] = set()
    declared: set[str] = set()
    written: set[str] = set()
    mutated: set[str] = set()
    local: set[str] = set()
    top: set[str] = set()
    outer: set[str] = set()
    stack: list[tuple[cst.CSTNode, bool, bool]] = [(statement, False, False)]
    while stack:
        node, inside, scoped = stack.pop()
        kind = type(node)
        if kind is cst.Name:
            spelled.add(node.value)
            if not inside:
                outer.add(node.value)
            continue
        bound: set[str] = set()
        if kind is cst.SimpleString or kind is cst.FormattedStringText:
            words = WORD.findall(node.value)
            spelled.update(words)
            if not inside:
                outer.update(words)
        elif kind is cst.Global:
            declared.update(item.name.value for item in node.names)
        elif kind is cst.NamedExpr and type(node.target) is cst.Name:
            declared.add(node.target.value)
        elif kind is cst.Param:
            local.add(node.name.value)  # its default and annotation are walked, not its name
            stack.extend((child, inside, scoped) for child in (node.default, node.annotation) if child is not None)
            continue
        elif kind is cst.AssignTarget or kind is cst.AnnAssign or kind is cst.AugAssign or kind is cst.For:
            _bound_target(node.target, bound, written)
        elif kind is cst.AsName:
            _bound_target(node.name, bound, written)
        elif kind is cst.CompFor:
            _bound_target(node.target, local, written)
        elif kind is cst.ImportAlias and node.asname is None:
            name = node.name
            while type(name) is cst.Attribute:
                name = name.value
            bound.add(name.value)  # `import a.b` binds `a`
        elif (kind is cst.FunctionDef or kind is cst.ClassDef) and node is not statement:
            bound.add(node.name.value)
        elif kind is cst.Del:
            _bound_target(node.target, written, written)
        elif kind is cst.Call and type(node.func) is cst.Attribute and node.func.attr.value in MUTATORS:
            _written_root(node.func.value, mutated)
        if bound:
            local |= bound
            if not scoped:
                top |= bound
        if kind is cst.FunctionDef or kind is cst.Lambda:
            # its decorators, parameters' defaults and annotations run where it is defined
            for child in children(node):
                stack.append((child, inside or child is node.body, True))
            continue
        opens = kind in _SCOPES and node is not statement
        stack.extend((child, inside, scoped or opens) for child in children(node))
    return spelled, declared, written, mutated - written, local, top, outer


def _bound_target(target: cst.CSTNode, local: set[str], written: set[str]) -> None:
    """The names an assignment target binds (`local`), and the roots of the items and
    attributes it writes (`cfg.a[0] = ...`: `cfg`)."""
    kind = type(target)
    if kind is cst.Name:
        local.add(target.value)
    elif kind in (cst.Tuple, cst.List):
        for element in target.elements:
            _bound_target(element.value, local, written)
    elif kind is cst.StarredElement:
        _bound_target(target.value, local, written)
    else:
        _written_root(target, written)


def _written_root(target: cst.CSTNode, written: set[str]) -> None:
    """The name at the root of an item or attribute written or mutated."""
    while type(target) in (cst.Attribute, cst.Subscript):
        target = target.value
    if type(target) is cst.Name:
        written.add(target.value)


class NameCache:
    """The `Names` of each statement node seen (nodes are immutable), kept for the statements
    of the last module only."""

    def __init__(self) -> None:
        self._found: dict[cst.BaseStatement, Names] = {}

    def of(self, statement: cst.BaseStatement) -> Names:
        found = self._found.get(statement)
        if found is None:
            found = self._found[statement] = names_of(statement)
        return found

    def keep_only(self, statements) -> None:
        kept = set(statements)
        self._found = {s: n for s, n in self._found.items() if s in kept}


def edited_definition(old: cst.Module, new: cst.Module, changed: int | None) -> bool:
    """Whether statement `changed`, the one a reparse replaced, is a `def` (or a `class`) of
    the same name before and after."""
    if changed is None or len(old.body) != len(new.body):
        return False
    a, b = old.body[changed], new.body[changed]
    return type(a) is type(b) and type(a) in (cst.FunctionDef, cst.ClassDef) and a.name.value == b.name.value


def same_declared(old: str, new: str, imports, facts) -> bool:
    """Whether a class's code before and after an edit declares the same (what the module
    declares static, acclint.analysis.declared: a class's own enum members and static fields;
    its `global` statements are among what it binds, compared apart)."""
    try:
        return Declared.of(ast.parse(old), imports.resolve_dotted, facts.static_field_calls) == Declared.of(
            ast.parse(new), imports.resolve_dotted, facts.static_field_calls
        )
    except (SyntaxError, ValueError, RecursionError):
        return False


def slice_of(old: cst.Module, new: cst.Module, changed: int, names: NameCache) -> list[int] | None:
    """The indices of the statements of `new` whose analysis the edit of statement `changed`
    can change, in order; None where the edit changes what the module binds or the slice would
    be most of the module."""
    before, after = names.of(old.body[changed]), names.of(new.body[changed])
    if before.bound != after.bound:
        return None
    every = [names.of(statement) for statement in new.body]
    binders: dict[str, list[int]] = {}
    spellers: dict[str, list[int]] = {}
    for i, found in enumerate(every):
        for name in found.bound:
            binders.setdefault(name, []).append(i)
        for name in found.spelled:
            spellers.setdefault(name, []).append(i)
    mutates: dict[int, set[str]] = {}  # what each statement binds by a mutating method
    for i, found in enumerate(every):
        for name in found.mutated:
            if any(every[j].kind != "import" for j in binders.get(name, ())):
                mutates.setdefault(i, set()).add(name)
    for i, mutated in mutates.items():
        for name in mutated:
            binders[name].append(i)
        every[i] = replace(every[i], bound=every[i].bound | mutated)

    def leaf(i: int, alias: bool = True) -> bool:
        kind = every[i].kind
        if kind == "literal" or (kind == "alias" and alias):
            if any(binders[name] != [i] for name in every[i].bound):
                return False
            # an alias of what imports and literals bind is one more import
            return kind == "literal" or all(
                leaf(j, alias=False) for name in every[i].spelled - every[i].bound for j in binders.get(name, ())
            )
        return kind in ("import", "docstring")

    def linking(name: str) -> bool:
        return any(not leaf(j) for j in binders.get(name, ()))

    included: set[int] = set()
    queue: list[Names] = []

    def add(i: int) -> None:
        if i not in included:
            included.add(i)
            if not leaf(i):
                queue.append(every[i])

    add(changed)
    queue.append(before)  # what the old statement reached changes too
    for i, found in enumerate(every):
        # every import: what the module imports may say how it is read (a framework's names)
        if found.kind in ("code", "import") or (found.kind in ("def", "class") and any(linking(n) for n in found.outer - found.bound)):
            add(i)
    limit = MOST * len(every)
    while queue:
        found = queue.pop()
        for name in found.spelled:
            for j in binders.get(name, ()):
                add(j)
        for name in found.bound:
            for j in spellers.get(name, ()):
                add(j)
            for j in binders.get(name, ()):
                add(j)
        if len(included) > limit:
            return None
    return sorted(included)


@dataclass(frozen=True)
class Lines:
    """Where lines move: from the slice's module to the file, and from the file before the
    edit to the file after it. `starts`: the first line (0-based) of each statement of the
    new file, then of its footer (acclint.server.reparse.statement_starts)."""

    starts: tuple[int, ...]
    changed: int
    shift: int  # lines the edit added (negative: removed)
    old_starts: tuple[int, ...]  # the same of the file before the edit
    slice_starts: tuple[int, ...]  # the same of the slice's module
    indices: tuple[int, ...]  # the statements of the slice
    header: int  # the lines of the module's header

    @classmethod
    def of(cls, starts: tuple[int, ...], changed: int, shift: int, indices: list[int], header: int) -> Lines:
        old_starts = (*starts[: changed + 1], *(s - shift for s in starts[changed + 1:]))
        slice_starts, line = [], header
        for i in indices:
            slice_starts.append(line)
            line += starts[i + 1] - starts[i]
        return cls(starts, changed, shift, old_starts, (*slice_starts, line), tuple(indices), header)

    def old_statement(self, line: int) -> int | None:
        """The statement of the old file a 1-based line lies in (None: header or footer)."""
        i = bisect.bisect_right(self.old_starts, line - 1) - 1
        return i if 0 <= i < len(self.old_starts) - 1 else None

    def moved(self, line: int) -> int | None:
        """A 1-based line of the old file in the new one (None: inside the edited statement)."""
        old = self.old_starts
        if line - 1 < old[self.changed]:
            return line
        if line - 1 >= old[self.changed + 1]:
            return line + self.shift
        return None

    def from_slice(self, line: int) -> int:
        """A 1-based line of the slice's module in the file."""
        if line - 1 < self.header:
            return line
        k = bisect.bisect_right(self.slice_starts, line - 1) - 1
        if k >= len(self.indices):  # the footer
            return line - self.slice_starts[-1] + self.starts[-1]
        return line - self.slice_starts[k] + self.starts[self.indices[k]]


def relocate(message: str, where) -> str | None:
    """`message` with every "line N" it names moved by `where` (None if one cannot be)."""
    failed = False

    def moved(match: re.Match) -> str:
        nonlocal failed
        line = where(int(match.group(1)))
        if line is None:
            failed = True
            return match.group(0)
        return f"line {line}"

    out = LINE_MENTION.sub(moved, message)
    return None if failed else out


def merged(last: list[Finding], linted: list[Finding], lines: Lines) -> list[Finding] | None:
    """The findings of the edited file: those of the slice's lint (`linted`, placed in the
    slice's module) and those of the last lint (`last`, placed in the old file) outside the
    slice, each moved to its line in the new file; None where one cannot be moved."""
    out = []
    included = set(lines.indices)
    for finding in last:
        statement = lines.old_statement(finding.line)
        if statement is None or (finding.end_line and lines.old_statement(finding.end_line) != statement):
            return None
        if statement in included:
            continue
        message = relocate(finding.message, lines.moved)
        if message is None:
            return None
        out.append(replace(
            finding, line=lines.moved(finding.line), end_line=lines.moved(finding.end_line) if finding.end_line else finding.end_line,
            message=message,
        ))
    for finding in linted:
        out.append(replace(
            finding, line=lines.from_slice(finding.line),
            end_line=lines.from_slice(finding.end_line) if finding.end_line else finding.end_line,
            message=relocate(finding.message, lines.from_slice),
        ))
    out.sort(key=Finding.sort_key)
    return out
