"""The pre-commit hooks of `.pre-commit-hooks.yaml`, run by the real `pre-commit try-repo`.

pre-commit builds the hooks' environment as it would for a user: a virtualenv with this
checkout pip-installed (`language: python`), with acclint's dependencies (the linter's alone:
no JAX) from the package index. `try-repo` does that in a fresh temporary store on every call
(about 30 s here; 100 s when the environment held JAX), so these tests make two calls, not one
per assertion, and are marked `slow`:

- both hooks over a repository holding a hazardous and a clean file: `acclint` fails naming
  the findings of the hazardous file only, then `acclint-fix` rewrites what it can fix;
- the check hook over a repository holding only the clean file: it passes.

`try-repo` on a checkout with uncommitted changes snapshots its tracked files; these tests
snapshot the working tree's files that git does not ignore (tracked, and new ones not yet
added), so that work in progress in this shared checkout is tested as it stands.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PRE_COMMIT = str(Path(sys.executable).parent / "pre-commit")
GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "acclint tests",
    "GIT_AUTHOR_EMAIL": "tests@acclint.invalid",
    "GIT_COMMITTER_NAME": "acclint tests",
    "GIT_COMMITTER_EMAIL": "tests@acclint.invalid",
}

HAZARD = textwrap.dedent(
    """\
    import jax


    @jax.jit
    def step(x):
        print("x is", x)
        return float(x)
    """
)
CLEAN = textwrap.dedent(
    """\
    import jax


    @jax.jit
    def step(x):
        jax.debug.print("x is {}", x)
        return x * 2
    """
)


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env={**os.environ, **GIT_IDENTITY})


def commit_all(repo: Path) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-verify", "-m", "snapshot")


@pytest.fixture(scope="module")
def hooks_repo(tmp_path_factory) -> Path:
    """This checkout's files that git does not ignore, as they are now, committed in a new repo."""
    snapshot = tmp_path_factory.mktemp("acclint-snapshot")
    listing = ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
    listed = subprocess.run(listing, cwd=ROOT, check=True, capture_output=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (snapshot / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, snapshot / name)
    git(snapshot, "init", "-q")
    commit_all(snapshot)
    return snapshot


def try_repo(hooks_repo: Path, repo: Path, *hook: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [PRE_COMMIT, "try-repo", str(hooks_repo), *hook, "--all-files"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **GIT_IDENTITY, "PRE_COMMIT_COLOR": "never"},
    )
    assert "An error has occurred" not in done.stdout + done.stderr, done.stdout + done.stderr
    return done


def user_repo(path: Path, files: dict[str, str]) -> Path:
    path.mkdir()
    git(path, "init", "-q")
    for name, text in files.items():
        (path / name).write_text(text)
    commit_all(path)
    return path


@pytest.fixture(scope="module")
def both_hooks(hooks_repo, tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """Both hooks run over a repository with a hazardous and a clean file: (repo, output of
    each hook by id)."""
    files = {"bad.py": HAZARD, "clean.py": CLEAN, "notes.txt": "print(x)\n"}
    repo = user_repo(tmp_path_factory.mktemp("user") / "repo", files)
    done = try_repo(hooks_repo, repo)
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
    assert (repo / "bad.py").read_text() == HAZARD.replace('print("x is", x)', 'jax.debug.print("x is {}", x)')
    assert (repo / "clean.py").read_text() == CLEAN
    # float(x) has no fix, so the hook still fails and names it.
    assert fix.startswith("Failed") and "files were modified by this hook" in fix
    assert "bad.py:7:12: ACC302" in fix and "ACC401" not in fix


def test_check_hook_passes_a_clean_file_from_an_environment_without_jax(hooks_repo, tmp_path):
    repo = user_repo(tmp_path / "repo", {"clean.py": CLEAN, "pyproject.toml": '[tool.acclint]\nexclude = ["skipped.py"]\n'})
    (repo / "skipped.py").write_text(HAZARD)  # pre-commit names it; --force-exclude honours exclude
    git(repo, "add", "skipped.py")
    # `pre-commit run` with a configuration naming the hooks repository (try-repo would build
    # the environment in a temporary store and delete it before it can be inspected)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=hooks_repo, capture_output=True, text=True, check=True).stdout.strip()
    (repo / ".pre-commit-config.yaml").write_text(f"repos:\n- repo: {hooks_repo}\n  rev: {head}\n  hooks:\n  - id: acclint\n")
    store = tmp_path / "store"
    done = subprocess.run(
        [PRE_COMMIT, "run", "--all-files"], cwd=repo, capture_output=True, text=True, timeout=600,
        env={**os.environ, **GIT_IDENTITY, "PRE_COMMIT_HOME": str(store), "PRE_COMMIT_COLOR": "never"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^acclint\.+Passed$", done.stdout, flags=re.MULTILINE)
    installed = {p.name for p in store.glob("*/py_env-*/lib/python*/site-packages/*")}
    assert "libcst" in installed
    assert not {"jax", "jaxlib", "numpy", "scipy"} & installed
