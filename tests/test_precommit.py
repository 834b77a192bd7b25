"""The pre-commit hooks of `.pre-commit-hooks.yaml`, run by the real `pre-commit`.

pre-commit builds the hooks' environment as it would for a user: a virtualenv with this
checkout pip-installed (`language: python`), with acclint's dependencies (the linter's alone:
no JAX) from the package index. Building it takes 30-100 s, so it is built once a session
(the `hook_home` fixture of tests/conftest.py, from a snapshot of this checkout's files that
git does not ignore, tracked and new, so that work in progress is tested as it stands), and
every run here is `pre-commit run --all-files` with a configuration naming the hooks of that
snapshot, as a user's `.pre-commit-config.yaml` does:

- both hooks over a repository holding a hazardous and a clean file: `acclint` fails naming
  the findings of the hazardous file only, then `acclint-fix` rewrites what it can fix;
- the check hook over a repository holding only the clean file: it passes.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from hooks import HOOK_IDS, commit_all, git, hooks_config, pre_commit

pytestmark = pytest.mark.slow

HAZARD = textwrap.dedent(
    """\
    import jax


    @jax.jit
    def step(x):
        print("x is", x)
        return float(x.sum())
    """
)
CLEAN = textwrap.dedent(
    """\
    import jax


    @jax.jit
    def step(x):
        jax.debug.print("x is {!s}", x)
        return x * 2
    """
)


def user_repo(path: Path, files: dict[str, str]) -> Path:
    path.mkdir()
    git(path, "init", "-q")
    for name, text in files.items():
        (path / name).write_text(text)
    commit_all(path)
    return path


def run_hooks(hook_home: Path, hooks_repo: Path, repo: Path, *hook_ids: str):
    """`pre-commit run --all-files` in ``repo`` with ``hook_ids`` of the hooks repository."""
    (repo / ".pre-commit-config.yaml").write_text(hooks_config(hooks_repo, *hook_ids))
    return pre_commit(hook_home, repo, "run", "--all-files")


@pytest.fixture(scope="module")
def both_hooks(hook_home, hooks_repo, tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """Both hooks run over a repository with a hazardous and a clean file: (repo, output of
    each hook by id)."""
    files = {"bad.py": HAZARD, "clean.py": CLEAN, "notes.txt": "print(x)\n"}
    repo = user_repo(tmp_path_factory.mktemp("user") / "repo", files)
    done = run_hooks(hook_home, hooks_repo, repo, *HOOK_IDS)
    assert done.returncode == 1, done.stdout + done.stderr
    _, check, fix = re.split(r"^acclint \(fix\)\.+|^acclint\.+", done.stdout, flags=re.MULTILINE)
    return repo, {"acclint": check, "acclint-fix": fix}


def test_check_hook_fails_with_the_findings_of_the_hazardous_file(both_hooks):
    _, output = both_hooks
    check = output["acclint"]
    assert check.startswith("Failed")
    assert "bad.py:6:5: ACC401" in check and "bad.py:7:12: ACC302" in check
    assert "clean.py" not in check


def test_fix_hook_rewrites_what_is_fixable(both_hooks):
    repo, output = both_hooks
    fix = output["acclint-fix"]
    assert (repo / "bad.py").read_text() == HAZARD.replace('print("x is", x)', 'jax.debug.print("x is {!s}", x)')
    assert (repo / "clean.py").read_text() == CLEAN
    # float(x.sum()) has no fix, so the hook still fails and names it.
    assert fix.startswith("Failed") and "files were modified by this hook" in fix
    assert "bad.py:7:12: ACC302" in fix and "ACC401" not in fix


def test_check_hook_passes_a_clean_file_from_an_environment_without_jax(hook_home, hooks_repo, tmp_path):
    repo = user_repo(tmp_path / "repo", {"clean.py": CLEAN, "pyproject.toml": '[tool.acclint]\nexclude = ["skipped.py"]\n'})
    (repo / "skipped.py").write_text(HAZARD)  # pre-commit names it; --force-exclude honours exclude
    git(repo, "add", "skipped.py")
    done = run_hooks(hook_home, hooks_repo, repo, "acclint")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^acclint\.+Passed$", done.stdout, flags=re.MULTILINE)
    installed = {p.name for p in hook_home.glob("*/py_env-*/lib/python*/site-packages/*")}
    assert "libcst" in installed
    assert not {"jax", "jaxlib", "numpy", "scipy"} & installed
