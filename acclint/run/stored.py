"""How the result cache's file is read and written so that it can never make a run hang, run
out of memory, or report what a clean run would not (acclint.run.cache).

The file is one JSON object whose first members say what it is (its schema, the layout's format
and acclint's version) and carry the SHA-256 of the bytes of its `data` member, which it ends
with:

    {"schema": "acclint-cache", "format": 2, "version": "0.1.0", "sha256": "…", "data": {…}}

so a changed byte anywhere in the data (a line number flipped by hand, a disk error, a write
cut short) fails the check and the whole file is ignored. It is opened without blocking and
read only if it is a regular file of at most `MAX_BYTES` (acclint.files.sources.read_source:
never a FIFO, `/dev/zero` or a sparse file of gigabytes). It is written to a temporary file
in the same directory, which replaces it only when complete and is removed on any failure.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

import acclint
from acclint.files.sources import read_source

SCHEMA = "acclint-cache"
# The largest cache file read or written: about 4.5 bytes per line of the linted code were
# measured (numpyro's 76k lines: 347 kB), so this holds some 25 million lines.
MAX_BYTES = 128 * 1024 * 1024
_HEAD = re.compile(
    rb'\{"schema": "([^"\\]*)", "format": (\d+), "version": "([^"\\]*)", "sha256": "([0-9a-f]{64})", "data": '
)


def load(file: Path, format: int) -> dict | None:
    """The data stored in `file`, or None when it is missing, unreadable, not a regular file,
    too large, or not exactly what `store` wrote for this schema, format and version."""
    try:
        raw = read_source(str(file), MAX_BYTES)
    except OSError:
        return None
    head = _HEAD.match(raw)
    if head is None or not raw.endswith(b"}"):
        return None
    schema, found_format, version, checksum = head.groups()
    body = raw[head.end():-1]
    if (schema.decode(), int(found_format), version.decode()) != (SCHEMA, format, acclint.__version__):
        return None
    if hashlib.sha256(body).hexdigest() != checksum.decode():
        return None
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def store(file: Path, format: int, data: dict) -> bool:
    """Write `data` to `file` atomically; False, leaving nothing behind, if it cannot be."""
    body = json.dumps(data).encode("ascii")  # escaped: a path need not be valid UTF-8
    head = {"schema": SCHEMA, "format": format, "version": acclint.__version__, "sha256": hashlib.sha256(body).hexdigest()}
    text = json.dumps(head)[:-1].encode("utf-8") + b', "data": ' + body + b"}"
    if len(text) > MAX_BYTES:  # it would never be read back
        return False
    try:
        fd, temporary = tempfile.mkstemp(dir=file.parent, prefix=".cache-", suffix=".tmp")
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text)
        os.replace(temporary, file)
    except BaseException as exc:  # a full disk, a file-size limit, an interrupt: no temporary left
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(exc, OSError):
            return False
        raise
    return True
