"""The language server parses again only the top-level statement an edit touched
(acclint.server.reparse): whatever the edit, the module it gives is the module a full parse
gives, or there is none and the server parses the whole file."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from acclint.server.reparse import Parsed, reparse, statement_starts

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "example" / "train.py"
SOURCE = (
    "# coding: utf-8\n"
    '"""A module."""\n'
    "import jax\n"
    "\n"
    "\n"
    "# the step\n"
    "@jax.jit\n"
    "def step(x):\n"
    "    if x > 0:\n"
    "        x = x + 1\n"
    "    return x\n"
    "    # an indented comment ends the body\n"
    "x = 1; y = 2\n"
    "\n"
    "\n"
    "def helper(y):\n"
    "    return y\n"
    "# the footer\n"
)


def same_as_full_parse(old: Parsed, new: str) -> Parsed | None:
    again = reparse(old, new.encode())
    if again is not None:
        assert again.module.code == new
        assert again.module.deep_equals(cst.parse_module(new))
        assert again.starts == statement_starts(again.module)
    return again


@pytest.mark.parametrize(
    "old, new, done",
    [
        ("    if x > 0:\n", "    if x >= 0:\n", True),  # inside a function body
        ("    return x\n", "    return x\n    print(x)\n", True),  # a line added to the body
        ("@jax.jit\n", "@jax.jit  # cached\n", True),  # a decorator
        ("# the step\n", "# the cached step\n", True),  # a comment above a function
        ("x = 1; y = 2\n", "x = 1; y = 3\n", True),  # two small statements on one line
        ("    return y\n", "    return y\n\n\ndef more():\n    pass\n", False),  # a new top-level function
        ("    return x\n", "    return x\nz = 0\n", False),  # a statement added after a function
        ("    if x > 0:\n", "    if x > 0\n", False),  # a syntax error
        ('"""A module."""\n', '"""The module."""\n', False),  # the first two lines
        ("# the footer\n", "# the new footer\n", False),  # the footer
        ("        x = x + 1\n", "x = x + 1\n", False),  # a line that leaves the function
    ],
)
def test_an_edit_parses_its_statement_alone_or_not_at_all(old, new, done):
    parsed = Parsed(SOURCE.encode(), cst.parse_module(SOURCE))
    edited = SOURCE.replace(old, new, 1)
    assert edited != SOURCE
    try:
        cst.parse_module(edited)
    except cst.ParserSyntaxError:
        assert reparse(parsed, edited.encode()) is None
        return
    assert (same_as_full_parse(parsed, edited) is not None) == done


def test_every_line_of_a_real_module_deleted_doubled_or_emptied():
    """Each edit of each line of the example, one after another from the last result (as
    keystrokes come): a reparse is always the full parse, and most edits are reparsed."""
    text = EXAMPLE.read_text()
    lines = text.splitlines(keepends=True)
    parsed = Parsed(text.encode(), cst.parse_module(text))
    reparsed = tried = 0
    for number in range(2, len(lines)):
        for change in ([], [lines[number]] * 2, ["\n"]):
            edited = "".join([*lines[:number], *change, *lines[number + 1:]])
            try:
                cst.parse_module(edited)
            except cst.ParserSyntaxError:
                continue
            tried += 1
            again = same_as_full_parse(parsed, edited)
            reparsed += again is not None
            # and back again, from the edited module
            back = same_as_full_parse(again, text) if again is not None else None
            parsed = back or parsed
    assert tried > 50 and reparsed > tried // 2, (reparsed, tried)
