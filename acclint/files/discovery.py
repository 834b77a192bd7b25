"""Which files a run lints: Python files and notebooks under the given paths, minus what is
never user code, what `exclude` names and what `.gitignore` ignores.

As ruff does: a file named on the command line is linted whatever its name (unless
`--force-exclude`, which pre-commit needs because it names every staged file), directories are
searched for the `include` globs (`*.py`, `*.ipynb`, plus `extend-include`), and `.gitignore`
files (in the searched directories and their parents up to the repository root, and
`.git/info/exclude`) are honoured unless `--no-respect-gitignore`. A path that cannot be used
(missing, a broken or looping link, an unreadable directory, a FIFO or device) is an error for
that path alone: the run goes on with the others. A walk does not follow links to directories
(as ruff's does not); a link loop it meets is an error whatever its name.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from acclint.common.findings import FileError
from acclint.files.sources import kind_of, why_not_opened

# Directories that never hold code to lint (VCS data, caches, virtual environments, builds).
SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", "__pycache__", ".venv", "venv", ".env", "env", ".tox", ".nox",
     "build", "dist", ".eggs", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".acclint_cache",
     "node_modules", "site-packages", ".ipynb_checkpoints"}
)
INCLUDE = ("*.py", "*.ipynb")


@dataclass(frozen=True)
class Selection:
    """How paths become files: the settings and flags that decide it."""

    exclude: tuple[str, ...] = ()
    extend_include: tuple[str, ...] = ()
    respect_gitignore: bool = True
    force_exclude: bool = False

    def included(self, name: str) -> bool:
        return any(fnmatch.fnmatch(name, glob) for glob in INCLUDE + self.extend_include)


@dataclass
class Discovered:
    files: list[str] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)


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


def discover(paths: Iterable[str], selection: Selection = Selection()) -> Discovered:
    """The files under `paths` (sorted within each directory) and an error per unusable path."""
    found = Discovered()
    ignores = GitIgnores() if selection.respect_gitignore else None
    for given in paths:
        problem = _unusable(given)
        if problem is not None:
            found.errors.append(FileError(given, problem))
        elif os.path.isdir(given):
            if ignores is not None:
                ignores.named(given)
            _walk(given, selection, ignores, found)
        elif not selection.force_exclude or not _dropped(given, selection, ignores):
            found.files.append(given)
    return found


def _unusable(path: str) -> str | None:
    """Why `path` cannot be linted, or None (a directory or a regular file, links followed)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        why = why_not_opened(exc, path)
        return why if exc.errno in (errno.ELOOP, errno.ENOENT) else f"cannot access: {why}"
    if stat.S_ISDIR(mode):
        if not os.access(path, os.R_OK | os.X_OK):
            return "cannot read directory: permission denied"
        return None
    if not stat.S_ISREG(mode):
        return f"not a regular file ({kind_of(mode)}); skipped"
    return None


def _dropped(path: str, selection: Selection, ignores: GitIgnores | None, is_dir: bool = False) -> bool:
    """Whether `exclude` or `.gitignore` leave `path` out."""
    if excluded(path, selection.exclude):
        return True
    return ignores is not None and ignores.ignored(path, is_dir)


def _walk(top: str, selection: Selection, ignores: GitIgnores | None, found: Discovered) -> None:
    def unreadable(exc: OSError) -> None:
        found.errors.append(FileError(exc.filename or top, f"cannot read directory: {exc.strerror or exc}"))

    for root, dirs, files in os.walk(top, onerror=unreadable):
        kept = []
        for d in sorted(dirs):
            full = os.path.join(root, d)
            if d in SKIPPED_DIRS or d.endswith(".egg-info") or _is_virtualenv(full):
                continue
            if _dropped(full, selection, ignores, is_dir=True):
                continue
            kept.append(d)
        dirs[:] = kept
        for name in sorted(files):
            full = os.path.normpath(os.path.join(root, name))
            if not selection.included(name):
                if _looping_link(full) and not _dropped(full, selection, ignores):
                    found.errors.append(FileError(full, _unusable(full)))
                continue
            if _dropped(full, selection, ignores):
                continue
            problem = _unusable(full)
            if problem is None:
                found.files.append(full)
            else:
                found.errors.append(FileError(full, problem))


def _looping_link(path: str) -> bool:
    """Whether `path` is a symbolic link that leads back to itself. Whatever its name, it is an
    error met in a walk as it is when named: it may stand for a directory of code, and can
    stand for nothing (a dangling link to a data file is no one's business, a loop always is).
    Only a link costs a second look (an `lstat` of a plain file, a `stat` of a link)."""
    if not os.path.islink(path):
        return False
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def _is_virtualenv(directory: str) -> bool:
    return os.path.isfile(os.path.join(directory, "pyvenv.cfg"))


class GitIgnores:
    """The `.gitignore` rules that apply to a path, as git applies them: every `.gitignore`
    from the repository root down to the path's directory (a deeper one overrides), then
    `.git/info/exclude`. Outside a repository, the `.gitignore` files of the path's directory
    and its parents still count (as ruff's `ignore` crate does with `require_git(false)`).
    One instance serves one run: it keeps the rules of each directory it has looked at.

    A directory named on the command line is searched even when an ignore file above it
    ignores it, as ruff does: inside it only its own ignore files and those of the
    directories below it count (the `ignore` crate's walk from an ignored root)."""

    def __init__(self) -> None:
        self._by_directory: dict[Path, tuple] = {}
        self._named: list[Path] = []  # directories named on the command line that are themselves ignored

    def named(self, directory: str) -> None:
        """`directory` was named on the command line: if the rules above it ignore it, its
        files answer to its own ignore files alone."""
        if self.ignored(directory, True):
            self._named.append(Path(os.path.abspath(directory)))

    def ignored(self, path: str, is_dir: bool) -> bool:
        path = os.path.abspath(path)
        specs = self._specs(Path(os.path.dirname(path)))
        if not specs:  # most trees: no ignore file anywhere above
            return False
        roots = [root for root in self._named if Path(path).is_relative_to(root) and Path(path) != root]
        if roots:
            root = max(roots, key=lambda r: len(r.parts))
            specs = tuple((base, spec) for base, spec in specs if base.is_relative_to(root))
        verdict = None
        for base, spec in specs:
            relative = Path(path).relative_to(base).as_posix() + ("/" if is_dir else "")
            result = spec.check_file(relative)
            if result.include is not None:
                verdict = result.include
        return bool(verdict)

    def _specs(self, directory: Path) -> tuple:
        """(base directory, spec) pairs from the outermost to `directory`."""
        found = self._by_directory.get(directory)
        if found is None:
            root = _is_repository_root(directory)
            outer = () if directory.parent == directory or root else self._specs(directory.parent)
            own = [_spec(directory / ".git" / "info" / "exclude")] if root else []
            own.append(_spec(directory / ".gitignore"))
            found = self._by_directory[directory] = outer + tuple((directory, spec) for spec in own if spec is not None)
        return found


def _is_repository_root(directory: Path) -> bool:
    return (directory / ".git").exists()


def _spec(file: Path):
    """The rules of one ignore file, or None if it does not exist or cannot be read."""
    try:
        lines = file.read_text("utf-8", errors="replace").splitlines()
    except OSError:
        return None
    import pathspec  # only runs that meet a .gitignore pay for the import

    return pathspec.GitIgnoreSpec.from_lines(lines)
