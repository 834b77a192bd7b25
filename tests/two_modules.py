"""Projects written for tests: a two-module project for the cache tests (a jitted `step` in
train.py reaches `helper` in utils.py, whose `if` is a finding only through that cross-module
context), and any project given as its files' texts."""

import textwrap
from pathlib import Path

TRAIN = "import jax\nfrom utils import helper\n\n@jax.jit\ndef step(x):\n    return helper(x)\n"
UTILS = "def helper(x):\n    if x > 0:\n        return x\n    return -x\n"


def write_project(folder: Path) -> Path:
    (folder / "train.py").write_text(TRAIN)
    (folder / "utils.py").write_text(UTILS)
    return folder


def write_files(folder: Path, files: dict[str, str]) -> Path:
    """Write each `name: text` (dedented) under `folder`, making its folders."""
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return folder


def found_in(root: Path) -> set[tuple[str, int, str]]:
    """What linting the project under `root` finds: (file relative to `root`, line, code)."""
    from acclint.api import lint_paths

    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}


def labelled_in(root: Path, names) -> set[tuple[str, int, str]]:
    """The `# expect:` labels of the files `names` under `root`, as `found_in` gives findings."""
    from labelled import labels

    return {(name, line, code) for name in names for line, code in labels((root / name).read_text())}
