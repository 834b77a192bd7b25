"""`# noqa` suppression, the flake8 way: bare `# noqa` silences a line, `# noqa: ACC201,ACC3`
silences the listed codes and every code they prefix."""

from __future__ import annotations

import re

# flake8's own pattern (flake8/defaults.py, NOQA_INLINE_REGEXP), so a comment means the same
# to both tools.
NOQA = re.compile(r"# noqa(?::[\s]?(?P<codes>([A-Z]+[0-9]+(?:[,\s]+)?)+))?", re.IGNORECASE)
_SEPARATOR = re.compile(r"[,\s]+")


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
