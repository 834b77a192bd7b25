"""acclint's language server (`acclint server`): diagnostics as you type and quick fixes, for
any editor that speaks the Language Server Protocol. Needs the `server` extra (pygls and
lsprotocol), which only this package imports, and only when the server starts."""

from __future__ import annotations

import sys

EXIT_ERROR = 2


def serve() -> int:
    """Run the server over stdio until the client says exit; without pygls, say how to get it
    (exit status 2)."""
    try:
        from acclint.server.app import main
    except ImportError as exc:
        if exc.name not in ("pygls", "lsprotocol") and not (exc.name or "").startswith(("pygls.", "lsprotocol.")):
            raise
        print(f"acclint: error: the language server needs {exc.name}: pip install 'acclint[server]'", file=sys.stderr)
        return EXIT_ERROR
    return main()
