"""The real-code benchmark's verdicts (benchmarks/realworld): well formed, and each filed where
lint_realworld.py looks for it. The benchmark itself needs the code bases checked out, so it is
not run here; this checks the data it matches findings against, and how it reads it."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path

import pytest

REALWORLD = Path(__file__).resolve().parent.parent / "benchmarks" / "realworld"
FIELDS = {"repo", "path", "line", "code", "verdict", "reason"}


@pytest.fixture(scope="module")
def lint_realworld():
    spec = importlib.util.spec_from_file_location("lint_realworld", REALWORLD / "lint_realworld.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_verdict_is_well_formed_and_filed_once(lint_realworld):
    triage, problems = lint_realworld.load_triage()
    assert problems == []
    repos = {r["name"] for r in tomllib.loads((REALWORLD / "repos.toml").read_text("utf-8"))["repo"]}
    for key, entry in triage.items():
        assert FIELDS <= entry.keys(), key
        assert entry["verdict"] in {"real", "debatable", "false"}, key
        assert entry["reason"].strip(), key
        assert entry["repo"] in repos, key


def test_each_code_base_after_round3_has_its_own_triage_file():
    for repo in tomllib.loads((REALWORLD / "repos.toml").read_text("utf-8"))["repo"]:
        if repo["set"] not in {"round1", "round2", "round3"}:
            assert (REALWORLD / "triage" / (repo["name"].replace("/", "+") + ".toml")).is_file(), repo["name"]


def test_an_entry_filed_under_another_code_base_or_twice_is_a_problem(lint_realworld, tmp_path, monkeypatch):
    entry = '[[finding]]\nrepo = "a/b"\npath = "x.py"\nline = 1\ncode = "ACC201"\nverdict = "false"\nreason = "r"\n'
    (tmp_path / "triage").mkdir()
    (tmp_path / "triage.toml").write_text(entry)
    (tmp_path / "triage" / "c+d.toml").write_text(entry)
    monkeypatch.setattr(lint_realworld, "HERE", tmp_path)
    triage, problems = lint_realworld.load_triage()
    assert list(triage) == [("a/b", "x.py", 0, 1, "ACC201")]
    assert problems == [
        "c+d.toml: an entry for a/b in the triage file of c/d",
        "c+d.toml: triaged twice: a/b x.py 0 1 ACC201",
    ]
