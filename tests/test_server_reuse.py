"""The language server reuses the rules' results of the statements an edit left alone
(acclint.lint.reuse); after any edit its findings must be a fresh lint's, to the message and
the fix. Random edits, one after another as keystrokes come, on generated jitted code with
module state that traces read (ACC6), classes and redefinitions, and on the fixtures."""

from __future__ import annotations

import random
import zlib
import sys
from pathlib import Path

import pytest

from acclint.server.projects import Workspace

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT / "benchmarks"))  # after tests/: benchmarks/ has modules of the same names
from gen_big_jitted import generate  # noqa: E402

EXTRA = '''

COUNTER = 0
TABLE = {"a": 1}


def bump():
    global COUNTER
    COUNTER += 1


class Runner:
    def __init__(self, lr):
        self.lr = lr
        self.step = jax.jit(self._step)

    def _step(self, x):
        return x * self.lr + COUNTER

    def decay(self):
        self.lr = self.lr / 2


@jax.jit
def reads_state(x):
    if x.sum() > TABLE["a"]:
        x = x + COUNTER
    return x * SCALE


def reads_state(x):
    return x


import itertools

SEED = 0
BATCHES = itertools.count()


@jax.jit
def draws(x):
    key = jax.random.PRNGKey(SEED)
    return x + jax.random.normal(key, x.shape) + next(BATCHES)


runner = Runner(0.1)
runner.step(1.0)
bump()
'''

# Edits of one line: (applies to the line, the lines put in its place).
EDITS = [
    (lambda line: line.startswith("    ") and not line.rstrip().endswith(":"), lambda line: [line, "    print(x)\n"]),
    (lambda line: line.startswith("    ") and not line.rstrip().endswith(":"), lambda line: [line, "    COUNTER = COUNTER + 1\n"]),
    (lambda line: line.startswith("def "), lambda line: [line, "    global SCALE\n", "    SCALE = 2.0\n"]),
    (lambda line: line.startswith("def "), lambda line: ["SCALE = 0.25\n", "\n", "\n", line]),
    (lambda line: line.startswith("def "), lambda line: ["@jax.jit\n", line]),
    (lambda line: line.startswith("def helper_"), lambda line: [line.replace("(h, w)", "(h, w, k=1)")]),
    (lambda line: "helper_" in line and not line.startswith("def"), lambda line: [line.replace("helper_", "helper_1", 1)]),
    (lambda line: line.startswith("def "), lambda line: [line.replace("def ", "def renamed_", 1)]),
    (lambda line: "bump()" in line or "runner.step" in line, lambda line: []),
    (lambda line: line.startswith("    ") and not line.rstrip().endswith(":"), lambda line: []),
    (lambda line: line.startswith("    ") and "=" in line, lambda line: [line, "    TABLE[\"a\"] = 2\n"]),
    (lambda line: line.startswith("import ") or line.startswith("from "), lambda line: []),
    (lambda line: line.startswith("SEED = 0"), lambda line: ["SEED = int(TABLE[\"a\"])\n"]),
    (lambda line: line.startswith("BATCHES ="), lambda line: ["BATCHES = [1, 2]\n"]),
    (lambda line: True, lambda line: [line, "x = (\n"]),  # a syntax error, mended by the next edit or not
]


def findings(result) -> list[tuple]:
    out = [
        (f.line, f.column, f.end_line, f.end_column, f.code, f.message,
         None if f.fix is None else (f.fix.title, f.fix.safe, f.fix.reason, f.fix.imports))
        for f in result.findings
    ]
    return [result.error.message if result.error else None, *out]


