"""The language server parses again only the top-level statement an edit touched
(acclint.server.reparse): whatever the edit, the module it gives is the module a full parse
gives, or there is none and the server parses the whole file."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from acclint.analysis import ModuleAnalysis
from acclint.api import options_for, run
from acclint.config import Settings, load_settings
from acclint.guard import MAX_DEPTH, Refused, check_source
from acclint.server.projects import Workspace
from acclint.server.reparse import Parsed, reparse, statement_starts

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "example" / "train.py"
SOURCE = (
    "# coding: utf-8\n"
    '"""A module."""\n'
    "import jax\n"
    "\n"
    "\n"
    "# the step\n"
    "@jax.jit\n"
    "def step(x):\n"
    "    if x > 0:\n"
    "        x = x + 1\n"
    "    return x\n"
    "    # an indented comment ends the body\n"
    "x = 1; y = 2\n"
    "\n"
    "\n"
    "def helper(y):\n"
    "    return y\n"
    "# the footer\n"
)


def same_as_full_parse(old: Parsed, new: str) -> Parsed | None:
    again = reparse(old, new.encode())
    if again is not None:
        assert again.module.code == new
        assert again.module.deep_equals(cst.parse_module(new))
        assert again.starts == statement_starts(again.module)
    return again


@pytest.mark.parametrize(
    "old, new, done",
    [
        ("    if x > 0:\n", "    if x >= 0:\n", True),  # inside a function body
        ("    return x\n", "    return x\n    print(x)\n", True),  # a line added to the body
        ("@jax.jit\n", "@jax.jit  # cached\n", True),  # a decorator
        ("# the step\n", "# the cached step\n", True),  # a comment above a function
        ("x = 1; y = 2\n", "x = 1; y = 3\n", True),  # two small statements on one line
        ("    return y\n", "    return y\n\n\ndef more():\n    pass\n", False),  # a new top-level function
        ("    return x\n", "    return x\nz = 0\n", False),  # a statement added after a function
        ("    if x > 0:\n", "    if x > 0\n", False),  # a syntax error
        ('"""A module."""\n', '"""The module."""\n', False),  # the first two lines
        ("# the footer\n", "# the new footer\n", False),  # the footer
        ("        x = x + 1\n", "x = x + 1\n", False),  # a line that leaves the function
    ],
)
def test_an_edit_parses_its_statement_alone_or_not_at_all(old, new, done):
    parsed = Parsed(SOURCE.encode(), cst.parse_module(SOURCE))
    edited = SOURCE.replace(old, new, 1)
    assert edited != SOURCE
    try:
        cst.parse_module(edited)
    except cst.ParserSyntaxError:
        assert reparse(parsed, edited.encode()) is None
        return
    assert (same_as_full_parse(parsed, edited) is not None) == done


def test_every_line_of_a_real_module_deleted_doubled_or_emptied():
    """Each edit of each line of the example, one after another from the last result (as
    keystrokes come): a reparse is always the full parse, and most edits are reparsed."""
    text = EXAMPLE.read_text()
    lines = text.splitlines(keepends=True)
    parsed = Parsed(text.encode(), cst.parse_module(text))
    reparsed = tried = 0
    for number in range(2, len(lines)):
        for change in ([], [lines[number]] * 2, ["\n"]):
            edited = "".join([*lines[:number], *change, *lines[number + 1:]])
            try:
                cst.parse_module(edited)
            except cst.ParserSyntaxError:
                continue
            tried += 1
            again = same_as_full_parse(parsed, edited)
            reparsed += again is not None
            # and back again, from the edited module
            back = same_as_full_parse(again, text) if again is not None else None
            parsed = back or parsed
    assert tried > 50 and reparsed > tried // 2, (reparsed, tried)


def test_a_statement_the_parse_guard_refuses_is_not_reparsed():
    """The guard runs on the edited statement alone; what it refuses there, it refuses in the
    whole file, which the server then guards (and reports) as `acclint check` does."""
    parsed = Parsed(SOURCE.encode(), cst.parse_module(SOURCE))
    chain = " and ".join(["x"] * (MAX_DEPTH + 2))
    edited = SOURCE.replace("        x = x + 1\n", f"        x = {chain}\n").encode()
    with pytest.raises(Refused):
        check_source(edited)
    assert reparse(parsed, edited) is None


def test_a_file_in_another_encoding_is_parsed_whole():
    source = SOURCE.replace("# coding: utf-8", "# coding: latin-1")
    parsed = Parsed(source.encode("latin-1"), cst.parse_module(source.encode("latin-1")))
    assert reparse(parsed, source.replace("x > 0", "x >= 0").encode("latin-1")) is None


BUFFER = '''\
import functools
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    y = helper(x)
    return y * 2


def helper(v):
    if v > 0:
        return v
    return -v


@jax.jit
def other(x):
    return jnp.sin(x) + float(x)
'''


def test_an_unedited_function_keeps_its_body_facts_while_the_imports_stay():
    """ModuleAnalysis's `previous`: the body facts of a function the edit left alone are the
    previous analysis's, unless the edit changed what the imports resolve to."""
    markers = options_for(Settings()).markers
    old = Parsed(BUFFER.encode(), cst.parse_module(BUFFER))
    before = ModuleAnalysis(old.module, markers)
    bodies = {fn.node: before.body(fn) for fn in before.functions}
    body_edit = reparse(old, BUFFER.replace("    return y * 2\n", "    print(y)\n    return y * 2\n").encode())
    import_edit = reparse(old, BUFFER.replace("import jax.numpy as jnp\n", "import numpy as jnp\n").encode())
    for edited, kept in ((body_edit, True), (import_edit, False)):
        after = ModuleAnalysis(edited.module, markers, previous=before)
        other = next(fn for fn in after.functions if fn.name == "other")
        assert (after.body(other) is bodies[other.node]) == kept
    step = next(fn for fn in ModuleAnalysis(body_edit.module, markers, previous=before).functions if fn.name == "step")
    assert step.node not in bodies  # the edited function is a new node, with facts of its own


