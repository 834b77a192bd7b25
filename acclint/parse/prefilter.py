"""The cheap tests that decide whether a file is worth parsing with libcst.

A file can hold a traced context only if its text names a context marker (`jit`, `grad`,
`scan`, `dlaccelerate`, `Acceleratable`, a configured accelerator, ...) as a word. Searching
the raw bytes with one compiled pattern costs far less than parsing, and most files of a
code base fail it. Words like `map`, `cond` and `grad` are common, though, so a file that
passes is then tested exactly on the `ast` tree (`names_a_marker`), which costs a fraction of
the libcst parse it saves.

`marker_names` also tells whether such a name is spelled anywhere but in the import that binds
it: acclint.analysis.worth_parsing reads that to decide whether a module's analysis can find
anything at all.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections import Counter
from functools import cache, lru_cache
from typing import Callable

from acclint.frameworks.markers import MarkerTable
from acclint.parse.lazy_imports import lazily_loaded


@cache
def marker_pattern(markers: MarkerTable) -> re.Pattern[bytes]:
    words = {name.rsplit(".", 1)[-1] for name in _call_free(markers.markers)}
    words |= {name.rsplit(".", 1)[-1] for name in markers.class_bases | markers.instance_makers | markers.class_namespaces}
    alternation = b"|".join(re.escape(w.encode()) for w in sorted(words))
    return re.compile(rb"\b(?:" + alternation + rb")\b")


def _call_free(names) -> frozenset[str]:
    """Marker names as far as a chain of names spells them: a method of what a call returns
    (`tensorflow.data.Dataset.range().map`) is looked for as the call (`...Dataset.range`)."""
    return frozenset(name.split("(", 1)[0] for name in names)


def may_hold_context(source: bytes, markers: MarkerTable) -> bool:
    return marker_pattern(markers).search(source) is not None


@cache
def _targets(markers: MarkerTable) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The qualified names that start a context (a class whose methods are markers is made by
    one of `instance_makers`, or named as a parameter's annotation), their last components, and
    their prefixes."""
    # (a receiver marker's class is a target here only: the marker's own word, `compile`, already
    # passes the text stage; a namespace whose classes are bases, `keras.layers`, is no target but
    # a prefix: only a class base in it counts, `_subclasses_a_namespace`)
    targets = (
        _call_free(markers.markers) | markers.class_bases | markers.instance_makers | markers.receiver_classes
        | markers.instance_classes
    )
    tails = frozenset(name.rsplit(".", 1)[-1] for name in targets)
    prefixes = frozenset(
        name[:i] for name in targets | markers.class_namespaces for i in range(len(name) + 1) if i == len(name) or name[i] == "."
    )
    return targets, tails, prefixes


def names_a_marker(tree: ast.Module, markers: MarkerTable, text: str | None = None) -> bool:
    """Whether any name in the module can resolve to a context marker or accelerated base
    (`marker_names`'s first answer).

    The second, exact stage of the prefilter, run on the `ast` tree the guard parsed anyway
    (a fraction of a libcst parse). Every context starts where a name resolves, through the
    module's imports and aliases (`acclint.analysis.names`), to a marker or an `Acceleratable`
    base: an imported or aliased name bound to one, or an attribute chain `root.a.marker` whose
    root resolves to a prefix of one, or a class base naming a class of a namespace whose classes
    are bases (`class MyDense(layers.Dense)`). This test over-approximates that resolution: every binding
    a name ever gets counts, in any order, and so does the bare name itself (what an unbound or
    ambiguous name resolves to). A module that fails it has no context, so libcst need not
    parse it: in the sources of jax and its libraries, which import their own internals
    (`from jax._src import api`), that is two files in three of those naming `jit` or `grad`.

    Imports and aliases are statements, so only statements are walked (a tenth of the nodes);
    attribute chains ending in a marker's last word are read off the decoded `text`, where they
    may also turn up in comments and strings (which only makes the test looser, never wrong).
    A chain written across lines (a comment could sit in it) sends the file to the walk of
    every node. Without `text`, every node is walked.
    """
    return marker_names(tree, markers, text)[0]


