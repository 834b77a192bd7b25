"""What ruff users expect of a linter's command line (issue 11): paths that cannot be used do
not lose the others' findings, .gitignore and --force-exclude, stdin, summary lines,
--exit-zero, --add-noqa, file-level noqa, `acclint fix`, concise output, colour, statistics."""

from __future__ import annotations

import json
import os

import pytest

from cli_run import acclint

HAZARD = "import jax\n\n@jax.jit\ndef step(x):\n    if x.sum() > 0:\n        x = -x\n    print(x)\n    return x\n"
CLEAN = "import jax\n\n@jax.jit\ndef step(x):\n    return x * 2\n"


@pytest.fixture
def project(tmp_path):
    (tmp_path / "hazard.py").write_text(HAZARD)
    (tmp_path / "clean.py").write_text(CLEAN)
    return tmp_path


@pytest.mark.parametrize("make_bad, message", [
    (lambda d: None, "no such file or directory"),
    (lambda d: os.symlink(d / "gone.py", d / "bad.py"), "broken symbolic link"),
    (lambda d: os.symlink(d / "bad.py", d / "bad.py"), "symbolic link loop"),
    (lambda d: os.mkfifo(d / "bad.py"), "not a regular file (a FIFO)"),
])
def test_an_unusable_path_is_an_error_for_it_alone(project, make_bad, message):
    make_bad(project)
    run = acclint("check", "--output-format", "concise", "hazard.py", "bad.py", cwd=project)
    assert run.returncode == 2
    assert f"bad.py: error: {message}" in run.stderr
    assert "hazard.py:5:5: ACC201" in run.stdout and "hazard.py:7:5: ACC401" in run.stdout


def test_a_fifo_found_in_a_directory_is_reported_not_waited_on(project):
    os.mkfifo(project / "pipe.py")
    run = acclint("check", "--output-format", "concise", ".", cwd=project)
    assert run.returncode == 2
    assert "pipe.py: error: not a regular file (a FIFO); skipped" in run.stderr
    assert "hazard.py:5:5: ACC201" in run.stdout


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every directory, so none can be unreadable")
def test_an_unreadable_directory_is_an_error_and_the_rest_is_linted(project):
    locked = project / "locked"
    locked.mkdir()
    (locked / "m.py").write_text(HAZARD)
    locked.chmod(0)
    try:
        run = acclint("check", ".", cwd=project)
    finally:
        locked.chmod(0o755)
    assert run.returncode == 2 and "locked" in run.stderr and "hazard.py:5:5" in run.stdout


def test_gitignored_files_are_skipped_unless_asked(project):
    (project / ".git").mkdir()
    (project / ".gitignore").write_text("generated/\n")
    (project / "generated").mkdir()
    (project / "generated" / "out.py").write_text(HAZARD)
    assert "generated" not in acclint("check", ".", cwd=project).stdout
    assert "generated/out.py:5:5: ACC201" in acclint("check", "--no-respect-gitignore", ".", cwd=project).stdout


def test_force_exclude_applies_exclude_to_named_files(project):
    (project / "pyproject.toml").write_text('[tool.acclint]\nexclude = ["hazard.py"]\n')
    assert acclint("check", "hazard.py", cwd=project).returncode == 1  # named: linted, as ruff does
    run = acclint("check", "--force-exclude", "hazard.py", cwd=project)
    assert (run.returncode, run.stdout) == (0, "No Python files found under the given path(s).\n")


def test_summary_line_exit_zero_and_concise_output(project):
    run = acclint("check", "--output-format", "concise", "--exit-zero", ".", cwd=project)
    assert run.returncode == 0
    assert run.stdout.splitlines() == [
        "hazard.py:5:5: ACC201 " + run.stdout.split("ACC201 ", 1)[1].split("\n")[0],
        "hazard.py:7:5: ACC401 " + run.stdout.split("ACC401 ", 1)[1].split("\n")[0],
        "Found 2 findings in 1 file (2 fixable with --fix).",
    ]


def test_colour_follows_force_color_and_no_color(project):
    coloured = acclint("check", "hazard.py", cwd=project, env={"FORCE_COLOR": "1"}).stdout
    assert "\x1b[31mACC201\x1b[0m" in coloured
    plain = acclint("check", "hazard.py", cwd=project, env={"NO_COLOR": "1", "FORCE_COLOR": ""}).stdout
    assert "\x1b[" not in plain


def test_statistics_work_with_json(project):
    run = acclint("check", "--statistics", "--output-format", "json", ".", cwd=project)
    assert json.loads(run.stdout) == [
        {"code": "ACC201", "name": "if-on-traced-value", "count": 1, "fixable": 1, "unsafe_fixable": 0},
        {"code": "ACC401", "name": "print-in-cached-trace", "count": 1, "fixable": 1, "unsafe_fixable": 0},
    ]


