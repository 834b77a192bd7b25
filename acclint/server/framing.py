"""The language server's standard input, framed so that one bad frame never leaves it deaf.

The protocol frames each message as `Content-Length: N` (bytes), a blank line and N bytes of
JSON. pygls reads exactly N bytes and then expects the next header at once; so a client that
counts the body in characters instead of bytes (non-ASCII text) leaves the rest of the body in
the stream, every later header arrives glued to it and is never recognised again, and a
`Content-Length: 99999999999` makes it try to allocate 100 GB. `FramedInput` stands between
stdin and pygls's reader (which calls `readline` for headers and `read(N)` for a body) and
hands it only well-formed frames:

- a body that is no JSON but becomes JSON when read on to N characters (UTF-16 code units, as
  a JavaScript client counts, or code points) is delivered whole: what the client meant;
- a body that holds the next frame's header (its length was too large) is cut there, and the
  next frame is read from that header;
- anything else that is no header is skipped up to the next `Content-Length` header (resync),
  with a message on stderr;
- a length over `MAX_CONTENT_LENGTH` (64 MiB: the largest file acclint lints is 4 MiB) is
  refused with a message on stderr and skipped the same way, never allocated.

Everything is read in chunks of bounded size; memory holds at most one frame's body.
"""

from __future__ import annotations

import json
import logging
import re
from typing import BinaryIO

MAX_CONTENT_LENGTH = 64 * 1024 * 1024
_CHUNK = 65536
_LENGTH = re.compile(rb"Content-Length[ \t]*:[ \t]*(\d+)[ \t]*\r?\n", re.IGNORECASE)
_OTHER_HEADER = re.compile(rb"[A-Za-z][A-Za-z0-9-]*[ \t]*:[^\r\n]*\r?\n")
_KEPT = 96  # bytes kept while scanning junk: a header cut in two by a chunk is found whole

log = logging.getLogger("acclint.server")


class FramedInput:
    """A binary stream of well-formed frames, read from `stream` (see the module's doc)."""

    def __init__(self, stream: BinaryIO, limit: int = MAX_CONTENT_LENGTH) -> None:
        self.stream = stream
        self.limit = limit
        self.buffer = bytearray()  # read from the stream, not yet framed
        self.out = b""  # the frame being handed to pygls
        self.eof = False

    # What pygls's reader calls.
    def readline(self) -> bytes:
        if not self.out:
            self.out = self._next_frame()
        end = self.out.find(b"\n") + 1 or len(self.out)
        line, self.out = self.out[:end], self.out[end:]
        return line

    def read(self, size: int = -1) -> bytes:
        size = len(self.out) if size < 0 else size
        data, self.out = self.out[:size], self.out[size:]
        return data

    # Framing.
    def _next_frame(self) -> bytes:
        """The next well-formed frame, or b"" at the end of the input."""
        while True:
            length = self._header()
            if length is None:
                return b""
            if length > self.limit:
                log.error("a message announced %d bytes, over the limit of %d MiB: skipped up to the next header",
                          length, self.limit // 1048576)
                continue
            if not self._fill(length):
                return b""
            body = bytes(self.buffer[:length])
            del self.buffer[:length]
            body = self._mended(body, length)
            return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def _header(self) -> int | None:
        """Skip to the next `Content-Length` header, read its header block, and return the
        length it announces (None at the end of the input)."""
        while True:
            found = _LENGTH.search(self.buffer)
            if found is None:
                if self.eof:
                    return None
                if len(self.buffer) > _KEPT:
                    self._skipped(len(self.buffer) - _KEPT)
                self._more()
                continue
            if self.buffer[: found.start()].strip():
                self._skipped(found.start())
                continue
            at = found.end()
            while True:  # the other headers (Content-Type), up to the blank line
                end = self.buffer.find(b"\n", at)
                if end < 0:
                    if self.eof or len(self.buffer) - at > 4096:
                        break
                    self._more()
                    continue
                line = bytes(self.buffer[at : end + 1])
                if not line.strip():
                    length = int(found.group(1))
                    del self.buffer[: end + 1]
                    return length
                if not _OTHER_HEADER.fullmatch(line):
                    break
                at = end + 1
            self._skipped(found.end())  # no blank line after it: not a header after all

    def _mended(self, body: bytes, length: int) -> bytes:
        """`body` as the client meant it: read on where it counted characters, cut where the
        next frame's header shows it counted too many."""
        if _is_json(body):
            return body
        for count in (_utf16_units, _code_points):
            extra = self._extension(body, length, count)
            if extra is not None and _is_json(body + self.buffer[:extra]):
                log.warning("a message's Content-Length counted characters, not bytes (as the protocol says): read as meant")
                whole = body + bytes(self.buffer[:extra])
                del self.buffer[:extra]
                return whole
        inner = _LENGTH.search(body)
        if inner is not None and _is_json(body[: inner.start()]):
            log.warning("a message's Content-Length was larger than the message: the next message is read from its header")
            self.buffer[:0] = body[inner.start() :]
            return body[: inner.start()].rstrip()
        return body  # pygls reports what is wrong with it; the next header resynchronises

    def _extension(self, body: bytes, length: int, count) -> int | None:
        """How many more bytes make `body` `length` characters by `count` (reading them, but
        never past what that count allows), or None."""
        extra = 0
        while True:
            candidate = body + self.buffer[:extra]
            have = count(candidate)
            if have >= length and not _continues(self.buffer, extra) and not _partial(candidate):
                return extra if have == length else None
            # Finish a character cut in two byte by byte: it may count for two units.
            need = 1 if _partial(candidate) else max(length - have, 1)
            if need > self.limit or not self._fill(extra + need):
                return None
            extra += need

    def _fill(self, size: int) -> bool:
        """Read until the buffer holds `size` bytes; False at the end of the input."""
        while len(self.buffer) < size:
            if self.eof:
                return False
            self._more()
        return True

    def _more(self) -> None:
        read = getattr(self.stream, "read1", self.stream.read)
        chunk = read(_CHUNK)
        if chunk:
            self.buffer += chunk
        else:
            self.eof = True

    def _skipped(self, size: int) -> None:
        junk = bytes(self.buffer[:size])
        del self.buffer[:size]
        if junk.strip():
            log.error("skipped %d bytes of input that were not a message (a wrong Content-Length?): %r",
                      len(junk), junk[:60])


def _is_json(body: bytes) -> bool:
    try:
        json.loads(body)
    except (ValueError, RecursionError):
        return False
    return True


def _code_points(data: bytes) -> int:
    """Characters in `data` (a character cut off at its end not counted)."""
    return len(data.decode("utf-8", "ignore"))


def _utf16_units(data: bytes) -> int:
    """UTF-16 code units in `data`, as a JavaScript string's `length` counts them."""
    return len(data.decode("utf-8", "ignore").encode("utf-16-le")) // 2


def _continues(buffer: bytearray, at: int) -> bool:
    """Whether the byte at `at` continues a character begun before it."""
    return at < len(buffer) and buffer[at] & 0xC0 == 0x80


def _partial(body) -> bool:
    """Whether `body` ends inside a character."""
    try:
        bytes(body[-4:]).decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.reason == "unexpected end of data"
    return False
