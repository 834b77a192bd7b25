"""Hypothesis strategies for fuzzing acclint with generated Python programs.

Shared by the engine's fuzz tests (tests/test_fuzz.py), the fixer's, and the long run
(benchmarks/fuzz.py). `programs()` draws source text from hypothesmith's two generators:
`from_grammar()` (any text the grammar derives, often odd but valid) and `from_node()`
(libcst node trees printed back, closer to real code). Most generated programs hold no
accelerated function, so the prefilter would stop them at the door; `jitted(program)` wraps a
program in an `@jax.jit` function so that it reaches the analysis and every rule, and
`traced_programs()` draws such wrapped programs directly.

A wrapped program keeps module-level-only statements (`from x import *`, `__future__`
imports) at module level, since Python refuses them in a function body.
"""

from __future__ import annotations

import ast
import re
import warnings

import hypothesmith
from hypothesis import strategies as st

JIT_HEADER = "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef traced(x, y):\n"
# Python's line ends only: `str.splitlines` also splits at form feeds and other characters
# that do not end a line for the tokenizer, which would shift the `ast` line numbers.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")


def programs() -> st.SearchStrategy[str]:
    """Valid Python source text from either of hypothesmith's generators."""
    return st.one_of(hypothesmith.from_grammar(), hypothesmith.from_node())


def python_accepts(source: str) -> bool:
    """Whether this Python's own parser (and compiler checks) accept `source`."""
    try:
        with warnings.catch_warnings():  # generated code is full of `1()` and the like
            warnings.simplefilter("ignore", SyntaxWarning)
            compile(source, "<fuzz>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def jitted(program: str) -> str:
    """`program` as the body of an `@jax.jit` function taking `x` and `y` (both traced).

    Statements that may only stand at module level (`__future__` and star imports) stay in
    front of the function. A program that does not parse is wrapped as it is (the result
    then does not parse either, which callers filter with `python_accepts`).
    """
    try:
        tree = ast.parse(program)
    except (SyntaxError, ValueError):
        return JIT_HEADER + _indent(_lines(program)) + "\n    return x\n"
    lines = _lines(program)
    outside: list[str] = []
    inside: list[str] = []
    taken = 0
    for statement in tree.body:
        decorators = getattr(statement, "decorator_list", ())  # they precede the `def` line
        start = min([statement.lineno, *(d.lineno for d in decorators)]) - 1
        end = statement.end_lineno
        chunk = lines[start:end]
        module_only = isinstance(statement, ast.ImportFrom) and (
            statement.module == "__future__" or any(alias.name == "*" for alias in statement.names)
        )
        if module_only and start >= taken:
            outside.extend(chunk)
        else:
            inside.extend(lines[max(start, taken):end])
        taken = max(taken, end)
    return _ended("".join(outside)) + JIT_HEADER + _ended(_indent(inside)) + "    return x\n"


def _lines(text: str) -> list[str]:
    return [line for line in _LINE.findall(text) if line]


def _indent(lines: list[str]) -> str:
    return "".join("    " + line for line in lines)


def _ended(text: str) -> str:
    return text + "\n" if text and not text.endswith(("\n", "\r")) else text


def traced_programs() -> st.SearchStrategy[str]:
    """Generated programs wrapped in an `@jax.jit` function, so the analysis runs on them."""
    return programs().map(jitted)
