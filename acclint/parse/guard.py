"""Refuse input that would crash or stall libcst, with a message that names the problem.

libcst's native parser overflows its stack (the process dies) on expressions nested a few
thousand levels deep (an `and` chain of 8000 terms is enough, though `ast` keeps it flat) and
takes seconds on operator chains of a thousand terms. CPython's own parser is robust and about
fourteen times cheaper, so a file is first parsed with `ast`: that gives the standard syntax
error messages, and the nesting depth is bounded before libcst ever sees the file.

Bounding the depth costs nothing extra where it can: CPython 3.11 builds the `ast` objects
recursively and raises RecursionError once the tree is deeper than three levels per frame of
recursion limit left, so the parse runs under a limit lowered to admit `MAX_DEPTH` levels and
no more. A self-test at the first parse checks that this Python behaves so; where it does
not, an iterative walk of the tree measures the depth instead. (Run at import, the test failed
whenever the import itself ran deep in importlib: the C calls between its Python frames count
towards the limit, and the frame count does not see them. Importing acclint.lint.engine first
chose the walk, 0.5 s more a 50,000-line file.) `ast` keeps `a and b and c` as one flat
node where libcst nests it, so long boolean chains are bounded separately (a text count rules
them out in almost every file; only the rest are walked). So are dotted names in imports:
`ast` keeps `import a.a.a` as one string, libcst nests one `Attribute` per dot, and its native
parser kills the process from about 6,000 parts (a file with fewer dots than the bound cannot
hold one; the others have their import statements, not their expressions, looked at).

The bounds keep every recursion of the analysis (and of libcst's own validation, code
generation and visitors) within `RECURSION_LIMIT` Python frames, which `bounded_recursion`
grants while a file is linted. That is well below what an 8 MiB C stack holds (measured here:
20,000 frames recursing through C calls), so anything deeper that slips past the bounds
raises RecursionError, which refuses that one file, instead of overflowing the C stack.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from contextlib import contextmanager
from functools import cache
from typing import Iterator

from acclint.common.findings import SYNTAX_ERROR
from acclint.common.refused import Refused
from acclint.files.sources import MAX_BYTES

# libcst builds a few nodes per token, about 2.5 KB of memory and 30 µs each (measured here on
# a list literal of 400,000 elements: 1.9 GB, 24 s to parse), and even `ast` takes seconds on
# millions. Delimiters and operators stand for the tokens, counted in one pass of C: a file
# of 50,000 lines of dense traced code holds about 300,000 (benchmarks/gen_big_jitted.py), a
# 2-million-element list 2 million. Code is linted up to MAX_PUNCTUATION, which a file of
# ordinary code within the byte cap (MAX_BYTES: about 800,000 at that density) does not
# reach; a statement whose data literals (lists, tuples, sets and dicts of constants) hold
# more than MAX_DATA is refused as the data blob it is.
MAX_PUNCTUATION = 1_000_000
MAX_DATA = 250_000
_NOT_PUNCTUATION = bytes(range(256)).translate(None, b",.()[]{}:;=+-*/%<>&|^~@")
MAX_DEPTH = 400
# Python frames a file's lint may use on top of its caller's. A file within the bounds above
# needs under 1,000 for the lint and under 2,000 for libcst's own visitors (measured on
# expressions of every nesting kind at MAX_DEPTH).
RECURSION_LIMIT = 5000
_BOOLEAN_WORD = re.compile(rb"\b(?:and|or)\b")
_FOR_WORD = re.compile(rb"\bfor\b")
# A closing quote, then an opening one: where two string literals may meet (`"a" "b"`); empty
# and triple-quoted strings match too, so this only rules files out.
_ADJACENT_QUOTES = re.compile(rb"""['"][ \t\f\r\n\\]*[rRbBuUfF]{0,2}['"]""")


def check_source(source: bytes) -> ast.Module:
    """The file's `ast` tree, or Refused if libcst must not see the file."""
    check_size(source)
    try:
        tree = _parse(source)
    except SyntaxError as exc:
        raise Refused(f"{SYNTAX_ERROR}{exc.msg}{_where(source, exc)}{_newer_syntax(exc)}") from None
    except (ValueError, UnicodeDecodeError) as exc:  # null bytes, bad encoding
        raise Refused(f"cannot read: {exc}") from None
    except RecursionError:
        raise Refused(f"nested more than {MAX_DEPTH} levels deep; acclint does not analyse it") from None
    except MemoryError:
        raise Refused("nested too deeply for Python's parser") from None
    chain = _long_chain(source, tree)
    if chain is not None:
        raise Refused(f"{chain[0]} (line {chain[1]}); acclint does not analyse it")
    dotted = _long_dotted_import(source, tree)
    if dotted is not None:
        raise Refused(f"a dotted name of more than {MAX_DEPTH} parts (line {dotted}); acclint does not analyse it")
    _check_data(source, tree)
    return tree


