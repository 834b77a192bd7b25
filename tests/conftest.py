"""Expensive setups that several test modules share, made once a session.

- ``fixture_set`` and ``fixture_runs``: the labelled fixtures (``fixtures/``) loaded, and every
  recipe of theirs run (the cross-check's dynamic side, about a minute of CPU). The cross-check
  tests and the fixture-label tests read the same loaded modules; nothing runs them twice.
- ``hook_home``: a pre-commit home whose store holds the environment of this checkout's hooks,
  built once by the real pre-commit (a fresh virtualenv and ``pip install .`` of a snapshot of
  this checkout: the linter alone, no extras). The pre-commit tests run their hooks from it,
  and the light-install test uses it as the plain ``pip install`` it needs (each build took
  30-100 s; there were three).

The suite runs on every core (pytest-xdist, `-n auto --dist loadscope` in pyproject.toml), each
test module on one worker, so that its module-scoped setups (one language server, the fixed
fixtures, ...) are made once; `pytest_xdist_make_scheduler` below also keeps the modules that
share a session setup above on one worker, so that no two workers make it twice.
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
# The longest groups start first, so that no worker is left with one of them at the end.
LONGEST_FIRST = ("fixture_set", "tests/test_fix_fixtures.py", "hook_home", "tests/runtime/test_train_digits.py")


def group_of(nodeid: str) -> str:
    """The test's module (as a path from the root), or the group of modules it shares a setup with."""
    module = nodeid.split("::", 1)[0]
    return SHARED_SETUP.get(Path(module).name, module)


def pytest_collection_modifyitems(items):
    rank = {group: n for n, group in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(group_of(item.nodeid), len(rank)))  # stable: the rest keep their order


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist's: without it (`-p no:xdist`) it is never called
def pytest_xdist_make_scheduler(config, log):
    """`--dist loadscope`, with the scope of a test being its group (`group_of`), not its module alone."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

    return GroupScheduling(config, log)


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
