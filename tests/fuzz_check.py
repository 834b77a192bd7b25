"""One fuzzed program through acclint, as the fuzz tests and benchmarks/fuzz.py both run it.

`lint_program` lints a program's bytes with the engine (every rule) and the flake8 plugin and
checks what must hold for any input: nothing raises; the engine either analyses the file or
refuses it with a message; every finding lies inside the file; flake8 reports what the
engine reports. It returns the outcome so a long run can count them.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from acclint.api import options_for
from acclint.run.config import Settings
from acclint.lint.engine import lint_source
from acclint.flake8_plugin import NOT_ANALYSED, AcclintChecker
from acclint.common.lines import split_lines
from fuzz_programs import python_accepts

OPTIONS = options_for(Settings())
LIBCST_REFUSED = "libcst, the parser acclint uses, cannot parse this file although Python can"


@dataclass
class Outcome:
    python_accepts: bool
    analysed: bool  # parsed with libcst and analysed (not stopped by the prefilter or refused)
    findings: int
    error: str | None

    @property
    def libcst_refused(self) -> bool:
        """Valid Python that libcst cannot parse (counted, as the issue asks)."""
        return self.error is not None and self.error.startswith(LIBCST_REFUSED)


def lint_program(program: str, path: str = "fuzzed.py") -> Outcome:
    source = program.encode("utf-8")
    result = lint_source(source, path, OPTIONS)
    lines = split_lines(program)
    for f in result.findings:
        assert 1 <= f.line <= max(len(lines), 1) and f.column >= 1, (f, program)
        assert (f.end_line, f.end_column) >= (f.line, f.column), (f, program)
    if result.error is not None:
        assert result.error.message and "line None" not in result.error.message and "column -1" not in result.error.message
    # flake8 hands over the file's lines as Python's readlines splits them (not at form feeds).
    given = io.StringIO(program, newline="").readlines()
    plugin = [(line, message.split(" ", 1)[0]) for line, _, message, _ in AcclintChecker(None, given, path).run()]
    if result.error is None:
        assert sorted(plugin) == sorted((f.line, f.code) for f in result.findings)
    else:
        assert plugin == [(1, NOT_ANALYSED)]
    return Outcome(python_accepts(program), result.parsed and result.error is None, len(result.findings), result.error.message if result.error else None)
