"""acclint as a flake8 plugin (code prefix `ACC`): findings in any editor that runs flake8.

flake8 hands the plugin the file's `lines` (an editor buffer, stdin, or the file), and the
plugin lints their text, not the file on disk. Selection and `# noqa` are flake8's business:
every rule runs and every finding is reported, so `--select`, `--extend-select`, `--ignore`,
`--per-file-ignores`, `# noqa` and `--disable-noqa` behave exactly as for flake8's own codes.
(The plugin turns the engine's own `# noqa` handling off, so that flake8 alone decides.)

Only `accelerators` and `differentiators` are read from `[tool.acclint]` (the nearest
pyproject.toml above the file, or above the working directory for stdin): they change what the
code means, not what is reported.

flake8 adds 1 to the column a plugin gives, so the plugin gives `column - 1`.

A file flake8 cannot parse never reaches the plugin (flake8 reports E999). A file flake8 can
parse but acclint cannot analyse (libcst rejects it, nesting too deep, a bad encoding) or a
bad `[tool.acclint]` gives exactly one finding, `ACC000`, on line 1, saying why: the file was
not checked, and that should not pass silently. `--extend-ignore ACC000` hides it.
"""

from __future__ import annotations

import io
import tokenize
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Iterator, Sequence

from acclint import __version__
from acclint.api import options_for
from acclint.config import ConfigError, Settings, find_pyproject, load_settings
from acclint.engine import LintOptions, lint_source

NOT_ANALYSED = "ACC000"
STDIN_NAMES = frozenset({"-", "stdin", "<stdin>"})


@cache
def _options(directory: Path) -> LintOptions:
    """Every rule, with the markers of the `[tool.acclint]` nearest `directory`."""
    pyproject = find_pyproject(directory)
    settings = load_settings(pyproject) if pyproject else Settings()
    options = options_for(Settings(accelerators=settings.accelerators, differentiators=settings.differentiators))
    return replace(options, noqa=False)


def _encode(text: str) -> bytes:
    """The text as the bytes of a file with the same PEP 263 declaration, so the engine reads
    it back to the same text (and the same columns)."""
    text = text.removeprefix("\ufeff")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(text.encode("utf-8")).readline)
        return text.encode(encoding.removesuffix("-sig"))
    except (SyntaxError, LookupError, UnicodeEncodeError):
        return text.encode("utf-8")


class AcclintChecker:
    """The flake8 entry point (`flake8.extension`: `ACC`)."""

    name = "acclint"
    version = __version__

    def __init__(self, tree, lines: Sequence[str], filename: str) -> None:
        # `tree` is unused but makes flake8 run this as a whole-file plugin.
        self.lines = lines
        self.filename = filename

    def run(self) -> Iterator[tuple[int, int, str, type]]:
        directory = Path.cwd() if self.filename in STDIN_NAMES else Path(self.filename).resolve().parent
        try:
            options = _options(directory)
        except ConfigError as exc:
            yield 1, 0, f"{NOT_ANALYSED} acclint could not read its configuration: {exc}", type(self)
            return
        source = _encode("".join(self.lines))
        result = lint_source(source, self.filename, options)
        if result.error is not None:
            yield 1, 0, f"{NOT_ANALYSED} acclint could not analyse this file: {result.error.message}", type(self)
            return
        for f in result.findings:
            yield f.line, f.column - 1, f"{f.code} {f.message}", type(self)
