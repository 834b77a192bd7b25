"""The text of a Python source file, decoded as Python decodes it. Kept apart from the engine
so that reading a file's text (cached results' excerpts, notebooks) does not import libcst."""

from __future__ import annotations

import codecs
import io
import tokenize

from acclint.common.refused import Refused


def decode(source: bytes) -> str:
    """The text of a Python source file, by its PEP 263 declaration (UTF-8 by default)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
    except SyntaxError:
        # tokenize says only "invalid or missing encoding declaration" when the first lines
        # are not UTF-8; decoding them says which byte is wrong.
        encoding = "utf-8"
    try:
        return source.decode(encoding)
    except UnicodeDecodeError as exc:
        if source.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            raise Refused("is UTF-16 (it starts with a UTF-16 byte order mark), which Python cannot run; save it as UTF-8") from None
        raise Refused(
            f"not valid {encoding} (byte 0x{source[exc.start]:02x} at offset {exc.start}); "
            "save it as UTF-8 or declare its encoding in a coding comment"
        ) from None
    except LookupError:
        raise Refused(f"declares an unknown encoding {encoding!r}") from None
