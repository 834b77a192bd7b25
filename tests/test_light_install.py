"""The linter installs and runs without JAX (issue 11): `pip install acclint` brings libcst and
what the CLI needs, and neither `import acclint` nor `acclint check` imports jax or numpy.

The first test runs in this environment (where jax is installed, so an import of it would go
unnoticed by a failure): it checks which modules a check run loads. The second runs the linter
in a fresh virtual environment made by `pip install <this checkout>` (no extras), where jax
cannot be imported at all. That environment is the pre-commit hooks' one (`hook_python` in
tests/conftest.py: pre-commit makes a virtualenv and runs `pip install .` in a snapshot of this
checkout), built once for both; it downloads libcst and friends, so the test is marked slow.
"""

from __future__ import annotations

import subprocess
import sys
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
def test_pip_install_gives_a_linter_that_runs_with_no_jax_importable(hook_python):
    python = hook_python  # the install succeeded: the fixture asserts it
    installed = subprocess.run([str(python), "-m", "pip", "show", "acclint"], capture_output=True, text=True)
    assert installed.returncode == 0 and "Editable project location" not in installed.stdout, installed.stdout
    no_jax = subprocess.run([str(python), "-c", "import jax"], capture_output=True, text=True)
    assert no_jax.returncode == 1 and "No module named 'jax'" in no_jax.stderr
    done = subprocess.run([str(python.parent / "acclint"), "check", "--no-cache", str(EXAMPLE)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "Found 7 findings in 1 file" in done.stdout
    runtime = subprocess.run([str(python), "-c", "import acclint.runtime"], capture_output=True, text=True)
    assert "No module named 'jax'" in runtime.stderr  # the runtime is the extra that needs it
