"""The dotted name Python imports a file as, from its path alone (no file is read).

The project layer indexes every linted file by it (acclint.analysis.project), and the result
cache names a file added since the last run by it before deciding whether the project must be
worked out again (acclint.run.cache): so it lives here, where asking costs no import of the
analysis.
"""

from __future__ import annotations

from pathlib import Path


def module_name(path: Path) -> str:
    """The dotted name Python imports `path` as: its package path, or its stem for a script."""
    path = path.resolve()
    parts = [] if path.name == "__init__.py" else [path.stem]
    directory = path.parent
    while (directory / "__init__.py").is_file():
        parts.append(directory.name)
        directory = directory.parent
    return ".".join(reversed(parts))