def edit_randomly(workspace: Workspace, path: Path, text: str, rounds: int, seed: int) -> int:
    """Edit `path` `rounds` times, comparing the server's findings with a fresh lint's after
    each; returns how many lints reused some statement."""
    rng = random.Random(seed)
    workspace.edit(str(path), text.encode())
    workspace.lint(str(path))
    fresh = workspace.lint_function(str(path))
    reused = 0
    for _ in range(rounds):
        lines = text.splitlines(keepends=True)
        check, change = rng.choice(EDITS)
        places = [i for i, line in enumerate(lines) if i > 2 and check(line)]
        if not places:
            continue
        at = rng.choice(places)
        text = "".join([*lines[:at], *change(lines[at]), *lines[at + 1:]])
        if "x = (\n" in text and rng.random() < 0.7:
            text = text.replace("x = (\n", "")  # mostly mended at once
        workspace.edit(str(path), text.encode())
        memory = workspace._memories.get(str(path))
        before = dict(memory._kept) if memory is not None else {}
        got = workspace.lint(str(path))
        assert findings(got) == findings(fresh(text.encode())), (seed, at, change(lines[at]))
        memory = workspace._memories.get(str(path))
        if memory is not None and any(before.get(s) is k for s, k in memory._kept.items() if k.reports):
            reused += 1
    return reused


@pytest.mark.parametrize("seed", range(4))
def test_random_edits_of_generated_code_find_what_a_fresh_lint_finds(tmp_path, seed):
    path = tmp_path / "big.py"
    text = generate(400) + EXTRA
    path.write_text(text)
    reused = edit_randomly(Workspace([str(tmp_path)]), path, text, 40, seed)
    assert reused > 10  # the reuse is exercised, not bypassed


FIXTURES = sorted(p for p in (ROOT / "fixtures").glob("*.py"))


@pytest.mark.parametrize("fixture", FIXTURES, ids=[p.name for p in FIXTURES])
def test_random_edits_of_the_fixtures_find_what_a_fresh_lint_finds(tmp_path, fixture):
    path = tmp_path / fixture.name
    text = fixture.read_text()
    path.write_text(text)
    edit_randomly(Workspace([str(tmp_path)]), path, text, 12, zlib.crc32(fixture.name.encode()))


def assert_one_edit_finds_what_a_fresh_lint_finds(tmp_path: Path, before: str, after: str) -> None:
    """Lint `before` in the server, edit it to `after`: the server finds what a fresh lint finds."""
    path = tmp_path / "m.py"
    path.write_text(before)
    workspace = Workspace([str(tmp_path)])
    workspace.edit(str(path), before.encode())
    workspace.lint(str(path))
    fresh = workspace.lint_function(str(path))
    workspace.edit(str(path), after.encode())
    assert findings(workspace.lint(str(path))) == findings(fresh(after.encode()))


COMPILED = '''import torch


@torch.compile
def step(x):
    y = x * 2
    print("step done")
    return y


def other(x):
    return x
'''


@pytest.mark.parametrize("edit", [
    ("    return x\n", "    return step(x)\n"),  # an eager caller: `step` is still compiled alone
    ("def other(x):\n", "@torch.compile\ndef other(x):\n"),  # a compiled caller, not calling it yet
    ("def other(x):\n    return x\n", "@torch.compile\ndef other(x):\n    return step(x) + 1\n"),  # its print now splits `other`'s graph
])
def test_a_new_caller_of_a_compiled_function_elsewhere_finds_what_a_fresh_lint_finds(tmp_path, edit):
    """Whether a print after a compiled function's last tensor operation splits a graph depends on
    who runs the function inside a trace (rules/graph_breaks.py), which an edit of another
    statement can change: the kept results of `step` are not reused then."""
    assert_one_edit_finds_what_a_fresh_lint_finds(tmp_path, COMPILED, COMPILED.replace(*edit))


COUNTED = '''import jax

n = 0


@jax.jit
def f(x):
    global n
    n += 1
    return x


def report():
    print("traced", n, "times")
'''


@pytest.mark.parametrize("edit", [
    ('"traced", n, "times"', '"calls:", n'),  # a print that no longer says it counts traces
    ('print("traced", n, "times")', "return n * 2"),  # a use of the count
    ("def report():", "def report(n=n):"),  # a parameter of the same name: no read of the count
])
def test_an_edit_of_a_trace_counters_check_elsewhere_finds_what_a_fresh_lint_finds(tmp_path, edit):
    """Whether `n += 1` is a trace counter depends on every use of `n` in the module
    (rules/trace_counters.py), which an edit of another statement can change."""
    assert_one_edit_finds_what_a_fresh_lint_finds(tmp_path, COUNTED, COUNTED.replace(*edit))
