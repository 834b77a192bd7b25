"""Jupyter notebooks as one Python module: the code cells in order, so that a function jitted in
cell 2 and the helper it calls from cell 5 are analysed together, as the kernel runs them.

The module text puts a marker comment line before every cell (`# acclint-cell N`), so any line
of it maps back to a cell and a line in that cell, and a fixed module splits back into cells
however many lines a fix added. Each cell is read as IPython reads it (acclint.files.ipython):
an indented cell is dedented (its findings' columns are counted in the cell as written, and
a fix puts the indent back), and IPython syntax that is not Python (line magics `%time`,
shell escapes `!ls`, `x = !ls`, help `obj?`, automagic `cd ..`, whole `%%` cell magics)
becomes a `pass` placeholder that names the original line, so it is never analysed and is
restored verbatim after a fix. A cell that is still not Python becomes placeholders too: it is
reported (`broken`) and the other cells are linted.

A notebook whose JSON is not what nbformat 4 writes (a source list holding a number, an
`nbformat` that is no number, metadata that is no object, JSON nested too deeply to read) is
refused with the reason, and only that file is lost.

Writing keeps the file as Jupyter wrote it: the JSON is edited in place (only changed cells'
`source` is replaced, in the list-of-lines or string form it had), keys keep their order,
indentation is detected, and the result is validated with `nbformat` before it is written.
"""

from __future__ import annotations

import ast
import json
import re
import warnings
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cached_property

from acclint.common.findings import LINE_MENTION
from acclint.common.refused import Refused
from acclint.common.lines import split_lines, split_lines_keepends
from acclint.files.ipython import ipython_lines, leading_indent

CELL_MARKER = re.compile(r"^# acclint-cell (\d+)$")
PLACEHOLDER = re.compile(r"^(\s*)pass  # acclint-ipython (\d+)$")


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
    margins: list[str] = field(default_factory=list)  # the indent IPython strips from each linted cell
    broken: list[str] = field(default_factory=list)  # why each cell that is not Python was not linted

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

    def margin(self, line: int) -> int:
        """How many columns of a line of the module IPython's dedent took off (0 but in an
        indented cell): what a finding's columns need added to count in the cell as written."""
        if not line:
            return 0
        position = max(0, bisect_left(self.starts, line) - 1)
        return len(self.margins[position]) if position < len(self.margins) else 0

    def cell_lines(self) -> dict[int, list[str]]:
        """The lines of each code cell, by the cell number Jupyter shows (for excerpts)."""
        return {self.cell_number(i): split_lines(_cell_text(self.data["cells"][index]))
                for i, index in enumerate(self.code_cells)}

    def relocate(self, message: str) -> str:
        """An error message about the module, with its "line N" said as "cell C, line L"."""
        def cell_line(match: re.Match) -> str:
            cell, line = self.locate(int(match.group(1)))
            return f"cell {cell}, line {line}"

        return LINE_MENTION.sub(cell_line, message)

    def module_source(self) -> bytes:
        lines: list[str] = []
        self.starts, self.replaced, self.margins, self.broken = [], [], [], []
        for position, index in enumerate(self.code_cells):
            self.starts.append(len(lines) + 1)
            lines.append(f"# acclint-cell {position}")
            lines.extend(self._python_lines(_cell_text(self.data["cells"][index]), self.cell_number(position)))
        return ("\n".join(lines) + "\n").encode("utf-8")

    def _python_lines(self, text: str, number: int) -> list[str]:
        """The cell as the Python IPython runs, line for line: dedented, its IPython lines
        placeholders; all placeholders if that is still no Python (said in `broken`)."""
        written = text.split("\n")
        margin = leading_indent(written)
        self.margins.append(margin)
        dedented = [line[len(margin):] if line.startswith(margin) else line for line in written]
        if _not_python("\n".join(dedented)) is None:  # no IPython syntax parses as Python
            return dedented
        ipython = ipython_lines(dedented)
        first = len(self.replaced)
        magic_cell = next((line for line in dedented if line.strip()), "").lstrip().startswith("%%")
        out, indent = [], ""
        for i, line in enumerate(dedented):
            if i not in ipython or not line.strip():
                out.append(line)
                continue
            if not magic_cell and not (i - 1 in ipython and dedented[i - 1].rstrip().endswith("\\")):
                indent = line[: len(line) - len(line.lstrip())]  # a magic's continuation lines keep its indent
            out.append(self._placeholder(indent, written[i]))
        why = _not_python("\n".join(out))
        if why is None:
            return out
        del self.replaced[first:]
        self.broken.append(f"cell {number}{why}: not Python as IPython runs it (the other cells were linted)")
        return [self._placeholder("", line) if line.strip() else line for line in written]

    def _placeholder(self, indent: str, written: str) -> str:
        self.replaced.append(written)
        return f"{indent}pass  # acclint-ipython {len(self.replaced) - 1}"

    def with_module(self, fixed: str) -> bytes:
        """The notebook file with its code cells replaced by those of `fixed` (a module made by
        `module_source` and then fixed), everything else as it was."""
        if not self.starts:
            self.module_source()  # what each placeholder stands for, and each cell's indent
        header: list[str] = []  # lines a fix put above the first cell (new imports)
        cells: list[list[str]] = []
        for line in fixed.split("\n"):
            if CELL_MARKER.match(line):
                cells.append([])
            elif cells:
                cells[-1].append(line)
            elif line.strip():
                header.append(line)
        if len(cells) != len(self.code_cells):
            raise Refused("the fixed notebook lost a cell marker; nothing was written")
        for position, index in enumerate(self.code_cells):
            margin = self.margins[position] if position < len(self.margins) else ""
            lines = [self._restored(line, margin) for line in (header if position == 0 else []) + cells[position]]
            text = "\n".join(lines)
            if position == len(self.code_cells) - 1:
                text = text.removesuffix("\n")  # module_source's final newline
            cell = self.data["cells"][index]
            if text != _cell_text(cell):
                source = cell["source"]
                cell["source"] = text if isinstance(source, str) else split_lines_keepends(text)
        return self.dumps()

    def _restored(self, line: str, margin: str) -> str:
        """A line of a fixed cell as it is written in the notebook: a placeholder's original
        line, any other with the indent IPython's dedent took off put back."""
        placeholder = PLACEHOLDER.match(line)
        if placeholder:
            return self.replaced[int(placeholder.group(2))]
        return margin + line if margin and line.strip() else line

    def dumps(self) -> bytes:
        """The notebook's JSON as Jupyter writes it, after checking it with `nbformat`."""
        import nbformat  # only a fix that writes a notebook pays for the import

        try:
            nbformat.validate(nbformat.from_dict(self.data))
        except nbformat.ValidationError as exc:
            raise Refused(f"the fixed notebook would not be valid ({exc.message}); nothing was written") from None
        text = json.dumps(self.data, indent=self.indent, ensure_ascii=False)
        return (text + ("\n" if self.trailing_newline else "")).encode("utf-8")


