"""While a buffer cannot be analysed (a syntax error being typed), the language server shows the
error and keeps the last good findings of the file, marked stale, as ruff does (issue 22)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pytest_lsp", reason="the server tests need pytest-lsp (pip install -e '.[test]')")
from pytest_lsp import LanguageClient  # noqa: E402

from test_server import TRAIN, client, diagnostics, open_document, project, replace_text, session  # noqa: E402,F401  (fixtures)

STALE = "(stale: from the last version that could be analysed)"


@session
async def test_a_syntax_error_keeps_the_last_good_findings(client: LanguageClient, project: Path):
    uri = open_document(client, project / "train.py", TRAIN)
    [good] = await diagnostics(client, uri, ["ACC201"])
    assert STALE not in good.message
    broken = TRAIN.replace("    return helper(y)\n", "    return helper(y\n")
    replace_text(client, uri, 2, broken)
    found = await diagnostics(client, uri, ["ACC000", "ACC201"])
    stale = next(d for d in found if d.code == "ACC201")
    assert stale.message == f"{good.message} {STALE}" and stale.range == good.range
    # Lines the text no longer has lose their stale findings.
    replace_text(client, uri, 3, "import jax\n\n@jax.jit\ndef f(x:\n")
    await diagnostics(client, uri, ["ACC000"])
    # Once the text can be analysed again, the findings are fresh (and the old ones gone).
    replace_text(client, uri, 4, TRAIN.replace("if x > 0:", "if x.sum() > 0:"))
    [fresh] = await diagnostics(client, uri, ["ACC201"])
    assert STALE not in fresh.message