# Edits of BUFFER, one after another, as keystrokes come: each inside one top-level statement.
EDITS = [
    ("    y = helper(x)\n", "    print(x); y = helper(x)\n"),  # a finding comes
    ("    print(x); y = helper(x)\n", "    y = x\n"),  # helper is no longer traced
    ("    y = x\n", "    y = helper(x)\n"),  # and again
    ("import jax.numpy as jnp\n", "import numpy as jnp\n"),  # the imports change
    ("        return v\n", "        return " + " and ".join(["v"] * (MAX_DEPTH + 2)) + "\n"),  # refused
    ("        return " + " and ".join(["v"] * (MAX_DEPTH + 2)) + "\n", "        return v\n"),
    ("@jax.jit\ndef other", "@functools.cache  # no longer jit\ndef other"),
    ("@jax.jit\ndef step", "@functools.cache  # no longer jit\ndef step"),  # no marker is named
]


def test_the_server_lints_each_edit_as_acclint_check_lints_the_buffer(tmp_path: Path, monkeypatch):
    """Whatever the server reuses from the last version (the statements an edit left alone,
    their body facts, the guard of the rest of the file), its result is the full lint's."""
    (tmp_path / "pyproject.toml").write_text("[tool.acclint]\n")
    path = tmp_path / "mod.py"
    path.write_text(BUFFER)
    monkeypatch.chdir(tmp_path)
    workspace = Workspace([str(tmp_path)])
    text = BUFFER
    seen = set()
    for old, new in [(None, None), *EDITS]:
        if old is not None:
            assert old in text
            text = text.replace(old, new, 1)
        workspace.edit(str(path), text.encode())
        served = workspace.lint(str(path))
        full = run([str(path)], load_settings(tmp_path / "pyproject.toml"), overlay={str(path): text.encode()}).results[0]
        assert served.findings == full.findings
        assert served.error == full.error
        seen.add((len(served.findings), served.error is not None))
    assert len(seen) >= 3  # the edits changed the findings, and one was refused
