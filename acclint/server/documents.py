"""What the server lints as one file, and where its findings and fixes go back: a text document
(one part), or a notebook whose Python code cells are linted as one module, as `acclint check`
lints a `.ipynb` file (acclint.files.notebooks), so a function jitted in one cell and the helper it
calls in another are analysed together; each finding goes back to its cell, and a fix of the
module goes back as new cell texts.

The editor sends a notebook's cell texts, not its JSON, so the notebook is rebuilt from them (as
nbformat 4 code cells, which is all acclint.files.notebooks reads).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from acclint.common.findings import FileError, Finding
from acclint.files.notebooks import Notebook


@dataclass(frozen=True)
class Part:
    """One editor document of what is linted: the text document itself, or one cell."""

    uri: str
    text: str
    version: int | None


@dataclass
class Document:
    path: str
    parts: list[Part]
    notebook: Notebook | None = None  # set for a notebook: its cells as one module

    @classmethod
    def of_cells(cls, path: str, cells: list[Part]) -> Document:
        data = {
            "cells": [
                {"cell_type": "code", "source": c.text, "metadata": {}, "outputs": [], "execution_count": None}
                for c in cells
            ],
            "metadata": {},
            "nbformat": 4,
            "nbformat_minor": 4,
        }
        return cls(path, cells, Notebook(data, None, list(range(len(cells)))))

    @property
    def source(self) -> bytes:
        """The bytes acclint lints: the text, or the module of the cells."""
        if self.notebook is not None:
            return self.notebook.module
        return encode(self.parts[0].text)

    def index(self, uri: str) -> int | None:
        return next((i for i, part in enumerate(self.parts) if part.uri == uri), None)

    def place_line(self, line: int) -> tuple[int, int]:
        """(part, line in that part) of a line of `source`."""
        if self.notebook is None or not self.parts:
            return 0, line
        cell, in_cell = self.notebook.locate(line)
        return cell - 1, in_cell

    def place(self, finding: Finding) -> tuple[int, Finding]:
        """The part a finding is in, and the finding with its lines counted in that part (and
        a line its message names, where a hidden input changes, said as "cell C, line L")."""
        if self.notebook is None:
            return 0, finding
        part, line = self.place_line(finding.line)
        _, end_line = self.place_line(finding.end_line) if finding.end_line else (part, 0)
        message = self.notebook.relocate(finding.message)
        column = finding.column + self.notebook.margin(finding.line)  # in an indented cell, as written
        end_column = finding.end_column + self.notebook.margin(finding.end_line)
        return part, replace(finding, cell=part + 1, line=line, end_line=end_line, column=column, end_column=end_column,
                             message=message)

    def message(self, error: FileError) -> str:
        """The error's message, with a module line said as "cell C, line L" in a notebook."""
        return self.notebook.relocate(error.message) if self.notebook is not None else error.message

    def texts_after(self, fixed: bytes) -> list[str]:
        """Each part's text once `source` is `fixed` (Refused if a fix lost a cell)."""
        if self.notebook is None:
            return [decode(fixed)]
        rebuilt = Document.of_cells(self.path, self.parts).notebook  # with_module edits its cells
        data = json.loads(rebuilt.with_module(decode(fixed)))
        return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in data["cells"]]


def encode(text: str) -> bytes:
    """A buffer's bytes; a lone surrogate (which JSON can carry) is kept so that decoding
    reports it as an invalid file rather than failing here."""
    return text.encode("utf-8", "surrogatepass")


def decode(source: bytes) -> str:
    return source.decode("utf-8", "surrogatepass")
