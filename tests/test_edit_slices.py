"""An edit inside one function is answered from a slice of the module (acclint.server.slices):
what the slice links, how lines move, and, replayed edit by edit, the same findings as a lint of
the whole edited text."""

from __future__ import annotations

import sys
from pathlib import Path

import libcst as cst
import pytest

import acclint.server.slices as slices
from acclint.server.projects import Workspace
from edit_replay import edits_of, replay

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT / "benchmarks"))  # after tests/: benchmarks/ has modules of the same names
from gen_big_jitted import generate  # noqa: E402

# Module-level state read in traces and changed by other functions, helpers shared by two
# traced functions, a class, module-level code, and functions nothing links to.
LINKED = '''"""A module whose functions are linked in every way a slice must follow."""
import jax
import jax.numpy as jnp
import numpy as np

SCALE = 0.5
LIMIT: int = 3
CONFIG = {"lr": 0.1}
history = []


def shared(h):
    return jnp.tanh(h) * SCALE


@jax.jit
def first(x):
    y = shared(x)
    if y.sum() > LIMIT:
        y = y * 2
    return y * CONFIG["lr"]


@jax.jit
def second(x):
    history.append(1)
    return shared(x) + np.random.normal()


def configure(lr):
    CONFIG["lr"] = lr


def rebinding():
    global SCALE
    SCALE = 2.0


class Model:
    """A class is sliced like a function."""

    def __init__(self):
        self.step = jax.jit(self._step)

    def _step(self, x):
        print(x)
        return x * SCALE


def train(x):
    for lr in (0.1, 0.01):
        configure(lr)
        first(x)
    return second(x)


result = train(jnp.ones(3))
''' + "".join(f'''

@jax.jit
def filler_{i}(x, n):
    z = jnp.sin(x) * {i}
    if z.sum() > n:
        print("big", z)
    return float(z.sum())
''' for i in range(30))


def names(code: str) -> list[slices.Names]:
    return [slices.names_of(statement) for statement in cst.parse_module(code).body]


def test_what_statements_spell_and_bind():
    found = names(LINKED)
    kinds = [n.kind for n in found[:9]]
    assert kinds == ["docstring", "import", "import", "import", "literal", "literal", "code", "code", "def"]
    by_name = {n.kind + ":" + ",".join(sorted(n.bound)): n for n in found}
    # a def binds its name, what it declares global and the outside names it writes into
    assert "def:CONFIG,configure" in by_name
    assert "def:SCALE,rebinding" in by_name
    # a mutating method called on an outside name binds it only where more than an import does
    assert "def:second" in by_name and by_name["def:second"].mutated == {"history"}
    module = cst.parse_module(LINKED)
    second = next(i for i, s in enumerate(module.body) if getattr(s, "name", None) and s.name.value == "second")
    history = next(i for i, n in enumerate(found) if n.bound == {"history"})
    assert history in slices.slice_of(module, module, second, slices.NameCache())
    # locals (parameters, plain and tuple targets) bind nothing at module level
    assert "def:shared" in by_name and "def:first" in by_name
    # module-level code binds what it assigns (its calls link it to what they call)
    code = next(n for n in found if "result" in n.bound)
    assert code.kind == "code" and code.bound == {"result"} and {"train", "jnp"} <= code.spelled
    assert slices.names_of(cst.parse_module("try:\n    import a.b as c, d.e\nexcept E as e:\n    def f(): pass\n").body[0]).bound == {
        "c", "d", "e", "f"
    }


def test_a_mutating_call_links_through_a_container_not_through_a_module():
    code = """import jax
log = []


def writer(x):
    log.append(x)


def reader(x):
    return len(log)


def configures(x):
    jax.config.update("jax_enable_x64", True)


def uses_jax(x):
    return jax.numpy.ones(1)
""" + "".join(f"\n\ndef f{i}(x):\n    return x\n" for i in range(8))
    module = cst.parse_module(code)
    assert slices.slice_of(module, module, 3, slices.NameCache()) == [0, 1, 2, 3]  # reader: writer too
    # configures: with the module-level code (`log = []`) and what it links, but not uses_jax
    assert slices.slice_of(module, module, 4, slices.NameCache()) == [0, 1, 2, 3, 4]


def test_a_slice_follows_names_both_ways_and_keeps_module_code():
    module = cst.parse_module(LINKED)
    body = module.body
    index = {getattr(s, "name", None) and s.name.value: i for i, s in enumerate(body)}
    cache = slices.NameCache()
    found = slices.slice_of(module, module, index["filler_3"], cache)
    assert found is not None
    kept = {i for i in found}
    # the edited function, every import and the module-level code (and what that reaches)
    assert index["filler_3"] in kept and all(i in kept for i in (1, 2, 3))
    assert index["train"] in kept and index["first"] in kept and index["second"] in kept
    assert index["configure"] in kept  # called by train, and it writes CONFIG that first reads
    assert index["rebinding"] in kept  # rebinds SCALE, which shared reads: no literal leaf then
    # nothing links the other fillers
    assert not any(index[f"filler_{i}"] in kept for i in range(30) if i != 3)
    # a function the module-level code does not reach, nor any link: a slice of its own
    cache_only = slices.slice_of(module, module, index["filler_5"], cache)
    assert index["filler_3"] not in cache_only