def marker_names(tree: ast.Module, markers: MarkerTable, text: str | None = None) -> tuple[bool, bool]:
    """Whether any name in the module can resolve to a context marker or accelerated base
    (`names_a_marker`), and whether one is spelled somewhere other than the import statement
    binding it: in an attribute chain (`jax.jit`, `lax.scan`), a class base, an alias assignment
    (`j = jit`), or as the bound name itself anywhere else (`jit(f)`, `@jit`, `apply(jit, f)`).
    A name counts as spelled where the text holds it more often than the import statements do
    (a comment or a string naming it counts too: the answer may only err towards parsing); a
    star import from a marker's module spells every name, and so does a module read by the walk
    of every node (no `text`, or a chain across lines)."""
    targets, tails, prefixes = _targets(markers)
    namespaces = markers.class_namespaces
    chains = _text_chains(text, markers) if text is not None else None
    if chains is None:
        names = _names_a_marker_walking(tree, targets, tails, prefixes, namespaces)
        return names, names
    bare = _bare_targets(markers)
    if bare is not None and bare.search(text):
        return True, True
    bindings: dict[str, set[str]] = {}
    aliases: list[tuple[str, list[str]]] = []
    bases: list[list[str]] = []
    imported: Counter[str] = Counter()  # each word the import statements spell, and how often
    for node in _statements(tree):
        if _binds(node, bindings, aliases, targets, prefixes, namespaces, bases):
            return True, True
        if type(node) is ast.Import or type(node) is ast.ImportFrom:
            imported.update(_import_words(node))
    bound = _resolves(bindings, aliases, [], targets, prefixes)
    if _subclasses_a_namespace(bindings, aliases, bases, namespaces):
        return True, True
    lines = _LineIndex(text)
    if any(
        _resolves(bindings, [], [parts], targets, prefixes) and lines.holds_chain(tree, offset, parts)
        for offset, parts in chains
    ):
        return True, True
    if not bound:
        return False, False
    locals_ = [local for local, qualified in bindings.items() if not qualified.isdisjoint(targets)]
    return True, any(len(_word(local).findall(text)) > imported[local] for local in locals_)


