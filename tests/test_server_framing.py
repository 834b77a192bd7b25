"""Framing errors on the language server's standard input (issue 25): a client that counts a
body in characters, a Content-Length too small or too large, junk between frames, and an
absurd Content-Length never leave the server deaf or kill it (acclint.server.framing)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time

import pytest

from acclint.server.framing import FramedInput

pytest.importorskip("pygls", reason="the language server needs the server extra")


def message(id: int, text: str = "x") -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": id, "method": "m", "params": {"text": text}}, ensure_ascii=False).encode()


def frame(body: bytes, length: int | None = None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def delivered(data: bytes) -> list:
    """The ids of the messages pygls would read from `data` through FramedInput ("bad" for
    a body that is no JSON, which pygls reports and skips)."""
    framed, out = FramedInput(io.BytesIO(data)), []
    while True:
        header = framed.readline()
        if not header:
            return out
        assert header.startswith(b"Content-Length: ") and framed.readline() == b"\r\n"
        body = framed.read(int(header.split(b":")[1]))
        try:
            out.append(json.loads(body)["id"])
        except ValueError:
            out.append("bad")


UNICODE = message(1, "héllo wörld 😀 ∑")
PLAIN, OTHER = message(2), message(3, "ü")


@pytest.mark.parametrize("data, expected", [
    (frame(UNICODE) + frame(PLAIN) + frame(OTHER), [1, 2, 3]),
    # counted in code points (Python's len) or UTF-16 units (JavaScript's length): read as meant
    (frame(UNICODE, len(UNICODE.decode())) + frame(PLAIN) + frame(OTHER), [1, 2, 3]),
    (frame(UNICODE, len(UNICODE.decode().encode("utf-16-le")) // 2) + frame(PLAIN) + frame(OTHER), [1, 2, 3]),
    # too small for any reading: that message is lost, the next header resynchronises
    (frame(UNICODE, 10) + frame(PLAIN) + frame(OTHER), ["bad", 2, 3]),
    # too large: the body holds the next header, which is read from there
    (frame(PLAIN, len(PLAIN) + 30) + frame(UNICODE) + frame(OTHER), [2, 1, 3]),
    # over the limit: refused, never allocated; the next header resynchronises
    (b"Content-Length: 99999999999\r\n\r\n" + PLAIN + frame(UNICODE) + frame(OTHER), [1, 3]),
    (b"garbage\r\n" + frame(UNICODE) + b"xx" + frame(PLAIN) + b"\r\n" + frame(OTHER), [1, 2, 3]),
    (b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" + frame(PLAIN), [2]),
])
def test_frames_are_mended_or_resynchronised(data, expected):
    assert delivered(data) == expected


def test_a_chunk_boundary_inside_a_header_is_no_loss():
    class Trickle(io.BytesIO):
        def read1(self, size=-1):
            return super().read1(7)  # a few bytes at a time, as a pipe may give them

    framed = FramedInput(Trickle(b"junk" + frame(PLAIN) + frame(UNICODE)))
    bodies = []
    while (header := framed.readline()):
        framed.readline()
        bodies.append(framed.read(int(header.split(b":")[1])))
    assert bodies == [PLAIN, UNICODE]


def rpc(id: int, method: str, params) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": params}, ensure_ascii=False).encode()


def responses(stdout: bytes) -> list:
    out, rest = [], stdout
    while rest:
        head, _, rest = rest.partition(b"\r\n\r\n")
        length = int(head.split(b"Content-Length:")[1].split(b"\r\n")[0])
        out.append(json.loads(rest[:length]))
        rest = rest[length:]
    return out


def test_the_server_answers_after_framing_errors(tmp_path):
    initialize = rpc(1, "initialize", {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {},
                                      "clientInfo": {"name": "ünïcödé client ✓"}})
    data = (
        b"Content-Length: 99999999999\r\n\r\n{}"  # absurd: refused, not allocated
        + frame(initialize, len(initialize.decode()))  # counted in characters
        + frame(b'{"jsonrpc": "2.0", "method": "initialized", "params": {}}')
        + frame(rpc(2, "shutdown", None), 5)  # too short: lost, and the server resynchronises
        + frame(rpc(3, "shutdown", None))
        + frame(b'{"jsonrpc": "2.0", "method": "exit"}')
    )
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "acclint", "server"], input=data, capture_output=True, timeout=60, cwd=tmp_path)
    answered = {r.get("id"): r for r in responses(run.stdout) if "id" in r}
    assert set(answered) == {1, 3}, run.stderr.decode()
    assert answered[1]["result"]["serverInfo"]["name"] == "acclint" and "result" in answered[3]
    assert b"over the limit of 64 MiB" in run.stderr and b"counted characters" in run.stderr
    assert b"MemoryError" not in run.stderr and time.monotonic() - started < 60
