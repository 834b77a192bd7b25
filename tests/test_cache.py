"""The result cache: a warm run reports exactly what a cold one does, a change re-lints the file
and every module whose findings depend on it, and the cache stays out of version control."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from acclint import api
from acclint.run.plan import Plan
from acclint.run.config import Settings
from cli_run import acclint
from two_modules import TRAIN, UTILS, write_project


@pytest.fixture
def project(tmp_path):
    return write_project(tmp_path)


def check(project: Path, *args: str) -> subprocess.CompletedProcess:
    return acclint("check", "--output-format", "json", *args, ".", cwd=project)


def codes(run: subprocess.CompletedProcess) -> list[tuple[str, int, str]]:
    return [(d["path"], d["line"], d["code"]) for d in json.loads(run.stdout)]


def test_warm_run_reports_what_the_cold_run_did_without_linting(project, monkeypatch):
    cold = check(project)
    assert codes(cold) == [("utils.py", 2, "ACC201")]
    assert (project / ".acclint_cache" / ".gitignore").read_text().endswith("*\n")
    monkeypatch.chdir(project)
    monkeypatch.setattr(Plan, "lint", lambda self, path: pytest.fail(f"{path} linted again"))
    warm = api.run(["."], Settings(), cache=True)
    assert [(f.path, f.line, f.code, f.fixable) for f in warm.findings] == [("utils.py", 2, "ACC201", True)]
    assert check(project).stdout == cold.stdout


def test_a_change_relints_the_modules_that_depend_on_it(project):
    assert codes(check(project)) == [("utils.py", 2, "ACC201")]
    # utils.py's bytes do not change, but train.py no longer traces it: its finding must go
    (project / "train.py").write_text(TRAIN.replace("@jax.jit\n", ""))
    assert codes(check(project)) == []
    (project / "train.py").write_text(TRAIN)
    before = check(project).stdout
    (project / "utils.py").write_text(UTILS.replace("    return -x", "    print(x)\n    return -x"))
    after = check(project).stdout
    assert after != before and after == check(project, "--no-cache").stdout


def test_settings_key_the_cache(project):
    assert codes(check(project)) == [("utils.py", 2, "ACC201")]
    assert codes(check(project, "--ignore", "ACC2")) == []


def test_no_cache_writes_nothing_and_cache_dir_moves_it(project, tmp_path_factory):
    check(project, "--no-cache")
    assert not (project / ".acclint_cache").exists()
    elsewhere = tmp_path_factory.mktemp("cache")
    check(project, "--cache-dir", str(elsewhere))
    assert not (project / ".acclint_cache").exists() and any(elsewhere.rglob("*.json"))


def test_a_corrupt_cache_is_ignored(project):
    cold = check(project)
    for file in (project / ".acclint_cache").rglob("*.json"):
        file.write_text("{ not json")
    assert check(project).stdout == cold.stdout
