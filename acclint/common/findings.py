"""What a lint run produces: findings (with optional fixes) and per-file errors."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping

from acclint.common.lines import split_lines

if TYPE_CHECKING:  # annotations only: reading cached findings must not import libcst
    import libcst as cst


# How a message names a line of its file ("changed at line 12"): moved where the lines move
# (a notebook's cells, acclint.files.notebooks; an edit, acclint.server.slices).
LINE_MENTION = re.compile(r"\bline (\d+)")


@dataclass(frozen=True, eq=False)
class Fix:
    """A source edit that removes a finding, as libcst node replacements.

    `changes` maps nodes of the parsed module to their replacements; applying them with a
    transformer and regenerating the code keeps every untouched byte (comments, layout) as it
    was. `imports` are import statements (`"import jax.numpy as jnp"`) the replacement needs.
    `safe` is False where the fix can change behaviour (see the rule's "Fix safety"), and
    `reason` then says how. A replacement may also be a `cst.FlattenSentinel` (a statement
    replaced by several) or `cst.RemovalSentinel.REMOVE` (a statement the fix makes redundant).
    """

    title: str
    changes: Mapping[cst.CSTNode, cst.CSTNode | cst.FlattenSentinel | cst.RemovalSentinel]
    safe: bool = True
    imports: tuple[str, ...] = ()
    reason: str = ""
    # A fix read back from the result cache has no node edits; it keeps its one text
    # replacement, (start line, start column, end line, end column, new text), for the json
    # report (acclint.fix.span). None for a fix made by a lint.
    edit: tuple[int, int, int, int, str] | None = None


@dataclass(frozen=True)
class Finding:
    path: str
    line: int  # 1-based
    column: int  # 1-based
    code: str
    message: str
    end_line: int = 0
    end_column: int = 0
    fix: Fix | None = field(default=None, compare=False, repr=False)
    node: cst.CSTNode | None = field(default=None, compare=False, repr=False, hash=False)
    cell: int | None = None  # in a notebook: the cell (1-based, as Jupyter numbers them); `line` is in it

    @property
    def fixable(self) -> bool:
        return self.fix is not None

    @property
    def location(self) -> str:
        """`path:line:column`, or `nb.ipynb:cell 3:line 4:column` in a notebook."""
        if self.cell is not None:
            return f"{self.path}:cell {self.cell}:line {self.line}:{self.column}"
        return f"{self.path}:{self.line}:{self.column}"

    def sort_key(self) -> tuple[str, int, int, int, str]:
        return (self.path, self.cell or 0, self.line, self.column, self.code)


# How an error message places its problem: "(line 3, column 7)", in a notebook
# "(cell 2, line 3, column 7)" (acclint.parse.guard writes it, acclint.files.notebooks moves it).
ERROR_PLACE = re.compile(r"\((?:cell (\d+), )?line (\d+)(?:, column (\d+))?\)")
# How the message of a file Python's parser refuses begins (acclint.parse.guard).
SYNTAX_ERROR = "cannot parse: "
# The code of what was not analysed: a file (flake8, the language server, SARIF's result) or a
# function left out of a file that was (`FileResult.notes`, in every output but the text's).
NOT_ANALYSED = "ACC000"


@dataclass(frozen=True)
class FileError:
    """A file that could not be analysed, and why (exit status 2)."""

    path: str
    message: str

    def place(self) -> tuple[int | None, int, int] | None:
        """(cell or None, line, column) where the message places the problem (column 1 when it
        names only the line), or None where it names no place (a missing file, a refusal of
        the whole file)."""
        where = ERROR_PLACE.search(self.message)
        if where is None:
            return None
        return (int(where.group(1)) if where.group(1) else None), int(where.group(2)), int(where.group(3) or 1)

    def syntax_error(self) -> str | None:
        """`SyntaxError: <Python's message>` when Python's parser refused the file (ruff's
        wording for a syntax error), else None."""
        if not self.message.startswith(SYNTAX_ERROR):
            return None
        first = self.message.split("; ", 1)[0]  # a notebook adds the cells it left out
        return "SyntaxError: " + " ".join(ERROR_PLACE.sub("", first[len(SYNTAX_ERROR):]).split())


@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)
    error: FileError | None = None
    parsed: bool = False  # False when the text prefilter showed there was nothing to analyse
    module: cst.Module | None = field(default=None, repr=False)
    cells: dict[int, list[str]] | None = field(default=None, repr=False)  # a notebook's code cells
    text: str | None = field(default=None, repr=False)  # the source text linted (cut into `lines`)
    lines: list[str] | None = field(default=None, repr=False, compare=False)  # source_line's
    # Where the engine placed the findings' nodes (an acclint.lint.placing.Placer), for their
    # fixes' spans (acclint.fix.span); None where it was not used.
    placer: object | None = field(default=None, repr=False, compare=False)
    # (line, message): what the user should know of a file linted all the same (a function
    # left unanalysed, acclint.lint.engine).
    notes: list[tuple[int, str]] = field(default_factory=list)

    def source_line(self, finding: Finding) -> str | None:
        """The line of source a finding is on, for excerpts (None if unknown)."""
        if finding.cell is not None:
            lines = (self.cells or {}).get(finding.cell, [])
        else:
            lines = self._lines()
        return lines[finding.line - 1] if 0 < finding.line <= len(lines) else None

    def _lines(self) -> list[str]:
        """The file's lines, made once: from the text the file was linted from, else from the
        module's code (generated from the whole tree: 3 s of a 50,000-line file)."""
        if self.lines is None:
            source = self.text if self.text is not None else self.module.code if self.module is not None else ""
            self.lines = split_lines(source)
        return self.lines
