"""ACC001, the unused-noqa check (issue 22; ruff's RUF100): found, fixed, judged with the
project's reach and the same from the cache, left alone where acclint cannot judge, and
never silenced by `--add-noqa`."""

from __future__ import annotations

import pytest

from cli_run import acclint

TRAIN = "import jax\n\nfrom utils import helper\n\n\n@jax.jit\ndef step(x):\n    return helper(x)\n"
UTILS = (
    "def helper(x):\n"
    "    print(x)  # noqa: ACC401\n"
    "    y = x * 2  # noqa: ACC201\n"
    "    return y\n"
)


@pytest.fixture
def project(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.acclint]\n")
    (tmp_path / "train.py").write_text(TRAIN)
    (tmp_path / "utils.py").write_text(UTILS)
    return tmp_path


def concise(*args, cwd):
    return acclint("check", "--output-format", "concise", *args, cwd=cwd)


def test_a_code_that_silences_nothing_in_code_the_project_traces(project):
    for _ in range(2):  # the second run is served by the cache
        run = concise(".", cwd=project)
        assert run.stdout.splitlines() == [
            "utils.py:3:16: ACC001 unused noqa code ACC201: nothing on this line is reported as ACC201; remove it",
            "Found 1 finding in 1 file (1 fixable with --fix).",
        ]
    assert concise(".", "--no-cache", cwd=project).stdout == run.stdout


def test_the_fix_removes_the_code_and_keeps_the_used_one(project):
    run = acclint("check", "--fix", ".", cwd=project)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (project / "utils.py").read_text() == UTILS.replace("  # noqa: ACC201", "")


def test_a_helper_no_linted_file_traces_is_not_judged(project):
    assert concise("utils.py", cwd=project).returncode == 0  # train.py is not in this run
    (project / "train.py").write_text(TRAIN.replace("return helper(x)", "return x"))
    assert concise(".", cwd=project).returncode == 0  # no longer traced: its comments are not judged


def test_deselected_rules_and_other_tools_codes_are_left_alone(project):
    assert concise(".", "--select", "ACC001,ACC4", cwd=project).returncode == 0  # ACC201 is not enabled
    (project / "utils.py").write_text(UTILS.replace("# noqa: ACC201", "# noqa: E501, ACC999"))
    run = concise(".", cwd=project)
    assert "ACC001 unused noqa code ACC999 (no such rule)" in run.stdout
    acclint("check", "--fix", ".", cwd=project)
    assert "    y = x * 2  # noqa: E501\n" in (project / "utils.py").read_text()


def test_add_noqa_does_not_silence_an_unused_noqa(project):
    run = acclint("check", "--add-noqa", ".", cwd=project)
    assert "1 unused noqa comment (ACC001) left as it is" in run.stderr
    assert (project / "utils.py").read_text() == UTILS
