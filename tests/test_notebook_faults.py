"""No file lost to another's fault (issue 25): a malformed notebook is reported with its path,
cell and reason while every other file is linted; a cell is read as IPython runs it (dedented,
automagic, `%`/`!` lines at statement starts only); a cell that is still no Python is reported
and the others are linted; a bug in acclint exits 2 with a message, whatever --exit-zero says."""

from __future__ import annotations

import json

import pytest

from acclint.files import ipython
from acclint.files.notebooks import read_notebook
from cli_run import acclint

JITTED = "import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n"
GOOD_PY = ("good.py:5:5", "ACC401")


def notebook(*sources, **top) -> str:
    cells = [{"cell_type": "code", "source": s, "metadata": {}, "outputs": [], "execution_count": None} for s in sources]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 4, **top})


MALFORMED = {
    "source_number.ipynb": (notebook(["x = 1\n", 3]), "cell 1: source holds 3, not a line of text"),
    "nbformat_text.ipynb": (notebook(JITTED, nbformat="4"), 'nbformat is "4", not a number'),
    "metadata_text.ipynb": (notebook(JITTED, metadata="python"), "metadata is str, not an object"),
    "kernelspec_text.ipynb": (notebook(JITTED, metadata={"kernelspec": "python3"}), "metadata.kernelspec is str"),
    "deep.ipynb": ("[" * 100_000 + "]" * 100_000, "its JSON is nested too deeply to read"),
    "cell_number.ipynb": (json.dumps({"cells": [1], "nbformat": 4}), "cell 1 is not an object"),
}


def test_malformed_notebooks_are_reported_and_the_rest_is_linted(tmp_path):
    for name, (text, _) in MALFORMED.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "good.py").write_text(JITTED)
    (tmp_path / "fine.ipynb").write_text(notebook(JITTED))
    run = acclint("check", "--output-format", "concise", "--exit-zero", ".", cwd=tmp_path)
    assert run.returncode == 2  # files could not be linted: an error, whatever --exit-zero says
    assert "good.py:5:5: ACC401" in run.stdout and "fine.ipynb:cell 1:line 5:5: ACC401" in run.stdout
    for name, (_, reason) in MALFORMED.items():
        assert f"{name}: error: not a valid notebook: {reason}" in run.stderr, name


def lines_of(cell: str) -> set[int]:
    lines = cell.split("\n")
    margin = ipython.leading_indent(lines)
    return ipython.ipython_lines([line[len(margin):] for line in lines])


@pytest.mark.parametrize("cell, expected", [
    ("%time f(x)\ny = 1", {0}),
    ("!pip install jax\nfiles = !ls\nenv = %env\nf?\n?f\nf??", {0, 1, 2, 3, 4, 5}),
    ("cd ..\npip install -U jax\nls *.py\nimport jax", {0, 1, 2}),
    ("ls -la", set()),  # Python too (ls minus la): IPython decides by its namespace, acclint keeps the code
    ("!ls \\\n  -la\nx = 1", {0, 1}),
    # `%` and `!`/`?`-like text inside brackets, strings and after a backslash are Python
    ("y = (a\n     % b)\nz = [1,\n     %2]", set()),
    ("s = '''\n%not a magic\n!nor this\n'''\nt = 1 + \\\n    2", set()),
    ("x = 1  # why?\nprint(x)", set()),
    # names of magics used as Python stay Python
    ("time = 3\ncd = time\nrun(x)\nls = [1]\nenv.get('A')\npwd", set()),
    ("%%time\nx = 1\ny = 2", {0, 1, 2}),
])
def test_ipython_lines_as_ipython_reads_them(cell, expected, monkeypatch):
    assert lines_of(cell) == expected
    monkeypatch.setattr(ipython, "_ipython_lines", lambda lines: None)  # the rules acclint applies without IPython
    assert lines_of(cell) == expected


def test_ipython_own_transformer_agrees_where_installed():
    pytest.importorskip("IPython", reason="IPython is optional; the rules above stand in for it")
    from IPython.core.inputtransformer2 import TransformerManager

    manager = TransformerManager()
    for cell in ("cd ..\nx = 1", "y = (a\n     % b)", "!ls \\\n  -la\nx = 1", "    x = 1\n    %time f(x)"):
        assert ipython._ipython_lines(tuple(cell.split("\n"))) is not None
        manager.transform_cell(cell)  # IPython runs it: so must acclint read it


