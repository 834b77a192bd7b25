"""Write a fixed file atomically, keeping what the user's editor and tools rely on.

The bytes come from libcst, which keeps the file's encoding (`Module.encoding`, including a
UTF-8 BOM) and line endings (`Module.default_newline`, used for new lines too). They go to a
temporary file in the same directory, which takes the original's permission bits, and then
replace the original with `os.replace`: a reader sees the old file or the new, never half.
A symbolic link is written through: its target gets the fixed text and the link stays a link.
"""

from __future__ import annotations

import os
import stat
import tempfile


def write_atomic(path: str, data: bytes) -> None:
    path = os.path.realpath(path)
    directory = os.path.dirname(path)
    mode = stat.S_IMODE(os.stat(path).st_mode)
    fd, temp = tempfile.mkstemp(prefix=".acclint-", suffix=".py.tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise
