"""Refuse input that would crash or stall libcst, with a message that names the problem.

libcst's native parser overflows its stack (the process dies) on expressions nested a few
thousand levels deep and takes minutes on very long operator chains. CPython's own parser is
robust and about fourteen times cheaper, so a file is first parsed with `ast`: that gives the
standard syntax error messages, and an iterative walk bounds the nesting depth before libcst
ever sees the file.
"""

from __future__ import annotations

import ast

MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 400


class Refused(Exception):
    """The file cannot be analysed; the message says why."""


def check_source(source: bytes) -> None:
    if len(source) > MAX_BYTES:
        raise Refused(f"file is {len(source) / 1048576:.1f} MiB, over the {MAX_BYTES // 1048576} MiB acclint analyses")
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        where = f"line {exc.lineno}" + (f", column {exc.offset}" if exc.offset else "")
        raise Refused(f"cannot parse: {exc.msg} ({where})") from None
    except (ValueError, UnicodeDecodeError) as exc:  # null bytes, bad encoding
        raise Refused(f"cannot read: {exc}") from None
    except (RecursionError, MemoryError):
        raise Refused("nested too deeply for Python's parser") from None
    if _deeper_than(tree, MAX_DEPTH):
        raise Refused(f"nested more than {MAX_DEPTH} levels deep; acclint does not analyse it")


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
