"""The language server parses again only the top-level statement an edit touched
(acclint.server.reparse): whatever the edit, the module it gives is the module a full parse
gives, or there is none and the server parses the whole file."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from acclint.analysis.module import ModuleAnalysis
from acclint.api import options_for, run
from acclint.run.config import Settings, load_settings
from acclint.lint.engine import lint_source
from acclint.common.refused import Refused
from acclint.parse.guard import MAX_DEPTH, check_source
from acclint.analysis.scopes import index_module
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


INDEXED = '''\
import functools
import jax
import jax.numpy as jnp
from jax import jit as compile_it

step_fn = functools.partial(jax.jit, static_argnums=0)


class Model:
    @compile_it
    def apply(self, x, scale=jnp.ones(3), train=True):
        inner = lambda v, w=2: v * w
        def nested(y):
            return jnp.sin(y)
        return nested(inner(x)) * scale


@jax.jit
def step(x, *args, mode: str = "mean", **kwargs):
    def body(c, y):
        return c + y, None
    return jax.lax.scan(body, x, args)
'''


def test_the_index_of_an_edited_module_reuses_the_walks_of_statements_left_alone():
    """index_module's `walked`: the statements an edit left alone are not walked again, and the
    index made from their walks is the one a walk of the whole new module makes."""
    tails = frozenset({"jit", "partial", "scan"})
    old = Parsed(INDEXED.encode(), cst.parse_module(INDEXED))
    before = index_module(old.module, tails)
    new = reparse(old, INDEXED.replace("        return c + y, None\n", "        print(y)\n        return c + y, None\n").encode()).module
    reused, fresh = index_module(new, tails, before.walks), index_module(new, tails)
    kept = [s for s in new.body if s in before.walks]
    assert len(kept) == len(new.body) - 1 and all(reused.walks[s] is before.walks[s] for s in kept)
    assert index_summary(reused) == index_summary(fresh)
    assert reused.imports.same_bindings(fresh.imports) and fresh.imports.same_bindings(reused.imports)


def index_summary(index) -> tuple:
    """What a ModuleIndex records, with its FunctionInfo and ClassInfo objects (new in each
    index) told by their nodes."""
    def node(info):
        return None if info is None else info.node

    functions = [
        (f.node, f.name, node(f.parent), node(f.cls), [vars(p) for p in f.params], f.statement, {k: node(v) for k, v in f.inner.items()})
        for f in index.all_functions
    ]
    classes = [(c.node, c.name, node(c.function), c.bases, {k: node(v) for k, v in c.methods.items()}) for c in index.all_classes]
    sites = [(s.expr, node(s.scope), node(s.cls), node(s.decorates)) for s in index.sites]
    named = ({k: node(v) for k, v in index.functions.items()}, {k: node(v) for k, v in index.classes.items()})
    return functions, classes, sites, named, {k: node(v) for k, v in index.by_node.items()}, index.module_values


def test_the_code_of_an_unedited_statement_is_generated_once():
    """engine.lint_source's `positions`: the code generated to place the findings of a
    statement the edit left alone (and moved down) is the cached one, and the findings are
    placed where a lint of the new text from scratch places them."""
    options = options_for(Settings())
    old = Parsed(BUFFER.encode(), cst.parse_module(BUFFER))
    cache: dict = {}
    before = lint_source(old.source, "mod.py", options, old.module, ModuleAnalysis(old.module, options.markers), cache)
    other = next(s for s in old.module.body if isinstance(s, cst.FunctionDef) and s.name.value == "other")
    [key] = [k for k in cache if k[0] is other]
    generated = cache[key]
    new = BUFFER.replace("    return y * 2\n", "    y = y + 1\n\n    return y * 2\n").encode()
    edited = reparse(old, new)
    after = lint_source(new, "mod.py", options, edited.module, ModuleAnalysis(edited.module, options.markers), cache)
    assert cache[key] is generated
    assert after.findings == lint_source(new, "mod.py", options).findings
    moved = [f for f in after.findings if f.node in generated[1]]
    assert moved and [f.line for f in moved] == [f.line + 2 for f in before.findings if f.node in generated[1]]


# Edits of BUFFER, one after another, as keystrokes come: each inside one top-level statement.
EDITS = [
    ("    y = helper(x)\n", "    print(x); y = helper(x)\n"),  # a finding comes
    ("    return y * 2\n", "    y = y + 1\n\n    return y * 2\n"),  # the statements below move down
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
