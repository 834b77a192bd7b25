"""acclint's language server in a real editor: Neovim, headless, with its built-in LSP client
(tests/data/server/neovim_session.lua). Skipped where `nvim` is not installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_server import TRAIN, UTILS

pytest.importorskip("pygls", reason="the language server needs pygls (pip install -e '.[server]')")
NVIM = shutil.which("nvim")
SESSION = Path(__file__).parent / "data" / "server" / "neovim_session.lua"


@pytest.mark.skipif(NVIM is None, reason="Neovim (nvim) is not installed")
def test_neovim_session(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[tool.acclint]\n")
    (tmp_path / "train.py").write_text(TRAIN)
    (tmp_path / "utils.py").write_text(UTILS)
    env = dict(os.environ, ACCLINT_PYTHON=sys.executable)
    done = subprocess.run(
        [NVIM, "--headless", "-u", "NONE", "-c", f"luafile {SESSION}"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("diagnostic 8 4 11 17 ACC201 'if' on traced value 'x'"), done.stdout + done.stderr
    assert "after adding noqa in the unsaved buffer: []" in lines
    assert "after removing it: [ACC201]" in lines
    assert any(line.startswith("action quickfix acclint (ACC201): ") and line.endswith(" true") for line in lines)
    assert "action source.fixAll.acclint acclint: Fix all auto-fixable problems nil" in lines
    assert "after the preferred quick fix: []" in lines
    assert "    y = jnp.where(x > 0, x + 1, x - 1)" in lines
    assert (tmp_path / "train.py").read_text() == TRAIN  # the buffer was edited, never saved