def check_size(source: bytes) -> None:
    """Refused if the file is too large for libcst, whatever its syntax. The bounds of
    `check_source` past these lie within one top-level statement, so a file whose statements
    each pass `check_source` alone passes it whole if it passes this (acclint.server.reparse
    checks an edited statement so)."""
    if len(source) > MAX_BYTES:
        raise Refused(f"file is {len(source) / 1048576:.1f} MiB, over the {MAX_BYTES // 1048576} MiB acclint analyses")
    punctuation = _punctuation(source)
    if punctuation > MAX_PUNCTUATION:
        raise Refused(f"file holds {punctuation:,} operators and delimiters, over the {MAX_PUNCTUATION:,} acclint analyses in one file")


def _punctuation(source: bytes) -> int:
    return len(source.translate(None, _NOT_PUNCTUATION))


_DISPLAYS = (ast.List, ast.Tuple, ast.Set, ast.Dict)


def _check_data(source: bytes, tree: ast.Module) -> None:
    """Refused if one top-level statement's data literals hold more than MAX_DATA operators
    and delimiters. A data literal is a list, tuple, set or dict whose items are constants or
    data literals, counted whole where it is not inside another. Only a statement that holds
    more than MAX_DATA in all is walked (text counts rule the others out), so ordinary code,
    however long, is never refused, and the bound lies within one statement (check_size)."""
    if _punctuation(source) <= MAX_DATA:
        return
    lines = _utf8_lines(source)
    for statement in tree.body:
        if _punctuation(b"".join(lines[_first_line(statement) - 1:statement.end_lineno])) <= MAX_DATA:
            continue
        total, largest = 0, None
        stack: list[ast.AST] = [statement]
        while stack:
            node = stack.pop()
            if isinstance(node, _DISPLAYS) and _is_data(node):
                count = _punctuation(_segment(node, lines))
                total += count
                if largest is None or count > largest[0]:
                    largest = (count, node)
                continue
            stack.extend(ast.iter_child_nodes(node))
        if largest is not None and total > MAX_DATA:
            node = largest[1]
            raise Refused(
                f"data literals of {total:,} operators and delimiters in one statement (the largest: line "
                f"{node.lineno}, {_items(node):,} items), over the {MAX_DATA:,} acclint analyses: a data table "
                "belongs in a data file (.npy, .json) read at run time"
            )


def _is_data(node: ast.AST) -> bool:
    """Whether `node` is a constant or a display of constants, at any depth (iteratively: a
    data literal may be nested deeply)."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Constant):
            continue
        if isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant):
            continue
        if isinstance(node, ast.Dict):
            if None in node.keys:
                return False
            stack.extend(node.keys)
            stack.extend(node.values)
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            stack.extend(node.elts)
        else:
            return False
    return True


def _items(node: ast.AST) -> int:
    return len(node.keys) if isinstance(node, ast.Dict) else len(node.elts)


def _segment(node: ast.expr, lines: list[bytes]) -> bytes:
    """The UTF-8 text of `node` (`ast` offsets count bytes of UTF-8)."""
    first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    if first == last:
        return lines[first][node.col_offset:node.end_col_offset]
    return lines[first][node.col_offset:] + b"".join(lines[first + 1:last]) + lines[last][:node.end_col_offset]


def _where(source: bytes, exc: SyntaxError) -> str:
    """` (line L, column C)` for a syntax error, as far as Python says (nothing for what it
    does not: a NUL byte's error carries no line, so the first NUL byte is looked up)."""
    line, column = exc.lineno, exc.offset
    if not line and b"\0" in source:
        start = source.index(b"\0")
        line, column = source.count(b"\n", 0, start) + 1, start - source.rfind(b"\n", 0, start)
    if not line:
        return ""
    return f" (line {line}" + (f", column {column})" if column and column > 0 else ")")


# Syntax the running Python may be too old for, by the start of the line it refused.
_NEWER = (
    (re.compile(r"\s*type\s+\w+\s*[\[=]"), "a 'type' alias (PEP 695)", (3, 12)),
    (re.compile(r"\s*(?:async\s+)?(?:def|class)\s+\w+\s*\["), "type parameters (PEP 695)", (3, 12)),
)


def _newer_syntax(exc: SyntaxError) -> str:
    """A hint naming the Python version a syntax error may need, when the refused line looks
    like syntax newer than the running Python (acclint checks files with its own parser)."""
    text = exc.text or ""
    for pattern, what, version in _NEWER:
        if sys.version_info < version and pattern.match(text):
            break
    else:
        if not (sys.version_info < (3, 12) and exc.msg.startswith("f-string")):
            return ""
        what, version = "an f-string nesting quotes or expressions (PEP 701)", (3, 12)
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    return f"; this looks like {what}, which needs Python {version[0]}.{version[1]}: run acclint with Python {version[0]}.{version[1]} or newer (it runs on {running})"


@contextmanager
def bounded_recursion() -> Iterator[None]:
    """Run with room for `RECURSION_LIMIT` more Python frames, exactly: more than Python's
    default where a caller left it lower, less where a caller raised it past what the C stack
    holds. The caller's limit is restored after."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(_frame_depth() + RECURSION_LIMIT)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def _frame_depth() -> int:
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return depth


def _bounded_parse(source: bytes) -> ast.Module:
    """`ast.parse`, raising RecursionError for a tree deeper than about MAX_DEPTH levels."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(_frame_depth() + MAX_DEPTH // 3 + 1)
    try:
        return ast.parse(source)
    finally:
        sys.setrecursionlimit(old)


def _walked_parse(source: bytes) -> ast.Module:
    tree = ast.parse(source)
    if _deeper_than(tree, MAX_DEPTH):
        raise RecursionError
    return tree


def _deeper_than(tree: ast.AST, limit: int) -> bool:
    iter_child = ast.iter_child_nodes
    stack = [(tree, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        node, depth = pop()
        if depth > limit:
            return True
        depth += 1
        for child in iter_child(node):
            push((child, depth))
    return False


def _bounding_works() -> bool:
    """Whether this Python's `ast` construction stops at the lowered recursion limit."""
    def chain(depth: int) -> bytes:
        return b"x = " + b"-" * depth + b"1\n"

    try:
        _bounded_parse(chain(MAX_DEPTH - 10))
    except RecursionError:
        return False
    try:
        _bounded_parse(chain(MAX_DEPTH + 10))
    except RecursionError:
        return True
    return False


@cache
def _chosen_parse():
    """`_bounded_parse` where this Python stops at the lowered limit, else `_walked_parse`
    (chosen at the first parse)."""
    return _bounded_parse if _bounding_works() else _walked_parse


def _parse(source: bytes) -> ast.Module:
    return _chosen_parse()(source)


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _long_chain(source: bytes, tree: ast.Module) -> tuple[str, int] | None:
    """A chain `ast` keeps flat and libcst nests one level per term, past MAX_DEPTH terms:
    `a and b and ...`, `[x for a in b for c in d ...]`, `"a" "b" ...`. Text counts rule them
    out in almost every file; only the top-level statements whose own text could hold one are
    walked (a chain lies within one statement)."""
    if not any(_may_chain(source)):
        return None
    lines = _utf8_lines(source)  # split where `ast` counts lines (\n, \r\n, \r)
    for statement in tree.body:
        kinds = _may_chain(b"".join(lines[_first_line(statement) - 1:statement.end_lineno]))
        found = _chain_in(statement, lines, *kinds) if any(kinds) else None
        if found is not None:
            return found
    return None


def _may_chain(source: bytes) -> tuple[bool, bool, bool]:
    """Whether `source` has words enough for a long boolean chain, comprehension, string."""
    return (
        len(_BOOLEAN_WORD.findall(source)) > MAX_DEPTH,
        len(_FOR_WORD.findall(source)) > MAX_DEPTH,
        len(_ADJACENT_QUOTES.findall(source)) > MAX_DEPTH,
    )


def _first_line(statement: ast.stmt) -> int:
    return min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))])


