"""No valid file is refused: a value rebuilt from its own parts is analysed, not recursed into.

`state = State(state.params - g, state.step + 1)` makes the kind of `state.params` depend on
itself; the analysis once followed that dependency without end and refused the whole file
("nested too deeply to analyse"). Here every combination of a record kind (typing and
collections named tuples, dataclasses, dicts, plain tuples), a way of rebinding it (a field
read, a swap of two fields, two names feeding each other, a helper that rebuilds it,
`_replace`) and a place (the traced body itself, a Python loop in it, a `fori_loop` or `scan`
body, under `vmap`) is linted: none may be refused or leave a function unanalysed, and the
`print` each one holds must still be found, which shows the function was analysed.

A function whose analysis cannot finish all the same is left out alone, with a note: the
last tests force that and check the rest of the file is linted.
"""

from __future__ import annotations

import itertools

import pytest

from acclint.analysis import contexts
from acclint.api import lint_text
from acclint.lint import engine

# How a record class is declared, and how `Rec(a, b)` is spelled for it.
RECORDS = {
    "typing_namedtuple": ("from typing import NamedTuple\n\nclass Rec(NamedTuple):\n    a: jax.Array\n    b: jax.Array\n", "Rec({a}, {b})", "{v}.a", "{v}.b"),
    "collections_namedtuple": ("import collections\n\nRec = collections.namedtuple('Rec', 'a b')\n", "Rec({a}, {b})", "{v}.a", "{v}.b"),
    "functional_namedtuple": ("from typing import NamedTuple\n\nRec = NamedTuple('Rec', [('a', jax.Array), ('b', jax.Array)])\n", "Rec(a={a}, b={b})", "{v}.a", "{v}.b"),
    "dataclass": ("import dataclasses\n\n@dataclasses.dataclass\nclass Rec:\n    a: jax.Array\n    b: jax.Array\n", "Rec({a}, {b})", "{v}.a", "{v}.b"),
    "dict": ("", "{{'a': {a}, 'b': {b}}}", "{v}['a']", "{v}['b']"),
    "tuple": ("", "({a}, {b})", "{v}[0]", "{v}[1]"),
}

# Statements that rebind `s` (and `t`) from their own parts; `{rec}` builds a record, `{a}`/`{b}`
# read a field of the name given.
REBINDINGS = {
    "own_fields": ["s = {rec(a(s) + x, b(s) * 2)}"],
    "swap": ["s = {rec(b(s), a(s))}"],
    "two_names": ["t = {rec(a(s) - 1, b(s))}", "s = {rec(b(t), a(t) + x)}"],
    "helper": ["s = rebuild(s, x)"],
    "replace": ["s = s._replace(a=a(s) + x) if hasattr(s, '_replace') else {rec(a(s) + x, b(s))}"],
    "nested": ["s = {rec(a(s) + a(s) * b(s), b(s) - a(s) / b(s))}", "s = {rec(a(s), b(s))}"],
}

PLACES = ["body", "python_loop", "fori_loop", "scan", "vmap"]


def _program(record: str, rebinding: str, place: str) -> str:
    declaration, build, read_a, read_b = RECORDS[record]

    def expand(template: str) -> str:
        # `{rec(A, B)}` and `a(N)` / `b(N)` in the rebinding templates, spelled for this record
        import re

        text = re.sub(r"\ba\((\w+)\)", lambda m: read_a.format(v=m.group(1)), template)
        text = re.sub(r"\bb\((\w+)\)", lambda m: read_b.format(v=m.group(1)), text)

        def record_of(match: re.Match) -> str:
            inner = match.group(1)
            depth, cut = 0, None
            for i, ch in enumerate(inner):  # the top-level comma between the two fields
                depth += ch in "([{"
                depth -= ch in ")]}"
                if ch == "," and depth == 0:
                    cut = i
                    break
            return build.format(a=inner[:cut].strip(), b=inner[cut + 1:].strip())

        return re.sub(r"\{rec\((.*)\)\}", record_of, text)

    rebind = [expand(line) for line in REBINDINGS[rebinding]]
    helper = f"def rebuild(s, x):\n    return {expand('{rec(a(s) + x, b(s))}')}\n\n\n"
    init = expand("{rec(x, x * 0)}")
    out = [f"import jax\nimport jax.numpy as jnp\n{declaration}\n\n{helper}"]
    if place == "body":
        body = ["s = " + init, *rebind]
        out.append("@jax.jit\ndef f(x):\n" + "".join(f"    {line}\n" for line in body))
        out.append(f"    print('step', {read_b.format(v='s')})\n    return s\n")
    elif place == "python_loop":
        out.append("@jax.jit\ndef f(x):\n    s = " + init + "\n    for _ in range(3):\n")
        out.append("".join(f"        {line}\n" for line in rebind))
        out.append(f"        print('step', {read_b.format(v='s')})\n    return s\n")
    elif place in ("fori_loop", "scan"):
        out.append("def body(i, s):\n    x = jnp.float32(i)\n" + "".join(f"    {line}\n" for line in rebind))
        out.append(f"    print('step', {read_b.format(v='s')})\n    return s\n\n\n")
        if place == "fori_loop":
            out.append("@jax.jit\ndef f(x):\n    return jax.lax.fori_loop(0, 3, body, " + init + ")\n")
        else:
            out.append("@jax.jit\ndef f(x):\n    return jax.lax.scan(lambda s, i: (body(i, s), None), " + init + ", jnp.arange(3))\n")
    else:
        out.append("def g(x):\n    s = " + init + "\n" + "".join(f"    {line}\n" for line in rebind))
        out.append(f"    print('step', {read_b.format(v='s')})\n    return s\n\n\nf = jax.jit(jax.vmap(g))\n")
    return "".join(out)


