"""Refuse input that would crash or stall libcst, with a message that names the problem.

libcst's native parser overflows its stack (the process dies) on expressions nested a few
thousand levels deep (an `and` chain of 8000 terms is enough, though `ast` keeps it flat) and
takes seconds on operator chains of a thousand terms. CPython's own parser is robust and about
fourteen times cheaper, so a file is first parsed with `ast`: that gives the standard syntax
error messages, and the nesting depth is bounded before libcst ever sees the file.

Bounding the depth costs nothing extra where it can: CPython 3.11 builds the `ast` objects
recursively and raises RecursionError once the tree is deeper than three levels per frame of
recursion limit left, so the parse runs under a limit lowered to admit `MAX_DEPTH` levels and
no more. A self-test at import checks that this Python behaves so; where it does not, an
iterative walk of the tree measures the depth instead. `ast` keeps `a and b and c` as one flat
node where libcst nests it, so long boolean chains are bounded separately (a text count rules
them out in almost every file; only the rest are walked).
"""

from __future__ import annotations

import ast
import re
import sys

MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 400
_BOOLEAN_WORD = re.compile(rb"\b(?:and|or)\b")


class Refused(Exception):
    """The file cannot be analysed; the message says why."""


def check_source(source: bytes) -> ast.Module:
    """The file's `ast` tree, or Refused if libcst must not see the file."""
    if len(source) > MAX_BYTES:
        raise Refused(f"file is {len(source) / 1048576:.1f} MiB, over the {MAX_BYTES // 1048576} MiB acclint analyses")
    try:
        tree = _parse(source)
    except SyntaxError as exc:
        where = f"line {exc.lineno}" + (f", column {exc.offset}" if exc.offset else "")
        raise Refused(f"cannot parse: {exc.msg} ({where})") from None
    except (ValueError, UnicodeDecodeError) as exc:  # null bytes, bad encoding
        raise Refused(f"cannot read: {exc}") from None
    except RecursionError:
        raise Refused(f"nested more than {MAX_DEPTH} levels deep; acclint does not analyse it") from None
    except MemoryError:
        raise Refused("nested too deeply for Python's parser") from None
    if _long_boolean_chain(source, tree):
        raise Refused(f"a boolean chain of more than {MAX_DEPTH} terms; acclint does not analyse it")
    return tree


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


_parse = _bounded_parse if _bounding_works() else _walked_parse


def _long_boolean_chain(source: bytes, tree: ast.Module) -> bool:
    if len(_BOOLEAN_WORD.findall(source)) <= MAX_DEPTH:
        return False  # too few `and`/`or` words in the whole file for one chain that long
    return any(isinstance(node, ast.BoolOp) and len(node.values) > MAX_DEPTH for node in ast.walk(tree))
