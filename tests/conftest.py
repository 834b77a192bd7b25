"""Expensive setups that several test modules share, made once a session.

- ``fixture_set`` and ``fixture_runs``: the labelled fixtures (``fixtures/``) loaded, and every
  recipe of theirs run (the cross-check's dynamic side, about a minute of CPU). The cross-check
  tests and the fixture-label tests read the same loaded modules; nothing runs them twice.
- ``hook_home``: a pre-commit home whose store holds the environment of this checkout's hooks,
  built once by the real pre-commit (a fresh virtualenv and ``pip install .`` of a snapshot of
  this checkout: the linter alone, no extras). The pre-commit tests run their hooks from it,
  and the light-install test uses it as the plain ``pip install`` it needs (each build took
  30-100 s; there were three).

The suite runs on every core (pytest-xdist, `-n auto` in pyproject.toml) with `--dist loadgroup`:
`pytest_collection_modifyitems` below puts each test module in a group of its own, so that its
module-scoped setups (one language server, the fixed fixtures, ...) are made once, on one
worker, and puts the modules that share a session setup above in one group, so that no two
workers make it twice.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from hooks import HOOK_IDS, commit_all, git, hooks_config, pre_commit

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


# Modules that share an expensive session fixture run on one worker, as one group.
SHARED_SETUP = {
    "test_crosscheck.py": "fixture_set", "test_fixture_labels.py": "fixture_set",
    "test_precommit.py": "hook_home", "test_light_install.py": "hook_home",
}


def pytest_collection_modifyitems(items):
    for item in items:
        group = SHARED_SETUP.get(item.path.name, str(item.path.relative_to(ROOT)))
        item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(scope="session")
def fixture_set():
    """Every module of ``fixtures/``, loaded (imported) once."""
    from acclint.crosscheck.fixture_set import load_fixtures

    return load_fixtures(FIXTURES)


@pytest.fixture(scope="session")
def fixture_runs(fixture_set):
    """The outcome of every recipe of every fixture module (``acclint.crosscheck.dynamic.run_all``)."""
    from acclint.crosscheck.dynamic import run_all

    return run_all(fixture_set)


@pytest.fixture(scope="session")
def hooks_repo(tmp_path_factory) -> Path:
    """This checkout's files that git does not ignore, as they are now, committed in a new repo
    (so that work in progress in this shared checkout is tested as it stands)."""
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


@pytest.fixture(scope="session")
def hook_home(hooks_repo, tmp_path_factory) -> Path:
    """A pre-commit home with the hooks' environment installed (`pre-commit install-hooks`)."""
    home = tmp_path_factory.mktemp("pre-commit-home")
    repo = tmp_path_factory.mktemp("install-hooks")
    git(repo, "init", "-q")
    (repo / ".pre-commit-config.yaml").write_text(hooks_config(hooks_repo, *HOOK_IDS))
    done = pre_commit(home, repo, "install-hooks")
    assert done.returncode == 0, done.stdout + done.stderr
    return home


@pytest.fixture(scope="session")
def hook_python(hook_home) -> Path:
    """The Python of the hooks' environment: a fresh virtualenv where pre-commit ran
    `pip install .` on this checkout, with no extras."""
    found = list(hook_home.glob("*/py_env-*/bin/python"))
    assert len(found) == 1, found  # both hooks share one environment
    return found[0]
