"""`# noqa` suppression, the flake8 way: bare `# noqa` silences a line, `# noqa: ACC201,ACC3`
silences the listed codes and every code they prefix."""

from __future__ import annotations

import re

# flake8's own pattern (flake8/defaults.py, NOQA_INLINE_REGEXP), so a comment means the same
# to both tools.
NOQA = re.compile(r"# noqa(?::[\s]?(?P<codes>([A-Z]+[0-9]+(?:[,\s]+)?)+))?", re.IGNORECASE)
_SEPARATOR = re.compile(r"[,\s]+")


# A comment line of its own, anywhere in the file: `# acclint: noqa` (every code) or
# `# acclint: noqa: ACC4, ACC301` (those codes and the codes they prefix), as ruff's `# ruff: noqa`.
FILE_NOQA = re.compile(r"^[ \t\f]*#\s*acclint:\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]*(?:[,\s]+[A-Z]+[0-9]*)*))?\s*$",
                       re.IGNORECASE | re.MULTILINE)


def file_ignored(text: str) -> tuple[str, ...]:
    """The code prefixes a file-level `# acclint: noqa` comment silences in `text`."""
    if "acclint" not in text:
        return ()
    codes: tuple[str, ...] = ()
    for match in FILE_NOQA.finditer(text):
        listed = match.group("codes")
        codes += tuple(c.upper() for c in _SEPARATOR.split(listed.strip()) if c) if listed else ("ACC",)
    return codes


def suppressed(line_text: str, code: str) -> bool:
    if "#" not in line_text:
        return False
    match = NOQA.search(line_text)
    if match is None:
        return False
    codes = match.group("codes")
    if not codes:
        return True
    return any(code.startswith(c.upper()) for c in _SEPARATOR.split(codes.strip()) if c)
