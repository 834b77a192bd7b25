"""The linter installs and runs without JAX (issue 11): `pip install acclint` brings libcst and
what the CLI needs, and neither `import acclint` nor `acclint check` imports jax or numpy.

The first test runs in this environment (where jax is installed, so an import of it would go
unnoticed by a failure): it checks which modules a check run loads. The second builds a fresh
virtual environment with `pip install <this checkout>` (no extras) and runs the linter there,
where jax cannot be imported at all; it downloads libcst and friends, so it is marked slow.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "example" / "train.py"
PROBE = """
import sys
from acclint.cli import main
status = main(sys.argv[1:])
heavy = sorted(m for m in ("jax", "jaxlib", "numpy", "scipy", "flake8", "pygls") if m in sys.modules)
print("loaded:", heavy)
sys.exit(status)
"""


def test_a_check_run_imports_neither_jax_nor_numpy():
    done = subprocess.run([sys.executable, "-c", PROBE, "check", "--no-cache", str(EXAMPLE)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr  # the example's findings
    assert "ACC201" in done.stdout
    assert done.stdout.rstrip().endswith("loaded: []")


@pytest.mark.slow
def test_pip_install_gives_a_linter_that_runs_with_no_jax_importable(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".venv", ".git", "*.egg-info", "build", ".acclint_cache", "__pycache__"))
    env = tmp_path / "env"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(source)],
                             capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stdout + install.stderr
    no_jax = subprocess.run([str(python), "-c", "import jax"], capture_output=True, text=True)
    assert no_jax.returncode == 1 and "No module named 'jax'" in no_jax.stderr
    done = subprocess.run([str(env / "bin" / "acclint"), "check", "--no-cache", str(EXAMPLE)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "Found 7 findings in 1 file" in done.stdout
    runtime = subprocess.run([str(python), "-c", "import acclint.runtime"], capture_output=True, text=True)
    assert "No module named 'jax'" in runtime.stderr  # the runtime is the extra that needs it
