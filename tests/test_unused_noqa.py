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


BARE = (
    "import os  # noqa\n"
    "import jax\n\n\n"
    "@jax.jit\n"
    "def step(x):\n"
    "    y = x * 2  # noqa\n"
    "    if x > 0:  # noqa\n"
    "        y = -y\n"
    "    return y\n"
)


def test_an_unused_bare_noqa_in_traced_code_is_reported_and_its_removal_is_unsafe(tmp_path):
    """ruff's RUF100 reports an unused blanket noqa; acclint does inside traced functions, where
    the one on `y = x * 2` silences nothing. The one on the `if` silences ACC201, and the one on
    the import is host code's (another tool's, almost always): both are left alone."""
    (tmp_path / "m.py").write_text(BARE)
    run = concise("--no-cache", "m.py", cwd=tmp_path)
    assert run.stdout.splitlines() == [
        "m.py:7:16: ACC001 unused blanket noqa: acclint reports nothing on this line; if another tool needs it, "
        "name that tool's codes (`# noqa: E501`), else remove it",
        "Found 1 finding in 1 file (1 fixable with --unsafe-fixes).",
    ]
    assert concise("--no-cache", "--select", "ACC001,ACC201", "m.py", cwd=tmp_path).returncode == 0  # not every rule enabled
    acclint("check", "--fix", "m.py", cwd=tmp_path)
    assert (tmp_path / "m.py").read_text() == BARE  # unsafe: another tool may need it
    acclint("check", "--fix", "--unsafe-fixes", "m.py", cwd=tmp_path)
    assert (tmp_path / "m.py").read_text() == BARE.replace("x * 2  # noqa", "x * 2")


STYLE_BARE = (
    "import jax\n\n\n"
    "@jax.jit\n"
    "def step(x, mask):\n"
    "    kept = x[mask == True]  # noqa (cannot replace `==` with `is`)\n"
    "    none = (\n"
    "        x != None  # noqa\n"
    "    )\n"
    "    flags = False == mask  # noqa\n"
    "    same = x is None  # noqa\n"
    "    return kept, none, flags, same\n"
)


def test_a_bare_noqa_on_a_comparison_to_a_singleton_is_pycodestyles(tmp_path):
    """pycodestyle reports `== True`, `!= None` (E712, E711), which array code needs (`is`
    compares identity, not each element): a bare `# noqa` there is that tool's, in any spelling
    (budoux#95's jitted `pred`); one on `x is None`, which pycodestyle accepts, is acclint's to judge."""
    (tmp_path / "m.py").write_text(STYLE_BARE)
    run = concise("--no-cache", "m.py", cwd=tmp_path)
    assert [line.split(": ACC001")[0] for line in run.stdout.splitlines()[:-1]] == ["m.py:11:23"]


MODULE_LEVEL = (
    "import jax\n\n"
    "SCALE = 2.0  # noqa: ACC201\n"
    "LIMIT = 3  # noqa: E501, ACC4\n"
    "double = jax.jit(lambda x: x * 2)  # noqa: ACC203\n\n\n"
    "class Model:\n"
    "    rate = 0.1  # noqa: ACC301, ACC999\n\n\n"
    "@jax.jit\n"
    "def step(x):\n"
    "    return x * SCALE\n\n\n"
    "for i in range(3):  # noqa: ACC5\n"
    "    step(i)\n"
)


def test_an_unused_code_on_module_level_code_is_reported(tmp_path):
    """Module-level code is never traced: a code of a rule that reports only traced code
    silences nothing there, in any run. Left alone: a lambda's line (its body may be traced)
    and ACC5 (host loops, which a run over more files may find compiled calls in)."""
    (tmp_path / "m.py").write_text(MODULE_LEVEL)
    run = concise("--no-cache", "m.py", cwd=tmp_path)
    assert run.stdout.splitlines() == [
        "m.py:3:14: ACC001 unused noqa code ACC201: module-level code is never traced, so no ACC201 is reported here; remove it",
        "m.py:4:12: ACC001 unused noqa code ACC4: module-level code is never traced, so no ACC4 is reported here; remove it",
        "m.py:9:17: ACC001 unused noqa codes ACC301, ACC999 (no such rule): module-level code is never traced, so "
        "none of them is reported here; remove them",
        "Found 3 findings in 1 file (3 fixable with --fix).",
    ]
    acclint("check", "--fix", "m.py", cwd=tmp_path)
    fixed = (tmp_path / "m.py").read_text()
    assert fixed == (MODULE_LEVEL.replace("2.0  # noqa: ACC201", "2.0").replace("E501, ACC4", "E501")
                     .replace("0.1  # noqa: ACC301, ACC999", "0.1"))
    assert concise("--no-cache", "m.py", cwd=tmp_path).returncode == 0  # a second run finds nothing


def test_only_host_loop_rules_report_module_level_code():
    """What ACC001 relies on: across the fixtures and the rules' examples, every finding of a
    rule that is not a host-loop rule lies inside a function or a lambda."""
    import ast
    from pathlib import Path

    from acclint.api import lint_bytes, options_for
    from acclint.frameworks.markers import HOST_LOOPS
    from acclint.run.config import Settings
    from acclint.run.registry import all_rules

    settings = Settings()
    options = options_for(settings)
    host = {rule.code for rule in all_rules() if HOST_LOOPS in rule.contexts}
    root = Path(__file__).resolve().parent.parent
    sources = {str(p): p.read_text() for p in sorted((root / "fixtures").glob("*.py"))}
    sources.update({f"{rule.code}-{i}.py": text for rule in all_rules() for i, text in enumerate(rule.INVALID)})
    checked = 0
    for name, text in sources.items():
        inside = [(n.lineno, n.end_lineno) for n in ast.walk(ast.parse(text))
                  if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
        for f in lint_bytes(text.encode(), name, settings, options).findings:
            if f.code in host or f.code == "ACC001":
                continue
            checked += 1
            assert any(start <= f.line <= end for start, end in inside), (name, f.line, f.code)
    assert checked > 200
