"""Read one source file without hanging or exhausting memory on what is not a source file.

`Path.read_bytes` blocks forever on a FIFO named `x.py` (until something writes to it), reads
until memory runs out from a `*.py` symlink to `/dev/zero`, and reads a multi-gigabyte file
whole. `read_source` opens without blocking, looks at what it opened (`fstat` of the open file,
so a symlink is judged by its target and nothing can be swapped in between), refuses anything
but a regular file, and reads at most one byte past the size acclint analyses.

Every refusal is an `OSError` whose `strerror` says what is wrong, so callers that already
report unreadable files (`cannot read: <strerror>`) report these the same way.
"""

from __future__ import annotations

import errno
import os
import stat

# The largest file acclint reads (the parse guard refuses larger sources given as text too).
MAX_BYTES = 4 * 1024 * 1024


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class UnreadableSource(OSError):
    """A path that names no regular file acclint can read; `strerror` says why."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(errno.EINVAL, why, path)


def read_source(path: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them, or OSError (never a
    hang, never a huge read)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise UnreadableSource(path, why_not_opened(exc, path)) from None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise UnreadableSource(path, f"not a regular file ({kind_of(found.st_mode)})")
        data = b""
        if found.st_size <= limit:  # read one byte past the cap: the file may have grown
            with os.fdopen(fd, "rb", closefd=False) as stream:
                data = stream.read(limit + 1)
    finally:
        os.close(fd)
    size = max(found.st_size, len(data))
    if size > limit:
        raise UnreadableSource(path, f"file is {size / 1048576:.1f} MiB, over the {limit // 1048576} MiB acclint analyses")
    return data


def kind_of(mode: int) -> str:
    """What a path that is no regular file is, in words ("a FIFO")."""
    return next((name for test, name in _KINDS if test(mode)), "not a file")


def why_not_opened(exc: OSError, path: str) -> str:
    """Why `path` could not be opened or looked at, in words (a symlink loop says so, not
    'errno 40'); discovery says the same of a path it is given."""
    if exc.errno == errno.ELOOP:
        return "symbolic link loop"
    if exc.errno == errno.ENOENT:
        return "broken symbolic link" if os.path.islink(path) else "no such file or directory"
    return exc.strerror or str(exc)


def display_path(path: str) -> str:
    """`path` relative to the working directory when it lies below it (the `path` of the
    json report; the README's "JSON")."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return path
    return path if rel.startswith("..") else rel