def test_stdin_is_linted_under_its_stdin_filename(project):
    (project / "pyproject.toml").write_text('[tool.acclint]\nper-file-ignores = { "quiet.py" = ["ACC4"] }\n')
    run = acclint("check", "-", "--stdin-filename", "quiet.py", "--output-format", "concise", cwd=project, input=HAZARD)
    assert run.returncode == 1
    assert "quiet.py:5:5: ACC201" in run.stdout and "ACC401" not in run.stdout  # per-file-ignores apply
    anonymous = acclint("check", "-", cwd=project, input=HAZARD)
    assert anonymous.stdout.startswith("-:5:5: ACC201")


def test_stdin_named_as_an_excluded_file_is_left_alone_with_force_exclude(project):
    (project / "pyproject.toml").write_text('[tool.acclint]\nexclude = ["vendored/*"]\n')
    args = ("check", "-", "--stdin-filename", "vendored/m.py", "--force-exclude")
    assert acclint(*args, cwd=project, input=HAZARD).stdout == "No Python files found under the given path(s).\n"
    fixed = acclint(*args, "--fix", cwd=project, input=HAZARD)
    assert (fixed.returncode, fixed.stdout) == (0, HAZARD)  # the source comes back untouched


def test_fix_on_stdin_prints_the_fixed_source(project):
    run = acclint("check", "-", "--fix", "--stdin-filename", "m.py", cwd=project, input=HAZARD)
    lines = run.stdout.splitlines()
    assert lines[4].startswith("    x = ") and lines[4].endswith("where(x.sum() > 0, -x, x)")
    assert lines[5] == '    jax.debug.print("{!s}", x)'
    assert lines[:4] + lines[6:] == HAZARD.splitlines()[:4] + HAZARD.splitlines()[7:]
    compile(run.stdout, "m.py", "exec")
    assert run.returncode == 0, run.stderr


def test_acclint_fix_is_check_fix(project):
    run = acclint("fix", "hazard.py", cwd=project)
    assert run.returncode == 0, run.stderr
    assert "jax.debug.print" in (project / "hazard.py").read_text()
    assert "Fixed 2 findings in 1 file (0 left)." in run.stderr


def test_file_level_noqa_silences_the_file_or_the_codes(project):
    (project / "all.py").write_text("# acclint: noqa\n" + HAZARD)
    (project / "some.py").write_text("# acclint: noqa: ACC4\n" + HAZARD)
    run = acclint("check", "--output-format", "concise", "all.py", "some.py", cwd=project)
    assert [line.split(" ")[0:2] for line in run.stdout.splitlines()[:-1]] == [["some.py:6:5:", "ACC201"]]
    assert run.stdout.splitlines()[-1] == "Found 1 finding in 1 file (1 fixable with --fix)."


def test_add_noqa_silences_every_finding_and_keeps_the_code_working(project):
    source = (
        "import jax\n\n@jax.jit\ndef step(x):\n"
        "    if x.sum() > 0:  # noqa: ACC999\n"
        '        print("""a\n  b""", x)\n'
        "    return x\n"
    )
    (project / "m.py").write_text(source)
    run = acclint("check", "--add-noqa", "m.py", cwd=project)
    assert run.returncode == 0, run.stderr
    assert "Added 1 noqa comment." in run.stderr and "1 line cannot take a comment" in run.stderr
    fixed = (project / "m.py").read_text()
    assert "    if x.sum() > 0:  # noqa: ACC999, ACC201\n" in fixed
    assert '        print("""a\n  b""", x)\n' in fixed  # a comment there would land in the string
    assert acclint("check", "--add-noqa", "m.py", cwd=project).stderr.startswith("Added 0 noqa comments.")


def test_add_noqa_counts_lines_as_python_does_after_a_form_feed(project):
    (project / "m.py").write_text("import jax\n\x0c\n@jax.jit\ndef step(x):\n    print(x)  # \x0c a form feed in a comment\n    return x\n")
    assert acclint("check", "--add-noqa", "m.py", cwd=project).returncode == 0
    assert (project / "m.py").read_text().split("\n")[4] == "    print(x)  # \x0c a form feed in a comment  # noqa: ACC401"
    assert acclint("check", "m.py", cwd=project).stdout == "All checks passed!\n"


def test_stdin_standing_for_a_package_module_is_traced_from_its_package():
    root = __import__("pathlib").Path(__file__).resolve().parent.parent
    utils = "docs/example/project/trainer/utils.py"
    run = acclint("check", "-", "--stdin-filename", utils, "--output-format", "concise", "--no-cache",
                  cwd=root, input=(root / utils).read_text())
    assert run.returncode == 1
    assert f"{utils}:10:12: ACC302" in run.stdout and "(reached from trainer.train.train_step (jax.jit))" in run.stdout
