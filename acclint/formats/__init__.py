"""Report formats for `acclint check --format NAME`: each turns a Report into the text to write.

`text` (people), `json` (scripts; DESIGN.md §3), `sarif` (code-scanning tools), `github`
(GitHub Actions annotations). `--statistics` uses `statistics` instead of any of them.
"""

from __future__ import annotations

from typing import Callable

from acclint.api import Report
from acclint.formats.github import format_github
from acclint.formats.json import format_json
from acclint.formats.sarif import format_sarif
from acclint.formats.text import format_text

FORMATS: dict[str, Callable[[Report], str]] = {
    "text": format_text,
    "json": format_json,
    "sarif": format_sarif,
    "github": format_github,
}
