"""`acclint check --fix` / `--diff` on files: what is written, how, and what is reported."""

from __future__ import annotations

import errno
import textwrap
import os
import stat
from pathlib import Path

import libcst as cst
import pytest

from acclint.cli import main
from acclint.fix import write
from acclint.api import lint_text
from acclint.fix.apply import FixError, fix_source
from acclint.run.config import Settings
from acclint.common.findings import FileResult, Finding, Fix

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
    # neither rewrite is proven: the select's log, and a literal against an array for lax.cond (weak types)
    target.write_text(BRANCH.replace("return x\n", "return jnp.log(x)\n").replace("return -x\n", "return 0.5\n"))
    assert _check(target, "--diff") == 1
    out = capsys.readouterr().out
    assert out.startswith("# ") and "unsafe fix not applied without --unsafe-fixes" in out
    assert "jnp.where(c, jnp.log(jnp.where(c, x, 1.0)), 0.0)" in out
    assert _check(target, "--fix") == 1  # the finding is left
    assert "if x.sum() > 0:" in target.read_text()
    assert _check(target, "--fix", "--unsafe-fixes") == 0
    assert "return jnp.where(x.sum() > 0, jnp.log(x), 0.5)\n" in target.read_text()
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


def test_fixes_that_do_not_converge_are_refused_whole():
    """A fix that keeps finding work would loop forever: after more rounds than the file had
    findings the file is refused, never left half fixed."""
    calls = []

    def lint(data: bytes) -> FileResult:
        calls.append(data)
        module = cst.parse_module(data)
        stmt = module.body[-1]
        fix = Fix("grow", {stmt: cst.FlattenSentinel([stmt, stmt.deep_clone()])})
        return FileResult("m.py", [Finding("m.py", 1, 1, "ACC201", "m", fix=fix)], parsed=True, module=module)

    with pytest.raises(FixError, match="did not reach a fixpoint in 2 rounds; file left unchanged"):
        fix_source(b"x = 1\n", "m.py", lint)
    assert len(calls) == 3  # the original and the two rounds allowed


def test_a_fix_that_would_drop_a_comment_is_refused():
    source = b"x = 1  # keep me\ny = 2\n"
    module = cst.parse_module(source)
    bare_line = cst.SimpleStatementLine([cst.Expr(cst.Name("x"))])
    dropping = Fix("drop", {module.body[0]: bare_line})
    result = FileResult("m.py", [Finding("m.py", 1, 1, "ACC201", "m", fix=dropping)], parsed=True, module=module)
    with pytest.raises(FixError, match="would drop the comment '# keep me'"):
        fix_source(source, "m.py", lambda data: result if data == source else FileResult("m.py"))


REGRESSIONS = Path(__file__).parent / "data" / "fix_regressions"


@pytest.mark.parametrize("name", ["latin1_euro.py", "surrogate_escape.py", "lone_cr.py"])
def test_escapes_and_lone_cr_endings_are_written_as_the_source_has_them(tmp_path, capsys, name):
    """Issue 14: a `€` escape in a latin-1 file and a lone surrogate escape in a UTF-8 one
    once went into the fixed text as characters (UnicodeEncodeError); a lone-CR file lost its
    final CR. The fixed bytes are the reviewed ones, `--diff` shows them, a second run is a no-op."""
    target = tmp_path / name
    target.write_bytes((REGRESSIONS / name).read_bytes())
    assert _check(target, "--diff") == 1
    added = [line for line in capsys.readouterr().out.splitlines() if line.startswith("+") and not line.startswith("+++")]
    assert len(added) == 1
    assert _check(target, "--fix") == 0
    assert target.read_bytes() == (REGRESSIONS / "fixed" / name).read_bytes()
    assert _check(target, "--fix") == 0
    assert target.read_bytes() == (REGRESSIONS / "fixed" / name).read_bytes()


def test_a_symlink_is_fixed_through(tmp_path):
    target = tmp_path / "real.py"
    target.write_text(BRANCH)
    link = tmp_path / "link.py"
    link.symlink_to(target.name)
    assert _check(link, "--fix") == 0
    assert link.is_symlink() and os.readlink(link) == "real.py"
    assert target.read_text() == FIXED


def test_a_file_that_cannot_be_written_is_reported_and_claims_no_fix(tmp_path, monkeypatch, capsys):
    """Issue 14: in a read-only directory `--fix` said "Fixed 1 finding" though nothing was
    written. The directory's failure is simulated (these tests may run as root, whom mode bits
    do not stop): the other file is still written, the run exits 2 and names the file."""
    locked, free = tmp_path / "locked", tmp_path / "free"
    locked.mkdir()
    free.mkdir()
    (locked / "a.py").write_text(BRANCH)
    (free / "b.py").write_text(BRANCH)
    real_mkstemp = write.tempfile.mkstemp

    def mkstemp(*args, dir=None, **kwargs):
        if dir == str(locked):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_mkstemp(*args, dir=dir, **kwargs)

    monkeypatch.setattr(write.tempfile, "mkstemp", mkstemp)
    assert main(["check", "--no-config", "--fix", str(locked), str(free)]) == 2
    err = capsys.readouterr().err
    assert "a.py: error: cannot write the fixed file (Permission denied); it is left as it was" in err
    assert "Fixed 1 finding in 1 file (1 left)." in err
    assert (locked / "a.py").read_text() == BRANCH and (free / "b.py").read_text() == FIXED
    assert sorted(p.name for p in locked.iterdir()) == ["a.py"]


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


@pytest.mark.parametrize(("source", "reason"), [
    ("from acclint.runtime import dlaccelerate\n\n\n@dlaccelerate\ndef f(x):\n"
     "    if x.sum() > 0 and x.max() > 1:\n        return x\n    return -x\n",
     "the condition uses 'and', 'or', 'not' or a chained comparison, which the runtime's where cannot take"),
    ("import jax\n\n\n@jax.jit\ndef f(x, names):\n    if x.sum() > 0 and names:\n        return x\n    return -x\n",
     "'names' in the condition is not an array for sure"),
])
def test_logical_conditions_the_select_cannot_take_are_refused(tmp_path, capsys, source, reason):
    target = tmp_path / "m.py"
    target.write_text(source)
    assert _check(target, "--fix") == 1
    assert f"(no fix: {reason}" in capsys.readouterr().out
    assert target.read_text() == source


def test_no_debug_print_fix_for_a_print_that_reports_tracing():
    """A print about tracing runs once per trace on purpose, under JAX as under tf.function:
    reported only with `--strictness pedantic`, and without a fix; its twin without that text
    still gets one (unsafe here: x may be a pytree)."""
    source = textwrap.dedent("""
        import jax

        @jax.jit
        def step(x):
            print("Tracing step with", x)
            print("step", x)
            return x
    """)
    result = lint_text(source, "m.py", Settings(strictness="pedantic"))
    about, plain = result.findings
    assert (about.code, about.fix) == ("ACC401", None) and "reports tracing on purpose" in about.message
    assert plain.code == "ACC401" and plain.fix is not None