CASES = list(itertools.product(RECORDS, REBINDINGS, PLACES))


@pytest.mark.parametrize("record,rebinding,place", CASES, ids=["-".join(c) for c in CASES])
def test_rebinding_cycle_is_analysed(record, rebinding, place):
    source = _program(record, rebinding, place)
    compile(source, "<generated>", "exec")  # the case itself is valid Python
    result = lint_text(source, "cycle.py")
    assert result.error is None, f"{result.error}\n{source}"
    assert result.notes == [], source
    assert "ACC401" in {f.code for f in result.findings}, source


def test_the_reported_train_state():
    """The issue's own example: a NamedTuple rebound from its own fields, then printed."""
    source = (
        "from typing import NamedTuple\nimport jax\n\n"
        "class TrainState(NamedTuple):\n    params: jax.Array\n    step: jax.Array\n\n"
        "@jax.jit\ndef update(state, grads):\n"
        "    state = TrainState(state.params - 0.1 * grads, state.step + 1)\n"
        "    print('step', state.step)\n    return state\n"
    )
    result = lint_text(source, "train.py")
    assert result.error is None and result.notes == []
    assert [(f.code, f.line) for f in result.findings] == [("ACC401", 11)]


def test_a_field_read_through_a_cycle_keeps_its_kind():
    """The fixed point is the join over every assignment: a field that one rebinding fills with
    a traced value is traced wherever it is read, even through the cycle."""
    source = (
        "from typing import NamedTuple\nimport jax\n\n"
        "class S(NamedTuple):\n    a: object\n    b: object\n\n"
        "@jax.jit\ndef f(x):\n"
        "    s = S(0, 1)\n"
        "    for _ in range(2):\n"
        "        s = S(s.b, s.a + x)\n"  # `a` gets `b`'s old value, `b` a tracer: both traced
        "    if s.a > 0:\n        return x\n    return -x\n"
    )
    result = lint_text(source, "join.py")
    assert result.error is None and result.notes == []
    assert [(f.code, f.line) for f in result.findings] == [("ACC201", 13)]


SECOND = (
    "import jax\n\n"
    "@jax.jit\ndef bad(x):\n    print(x)\n    return x\n\n"
    "@jax.jit\ndef good(x):\n    print(x)\n    return x\n"
)


@pytest.fixture
def bad_cannot_be_analysed(monkeypatch):
    """The analysis of the function named `bad` runs out of recursion."""
    analyse = contexts.ContextAnalysis._analyse

    def failing(self, fn):
        if fn.name == "bad":
            raise RecursionError("forced")
        return analyse(self, fn)

    monkeypatch.setattr(contexts.ContextAnalysis, "_analyse", failing)


def test_an_analysis_that_cannot_finish_leaves_out_one_function(bad_cannot_be_analysed):
    result = lint_text(SECOND, "two.py")
    assert result.error is None
    assert [(f.code, f.line) for f in result.findings] == [("ACC401", 10)]
    assert result.notes == [(4, "function 'bad' is not analysed: its values are nested too deeply to follow; acclint reports nothing in it")]


