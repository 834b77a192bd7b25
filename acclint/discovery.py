"""Which files a run lints: `*.py` under the given paths, minus what is never user code."""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path
from typing import Iterable, Iterator

# Directories that never hold code to lint (VCS data, caches, virtual environments, builds).
SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", "__pycache__", ".venv", "venv", ".env", "env", ".tox", ".nox",
     "build", "dist", ".eggs", ".mypy_cache", ".pytest_cache", ".ruff_cache", "node_modules",
     "site-packages"}
)


def _is_virtualenv(directory: str) -> bool:
    return os.path.isfile(os.path.join(directory, "pyvenv.cfg"))


def excluded(path: str, patterns: Iterable[str]) -> bool:
    """Whether `path` (or any of its parent directories) matches an exclude glob."""
    posix = Path(path).as_posix()
    parts = posix.split("/")
    for pattern in patterns:
        pattern = pattern.rstrip("/")
        if fnmatch.fnmatch(posix, pattern) or fnmatch.fnmatch(posix, f"*/{pattern}"):
            return True
        if any(fnmatch.fnmatch(part, pattern) for part in parts):
            return True
    return False


def find_files(paths: Iterable[str], exclude: Iterable[str] = ()) -> Iterator[str]:
    """Yield the Python files under `paths`, sorted within each directory.

    A file named explicitly is always linted (as ruff and flake8 do), whatever its suffix;
    directories are searched for `*.py`. A path that does not exist raises FileNotFoundError.
    """
    exclude = tuple(exclude)
    for given in paths:
        if os.path.isfile(given):
            yield given
            continue
        if not os.path.isdir(given):
            raise FileNotFoundError(given)
        for root, dirs, files in os.walk(given):
            dirs[:] = sorted(
                d for d in dirs
                if d not in SKIPPED_DIRS
                and not d.endswith(".egg-info")
                and not _is_virtualenv(os.path.join(root, d))
                and not excluded(os.path.join(root, d), exclude)
            )
            for name in sorted(files):
                if name.endswith(".py"):
                    full = os.path.join(root, name)
                    if not excluded(full, exclude):
                        yield os.path.normpath(full)
