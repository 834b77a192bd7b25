"""The cheap tests that decide whether a file is worth parsing with libcst.

A file can hold a traced context only if its text names a context marker (`jit`, `grad`,
`scan`, `dlaccelerate`, `Acceleratable`, a configured accelerator, ...) as a word. Searching
the raw bytes with one compiled pattern costs far less than parsing, and most files of a
code base fail it. Words like `map`, `cond` and `grad` are common, though, so a file that
passes is then tested exactly on the `ast` tree (`names_a_marker`), which costs a fraction of
the libcst parse it saves.
"""

from __future__ import annotations

import ast
import re
from functools import cache

from acclint.frameworks.markers import MarkerTable


@cache
def marker_pattern(markers: MarkerTable) -> re.Pattern[bytes]:
    words = {name.rsplit(".", 1)[-1] for name in markers.markers}
    words |= {name.rsplit(".", 1)[-1] for name in markers.class_bases}
    alternation = b"|".join(re.escape(w.encode()) for w in sorted(words))
    return re.compile(rb"\b(?:" + alternation + rb")\b")


def may_hold_context(source: bytes, markers: MarkerTable) -> bool:
    return marker_pattern(markers).search(source) is not None


@cache
def _targets(markers: MarkerTable) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The qualified names that start a context, their last components, and their prefixes."""
    targets = frozenset(markers.markers) | markers.class_bases
    tails = frozenset(name.rsplit(".", 1)[-1] for name in targets)
    prefixes = frozenset(name[:i] for name in targets for i in range(len(name) + 1) if i == len(name) or name[i] == ".")
    return targets, tails, prefixes


def names_a_marker(tree: ast.Module, markers: MarkerTable) -> bool:
    """Whether any name in the module can resolve to a context marker or accelerated base.

    The second, exact stage of the prefilter, run on the `ast` tree the guard parsed anyway
    (a fraction of a libcst parse). Every context starts where a name resolves, through the
    module's imports and aliases (`acclint.analysis.names`), to a marker or an `Acceleratable` base:
    an imported or aliased name bound to one, or an attribute chain `root.a.marker` whose root
    resolves to a prefix of one. This test over-approximates that resolution: every binding a
    name ever gets counts, in any order, and so does the bare name itself (what an unbound or
    ambiguous name resolves to). A module that fails it has no context, so libcst need not
    parse it: in the sources of jax and its libraries, which import their own internals
    (`from jax._src import api`), that is two files in three of those naming `jit` or `grad`.
    """
    targets, tails, prefixes = _targets(markers)
    bindings: dict[str, set[str]] = {}
    aliases: list[tuple[str, list[str]]] = []
    chains: list[list[str]] = []
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
        elif kind is ast.Import:
            for alias in node.names:
                local = alias.asname or alias.name.split(".", 1)[0]
                _bind(bindings, prefixes, local, alias.name if alias.asname else local)
        elif kind is ast.ImportFrom:
            module = "." * node.level + (node.module or "")
            for alias in node.names:
                if alias.name == "*":
                    if any(t.startswith(module + ".") for t in targets):
                        return True
                    continue
                _bind(bindings, prefixes, alias.asname or alias.name, f"{module}.{alias.name}" if module else alias.name)
        elif kind is ast.Assign:
            if len(node.targets) == 1 and type(node.targets[0]) is ast.Name:
                parts = _chain(node.value)
                if parts is not None:
                    aliases.append((node.targets[0].id, parts))
    _bind_aliases(bindings, prefixes, aliases)
    if any(q in targets for qs in bindings.values() for q in qs):
        return True
    for root, *rest in chains:
        suffix = "." + ".".join(rest)
        if root + suffix in targets or any(q + suffix in targets for q in bindings.get(root, ())):
            return True
    return False


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
