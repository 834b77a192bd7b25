"""acclint as a flake8 plugin (code prefix `ACC`): findings in any editor that runs flake8.

flake8 hands the plugin the file's `lines` (an editor buffer, stdin, or the file), and the
plugin lints their text, not the file on disk. Selection and `# noqa` are flake8's business:
every rule runs and every finding is reported, so `--select`, `--extend-select`, `--ignore`,
`--per-file-ignores`, `# noqa` and `--disable-noqa` behave exactly as for flake8's own codes.
(The plugin turns the engine's own `# noqa` handling off, so that flake8 alone decides.)

Only `accelerators`, `differentiators`, `host-effects` and `strictness` are read from
`[tool.acclint]` (the nearest pyproject.toml above the file, or above the working directory for
stdin): they change what the code means, not what is reported.

A file inside a package is linted with the project-wide contexts of that package (every file
under its top-level package directory, analysed once per flake8 process): a helper module is
checked in the contexts the package's traced functions reach it in. A file outside any package,
and stdin, is linted alone, and acclint says nothing about what other modules may do.

flake8 adds 1 to the column a plugin gives, so the plugin gives `column - 1`.

A file flake8 cannot parse never reaches the plugin (flake8 reports E999). A file flake8 can
parse but acclint cannot analyse (libcst rejects it, nesting too deep, a bad encoding) or a
bad `[tool.acclint]` gives exactly one finding, `ACC000`, on line 1, saying why: the file was
not checked, and that should not pass silently. A function acclint had to leave out (its values
nested too deeply to follow) gives `ACC000` on its `def` line, for the same reason: the command
line prints it as a warning, and flake8 has no other channel. `--extend-ignore ACC000` hides both.
"""

from __future__ import annotations

import io
import tokenize
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Sequence

from acclint import __version__
from acclint.common.findings import NOT_ANALYSED
from acclint.run.options import for_file, options_for, project_of
from acclint.run.plan import with_packages
from acclint.run.config import ConfigError, Settings, find_pyproject, load_settings
from acclint.lint.engine import LintOptions, lint_source

if TYPE_CHECKING:
    from acclint.analysis.project import Project

STDIN_NAMES = frozenset({"-", "stdin", "<stdin>"})


@cache
def _options(directory: Path) -> LintOptions:
    """Every rule, with the markers of the `[tool.acclint]` nearest `directory`."""
    pyproject = find_pyproject(directory)
    settings = load_settings(pyproject) if pyproject else Settings()
    options = options_for(Settings(
        accelerators=settings.accelerators, differentiators=settings.differentiators,
        host_effects=settings.host_effects, strictness=settings.strictness,
    ))
    return replace(options, noqa=False)


@cache
def _package_seeds(path: str, options: LintOptions) -> tuple["Project", dict]:
    """The project of the package `path` lies in, and the seeds of its reach: flake8 lints one
    file at a time, and a helper's context may come from another module of its package."""
    project = project_of(with_packages([path], Settings()), options)
    return project, project.seeds()


def _with_package(filename: str, options: LintOptions) -> LintOptions:
    """`options` with the file's module name and seeds, when it lies in a package."""
    if filename in STDIN_NAMES:
        return options
    path = Path(filename).resolve()
    if not (path.parent / "__init__.py").is_file():
        return options  # no package to search: say nothing about other modules
    top = path.parent
    while (top.parent / "__init__.py").is_file():
        top = top.parent
    project, seeds = _package_seeds(str(top / "__init__.py"), options)
    return for_file(options, project, str(path), seeds) if str(path) in {str(Path(f).resolve()) for f in project.files} else options


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
        result = lint_source(source, self.filename, _with_package(self.filename, options))
        if result.error is not None:
            yield 1, 0, f"{NOT_ANALYSED} acclint could not analyse this file: {result.error.message}", type(self)
            return
        for f in result.findings:
            yield f.line, f.column - 1, f"{f.code} {f.message}", type(self)
        for line, note in result.notes:
            yield line, 0, f"{NOT_ANALYSED} {note}", type(self)