def test_a_slice_that_is_most_of_the_module_is_refused():
    def module(functions: int) -> cst.Module:
        defs = "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(functions))
        return cst.parse_module(defs + "for f in (f0, f1, f2, f3, f4, f5):\n    f(1)\n")

    small, big = module(10), module(20)
    # the loop runs at module level: in every slice, with the six functions it calls
    assert slices.slice_of(small, small, 8, slices.NameCache()) is None  # 8 of 11 statements
    assert slices.slice_of(big, big, 8, slices.NameCache()) == [0, 1, 2, 3, 4, 5, 8, 20]  # 8 of 21


def test_an_edit_that_changes_what_a_def_binds_is_not_sliced():
    before = cst.parse_module("def f(x):\n    return x\n\ndef g(y):\n    return y\n")
    after = cst.parse_module("def f(x):\n    global y\n    return x\n\ndef g(y):\n    return y\n")
    after = before.with_changes(body=(after.body[0], before.body[1]))
    assert slices.edited_definition(before, after, 0)
    assert slices.slice_of(before, after, 0, slices.NameCache()) is None


def test_lines_move_from_the_slice_and_the_old_file():
    # statements start at lines 0, 3, 7, 10 (0-based), footer at 14; statement 1 grew by 2 lines
    lines = slices.Lines.of((0, 3, 7, 10, 14), changed=1, shift=2, indices=[1, 3], header=0)
    assert lines.old_starts == (0, 3, 5, 8, 12)
    assert lines.slice_starts == (0, 4, 8)
    assert lines.from_slice(1) == 4 and lines.from_slice(5) == 11 and lines.from_slice(9) == 15
    assert lines.moved(2) == 2 and lines.moved(4) is None and lines.moved(6) == 8
    assert lines.old_statement(6) == 2 and lines.old_statement(13) is None
    assert slices.relocate("changed at line 6 and line 2", lines.moved) == "changed at line 8 and line 2"
    assert slices.relocate("at line 4", lines.moved) is None


@pytest.mark.parametrize("code", [LINKED, generate(300)], ids=["linked", "generated"])
def test_sliced_edits_answer_what_the_whole_module_does(tmp_path, code):
    path = tmp_path / "module.py"
    path.write_text(code)
    replayed = replay(str(path), code, limit=10)
    assert replayed.mismatches == []
    assert replayed.edits == 2 * min(10, len(edits_of(code)))
    assert replayed.sliced >= replayed.edits // 2  # most edits are answered from a slice


def test_fixtures_sliced_as_far_as_they_go(tmp_path, monkeypatch):
    """The fixtures hold module-level code that links most of each module: with no bound on a
    slice's size, every edit is sliced, and the findings moved from the last lint must be exact."""
    monkeypatch.setattr(slices, "MOST", 1.01)
    edits = sliced = 0
    for fixture in sorted((ROOT / "fixtures").glob("jax_*.py"))[:6]:
        path = tmp_path / fixture.name
        code = fixture.read_text()
        path.write_text(code)
        replayed = replay(str(path), code, limit=3)
        assert replayed.mismatches == []
        edits += replayed.edits
        sliced += replayed.sliced
    assert edits >= 30 and sliced == edits


def test_an_edit_after_the_project_analysis_is_still_sliced(tmp_path):
    """Each project analysis makes its own `in_project`; one that reads the same modules says
    the same, so the edits after it are still sliced. The first analysis of a scope changes
    what the open file's last lint saw: it is named for a lint again, which prepares the next
    edit."""
    path = tmp_path / "module.py"
    code = generate(300)
    path.write_text(code)
    workspace = Workspace([str(tmp_path)])
    workspace.edit(str(path), code.encode())
    workspace.lint(str(path))
    scope = workspace.scope(str(path))
    scope.generation += 1
    assert workspace.reanalyse(scope, str(path)) == [str(path)]  # None before: lint it again
    workspace.lint(str(path))  # the lint the server then makes: whole, with what the analysis saw
    assert workspace.answered[str(path)] == "whole"
    scope.generation += 1
    assert workspace.reanalyse(scope, str(path)) == []  # the same modules: nothing to lint again
    _, edited = edits_of(code)[3]
    workspace.edit(str(path), edited.encode())
    workspace.lint(str(path))
    assert workspace.answered[str(path)] == "slice"
