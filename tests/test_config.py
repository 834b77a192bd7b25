"""`[tool.acclint]` in pyproject.toml: where it is found, what each key does, how bad input fails."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from acclint.cli import main

# One finding of each family used below: ACC401 (line 6), ACC201 (line 7), ACC302 (line 9).
HAZARDS = textwrap.dedent(
    """\
    import jax


    @jax.jit
    def step(x):
        print(x)
        if x.sum() > 0:
            x = -x
        return float(x)
    """
)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def codes(capsys, *args: str) -> list[tuple[str, str]]:
    """(path, code) of every finding `acclint check --format json ARGS` reports."""
    import json

    status = main(["check", "--format", "json", *args])
    out, err = capsys.readouterr()
    assert status in (0, 1), err
    return [(f["path"], f["code"]) for f in json.loads(out)]


def fail(capsys, *args: str) -> str:
    assert main(["check", *args]) == 2
    out, err = capsys.readouterr()
    return err


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "m.py", HAZARDS)
    return tmp_path


def test_accelerators_make_the_users_wrapper_a_cached_context(capsys, project):
    write(project / "user.py", """\
        from mylib import fast_jit


        @fast_jit
        def step(x):
            print(x)
            return x
        """)
    assert codes(capsys, "user.py") == []
    write(project / "pyproject.toml", '[tool.acclint]\naccelerators = ["mylib.fast_jit"]\n')
    assert codes(capsys, "user.py") == [("user.py", "ACC401")]


def test_differentiators_make_the_users_grad_a_differentiated_context(capsys, project):
    write(project / "user.py", """\
        from mylib import my_grad


        def loss(w):
            return float(w)


        g = my_grad(loss)
        """)
    assert codes(capsys, "user.py") == []
    write(project / "pyproject.toml", '[tool.acclint]\ndifferentiators = ["mylib.my_grad"]\n')
    assert codes(capsys, "user.py") == [("user.py", "ACC302")]


@pytest.mark.parametrize(
    ("table", "found"),
    [
        ('select = ["ACC2", "ACC3"]', ["ACC201", "ACC302"]),
        ('ignore = ["ACC4"]', ["ACC201", "ACC302"]),
        ('select = ["ACC2"]\nextend-select = ["ACC401"]', ["ACC401", "ACC201"]),
        ('extend-select = ["ACC401"]', ["ACC401", "ACC201", "ACC302"]),
        ('per-file-ignores = { "m*.py" = ["ACC2", "ACC302"] }', ["ACC401"]),
        ('exclude = ["m.py"]', []),
        ('extend-exclude = ["m.py"]', []),
    ],
)
def test_each_key(capsys, project, table, found):
    write(project / "pyproject.toml", f"[tool.acclint]\n{table}\n")
    assert [code for _, code in codes(capsys, ".")] == found


def test_command_line_select_replaces_configured_select_but_keeps_extend_select(capsys, project):
    write(project / "pyproject.toml", '[tool.acclint]\nselect = ["ACC2"]\nextend-select = ["ACC401"]\n')
    assert [code for _, code in codes(capsys, "--select", "ACC3", "m.py")] == ["ACC401", "ACC302"]
    assert [code for _, code in codes(capsys, "--ignore", "ACC2", "m.py")] == ["ACC401"]


def test_nearest_pyproject_above_the_linted_path_wins(capsys, project):
    write(project / "pyproject.toml", '[tool.acclint]\nselect = ["ACC4"]\n')
    write(project / "sub" / "pyproject.toml", '[tool.acclint]\nselect = ["ACC3"]\n')
    write(project / "sub" / "deeper" / "m.py", HAZARDS)
    write(project / "other" / "pyproject.toml", "[project]\nname = 'no-acclint-table'\n")
    write(project / "other" / "m.py", HAZARDS)
    assert codes(capsys, "sub/deeper/m.py") == [("sub/deeper/m.py", "ACC302")]
    assert codes(capsys, "sub") == [("sub/deeper/m.py", "ACC302")]
    # `other/pyproject.toml` has no [tool.acclint]: the search goes on up.
    assert codes(capsys, "other") == [("other/m.py", "ACC401")]


def test_when_paths_disagree_the_one_nearest_their_common_parent_wins(capsys, project):
    write(project / "pyproject.toml", '[tool.acclint]\nselect = ["ACC4"]\n')
    write(project / "a" / "pyproject.toml", '[tool.acclint]\nselect = ["ACC2"]\n')
    write(project / "a" / "m.py", HAZARDS)
    write(project / "b" / "pyproject.toml", '[tool.acclint]\nselect = ["ACC3"]\n')
    write(project / "b" / "m.py", HAZARDS)
    assert codes(capsys, "a", "b") == [("a/m.py", "ACC401"), ("b/m.py", "ACC401")]
    assert main(["check", "--show-settings", "a", "b"]) == 0
    assert f"# from {project / 'pyproject.toml'}" in capsys.readouterr().out


def test_config_option_and_no_config(capsys, project):
    write(project / "pyproject.toml", '[tool.acclint]\nselect = ["ACC4"]\n')
    write(project / "alt.toml", '[tool.acclint]\nselect = ["ACC3"]\n')
    assert [c for _, c in codes(capsys, "--config", "alt.toml", "m.py")] == ["ACC302"]
    assert [c for _, c in codes(capsys, "--no-config", "m.py")] == ["ACC401", "ACC201", "ACC302"]


def test_show_settings_prints_the_resolved_configuration_and_its_file(capsys, project):
    pyproject = write(project / "pyproject.toml", """\
        [tool.acclint]
        select = ["ACC2"]
        accelerators = ["mylib.fast_jit"]
        per-file-ignores = { "tests/*" = ["ACC201"] }
        """)
    assert main(["check", "--show-settings", "--ignore", "ACC202"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:2] == [f"# from {pyproject}", "[tool.acclint]"]
    for line in ['select = ["ACC2"]', 'ignore = ["ACC202"]', 'accelerators = ["mylib.fast_jit"]',
                 '# ["ACC201", "ACC203", "ACC204", "ACC205", "ACC206", "ACC207", "ACC208", "ACC209", "ACC210"]', '"tests/*" = ["ACC201"]']:
        assert line in out.splitlines()


def test_show_settings_without_a_configuration(capsys, project):
    assert main(["check", "--show-settings"]) == 0
    assert capsys.readouterr().out.startswith("# no [tool.acclint] found: defaults\n")


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("selct = []", "unknown key 'selct' in [tool.acclint]; allowed: select, extend-select, ignore, exclude,"),
        ('select = "ACC2"', "'select' must be a list of rule codes or prefixes"),
        ('ignore = ["E501"]', "'ignore' has 'E501', which is no rule code or prefix; allowed: ACC, a family"),
        ('extend-select = ["ACC9"]', "'extend-select' has 'ACC9', which is no rule code or prefix"),
        ("exclude = [1]", "'exclude' must be a list of glob patterns"),
        ('accelerators = ["my lib.jit"]', "'accelerators' has 'my lib.jit'; allowed: dotted names such as"),
        ('differentiators = "mylib.grad"', "'differentiators' must be a list of dotted names"),
        ('per-file-ignores = ["x"]', "'per-file-ignores' must be a table of glob = [codes]"),
        ('per-file-ignores = { "t/*" = ["X1"] }', "'per-file-ignores.t/*' has 'X1', which is no rule code"),
        ("acclint = 1", "unknown key 'acclint'"),
    ],
)
def test_bad_key_or_value_names_file_key_and_allowed_values(capsys, project, table, message):
    pyproject = write(project / "pyproject.toml", f"[tool.acclint]\n{table}\n")
    err = fail(capsys, "m.py")
    assert err.startswith(f"acclint: error: {pyproject}: ")
    assert message in err


def test_invalid_toml_that_mentions_acclint_is_an_error(capsys, project):
    pyproject = write(project / "pyproject.toml", "[tool.acclint\nselect = []\n")
    assert f"acclint: error: {pyproject}: not valid TOML" in fail(capsys, "m.py")


def test_bad_command_line_code_is_an_error(capsys, project):
    assert "command line: '--select' has 'XYZ', which is no rule code" in fail(capsys, "--select", "XYZ", "m.py")


def test_host_effects_teaches_functions_that_do_io(tmp_path, capsys):
    write(tmp_path / "pyproject.toml", '[tool.acclint]\nhost-effects = ["metrics.push"]\n')
    write(tmp_path / "m.py", """
        import jax
        import metrics

        @jax.jit
        def step(x):
            metrics.push(x)
            return x
    """)
    assert codes(capsys, str(tmp_path / "m.py")) == [(str(tmp_path / "m.py"), "ACC408")]


def test_strictness_pedantic_widens_and_a_bad_value_is_named(tmp_path, capsys):
    write(tmp_path / "m.py", """
        import jax

        @jax.jit
        def step(cfg, x):
            if cfg.flag:
                return x
            return -x
    """)
    assert codes(capsys, str(tmp_path / "m.py")) == []
    write(tmp_path / "pyproject.toml", '[tool.acclint]\nstrictness = "pedantic"\n')
    assert codes(capsys, str(tmp_path / "m.py")) == [(str(tmp_path / "m.py"), "ACC201")]
    write(tmp_path / "pyproject.toml", '[tool.acclint]\nstrictness = "loose"\n')
    assert main(["check", str(tmp_path / "m.py")]) == 2
    assert "'strictness' must be one of precise, pedantic, not 'loose'" in capsys.readouterr().err