def _not_python(text: str) -> str | None:
    """Why `text` (a cell) does not parse as Python (", line L: what"), or None."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning: invalid escape sequences
            ast.parse(text)
    except SyntaxError as exc:
        return f", line {exc.lineno}: {exc.msg}" if exc.lineno else f": {exc.msg}"
    except (ValueError, RecursionError, MemoryError) as exc:
        return f": {exc}" if str(exc) else ": nested too deeply"
    return None


def _cell_text(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def read_notebook(raw: bytes) -> Notebook:
    """The notebook in `raw`, or `Refused` saying why it cannot be linted (where in the file)."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise Refused(f"not a valid notebook: not UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise Refused(f"not a valid notebook: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise Refused("not a valid notebook: its JSON is nested too deeply to read") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise Refused("not a valid notebook: no list of cells (nbformat 4 is supported)")
    version = data.get("nbformat", 4)
    if type(version) is not int:
        raise Refused(f"not a valid notebook: nbformat is {json.dumps(version)[:40]}, not a number (Jupyter writes 4)")
    if version < 4:
        raise Refused(f"nbformat {version} notebook; save it with Jupyter as nbformat 4")
    _check_metadata(data.get("metadata", {}), "metadata")
    code_cells = []
    for index, cell in enumerate(data["cells"]):
        if not isinstance(cell, dict):
            raise Refused(f"not a valid notebook: cell {index + 1} is not an object")
        source = cell.get("source", "")
        if not isinstance(source, (str, list)):
            raise Refused(f"not a valid notebook: cell {index + 1}: source is neither text nor a list of lines")
        if isinstance(source, list) and not all(isinstance(line, str) for line in source):
            bad = next(line for line in source if not isinstance(line, str))
            raise Refused(f"not a valid notebook: cell {index + 1}: source holds {json.dumps(bad)[:40]}, not a line of text")
        if cell.get("cell_type") == "code":
            code_cells.append(index)
    text = raw.decode("utf-8")
    return Notebook(data, _indent(text), code_cells, trailing_newline=text.endswith("\n"))


def _check_metadata(metadata, where: str) -> None:
    """Refuse metadata that is not what nbformat writes where acclint reads it (the language)."""
    if not isinstance(metadata, dict):
        raise Refused(f"not a valid notebook: {where} is {type(metadata).__name__}, not an object")
    for key in ("language_info", "kernelspec"):
        part = metadata.get(key)
        if part is not None and not isinstance(part, dict):
            raise Refused(f"not a valid notebook: {where}.{key} is {type(part).__name__}, not an object")


def is_python(notebook: Notebook) -> bool:
    """Whether the kernel runs Python (a notebook that does not say is taken to)."""
    metadata = notebook.data.get("metadata") or {}
    language = (metadata.get("language_info") or {}).get("name") or (metadata.get("kernelspec") or {}).get("language")
    return language in (None, "python", "python3")


def _indent(text: str) -> int | None:
    """The JSON indentation the notebook was written with (Jupyter's is 1)."""
    match = re.search(r"\n( +)\"", text)
    return len(match.group(1)) if match else None
