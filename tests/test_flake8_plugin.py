"""The flake8 plugin, run through the real `flake8` executable (no mocks).

flake8 must report exactly what `acclint check` reports (same lines, columns, codes and
messages), lint the buffer it is given rather than the file on disk, and leave selection and
`# noqa` to flake8.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cli_run import acclint

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
FLAKE8 = str(BIN / "flake8")

HAZARDS = textwrap.dedent(
    """\
    import jax


    @jax.jit
    def step(x):
        print(x)  # noqa: ACC401
        if x.sum() > 0:
            x = -x
        return float(x)
    """
)


def flake8(*args: str, cwd: Path = ROOT, stdin: str | None = None) -> list[str]:
    done = subprocess.run(
        [FLAKE8, "--select", "ACC", *args], cwd=cwd, input=stdin, capture_output=True, text=True, timeout=300
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout.splitlines()


def acclint_as_flake8(*paths: str, cwd: Path = ROOT) -> list[str]:
    """`acclint check --format json` findings, written as flake8 writes them."""
    done = acclint("check", "--format", "json", *paths, cwd=cwd, timeout=300)
    assert done.returncode in (0, 1), done.stderr
    return [f"{f['path']}:{f['line']}:{f['column']}: {f['code']} {f['message']}" for f in json.loads(done.stdout)]


def test_flake8_reports_exactly_what_acclint_check_reports_on_the_fixtures():
    expected = acclint_as_flake8("fixtures")
    assert len(expected) > 50
    assert sorted(flake8("fixtures")) == sorted(expected)


def test_columns_are_those_of_acclint_check(tmp_path):
    # flake8 adds 1 to the column a plugin yields; `print` at the fifth character must show as 5.
    (tmp_path / "m.py").write_text(HAZARDS.replace("  # noqa: ACC401", ""))
    assert flake8("m.py", cwd=tmp_path)[0].startswith("m.py:6:5: ACC401 ")
    assert flake8("m.py", cwd=tmp_path) == acclint_as_flake8("m.py", cwd=tmp_path)


def test_stdin_buffer_is_linted_not_the_file_on_disk(tmp_path):
    # The editor check of docs/editors.md: an unsaved buffer on stdin, named for display.
    (tmp_path / "buffer.py").write_text("x = 1\n")
    out = flake8("-", "--stdin-display-name=buffer.py", cwd=tmp_path, stdin=HAZARDS)
    assert [line.split(" ")[0:2] for line in out] == [["buffer.py:7:5:", "ACC201"], ["buffer.py:9:12:", "ACC302"]]


def test_noqa_is_flake8s_to_apply(tmp_path):
    (tmp_path / "m.py").write_text(HAZARDS)
    assert not any("ACC401" in line for line in flake8("m.py", cwd=tmp_path))
    # The plugin reports every finding; only flake8 drops the one on the `# noqa` line.
    assert any(line.startswith("m.py:6:5: ACC401") for line in flake8("--disable-noqa", "m.py", cwd=tmp_path))


@pytest.mark.parametrize(
    ("args", "codes"),
    [
        ((), ["ACC201", "ACC302"]),
        (("--ignore", "ACC2"), ["ACC302"]),
        (("--select", "ACC201"), ["ACC201"]),
        (("--select", "ACC201", "--extend-select", "ACC3"), ["ACC201", "ACC302"]),
        (("--per-file-ignores", "m.py:ACC302"), ["ACC201"]),
    ],
)
def test_selection_is_flake8s(tmp_path, args, codes):
    (tmp_path / "m.py").write_text(HAZARDS)
    assert [line.split(" ")[1] for line in flake8(*args, "m.py", cwd=tmp_path)] == codes


def test_configured_accelerators_apply(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.acclint]\naccelerators = ["mylib.fast_jit"]\n')
    (tmp_path / "m.py").write_text("from mylib import fast_jit\n\n\n@fast_jit\ndef f(x):\n    print(x)\n    return x\n")
    assert [line.split(" ")[:2] for line in flake8("m.py", cwd=tmp_path)] == [["m.py:6:5:", "ACC401"]]


def test_a_file_acclint_cannot_analyse_gives_one_clear_finding(tmp_path):
    # Python parses it (so flake8 runs the plugin), acclint refuses the nesting depth.
    (tmp_path / "deep.py").write_text("import jax\n\n\n@jax.jit\ndef f(x):\n    return " + "+".join(["x"] * 500) + "\n")
    assert flake8("deep.py", cwd=tmp_path) == [
        "deep.py:1:1: ACC000 acclint could not analyse this file: nested more than 400 levels deep; acclint does not analyse it"
    ]


def test_a_bad_configuration_is_one_finding_not_a_crash(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.acclint]\naccelerators = "mylib.fast_jit"\n')
    (tmp_path / "m.py").write_text(HAZARDS)
    out = flake8("m.py", cwd=tmp_path)
    assert len(out) == 1 and out[0].startswith("m.py:1:1: ACC000 acclint could not read its configuration: ")
    assert "'accelerators' must be a list" in out[0]


def test_a_syntax_error_is_flake8s_e999_and_the_plugin_is_silent(tmp_path):
    (tmp_path / "broken.py").write_text("import jax\n@jax.jit\ndef f(x:\n")
    assert flake8("broken.py", cwd=tmp_path) == []
    assert [line.split(" ")[1] for line in flake8("--extend-select", "E999", "broken.py", cwd=tmp_path)] == ["E999"]


def test_a_module_of_a_package_is_linted_in_the_contexts_the_package_reaches_it_in():
    """flake8 hands over one file; its package's traced functions decide what is traced in it."""
    from acclint.flake8_plugin import AcclintChecker

    utils = Path(__file__).resolve().parents[1] / "docs" / "example" / "project" / "trainer" / "utils.py"
    lines = utils.read_text().splitlines(keepends=True)
    found = [(line, text.split()[0]) for line, _col, text, _type in AcclintChecker(None, lines, str(utils)).run()]
    assert found == [(9, "ACC403"), (10, "ACC302")]
