"""acclint's results in the Language Server Protocol's terms: diagnostics, ranges in the units
the client counts (UTF-16 by default), and text edits.

acclint counts columns in code points; pygls's position codec converts them to what the client
negotiated. Lines are counted as the protocol counts them (`\\n`, `\\r\\n`, `\\r`), which is how
Python and libcst count them too (acclint.server.edits.lines_of).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from acclint.report.docs import page_name
from acclint.common.findings import NOT_ANALYSED, FileError, Finding
from acclint.report.links import rule_url
from acclint.server.edits import LineEdit, lines_of

SOURCE = "acclint"
FIX_ALL = "source.fixAll.acclint"
# Ends the message of a finding kept from the last text that could be analysed, shown while the
# text cannot be (a syntax error being typed).
STALE = "(stale: from the last version that could be analysed)"
# The rule pages of a source checkout (an editable install); an installed wheel has none.
_RULE_PAGES = Path(__file__).resolve().parents[2] / "docs" / "rules"


@cache
def rule_page(code: str) -> str | None:
    """The URI of `code`'s documentation page: the published page where acclint's project URLs
    name one (acclint.report.links, as SARIF's helpUri), else the page in this source checkout, if any."""
    name = page_name(code)
    page = _RULE_PAGES / name
    return rule_url(name) or (page.as_uri() if page.is_file() else None)


def position(lines: list[str], line: int, column: int, codec: PositionCodec) -> types.Position:
    """The client position of acclint's 1-based `line` and code-point `column` (1-based)."""
    return codec.position_to_client_units(lines, ServerTextPosition(line - 1, column - 1))


def diagnostic(finding: Finding, lines: list[str], codec: PositionCodec) -> types.Diagnostic:
    start = position(lines, finding.line, finding.column, codec)
    end = position(lines, finding.end_line, finding.end_column, codec) if finding.end_line else start
    href = rule_page(finding.code)
    return types.Diagnostic(
        range=types.Range(start, end),
        message=finding.message,
        severity=types.DiagnosticSeverity.Warning,
        code=finding.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
        data={"fixable": finding.fixable, "safe": bool(finding.fix and finding.fix.safe)},
    )


def error_position(message: str) -> tuple[int, int] | None:
    """The (line, column) an analysis error names, if it names one."""
    place = FileError("", message).place()
    return place[1:] if place is not None else None


def error_diagnostic(
    error: FileError, lines: list[str], codec: PositionCodec, where: tuple[int, int] | None = None
) -> types.Diagnostic:
    """The file could not be analysed: one error at `where` (by default the place the parser
    names, else line 1), so the file does not pass for clean."""
    line, column = where or error_position(error.message) or (1, 1)
    line = min(line, max(len(lines), 1))
    start = position(lines, line, column, codec)
    line_text = lines[line - 1].rstrip("\r\n") if line <= len(lines) else ""
    end = position(lines, line, len(line_text) + 1, codec) if line_text else start
    return types.Diagnostic(
        range=types.Range(start, end),
        message=f"acclint could not analyse this file: {error.message}",
        severity=types.DiagnosticSeverity.Error,
        code=NOT_ANALYSED,
        source=SOURCE,
    )


def note_diagnostic(line: int, note: str, lines: list[str], codec: PositionCodec) -> types.Diagnostic:
    """A function the analysis left out (`FileResult.notes`): a warning on its `def` line, so
    that silence there is not taken for a clean bill."""
    line = min(line, max(len(lines), 1))
    line_text = lines[line - 1].rstrip("\r\n") if line <= len(lines) else ""
    start = position(lines, line, 1, codec)
    end = position(lines, line, len(line_text) + 1, codec) if line_text else start
    return types.Diagnostic(
        range=types.Range(start, end), message=note, severity=types.DiagnosticSeverity.Warning,
        code=NOT_ANALYSED, source=SOURCE,
    )


def text_edits(edits: list[LineEdit], text: str, codec: PositionCodec) -> list[types.TextEdit]:
    """Line edits of `text` as protocol edits (whole lines, so only line numbers matter,
    except at the end of a text whose last line has no line break)."""
    lines = lines_of(text)

    def at(line: int) -> types.Position:
        if line < len(lines) or not lines or lines[-1].endswith(("\n", "\r")):
            return types.Position(line, 0)
        return types.Position(len(lines) - 1, codec.client_num_units(lines[-1]))

    return [types.TextEdit(types.Range(at(e.start), at(e.end)), e.text) for e in edits]