def test_rules_that_cannot_finish_leave_out_one_function(monkeypatch):
    traverse = engine._traverse

    def failing(fn, ctx, dispatch):
        traverse(fn, ctx, dispatch)  # its findings are reported, then dropped with the function
        if fn.name == "bad":
            raise RecursionError("forced")

    monkeypatch.setattr(engine, "_traverse", failing)
    result = lint_text(SECOND, "two.py")
    assert result.error is None
    assert [(f.code, f.line) for f in result.findings] == [("ACC401", 10)]
    assert [(line, note.split(":")[0]) for line, note in result.notes] == [(4, "function 'bad' is not analysed")]


def test_the_command_line_warns_and_lints_the_rest(bad_cannot_be_analysed, tmp_path):
    """The CLI names the function left out on stderr, with its line, and still exits as the
    findings of the rest of the file say (1), also when the result comes from the cache."""
    from cli_run import acclint

    (tmp_path / "two.py").write_text(SECOND)
    for _ in range(2):  # the second run reads the cache
        done = acclint("check", "--jobs", "1", "two.py", cwd=tmp_path)
        assert done.returncode == 1
        assert "two.py:10:5: ACC401" in done.stdout
        assert "two.py:4: warning: function 'bad' is not analysed" in done.stderr


def test_flake8_names_the_function_left_out(bad_cannot_be_analysed, tmp_path):
    """flake8 has no warnings besides findings: the function left out is an ACC000 on its
    `def` line (the code a file acclint cannot analyse gets), the rest is linted."""
    from acclint.flake8_plugin import AcclintChecker

    checker = AcclintChecker(None, SECOND.splitlines(keepends=True), str(tmp_path / "two.py"))
    reported = [(line, column, text.split(" ", 1)[0]) for line, column, text, _ in checker.run()]
    assert reported == [(10, 4, "ACC401"), (4, 0, "ACC000")]
    assert "function 'bad' is not analysed" in next(text for _, _, text, _ in checker.run() if text.startswith("ACC000"))


def test_the_server_warns_on_the_function_left_out():
    """The language server's diagnostic for a note: a warning spanning the `def` line."""
    pytest.importorskip("lsprotocol", reason="the server's types come with the server extra (pip install -e '.[test]')")
    from lsprotocol import types
    from pygls.workspace.position_codec import PositionCodec

    from acclint.server.protocol import note_diagnostic

    lines = SECOND.splitlines(keepends=True)
    found = note_diagnostic(4, "function 'bad' is not analysed: forced", lines, PositionCodec(types.PositionEncodingKind.Utf16))
    assert (found.code, found.severity) == ("ACC000", types.DiagnosticSeverity.Warning)
    assert (found.range.start.line, found.range.start.character) == (3, 0)
    assert (found.range.end.line, found.range.end.character) == (3, len("def bad(x):"))
    assert found.message == "function 'bad' is not analysed: forced"


def test_the_machine_formats_carry_the_function_left_out(bad_cannot_be_analysed, tmp_path, monkeypatch, capsys):
    """JSON, SARIF and GitHub output name the function left out where each format puts what
    is not a finding (the run still exits as the findings say): a JSON element of code ACC000
    with `level` "warning", a SARIF warning notification on the `def` line (the run counted
    successful), a GitHub `::notice`."""
    import json
    from pathlib import Path

    import jsonschema

    from acclint.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "two.py").write_text(SECOND)

    def check(fmt: str) -> str:
        assert main(["check", "--no-cache", "--jobs", "1", "--format", fmt, "two.py"]) == 1
        return capsys.readouterr().out

    rows = json.loads(check("json"))
    assert [(r["code"], r["line"], r.get("level")) for r in rows] == [("ACC000", 4, "warning"), ("ACC401", 10, None)]
    assert rows[0]["message"].startswith("function 'bad' is not analysed") and rows[0]["fix"] is None
    assert [json.loads(line) for line in check("json-lines").splitlines()] == rows

    log = json.loads(check("sarif"))
    schema = Path(__file__).resolve().parent / "data" / "sarif-schema-2.1.0.json"
    jsonschema.Draft4Validator(json.loads(schema.read_text())).validate(log)
    [invocation] = log["runs"][0]["invocations"]
    [note] = invocation["toolExecutionNotifications"]
    assert invocation["executionSuccessful"] is True
    assert (note["level"], note["descriptor"]["id"]) == ("warning", "ACC000")
    assert note["locations"][0]["physicalLocation"]["region"] == {"startLine": 4}
    assert note["message"]["text"].startswith("function 'bad' is not analysed")
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["ACC401"]

    lines = check("github").splitlines()
    assert lines[0].startswith("::error file=two.py,line=10,")
    assert lines[1].startswith("::notice file=two.py,line=4,title=acclint::function 'bad' is not analysed")
    assert len(lines) == 2
