"""The command line as a user meets it: output formats, exit codes, bad input, rule docs.

Most tests run the command in this process (tests/cli_run.py); the exit statuses 0, 1 and 2
are also checked through a real process, started both as the installed `acclint` script and
as `python -m acclint`.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli_run import acclint

HAZARD = "import jax\n\n@jax.jit\ndef step(x):\n    if x.sum() > 0:\n        print(x)\n    return x\n"
CLEAN = "import jax\n\n@jax.jit\ndef step(x):\n    return x * 2\n"


SCRIPT = str(Path(sys.executable).parent / "acclint")


def acclint_process(*args, cwd, module=False):
    """The real command in a subprocess: `python -m acclint` or the installed script."""
    command = [sys.executable, "-m", "acclint"] if module else [SCRIPT]
    return subprocess.run([*command, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.fixture
def project(tmp_path):
    (tmp_path / "hazard.py").write_text(HAZARD)
    (tmp_path / "clean.py").write_text(CLEAN)
    return tmp_path


@pytest.mark.parametrize("run_it", [acclint, lambda *a, cwd: acclint_process(*a, cwd=cwd, module=True)],
                         ids=["in-process", "python -m acclint"])
def test_text_output_names_position_code_and_shows_the_line(project, run_it):
    run = run_it("check", "hazard.py", cwd=project)
    assert run.returncode == 1
    lines = run.stdout.splitlines()
    assert lines[0].startswith("hazard.py:5:5: ACC201 'if' on traced value 'x'")
    assert lines[1] == "        if x.sum() > 0:"
    assert lines[2] == "        " + "^" * len("if x.sum() > 0:")  # a multi-line node: to the end of its line
    assert "hazard.py:6:9: ACC401" in run.stdout
    assert lines[-1].startswith("Found 2 findings in 1 file")


def test_json_output_follows_the_contract(project):
    run = acclint("check", "--format", "json", ".", cwd=project)
    assert run.returncode == 1
    data = json.loads(run.stdout)
    assert [(d["path"], d["line"], d["column"], d["code"]) for d in data] == [
        ("hazard.py", 5, 5, "ACC201"),
        ("hazard.py", 6, 9, "ACC401"),
    ]
    for item in data:
        assert {"path", "line", "column", "code", "message", "end_line", "end_column", "fixable"} <= item.keys()
        assert isinstance(item["fixable"], bool)


@pytest.mark.parametrize("run_it", [acclint, acclint_process], ids=["in-process", "acclint script"])
def test_clean_files_exit_zero_with_ruffs_summary_line(project, run_it):
    run = run_it("check", "clean.py", cwd=project)
    assert (run.returncode, run.stdout, run.stderr) == (0, "All checks passed!\n", "")


@pytest.mark.parametrize(
    "option, codes",
    [("--select=ACC2", {"ACC201"}), ("--select=ACC401", {"ACC401"}), ("--ignore=ACC2", {"ACC401"}), ("--select=acc4", {"ACC401"})],
)
def test_select_and_ignore_take_codes_and_prefixes(project, option, codes):
    run = acclint("check", "--format", "json", option, "hazard.py", cwd=project)
    assert {d["code"] for d in json.loads(run.stdout)} == codes


@pytest.mark.parametrize(
    "content, reason",
    [
        (b"import jax\n\n@jax.jit\ndef broken(:\n    pass\n", "cannot parse: invalid syntax (line 4"),
        (b"# jit\nname = '\xe9t\xe9'\n", "not valid utf-8 (byte 0xe9 at offset 14)"),
        (b"# jit\nname = '\xe9t\xe9'\n" * 2000, "not valid utf-8"),
        (b"import jax\nx = jax.jit\x00\n", "null bytes"),
        (b"from jax import jit\nx = " + b"(" * 3000 + b"1" + b")" * 3000 + b"\n", "too many nested parentheses"),
    ],
)
def test_a_bad_file_is_named_with_its_problem_and_the_others_are_still_linted(project, content, reason):
    """Only files that mention a marker word are parsed (the README says why), so each bad file does."""
    (project / "bad.py").write_bytes(content)
    run = acclint("check", ".", cwd=project)
    assert run.returncode == 2
    assert "hazard.py:5:5: ACC201" in run.stdout
    error_lines = [line for line in run.stderr.splitlines() if line.startswith("bad.py: error:")]
    assert len(error_lines) == 1 and reason in error_lines[0].lower(), run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("run_it", [acclint, acclint_process], ids=["in-process", "acclint script"])
def test_usage_errors_exit_two(project, run_it):
    assert run_it("check", "missing.py", cwd=project).returncode == 2
    bad_code = run_it("check", "--select", "E501", "hazard.py", cwd=project)
    assert bad_code.returncode == 2 and "E501" in bad_code.stderr
    assert run_it("check", "--format", "xml", cwd=project).returncode == 2
    assert run_it(cwd=project).returncode == 2


def test_rule_docs_and_listing(project):
    doc = acclint("rule", "ACC201", cwd=project)
    assert doc.returncode == 0
    for section in ("What it does", "Why is this bad", "Example", "Use instead", "Fix safety"):
        assert section in doc.stdout
    listing = acclint("rules", cwd=project)
    codes = [line.split()[0] for line in listing.stdout.splitlines()]
    assert codes == sorted(codes) and {"ACC101", "ACC201", "ACC301", "ACC401"} <= set(codes)
    assert acclint("rule", "ACC999", cwd=project).returncode == 2


def test_directories_skip_virtualenvs_caches_and_build_output(project):
    for skipped in (".venv/lib", "build", "__pycache__", ".git", "env"):
        (project / skipped).mkdir(parents=True, exist_ok=True)
        (project / skipped / "x.py").write_text(HAZARD)
    (project / "env" / "pyvenv.cfg").write_text("home = /usr\n")
    run = acclint("check", "--format", "json", ".", cwd=project)
    assert {d["path"] for d in json.loads(run.stdout)} == {"hazard.py"}


def test_configuration_from_pyproject(project):
    (project / "pyproject.toml").write_text('[tool.acclint]\nignore = ["ACC4"]\nexclude = ["skipped_dir"]\n')
    (project / "skipped_dir").mkdir()
    (project / "skipped_dir" / "x.py").write_text(HAZARD)
    run = acclint("check", "--format", "json", ".", cwd=project)
    assert [(d["path"], d["code"]) for d in json.loads(run.stdout)] == [("hazard.py", "ACC201")]


def test_bad_configuration_names_file_and_key(project):
    (project / "pyproject.toml").write_text('[tool.acclint]\nselekt = ["ACC2"]\n')
    run = acclint("check", ".", cwd=project)
    assert run.returncode == 2
    assert "pyproject.toml" in run.stderr and "selekt" in run.stderr
