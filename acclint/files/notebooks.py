"""Jupyter notebooks as one Python module: the code cells in order, so that a function jitted in
cell 2 and the helper it calls from cell 5 are analysed together, as the kernel runs them.

The module text puts a marker comment line before every cell (`# acclint-cell N`), so any line
of it maps back to a cell and a line in that cell, and a fixed module splits back into cells
however many lines a fix added. IPython syntax that is not Python (line magics `%time`, shell
escapes `!ls`, `x = !ls`, help `obj?`, and whole `%%` cell magics) becomes a `pass` placeholder
that names the original line, so it is never analysed and is restored verbatim after a fix.

Writing keeps the file as Jupyter wrote it: the JSON is edited in place (only changed cells'
`source` is replaced, in the list-of-lines or string form it had), keys keep their order,
indentation is detected, and the result is validated with `nbformat` before it is written.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cached_property

from acclint.common.refused import Refused
from acclint.common.lines import split_lines, split_lines_keepends

CELL_MARKER = re.compile(r"^# acclint-cell (\d+)$")
PLACEHOLDER = re.compile(r"^(\s*)pass  # acclint-ipython (\d+)$")
# IPython-only lines: magics, shell escapes (also assigned: `x = !ls`), help (`obj?`, `?obj`).
_IPYTHON_LINE = re.compile(r"^\s*(%|!|\?)|^\s*[\w.]+\s*=\s*[!%]|\?\s*$")


@dataclass
class Notebook:
    """A parsed notebook: its JSON, which code cells it has, and the module made of them."""

    data: dict
    indent: int | None
    code_cells: list[int]  # index in data["cells"] of each linted cell, in order
    replaced: list[str] = field(default_factory=list)  # original text of each placeholder
    # Line (1-based) of each cell's marker in the module; the cell's first line is one below.
    starts: list[int] = field(default_factory=list)
    trailing_newline: bool = True

    def cell_number(self, index: int) -> int:
        """The 1-based number Jupyter shows for the `index`-th linted cell (among all cells)."""
        return self.code_cells[index] + 1

    @cached_property
    def module(self) -> bytes:
        """What is linted: the module of the code cells, or nothing for another language."""
        return self.module_source() if is_python(self) else b""

    def locate(self, line: int) -> tuple[int, int]:
        """(cell number, line in that cell) of a line of the module: the last cell whose
        marker lies above it."""
        position = max(0, bisect_left(self.starts, line) - 1)
        return self.cell_number(position), max(1, line - self.starts[position])

    def cell_lines(self) -> dict[int, list[str]]:
        """The lines of each code cell, by the cell number Jupyter shows (for excerpts)."""
        return {self.cell_number(i): split_lines(_cell_text(self.data["cells"][index]))
                for i, index in enumerate(self.code_cells)}

    def relocate(self, message: str) -> str:
        """An error message about the module, with its "line N" said as "cell C, line L"."""
        def cell_line(match: re.Match) -> str:
            cell, line = self.locate(int(match.group(1)))
            return f"cell {cell}, line {line}"

        return re.sub(r"\bline (\d+)", cell_line, message)

    def module_source(self) -> bytes:
        lines: list[str] = []
        self.starts = []
        self.replaced = []
        for position, index in enumerate(self.code_cells):
            self.starts.append(len(lines) + 1)
            lines.append(f"# acclint-cell {position}")
            lines.extend(self._python_lines(_cell_text(self.data["cells"][index])))
        return ("\n".join(lines) + "\n").encode("utf-8")

    def _python_lines(self, text: str) -> list[str]:
        out: list[str] = []
        cell_magic = text.lstrip().startswith("%%")
        continued = False
        for line in text.split("\n"):
            ipython = cell_magic or continued or bool(_IPYTHON_LINE.search(line))
            if ipython and line.strip():
                indent = re.match(r"\s*", line).group() if not cell_magic else ""
                out.append(f"{indent}pass  # acclint-ipython {len(self.replaced)}")
                self.replaced.append(line)
                continued = line.rstrip().endswith("\\")
            else:
                out.append(line)
                continued = False
        return out

    def with_module(self, fixed: str) -> bytes:
        """The notebook file with its code cells replaced by those of `fixed` (a module made by
        `module_source` and then fixed), everything else as it was."""
        header: list[str] = []  # lines a fix put above the first cell (new imports)
        cells: list[list[str]] = []
        for line in fixed.split("\n"):
            if CELL_MARKER.match(line):
                cells.append([])
            elif cells:
                cells[-1].append(self._restored(line))
            elif line.strip():
                header.append(line)
        if len(cells) != len(self.code_cells):
            raise Refused("the fixed notebook lost a cell marker; nothing was written")
        for position, index in enumerate(self.code_cells):
            lines = (header if position == 0 else []) + cells[position]
            text = "\n".join(lines)
            if position == len(self.code_cells) - 1:
                text = text.removesuffix("\n")  # module_source's final newline
            cell = self.data["cells"][index]
            if text != _cell_text(cell):
                source = cell["source"]
                cell["source"] = text if isinstance(source, str) else split_lines_keepends(text)
        return self.dumps()

    def _restored(self, line: str) -> str:
        placeholder = PLACEHOLDER.match(line)
        return self.replaced[int(placeholder.group(2))] if placeholder else line

    def dumps(self) -> bytes:
        """The notebook's JSON as Jupyter writes it, after checking it with `nbformat`."""
        import nbformat  # only a fix that writes a notebook pays for the import

        try:
            nbformat.validate(nbformat.from_dict(self.data))
        except nbformat.ValidationError as exc:
            raise Refused(f"the fixed notebook would not be valid ({exc.message}); nothing was written") from None
        text = json.dumps(self.data, indent=self.indent, ensure_ascii=False)
        return (text + ("\n" if self.trailing_newline else "")).encode("utf-8")


def _cell_text(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def read_notebook(raw: bytes) -> Notebook:
    """The notebook in `raw`, or `Refused` saying why it cannot be linted."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise Refused(f"not a valid notebook: not UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise Refused(f"not a valid notebook: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise Refused("not a valid notebook: no list of cells (nbformat 4 is supported)")
    if data.get("nbformat", 4) < 4:
        raise Refused(f"nbformat {data.get('nbformat')} notebook; save it with Jupyter as nbformat 4")
    code_cells = []
    for index, cell in enumerate(data["cells"]):
        if not isinstance(cell, dict) or not isinstance(cell.get("source", ""), (str, list)):
            raise Refused(f"not a valid notebook: cell {index + 1} is malformed")
        if cell.get("cell_type") == "code":
            code_cells.append(index)
    text = raw.decode("utf-8")
    return Notebook(data, _indent(text), code_cells, trailing_newline=text.endswith("\n"))


def is_python(notebook: Notebook) -> bool:
    """Whether the kernel runs Python (a notebook that does not say is taken to)."""
    metadata = notebook.data.get("metadata") or {}
    language = (metadata.get("language_info") or {}).get("name") or (metadata.get("kernelspec") or {}).get("language")
    return language in (None, "python", "python3")


def _indent(text: str) -> int | None:
    """The JSON indentation the notebook was written with (Jupyter's is 1)."""
    match = re.search(r"\n( +)\"", text)
    return len(match.group(1)) if match else None
