"""Running pre-commit for the tests: git in a scratch repository, a configuration naming this
checkout's hooks, and the real `pre-commit` with a given home (its store of environments)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PRE_COMMIT = str(Path(sys.executable).parent / "pre-commit")
GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "acclint tests",
    "GIT_AUTHOR_EMAIL": "tests@acclint.invalid",
    "GIT_COMMITTER_NAME": "acclint tests",
    "GIT_COMMITTER_EMAIL": "tests@acclint.invalid",
}
HOOK_IDS = ("acclint", "acclint-fix")  # as .pre-commit-hooks.yaml lists them


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True,
                          env={**os.environ, **GIT_IDENTITY})
    return done.stdout


def commit_all(repo: Path) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-verify", "-m", "snapshot")


def hooks_config(hooks_repo: Path, *hook_ids: str) -> str:
    """A `.pre-commit-config.yaml` naming ``hook_ids`` of the hooks repository at its HEAD."""
    head = git(hooks_repo, "rev-parse", "HEAD").strip()
    hooks = "".join(f"  - id: {hook}\n" for hook in hook_ids)
    return f"repos:\n- repo: {hooks_repo}\n  rev: {head}\n  hooks:\n{hooks}"


def pre_commit(home: Path, repo: Path, *args: str) -> subprocess.CompletedProcess:
    """The real `pre-commit` in ``repo`` with ``home`` as its store; it must not crash."""
    done = subprocess.run(
        [PRE_COMMIT, *args], cwd=repo, capture_output=True, text=True, timeout=600,
        env={**os.environ, **GIT_IDENTITY, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never"},
    )
    assert "An error has occurred" not in done.stdout + done.stderr, done.stdout + done.stderr
    return done
