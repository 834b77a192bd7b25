"""Habits of ruff users that carry over (issue 22): counts that separate safe from unsafe
fixes, a run that checked nothing says so, a directory named on the command line is linted
even when a `.gitignore` above it ignores it, ruff's JSON fields beside acclint's own, and the
flags `-q`, `-s`, `--extend-ignore`, `--exclude`, `--extend-exclude`, `--show-files`,
`--select ALL`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from cli_run import acclint

SAFE = "import jax\n\n@jax.jit\ndef step(x):\n    if x > 0:\n        return x\n    return -x\n"
# Neither rewrite is proven: the select's log (its gradient where not taken), and lax.cond's literal
# against an array (weak types).
UNSAFE = "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef step(x):\n    if x > 0:\n        return jnp.log(x)\n    return 0.5\n"
PRINTS = "import jax\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x\n"


@pytest.fixture
def project(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.acclint]\n")
    (tmp_path / "safe.py").write_text(SAFE)
    (tmp_path / "unsafe.py").write_text(UNSAFE)
    return tmp_path


def test_the_summary_separates_safe_and_unsafe_fixes(project):
    run = acclint("check", "--no-cache", "safe.py", "unsafe.py", cwd=project)
    assert run.stdout.splitlines()[-1] == "Found 2 findings in 2 files (1 fixable with --fix, 1 more with --unsafe-fixes)."
    run = acclint("check", "--no-cache", "unsafe.py", cwd=project)
    assert run.stdout.splitlines()[-1] == "Found 1 finding in 1 file (1 fixable with --unsafe-fixes)."


def test_after_fix_the_unsafe_fix_left_is_not_counted_as_fixable_with_fix(project):
    run = acclint("check", "--fix", "safe.py", "unsafe.py", cwd=project)
    assert "(1 fixable with --unsafe-fixes)" in run.stdout.splitlines()[-1]
    again = acclint("check", "--fix", "unsafe.py", cwd=project)
    assert "Fixed 0 findings" in again.stderr


def test_a_run_that_checked_nothing_says_so(tmp_path):
    (tmp_path / "notes.txt").write_text("print(x)\n")
    run = acclint("check", ".", cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, "No Python files found under the given path(s).\n")
    assert "All checks passed!" not in run.stdout + run.stderr


def test_a_named_directory_ignored_by_a_gitignore_above_it_is_linted(tmp_path):
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / ".gitignore").write_text("generated/\n")
    inner = tmp_path / "generated"
    (inner / "deep").mkdir(parents=True)
    (inner / ".gitignore").write_text("skipped.py\n")
    for name in ("a.py", "skipped.py", "deep/b.py"):
        (inner / name).write_text(PRINTS)
    run = acclint("check", "--no-cache", "--output-format", "concise", "generated", cwd=tmp_path)
    assert run.returncode == 1
    assert sorted(line.split(":")[0] for line in run.stdout.splitlines()[:-1]) == ["generated/a.py", "generated/deep/b.py"]
    # searched from above, the directory stays ignored
    assert acclint("check", "--no-cache", ".", cwd=tmp_path).stdout == "No Python files found under the given path(s).\n"


def test_json_carries_ruffs_fields_and_designs(project):
    run = acclint("check", "--output-format", "json", "safe.py", "unsafe.py", cwd=project)
    rows = json.loads(run.stdout)
    assert [(r["path"], r["line"], r["column"], r["code"], r["fixable"]) for r in rows] == [
        ("safe.py", 5, 5, "ACC201", True), ("unsafe.py", 6, 5, "ACC201", True)]
    safe, unsafe = rows
    assert safe["filename"] == str(project / "safe.py")
    assert safe["location"] == {"row": 5, "column": 5}
    assert safe["end_location"] == {"row": safe["end_line"], "column": safe["end_column"]}
    assert safe["noqa_row"] == 5 and safe["cell"] is None and "url" in safe
    assert safe["fix"]["applicability"] == "safe" and unsafe["fix"]["applicability"] == "unsafe"
    (edit,) = safe["fix"]["edits"]
    # applying the edit as a ruff consumer would gives what `--fix` writes
    lines = SAFE.splitlines(keepends=True)
    offset = lambda loc: sum(map(len, lines[:loc["row"] - 1])) + loc["column"] - 1
    edited = SAFE[:offset(edit["location"])] + edit["content"] + SAFE[offset(edit["end_location"]):]
    acclint("check", "--fix", "safe.py", cwd=project)
    assert edited == (project / "safe.py").read_text()


def test_json_of_a_clean_finding_has_a_null_fix(tmp_path):
    (tmp_path / "p.py").write_text(PRINTS.replace("print(x)", "print(x, end='')"))
    (row,) = json.loads(acclint("check", "--output-format", "json", "p.py", cwd=tmp_path).stdout)
    assert (row["code"], row["fix"], row["fixable"]) == ("ACC401", None, False)


def test_quiet_drops_the_summary_and_silent_everything(project):
    quiet = acclint("check", "-q", "--output-format", "concise", "safe.py", cwd=project)
    assert quiet.returncode == 1 and quiet.stdout.startswith("safe.py:5:5: ACC201") and "Found" not in quiet.stdout
    silent = acclint("check", "--silent", "safe.py", cwd=project)
    assert (silent.returncode, silent.stdout) == (1, "")
    fixed = acclint("check", "-q", "--fix", "safe.py", cwd=project)
    assert (fixed.returncode, fixed.stdout, fixed.stderr) == (0, "", "")


def test_extend_ignore_and_select_all(project):
    (project / "p.py").write_text(PRINTS)
    assert acclint("check", "--extend-ignore", "ACC4", "p.py", cwd=project).returncode == 0
    assert acclint("check", "--ignore", "ACC2", "--extend-ignore", "ACC401", "p.py", "safe.py", cwd=project).returncode == 0
    every = acclint("check", "--select", "ALL", "--output-format", "concise", "p.py", cwd=project)
    assert "p.py:5:5: ACC401" in every.stdout
    (project / "pyproject.toml").write_text('[tool.acclint]\nselect = ["ALL"]\n')
    assert acclint("check", "p.py", cwd=project).returncode == 1


def test_exclude_and_extend_exclude_on_the_command_line(project):
    (project / "pyproject.toml").write_text('[tool.acclint]\nexclude = ["safe.py"]\n')
    files = lambda *args: acclint("check", "--show-files", *args, ".", cwd=project).stdout.splitlines()
    assert files() == [str(project / "unsafe.py")]
    assert files("--exclude", "unsafe.py") == [str(project / "safe.py")]
    assert files("--extend-exclude", "unsafe.py") == []
    assert files("--no-config") == [str(project / "safe.py"), str(project / "unsafe.py")]


def test_add_noqa_silences_a_notebook_in_its_cells(tmp_path):
    example = Path(__file__).resolve().parent.parent / "docs" / "example" / "notebook.ipynb"
    original = example.read_text()
    (tmp_path / "nb.ipynb").write_text(original)
    assert acclint("check", "--no-cache", "nb.ipynb", cwd=tmp_path).returncode == 1
    run = acclint("check", "--add-noqa", "nb.ipynb", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "Added 3 noqa comments.\n")
    assert acclint("check", "--no-cache", "nb.ipynb", cwd=tmp_path).returncode == 0
    before, after = json.loads(original), json.loads((tmp_path / "nb.ipynb").read_text())
    changed = [i for i, (a, b) in enumerate(zip(before["cells"], after["cells"])) if a != b]
    assert changed and all(before["cells"][i]["cell_type"] == "code" for i in changed)
    for i in changed:  # only comments were added, and only at the ends of lines
        for old, new in zip(before["cells"][i]["source"], after["cells"][i]["source"]):
            assert new == old or new.rstrip("\n").startswith(old.rstrip("\n") + "  # noqa: ACC")
    assert {k: v for k, v in before.items() if k != "cells"} == {k: v for k, v in after.items() if k != "cells"}


def test_diff_notes_cite_the_line_of_the_file_as_it_is(tmp_path):
    # the print's fix adds `import jax` at the top, which moves the `if` down a line in the fixed text
    source = ("from jax import jit\nimport jax.numpy as jnp\n\n\n@jit\ndef step(x):\n    print('a', x)\n"
              "    if x > 0:\n        return jnp.log(x)\n    return 0.5\n")
    (tmp_path / "d.py").write_text(source)
    run = acclint("check", "--diff", "d.py", cwd=tmp_path)
    assert "+import jax\n" in run.stdout
    note, partly = [line for line in run.stdout.splitlines() if line.startswith("# ")]
    assert note.startswith("# d.py:8:5: ACC201 not fixed: unsafe fix not applied")
    assert partly.startswith("# d.py:8: function 'step' partly fixed: ACC201 at line 8 left")
    assert source.splitlines()[7] == "    if x > 0:"
    fixed = acclint("check", "--fix", "d.py", cwd=tmp_path)  # after a write the fixed file's line is the one to cite
    assert "d.py:9:5: ACC201 not fixed" in fixed.stderr


def test_acc301_and_acc201_do_not_both_report_one_branch(tmp_path):
    (tmp_path / "rt.py").write_text(
        "from acclint.runtime import dlaccelerate, extractdata\n\n\n@dlaccelerate\ndef f(x):\n"
        "    if extractdata(x) > 0:\n        return x\n    return -x\n")
    run = acclint("check", "--no-cache", "--output-format", "concise", "rt.py", cwd=tmp_path)
    assert [line.split()[1] for line in run.stdout.splitlines()[:-1]] == ["ACC201"]


def test_acc401_in_runtime_code_does_not_point_to_jax_debug_print(tmp_path):
    (tmp_path / "rt.py").write_text(
        "from acclint.runtime import dlaccelerate\n\n\n@dlaccelerate\ndef f(x):\n    print(x)\n    return x\n")
    run = acclint("check", "--no-cache", "--output-format", "concise", "rt.py", cwd=tmp_path)
    assert "ACC401" in run.stdout and "jax.debug" not in run.stdout


def test_effects_in_runtime_code_do_not_point_to_jax_debug_callback(tmp_path):
    (tmp_path / "rt.py").write_text(
        "import logging\nimport subprocess\nfrom acclint.runtime import dlaccelerate\n\n\n@dlaccelerate\ndef f(x):\n"
        "    logging.info('step')\n    open('log.txt', 'a').write('x')\n    subprocess.run(['true'])\n    return x\n")
    run = acclint("check", "--no-cache", "--output-format", "concise", "rt.py", cwd=tmp_path)
    codes = [line.split()[1] for line in run.stdout.splitlines()[:-1]]
    assert {"ACC402", "ACC403"} <= set(codes), run.stdout
    assert "jax.debug" not in run.stdout and run.stdout.count("outside the accelerated function") == len(codes)


def test_rules_table_columns_are_aligned(tmp_path):
    rows = acclint("rules", cwd=tmp_path).stdout.splitlines()
    assert len(rows) > 20
    name_at = {len(row.split("  ")[0]) + len(row) - len(row.split("  ", 1)[0]) - len(row.split("  ", 1)[1].lstrip()) for row in rows}
    contexts_at = {row.index("[") for row in rows}
    summary_at = {row.index("]") + 1 + len(row[row.index("]") + 1:]) - len(row[row.index("]") + 1:].lstrip()) for row in rows}
    assert (len(name_at), len(contexts_at), len(summary_at)) == (1, 1, 1), rows


def test_json_from_the_cache_and_from_workers_equals_a_fresh_lint(project):
    fresh = acclint("check", "--no-cache", "-j", "1", "--output-format", "json", ".", cwd=project).stdout
    assert json.loads(fresh)[0]["fix"]["edits"]
    assert acclint("check", "-j", "2", "--output-format", "json", ".", cwd=project).stdout == fresh  # workers, cache written
    assert acclint("check", "--output-format", "json", ".", cwd=project).stdout == fresh  # served by the cache


def test_statistics_count_as_fixable_only_what_fix_applies(project):
    """`--statistics` counts a row's safe fixes as fixable and its unsafe ones apart, as the
    summary line does, and ends with that summary line (as ruff's statistics do)."""
    (project / "both.py").write_text(SAFE + UNSAFE.replace("def step", "def step2").replace("import jax\nimport jax.numpy as jnp\n", "import jax.numpy as jnp\n"))
    run = acclint("check", "--no-cache", "--statistics", "both.py", cwd=project)
    assert run.returncode == 1
    assert run.stdout.splitlines() == [
        "2  ACC201  if-on-traced-value  (1 fixable with --fix, 1 more with --unsafe-fixes)",
        "Found 2 findings in 1 file (1 fixable with --fix, 1 more with --unsafe-fixes).",
    ]
    quiet = acclint("check", "--no-cache", "--statistics", "-q", "unsafe.py", cwd=project)
    assert quiet.stdout.splitlines() == ["1  ACC201  if-on-traced-value  (1 fixable with --unsafe-fixes)"]
    rows = json.loads(acclint("check", "--no-cache", "--statistics", "--output-format", "json", "both.py", cwd=project).stdout)
    assert rows == [{"code": "ACC201", "name": "if-on-traced-value", "count": 2, "fixable": 1, "unsafe_fixable": 1}]