def _chain_in(statement: ast.stmt, lines: list[bytes], booleans: bool, fors: bool, strings: bool) -> tuple[str, int] | None:
    for node in ast.walk(statement):
        if booleans and isinstance(node, ast.BoolOp) and len(node.values) > MAX_DEPTH:
            return f"a boolean chain of more than {MAX_DEPTH} terms", node.lineno
        if fors and isinstance(node, _COMPREHENSIONS) and len(node.generators) > MAX_DEPTH:
            return f"a comprehension of more than {MAX_DEPTH} 'for' clauses", node.lineno
        if strings and _is_string(node) and _string_parts(node, lines) > MAX_DEPTH:
            return f"more than {MAX_DEPTH} adjacent string literals", node.lineno
    return None


def _is_string(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes))


def _utf8_lines(source: bytes) -> list[bytes]:
    """The lines of `source` in UTF-8, the encoding `ast` offsets count in."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
        text = source.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError):
        text = source.decode("utf-8", "replace")
    return text.encode("utf-8").splitlines(keepends=True)


def _string_parts(node: ast.expr, lines: list[bytes]) -> int:
    """How many literals the string `node` is written as (one unless implicitly joined)."""
    first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    if last == first and (node.end_col_offset or 0) - node.col_offset < 2 * MAX_DEPTH:
        return 1  # too short to hold that many literals, each at least two quotes long
    segment = b"".join(lines[first:last + 1])
    segment = segment[node.col_offset:len(segment) - len(lines[last]) + (node.end_col_offset or 0)]
    readline = io.BytesIO(b"(" + segment + b")").readline
    try:
        return sum(1 for token in tokenize.tokenize(readline) if token.type == tokenize.STRING or token.type == getattr(tokenize, "FSTRING_START", -1))
    except (tokenize.TokenError, SyntaxError):
        return 1


def _long_dotted_import(source: bytes, tree: ast.Module) -> int | None:
    """The line of an import naming a module of more than MAX_DEPTH dotted parts, if any."""
    if source.count(b".") <= MAX_DEPTH:
        return None
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            for child in getattr(node, field, ()):
                if isinstance(child, ast.Import):
                    names = [alias.name for alias in child.names]
                elif isinstance(child, ast.ImportFrom):
                    names = [child.module or ""]
                else:
                    if isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                        stack.append(child)
                    continue
                if any(name.count(".") >= MAX_DEPTH for name in names):
                    return child.lineno
    return None
