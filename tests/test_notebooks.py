"""Notebooks: searched by default, linted as one module of their code cells in order, located by
cell, fixed in place with the JSON, outputs and metadata kept (checked with nbformat), and a
notebook that cannot be read is an error, never a silent pass."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from cli_run import acclint

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "example" / "notebook.ipynb"


def write(path: Path, *cells, indent: int = 1) -> Path:
    nb = new_notebook(cells=list(cells))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    saved = json.loads(nbformat.writes(nb))  # sources as lists of lines, as Jupyter saves them
    path.write_text(json.dumps(saved, indent=indent) + "\n")
    return path


def test_the_bundled_example_is_found_in_its_directory_and_located_by_cell(tmp_path):
    shutil.copy(EXAMPLE, tmp_path / "nb.ipynb")
    run = acclint("check", "--output-format", "concise", ".", cwd=tmp_path)
    assert run.returncode == 1
    located = [line.split(" ")[:2] for line in run.stdout.splitlines()[:-1]]
    # the helper in cell 6 is traced from the jitted function in cell 3
    assert located == [
        ["nb.ipynb:cell", "3:line"],
        ["nb.ipynb:cell", "3:line"],
        ["nb.ipynb:cell", "6:line"],
    ]
    assert [line.split(": ")[1].split(" ")[0] for line in run.stdout.splitlines()[:-1]] == ["ACC101", "ACC201", "ACC401"]
    assert "nb.ipynb:cell 3:line 5:5: ACC201" in run.stdout
    assert "nb.ipynb:cell 6:line 2:5: ACC401" in run.stdout


def test_json_output_carries_the_cell(tmp_path):
    shutil.copy(EXAMPLE, tmp_path / "nb.ipynb")
    data = json.loads(acclint("check", "--output-format", "json", "nb.ipynb", cwd=tmp_path).stdout)
    assert [(d["cell"], d["line"], d["code"]) for d in data] == [(3, 3, "ACC101"), (3, 5, "ACC201"), (6, 2, "ACC401")]


def test_magics_and_shell_escapes_are_skipped_safely(tmp_path):
    write(
        tmp_path / "m.ipynb",
        new_code_cell("import jax\n%load_ext autoreload\nfiles = !ls\n"),
        new_code_cell("%%bash\nif [ -f x ]; then echo; fi"),
        new_code_cell("@jax.jit\ndef f(x):\n    %time y = x\n    print(x)\n    return x\nf?"),
    )
    run = acclint("check", "--output-format", "concise", "m.ipynb", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert run.stdout.splitlines()[0].startswith("m.ipynb:cell 3:line 4:5: ACC401")


def test_a_hidden_input_changed_in_a_later_cell_is_named_by_its_cell(tmp_path):
    write(
        tmp_path / "m.ipynb",
        new_code_cell("import jax\nscale = 1.0"),
        new_code_cell("@jax.jit\ndef f(x):\n    return x * scale\nf(1.0)"),
        new_markdown_cell("Try a larger scale"),
        new_code_cell("scale = 2.0\nf(1.0)"),
    )
    run = acclint("check", "--output-format", "concise", "m.ipynb", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    first = run.stdout.splitlines()[0]
    assert first.startswith("m.ipynb:cell 2:line 3:16: ACC601"), first
    assert "rebound at cell 4, line 1" in first, first


def test_fix_rewrites_cells_in_place_and_keeps_everything_else(tmp_path):
    code = new_code_cell("import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x * 2", execution_count=3)
    code.outputs = [new_output("stream", name="stdout", text="traced\n")]
    code.metadata["tags"] = ["keep-me"]
    path = write(tmp_path / "m.ipynb", new_markdown_cell("# Title"), code, new_code_cell("!pip list\nf(1)"), indent=2)
    before = json.loads(path.read_text())
    run = acclint("fix", "m.ipynb", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    after = json.loads(path.read_text())
    nbformat.validate(nbformat.reads(path.read_text(), as_version=4))
    assert after["cells"][1]["source"] == [
        "import jax\n", "\n", "@jax.jit\n", "def f(x):\n", '    jax.debug.print("{!s}", x)\n', "    return x * 2",
    ]
    before["cells"][1]["source"] = after["cells"][1]["source"]
    assert after == before  # outputs, metadata, the magic cell and the markdown as they were
    assert path.read_text().startswith('{\n  "cells"')  # the notebook's own indentation
    unchanged = path.read_bytes()
    assert acclint("fix", "m.ipynb", cwd=tmp_path).returncode == 0
    assert path.read_bytes() == unchanged  # a second run changes nothing


@pytest.mark.parametrize("content, message", [
    ("{not json", "not a valid notebook: not JSON"),
    ('{"metadata": {}}', "not a valid notebook: no list of cells"),
    ('{"cells": [], "nbformat": 3}', "nbformat 3 notebook"),
])
def test_a_notebook_that_cannot_be_read_is_an_error(tmp_path, content, message):
    (tmp_path / "bad.ipynb").write_text(content)
    (tmp_path / "good.py").write_text("import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n")
    run = acclint("check", ".", cwd=tmp_path)
    assert run.returncode == 2
    assert f"bad.ipynb: error: {message}" in run.stderr
    assert "good.py:5:5: ACC401" in run.stdout


def test_a_syntax_error_is_named_by_cell(tmp_path):
    write(tmp_path / "m.ipynb", new_code_cell("import jax"), new_code_cell("@jax.jit\ndef f(x:\n    return x"))
    run = acclint("check", "m.ipynb", cwd=tmp_path)
    assert run.returncode == 2
    assert "m.ipynb: error:" in run.stderr and "cell 2, line" in run.stderr


def test_a_notebook_of_another_language_is_not_linted_as_python(tmp_path):
    nb = new_notebook(cells=[new_code_cell("if x > 0 { print(x) }")])
    nb.metadata["language_info"] = {"name": "julia"}
    (tmp_path / "j.ipynb").write_text(json.dumps(nb))
    run = acclint("check", "j.ipynb", cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, "All checks passed!\n")


def test_diff_shows_the_notebook_file_and_notes_name_cells(tmp_path):
    shutil.copy(EXAMPLE, tmp_path / "nb.ipynb")
    before = (tmp_path / "nb.ipynb").read_bytes()
    run = acclint("check", "--diff", "nb.ipynb", cwd=tmp_path)
    assert run.returncode == 1
    assert run.stdout.startswith("--- a/nb.ipynb\n+++ b/nb.ipynb\n")
    assert '-    "    print(\\"penalty\\", w)  # runs only while the trace is built\\n",\n' in run.stdout
    assert '+    "    jax.debug.print(\\"penalty {!s}\\", w)  # runs only while the trace is built\\n",\n' in run.stdout
    assert (tmp_path / "nb.ipynb").read_bytes() == before
