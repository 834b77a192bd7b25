"""Malformed input, end to end through `acclint check` and flake8: each bad file gets one clear
message naming it and its problem, the run exits 2, and the other file's findings are exactly
what they are without it. Nothing crashes, hangs or runs out of memory.

The reproducers live in tests/data/malformed/; what cannot be stored in a repository (FIFOs,
symlinks, unreadable files, files of several MiB) is made in a temporary folder. `acclint check`
runs in this process (tests/cli_run.py) and flake8 in a subprocess; every run has a timeout:
a hang fails the test instead of stalling the suite.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from acclint.parse import guard
from cli_run import acclint

DATA = Path(__file__).parent / "data" / "malformed"
BIN = Path(sys.executable).parent
FLAKE8 = str(BIN / "flake8")
HANG_GUARD = 120  # seconds; every case here takes well under one

GOOD = "import jax\n\n\n@jax.jit\ndef f(x):\n    print(x)\n"
GOOD_FINDINGS = [("good.py", 6, "ACC401")]
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0

NEW_SYNTAX = sys.version_info >= (3, 12)
NEEDS_312 = "which needs Python 3.12: run acclint with Python 3.12 or newer"

# file -> (its findings, or the error message it must get)
CASES: dict[str, list[tuple[int, str]] | str] = {
    "syntax_error.py": "cannot parse: invalid syntax (line 7, column 11)",
    "latin1_undeclared.py": "not valid utf-8 (byte 0xe9 at offset 41); save it as UTF-8",
    "latin1_declared.py": [(8, "ACC401")],
    "nul_byte.py": "cannot parse: source code string cannot contain null bytes (line 6, column 13)",
    "empty.py": [],
    "utf8_bom.py": [(6, "ACC401")],
    "utf16_bom.py": "is UTF-16 (it starts with a UTF-16 byte order mark), which Python cannot run; save it as UTF-8",
    "deep_dotted_import.py": f"a dotted name of more than {guard.MAX_DEPTH} parts (line 9)",
    "deep_dotted_from.py": f"a dotted name of more than {guard.MAX_DEPTH} parts (line 9)",
    "deep_nesting.py": f"nested more than {guard.MAX_DEPTH} levels deep",
    "long_and_chain.py": f"a boolean chain of more than {guard.MAX_DEPTH} terms (line 6)",
    "long_comprehension.py": f"a comprehension of more than {guard.MAX_DEPTH} 'for' clauses (line 6)",
    "long_concatenation.py": f"more than {guard.MAX_DEPTH} adjacent string literals (line 6)",
    # `# noqa` after a form feed silences its line; the float() after it is on line 8.
    "formfeed_noqa.py": [(8, "ACC302")],
    "formfeed_indent.py": [(7, "ACC401")],
    "backslash_before_dedent.py": [(9, "ACC401")],
    "odd name (copy) é.py": [(6, "ACC401")],
    "pep695_type_alias.py": [(8, "ACC401")] if NEW_SYNTAX else f"'type' alias (PEP 695), {NEEDS_312}",
    "pep695_type_params.py": [(6, "ACC401")] if NEW_SYNTAX else f"type parameters (PEP 695), {NEEDS_312}",
    "pep701_fstring.py": [(6, "ACC401")] if NEW_SYNTAX else f"(PEP 701), {NEEDS_312}",
}


def check(folder: Path, *paths: str) -> tuple[int, list[tuple[str, int, str]], str]:
    """`acclint check` on `paths` (relative to `folder`): exit status, findings, stderr."""
    done = acclint("check", "--no-cache", "--no-config", "--output-format", "json", *paths, cwd=folder, timeout=HANG_GUARD)
    assert "Traceback" not in done.stderr, done.stderr
    rows = json.loads(done.stdout or "[]")
    findings = sorted((f["path"], f["line"], f["code"]) for f in rows if f["code"] is not None)
    # each path refused on stderr is in the report too, with no code (as ruff reports a syntax error)
    refused = sorted(line.split(": error: ", 1)[0] for line in done.stderr.splitlines() if ": error: " in line)
    assert sorted(f["path"] for f in rows if f["code"] is None) == refused
    return done.returncode, findings, done.stderr


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "good.py").write_text(GOOD)
    return tmp_path


def test_the_good_file_alone(folder):
    assert check(folder, "good.py") == (1, GOOD_FINDINGS, "")


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_malformed_file_beside_a_good_one(folder, name):
    shutil.copy(DATA / name, folder / name)
    status, findings, stderr = check(folder, "good.py", name)
    expected = CASES[name]
    if isinstance(expected, str):
        assert expected in error_line(stderr, name)
        assert (status, findings) == (2, GOOD_FINDINGS)
    else:
        assert stderr == ""
        assert findings == sorted(GOOD_FINDINGS + [(name, line, code) for line, code in expected])
        assert status == (1 if findings else 0)


def test_a_directory_of_every_malformed_file(folder):
    """One run over all of them: each bad file has its message, the good ones their findings."""
    for name in CASES:
        shutil.copy(DATA / name, folder / name)
    status, findings, stderr = check(folder, ".")
    assert status == 2
    expected = GOOD_FINDINGS + [(n, line, code) for n, found in CASES.items() if not isinstance(found, str) for line, code in found]
    assert findings == sorted(expected)
    for name, found in CASES.items():
        if isinstance(found, str):
            assert found in error_line(stderr, name)


def error_line(stderr: str, name: str) -> str:
    """The one line of `stderr` that reports an error for `name`."""
    lines = [line for line in stderr.splitlines() if line.startswith(f"{name}: error: ")]
    assert len(lines) == 1, stderr
    return lines[0]


# Paths that are no regular file, or none at all: made here, each with its message.
def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _dangling(path: Path) -> None:
    path.symlink_to(path.parent / "nowhere.py")


def _loop(path: Path) -> None:
    path.symlink_to(path)


SPECIAL = {
    "fifo.py": (_fifo, "not a regular file (a FIFO)"),
    "zero.py": (_dev_zero, "not a regular file"),
    "dangling.py": (_dangling, "symbolic link"),
    "loop.py": (_loop, "symbolic link loop"),
    "missing.py": (lambda path: None, "no such file"),
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")
@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_a_path_that_is_no_regular_file_is_refused_and_the_others_linted(folder, name):
    make, message = SPECIAL[name]
    make(folder / name)
    status, findings, stderr = check(folder, "good.py", name)
    assert (status, findings) == (2, GOOD_FINDINGS)
    assert message in error_line(stderr, name)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_directory_walk_does_not_hang_on_a_fifo_or_dev_zero(folder):
    _fifo(folder / "fifo.py")
    _dev_zero(folder / "zero.py")
    status, findings, stderr = check(folder, ".")
    assert findings == GOOD_FINDINGS
    assert status in (1, 2)  # skipping them silently or reporting them are both clean


@pytest.mark.skipif(AS_ROOT, reason="root reads files and directories whatever their permissions")
def test_an_unreadable_file_is_refused_and_the_others_linted(folder):
    (folder / "secret.py").write_text(GOOD)
    (folder / "secret.py").chmod(0)
    status, findings, stderr = check(folder, "good.py", "secret.py")
    assert (status, findings) == (2, GOOD_FINDINGS)
    assert "ermission denied" in error_line(stderr, "secret.py")


@pytest.mark.skipif(AS_ROOT, reason="root reads files and directories whatever their permissions")
def test_an_unreadable_directory_is_refused_and_the_others_linted(folder):
    (folder / "closed").mkdir()
    (folder / "closed" / "inside.py").write_text(GOOD)
    (folder / "closed").chmod(0)
    try:
        status, findings, stderr = check(folder, "good.py", "closed")
    finally:
        (folder / "closed").chmod(0o755)
    assert (status, findings) == (2, GOOD_FINDINGS)
    assert "closed" in stderr and "ermission denied" in stderr


def test_a_file_over_the_size_cap_is_refused_without_reading_it_all(folder):
    with open(folder / "huge.py", "wb") as f:
        f.write(GOOD.encode() + b"# " + b"x" * guard.MAX_BYTES + b"\n")
    status, findings, stderr = check(folder, "good.py", "huge.py")
    assert (status, findings) == (2, GOOD_FINDINGS)
    assert "file is 4.0 MiB, over the 4 MiB acclint analyses" in error_line(stderr, "huge.py")


def test_a_huge_data_literal_is_refused_before_any_parse(folder):
    """A 2-million-element list (3.8 MB) took libcst 140 s and 9 GB; it is refused at once."""
    (folder / "table.py").write_text(GOOD + "TABLE = [" + "0," * 2_000_000 + "]\n")
    status, findings, stderr = check(folder, "good.py", "table.py")
    assert (status, findings) == (2, GOOD_FINDINGS)
    assert f"file holds 2,000,010 operators and delimiters, over the {guard.MAX_PUNCTUATION:,}" in error_line(stderr, "table.py")


# flake8 reads the files itself and reports its own E999 for what Python cannot parse; every file
# it hands the plugin that acclint cannot analyse gets one ACC000 on line 1 with the same message.
# (deep_nesting.py is left out: flake8's own pyflakes check fails on it with a RecursionError,
# and flake8 then stops the whole run, acclint's plugin or not.)
FLAKE8_REFUSED = ["deep_dotted_import.py", "deep_dotted_from.py", "long_and_chain.py", "long_comprehension.py", "long_concatenation.py"]


def test_flake8_refuses_the_same_files_with_acc000_and_reports_the_rest(folder):
    for name in FLAKE8_REFUSED + ["formfeed_noqa.py", "latin1_declared.py"]:
        shutil.copy(DATA / name, folder / name)
    done = subprocess.run(
        [FLAKE8, "--isolated", "--select", "ACC", "-j2", "."], cwd=folder, capture_output=True, text=True, timeout=HANG_GUARD
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    lines = sorted(done.stdout.splitlines())
    for name in FLAKE8_REFUSED:
        head = f"./{name}:1:1: ACC000 acclint could not analyse this file: "
        assert any(line.startswith(head) and CASES[name] in line for line in lines), name
    assert any(line.startswith("./good.py:6:5: ACC401 ") for line in lines)
    assert any(line.startswith("./formfeed_noqa.py:8:12: ACC302 ") for line in lines)
    assert not any(line.startswith("./formfeed_noqa.py:7:") for line in lines)  # its noqa
    assert any(line.startswith("./latin1_declared.py:8:5: ACC401 ") for line in lines)


def test_an_excerpt_after_a_form_feed_shows_the_finding_s_own_line(folder):
    """`str.splitlines` splits at form feeds; the excerpt must use Python's line numbering."""
    shutil.copy(DATA / "formfeed_noqa.py", folder / "formfeed_noqa.py")
    done = acclint("check", "--no-cache", "--no-config", "--output-format", "text", "formfeed_noqa.py", cwd=folder, timeout=HANG_GUARD)
    report = done.stdout.splitlines()
    at = report.index(next(line for line in report if line.startswith("formfeed_noqa.py:8:12: ACC302")))
    assert report[at + 1].strip() == "return float(x)"


