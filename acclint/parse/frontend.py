"""The front end: each file's bytes decoded, screened and parsed once, for every entry point.

`screen` runs the cheap passes in order and stops as soon as one rules the file out: decoding
(a bad encoding is a `Refused`), the text prefilter (does any word name a context marker?),
the parse guard (CPython's parser, with the nesting bounds libcst needs) and the exact `ast`
prefilter on the tree the guard made. Its `Screened` verdict is all the project layer and the
engine need to skip a file; the `ast` tree is handed to the caller once (the project index reads
its top-level functions and imports) and never parsed again in the run. `parse_module` is the
one libcst parse, for files that may hold a context or that a fix rewrites.

The CLI, the API, the flake8 plugin and the language server all reach parsing through here (the
engine's `lint_source` and the project layer call it), so a file's errors read the same whoever
asks.
"""

from __future__ import annotations

import ast
import gc
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

import libcst as cst
from libcst._nodes.base import CSTNode

from acclint.common.collector import set_aside
from acclint.common.refused import Refused
from acclint.files.decoding import decode
from acclint.frameworks.markers import MarkerTable
from acclint.parse.guard import check_source
from acclint.parse.prefilter import marker_names, may_hold_context


@dataclass(frozen=True)
class Screened:
    """What the cheap passes found in one file's bytes.

    `error`: why the file cannot be analysed (bad encoding; with `guarded`, anything the parse
    guard refuses). `guarded`: whether the guard ran (it runs only when the text names a marker,
    or when the caller needs the tree: a file without any marker is never parsed, and a syntax
    error in it is nobody's business). `names_marker`: whether some name in it may resolve to a
    context marker (false when it was not guarded; the same whether or not the guard was asked
    for). `spells_marker`: whether such a name is spelled somewhere other than the import
    binding it (acclint.parse.prefilter.marker_names): where it is not, libcst parses the module
    only for what other modules give it (acclint.analysis.worth_parsing)."""

    error: Refused | None = None
    guarded: bool = False
    names_marker: bool = False
    spells_marker: bool = False
    # `hash()` of the bytes screened: a verdict is used only for the same bytes (a caller may
    # read a notebook's JSON where another reads its module). None for a verdict kept between
    # runs, whose bytes' hash this process cannot compare.
    source: int | None = None
    # Each top-level statement of the `ast` tree: the line it starts on (its first decorator's,
    # if any) and its `ast` class name; None when it was not parsed. The engine places
    # findings within a statement's lines with it (acclint.lint.placing).
    outline: tuple[tuple[int, str], ...] | None = field(default=None, compare=False, repr=False)
    # The words its code spells, where the project indexed it (acclint.analysis.project.FileIndex):
    # whether it may apply a wrapper of another module is read off them (None: off the source).
    spelled: frozenset[str] | None = field(default=None, compare=False, repr=False)

    def of(self, source: bytes) -> bool:
        """Whether this verdict was made on `source`."""
        return self.source is not None and self.source == hash(source)

    def answers(self, guard: bool) -> bool:
        """Whether it answers a question that may need the guard's parse (`guard`, as `screen`
        takes it): a verdict made without the guard says nothing of a file's syntax."""
        return self.guarded or not guard or self.error is not None


def screen(source: bytes, markers: MarkerTable, guard: bool = False) -> tuple[Screened, ast.Module | None]:
    """The verdict on `source`, and its `ast` tree when the guard passed it (`guard`: run the
    guard even when the text names no marker)."""
    key = hash(source)
    try:
        text = decode(source)
    except Refused as exc:
        return Screened(error=exc, source=key), None
    # A file whose text spells no marker's word calls none, whatever its `ast` says (a star
    # import from jax binds them all): the verdict must not depend on whether the guard was
    # asked for, or a run that parses a file early (a parallel run's parent) would start the
    # reach from it where another run does not.
    words = may_hold_context(source, markers)
    if not guard and not words:
        return Screened(source=key), None
    try:
        tree = check_source(source)
    except Refused as exc:
        return Screened(error=exc, guarded=True, source=key), None
    names, spells = marker_names(tree, markers, text) if words else (False, False)
    return Screened(guarded=True, names_marker=names, spells_marker=spells, source=key, outline=outline(tree)), tree


def outline(tree: ast.Module) -> tuple[tuple[int, str], ...]:
    """`Screened.outline` of `tree`."""
    return tuple(
        (min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))]), type(statement).__name__)
        for statement in tree.body
    )


# libcst validates every node it builds (`CSTNode.__post_init__` calls `_validate`), which is
# for nodes a program builds: a tree its own parser made from valid Python is valid, and the
# checks are about a third of a parse. (libcst's own comment there: "It might make more sense
# to move validation work into the visitor, which would allow us to avoid validating the tree
# when parsing a file.") The check is skipped for the thread that is parsing, and only while it
# parses; nodes built anywhere else (the fixer's) are validated as before.
_parsing = threading.local()
_validate_node = CSTNode.__post_init__


def _post_init(node: CSTNode) -> None:
    if not getattr(_parsing, "active", False):
        _validate_node(node)


CSTNode.__post_init__ = _post_init


@contextmanager
def _parsing_quietly() -> Iterator[None]:
    """No node validation on this thread, and no cyclic garbage collection (a parse allocates
    hundreds of thousands of acyclic nodes, and each collection they trigger scans everything
    the process holds, such as the modules of every file parsed before) while it lasts."""
    collecting = gc.isenabled()
    gc.disable()
    _parsing.active = True
    try:
        yield
    finally:
        _parsing.active = False
        if collecting:
            gc.enable()


def parse_module(source: bytes | str) -> cst.Module:
    """libcst's module of `source`, which the guard has passed (raises libcst's
    ParserSyntaxError for the little valid Python libcst cannot read). In a run that keeps
    what it parses, the module is set aside from the collector at once
    (acclint.common.collector.parsed_trees_set_aside)."""
    with _parsing_quietly():
        module = cst.parse_module(source)
        set_aside()
        return module