def _import_words(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The words of an import statement that `_word` finds in its text: the first part of an
    absolute `from` module and of each name imported, and each `as` name. Never a part after a
    dot (`pjit` of `jax.experimental.pjit`), which `_word` does not count: so the statement's
    own text holds each word at least this often, and the comparison with the whole text errs
    only towards parsing."""
    words = [node.module.split(".", 1)[0]] if type(node) is ast.ImportFrom and node.module and not node.level else []
    for alias in node.names:
        words.append(alias.name.split(".", 1)[0])
        if alias.asname:
            words.append(alias.asname)
    return words


@lru_cache(maxsize=1024)
def _word(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w.])" + re.escape(name) + r"(?!\w)")


def _names_a_marker_walking(tree: ast.Module, targets, tails, prefixes, namespaces) -> bool:
    """`names_a_marker` by a walk of every node (attribute chains taken from the tree)."""
    bindings: dict[str, set[str]] = {}
    aliases: list[tuple[str, list[str]]] = []
    chains: list[list[str]] = []
    bases: list[list[str]] = []
    for node in ast.walk(tree):
        kind = type(node)
        if kind is ast.Attribute:
            if node.attr in tails:
                parts = _chain(node)
                if parts is not None:
                    chains.append(parts)
        elif kind is ast.Name:
            if node.id in targets:
                return True
        elif _binds(node, bindings, aliases, targets, prefixes, namespaces, bases):
            return True
    return _resolves(bindings, aliases, chains, targets, prefixes) or _subclasses_a_namespace(bindings, aliases, bases, namespaces)


def _binds(node: ast.AST, bindings, aliases, targets, prefixes, namespaces, bases) -> bool:
    """Record what an import or a `local = a.b` statement binds, and the bases a class
    statement names (`bases`); True for a star import from a module that holds a marker."""
    kind = type(node)
    if kind is ast.Import:
        for alias in node.names:
            local = alias.asname or alias.name.split(".", 1)[0]
            _bind(bindings, prefixes, local, alias.name if alias.asname else local)
    elif kind is ast.ImportFrom:
        module = "." * node.level + (node.module or "")
        for alias in node.names:
            if module in namespaces and alias.name != "*":  # `from keras.layers import Dense`: maybe a base
                bindings.setdefault(alias.asname or alias.name, set()).add(f"{module}.{alias.name}")
                continue
            if alias.name == "*":
                if any(t.startswith(module + ".") for t in targets):
                    return True
                continue
            _bind(bindings, prefixes, alias.asname or alias.name, f"{module}.{alias.name}" if module else alias.name)
    elif kind is ast.Assign:
        if len(node.targets) == 1 and type(node.targets[0]) is ast.Name:
            local = node.targets[0].id
            parts = _chain(node.value)
            if parts is not None:
                aliases.append((local, parts))
            module = lazily_loaded(local, node.value)  # `reverb = LazyLoader("reverb", globals(), "reverb")`
            if module is not None:
                _bind(bindings, prefixes, local, module)
    elif kind is ast.ClassDef:
        bases.extend(parts for parts in map(_chain, node.bases) if parts is not None)
    return False


def _subclasses_a_namespace(bindings, aliases, bases, namespaces) -> bool:
    """Whether a class base (`layers.Dense`, `Conv1D` imported from `keras.layers`) may name a
    class of a namespace whose classes are bases; a base whose root an alias binds
    (`Base = layers.Dense`) may, whatever the alias names."""
    aliased = {local for local, _ in aliases}
    for root, *rest in bases:
        if root in aliased:
            return True
        for qualified in (root, *bindings.get(root, ())):
            if ".".join([qualified, *rest]).rpartition(".")[0] in namespaces:
                return True
    return False


def _resolves(bindings, aliases, chains, targets, prefixes) -> bool:
    _bind_aliases(bindings, prefixes, aliases)
    if any(q in targets for qs in bindings.values() for q in qs):
        return True
    for root, *rest in chains:
        suffix = "." + ".".join(rest)
        if root + suffix in targets or any(q + suffix in targets for q in bindings.get(root, ())):
            return True
    return False


_STATEMENT_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


def _statements(tree: ast.Module):
    """Every statement of the module, at any depth (and the handlers and cases that hold
    them), without the expressions."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        for field in _STATEMENT_FIELDS:
            children = getattr(node, field, None)
            if type(children) is list:
                stack.extend(children)
                yield from children


@cache
def _tail_pattern(markers: MarkerTable) -> re.Pattern[str]:
    tails = sorted(_targets(markers)[1])
    return re.compile(r"\.(\s*)(" + "|".join(re.escape(t) for t in tails) + r")(?!\w)")


@cache
def _bare_targets(markers: MarkerTable) -> re.Pattern[str] | None:
    """The marker names with no dot, as words (a Name node can only spell those)."""
    bare = sorted(t for t in _targets(markers)[0] if "." not in t)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(t) for t in bare) + r")(?!\w)") if bare else None


def _text_chains(text: str, markers: MarkerTable) -> list[tuple[int, list[str]]] | None:
    """Every `root.a.tail` chain in `text` ending in a marker's last word (with the offset of
    its last dot), read backwards from each `.tail`; None when one may be written across lines
    (the caller walks the tree then)."""
    chains = []
    for match in _tail_pattern(markers).finditer(text):
        if "\n" in match.group(1) or "\r" in match.group(1):
            return None
        parts = _chain_before(text, match.start())
        if parts is None:
            return None
        if parts:
            chains.append((match.start(), [*parts, match.group(2)]))
    return chains


def _chain_before(text: str, dot: int) -> list[str] | None:
    """The names of the chain before the `.` at `dot` (`["jax", "numpy"]` before `.where`),
    [] when none (a call or subscript comes first: `f().jit`, as `_chain` has it), None when
    the chain may go on from an earlier line."""
    parts: list[str] = []
    while True:
        end = dot
        while end > 0 and text[end - 1] in " \t":
            end -= 1
        if end > 0 and text[end - 1] in "\n\r\\\f":
            return None  # `jax\n.jit`, maybe with a comment between
        start = end
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
        name = text[start:end]
        if not name.isidentifier():
            return []
        parts.append(name)
        before = start
        while before > 0 and text[before - 1] in " \t":
            before -= 1
        if before > 0 and text[before - 1] == ".":
            dot = before - 1
            continue
        if before > 0 and text[before - 1] in "\n\r\\\f" and _may_end_in_a_dot(text, before - 1):
            return None
        parts.reverse()
        return parts


def _may_end_in_a_dot(text: str, newline: int) -> bool:
    """Whether the line ending at `newline` may end in a `.` that a chain goes on from (its
    code ends in one, or a comment or string on it makes that hard to tell)."""
    line = text[text.rfind("\n", 0, newline) + 1:newline].rstrip(" \t\r\\\f")
    return line.endswith(".") or "#" in line


