"""A two-module project for the cache tests: a jitted `step` in train.py reaches `helper` in
utils.py, whose `if` is a finding only through that cross-module context."""

from pathlib import Path

TRAIN = "import jax\nfrom utils import helper\n\n@jax.jit\ndef step(x):\n    return helper(x)\n"
UTILS = "def helper(x):\n    if x > 0:\n        return x\n    return -x\n"


def write_project(folder: Path) -> Path:
    (folder / "train.py").write_text(TRAIN)
    (folder / "utils.py").write_text(UTILS)
    return folder
