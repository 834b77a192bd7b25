"""`--jobs N`: a run in several processes reports exactly what a run in one process reports.

Workers screen the files of a project, then analyse and lint, in rounds, the files its reach
needs with the seeds it gives them, and send back data (acclint.run.jobs); the parent works out
the seeds from what they sent and lints again only files whose seeds no worker linted them with. The project here has findings of every family, helpers reached across
modules, files acclint refuses, a notebook and plain files, so that each kind of result comes
back through a worker.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from acclint.api import run
from acclint.cli import main
from acclint.run.config import Settings
from acclint.run.jobs import prefetch
from acclint.run.plan import plan

JITTED = """
    import jax
    import numpy as np
    from pkg.helpers{n} import helper

    @jax.jit
    def step(x):
        print(x)
        y = float(x) + np.random.rand()
        if x > 0:
            return y
        return helper(x)
    """
HELPER = """
    def helper(x):
        if x > 1:
            return x
        return -x
    """
PLAIN = """
    def plain(x):
        return x + {n}
    """


def notebook(code: str) -> str:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": code}
    return json.dumps({"cells": [cell], "metadata": {"kernelspec": {"language": "python", "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5})


def make_project(root: Path) -> None:
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    for n in range(12):
        (root / "pkg" / f"step{n}.py").write_text(textwrap.dedent(JITTED.format(n=n)))
        (root / "pkg" / f"helpers{n}.py").write_text(textwrap.dedent(HELPER))
        (root / "pkg" / f"plain{n}.py").write_text(textwrap.dedent(PLAIN.format(n=n)))
    (root / "pkg" / "broken.py").write_text("import jax\n@jax.jit\ndef f(x:\n")
    (root / "pkg" / "latin.py").write_bytes(b"# -*- coding: ascii -*-\nimport jax\nx = '\xe9'\n")
    (root / "nb.ipynb").write_text(notebook("import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n"))


def outcome(report) -> tuple[list, list]:
    findings = [(f.path, f.line, f.column, f.cell, f.code, f.message, f.fix is not None) for f in report.findings]
    errors = sorted((e.path, e.message) for e in report.errors)
    return findings, errors


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    make_project(tmp_path)
    return tmp_path


def test_a_run_in_several_processes_reports_what_one_process_reports(project):
    alone = outcome(run(["."], Settings()))
    assert {f[4] for f in alone[0]} >= {"ACC101", "ACC201", "ACC302", "ACC401"}
    assert [e[0] for e in alone[1]] == ["pkg/broken.py", "pkg/latin.py"]  # each error once
    assert outcome(run(["."], Settings(), jobs=2)) == alone
    assert outcome(run(["."], Settings(cache_dir=str(project / "cache")), cache=True, jobs=2)) == alone
    assert outcome(run(["."], Settings(cache_dir=str(project / "cache")), cache=True, jobs=2)) == alone  # warm


def test_the_workers_do_the_per_file_work(project, monkeypatch):
    import acclint.run.plan as plan_module
    from acclint.run.summaries import SummaryStore

    work = plan(["."], Settings())
    work.summaries = SummaryStore()
    prefetch(work, 2)
    assert set(work.prefetched) == set(work.files)  # every reported file came back from a worker
    _, seeds = work.project()
    # Each helper is reached, and each step gets back what its helper returns (a tracer): the
    # workers analysed both with those seeds, in later rounds, so the parent analyses nothing
    helpers = {f"helpers{n}.py" for n in range(12)}
    steps = {f"step{n}.py" for n in range(12)}
    assert {Path(p).name for p in seeds} == helpers | steps
    assert work.bare_project().analysed == []
    # and lints nothing itself: each file's result was made with the seeds the project gives it
    alone = outcome(run(["."], Settings()))
    monkeypatch.setattr(plan_module, "lint_file", lambda path, *rest: pytest.fail(f"{path} linted in the parent"))
    assert outcome(plan_module.Report([work.lint(path) for path in work.files])) == alone


def test_jobs_on_the_command_line_and_in_the_configuration(project, capsys):
    assert main(["check", "--output-format", "concise", "-j", "1", "."]) == 2
    one = capsys.readouterr().out
    assert main(["check", "--output-format", "concise", "--jobs", "2", "."]) == 2
    assert capsys.readouterr().out == one
    (project / "pyproject.toml").write_text("[tool.acclint]\njobs = 0\n")
    assert main(["check", "."]) == 2
    assert "'jobs' must be a positive number of processes, not 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["check", "-j", "none", "."])
    assert "must be a positive number of processes" in capsys.readouterr().err


def _fails(path, *rest):
    raise RuntimeError(f"a bug met on {path}")


def _dies(path, *rest):
    import os

    os._exit(3)


@pytest.mark.parametrize("worker", [_fails, _dies])
def test_a_worker_that_fails_or_dies_leaves_the_work_to_the_parent(project, monkeypatch, worker):
    import acclint.run.jobs as jobs

    alone = outcome(run(["."], Settings()))
    monkeypatch.setattr(jobs, "_analyse", worker)  # the workers are forked with it
    assert outcome(run(["."], Settings(), jobs=2)) == alone


STAR = """
    from jax import *
    from flax import serialization
    from pkg.steps import MODE
    """
STEPS = """
    from functools import partial
    import jax

    MODE = "train"


    @partial(jax.jit, static_argnums=1)
    def step(x, n):
        return x * n
    """


def test_a_file_naming_markers_only_through_a_star_import_seeds_no_run(tmp_path, monkeypatch):
    """`from jax import *` makes every jax marker a name of the module, but a file whose text
    spells no marker's word can call none (the text prefilter's premise): whether its `ast` was
    parsed or not (a parallel run's parent parses it early, to ask the installed library it
    imports about wrappers), it starts no reach, so both runs give every file the same seeds.
    Before, the parallel run gave `star.py` its imported static names and the one-process run
    nothing."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "star.py").write_text(textwrap.dedent(STAR))
    (tmp_path / "pkg" / "steps.py").write_text(textwrap.dedent(STEPS))
    for n in range(16):
        (tmp_path / "pkg" / f"plain{n}.py").write_text(textwrap.dedent(PLAIN.format(n=n)))

    def seeds(jobs: int) -> dict:
        from acclint.run.summaries import SummaryStore

        work = plan(["."], Settings())
        work.summaries = SummaryStore()
        prefetch(work, jobs)
        return work.project()[1]

    assert seeds(1) == seeds(2)