INDENTED = "    import jax\n\n    @jax.jit\n    def f(x):\n        print(x + 1)\n        return x\n"  # x + 1: an array for sure, so the print fix is safe


def test_cells_are_linted_as_ipython_runs_them(tmp_path):
    cells = [
        INDENTED,  # every line indented: IPython dedents it
        "cd /tmp\npip install jax\n%matplotlib inline\n!nvidia-smi",
        "@jax.jit\ndef g(x):\n    y = (x\n         % 2)\n    print(y)\n    return y",
        "def broken(:\n    pass",  # not Python even for IPython: reported, the others linted
        "@jax.jit\ndef h(x):\n    print(x)\n    return x",
        # IPython lines inside blocks and their continuations stay valid Python as placeholders
        "%%time\nfor i in range(3):\n    y = i",
        "for i in range(3):\n    !echo {i} \\\n        more\n    %time g(i)\n",
    ]
    (tmp_path / "nb.ipynb").write_text(notebook(*cells))
    run = acclint("check", "--output-format", "concise", "nb.ipynb", cwd=tmp_path)
    assert run.returncode == 2
    found = [line.split(": ")[0:2] for line in run.stdout.splitlines()[:-1]]
    # the indented cell's finding at its column as written (9), not as dedented (5)
    assert found == [
        ["nb.ipynb:cell 1:line 5:9", "ACC401 'print' in a cached trace runs only when a trace is built, not on cached calls; use jax.debug.print"],
        ["nb.ipynb:cell 3:line 5:5", "ACC401 'print' in a cached trace runs only when a trace is built, not on cached calls; use jax.debug.print"],
        ["nb.ipynb:cell 5:line 3:5", "ACC401 'print' in a cached trace runs only when a trace is built, not on cached calls; use jax.debug.print"],
    ]
    assert "nb.ipynb: error: cell 4, line 1: invalid syntax" in run.stderr
    assert run.stderr.count("not Python as IPython runs it (the other cells were linted)") == 1


def test_a_fix_in_an_indented_cell_keeps_its_indent(tmp_path):
    path = tmp_path / "nb.ipynb"
    path.write_text(notebook(INDENTED, "cd /tmp\nx = 1"))
    assert acclint("fix", "nb.ipynb", cwd=tmp_path).returncode == 0
    cells = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in json.loads(path.read_text())["cells"]]
    assert "\n        jax.debug.print(" in cells[0] and "print(x + 1)\n" not in cells[0].replace("debug.print", "")
    assert all(line.startswith("    ") for line in cells[0].split("\n") if line.strip())
    assert cells[1] == "cd /tmp\nx = 1"


def test_a_bug_on_one_file_is_that_file_s_error_and_exits_2(tmp_path, monkeypatch):
    (tmp_path / "good.py").write_text(JITTED)
    (tmp_path / "bad.py").write_text(JITTED)
    from acclint.run import plan

    real = plan.lint_file

    def buggy(path, *args, **kwargs):
        if path.endswith("bad.py"):
            raise KeyError("a bug")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(plan, "lint_file", buggy)
    run = acclint("check", "--output-format", "concise", "--exit-zero", "--no-cache", "-j", "1", ".", cwd=tmp_path)
    assert run.returncode == 2
    assert "good.py:5:5: ACC401" in run.stdout
    assert "bad.py: error: internal error, a bug in acclint (KeyError: 'a bug' at " in run.stderr


def test_a_bug_anywhere_else_exits_2_with_a_message(tmp_path, monkeypatch):
    (tmp_path / "good.py").write_text(JITTED)

    def crash(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("acclint.api.run", crash)
    run = acclint("check", "--exit-zero", ".", cwd=tmp_path)
    assert run.returncode == 2
    assert "RuntimeError: a bug" in run.stderr and "acclint: error: internal error" in run.stderr


def test_reading_a_notebook_never_raises_anything_but_refused():
    for text, _ in MALFORMED.values():
        with pytest.raises(Exception) as caught:
            read_notebook(text.encode())
        assert type(caught.value).__name__ == "Refused"