@pytest.mark.parametrize(
    "line, column, where",
    [(0, -1, ""), (2, -1, " (near line 2)"), (2, 0, " (near line 2, column 1)")],
)
def test_libcst_s_refusal_of_valid_python_repeats_only_a_real_position(line, column, where):
    import libcst as cst

    from acclint.lint.engine import libcst_refusal

    exc = cst.ParserSyntaxError("parser error: expected one of STRING", lines=["x = 1\n", "y\n"], raw_line=line, raw_column=column)
    assert libcst_refusal(exc) == (
        "libcst, the parser acclint uses, cannot parse this file although Python can: parser error: expected one of STRING" + where
    )


def test_a_symlink_loop_met_in_a_directory_walk_is_an_error_naming_it(folder):
    """As when named on the command line: the loop is an error for its path (exit 2), whatever
    its name (a loop may stand for a directory of code), and every other file is linted; a loop
    the configuration excludes is left alone."""
    package = folder / "pkg"
    package.mkdir()
    (package / "inner.py").write_text(GOOD)
    _loop(package / "self")
    (package / "a").symlink_to(package / "b")
    (package / "b").symlink_to(package / "a")
    _loop(package / "cycle.py")
    (folder / "skipped").mkdir()
    _loop(folder / "skipped" / "self")
    done = acclint("check", "--no-cache", "--no-config", "--exclude", "skipped", "--output-format", "concise", ".",
                   cwd=folder, timeout=HANG_GUARD)
    assert done.returncode == 2
    assert [line.split(": ")[0] for line in done.stdout.splitlines()[:-1]] == ["good.py:6:5", "pkg/inner.py:6:5"]
    assert sorted(done.stderr.splitlines()) == [
        f"pkg/{name}: error: symbolic link loop" for name in ("a", "b", "cycle.py", "self")
    ]
