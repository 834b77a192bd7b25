"""`acclint check --fix` / `--diff` on files: what is written, how, and what is reported."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import libcst as cst
import pytest

from acclint.cli import main
from acclint.fix import apply
from acclint.fix.apply import FixError, fix_source
from acclint.findings import FileResult, Finding, Fix

HEADER = "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef gate(x):\n"
BRANCH = HEADER + "    if x.sum() > 0:\n        return x\n    return -x\n"
FIXED = HEADER + "    return jnp.where(x.sum() > 0, x, -x)\n"


def _check(path: Path, *flags: str) -> int:
    return main(["check", "--no-config", *flags, str(path)])


def test_fix_writes_the_select_and_a_second_run_changes_nothing(tmp_path, capsys):
    target = tmp_path / "m.py"
    target.write_text(BRANCH)
    assert _check(target, "--fix") == 0
    assert target.read_text() == FIXED
    assert "Fixed 1 finding in 1 file (0 left)." in capsys.readouterr().err
    assert _check(target, "--fix") == 0
    assert target.read_text() == FIXED
    assert "Fixed 0 findings in 0 files (0 left)." in capsys.readouterr().err


def test_crlf_bom_encoding_and_mode_are_kept(tmp_path):
    target = tmp_path / "m.py"
    data = b"\xef\xbb\xbf# caf\xc3\xa9\r\n" + BRANCH.replace("\n", "\r\n").encode()
    target.write_bytes(data)
    os.chmod(target, 0o751)
    assert _check(target, "--fix") == 0
    assert target.read_bytes() == b"\xef\xbb\xbf# caf\xc3\xa9\r\n" + FIXED.replace("\n", "\r\n").encode()
    assert stat.S_IMODE(target.stat().st_mode) == 0o751
    assert [p.name for p in tmp_path.iterdir()] == ["m.py"]  # no temporary file left behind


def test_declared_encoding_is_kept(tmp_path):
    target = tmp_path / "m.py"
    source = "# -*- coding: latin-1 -*-\n" + BRANCH.replace("def gate(x):\n", "def gate(x):\n    label = 'é'\n")
    target.write_bytes(source.encode("latin-1"))
    assert _check(target, "--fix") == 0
    assert target.read_bytes().decode("latin-1").endswith("    label = 'é'\n    return jnp.where(x.sum() > 0, x, -x)\n")


def test_diff_prints_and_writes_nothing(tmp_path, capsys):
    target = tmp_path / "m.py"
    target.write_text(BRANCH)
    assert _check(target, "--diff") == 1  # there would be changes
    out = capsys.readouterr().out
    assert "-    if x.sum() > 0:\n" in out and "+    return jnp.where(x.sum() > 0, x, -x)\n" in out
    assert target.read_text() == BRANCH


def test_unsafe_fix_needs_the_flag_and_the_diff_says_why(tmp_path, capsys):
    target = tmp_path / "m.py"
    target.write_text(BRANCH.replace("return x\n", "return jnp.log(x)\n"))
    assert _check(target, "--diff") == 1
    out = capsys.readouterr().out
    assert out.startswith("# ") and "unsafe fix not applied without --unsafe-fixes" in out
    assert "jnp.where(c, jnp.log(jnp.where(c, x, 1.0)), 0.0)" in out
    assert _check(target, "--fix") == 1  # the finding is left
    assert "if x.sum() > 0:" in target.read_text()
    assert _check(target, "--fix", "--unsafe-fixes") == 0
    assert "return jnp.where(x.sum() > 0, jnp.log(x), -x)\n" in target.read_text()
    assert "unsafe fix applied" in capsys.readouterr().err


def test_findings_left_after_fixing_exit_1(tmp_path, capsys):
    target = tmp_path / "m.py"
    target.write_text(BRANCH + "\n\n@jax.jit\ndef loop(x):\n    while x.sum() > 0:\n        x = x - 1\n    return x\n")
    assert _check(target, "--fix") == 1
    captured = capsys.readouterr()
    assert "ACC201" in captured.out and "no fix: a loop on a traced value needs lax.while_loop" in captured.out
    assert "Fixed 1 finding in 1 file (1 left)." in captured.err


def test_noqa_lines_are_never_rewritten(tmp_path):
    target = tmp_path / "m.py"
    suppressed = BRANCH.replace("if x.sum() > 0:", "if x.sum() > 0:  # noqa: ACC201")
    target.write_text(suppressed)
    assert _check(target, "--fix") == 0
    assert target.read_text() == suppressed


def test_an_elif_does_not_rewrite_a_noqa_head(tmp_path):
    target = tmp_path / "m.py"
    source = BRANCH.replace("if x.sum() > 0:", "if x.sum() > 0:  # noqa").replace(
        "        return x\n", "        return x\n    elif x.max() > 1:\n        return 2 * x\n")
    target.write_text(source)
    assert _check(target, "--fix") == 1  # the elif is still there, its edit would cover the noqa line
    assert target.read_text() == source


def test_side_effect_branch_gets_no_fix_and_says_why(tmp_path, capsys):
    target = tmp_path / "m.py"
    target.write_text(BRANCH.replace("return x\n", "return log_step(x)\n"))
    assert _check(target, "--fix") == 1
    assert "(no fix: branch calls 'log_step', which may have side effects)" in capsys.readouterr().out


@pytest.mark.parametrize(("branch", "reason"), [
    ("        raise ValueError(x)\n", "branch raises"),
    ("        for i in x:\n            x = x + i\n", "branch holds a loop"),
    ("        y = x\n", "branches assign different names"),
    ("        out[0] += 1\n", "branch uses augmented assignment"),
    ("        z = \"warmup\"\n", "'\"warmup\"' is not an array for sure"),
    ("        z = None\n", "'None' is not an array for sure"),
    ("        z = x[0]\n", "'x[0]' may change the shape"),
    ("        z = x.reshape(-1)\n", "may change the shape"),
    ("        z = x.sum()\n", "may reduce the shape"),
])
def test_unsafe_shapes_are_refused_with_their_reason(tmp_path, capsys, branch, reason):
    target = tmp_path / "m.py"
    target.write_text(
        "import jax\n\nout = [0]\n\n@jax.jit\ndef f(x):\n    z = x\n    if x.sum() > 0:\n"
        + branch + "    else:\n        z = -x\n    return z\n"
    )
    _check(target, "--fix")
    assert reason in capsys.readouterr().out


def test_code_that_would_not_parse_is_refused():
    source = BRANCH.encode()
    module = cst.parse_module(source)
    fn = module.body[2]  # a statement line that loses its newline runs into the next one
    no_newline = cst.TrailingWhitespace(newline=cst.Newline(""))
    line = cst.SimpleStatementLine([cst.Expr(cst.Name("x"))], trailing_whitespace=no_newline)
    broken = Fix("break it", {fn.body.body[0]: line})
    result = FileResult("m.py", [Finding("m.py", 7, 5, "ACC201", "m", fix=broken)], parsed=True, module=module)
    with pytest.raises(FixError, match="does not parse"):
        fix_source(source, "m.py", lambda data: result if data == source else FileResult("m.py"))


def test_rounds_stop_at_the_cap():
    """A fix that keeps finding work would loop forever; the driver stops after MAX_ROUNDS."""
    calls = []

    def lint(data: bytes) -> FileResult:
        calls.append(data)
        module = cst.parse_module(data)
        stmt = module.body[-1]
        fix = Fix("grow", {stmt: cst.FlattenSentinel([stmt, stmt.deep_clone()])})
        return FileResult("m.py", [Finding("m.py", 1, 1, "ACC201", "m", fix=fix)], parsed=True, module=module)

    outcome = fix_source(b"x = 1\n", "m.py", lint)
    assert len(calls) == apply.MAX_ROUNDS + 1
    assert outcome.skipped and "10 rounds" in outcome.skipped[0].reason


def test_pedantic_findings_get_no_fix(tmp_path, capsys):
    """A condition that only may be traced (a config attribute) is reported by pedantic, never fixed."""
    target = tmp_path / "m.py"
    target.write_text(
        "import jax\n\n@jax.jit\ndef f(x, cfg):\n    if cfg.scale > 1:\n        return x * 2.0\n    return x\n"
    )
    assert _check(target, "--fix") == 0
    assert _check(target, "--fix", "--strictness", "pedantic") == 1
    out = capsys.readouterr().out
    assert "the condition may be a Python value" in out
    assert "if cfg.scale > 1:" in target.read_text()