class _LineIndex:
    """Tells whether a chain found in the text is code: one in a docstring or a comment
    (`jax.jit` in the docs of a module that only calls its own `api.jit`) must not make the
    module a context holder, or libcst would parse it for nothing. Only the innermost statements
    holding the chain's line are walked."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: list[int] | None = None

    def holds_chain(self, tree: ast.Module, offset: int, parts: list[str]) -> bool:
        if "\r" in self.text:
            return True  # lines counted otherwise by `ast`: take the text's word for it
        if self.starts is None:
            self.starts = [0, *(m.end() for m in re.finditer("\n", self.text))]
        line = bisect.bisect_right(self.starts, offset)
        return any(
            type(node) is ast.Attribute and _chain(node) == parts
            for statement in _innermost(tree, line, self._after_code) for node in ast.walk(statement)
        )

    def _after_code(self, node: ast.stmt) -> bool:
        """Whether code comes before `node` on its first line (the header of the compound
        statement holding it: `def f(x, jit=jax.jit): return jit(x)`). Its `col_offset` counts
        UTF-8 bytes, which are characters where all before it is blank."""
        assert self.starts is not None
        start = self.starts[node.lineno - 1]
        return bool(self.text[start:start + node.col_offset].strip())


def _innermost(tree: ast.Module, line: int, after_code: Callable[[ast.stmt], bool]) -> list[ast.AST]:
    """The deepest statements whose lines (decorators included) hold `line`: one, or the simple
    statements a `;` joins on it (`n = 3; f = jax.jit(g)`), which are siblings; a compound
    statement whole where a statement of its own starts on `line` after code (`after_code`: its
    header may hold the chain)."""
    found: list[ast.AST] = []
    holder: ast.AST = tree
    while True:
        holding = []
        for field in _STATEMENT_FIELDS:
            for child in getattr(holder, field, None) or ():
                if not hasattr(child, "lineno"):  # a handler or match case: look inside
                    if _spans(child, line):
                        holding.append(child)
                    continue
                first = min([child.lineno, *(d.lineno for d in getattr(child, "decorator_list", ()))])
                if first <= line <= (child.end_lineno or child.lineno):
                    holding.append(child)
        if found and any(hasattr(child, "lineno") and child.lineno == line and after_code(child) for child in holding):
            return found  # the header shares the line with its body: `for y in jax.lax.map(f, xs): print(y)`
        if len(holding) != 1:
            return holding or found
        holder = holding[0]
        if hasattr(holder, "lineno"):
            found = holding


def _spans(node: ast.AST, line: int) -> bool:
    body = [n for field in _STATEMENT_FIELDS for n in getattr(node, field, None) or ()]
    return any(n.lineno <= line <= (n.end_lineno or n.lineno) for n in body if hasattr(n, "lineno"))


def _chain(node: ast.expr) -> list[str] | None:
    """`a.b.c` as ["a", "b", "c"]; None for a chain through a call or subscript.

    A call resolves to a name ending in `()`, which no marker has.
    """
    parts = []
    while type(node) is ast.Attribute:
        parts.append(node.attr)
        node = node.value
    if type(node) is not ast.Name:
        return None
    parts.append(node.id)
    parts.reverse()
    return parts


def _bind(bindings: dict[str, set[str]], prefixes: frozenset[str], local: str, qualified: str) -> bool:
    """Record that `local` may resolve to `qualified`, if that can lead to a marker at all.

    Only prefixes of marker names are kept: anything else stays no marker however it is
    extended, and keeping the sets finite ends the alias fixpoint (`node = node.parent`).
    """
    if qualified not in prefixes:
        return False
    found = bindings.setdefault(local, set())
    if qualified in found:
        return False
    found.add(qualified)
    return True


def _bind_aliases(bindings: dict[str, set[str]], prefixes: frozenset[str], aliases: list[tuple[str, list[str]]]) -> None:
    """Add what each `local = root.a.b` can resolve to, until nothing new is added."""
    changed = True
    while changed:
        changed = False
        for local, (root, *rest) in aliases:
            suffix = "".join("." + part for part in rest)
            for q in [root, *bindings.get(root, ())]:
                changed |= _bind(bindings, prefixes, local, q + suffix)

