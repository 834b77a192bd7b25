"""Source lines as Python numbers them: split at `\r\n`, `\r` and `\n` only.

`str.splitlines` also splits at form feeds, `\x1c`-`\x1e`, `\x85`, `\u2028` and `\u2029`, which
Python's tokenizer reads as ordinary characters (a form feed is even valid indentation), so
indexing its result by a parser's line number picks the wrong line after any of them.
"""

from __future__ import annotations

import re


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def split_lines_keepends(text: str) -> list[str]:
    """The lines of `text` with their line ends, so that joining them gives `text` back."""
    return _LINE.findall(text)


def split_lines(text: str) -> list[str]:
    """The lines of `text` without their line ends (no empty last line after a final one)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines
