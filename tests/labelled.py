"""Helpers for tests written as labelled snippets: `# expect: CODE` marks each flagged line."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from acclint.api import lint_text
from acclint.crosscheck.labels import read_labels
from acclint.run.config import Settings

# torch.compile's graph breaks (a branch on a tensor, a print: the results are right) are reported
# only under `--strictness pedantic` (acclint/frameworks/torch_compile.toml, `[breaks] codes`). The
# tests that probe whether a compiled body is reached with a branch lint with it.
BREAKS = Settings(strictness="pedantic")

LABEL = re.compile(r"#\s*expect:\s*((?:ACC\d+\s*)+)$")


def labels(source: str, label: re.Pattern[str] = LABEL) -> set[tuple[int, str]]:
    """The (line, code) pairs the comments matching `label` mark (`# expect: CODE` by default)."""
    out = set()
    for number, line in enumerate(source.splitlines(), 1):
        match = label.search(line)
        if match:
            out |= {(number, code) for code in match.group(1).split()}
    return out


def findings(source: str, settings: Settings = Settings()) -> set[tuple[int, str]]:
    result = lint_text(source, "snippet.py", settings)
    assert result.error is None, result.error
    return {(f.line, f.code) for f in result.findings}


def assert_labels_match(source: str, settings: Settings = Settings()) -> None:
    source = textwrap.dedent(source)
    expected, found = labels(source), findings(source, settings)
    lines = source.splitlines()

    def show(items):
        return "\n".join(f"  {line}: {code} | {lines[line - 1].strip()}" for line, code in sorted(items))

    assert found == expected, f"missed:\n{show(expected - found)}\nextra:\n{show(found - expected)}"


def family_labels_and_findings(source: str, family: str) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(labelled, found): the (line, code) pairs the cross-check's labels mark in `source`, and
    those of the findings whose code starts with `family` (`"ACC5"`), each sorted."""
    labelled = read_labels(source, Path("case"))
    expected = sorted((line, code) for line, codes in labelled.items() for code in codes)
    result = lint_text(source, "case.py")
    assert result.error is None, result.error
    return expected, sorted((f.line, f.code) for f in result.findings if f.code.startswith(family))
